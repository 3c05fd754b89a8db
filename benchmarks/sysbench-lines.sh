#!/usr/bin/env bash
# One sysbench 1.0.20 command line run through sysbench and through bench.jar as `java -jar` (the README's way),
# on one private server, side by side: the QPS sysbench's own report prints for each, bench with one platform
# thread per session (what a sysbench line gets) and with its event loops (bench's default elsewhere).
# Each bench run is a whole sysbench line: JVM start, no warmup, one measurement of --time, as a script sees it.
#
# Usage: benchmarks/sysbench-lines.sh [mariadb|mysql8]
#   env: TIME=10 TABLES=2 SIZE=10000 WORKLOADS="oltp_point_select oltp_read_only" THREADS="2 8 32" ROUNDS=1
#        BENCH_JAVA=java JAR=cli/target/bench.jar
set -euo pipefail
cd "$(dirname "$0")/.."
SERVER=${1:-mariadb}
TIME=${TIME:-10}; TABLES=${TABLES:-2}; SIZE=${SIZE:-10000}; ROUNDS=${ROUNDS:-1}
WORKLOADS=${WORKLOADS:-oltp_point_select oltp_read_only}; THREADS=${THREADS:-2 8 32}
BENCH_JAVA=${BENCH_JAVA:-java}; JAR=${JAR:-cli/target/bench.jar}
[ -f "$JAR" ] || ./mvnw -q -DskipTests package
NAME=sysbench-lines; . benchmarks/private-server.sh
sysbench oltp_read_only "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" prepare >/dev/null

qps() { grep "queries:" | sed -E 's/.*\(([0-9.]+) per sec.*/\1/'; }
echo "# $("$BENCH_JAVA" -version 2>&1 | head -1); $SERVER over TCP; --time=$TIME; $(git rev-parse --short HEAD)"
printf '%-18s %4s %10s %10s %6s %10s %6s\n' workload thds sysbench platform ratio loop ratio
for round in $(seq "$ROUNDS"); do
  for w in $WORKLOADS; do
    for t in $THREADS; do
      line=("$w" "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" --threads="$t" --time="$TIME" run)
      s=$(sysbench "${line[@]}" | qps)
      p=$("$BENCH_JAVA" -jar "$JAR" "${line[@]}" --client-threads=platform | qps)
      l=$("$BENCH_JAVA" -jar "$JAR" "${line[@]}" --client-threads=loop | qps)
      printf '%-18s %4s %10.0f %10.0f %6.2f %10.0f %6.2f\n' "$w" "$t" "$s" "$p" "$(echo "$p/$s" | bc -l)" "$l" \
        "$(echo "$l/$s" | bc -l)"
    done
  done
done
