#!/usr/bin/env python3
"""Compares two `decant run` output folders outside timing fields (an instrument: a refactoring must leave every byte outside timing fields as it was).

usage: compare-reports.py BEFORE AFTER
Ignores: history.sqlite, .decant/, pages/ previews are compared by bytes; JSON keys timingsMS, wallClockMS,
startedAt, fingerprint, key (manifest), decantVersion not ignored; flatten.steps entries ms.*, cpuMS.*, depth.ms.*;
HTML lines carrying ms values are compared after removing <dt>ms.…</dt><dd>…</dd> pairs and timing numbers.
"""
import json, os, re, sys

IGNORE_KEYS = {"timingsMS", "wallClockMS", "startedAt", "runStartedAt", "previousRunStartedAt", "fingerprint", "key", "history"}

def norm(o):
    if isinstance(o, dict):
        out = {}
        for k, v in o.items():
            if k in IGNORE_KEYS: continue
            if k == "steps" and isinstance(v, dict):
                v = {a: b for a, b in v.items() if not re.match(r'^(depth\.)?(ms|cpuMS)\.', a)}
            out[k] = norm(v)
        return out
    if isinstance(o, list): return [norm(x) for x in o]
    return o

def html_norm(t):
    t = re.sub(r"nonce(-|=\")[a-z0-9]+", "nonce", t)
    t = re.sub(r'<dt>(depth\.)?(ms|cpuMS)\.[^<]*</dt><dd>[^<]*</dd>', '', t)
    t = re.sub(r'(?i)(\d+(\.\d+)?\s?(ms|s)\b)', 'T', t)
    return t

def files(root):
    out = set()
    for d, _, fs in os.walk(root):
        if '/.decant' in d: continue
        for f in fs:
            p = os.path.relpath(os.path.join(d, f), root)
            if p == 'history.sqlite' or p.startswith('.decant'): continue
            out.add(p)
    return out

a, b = sys.argv[1], sys.argv[2]
fa, fb = files(a), files(b)
bad = 0
for p in sorted(fa ^ fb):
    print("only in", a if p in fa else b, ":", p); bad += 1
for p in sorted(fa & fb):
    x, y = open(os.path.join(a, p), 'rb').read(), open(os.path.join(b, p), 'rb').read()
    if x == y: continue
    if p.endswith('.json'):
        if norm(json.loads(x)) == norm(json.loads(y)): continue
    elif p.endswith('.html'):
        if html_norm(x.decode()) == html_norm(y.decode()): continue
    print("differs:", p); bad += 1
print(f"{len(fa & fb)} files compared, {bad} differences")
sys.exit(1 if bad else 0)
