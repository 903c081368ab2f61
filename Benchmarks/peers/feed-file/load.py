#!/usr/bin/env python3
"""Loads a Bilibili danmaku file the way another tool would, and prints one JSON line:
{"peer": ..., "records": N, "seconds": S, "peak_mb": M} or {"peer": ..., "missing": why}.

Usage: load.py PEER FILE, where PEER is
  iterparse  Python's xml.etree.ElementTree.iterparse (expat): every <d> element's time,
             mode and text kept as a tuple, each element cleared once read, the list sorted
             by time at the end. That is what a player needs to play a file by time, as
             LiveStudio's --feed-file does.
  biliass    biliass (PyPI, a Rust core) converting the file to an ASS subtitle script at
             720x1280: it parses every comment and lays it out, so it does more than load;
             it is the tool people use on these files.

Each peer runs in its own process, so its peak resident memory (ru_maxrss) is its own.
"""
import json
import resource
import sys
import time


def iterparse(path):
    from xml.etree.ElementTree import iterparse as parse

    records = []
    for _, element in parse(path, events=("end",)):
        if element.tag == "d":
            fields = (element.get("p") or "").split(",")
            try:
                records.append((float(fields[0]), int(fields[1]), element.text or ""))
            except (ValueError, IndexError):
                pass
            element.clear()
    records.sort(key=lambda record: record[0])
    return len(records)


def biliass(path):
    import biliass as library

    with open(path, "rb") as file:
        data = file.read()
    script = library.convert_to_ass(data, 720, 1280)
    # One "Dialogue:" line per comment it kept.
    return script.count("\nDialogue:")


PEERS = {"iterparse": iterparse, "biliass": biliass}


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in PEERS:
        print(f"usage: load.py {{{','.join(PEERS)}}} FILE", file=sys.stderr)
        return 64
    name, path = sys.argv[1], sys.argv[2]
    start = time.perf_counter()
    try:
        records = PEERS[name](path)
    except ImportError as error:
        print(json.dumps({"peer": name, "missing": f"not installed ({error.name}); pip install {error.name}"}))
        return 0
    seconds = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"peer": name, "records": records, "seconds": round(seconds, 3), "peak_mb": round(peak_mb, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
