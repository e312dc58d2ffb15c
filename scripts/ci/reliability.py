#!/usr/bin/env python3
"""Reliability harness for Decant (a measuring instrument, not part of the product).

    scripts/ci/reliability.py fuzz  --decant BIN [--count 1000] [--seed 1]
    scripts/ci/reliability.py kill9 --decant BIN [--kills 20] [--seed 1]
    scripts/ci/reliability.py segv  --decant BIN

fuzz:  mutates corpus images (bit flips, truncations, header edits, junk, zero bytes) into an inbox of
       several jobs, runs `decant run` over it, and checks that the runner did not crash (exit 0 or 2) and
       that every image is accounted for in its job's pages.json.
kill9: runs the corpus once without interruption, then again with `kill -9` at random moments, each kill
       followed by a resume, and checks the final reports equal the uninterrupted run's byte for byte
       outside timing fields.
segv:  kills the worker process with SIGSEGV while it reads an image and checks that exactly that image
       failed, naming the signal, and that every other image succeeded.
Exit status 0 when every check passes.
"""
import argparse, json, os, random, re, shutil, signal, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TIMING_KEYS = {"timingsMS", "wallClockMS", "ms", "startedAt", "finishedAt", "reusedImages", "elapsedSeconds"}


def corpus_images():
    images = []
    for folder, _, files in os.walk(os.path.join(ROOT, "Corpus")):
        for name in sorted(files):
            if name.endswith(".jpg"):
                images.append(os.path.join(folder, name))
    return sorted(images)


def mutate(data, rng):
    data = bytearray(data)
    kind = rng.choice(["flip", "flip", "truncate", "header", "junk", "zero", "splice", "dims"])
    if kind == "flip":
        for _ in range(rng.randint(1, 64)):
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
    elif kind == "truncate":
        data = data[: rng.randrange(1, max(2, len(data)))]
    elif kind == "header":
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(min(len(data), 1024))
            data[i] = rng.randrange(256)
    elif kind == "junk":
        data = bytearray(rng.randbytes(rng.randint(1, 4096)))
    elif kind == "zero":
        data = bytearray()
    elif kind == "splice":
        a, b = sorted(rng.sample(range(len(data)), 2))
        data = data[:a] + data[b:]
    elif kind == "dims":
        # JPEG SOF: rewrite the declared size to something huge (a decompression bomb).
        i = data.find(b"\xff\xc0")
        if i > 0 and i + 9 < len(data):
            data[i + 5:i + 9] = bytes([0xff, 0xf0, 0xff, 0xf0])
        else:
            data[0:4] = b"\x00\x00\x00\x00"
    return bytes(data), kind


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def fuzz(args):
    rng = random.Random(args.seed)
    sources = corpus_images()
    inbox = tempfile.mkdtemp(prefix="decant-fuzz-")
    out = tempfile.mkdtemp(prefix="decant-fuzz-out-")
    expected = {}
    kinds = {}
    for n in range(args.count):
        job = f"job-{n // 100:02d}"
        src = rng.choice(sources)
        data, kind = mutate(open(src, "rb").read(), rng)
        ext = rng.choice([".jpg", ".jpg", ".jpg", ".png", ".tif"])  # wrong extensions on purpose
        name = f"m{n:05d}{ext}"
        os.makedirs(os.path.join(inbox, job), exist_ok=True)
        with open(os.path.join(inbox, job, name), "wb") as f:
            f.write(data)
        expected.setdefault(job, set()).add(name)
        kinds[kind] = kinds.get(kind, 0) + 1
    started = time.time()
    result = run([args.decant, "run", inbox, "--out", out, "--quiet", "--timeout", str(args.timeout), "--no-history"]
                 + (["--jobs", str(args.jobs)] if args.jobs else []))
    elapsed = time.time() - started
    problems = []
    if result.returncode not in (0, 2):
        problems.append(f"runner exited {result.returncode}: {result.stderr[-2000:]}")
    failed = ok = 0
    for job, names in expected.items():
        path = os.path.join(out, job, "pages.json")
        if not os.path.exists(path):
            problems.append(f"{job}: no pages.json")
            continue
        pages = json.load(open(path))["pages"]
        seen = {p["image"] for p in pages}
        if seen != names:
            problems.append(f"{job}: pages.json accounts for {len(seen)} of {len(names)} images; missing {sorted(names - seen)[:5]}")
        for p in pages:
            if p.get("error"):
                failed += 1
                if not p["error"]["message"].startswith(p["image"]):
                    problems.append(f"{job}/{p['image']}: error does not name the file: {p['error']['message']}")
            else:
                ok += 1
    print(f"fuzz: {args.count} mutated images ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}) in {elapsed:.0f} s: "
          f"runner exit {result.returncode}, {ok} read, {failed} failed with an error, {len(problems)} problems")
    for p in problems[:20]:
        print("  PROBLEM:", p)
    shutil.rmtree(inbox, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    return 0 if not problems else 1


def strip_timing(value):
    if isinstance(value, dict):
        return {k: strip_timing(v) for k, v in value.items() if k not in TIMING_KEYS and not k.startswith(("ms.", "cpuMS."))}
    if isinstance(value, list):
        return [strip_timing(v) for v in value]
    return value


def report_files(out):
    files = {}
    for folder, dirs, names in os.walk(out):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in names:
            if name.startswith(".") or name.endswith(".sqlite") or name.endswith("-wal") or name.endswith("-shm"):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, out)
            data = open(path, "rb").read()
            if name.endswith(".json"):
                data = json.dumps(strip_timing(json.loads(data)), sort_keys=True).encode()
            files[rel] = data
    return files


