#!/usr/bin/env python3
"""Cross-checks Decant's CER/WER against dinglehopper on random text pairs (a measuring instrument).

dinglehopper is the OCR-D evaluation tool whose definitions Decant reproduces; ../shared/metrics-golden
holds 15 fixed pairs, this script throws a few hundred generated ones at both implementations,
rich in what tends to differ: combining marks, ligatures, CRLF, Unicode spaces, emoji sequences,
CJK, Hebrew and Katakana, numbers with separators, private-use ligatures, dot leaders and rules.
Decant's leader-folded CER (`cerFolded`) is checked against dinglehopper's CER of the same two texts
with leaders folded by this script (`fold_leaders`, the rule of `ComparableText.withoutLeaders`).

    python3 -m venv /tmp/dh && /tmp/dh/bin/pip install dinglehopper==0.11.0
    swift build && /tmp/dh/bin/python scripts/bench/dinglehopper-crosscheck.py --decant .build/debug/decant --pairs 400
    /tmp/dh/bin/python scripts/bench/dinglehopper-crosscheck.py --table Sources/Evaluation/WordBreakTable.swift

Exit status 1 when any value differs by more than 1e-9 (or any code point's Word_Break differs).
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

PIECES = [
    "Château", "Cha\u0302teau", "Côte-Rôtie", "Romanée-Conti", "Mâcon-Villages", "Grüner Veltliner",
    "Dom.", "1er", "Cru", "2015", "1,250.00", "3.5%", "$100", "€45", "12,50", "1/2", "750ml", "1.5L",
    "can't", "l'Évangile", "d’Yquem", "\u2018Grande Cuvée\u2019", "“Reserva”", "—", "–", "==", "---",
    "ﬁne", "ﬂight", "ﬀ", "ﬃ", "ﬄ", "ĳ", "ﬆ", "\ueba7", "\uf532", "a\u0364", "u\u0364", "\u2e17",
    "🍷", "👍🏽", "👨\u200d👩\u200d👧", "🇫🇷🇮🇹", "🇩", "酒", "日本酒", "カタカナ", "ｶﾀｶﾅ", "ひらがな", "שָׁלוֹם", "צה\"ל",
    "ไวน์แดง", "Ελληνικά", "вино", "e\u0301\u0301", "\u0308", "x\u200dy", "a\u00adb", "foo_bar", "_x_",
    "\u00a0", "\u2009", "\u3000", "\t", "  ", "\x1c", "·", "…", "(NV)", "[2019]", "#12", "@", "&", "§",
    "Opus", "One", "Sassicaia", "Krug", "TOTAL", "RM", "80.90", "25/12/2018", "8:13:39", "PM", "Q&A",
    "3.14", "1.2.3", "A.B.", "e.g.", "U.S.A.", "x'y'z", "'quoted'", "9'", "5,000", "٣٤", "١٢٫٥",
    ". . . . . . .", "........", "·····", "…", "- - -", "=====", "***", "___", "..a..", "NV......", ".",
]

RULE_CHARACTERS = set(".·…-=*_")


def fold_leaders(text):
    """Tokens made only of rule characters dropped, lines left empty dropped (ComparableText.withoutLeaders)."""
    out = []
    for line in text.split("\n"):
        tokens = [t for t in line.split(" ") if t]
        kept = [t for t in tokens if not all(c in RULE_CHARACTERS for c in t)]
        if len(kept) == len(tokens):
            out.append(line)
        elif kept:
            out.append(" ".join(kept))
    return "\n".join(out)


def random_line(rng):
    line = " ".join(rng.choice(PIECES) for _ in range(rng.randint(0, 9)))
    if rng.random() < 0.2:
        line = rng.choice(["", " ", "\t", "\u00a0", "\u2003"]) + line + rng.choice(["", " ", "\t", "\u3000"])
    return line


def random_text(rng):
    lines = [random_line(rng) for _ in range(rng.randint(0, 7))]
    newline = rng.choice(["\n", "\n", "\r\n", "\r"])
    return newline.join(lines) + rng.choice(["", newline, newline * 2])


def mutate(rng, text):
    chars = list(text)
    for _ in range(rng.randint(0, 12)):
        op = rng.random()
        if not chars or op < 0.3:
            chars.insert(rng.randint(0, len(chars)), rng.choice("abcdefl1I0O .,'\u0301é\n"))
        elif op < 0.6:
            del chars[rng.randrange(len(chars))]
        else:
            chars[rng.randrange(len(chars))] = rng.choice("abcl1|0O-–— ")
    out = "".join(chars)
    if rng.random() < 0.2:
        words = out.split(" ")
        rng.shuffle(words)
        out = " ".join(words)
    return out


def dinglehopper_metrics(gt_path, ocr_path):
    from dinglehopper.character_error_rate import character_error_rate_n
    from dinglehopper.ocr_files import extract
    from dinglehopper.word_error_rate import word_error_rate_n, words_normalized
    gt = extract(gt_path, plain_encoding="utf-8")
    ocr = extract(ocr_path, plain_encoding="utf-8")
    cer, n_characters = character_error_rate_n(gt, ocr)
    wer, n_words = word_error_rate_n(list(words_normalized(gt)), list(words_normalized(ocr)))
    cer_folded, n_folded = character_error_rate_n(fold_leaders(gt.text), fold_leaders(ocr.text))
    return {"cer": cer, "wer": wer, "nCharacters": n_characters, "nWords": n_words, "cerFolded": cer_folded,
            "nFoldedCharacters": n_folded}


def decant_metrics(decant, gt_path, ocr_path):
    out = subprocess.run([decant, "eval", "--text", gt_path, ocr_path, "--format", "json"],
                         check=True, capture_output=True, text=True).stdout
    values = json.loads(out)
    for key in ("cer", "cerFolded", "wer"):
        if values[key] is None:
            values[key] = float("inf")
    return values


def same(a, b):
    if a == b:
        return True
    return abs(a - b) <= 1e-9


def check_pairs(args):
    rng = random.Random(args.seed)
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        for i in range(args.pairs):
            gt = random_text(rng)
            ocr = mutate(rng, gt) if rng.random() < 0.9 else random_text(rng)
            gt_path, ocr_path = os.path.join(folder, f"{i}.gt.txt"), os.path.join(folder, f"{i}.ocr.txt")
            with open(gt_path, "w", encoding="utf-8", newline="") as f:
                f.write(gt)
            with open(ocr_path, "w", encoding="utf-8", newline="") as f:
                f.write(ocr)
            try:
                expected = dinglehopper_metrics(gt_path, ocr_path)
            except Exception as error:  # dinglehopper rejects some inputs (e.g. non-idempotent normalization)
                print(f"pair {i}: dinglehopper failed ({error!r}); skipped")
                continue
            got = decant_metrics(args.decant, gt_path, ocr_path)
            bad = [k for k in ("cer", "wer", "nCharacters", "nWords", "cerFolded", "nFoldedCharacters") if not same(expected[k], got[k])]
            if bad:
                failures += 1
                print(f"pair {i}: {', '.join(f'{k} dinglehopper={expected[k]} decant={got[k]}' for k in bad)}")
                print(f"  gt={gt!r}\n  ocr={ocr!r}")
    print(f"{args.pairs} pairs, {failures} differing")
    return failures


def check_table(path):
    from uniseg.wordbreak import word_break
    names = ["Other", "CR", "LF", "Newline", "Extend", "ZWJ", "Regional_Indicator", "Format", "Katakana",
             "Hebrew_Letter", "ALetter", "Single_Quote", "Double_Quote", "MidNumLet", "MidLetter", "MidNum",
             "Numeric", "ExtendNumLet", "WSegSpace"]
    source = open(path, encoding="utf-8").read()
    body = source.split("static let ranges: [UInt32] = [")[1].split("]")[0]
    numbers = [int(x, 0) for x in re.findall(r"0x[0-9A-F]+|\b\d+\b", body)]
    table = {}
    for i in range(0, len(numbers), 3):
        for c in range(numbers[i], numbers[i + 1] + 1):
            table[c] = names[numbers[i + 2]]
    differing = [c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF
                 and table.get(c, "Other") != word_break(chr(c)).value]
    print(f"Word_Break: {len(differing)} code points differ from uniseg"
          + (": " + ", ".join(f"U+{c:04X}" for c in differing[:20]) if differing else ""))
    return len(differing)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decant", help="path to the decant binary")
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", help="check Sources/Evaluation/WordBreakTable.swift against uniseg")
    args = parser.parse_args()
    failures = 0
    if args.table:
        failures += check_table(args.table)
    if args.decant:
        failures += check_pairs(args)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
