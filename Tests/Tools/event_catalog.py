#!/usr/bin/env python3
"""The event catalogue, read from the code: every EventKey declared in Sources/, with its
payload type, its doc comment, what a server note of it is about, and the types that
publish it and listen to it.

    python3 Tests/Tools/event_catalog.py            # writes docs/EVENTS.md and the DevTools data
    python3 Tests/Tools/event_catalog.py --check    # exits 1 when either is stale, or when a
                                                    # key is published and never heard, or
                                                    # heard and never published

`make events` runs the first; a test runs the second. The catalogue is read from the source
text, so it sees a key where the code names it: `publish(.key`, `listen(to: .key`,
`subscribe(…, to: .key`, a server note (`StudioNote(.key`, `note(.key`, a scenario action's
`.message("…", .key)`), and a video channel's keys through `keys.<member>`. A key reached
another way (held in a variable) is not seen, so the code names keys at their use.
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCES = os.path.join(ROOT, "Sources")
MARKDOWN = os.path.join(ROOT, "docs", "EVENTS.md")
SWIFT = os.path.join(ROOT, "Sources", "StudioDevTools", "DevToolsEventCatalog.swift")

EXTENSION = re.compile(r"^extension EventKey where Payload == (.+?) \{")
DECLARATION = re.compile(
    r"^\s+(?:public |package )?static let (\w+) = EventKey\(\"([^\"]+)\"(?:, note: \.(\w+))?\)")
# A channel's set of video keys: `static let main = VideoKeys(request: .videoControlRequested, …)`.
VIDEO_SET = re.compile(r"static let \w+ = VideoKeys\(([^)]*)\)", re.S)
VIDEO_MEMBER = re.compile(r"(\w+): \.(\w+)")
TYPE = re.compile(
    r"^(?:@\w+(?:\([^)]*\))? )*(?:(?:public|package|private|fileprivate|internal|final|open) )*"
    r"(?:class|struct|enum|actor|extension|protocol) (\w+)")
KEY = r"(?:EventKey(?:<[^>]*>)?)?\.(\w+)"
PUBLISHES = [
    re.compile(r"\bpublish\(\s*" + KEY),
    re.compile(r"\bStudioNote\(\s*" + KEY),
    re.compile(r"(?<![\w.])note\(\s*" + KEY),
    re.compile(r"\.message\(\"[^\"]*\",\s*" + KEY),
]
LISTENS = [
    re.compile(r"\blisten\(to:\s*" + KEY),
    re.compile(r"\bsubscribe\([^,()]+,\s*to:\s*" + KEY),
    # A sheet that opens on an event (`BottomSheetWidget`'s `opensOn:`).
    re.compile(r"\bopensOn:\s*" + KEY),
    # The announcer benchmark's listeners.
    re.compile(r"\blisteners\(\w+, of:\s*" + KEY),
]
# A declared exception, in the key's doc comment: `- Unheard: <why>` for a key LiveStudio
# publishes for packages and tools to hear, `- Unpublished: <why>` for one it hears from them.
EXCEPTION = re.compile(r"^- (Unheard|Unpublished): (.+)$")
# A video channel's keys, reached through the channel: `keys.frame`, `channel.keys.request`.
VIDEO_USE = re.compile(r"\bkeys\.(\w+)")


def swift_files():
    for folder, _, names in os.walk(SOURCES):
        for name in sorted(names):
            if name.endswith(".swift") and name != "DevToolsEventCatalog.swift":
                yield os.path.join(folder, name)


def module_of(path):
    return os.path.relpath(path, SOURCES).split(os.sep)[0]


def read_declarations(files):
    keys = {}  # Swift name -> entry
    video = {}  # VideoKeys member -> the Swift names of each channel's key
    for path in files:
        text = open(path, encoding="utf-8").read()
        for m in VIDEO_SET.finditer(text):
            for member, key in VIDEO_MEMBER.findall(m.group(1)):
                video.setdefault(member, []).append(key)
        lines = text.split("\n")
        payload = None
        doc = []
        for number, line in enumerate(lines, 1):
            if m := EXTENSION.match(line):
                payload = m.group(1)
            elif line.startswith("}"):
                payload = None
            stripped = line.strip()
            if stripped.startswith("///"):
                doc.append(stripped[3:].strip())
                continue
            exceptions = {}
            text = []
            for d in doc:
                if m := EXCEPTION.match(d):
                    exceptions[m.group(1).lower()] = m.group(2)
                elif exceptions and d:
                    last = list(exceptions)[-1]
                    exceptions[last] += " " + d
                else:
                    text.append(d)
            doc = text
            if payload and (m := DECLARATION.match(line)):
                keys[m.group(1)] = entry(m.group(2), payload, " ".join(doc), m.group(3), path, number)
                keys[m.group(1)].update(exceptions)
            doc = []
    return keys, video


def entry(name, payload, doc, note, path, line):
    return {
        "name": name, "payload": payload, "doc": doc, "note": note,
        "module": module_of(path), "declared": os.path.relpath(path, ROOT),
        "publishers": set(), "listeners": set(),
    }


def read_uses(files, keys, video):
    for path in files:
        kind = None
        module = module_of(path)
        for line in open(path, encoding="utf-8"):
            if m := TYPE.match(line):
                kind = m.group(1)
            code = line.split("//", 1)[0]
            where = f"{module}.{kind or os.path.basename(path)[:-6]}"
            for pattern in PUBLISHES:
                for name in pattern.findall(code):
                    if name in keys:
                        keys[name]["publishers"].add(where)
            for pattern in LISTENS:
                for name in pattern.findall(code):
                    if name in keys:
                        keys[name]["listeners"].add(where)
            for m in VIDEO_USE.finditer(code):
                # A member reached through a channel is either channel's key.
                side = "listeners" if "to:" in code[:m.start()] else "publishers"
                for name in video.get(m.group(1), []):
                    if name in keys:
                        keys[name][side].add(where)


def catalogue():
    files = list(swift_files())
    keys, video = read_declarations(files)
    read_uses(files, keys, video)
    out = []
    for swift_name, e in sorted(keys.items(), key=lambda kv: (kv[1]["module"], kv[1]["name"])):
        out.append({
            "key": swift_name, "name": e["name"], "payload": e["payload"], "doc": e["doc"],
            "note": e["note"] or "", "module": e["module"], "declared": e["declared"],
            "publishers": sorted(e["publishers"]), "listeners": sorted(e["listeners"]),
            "unheard": e.get("unheard", ""), "unpublished": e.get("unpublished", ""),
        })
    return out


def markdown(entries):
    lines = [
        "# Events",
        "",
        "Every event a room's widgets, parts and server exchange: its key, the payload it",
        "carries, what it means, and who publishes and who listens. Generated from the code by",
        "`make events` (Tests/Tools/event_catalog.py); a test fails when this file is stale, or",
        "when a key is published and never heard or heard and never published. DevTools shows",
        "the same catalogue beside its live event log (click an event's name).",
        "",
        "A server note's subject (`note`) decides whether a room that is not live shows it:",
        "`audience` notes only reach a live stream, `stream` notes always do.",
        "",
    ]
    module = None
    for e in entries:
        if e["module"] != module:
            module = e["module"]
            lines += [f"## {module}", ""]
        note = f" · note: {e['note']}" if e["note"] else ""
        lines += [
            f"### `{e['key']}` ({e['name']}: {e['payload']}{note})",
            "",
            e["doc"] or "(no doc comment)",
            "",
            f"- Declared in `{e['declared']}`",
            "- Published by " + (", ".join(f"`{p}`" for p in e["publishers"]) or "nothing in LiveStudio")
            + (f" ({e['unpublished']})" if e["unpublished"] else ""),
            "- Heard by " + (", ".join(f"`{p}`" for p in e["listeners"]) or "nothing in LiveStudio")
            + (f" ({e['unheard']})" if e["unheard"] else ""),
            "",
        ]
    return "\n".join(lines).rstrip() + "\n"


def swift(entries):
    data = json.dumps(entries, ensure_ascii=False, indent=None, separators=(",", ":"))
    return (
        "// Generated by `make events` (Tests/Tools/event_catalog.py) from the code; do not edit.\n"
        "// A test fails when it is stale.\n\n"
        "/// The event catalogue as the DevTools page shows it beside the live log: each key, its\n"
        "/// payload, its doc comment, and who publishes and listens (docs/EVENTS.md has the same).\n"
        "enum DevToolsEventCatalog {\n"
        "    static let json = #\"\"\"\n"
        "        " + data + "\n"
        "        \"\"\"#\n"
        "}\n"
    )


def orphans(entries):
    found = []
    for e in entries:
        if e["publishers"] and not e["listeners"] and not e["unheard"]:
            found.append(f"{e['key']} ({e['declared']}) is published by {', '.join(e['publishers'])} and heard by nothing")
        if e["listeners"] and not e["publishers"] and not e["unpublished"]:
            found.append(f"{e['key']} ({e['declared']}) is heard by {', '.join(e['listeners'])} and published by nothing")
        if not e["listeners"] and not e["publishers"] and not (e["unheard"] and e["unpublished"]):
            found.append(f"{e['key']} ({e['declared']}) is neither published nor heard: remove it")
    return found


def main():
    entries = catalogue()
    outputs = {MARKDOWN: markdown(entries), SWIFT: swift(entries)}
    if "--check" in sys.argv:
        problems = orphans(entries)
        for path, text in outputs.items():
            current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
            if current != text:
                problems.append(f"{os.path.relpath(path, ROOT)} is stale: run `make events` and commit it")
        for p in problems:
            print("event catalogue: " + p)
        print(f"event catalogue: {len(entries)} keys, {len(problems)} problems")
        sys.exit(1 if problems else 0)
    for path, text in outputs.items():
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    print(f"event catalogue: {len(entries)} keys written to docs/EVENTS.md and {os.path.relpath(SWIFT, ROOT)}")
    for p in orphans(entries):
        print("event catalogue: " + p)


if __name__ == "__main__":
    main()
