#!/usr/bin/env python3
"""Checks a Chrome Trace Event Format file the way a trace viewer relies on it.

Written from the format's published description (the "Trace Event Format" document that
chrome://tracing and Perfetto follow), independently of the code that writes LiveStudio's
traces. Usage: check_trace.py TRACE.json   Exit 0 when every rule holds, 1 (listing the
first problems) otherwise, 2 when the file cannot be read as a trace at all.

Rules checked:
  - the file is JSON: an object with a "traceEvents" list (or a bare list of events);
  - every event has a known phase "ph", a "pid" and a "tid"; timed events a numeric "ts";
  - complete events ("X") have a duration >= 0 (begin <= end);
  - on each thread (pid, tid), events appear in the file with timestamps that never go back;
  - on each thread, complete events nest: one that starts inside another ends inside it;
  - flow events ("s", "t", "f") pair up: every id that starts also finishes, and after it;
  - per frame (a complete event of category "frame" on a thread), the spans of category
    "widget" inside it add up to no more than its "update" and "draw" phases.
"""
import json
import sys
from collections import defaultdict

KNOWN_PHASES = set("BEXIiCbneSTpFsftPOND") | {"M", "R", "c", "(", ")"}


def ns(value):
    """Microseconds (a JSON number) as integer nanoseconds: timestamps carry at most three
    decimals, so comparisons are exact."""
    return round(float(value) * 1000)


def check(events):
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

    for track, spans in complete.items():
        stack = []
        for begin, end, name, cat, i in sorted(spans, key=lambda s: (s[0], -s[1], s[4])):
            while stack and stack[-1][1] <= begin:
                stack.pop()
            if stack and end > stack[-1][1]:
                parent = stack[-1]
                problems.append(f"event {i} ({name!r}) on thread {track} [{begin}, {end}] ns overlaps "
                                f"{parent[2]!r} [{parent[0]}, {parent[1]}] ns without nesting in it")
            stack.append((begin, end, name))

    for flow_id, steps in flows.items():
        kinds = [k for k, _, _ in steps]
        if kinds.count("s") != 1 or kinds.count("f") != 1:
            problems.append(f"flow {flow_id!r}: {kinds.count('s')} start(s) and {kinds.count('f')} finish(es)")
            continue
        start = next(t for k, t, _ in steps if k == "s")
        finish = next(t for k, t, _ in steps if k == "f")
        if finish < start:
            problems.append(f"flow {flow_id!r}: finishes before it starts")

    for track, spans in complete.items():
        frames = [s for s in spans if s[3] == "frame"]
        for fb, fe, fname, _, fi in frames:
            inside = [s for s in spans if fb <= s[0] and s[1] <= fe]
            phases = sum(s[1] - s[0] for s in inside if s[3] == "phase" and s[2] in ("update", "draw"))
            widgets = sum(s[1] - s[0] for s in inside if s[3] == "widget")
            if widgets > phases:
                problems.append(f"frame event {fi} on thread {track}: its widget spans add up to {widgets} ns, "
                                f"more than its update and draw phases ({phases} ns)")
    return problems


def main():
    if len(sys.argv) != 2:
        print("usage: check_trace.py TRACE.json", file=sys.stderr)
        return 2
    try:
        with open(sys.argv[1], encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as error:
        print(f"{sys.argv[1]}: not a readable JSON trace: {error}", file=sys.stderr)
        return 2
    events = data.get("traceEvents") if isinstance(data, dict) else data
    if not isinstance(events, list):
        print(f"{sys.argv[1]}: no traceEvents list", file=sys.stderr)
        return 2
    problems = check(events)
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
