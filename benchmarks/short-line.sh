#!/usr/bin/env bash
# A short sysbench line as a user types it, whole-process wall time: sysbench 1.0.20 against bench's launcher
# (cli/target/sysbench, its class-data archive made in an unmeasured first line) with the stock oltp_read_write.lua
# (bench's Java version) and with a copy one comment line longer at its end (bench's Lua runtime), alternately on one private
# server. Two builds can be weighed side by side: each of DIRS is a directory holding bench.jar and the `sysbench`
# launcher (copy them out of cli/target first: a build must not replace a jar that is being measured).
# Prints each line's wall time and queries, then per client the median wall time and its difference to sysbench's.
#
# Usage: benchmarks/short-line.sh DIR...      env: SERVER=mariadb TIME=3 THREADS=8 ROUNDS=5 TABLES=4 SIZE=10000
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 DIR... (each with bench.jar and sysbench)" >&2; exit 2; }
SERVER=${SERVER:-mariadb}; TIME=${TIME:-3}; THREADS=${THREADS:-8}; ROUNDS=${ROUNDS:-5}; TABLES=${TABLES:-4}; SIZE=${SIZE:-10000}
DIRS=("$@")
JAR=${DIRS[0]}/bench.jar; NAME=short-line; . benchmarks/private-server.sh
sysbench oltp_read_only "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" prepare >/dev/null
copy=$dir/my_read_write.lua
{ cat /usr/share/sysbench/oltp_read_write.lua; echo "-- a copy of sysbench's script: bench runs it in its Lua runtime"; } > "$copy"
cp /usr/share/sysbench/oltp_common.lua "$dir/"
line=("${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" --threads="$THREADS" --time="$TIME")

clients=(sysbench)
for d in "${DIRS[@]}"; do clients+=("$d/sysbench:stock" "$d/sysbench:copy"); done
run() {   # one line of client $1; prints "wall_seconds queries"
  local prog=${1%%:*} kind=${1#*:} script=oltp_read_write t0 t1 q
  [ "$kind" = copy ] && script=$copy
  t0=$(date +%s.%N)
  q=$("$prog" "$script" "${line[@]}" run | awk '/queries:/ {print $2; exit}')
  t1=$(date +%s.%N)
  echo "$(echo "$t1 - $t0" | bc) ${q:-0}"
}
for c in "${clients[@]:1}"; do run "$c" >/dev/null; done      # the archives, unmeasured
run sysbench >/dev/null
echo "# $(date -u +%F) $(git rev-parse --short HEAD) $SERVER, $(java -version 2>&1 | head -1), ${THREADS} threads, --time=$TIME, $ROUNDS rounds"
results=$dir/results
for r in $(seq "$ROUNDS"); do
  for c in "${clients[@]}"; do
    read -r wall q < <(run "$c")
    printf '%-40s round %d: %6.2f s %8d queries\n' "$c" "$r" "$wall" "$q"
    echo "$c $wall $q" >> "$results"
  done
done
python3 - "$results" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
by = {}
for c, w, q in rows:
    by.setdefault(c, []).append((float(w), int(q)))
base = statistics.median(w for w, _ in by["sysbench"])
print(f"{'client':40s} {'median wall':>11s} {'vs sysbench':>11s} {'queries (min-max)':>20s}")
for c, v in by.items():
    m = statistics.median(w for w, _ in v)
    print(f"{c:40s} {m:9.2f} s {m - base:+9.2f} s {min(q for _, q in v):>9d}-{max(q for _, q in v)}")
PY
