#!/usr/bin/env python3
"""Accented words of wine lists' ground truth found exactly in what Decant read.

For each NAME.gt.json in DATA whose list was read by OCR into OUT/docs/NAME*.txt, counts the
ground-truth words with a letter outside ASCII (Château, Weißburgunder, şarap) and how many of
them the page text holds exactly (as many times as the truth prints them). A measuring aid for
the language models (docs/languages.md).

    scripts/bench/accented-words.py DATA OUT [NAME ...]
"""
import collections
import glob
import json
import os
import sys
import unicodedata


def words(text):
    out = []
    for raw in text.split():
        word = raw.strip(".,;:()[]\"'«»“”‘’!?/-–—*")
        if word and any(ch.isalpha() and ord(ch) > 127 for ch in word):
            out.append(unicodedata.normalize("NFC", word))
    return out


def main():
    data, out = sys.argv[1], sys.argv[2]
    names = sys.argv[3:] or sorted(os.path.basename(p)[:-len(".gt.json")] for p in glob.glob(f"{data}/*.gt.json"))
    total_truth = total_found = 0
    for name in names:
        truth = json.load(open(f"{data}/{name}.gt.json"))
        wanted = collections.Counter(w for entry in truth["entries"] for w in words(entry["text"]))
        texts = [p for p in glob.glob(f"{out}/docs/{name}*.txt") if os.path.basename(p).split(".")[0] == name]
        if not wanted or not texts:
            continue
        read = collections.Counter(w for path in texts for w in words(open(path, encoding="utf-8").read()))
        found = sum(min(n, read[w]) for w, n in wanted.items())
        missing = sorted(w for w, n in wanted.items() if read[w] < n)
        total_truth += sum(wanted.values())
        total_found += found
        print(f"{name}\t{found}/{sum(wanted.values())}\tmissing: {' '.join(missing[:12])}")
    print(f"all\t{total_found}/{total_truth}")


if __name__ == "__main__":
    main()
