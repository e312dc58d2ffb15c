#!/usr/bin/env python3
"""Splits the flattened pages' character errors by cause, from `decant-bench flattening --ceiling --json`.

    scripts/experiments/flattening-error-shares.py BENCH.json TRUTH_DIR

TRUTH_DIR is the folder the bench read (its NAME.gt.json give the photographer's effects). Shares of all
errors on the flattened pages:
  render        Tesseract's own errors on the clean flat render;
  outline       photos whose page outline failed (corner error > 10 %), over their render errors;
  photographer  the flat render as photographed (--ceiling) minus the render, on the other photos;
  light         flattened minus ceiling on photos with glare, a shadow, motion blur or ink fade
                (effects the ceiling leaves out);
  flattening    flattened minus ceiling on the remaining photos: what the flattening itself loses.
A measuring instrument only (docs/benchmarks/flattening.md, "Where the Corpus's errors come from").
"""
import glob
import json
import os
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    samples = [s for s in json.load(open(sys.argv[1])) if s.get("characters") and s.get("errorsCeiling") is not None]
    effects = {}
    for path in glob.glob(os.path.join(sys.argv[2], "**", "*.gt.json"), recursive=True):
        base = os.path.basename(path)[: -len(".gt.json")]
        effects[base] = json.load(open(path)).get("generator", {})

    def lit(sample):
        fx = effects.get(os.path.splitext(sample["name"])[0], {})
        return (float(fx.get("fx.glare", 0)) > 0.1 or float(fx.get("fx.motionBlurPx", 0)) > 1
                or float(fx.get("fx.inkFade", 0)) > 0.1 or "fx.shadow" in fx)

    total = sum(s["errorsFlattened"] for s in samples)
    chars = sum(s["characters"] for s in samples)
    failed = [s for s in samples if (s.get("cornerError") or 0) > 0.1]
    rest = [s for s in samples if s not in failed]
    shares = [
        ("render", sum(s["errorsRender"] for s in samples), len(samples)),
        ("outline", sum(s["errorsFlattened"] - s["errorsRender"] for s in failed), len(failed)),
        ("photographer", sum(s["errorsCeiling"] - s["errorsRender"] for s in rest), len(rest)),
        ("light", sum(s["errorsFlattened"] - s["errorsCeiling"] for s in rest if lit(s)), sum(1 for s in rest if lit(s))),
        ("flattening", sum(s["errorsFlattened"] - s["errorsCeiling"] for s in rest if not lit(s)), sum(1 for s in rest if not lit(s))),
    ]
    print(f"{len(samples)} photos, {chars} characters, {total} errors on the flattened pages (CER {100 * total / chars:.1f} %)")
    print("| cause | photos | errors | share |")
    print("|---|---|---|---|")
    for name, errors, count in shares:
        print(f"| {name} | {count} | {errors} | {100 * errors / total:.1f} % |")
    print("outline failures:", ", ".join(s["name"] for s in failed) or "none")


if __name__ == "__main__":
    main()
