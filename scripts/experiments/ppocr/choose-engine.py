"""Measures what a per-page choice between Tesseract (Decant's pipeline) and PP-OCR would give,
from ppocr-bench JSON files: each engine alone, the per-page best (the ceiling), and simple rules
on the engines' mean word confidences. A measuring instrument, not part of Decant.

usage: choose-engine.py inv3d RAW.json [TESS-FLAT.json ...]   (rows merged by photo name)
       choose-engine.py sroie SROIE.json [DECANT-SROIE-TEXT.json ...]
A file ending in .log is read as the --details lines of a run (so a run still going can be read).
"""
import json
import sys
from statistics import mean


def parse_log(path):
    """--details lines: NAME [CLASS LIGHT] (READING F1 conf C CPUs |)*"""
    rows = []
    for line in open(path):
        if not line[:1].isdigit() or "|" not in line and " conf " not in line:
            continue
        parts = [p.split() for p in line.strip().split(" | ")]
        head = parts[0]
        if len(head) >= 7 and head[1].isalpha() and head[2].isalpha():
            name = f"{head[0]}/warped_document_{head[1]}_{head[2]}"
            groups = {"class": head[1], "lighting": head[2]}
            parts[0] = head[3:]
        else:
            name, groups = head[0], {"set": "sroie"}
            parts[0] = head[1:]
        readings = {}
        for p in parts:
            if len(p) < 5 or p[2] != "conf":
                continue
            readings[p[0]] = {"f1": float(p[1]), "confidence": None if p[3] == "–" else float(p[3]),
                              "cpuSeconds": float(p[4].rstrip("s"))}
        rows.append({"name": name, "groups": groups, "readings": readings})
    return rows


def load(paths):
    rows = {}
    for path in paths:
        for row in (parse_log(path) if path.endswith(".log") else json.load(open(path))):
            if "decantF1" in row:   # a `decant bench … --json` file: Decant's own F1 per image
                row = {"name": row["name"], "groups": row["groups"], "readings": {"decant": {"f1": row["decantF1"]}}}
            merged = rows.setdefault(row["name"], {"groups": row["groups"], "readings": {}})
            merged["readings"].update(row["readings"])
    return rows


def by_group(rows, reading, key):
    groups = {}
    for r in rows.values():
        if reading in r["readings"] and key in r["groups"]:
            groups.setdefault(r["groups"][key], []).append(r["readings"][reading])
    for g, rs in sorted(groups.items()):
        cpu = [x["cpuSeconds"] for x in rs if x.get("cpuSeconds")]
        print(f"    {g:13s} {len(rs):3d} images  F1 {mean(x['f1'] for x in rs):.3f}"
              + (f"  CPU {mean(cpu):.2f} s" if cpu else ""))


def report(rows, ppocr, other, other_conf_key):
    both = {n: r for n, r in rows.items() if ppocr in r["readings"] and other in r["readings"]}
    if not both:
        print("no image has both readings")
        return
    pp = {n: r["readings"][ppocr] for n, r in both.items()}
    ot = {n: r["readings"][other] for n, r in both.items()}
    conf = {n: r["readings"].get(other_conf_key, {}).get("confidence") for n, r in both.items()}
    print(f"{len(both)} images with both readings")
    print(f"  {other} alone: {mean(o['f1'] for o in ot.values()):.3f}")
    print(f"  {ppocr} alone: {mean(p['f1'] for p in pp.values()):.3f}")
    print(f"  best of the two per image (ceiling): {mean(max(pp[n]['f1'], ot[n]['f1']) for n in both):.3f}")
    print(f"  {ppocr} better on {sum(pp[n]['f1'] > ot[n]['f1'] for n in both)} of {len(both)}")
    print(f"  rule: {ppocr} when its mean confidence ≥ t, else {other}")
    for t in (80, 85, 90, 92, 94, 96):
        f = [pp[n]["f1"] if (pp[n]["confidence"] or 0) >= t else ot[n]["f1"] for n in both]
        print(f"    t={t}: {mean(f):.3f} ({sum((pp[n]['confidence'] or 0) >= t for n in both)} images to {ppocr})")
    known = [n for n in both if conf[n] is not None]
    if known:
        print(f"  on the {len(known)} images with Tesseract's confidence ({other_conf_key}): {other} alone "
              f"{mean(ot[n]['f1'] for n in known):.3f}, {ppocr} alone {mean(pp[n]['f1'] for n in known):.3f}, "
              f"ceiling {mean(max(pp[n]['f1'], ot[n]['f1']) for n in known):.3f}")
        print(f"  rule: {ppocr} when Tesseract's mean confidence < t, else {other}")
        for t in (60, 65, 70, 75, 80, 85):
            f = [pp[n]["f1"] if conf[n] < t else ot[n]["f1"] for n in known]
            print(f"    t={t}: {mean(f):.3f} ({sum(conf[n] < t for n in known)} images to {ppocr})")


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] not in ("inv3d", "sroie"):
        raise SystemExit(__doc__)
    rows = load(sys.argv[2:])
    if sys.argv[1] == "inv3d":
        for reading in ("ppocr-raw", "ppocr-flat", "decant", "tess-flat"):
            if any(reading in r["readings"] for r in rows.values()):
                print(reading)
                by_group(rows, reading, "class")
                by_group(rows, reading, "lighting")
        report(rows, "ppocr-raw", "decant", "tess-flat")
    else:
        keys = {k for r in rows.values() for k in r["readings"]}
        ppocr = next(k for k in ("ppocr-gap-0.4", "ppocr") if k in keys)
        for other in ("decant", "tesseract"):
            if other in keys:
                print(f"{ppocr} against {other}")
                report(rows, ppocr, other, "tesseract")
