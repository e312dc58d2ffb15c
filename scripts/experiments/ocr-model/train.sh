#!/usr/bin/env bash
# Fine-tunes Tesseract's English LSTM on print degraded as Decant hands it over, and leaves a
# tessdata folder to measure it with. An experiment, not part of Decant's build: Decant reads with
# Debian's eng model, and docs/benchmarks/ocr-model.md says why (the fine-tuned models read the
# Corpus's blurred lists better and real receipts and photos worse).
#
#   scripts/experiments/ocr-model/train.sh WORK [--profile general|blur] [--pages 2000] [--iterations 12000] [--accents]
#
# Then measure with the model in place of Debian's (Decant takes TESSDATA_PREFIX):
#   TESSDATA_PREFIX=WORK/tessdata DECANT=.build/release/decant OUT=G scripts/ci/accuracy-gate.sh
#   TESSDATA_PREFIX=WORK/tessdata OMP_THREAD_LIMIT=1 .build/release/decant-bench sroie-text --no-raw
#   TESSDATA_PREFIX=WORK/tessdata OMP_THREAD_LIMIT=1 .build/release/decant-bench inv3d --no-raw
#
# Steps: the text (lines of `decant synth` wine lists and receipts, seed 424242, which no benchmark
# set uses, plus English prose from /usr/share/common-licenses), training pages (make-lines.py, two
# processes), Debian's integer eng model rewritten as a float one (dequantize-lstm.swift; lstmtraining
# refuses integer models), lstmtraining from it, and the result converted back to an integer model.
# About 40 minutes on two cores for 2000 pages and 12000 iterations.
set -euo pipefail
WORK=${1:?usage: $0 WORK [--profile general|blur] [--pages N] [--iterations N] [--accents]}
shift
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
cd "$(dirname "$0")/../../.."
PROFILE=general PAGES=2000 ITERATIONS=12000 ACCENTS=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --profile) PROFILE=$2; shift 2 ;;
    --pages) PAGES=$2; shift 2 ;;
    --iterations) ITERATIONS=$2; shift 2 ;;
    --accents) ACCENTS=1; shift ;;
    *) echo "$0: unknown option $1" >&2; exit 64 ;;
  esac
done

# Fonts for training only (many faces, so that the model does not learn the generator's few).
FONTS="fonts-texgyre fonts-crosextra-carlito fonts-crosextra-caladea fonts-open-sans fonts-lato fonts-roboto-unhinted"
FONTS+=" fonts-linuxlibertine fonts-ebgaramond fonts-cantarell fonts-noto-mono fonts-inconsolata fonts-hack"
FONTS+=" fonts-comic-neue fonts-noto-core"
DECANT_EXTRA_PACKAGES="$FONTS" scripts/setup.sh
# numpy, scipy and pillow for the page generator: from PyPI where pip may install, else Debian's.
python3 -c "import numpy, scipy, PIL" 2>/dev/null || pip install -q numpy scipy pillow 2>/dev/null \
  || DECANT_EXTRA_PACKAGES="python3-numpy python3-scipy python3-pil" scripts/setup.sh
DECANT=${DECANT:-.build/release/decant}
[[ -x "$DECANT" ]] || swift build -c release --product decant >&2
TESSDATA=/usr/share/tesseract-ocr/5/tessdata

# 1. Text.
if [[ ! -s "$WORK/text.txt" ]]; then
  "$DECANT" synth "$WORK/synth/lists" --kind winelist --count 600 --seed 424242 --shape flat --effects clean \
    --size 600x800 --depth-size none --quiet
  "$DECANT" synth "$WORK/synth/receipts" --kind receipt --count 300 --seed 424242 --shape flat --effects clean \
    --size 600x800 --depth-size none --quiet
  python3 - "$WORK" <<'EOF'
import glob, json, os, random, sys
work = sys.argv[1]
synth = sorted({l for f in glob.glob(work + "/synth/*/*.gt.json") for l in json.load(open(f))["lines"] if l.strip()})
prose = set()
for path in glob.glob("/usr/share/common-licenses/*"):
    if not os.path.islink(path):
        prose |= {l.strip()[:70] for l in open(path, errors="ignore").read().split("\n") if len(l.strip()) > 15}
