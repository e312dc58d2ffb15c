#!/usr/bin/env bash
# Makes the encrypted fixtures of PDFTests from a made-up one-page list (needs qpdf: apt-get install qpdf).
# encrypted.pdf: user password "decant" (AES-256). restricted.pdf: no user password, an owner password only
# (opens for reading, as most "protected" menus do).
set -euo pipefail
cd "$(dirname "$0")"
plain=$(mktemp --suffix=.pdf)
trap 'rm -f "$plain"' EXIT
content='BT /F1 14 Tf 72 720 Td (Encrypted wine list) Tj 0 -24 Td (Barolo Riserva 2016 95) Tj ET'
python3 - "$plain" "$content" <<'PY'
import sys
path, content = sys.argv[1], sys.argv[2].encode()
objects = [
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
]
out = bytearray(b"%PDF-1.7\n")
offsets = []
for number, body in enumerate(objects, start=1):
    offsets.append(len(out))
    out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
for offset in offsets:
    out += b"%010d 00000 n \n" % offset
out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
open(path, "wb").write(out)
PY
# AES-256 salts are random, so a re-run gives other bytes that read the same.
qpdf --static-id --encrypt decant sommelier 256 -- "$plain" encrypted.pdf
qpdf --static-id --encrypt "" sommelier 256 -- "$plain" restricted.pdf
