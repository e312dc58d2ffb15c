#!/usr/bin/env python3
"""Measuring instrument (not part of Decant): compares every pixel of the depth maps PhoneFormats
converted (`decant-bench phone-depth --write-pfm OUT`) with independent decoders of the same files:
pillow-heif (libheif) for the HEIF depth auxiliary image and its depth representation SEI, Pillow's
MPO reader for the iPhone MPF image with the apdi values found by a regular expression, and a plain
Python walk of the JPEG segments for GDepth's extended XMP. Prints per file the median, 95th
percentile and largest relative error over all pixels.

  pip install pillow pillow-heif numpy
  .build/debug/decant-bench phone-depth --write-pfm /tmp/pfm && scripts/experiments/phone-depth-fullmap.py /work/shared/data/phone-depth /tmp/pfm
"""
import base64
import io
import os
import re
import struct
import sys
import warnings

import numpy as np
from PIL import Image
import pillow_heif


def read_pfm(path):
    with open(path, "rb") as f:
        header = f.readline().strip()
        assert header == b"Pf", header
        width, height = map(int, f.readline().split())
        scale = float(f.readline())
        data = np.frombuffer(f.read(), dtype="<f4" if scale < 0 else ">f4").reshape(height, width)
    return np.flipud(data)


def heif_depth(path):
    heif = pillow_heif.open_heif(path)
    depth = heif.info["depth_images"][0]
    raw = np.asarray(depth.to_pillow(), dtype=np.float64)
    meta = depth.info["metadata"]
    d = meta["d_min"] + raw / 255.0 * (meta["d_max"] - meta["d_min"])
    return 1.0 / d


def jpeg_segments(data, start=0):
    i = start + 2
    while i + 4 <= len(data) and data[i] == 0xFF:
        marker = data[i + 1]
        if marker == 0xDA:
            return
        length = data[i + 2] << 8 | data[i + 3]
        yield marker, data[i + 4:i + 2 + length]
        i += 2 + length


def apdi(xmp, name):
    m = re.search(rb"apdi:" + name.encode() + rb"[>=\"]+\s*([-0-9.eE+]+)", xmp)
    return float(m.group(1)) if m else None


def mpf_depth(path):
    data = open(path, "rb").read()
    image = Image.open(path)
    for frame in range(1, getattr(image, "n_frames", 1)):
        image.seek(frame)
        entry = image.mpinfo[0xB002][frame]
        start = image._MpoImageFile__mpoffsets[frame]
        chunk = data[start:start + entry["Size"]]
        xmp = b"".join(p for m, p in jpeg_segments(chunk) if m == 0xE1 and p.startswith(b"http://ns.adobe.com/xap/1.0/"))
        if b"AuxiliaryImageSubType" in xmp or b"AuxiliaryImageType" not in xmp:
            continue
        raw = np.asarray(Image.open(io.BytesIO(chunk)).convert("L"), dtype=np.float64)
        lo, hi = apdi(xmp, "FloatMinValue"), apdi(xmp, "FloatMaxValue")
        imin, imax = apdi(xmp, "IntMinValue") or 0.0, apdi(xmp, "IntMaxValue") or 255.0
        return 1.0 / (lo + (raw - imin) * (hi - lo) / (imax - imin))
    return None


def gdepth(path):
    data = open(path, "rb").read()
    standard, chunks = b"", {}
    for marker, payload in jpeg_segments(data):
        if marker != 0xE1:
            continue
        if payload.startswith(b"http://ns.adobe.com/xap/1.0/\0"):
            standard = payload
        elif payload.startswith(b"http://ns.adobe.com/xmp/extension/\0"):
            body = payload[35:]
            offset = struct.unpack(">I", body[36:40])[0]
            chunks[offset] = body[40:]
    extended = b"".join(chunks[k] for k in sorted(chunks))
    near = float(re.search(rb'GDepth:Near="([^"]+)"', standard).group(1))
    far = float(re.search(rb'GDepth:Far="([^"]+)"', standard).group(1))
    encoded = re.search(rb'GDepth:Data="([^"]+)"', extended).group(1)
    png = Image.open(io.BytesIO(base64.b64decode(encoded)))
    raw = np.asarray(png, dtype=np.float64)
    if raw.ndim == 3:
        raw = raw[:, :, 0]
    dn = raw / (65535.0 if png.mode.startswith("I") else 255.0)
    return far * near / (far - dn * (far - near))


def main():
    # Pillow warns that a GDepth JPEG is not an MPO when it looks for frames; it is expected.
    warnings.filterwarnings("ignore", message=".*malformed MPO.*")
    folder, pfm = sys.argv[1], sys.argv[2]
    failed = 0
    for name in sorted(os.listdir(pfm)):
        if not name.endswith(".pfm"):
            continue
        source = os.path.join(folder, name[:-4])
        ours = read_pfm(os.path.join(pfm, name)).astype(np.float64)
        if source.endswith(".heic"):
            theirs = heif_depth(source)
        else:
            theirs = mpf_depth(source)
            if theirs is None:
                theirs = gdepth(source)
        if theirs.shape != ours.shape:
            print(f"FAIL {name[:-4]}: size {ours.shape[::-1]} vs independent {theirs.shape[::-1]}")
            failed += 1
            continue
        rel = np.abs(ours - theirs) / np.abs(theirs)
        median, p95, worst = np.median(rel), np.percentile(rel, 95), rel.max()
        ok = median <= 0.01 and p95 <= 0.05
        failed += 0 if ok else 1
        print(f"{'PASS' if ok else 'FAIL'} {name[:-4]}: {ours.shape[1]}x{ours.shape[0]} all {rel.size} pixels: "
              f"median {median * 100:.4f}%, 95th percentile {p95 * 100:.4f}%, largest {worst * 100:.4f}%")
    print(f"{failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
