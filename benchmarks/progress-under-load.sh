#!/usr/bin/env bash
# Progress lines of a sysbench line at many threads on a small machine, bench against sysbench 1.0.20 on one
# private server: how many lines each prints, how many are late (a stamp that is no whole second, or a second
# missed), how many show tps != qps for point selects (one query per event: they must agree), and how often
# bench judged itself held up.
# Usage: benchmarks/progress-under-load.sh [JAR...]   (default cli/target/bench.jar; ROUNDS=3 THREADS=64 TIME=5)
set -euo pipefail
cd "$(dirname "$0")/.."
JARS=("${@:-cli/target/bench.jar}")
ROUNDS=${ROUNDS:-3}; THREADS=${THREADS:-64}; TIME=${TIME:-5}
SERVER=${SERVER:-mariadb} JAR=${JARS[0]} NAME=progress-under-load; . benchmarks/private-server.sh
common=(oltp_point_select "${sysbench_conn[@]}" --tables=1 --table-size=10000)
sysbench "${common[@]}" prepare >/dev/null
line=(--threads="$THREADS" --time="$TIME" --report-interval=1 run)
count() {   # what one run printed: lines, late, tps!=qps, held up
  awk -v time="$TIME" '
    /thds:/ { n++; s=$2; sub(/s$/, "", s); if (s !~ /^[0-9]+$/ || s != seen + 1) late++; seen = s
              for (i = 1; i <= NF; i++) { if ($i == "tps:") t = $(i+1); if ($i == "qps:") q = $(i+1) }
              if (t != q) diff++ }
    /held up/ { held++ }
    END { printf "%d lines, %d late, %d tps!=qps, %d held up\n", n, late, diff, held }'
}
for round in $(seq "$ROUNDS"); do
  for jar in "${JARS[@]}"; do
    printf '%-28s round %d: ' "$(basename "$(dirname "$(realpath "$jar")")")/$(basename "$jar")" "$round"
    java -Dbenchkit.as=sysbench -jar "$jar" "${common[@]}" "${line[@]}" 2>&1 | count
  done
  printf '%-28s round %d: ' sysbench "$round"
  sysbench "${common[@]}" "${line[@]}" 2>&1 | count
done
