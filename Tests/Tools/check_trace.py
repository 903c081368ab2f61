#!/usr/bin/env python3
"""Checks a Chrome Trace Event Format file the way a trace viewer relies on it.

Written from the format's published description (the "Trace Event Format" document that
chrome://tracing and Perfetto follow), independently of the code that writes LiveStudio's
traces. Exit 0 when every rule holds, 1 (listing the
first problems) otherwise, 2 when the file cannot be read as a trace at all.

Rules checked:
  - the file is JSON: an object with a "traceEvents" list (or a bare list of events);
  - every event has a known phase "ph", a "pid" and a "tid"; timed events a numeric "ts";
  - complete events ("X") have a duration >= 0 (begin <= end);
  - on each thread (pid, tid), events appear in the file with timestamps that never go back;
  - on each thread, complete events nest: one that starts inside another ends inside it;
  - flow events ("s", "t", "f") pair up: every id that starts also finishes, and after it;
  - the time of LiveStudio's frames is accounted for: in each frame (a complete event of
    category "frame"), the time of its "update" and "draw" phases (category "phase") that
    lies in no slice inside them, nor inside each fixed "step" (category "loop") or each
    layer's drawing (category "layer") in them, may be SHARE of the two phases (0.05 unless
    given), or ALLOWANCE microseconds (20 unless given), whichever is more: the tracer's own
    bookkeeping for each slice lands in its parent after the slice ends, a gap of a few
    microseconds a slice in an optimised build. An unoptimised build spends several times
    as long on it, and more again on a loaded machine, in proportion to the work it
    records: its traces are checked with a larger SHARE. The gaps are
    summed over the frames and held to the allowances' sum, so one frame in which the
    thread was descheduled between two slices does not fail the trace. So the widget
    slices (each covering its subtree) and the loop's own named work add up to the frames'
    update and draw.

Usage: check_trace.py [--allowance-us N] [--share F] TRACE.json
"""
import bisect
import json
import sys
from collections import defaultdict

KNOWN_PHASES = set("BEXIiCbneSTpFsftPOND") | {"M", "R", "c", "(", ")"}


def ns(value):
    """Microseconds (a JSON number) as integer nanoseconds: timestamps carry at most three
    decimals, so comparisons are exact."""
    return round(float(value) * 1000)


def check(events, allowance_ns=20_000, share=0.05):
    problems = []
    last_ts = {}
    complete = defaultdict(list)
    flows = defaultdict(list)
    for i, e in enumerate(events):
        where = f"event {i} ({e.get('name', '?')!r})"
        ph = e.get("ph")
        if ph not in KNOWN_PHASES:
            problems.append(f"{where}: unknown phase {ph!r}")
            continue
        if "pid" not in e or "tid" not in e:
            problems.append(f"{where}: no pid or tid")
            continue
        if ph == "M":
            continue
        if not isinstance(e.get("ts"), (int, float)):
            problems.append(f"{where}: no numeric ts")
            continue
        track = (e["pid"], e["tid"])
        ts = ns(e["ts"])
        if track in last_ts and ts < last_ts[track]:
            problems.append(f"{where}: time goes back on thread {track}: {ts} ns after {last_ts[track]} ns")
        last_ts[track] = ts
        if ph == "X":
            dur = e.get("dur")
            if not isinstance(dur, (int, float)) or dur < 0:
                problems.append(f"{where}: complete event with duration {dur!r}")
                continue
            complete[track].append((ts, ts + ns(dur), e.get("name"), e.get("cat"), i))
        elif ph in ("s", "t", "f"):
            flows[e.get("id")].append((ph, ts, i))

    covered = {}
    for track, spans in complete.items():
        stack = []
        for begin, end, name, cat, i in sorted(spans, key=lambda s: (s[0], -s[1], s[4])):
            while stack and stack[-1][1] <= begin:
                stack.pop()
            if stack and end > stack[-1][1]:
                parent = stack[-1]
                problems.append(f"event {i} ({name!r}) on thread {track} [{begin}, {end}] ns overlaps "
                                f"{parent[2]!r} [{parent[0]}, {parent[1]}] ns without nesting in it")
            elif stack:
                parent = stack[-1]
                covered[parent[3]] = covered.get(parent[3], 0) + (end - begin)
            stack.append((begin, end, name, i, cat))
        frame_of = {}
        frames = sorted((s for s in spans if s[3] == "frame"), key=lambda s: s[0])
        starts = [f[0] for f in frames]
        phases, gaps = defaultdict(int), defaultdict(int)
        for begin, end, name, cat, i in spans:
            accounted = (cat == "phase" and name in ("update", "draw")) or (cat == "loop" and name == "step") \
                or cat == "layer"
            if not accounted:
                continue
            k = bisect.bisect_right(starts, begin) - 1
            if k < 0 or end > frames[k][1]:
                continue
            gaps[k] += (end - begin) - covered.get(i, 0)
            if cat == "phase":
                phases[k] += end - begin
        # Summed over the frames, so that the odd frame in which the thread was descheduled
        # between two slices does not fail a trace whose slices account for the rest.
        budget = sum(max(share * phases[k], allowance_ns) for k in gaps)
        total = sum(gaps.values())
        if total > budget:
            worst = max(gaps, key=lambda k: gaps[k] - max(share * phases[k], allowance_ns))
            problems.append(f"thread {track}: {total} ns of {len(gaps)} frames' update and draw "
                            f"({sum(phases.values())} ns) are in no slice inside them, over the {round(budget)} ns "
                            f"allowed; the worst is frame event {frames[worst][4]}, {gaps[worst]} ns of {phases[worst]}")

    for flow_id, steps in flows.items():
        kinds = [k for k, _, _ in steps]
        if kinds.count("s") != 1 or kinds.count("f") != 1:
            problems.append(f"flow {flow_id!r}: {kinds.count('s')} start(s) and {kinds.count('f')} finish(es)")
            continue
        start = next(t for k, t, _ in steps if k == "s")
        finish = next(t for k, t, _ in steps if k == "f")
        if finish < start:
            problems.append(f"flow {flow_id!r}: finishes before it starts")

    return problems


def main():
    args = sys.argv[1:]
    limits = {"--allowance-us": 20.0, "--share": 0.05}
    while len(args) >= 3 and args[0] in limits:
        try:
            limits[args[0]] = float(args[1])
        except ValueError:
            limits[args[0]] = -1.0
        args = args[2:]
    if len(args) != 1 or not all(0 <= v < float("inf") for v in limits.values()) or limits["--share"] > 1:
        print("usage: check_trace.py [--allowance-us N] [--share F] TRACE.json "
              "(N microseconds >= 0, F a fraction from 0 to 1)", file=sys.stderr)
        return 2
    path = args[0]
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as error:
        print(f"{path}: not a readable JSON trace: {error}", file=sys.stderr)
        return 2
    events = data.get("traceEvents") if isinstance(data, dict) else data
    if not isinstance(events, list):
        print(f"{path}: no traceEvents list", file=sys.stderr)
        return 2
    problems = check(events, allowance_ns=limits["--allowance-us"] * 1000, share=limits["--share"])
    timed = sum(1 for e in events if isinstance(e, dict) and e.get("ph") == "X")
    if problems:
        for p in problems[:20]:
            print(p)
        print(f"{len(problems)} problem(s) in {len(events)} events")
        return 1
    print(f"ok: {len(events)} events, {timed} complete spans")
    return 0


if __name__ == "__main__":
    sys.exit(main())
