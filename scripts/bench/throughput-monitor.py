#!/usr/bin/env python3
"""Measuring instrument for scripts/bench/bench-throughput.sh (never part of the product).

Runs a command, polls /proc every 50 ms for all its descendant processes and reports as JSON:
wall-clock seconds, CPU seconds of the whole process tree (getrusage of reaped children), peak RSS
(VmHWM) of every descendant by command name, and — when the command writes Decant's
`--log-format json` lines on stdout — the time of every finished image plus each worker's current
RSS sampled at every tenth of the images (to show memory stays flat as the run goes on).

    throughput-monitor.py OUT.json -- COMMAND ARG...
"""
import json, os, resource, subprocess, sys, threading, time

def children_map():
    kids = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
            fields = stat[stat.rindex(")") + 2:].split()
            kids.setdefault(int(fields[1]), []).append(int(name))
        except (OSError, ValueError):
            pass
    return kids

def descendants(root):
    kids, out, todo = children_map(), [], [root]
    while todo:
        pid = todo.pop()
        for c in kids.get(pid, []):
            out.append(c)
            todo.append(c)
    return out

def status(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            text = f.read()
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            cmd = f.read().split(b"\0")
    except OSError:
        return None
    values = {}
    for line in text.splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmHWM", "VmRSS"):
            values[key] = int(rest.split()[0]) / 1024.0  # MiB
    name = os.path.basename(cmd[0].decode(errors="replace")) if cmd and cmd[0] else "?"
    role = "worker" if b"--worker" in cmd else name
    return role, values.get("VmHWM", 0.0), values.get("VmRSS", 0.0)

def main():
    out_path, sep, command = sys.argv[1], sys.argv[2], sys.argv[3:]
    assert sep == "--" and command
    start = time.monotonic()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    peaks = {}            # pid -> (role, peak MiB)
    latest = {}           # pid -> (role, current RSS MiB)
    lock = threading.Lock()
    done = threading.Event()

    def poll():
        while not done.is_set():
            for pid in [proc.pid] + descendants(proc.pid):
                s = status(pid)
                if s is None:
                    continue
                role, hwm, rss = s
                if pid == proc.pid:
                    role = "parent"
                with lock:
                    known, old = peaks.get(pid, (role, 0.0))
                    # An exiting process shows an empty command line: keep the name first seen.
                    role = known if known != "?" else role
                    peaks[pid] = (role, max(old, hwm, rss))
                    latest[pid] = (role, rss)
            time.sleep(0.05)

    thread = threading.Thread(target=poll, daemon=True)
    thread.start()
    images, samples, summary = [], [], None
    total = int(os.environ.get("MONITOR_TOTAL", "0"))
    for line in proc.stdout:
        now = time.monotonic() - start
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if event.get("event") == "image":
            images.append(now)
            if total and (len(images) * 10 // total) != ((len(images) - 1) * 10 // total):
                with lock:
                    workers = {p: r for p, (role, r) in latest.items() if role == "worker" and os.path.exists(f"/proc/{p}")}
                samples.append({"images": len(images), "workerRSSMiB": sorted(round(v, 1) for v in workers.values())})
        elif event.get("event") == "run":
            summary = event
    code = proc.wait()
    wall = time.monotonic() - start
    done.set()
    thread.join()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    by_role = {}
    for role, peak in peaks.values():
        by_role.setdefault(role, []).append(round(peak, 1))
    result = {
        "command": command, "exit": code, "wallSeconds": round(wall, 3),
        "cpuSeconds": round(usage.ru_utime + usage.ru_stime, 2),
        "peakRSSMiBByProcess": {k: sorted(v) for k, v in by_role.items()},
        "imageEvents": len(images), "lastImageSeconds": round(images[-1], 3) if images else None,
        "rssByProgress": samples, "run": summary,
    }
    with open(out_path, "w") as f:
        json.dump(result, f, indent=1)
    sys.exit(code)

main()
