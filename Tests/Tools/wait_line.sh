# Sourced by the tools' shell scripts.
#
# wait_line PID FILE EXPR: prints the first line of FILE that the sed expression EXPR (run
# with -n) prints, once there is one, waiting while process PID runs; prints nothing if the
# process ends first. For the address a studio command prints once it listens.
wait_line() {
  wait_line_found=
  while [ -z "$wait_line_found" ] && kill -0 "$1" 2>/dev/null; do
    sleep 0.2
    wait_line_found=$(sed -n "$3" "$2" | head -n 1)
  done
  printf '%s' "$wait_line_found"
}
