#!/usr/bin/env bash
# What the server spends per query for each client: the same sysbench line through sysbench 1.0.20 and through bench
# (the launcher, cli/target/sysbench), alternately on one private server. Per line: the server's CPU (utime + stime
# of mariadbd from /proc, the whole line) per query, and its counters per transaction (SHOW GLOBAL STATUS deltas:
# what each client asked of it and how many bytes went each way). A client that costs the server more per query
# gets fewer queries on 2 shared cores, however little it spends itself.
#
# Usage: benchmarks/server-cost-per-client.sh [mariadb]
#   env: TIME=20 THREADS=8 ROUNDS=3 TABLES=4 SIZE=10000 WORKLOADS="oltp_point_select oltp_read_only"
#        BENCH_JAVA=java JAR=cli/target/bench.jar
set -euo pipefail
cd "$(dirname "$0")/.."
SERVER=${1:-mariadb}
TIME=${TIME:-20}; THREADS=${THREADS:-8}; ROUNDS=${ROUNDS:-3}; TABLES=${TABLES:-4}; SIZE=${SIZE:-10000}
WORKLOADS=${WORKLOADS:-oltp_point_select oltp_read_only}
BENCH_JAVA=${BENCH_JAVA:-java}; JAR=${JAR:-cli/target/bench.jar}
[ -f "$JAR" ] || ./mvnw -q -DskipTests package
NAME=server-cost-per-client; . benchmarks/private-server.sh
sysbench oltp_read_only "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" --threads="$TABLES" prepare >/dev/null
COUNTERS="Questions Com_stmt_execute Com_stmt_prepare Com_stmt_close Com_stmt_reset Com_begin Com_commit Com_rollback
  Com_select Com_set_option Bytes_received Bytes_sent Connections Handler_read_key Handler_read_next"
status() { mariadb -h127.0.0.1 -P"$port" -uroot -N -e "SHOW GLOBAL STATUS" | awk -v want=" $(echo $COUNTERS) " \
  'index(want, " " $1 " ") { printf "%s=%s ", $1, $2 }'; echo; }
cpu() { awk '{ print $14 + $15 }' "/proc/$server/stat"; }     # clock ticks, user + system
bench() { env JAVA="$BENCH_JAVA" BENCHKIT_CACHE="$dir/cache" "$(dirname "$JAR")/sysbench" "$@"; }
for w in $WORKLOADS; do    # the launcher's class-data archive, made by an unmeasured line
  bench "$w" "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" --time=2 run > /dev/null
done
echo "# $("$BENCH_JAVA" -version 2>&1 | head -1); $SERVER over TCP; $THREADS threads; --time=$TIME; $(git rev-parse --short HEAD)"
for round in $(seq "$ROUNDS"); do
  for w in $WORKLOADS; do
    for client in sysbench bench; do
      before=$(status); c0=$(cpu)
      "$client" "$w" "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" --threads="$THREADS" --time="$TIME" run \
        > "$dir/$w-$round-$client.txt"
      c1=$(cpu); after=$(status)
      printf '%s %s %s cpu=%s %s| %s\n' "$w" "$round" "$client" "$((c1 - c0))" "$before" "$after" >> "$dir/runs"
    done
  done
done
python3 - "$dir" "$(getconf CLK_TCK)" <<'PY'
import re, statistics, sys
d, hz = sys.argv[1], int(sys.argv[2])
rows = {}
for line in open(f"{d}/runs"):
    head, after = line.split("| ")
    w, r, client, cpu, *before = head.split()
    b = dict(kv.split("=") for kv in before); a = dict(kv.split("=") for kv in after.split())
    out = open(f"{d}/{w}-{r}-{client}.txt").read()
    queries = int(re.search(r"queries:\s+(\d+)", out).group(1))
    trx = int(re.search(r"transactions:\s+(\d+)", out).group(1))
    delta = {k: int(a[k]) - int(b[k]) for k in a}
    rows.setdefault((w, client), []).append((int(cpu.split("=")[1]) / hz * 1e6 / queries, queries / float(
        re.search(r"total time:\s+([\d.]+)s", out).group(1)), {k: v / trx for k, v in delta.items()}))
for (w, client), runs in sorted(rows.items()):
    us = [r[0] for r in runs]; qps = [r[1] for r in runs]
    print(f"{w} {client}: server CPU per query {statistics.mean(us):.1f} µs (rounds: {', '.join(f'{u:.1f}' for u in us)}); "
          f"QPS {statistics.mean(qps):,.0f}")
    per = {k: statistics.mean(r[2][k] for r in runs) for k in runs[0][2]}
    print("   per transaction: " + ", ".join(f"{k} {v:.2f}" for k, v in per.items() if v))
PY