random.seed(3)
pool = synth + random.sample(sorted(prose), min(len(prose), len(synth) // 4))
random.shuffle(pool)
open(work + "/text.txt", "w").write("\n".join(pool) + "\n")
print(f"{len(synth)} synthetic lines, {len(pool) - len(synth)} lines of prose")
EOF
fi

# 2. Training pages.
CHARSET=()
if [[ $ACCENTS == 1 ]]; then
  # Accented Latin letters, dashes and the like that Debian's eng model cannot output.
  python3 - "$WORK/charset.txt" <<'EOF'
import sys
chars = {chr(c) for c in list(range(0xC0, 0x100)) + [0x152, 0x153, 0x150, 0x151, 0x170, 0x171, 0x141, 0x142, 0x15E,
         0x15F, 0x11E, 0x11F, 0x10C, 0x10D, 0x160, 0x161, 0x17D, 0x17E, 0x158, 0x159, 0x11A, 0x11B] if chr(c).isalpha()}
chars |= set("–—’‘“”…•·×½º")
chars -= set("ÿÐÞðþ")
open(sys.argv[1], "w").write("".join(sorted(chars)) + "\n")
EOF
  CHARSET=(--charset "$WORK/charset.txt")
fi
rm -rf "$WORK/pages"
half=$(( PAGES / 2 ))
scripts/experiments/ocr-model/make-lines.py "$WORK/text.txt" "$WORK/pages" --start 0 --count "$half" --seed 2 \
  --profile "$PROFILE" "${CHARSET[@]}" > "$WORK/pages-1.log" &
first=$!
scripts/experiments/ocr-model/make-lines.py "$WORK/text.txt" "$WORK/pages" --start "$half" --count $(( PAGES - half )) --seed 2 \
  --profile "$PROFILE" "${CHARSET[@]}" > "$WORK/pages-2.log"
wait "$first"
ls "$WORK"/pages/*.lstmf | sort > "$WORK/all.txt"
evaluation=$(( $(wc -l < "$WORK/all.txt") / 32 + 1 ))
head -n -"$evaluation" "$WORK/all.txt" > "$WORK/train.txt"
tail -n "$evaluation" "$WORK/all.txt" > "$WORK/eval.txt"

# 3. Debian's integer model as a float one.
mkdir -p "$WORK/float"
combine_tessdata -u "$TESSDATA/eng.traineddata" "$WORK/float/eng." > /dev/null
swift scripts/experiments/ocr-model/dequantize-lstm.swift "$WORK/float/eng.lstm" "$WORK/float/eng-float.lstm"
cp "$TESSDATA/eng.traineddata" "$WORK/float/eng.traineddata"
(cd "$WORK/float" && cp eng-float.lstm eng.lstm && combine_tessdata -o eng.traineddata eng.lstm > /dev/null)
TRAINEDDATA=$WORK/float/eng.traineddata
OLD=()
if [[ $ACCENTS == 1 ]]; then
  # A language model whose unicharset is eng's with the new characters appended (eng's ids kept,
  # so its dictionaries stay valid); lstmtraining widens the output layer for them.
  mkdir -p "$WORK/lang/scripts" "$WORK/lang/out"
  (cd "$WORK/lang"
   python3 -c "import sys; t = open('../charset.txt').read().strip(); open('charset-spaced.txt', 'w').write(' '.join(t) + '\n')"
   unicharset_extractor --output_unicharset extra.unicharset --norm_mode 1 charset-spaced.txt > /dev/null
   merge_unicharsets ../float/eng.lstm-unicharset extra.unicharset merged.unicharset > /dev/null
   for dawg in word punc number; do dawg2wordlist ../float/eng.lstm-unicharset "../float/eng.lstm-$dawg-dawg" "$dawg.txt" > /dev/null; done
   echo "# no Han radicals" > scripts/radical-stroke.txt
   combine_lang_model --input_unicharset merged.unicharset --script_dir scripts --words word.txt \
     --numbers number.txt --puncs punc.txt --output_dir out --lang eng > /dev/null 2>&1)
  OLD=(--old_traineddata "$TRAINEDDATA")
  TRAINEDDATA=$WORK/lang/out/eng/eng.traineddata
fi

# 4. Fine-tuning, then back to an integer model.
mkdir -p "$WORK/checkpoints" "$WORK/tessdata"
OMP_THREAD_LIMIT=1 lstmtraining --continue_from "$WORK/float/eng-float.lstm" --traineddata "$TRAINEDDATA" "${OLD[@]}" \
  --train_listfile "$WORK/train.txt" --eval_listfile "$WORK/eval.txt" --model_output "$WORK/checkpoints/m" \
  --max_iterations "$ITERATIONS" --debug_interval 0 > "$WORK/training.log" 2>&1 \
  || { tail -5 "$WORK/training.log" >&2; exit 1; }
lstmtraining --stop_training --continue_from "$WORK/checkpoints/m_checkpoint" --traineddata "$TRAINEDDATA" \
  --model_output "$WORK/tessdata/eng.traineddata" --convert_to_int > "$WORK/convert.log" 2>&1 \
  || { tail -5 "$WORK/convert.log" >&2; exit 1; }
ln -sf "$TESSDATA/osd.traineddata" "$WORK/tessdata/osd.traineddata"
grep "At iteration" "$WORK/training.log" | tail -1 || true
echo "model: $WORK/tessdata/eng.traineddata (measure with TESSDATA_PREFIX=$WORK/tessdata)"
