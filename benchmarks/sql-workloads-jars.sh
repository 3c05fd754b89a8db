#!/usr/bin/env bash
# The SQL template (examples/sql/kv.sql) and the SQL key-value baseline (sql-kv-get, sql-kv-set) with
# several builds of bench.jar and drivers, alternating in one session on one private server, to show
# that a change kept their speed and what another driver does. Prints per case bench's QPS, and the
# client's and the server's CPU microseconds per query in a steady window (benchmarks/timed.sh).
# Build a jar of another commit with:  git worktree add /tmp/old REV && (cd /tmp/old && ./mvnw -q -o -DskipTests package -pl cli -am)
#
# Usage: benchmarks/sql-workloads-jars.sh NAME=JAR[:DRIVER] ...
#        (e.g. before=/tmp/old/cli/target/bench.jar after=cli/target/bench.jar wire=cli/target/bench.jar:wire;
#         a jar given no driver runs with its default, MariaDB Connector/J)
#   env: ROUNDS=2 TIME=10 WARMUP=3 THREADS=8 WORKLOADS="sql sql-kv-get sql-kv-set"
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 NAME=JAR[:DRIVER] ..." >&2; exit 2; }
ROUNDS=${ROUNDS:-2}; TIME=${TIME:-10}; WARMUP=${WARMUP:-3}; THREADS=${THREADS:-8}
WORKLOADS=${WORKLOADS:-sql sql-kv-get sql-kv-set}
JAR=${1#*=}; JAR=${JAR%%:*}
for pair in "$@"; do
  jar=${pair#*=}; [ -f "${jar%%:*}" ] || { echo "no jar: ${jar%%:*}" >&2; exit 2; }
done
SERVER=mariadb NAME=sql-workloads; . benchmarks/private-server.sh
. benchmarks/timed.sh
WINDOW_AT=$((WARMUP + 3)); STEADY=$((TIME - 5 < 10 ? TIME - 5 : 10))
[ "$STEADY" -ge 3 ] || { echo "TIME must be at least 8 s" >&2; exit 2; }
conn=(--mysql-host 127.0.0.1 --mysql-port "$port" --mysql-user root --mysql-db sbtest)

options() {   # the workload's own options
  case "$1" in
    sql) echo "--script examples/sql/kv.sql" ;;
    sql-kv-*) echo "--table kv_baseline --keys 10000 --initial-load 10000 --key-pattern sequential" ;;
  esac
}
echo "# $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD), $THREADS threads, ${TIME}s after ${WARMUP}s warmup"
printf '%-11s %-8s %5s %9s | %12s %12s\n' workload build round qps "client µs/q" "server µs/q"
for round in $(seq "$ROUNDS"); do
  for workload in $WORKLOADS; do
    for pair in "$@"; do
      name=${pair%%=*}; spec=${pair#*=}; jar=${spec%%:*}; driver=()
      [ "$spec" != "$jar" ] && driver=(--driver "${spec#*:}")
      rm -rf "$dir/bench"
      # shellcheck disable=SC2046
      OUT=/dev/null timed java -jar "$jar" --workload "$workload" $(options "$workload") "${driver[@]}" "${conn[@]}" \
        --threads "$THREADS" --warmup-iterations 1 --warmup-time "$WARMUP" --iterations 1 --time "$TIME" \
        --report-interval 0 --collectors none --out "$dir/bench" 2>"$dir/b.cpu" \
        || { echo "$workload with $name failed:" >&2; tail -5 "$dir/b.cpu" >&2; exit 1; }
      qps=$(python3 -c 'import json,sys; print(round(json.load(open(sys.argv[1]))[0]["secondaryMetrics"]["qps"]["score"]))' \
        "$dir/bench/jmh-result.json")
      read -r _ client_us server_us _ _ _ < <(tail -1 "$dir/b.cpu")
      printf '%-11s %-8s %5s %9s | %12.1f %12.1f\n' "$workload" "$name" "$round" "$qps" "$client_us" "$server_us"
    done
  done
done