def compare(reference, candidate):
    a, b = report_files(reference), report_files(candidate)
    differences = [f"only in uninterrupted run: {k}" for k in sorted(set(a) - set(b))]
    differences += [f"only in resumed run: {k}" for k in sorted(set(b) - set(a))]
    for k in sorted(set(a) & set(b)):
        if a[k] != b[k]:
            differences.append(f"differs: {k}" + first_difference(a[k], b[k]))
    return differences


def first_difference(x, y):
    """Where two report files first differ: a JSON path, or nothing for other files."""
    try:
        x, y = json.loads(x), json.loads(y)
    except ValueError:
        return ""

    def walk(u, v, path):
        if type(u) != type(v):
            return path
        if isinstance(u, dict):
            for k in sorted(set(u) | set(v)):
                if k not in u or k not in v:
                    return f"{path}/{k}"
                found = walk(u[k], v[k], f"{path}/{k}")
                if found:
                    return found
            return None
        if isinstance(u, list):
            if len(u) != len(v):
                return f"{path} (length {len(u)} vs {len(v)})"
            for i, (p, q) in enumerate(zip(u, v)):
                found = walk(p, q, f"{path}/{i}")
                if found:
                    return found
            return None
        return None if u == v else f"{path}: {str(u)[:60]!r} vs {str(v)[:60]!r}"

    found = walk(x, y, "")
    return f" at {found}" if found else ""


def kill9(args):
    rng = random.Random(args.seed)
    corpus = os.path.join(ROOT, "Corpus")
    reference = tempfile.mkdtemp(prefix="decant-ref-")
    started = time.time()
    # History is left out: a run killed after its history commit makes the next one a second night
    # (its changes.json rightly differs); the history's own crash safety is CrashRecoveryTests'.
    r = run([args.decant, "run", corpus, "--out", reference, "--quiet", "--no-history", "--no-html"])
    full = time.time() - started
    if r.returncode not in (0, 2):
        print(f"kill9: reference run failed ({r.returncode}): {r.stderr[-1000:]}")
        return 1
    out = tempfile.mkdtemp(prefix="decant-kill-")
    kills = 0
    attempts = 0
    while True:
        attempts += 1
        process = subprocess.Popen([args.decant, "run", corpus, "--out", out, "--quiet", "--no-history", "--no-html"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        if kills < args.kills:
            delay = rng.uniform(0.05, max(0.2, full / max(2, args.kills // 4)))
            try:
                process.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)   # the runner and its workers, like a power cut
                process.wait()
                kills += 1
                continue
        process.wait()
        stderr = process.stderr.read().decode(errors="replace")
        if process.returncode not in (0, 2):
            print(f"kill9: resumed run failed ({process.returncode}): {stderr[-1000:]}")
            return 1
        if kills >= args.kills:
            break
    differences = compare(reference, out)
    print(f"kill9: {kills} kill -9s at random moments over {attempts} runs (uninterrupted run: {full:.0f} s); "
          f"final reports vs uninterrupted run: {len(differences)} differences outside timing fields")
    for d in differences[:20]:
        print("  ", d)
    shutil.rmtree(reference, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    return 0 if not differences else 1


def children(pid):
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open(f"/proc/{entry}/stat").read()
                ppid = int(stat[stat.rindex(")") + 2:].split()[1])
                if ppid == pid:
                    found.append(int(entry))
            except (OSError, ValueError):
                pass
    return found


def segv(args):
    inbox = os.path.join(ROOT, "Corpus", "smoke")
    out = tempfile.mkdtemp(prefix="decant-segv-")
    process = subprocess.Popen([args.decant, "run", inbox, "--out", out, "--jobs", "1", "--log-format", "json", "--no-history"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = process.stdout.readline()   # one image done: the worker is now on the next one
    time.sleep(0.3)
    workers = children(process.pid)
    for w in workers:
        os.kill(w, signal.SIGSEGV)
    process.wait()
    pages = json.load(open(os.path.join(out, "smoke", "pages.json")))["pages"]
    failed = [p for p in pages if p.get("error")]
    good = [p for p in pages if not p.get("error")]
    ok = process.returncode == 2 and len(failed) == 1 and "SIGSEGV" in failed[0]["error"]["message"] and len(good) == len(pages) - 1
    print(f"segv: signalled {len(workers)} worker(s) after '{first.strip()[:60]}…'; exit {process.returncode}; "
          f"failed: {[(p['image'], p['error']['message']) for p in failed]}; succeeded: {[p['image'] for p in good]}")
    shutil.rmtree(out, ignore_errors=True)
    return 0 if ok else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["fuzz", "kill9", "segv"])
    parser.add_argument("--decant", default=os.path.join(ROOT, ".build/release/decant"))
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=0)
    parser.add_argument("--timeout", type=int, default=60)
    args = parser.parse_args()
    os.environ["OMP_THREAD_LIMIT"] = "1"
    return {"fuzz": fuzz, "kill9": kill9, "segv": segv}[args.mode](args)


if __name__ == "__main__":
    sys.exit(main())
