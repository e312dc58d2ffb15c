#!/usr/bin/env python3
# Usage: scripts/experiments/corpus-recovery.py CORPUS REPORTS  (after: decant run CORPUS --out REPORTS)
# Measuring instrument: how many true vintages and prices `decant run` recovers per job (multiset overlap).
import json, glob, collections, sys, os
corpus, out = sys.argv[1], sys.argv[2]
rows = []
for entries_path in sorted(glob.glob(f"{out}/**/entries.json", recursive=True)):
    job = json.load(open(entries_path))['job']
    found = collections.defaultdict(list)
    for e in json.load(open(entries_path))['entries']: found[e['image']].append(e)
    tv = fv = hv = tp = fp = hp = te = fe = 0
    for gt_path in sorted(glob.glob(f"{corpus}/{job}/*.gt.json")):
        image = os.path.basename(gt_path)[:-8] + '.jpg'
        gt = json.load(open(gt_path)); recs = found[image]
        if gt['kind'] == 'winelist':
            tvs = collections.Counter(x['vintage'] for x in gt['entries'] if x.get('vintage'))
            tps = collections.Counter(p['amount'] for x in gt['entries'] for p in x['prices'])
            te += len(gt['entries'])
        else:
            tvs = collections.Counter()
            tps = collections.Counter(i['amount'] for i in gt['receipt']['items'])
            te += len(gt['receipt']['items'])
        fvs = collections.Counter(r['vintage'] for r in recs if r.get('vintage'))
        fps = collections.Counter(p.get('amount') for r in recs for p in r['prices'])
        fe += len(recs)
        tv += sum(tvs.values()); fv += sum(fvs.values()); hv += sum((tvs & fvs).values())
        tp += sum(tps.values()); fp += sum(fps.values()); hp += sum((tps & fps).values())
    pct = lambda a, b: f"{100*a/b:.0f} %" if b else "–"
    rows.append(f"| {job} | {te} | {fe} | {pct(hv, tv)} | {pct(hp, tp)} | {pct(hp, fp)} |")
print("| job | true entries/items | found | vintages recovered | prices recovered | found prices that are true |")
print("|---|---|---|---|---|---|")
print("\n".join(rows))
