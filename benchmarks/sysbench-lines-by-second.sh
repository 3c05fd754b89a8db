#!/usr/bin/env bash
# Where a short sysbench line loses to sysbench: the same line through sysbench 1.0.20 and through bench.jar as
# `java -jar` (the README's way: JVM start, no warmup), alternately on one private server, each with
# --report-interval=1. Per round: bench/sysbench QPS over the whole line (what sysbench's report prints), over its
# first 3 seconds (the JVM's start-up: classes loaded, code interpreted and JIT-compiled while the clock runs) and
# over the rest. Then the geometric mean of each over the rounds with a 95% t interval on the per-round logs.
#
# Usage: benchmarks/sysbench-lines-by-second.sh [mariadb|mysql8]
#   env: TIME=10 THREADS=8 ROUNDS=5 TABLES=4 SIZE=10000 WORKLOADS="oltp_point_select oltp_read_only"
#        BENCH_JAVA=java JAR=cli/target/bench.jar
set -euo pipefail
cd "$(dirname "$0")/.."
SERVER=${1:-mariadb}
TIME=${TIME:-10}; THREADS=${THREADS:-8}; ROUNDS=${ROUNDS:-5}; TABLES=${TABLES:-4}; SIZE=${SIZE:-10000}
WORKLOADS=${WORKLOADS:-oltp_point_select oltp_read_only}
BENCH_JAVA=${BENCH_JAVA:-java}; JAR=${JAR:-cli/target/bench.jar}
[ -f "$JAR" ] || ./mvnw -q -DskipTests package
[ "$TIME" -ge 4 ] || { echo "TIME must be at least 4 s" >&2; exit 2; }
NAME=sysbench-lines-by-second; . benchmarks/private-server.sh
sysbench oltp_read_only "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" --threads="$TABLES" prepare >/dev/null

echo "# $("$BENCH_JAVA" -version 2>&1 | head -1); $SERVER over TCP; $THREADS threads; --time=$TIME; $(git rev-parse --short HEAD)"
for round in $(seq "$ROUNDS"); do
  for w in $WORKLOADS; do
    line=("$w" "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" --threads="$THREADS" --time="$TIME"
          --report-interval=1 run)
    sysbench "${line[@]}" > "$dir/$w-$round-sysbench.txt"
    "$BENCH_JAVA" -jar "$JAR" "${line[@]}" > "$dir/$w-$round-bench.txt"
  done
done
python3 - "$dir" "$ROUNDS" $WORKLOADS <<'PY'
import math, re, statistics, sys
T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228}
d, rounds, workloads = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def seconds(f):
    return [float(re.search(r"qps: ([\d.]+)", l).group(1)) for l in open(f) if l.startswith("[")]
def total(f):
    return float(re.search(r"queries:.*\(([\d.]+) per sec", open(f).read()).group(1))
def mean_interval(logs):
    m = statistics.mean(logs)
    if len(logs) < 2:
        return f"{math.exp(m):.2f}"
    half = T95[len(logs) - 1] * statistics.stdev(logs) / math.sqrt(len(logs))
    return f"{math.exp(m):.2f} [{math.exp(m - half):.2f}, {math.exp(m + half):.2f}]"
for w in workloads:
    whole, first, rest = [], [], []
    print(f"{w}: bench/sysbench QPS per round (whole line, first 3 s, the rest); sysbench's QPS")
    for r in range(1, rounds + 1):
        s, b = f"{d}/{w}-{r}-sysbench.txt", f"{d}/{w}-{r}-bench.txt"
        ss, bs = seconds(s), seconds(b)
        whole.append(math.log(total(b) / total(s)))
        first.append(math.log(sum(bs[:3]) / sum(ss[:3])))
        rest.append(math.log(sum(bs[3:]) / sum(ss[3:])))
        print(f"  round {r}: {math.exp(whole[-1]):.2f}  {math.exp(first[-1]):.2f}  {math.exp(rest[-1]):.2f};  {total(s):.0f}")
    print(f"  geometric mean [95% t]: whole {mean_interval(whole)}, first 3 s {mean_interval(first)}, "
          f"the rest {mean_interval(rest)}")
PY
