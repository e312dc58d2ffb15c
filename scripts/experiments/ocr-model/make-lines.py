#!/usr/bin/env python3
"""Training pages for fine-tuning Tesseract's English LSTM on print as Decant hands it over.

A measuring instrument, not part of Decant: it answers "would a recognizer trained on blurred print
read the pages Tesseract's stock model cannot?" (docs/benchmarks/ocr-model.md). Each page is a
column of text lines rendered by Tesseract's `text2image` in one font at 12 pt / 300 dpi (x-height
about 24 px, Decant's target), then photographed and flattened the way Decant's depth path sees
it: paper and ink levels, uneven light, reduced to an x-height of h photo pixels, Gaussian lens
blur of r x h, sensor noise, JPEG, an unsharp mask (Decant's 0.6 or 2.0, or none as for receipts),
enlarged back to min(24, 3h) px (Decant enlarges at most 3x) and stretched to white paper.
`tesseract PAGE.png PAGE --psm 6 lstm.train` turns each page and its box file into PAGE.lstmf.

    scripts/experiments/ocr-model/make-lines.py TEXT OUT --start 0 --count 700 --seed 1 [--profile general|blur]
        [--charset FILE]

TEXT: one line of text per line (lines over 70 characters are cut). --charset: characters the
model may output besides those of Debian's eng model (labels keep them); without it, accents are
stripped from labels the way eng reads them. Needs numpy, scipy, pillow (PyPI) and Debian's
tesseract-ocr (text2image, tesseract).
"""
import argparse, io, os, random, re, subprocess, tempfile, unicodedata

import numpy as np
from PIL import Image
from scipy.ndimage import gaussian_filter

# The generator's own faces (Sources/Synthesis/FontCatalogue.swift) and as many other Latin faces
# as Debian packages (scripts/experiments/ocr-model/train.sh installs them): fonts of real lists and invoices
# are not ours.
FONTS = ["P052", "C059", "Nimbus Roman", "DejaVu Serif", "Liberation Serif", "FreeSerif", "URW Bookman Light",
         "Nimbus Sans", "DejaVu Sans", "Liberation Sans", "FreeSans", "URW Gothic", "Nimbus Sans Narrow Semi-Condensed",
         "DejaVu Sans Mono", "Liberation Mono", "Nimbus Mono PS", "FreeMono", "P052 Bold", "Nimbus Sans Bold",
         "Liberation Serif Italic", "DejaVu Serif Italic", "Nimbus Roman, Italic", "C059 Italic", "DejaVu Sans Bold",
         "Caladea", "Caladea Bold", "Caladea Italic", "Carlito", "Carlito Bold", "Carlito Italic", "Cantarell",
         "Cantarell Bold", "Comic Neue", "EB Garamond", "EB Garamond Bold", "EB Garamond Italic", "Hack",
         "Inconsolata Medium", "Lato", "Lato Bold", "Lato Italic", "Lato Light", "Lato Semi-Bold", "Linux Biolinum O",
         "Linux Biolinum O Bold", "Linux Libertine O", "Linux Libertine O Bold", "Linux Libertine O Italic", "Noto Mono",
         "Noto Sans", "Noto Serif", "Noto Serif Bold", "Noto Serif Italic", "Noto Sans Display", "Noto Serif Display",
         "Open Sans", "Open Sans Bold", "Open Sans Italic", "Open Sans Light", "Roboto", "Roboto Bold",
         "Roboto Condensed", "Roboto Condensed, Bold", "Roboto Italic", "Roboto Light", "Roboto Medium",
         "TeX Gyre Adventor", "TeX Gyre Bonum", "TeX Gyre Cursor", "TeX Gyre Heros", "TeX Gyre Heros Bold",
         "TeX Gyre Heros Cn Condensed", "TeX Gyre Pagella", "TeX Gyre Pagella Italic", "TeX Gyre Schola",
         "TeX Gyre Termes", "TeX Gyre Termes Bold", "TeX Gyre Termes Italic", "URW Bookman Semi-Bold",
         "URW Gothic Semi-Bold", "FreeSerif Italic", "FreeSans Semi-Bold", "Liberation Sans Bold",
         "Liberation Mono Bold", "DejaVu Serif Semi-Condensed", "Nimbus Mono PS Bold", "Nimbus Sans Italic"]
