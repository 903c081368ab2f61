#!/usr/bin/env bash
# The danmaku-file peer comparison. LiveStudio loads a video's Bilibili danmaku file as
# --feed-file loads it (`studio bench --scene recording --file-lines N`, which writes the
# file, real-shaped: mixed CJK, Latin and emoji, one in eight lines a mode-7 script, long
# lines now and then, not in time order) and keeps the file; then Python's iterparse and
# biliass read the same bytes (load.py). One table: seconds, lines a second and peak
# resident memory for each, at each size, and LiveStudio's speed-up over each.
# Usage: run-files.sh path/to/studio
# Env: LINES="500000 5000000" (the sizes), PYTHON (default python3; make bench-files gives .venv's)
set -euo pipefail
STUDIO=${1:?usage: run-files.sh path/to/studio}
HERE=$(cd "$(dirname "$0")" && pwd)
LINES=${LINES:-500000 5000000}
PYTHON=${PYTHON:-python3}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)

# One JSON object a line: {"peer", "lines", "records", "seconds", "peak_mb"} or {"peer", "lines", "missing"}.
ROWS=$WORK/rows.jsonl
for n in $LINES; do
  file=$WORK/danmaku-$n.xml
  echo "  $n lines: LiveStudio" >&2
  if "$STUDIO" bench --scene recording --frames 30 --top 0 --file-lines "$n" --keep-file "$file" --json >"$WORK/studio.json" 2>"$WORK/studio.err"; then
    "$PYTHON" - "$WORK/studio.json" "$n" >>"$ROWS" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
read = next(f for f in report["files"] if f["role"].startswith("loaded"))
peak = read.get("peakResident")
print(json.dumps({"peer": "LiveStudio", "lines": int(sys.argv[2]), "records": read["records"],
                  "seconds": read["seconds"], "peak_mb": round(peak / 1048576, 1) if peak else None}))
PY
  else
    echo "{\"peer\": \"LiveStudio\", \"lines\": $n, \"missing\": \"failed: $(tail -1 "$WORK/studio.err" | tr -d '"\\')\"}" >>"$ROWS"
    continue
  fi
  for peer in iterparse biliass; do
    echo "  $n lines: $peer" >&2
    line=$("$PYTHON" "$HERE/load.py" "$peer" "$file" 2>"$WORK/peer.err" || echo "{\"peer\": \"$peer\", \"missing\": \"failed: $(tail -1 "$WORK/peer.err" | tr -d '"\\')\"}")
    "$PYTHON" -c 'import json, sys; row = json.loads(sys.argv[1]); row["lines"] = int(sys.argv[2]); print(json.dumps(row))' "$line" "$n" >>"$ROWS"
  done
  rm -f "$file"
done

status=0
"$PYTHON" - "$ROWS" <<'PY' || status=$?
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
print()
print(f"{'lines':>9}  {'system':<11}  {'seconds':>8}  {'lines/s':>10}  {'peak MB':>8}  LiveStudio faster by")
for lines in sorted({row["lines"] for row in rows}):
    group = [row for row in rows if row["lines"] == lines]
    ours = next((row for row in group if row["peer"] == "LiveStudio" and "seconds" in row), None)
    for row in group:
        if "missing" in row:
            print(f"{lines:>9}  {row['peer']:<11}  {row['missing']}")
            continue
        rate = row["records"] / row["seconds"] if row["seconds"] > 0 else 0
        peak = f"{row['peak_mb']:.1f}" if row.get("peak_mb") is not None else "n/a"
        ratio = "-" if row["peer"] == "LiveStudio" else (f"{row['seconds'] / ours['seconds']:.1f}x" if ours else "n/a")
        print(f"{lines:>9}  {row['peer']:<11}  {row['seconds']:>8.3f}  {rate:>10,.0f}  {peak:>8}  {ratio}")
failed = [row for row in rows if row.get("missing", "").startswith("failed")]
sys.exit(1 if failed else 0)
PY
echo
echo "peak MB: each process's peak resident memory while it loaded (LiveStudio's from the start of the load, Python's for the whole run)"
echo "load average (1, 5, 15 min): start $LOAD_START, end $(cut -d' ' -f1-3 /proc/loadavg)"
echo "goal: 500,000 lines in <= 1 s and <= 100 MB peak; 5,000,000 in <= 10 s and <= 300 MB; ahead of biliass"
exit $status
