#!/usr/bin/env bash
# Throughput, per-stage time and peak memory of `decant run` next to raw `tesseract`, on the same
# images in one sitting (release build). For each set:
#   (a) raw tesseract CLI, two single-threaded processes in parallel (xargs -P 2, one process per
#       image, OMP_THREAD_LIMIT=1, default settings: `tesseract IMG OUTBASE`, psm 3, eng);
#   (b) `decant run --jobs 2` (worker processes, full pipeline, HTML report and history included).
# Prints images/s of each, the ratio, Decant's per-stage breakdown from pages.json, the peak RSS of
# each worker (and of each tesseract process), RSS of the workers sampled every tenth of the run,
# the accuracy Decant measured in that same run (OUT/metrics.json), and raw tesseract's word-bag F1
# on the same images against the same truth (how much each side reads, next to how fast).
#
#   scripts/bench/bench-throughput.sh [sroie] [corpus]          default: both
#
# Environment:
#   SROIE   SROIE folder (default ../shared/data/sroie; images in img/, truth found beside them)
#   CORPUS  generated benchmark corpus (default Reports/bench-corpus; made by
#           scripts/bench/make-bench-corpus.sh when missing)
#   LIMIT   only the first LIMIT images of each set (quick tries; the figures want the full sets)
#   WORKERS parallel processes for both sides (default 2)
#   DECANT_ARGS  extra `decant run` arguments (e.g. "--receipt-readings 1")
#   KEEP    folder to keep outputs in (default: a temporary folder, removed)
#   DECANT  a decant binary to use as is, skipping the build
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
SETS=("$@"); [ ${#SETS[@]} -gt 0 ] || SETS=(sroie corpus)
SROIE=${SROIE:-../shared/data/sroie}
CORPUS=${CORPUS:-Reports/bench-corpus}
WORKERS=${WORKERS:-2}
LIMIT=${LIMIT:-}
read -r -a EXTRA <<< "${DECANT_ARGS:-}"
export OMP_THREAD_LIMIT=1

if [ -z "${DECANT:-}" ]; then
    swift build -c release --product decant >&2
    DECANT=$ROOT/.build/release/decant
fi
command -v tesseract >/dev/null || { echo "tesseract CLI not found (apt-get install tesseract-ocr)" >&2; exit 69; }
WORK=${KEEP:-$(mktemp -d /tmp/decant-bench-XXXXXX)}
mkdir -p "$WORK"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT

echo "# decant bench-throughput — $(date -u +%Y-%m-%dT%H:%MZ), $(getconf _NPROCESSORS_ONLN) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $(tesseract --version 2>&1 | head -1), decant $("$DECANT" --version), workers $WORKERS, extra: ${EXTRA[*]:-none}"

bench_set() {
    local name=$1 inbox=$2 sub=$3; shift 3
    local dir="$WORK/$name"
    rm -rf "$dir"; mkdir -p "$dir/raw" "$dir/inbox"
    # The same images for both sides; the inbox keeps the set's folder layout (jobs) and sidecars.
    local list="$dir/images.txt"
    (cd "$inbox" && find "./$sub" -type f \( -name '*.jpg' -o -name '*.jpeg' -o -name '*.png' \) \
        ! -name '*.depth.png' ! -name '*.flat.png' | sed 's|^\./||' | sort) > "$list"
    if [ -n "$LIMIT" ]; then head -n "$LIMIT" "$list" > "$list.tmp"; mv "$list.tmp" "$list"; fi
    local n status=0; n=$(wc -l < "$list")
    while read -r rel; do
        local base="${rel%.*}" d; d=$(dirname "$rel"); mkdir -p "$dir/inbox/$d"
        for f in "$inbox/$rel" "$inbox/$base".{depth.png,camera.json,gt.json,gt.txt}; do
            [ -e "$f" ] && ln -s "$(readlink -f "$f")" "$dir/inbox/$d/"
        done
        # SROIE: the truth sits in ../box and ../key beside img/.
        if [ "$name" = sroie ]; then
            mkdir -p "$dir/inbox/box" "$dir/inbox/key"
            ln -sf "$(readlink -f "$SROIE/box/$(basename "$base").csv")" "$dir/inbox/box/" 2>/dev/null || true
            ln -sf "$(readlink -f "$SROIE/key/$(basename "$base").json")" "$dir/inbox/key/" 2>/dev/null || true
        fi
    done < "$list"

    echo; echo "## $name: $n images ($inbox/$sub)"
    # (a) raw tesseract: one process per image, WORKERS at a time, each single-threaded.
    local start end
    start=$(date +%s.%N)
    tr '\n' '\0' < "$list" | (cd "$dir/inbox" && xargs -0 -P "$WORKERS" -I{} sh -c \
        '/usr/bin/time -f "%M %e %U %S" -a -o "$0/raw/time.log" tesseract "$1" "$0/raw/$(echo "$1" | tr / _)" >/dev/null 2>&1' "$dir" {})
    end=$(date +%s.%N)
    echo "$start $end" > "$dir/raw/wall.txt"

    # (b) decant run --jobs WORKERS over the same images (a fresh output folder: nothing cached).
    MONITOR_TOTAL=$n python3 "$ROOT/scripts/bench/throughput-monitor.py" "$dir/decant.json" -- \
        "$DECANT" run "$dir/inbox/$sub" --out "$dir/out" --jobs "$WORKERS" \
        --log-format json "$@" ${EXTRA[@]+"${EXTRA[@]}"} > /dev/null || status=$?
    # 2: finished with some images failed (counted below); anything else is not a measurement.
    if [ "${status:-0}" -ne 0 ] && [ "${status:-0}" -ne 2 ]; then echo "decant run failed (exit $status)" >&2; exit 1; fi

    python3 - "$dir" "$n" "$*" <<'PY'
import json, os, sys, glob, statistics
d, n, args = sys.argv[1], int(sys.argv[2]), sys.argv[3]
start, end = map(float, open(f"{d}/raw/wall.txt").read().split())
raw_wall = end - start
rows = [l.split() for l in open(f"{d}/raw/time.log") if l.strip() and l.split()[0].isdigit()]
raw_rss = [int(r[0]) / 1024 for r in rows]
raw_cpu = sum(float(r[2]) + float(r[3]) for r in rows)
m = json.load(open(f"{d}/decant.json"))
dec_wall = m["wallSeconds"]
raw_rate, dec_rate = n / raw_wall, n / dec_wall
print(f"raw tesseract  : {n} images in {raw_wall:7.1f} s = {raw_rate:5.2f} images/s   CPU {raw_cpu:7.1f} s ({raw_cpu/n:.2f} s/image)   peak RSS per process max {max(raw_rss):.0f} MiB, median {statistics.median(raw_rss):.0f} MiB")
print(f"decant run     : {n} images in {dec_wall:7.1f} s = {dec_rate:5.2f} images/s   CPU {m['cpuSeconds']:7.1f} s ({m['cpuSeconds']/n:.2f} s/image)   exit {m['exit']}  ({args or 'defaults'})")
print(f"ratio decant/raw: {dec_rate / raw_rate:.2f}x (images/s)   CPU ratio raw/decant: {raw_cpu / m['cpuSeconds']:.2f}x")
peaks = m["peakRSSMiBByProcess"]
print(f"decant peak RSS: workers {peaks.get('worker')} MiB, parent {peaks.get('parent')} MiB")
for s in m["rssByProgress"]:
    print(f"   after {s['images']:4d} images: worker RSS now {s['workerRSSMiB']} MiB")
# Per-stage time from pages.json (sum over pages; receipts' second OCR reading is inside 'entries').
stages = ["load", "flatten", "ocr", "entries", "match", "preview", "total"]
sums = dict.fromkeys(stages, 0.0); pages = 0; failed = 0; readings = 0; kinds = {}
for path in glob.glob(f"{d}/out/**/pages.json", recursive=True):
    for p in json.load(open(path))["pages"]:
        pages += 1
        failed += p.get("error") is not None
        kinds[p.get("kind")] = kinds.get(p.get("kind"), 0) + 1
        readings += sum("receipt read 2 times" in w for w in p.get("warnings", []))
        for k, v in (p.get("timingsMS") or {}).items():
            if k in sums: sums[k] += v
        for k, v in ((p.get("flatten") or {}).get("steps") or {}).items():
            if k.startswith("ms."): sums[k] = sums.get(k, 0.0) + float(v)
report = dec_wall - (m["lastImageSeconds"] or dec_wall)
tot = sums["total"] or 1
print(f"decant stages (ms per image, share of worker time; {pages} pages, {failed} failed, kinds {kinds}, {readings} receipts read twice):")
print("   " + "  ".join(f"{k} {sums[k]/max(pages,1):7.0f} ({100*sums[k]/tot:4.1f}%)" for k in stages[:-1]) + f"  total {sums['total']/max(pages,1):7.0f}")
steps = sorted(((k, v) for k, v in sums.items() if k.startswith("ms.")), key=lambda kv: -kv[1])
print("   flatten steps (ms per image): " + ", ".join(f"{k[3:]} {v/max(pages,1):.0f}" for k, v in steps))
print(f"   report (after the last image: last job's reports, metrics, HTML, history): {report:.2f} s")
try:
    metrics = json.load(open(f"{d}/out/metrics.json"))["corpus"]["metrics"]
    keys = ["cer", "wer", "wordBagF1", "entryF1", "catalogueAccuracy", "itemF1", "receiptKeyAccuracy"]
    print("decant accuracy (same run, OUT/metrics.json): " + ", ".join(f"{k} {100*metrics[k]:.1f}%" for k in keys if k in metrics))
except (OSError, KeyError) as e:
    print(f"decant accuracy: no metrics.json ({e})")
# Raw tesseract's reading of the same images against the same truth, word-bag F1 pooled over the
# images as Decant's metrics pool it (Evaluation.WordBag's definition): how much each side reads.
import collections, unicodedata
def stripped(c):
    return ord(c) <= 0xFFFF and unicodedata.category(c)[0] in "PS"
def words(text):
    out = []
    for token in text.lower().split():
        keep, strip = list(token), stripped
        i, j = 0, len(keep)
        while i < j and strip(keep[i]): i += 1
        while j > i and strip(keep[j - 1]): j -= 1
        if i < j: out.append("".join(keep[i:j]))
    return out
def truth_lines(rel):
    base = os.path.splitext(f"{d}/inbox/{rel}")[0]
    if os.path.exists(base + ".gt.json"):
        return json.load(open(base + ".gt.json", encoding="utf-8")).get("lines", [])
    box = f"{d}/inbox/box/{os.path.basename(base)}.csv"
    if os.path.exists(box):
        return [l.rstrip("\r\n").split(",", 8)[8] for l in open(box, encoding="utf-8", errors="replace") if l.count(",") >= 8]
    return None
hits = truth_n = read_n = scored = 0
for rel in open(f"{d}/images.txt").read().split("\n"):
    lines = truth_lines(rel) if rel else None
    if lines is None: continue
    raw_path = f"{d}/raw/{rel.replace('/', '_')}.txt"
    raw_text = open(raw_path, encoding="utf-8", errors="replace").read() if os.path.exists(raw_path) else ""
    t, r = collections.Counter(words("\n".join(lines))), words(raw_text)
    truth_n += sum(t.values()); read_n += len(r); scored += 1
    for w in r:
        if t[w] > 0: t[w] -= 1; hits += 1
if scored:
    print(f"raw tesseract accuracy (same images, same truth): wordBagF1 {100 * 2 * hits / max(1, truth_n + read_n):.1f}% over {scored} images")
PY
}

for set in "${SETS[@]}"; do
    case $set in
        sroie)
            [ -d "$SROIE/img" ] || { echo "$SROIE/img not found; skipping sroie" >&2; continue; }
            # A folder of receipts: told so, as a user would (with auto, a receipt first taken for
            # a wine list by its shape is read once more, as a receipt).
            bench_set sroie "$SROIE" img --kind receipt ;;
        corpus)
            [ -d "$CORPUS" ] || scripts/bench/make-bench-corpus.sh "$CORPUS" >&2
            bench_set corpus "$CORPUS" . ;;
        *) echo "unknown set $set (sroie, corpus)" >&2; exit 64 ;;
    esac
done