ENG_UNICHARSET = "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata"
ASCII_FOR = {"–": "-", "—": "-", "º": "°", "…": "...", "•": ".", "·": "."}


def eng_characters():
    """The characters Debian's eng model can output (its lstm-unicharset component)."""
    with tempfile.TemporaryDirectory() as folder:
        out = subprocess.run(["combine_tessdata", "-u", ENG_UNICHARSET, folder + "/eng."], capture_output=True)
        if out.returncode != 0:
            raise SystemExit("combine_tessdata could not unpack " + ENG_UNICHARSET)
        with open(folder + "/eng.lstm-unicharset", encoding="utf-8") as f:
            return {line.split(" ")[0] for line in f.read().split("\n")[1:] if line}


def label(ch, allowed):
    """A character as the label may carry it, or None to drop its box."""
    if ch in allowed or ch in (" ", "\t"):
        return ch
    if ch in ASCII_FOR:
        return ASCII_FOR[ch]
    bare = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
    return bare if bare and all(c in allowed for c in bare) else None


def photograph(img, rng, noise_rng, profile):
    """Degrade a 300-dpi render the way a phone photo reaches Tesseract through Decant."""
    height, width = img.shape
    paper, ink = rng.uniform(150, 255), rng.uniform(0, 110)
    ink = min(ink, paper - 60)
    img = ink + (paper - ink) * img / 255
    yy, xx = np.mgrid[0:height, 0:width]
    light = 1 - rng.uniform(0, 0.25) * (0.5 + 0.5 * np.cos(xx / width * rng.uniform(1, 4) + rng.uniform(0, 6))
                                        * np.cos(yy / height * rng.uniform(1, 4)))
    img = img * light
    if profile == "blur":
        h, ratio, noise = rng.uniform(4.5, 8.5), rng.uniform(0.15, 0.45), rng.uniform(0, 8)
        amount = rng.choice([0.6, 0.6, 2.0])
    else:
        if rng.random() < 0.2:
            h, ratio = rng.uniform(10, 16), rng.uniform(0, 0.06)
        else:
            h, u = rng.uniform(4.5, 13), rng.random()
            ratio = rng.uniform(0, 0.12) if u < 0.3 else (rng.uniform(0.12, 0.25) if u < 0.7 else rng.uniform(0.25, 0.45))
        noise, amount = rng.uniform(0, 6), rng.choice([0.0, 0.0, 0.6, 0.6, 2.0])
    scale = h / 24.0
    small = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    small = small.resize((max(8, int(width * scale)), max(8, int(height * scale))), Image.BOX)
    a = np.asarray(small).astype(np.float64)
    if ratio * h > 0.05:
        a = gaussian_filter(a, ratio * h)
    a += noise_rng.normal(0, noise, a.shape)
    buffer = io.BytesIO()
    Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)).save(buffer, "JPEG", quality=rng.randint(55, 95))
    a = np.asarray(Image.open(io.BytesIO(buffer.getvalue())).convert("L")).astype(np.float64)
    if amount > 0:
        a = a + amount * (a - gaussian_filter(a, 1.0))
    final = min(24.0, 3 * h) / 24.0
    big = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)).resize((int(width * final), int(height * final)),
                                                                       Image.BILINEAR)
    b = np.asarray(big).astype(np.float64)
    low, high = np.percentile(b, 1), np.percentile(b, 90)
    b = np.clip((b - low) * 255 / max(1, high - low), 0, 255)
    return Image.fromarray(b.astype(np.uint8)), final, dict(h=h, ratio=ratio, amount=amount)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("text"); parser.add_argument("out")
    parser.add_argument("--start", type=int, default=0); parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", choices=["general", "blur"], default="general")
    parser.add_argument("--charset", help="extra output characters (a file of them)")
    args = parser.parse_args()
    allowed = eng_characters()
    if args.charset:
        with open(args.charset, encoding="utf-8") as f:
            allowed |= set(f.read().strip())
    with open(args.text, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f if line.strip()]
    os.makedirs(args.out, exist_ok=True)
    fontconfig = os.path.join(args.out, ".fontconfig")
    os.makedirs(fontconfig, exist_ok=True)
    # text2image looks in one folder; Debian puts TeX Gyre under texmf.
    fonts = os.path.join(args.out, ".fonts")
    os.makedirs(fonts, exist_ok=True)
    for name, target in [("system", "/usr/share/fonts"), ("texmf", "/usr/share/texmf/fonts")]:
        if os.path.isdir(target):
            try:
                os.symlink(target, os.path.join(fonts, name))
            except FileExistsError:  # made by the other process of the pair, or an earlier run
                pass
    for index in range(args.start, args.start + args.count):
        rng = random.Random(args.seed * 100003 + index)
        noise_rng = np.random.default_rng(args.seed * 7 + index)
        font = rng.choice(FONTS)
        chosen = []
        for _ in range(rng.randint(18, 30)):
            line = rng.choice(lines)
            if rng.random() < 0.85:  # Decant erases dot leaders before reading
                line = re.sub(r"(\s*\.\s*){4,}", " ", line)
            line = "".join(c for c in line if label(c, allowed) is not None)
            line = re.sub(r"\s+", " ", line).strip()[:70]
            if len(line) >= 2:
                chosen.append(line)
        base = os.path.join(args.out, "p%05d" % index)
        leading = rng.randint(12, 30)
        with open(base + ".txt", "w", encoding="utf-8") as f:
            f.write("\n".join(chosen) + "\n")
        rendered = subprocess.run(
            ["text2image", "--text", base + ".txt", "--outputbase", base, "--font", font,
             "--fonts_dir", fonts, "--fontconfig_tmpdir", fontconfig, "--ptsize", "12",
             "--resolution", "300", "--xsize", "3000", "--ysize", str(200 + (80 + leading) * len(chosen)),
             "--margin", "60", "--degrade_image=false", "--leading", str(leading),
             "--char_spacing", str(rng.choice([0, 0, 0, 0.05, 0.1]))], capture_output=True)
        if rendered.returncode != 0 or not os.path.exists(base + ".tif"):
            print("%s: text2image failed with font %s" % (base, font), flush=True)
            continue
        image, final, fx = photograph(np.asarray(Image.open(base + ".tif").convert("L")).astype(np.float64),
                                      rng, noise_rng, args.profile)
        image.save(base + ".png")
        os.remove(base + ".tif")
        boxes, dropped, overflow = [], 0, 0
        with open(base + ".box", encoding="utf-8") as f:
            for row in f.read().split("\n"):
                parts = row.split(" ")
                if len(parts) < 6:
                    continue
                if parts[-1] != "0":  # text2image ran onto a second page, which the PNG does not hold
                    overflow += 1
                    continue
                ch = label(" ".join(parts[:-5]), allowed)
                if ch is None:  # its glyph stays in the image unlabelled: the page is not used
                    dropped += 1
                    continue
                x1, y1, x2, y2 = (int(int(v) * final) for v in parts[-5:-1])
                boxes.append("%s %d %d %d %d %s" % (ch, x1, y1, x2, y2, parts[-1]))
        if dropped or overflow:
            print("%s: skipped (%d characters without a label, %d on a second page)" % (base, dropped, overflow), flush=True)
            continue
        with open(base + ".box", "w", encoding="utf-8") as f:
            f.write("\n".join(boxes) + "\n")
        if os.path.exists(base + ".lstmf"):
            os.remove(base + ".lstmf")
        subprocess.run(["tesseract", base + ".png", base, "--psm", "6", "lstm.train"], capture_output=True,
                       env=dict(os.environ, OMP_THREAD_LIMIT="1"))
        if not os.path.exists(base + ".lstmf"):
            print("%s: tesseract made no lstmf" % base, flush=True)
            continue
        print("%d %s h=%.1f r=%.2f sharpen=%.1f" % (index, font, fx["h"], fx["ratio"], fx["amount"]), flush=True)


if __name__ == "__main__":
    main()
