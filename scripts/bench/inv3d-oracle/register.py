#!/usr/bin/env python3
"""Geometry oracle for Inv3DReal (a measuring instrument, not part of Decant).

Registers every warped photo to its flat render (SIFT matches, a RANSAC homography, then a smoothed
thin-plate spline through the inlier matches) and writes the photo resampled onto the render's frame.
The result is the photo as a perfect dewarp would give it: the photo's own blur, light, grain and
resolution, the render's geometry. Reading these with Decant (`decant-bench inv3d --data OUT`) says how
much of the gap to the render is geometry and how much is the photo itself.

usage: register.py [--data ../shared/data/inv3d] --out DIR [--classes a,b] [--docs x,y] [--jobs 2]
       register.py --renders --out DIR     each flat render itself as the one photo of its document
                                           (read with --classes perspective --lightings bright)
Needs opencv-python-headless, numpy, scipy (pip).
"""
import argparse, json, os, shutil, sys
from concurrent.futures import ProcessPoolExecutor

import cv2
import numpy as np
from scipy.interpolate import RBFInterpolator
from scipy.spatial import cKDTree

CLASSES = ["perspective", "curled", "fewfold", "multifold", "crumpleseasy", "crumpleshard"]
LIGHTS = ["bright", "color", "shadow"]


def features(sift, grey, limit=2400):
    """SIFT on a copy no longer than `limit` px (speed), keypoints scaled back to full size."""
    scale = min(1.0, limit / max(grey.shape))
    small = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else grey
    kps, desc = sift.detectAndCompute(small, None)
    pts = np.array([k.pt for k in kps], dtype=np.float64).reshape(-1, 2) / scale
    return pts, desc


