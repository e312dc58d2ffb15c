#!/usr/bin/env python3
"""Decant on the photos against Decant on the same photos registered to their flat renders.

usage: compare.py REAL.json ORACLE.json   (both from `decant-bench inv3d --json`)
Prints word-bag F1 by class and lighting for both runs (and raw tesseract on the registered pages),
then the photos where rectification loses most against the oracle.
"""
import json, sys
from collections import defaultdict

CLASSES = ["perspective", "curled", "fewfold", "multifold", "crumpleseasy", "crumpleshard"]
LIGHTS = ["bright", "color", "shadow"]


def load(path):
    return {row["name"]: row for row in json.load(open(path))}


def mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else float("nan")


real, oracle = load(sys.argv[1]), load(sys.argv[2])
names = sorted(set(real) & set(oracle))
groups = defaultdict(list)
for n in names:
    g = oracle[n]["groups"]
    for key in (g["class"], g["lighting"], (g["class"], g["lighting"]), "all"):
        groups[key].append(n)

print(f"{len(names)} photos. F1: Decant on the photo | Decant on the registered photo (geometry oracle) | raw tesseract on it\n")
print("| group | photos | Decant | Decant, oracle geometry | share of oracle | raw tesseract, oracle geometry |")
print("|---|---:|---:|---:|---:|---:|")
for key in CLASSES + LIGHTS + ["all"]:
    ns = groups[key]
    r, o = mean(real[n]["decantF1"] for n in ns), mean(oracle[n]["decantF1"] for n in ns)
    print(f"| {key} | {len(ns)} | {r:.3f} | {o:.3f} | {r / o:.0%} | {mean(oracle[n].get('rawF1') for n in ns):.3f} |")
print("\nDecant with oracle geometry, class by lighting:\n")
print("| class | " + " | ".join(LIGHTS) + " |\n|---|" + "---:|" * len(LIGHTS))
for c in CLASSES:
    print(f"| {c} | " + " | ".join(f"{mean(oracle[n]['decantF1'] for n in groups[(c, l)]):.3f}" for l in LIGHTS) + " |")
print("\nLargest losses to the oracle (rectification's own misses):\n")
for n in sorted(names, key=lambda n: real[n]["decantF1"] - oracle[n]["decantF1"])[:15]:
    print(f"  {n}: {real[n]['decantF1']:.3f} against {oracle[n]['decantF1']:.3f}")
better = sum(real[n]["decantF1"] > oracle[n]["decantF1"] + 0.02 for n in names)
worse = sum(real[n]["decantF1"] < oracle[n]["decantF1"] - 0.02 for n in names)
print(f"\nPhotos read better than with oracle geometry by > 0.02: {better}; worse: {worse}")