def register(job):
    photo_path, flat_path, out_path, planar = job
    cv2.setRNGSeed(0)  # FLANN's randomized trees draw from OpenCV's generator: the same pages on every run
    photo = cv2.imread(photo_path, cv2.IMREAD_GRAYSCALE)
    flat = cv2.imread(flat_path, cv2.IMREAD_GRAYSCALE)
    colour = cv2.imread(photo_path, cv2.IMREAD_COLOR)
    if photo is None or flat is None:
        return out_path, {"error": "unreadable"}
    sift = cv2.SIFT_create(nfeatures=20000)
    fp, fd = features(sift, flat)
    pp, pd = features(sift, photo)
    if fd is None or pd is None or len(fd) < 2 or len(pd) < 2:
        return out_path, {"error": "no features"}
    matcher = cv2.FlannBasedMatcher(dict(algorithm=1, trees=5), dict(checks=64))
    pairs = matcher.knnMatch(fd.astype(np.float32), pd.astype(np.float32), k=2)
    back = matcher.knnMatch(pd.astype(np.float32), fd.astype(np.float32), k=1)
    mutual = {p[0].queryIdx: p[0].trainIdx for p in back if p}
    # Ratio test and mutual best match: printed text repeats letters, and a letter matched to its twin
    # elsewhere on the page is the registration's main error.
    good = [m for m, n in (p for p in pairs if len(p) == 2)
            if m.distance < 0.8 * n.distance and mutual.get(m.trainIdx) == m.queryIdx]
    src = np.array([fp[m.queryIdx] for m in good])
    dst = np.array([pp[m.trainIdx] for m in good])
    if len(good) < 20:
        return out_path, {"error": f"only {len(good)} matches"}
    h, w = flat.shape
    diag = float(np.hypot(h, w))
    # A flat sheet still bows a little on a table, so every class gets the spline; the homography
    # only rejects gross mismatches (a loose threshold for folds and crumples).
    H, mask = cv2.findHomography(src, dst, cv2.RANSAC, 0.01 * diag if planar else 0.06 * diag, maxIters=20000)
    if H is None:
        return out_path, {"error": "no homography"}
    inl = mask.ravel().astype(bool)
    src, dst = src[inl], dst[inl]
    info = {"matches": len(good), "homography_inliers": int(inl.sum())}
    # Map nodes every 8 px, plus the last row and column so the margins are carried, not copied.
    gxs = np.unique(np.append(np.arange(0, w, 8), w - 1)).astype(np.float64)
    gys = np.unique(np.append(np.arange(0, h, 8), h - 1)).astype(np.float64)
    xs, ys = np.meshgrid(gxs, gys)
    grid = np.stack([xs.ravel(), ys.ravel()], axis=1)
    # Residual field over the homography, smoothed thin-plate spline, refitted after each round of
    # outliers dropped (over 12, 6, then 3 px from the last fit).
    # A repeated letter matched to its twin agrees with the homography roughly but not with its
    # neighbours: matches whose residual differs from their 12 neighbours' median by > 4 px go first.
    base = lambda p: cv2.perspectiveTransform(p.reshape(-1, 1, 2), H).reshape(-1, 2)
    r = dst - base(src)
    near = cKDTree(src).query(src, k=min(13, len(src)))[1][:, 1:]
    keep = np.hypot(*(r - np.median(r[near], axis=1)).T) < 4.0
    info["neighbour_inliers"] = int(keep.sum())
    def fit(keep):
        s, d = src[keep], dst[keep]
        if len(s) > 3000:
            pick = np.random.default_rng(0).choice(len(s), 3000, replace=False)
            s, d = s[pick], d[pick]
        return RBFInterpolator(s, d - base(s), kernel="thin_plate_spline", smoothing=len(s) * 2.0)
    for limit in (12.0, 6.0, 3.0):
        rbf = fit(keep)
        res = np.hypot(*(base(src) + rbf(src) - dst).T)
        keep = res < limit
    rbf = fit(keep)
    res = np.hypot(*(base(src) + rbf(src) - dst).T)
    mapped = base(grid) + rbf(grid)
    info["tps_inliers"] = int(keep.sum())
    # Distances of matches from the final map: the kept ones (how well the map fits them) and all
    # homography inliers (outliers included, so an upper side). Neither bounds the error between matches.
    info["residual_px_median"] = round(float(np.median(res[keep])), 2)
    info["residual_px_median_all"] = round(float(np.median(res)), 2)
    # Dense map: the node grid interpolated at every render pixel (fractional node index per pixel).
    fx = np.interp(np.arange(w), gxs, np.arange(len(gxs))).astype(np.float32)
    fy = np.interp(np.arange(h), gys, np.arange(len(gys))).astype(np.float32)
    at = (np.tile(fx, (h, 1)), np.tile(fy[:, None], (1, w)))
    mx = cv2.remap(mapped[:, 0].reshape(xs.shape).astype(np.float32), *at, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    my = cv2.remap(mapped[:, 1].reshape(xs.shape).astype(np.float32), *at, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    out = cv2.remap(colour, mx, my, cv2.INTER_CUBIC, borderMode=cv2.BORDER_CONSTANT, borderValue=(255, 255, 255))
    # Scale of the photo against the render: photo pixels per render pixel along the page (median).
    dx = np.hypot(np.diff(mx, axis=1), np.diff(my, axis=1))
    info["photo_px_per_render_px"] = round(float(np.median(dx)), 3)
    cv2.imwrite(out_path, out, [cv2.IMWRITE_JPEG_QUALITY, 97])
    return out_path, info


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="../shared/data/inv3d")
    ap.add_argument("--out", required=True)
    ap.add_argument("--classes", default=",".join(CLASSES))
    ap.add_argument("--docs")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--renders", action="store_true", help="write the flat renders as the photos (the top line)")
    a = ap.parse_args()
    docs = a.docs.split(",") if a.docs else sorted(d for d in os.listdir(a.data) if os.path.isfile(f"{a.data}/{d}/ground_truth_words.json"))
    jobs = []
    for doc in docs:
        os.makedirs(f"{a.out}/{doc}", exist_ok=True)
        for f in ("flat_document.png", "ground_truth_words.json"):
            shutil.copy(f"{a.data}/{doc}/{f}", f"{a.out}/{doc}/{f}")
        if a.renders:
            render = cv2.imread(f"{a.data}/{doc}/flat_document.png", cv2.IMREAD_COLOR)
            cv2.imwrite(f"{a.out}/{doc}/warped_document_perspective_bright.jpg", render, [cv2.IMWRITE_JPEG_QUALITY, 97])
            continue
        for cls in a.classes.split(","):
            for light in LIGHTS:
                name = f"warped_document_{cls}_{light}.jpg"
                if os.path.exists(f"{a.data}/{doc}/{name}"):
                    jobs.append((f"{a.data}/{doc}/{name}", f"{a.data}/{doc}/flat_document.png", f"{a.out}/{doc}/{name}", cls == "perspective"))
    report = {}
    with ProcessPoolExecutor(a.jobs) as pool:
        for path, info in pool.map(register, jobs):
            report[os.path.relpath(path, a.out)] = info
            print(os.path.relpath(path, a.out), info, flush=True)
    with open(f"{a.out}/registration.json", "w") as f:
        json.dump(report, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    sys.exit(main())
