#!/usr/bin/env bash
# benchkit vs sysbench 1.0.20 on the same server and the same tables, side by side.
#
# Launches one private server (Debian's mariadbd, or the embedded MySQL 8.0.15 that bench.jar
# extracted into ~/.cache/benchkit), prepares the tables once with sysbench, then runs sysbench and
# bench alternately: point-select and oltp-read-only, at 8 and 32 threads, over TCP and the unix
# socket. Prints per case the QPS of each, the ratio bench/sysbench, and CPU microseconds per query:
#  - client whole: user+system CPU of the whole client process (from the kernel's rusage at exit, so
#    bench's includes JVM start-up, JIT and its warmup) divided by every query it sent;
#  - client steady and server steady: CPU of the client process and of the server process (from
#    /proc) over a 10-s window in the middle of the run, past bench's warmup, divided by the queries
#    the server counted (Questions, read with the mariadb client) in that window;
#  - idle: the share of the machine's CPU time left idle in that window (neither program used it although the
#    two together had work: a client that wakes the server late, or wakes all its threads onto one CPU).
#
# bench runs as `$BENCH_JAVA $BENCH_OPTS -jar bench.jar`: by default plain `java -jar`, the README's way
# (issue #32: what a user has). With CDS=on the script first
# makes a class-data archive in a 2-second training run that is not measured, as sysbench's own
# compilation is not: an AOT cache (-XX:AOTCacheOutput / -XX:AOTCache) on Java 25+, an AppCDS
# archive (-XX:ArchiveClassesAtExit / -XX:SharedArchiveFile) before. CDS=off measures plain java -jar.
#
# Usage: benchmarks/vs-sysbench.sh [mariadb|mysql8]
#   env: TIME=20 WARMUP=5 ROUNDS=1 TABLES=4 SIZE=10000 BENCH_JAVA=java BENCH_OPTS= CDS=off|on
#        BENCH_ARGS= (more bench options, e.g. "--driver wire --client-threads loop")
#        WORKLOADS="point-select oltp-read-only" VIAS="tcp socket" THREADS="8 32" (the cases)
#        JAR=cli/target/bench.jar (copy it elsewhere for long runs, so a rebuild cannot change it mid-run)
set -euo pipefail
cd "$(dirname "$0")/.."
SERVER=${1:-mariadb}
TIME=${TIME:-20}; WARMUP=${WARMUP:-5}; ROUNDS=${ROUNDS:-1}; TABLES=${TABLES:-4}; SIZE=${SIZE:-10000}
BENCH_JAVA=${BENCH_JAVA:-java}; read -r -a bench_opts <<<"${BENCH_OPTS:-}"; CDS=${CDS:-off}
read -r -a bench_args <<<"${BENCH_ARGS:-}"
WORKLOADS=${WORKLOADS:-point-select oltp-read-only}; VIAS=${VIAS:-tcp socket}; THREADS=${THREADS:-8 32}
JAR=${JAR:-cli/target/bench.jar}
[ -f "$JAR" ] || ./mvnw -q -DskipTests package
command -v sysbench >/dev/null || { echo "sysbench missing: apt-get install sysbench" >&2; exit 2; }

NAME=vs-sysbench; . benchmarks/private-server.sh
sysbench oltp_read_only "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" --threads="$TABLES" prepare >/dev/null

bench_conn=(--mysql-host 127.0.0.1 --mysql-port "$port" --mysql-user root --tables "$TABLES" --table-size "$SIZE"
            "${bench_args[@]}")
if [ "$CDS" = on ]; then
  feature=$("$BENCH_JAVA" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}')
  if [ "${feature%%.*}" -ge 25 ]; then train=(-XX:AOTCacheOutput="$dir/bench.aot"); use=(-XX:AOTCache="$dir/bench.aot")
  else train=(-XX:ArchiveClassesAtExit="$dir/bench.jsa"); use=(-XX:SharedArchiveFile="$dir/bench.jsa"); fi
  "$BENCH_JAVA" "${bench_opts[@]}" "${train[@]}" -jar "$JAR" --workload point-select,oltp-read-only "${bench_conn[@]}" \
    --threads 2 --warmup-iterations 0 --iterations 1 --time 2 --report-interval 0 --collectors none \
    --out "$dir/train" >/dev/null 2>&1
  bench_opts+=("${use[@]}")
fi
echo "# bench: $BENCH_JAVA ${bench_opts[*]} -jar $JAR ${bench_args[*]} ($("$BENCH_JAVA" -version 2>&1 | head -1))"

. benchmarks/timed.sh
WINDOW_AT=$((WARMUP + 3)); STEADY=$((TIME - 5 < 10 ? TIME - 5 : 10))
[ "$STEADY" -ge 3 ] || { echo "TIME must be at least 8 s" >&2; exit 2; }
command -v mariadb >/dev/null || { echo "the mariadb client is missing: apt-get install mariadb-client" >&2; exit 2; }

echo "# CPU µs per query: 'whole' = the whole client process over every query it sent; 'steady' = client and"
echo "# server CPU per query in a ${STEADY}-s window from ${WINDOW_AT} s after the client started (past bench's warmup)"
printf '%-16s %-6s %4s %10s %10s %6s | %-13s | %-13s | %-13s | %-11s\n' "" "" "" "" "" "" "client whole" "client steady" "server steady" "idle %"
printf '%-16s %-6s %4s %10s %10s %6s | %6s %6s | %6s %6s | %6s %6s | %5s %5s\n' workload via thds "sysb qps" "bench qps" ratio sysb bench sysb bench sysb bench sysb bench
# a client that failed ends the script, saying which case and why (its stderr's end)
failed() { echo "$1 failed in $workload over $via at $threads threads, round $round:" >&2; tail -5 "$2" >&2; exit 1; }
for round in $(seq "$ROUNDS"); do
for workload in $WORKLOADS; do
  sb_test=${workload//-/_}; [ "$workload" = point-select ] && sb_test=oltp_point_select
  for via in $VIAS; do
    for threads in $THREADS; do
      if [ "$via" = socket ]; then sb_via=(--mysql-socket="$sock"); b_via=(--mysql-socket "$sock" --transport socket)
      else sb_via=(); b_via=(); fi
      OUT=$dir/sb.out timed sysbench "$sb_test" "${sysbench_conn[@]}" "${sb_via[@]}" --tables="$TABLES" \
        --table-size="$SIZE" --threads="$threads" --time=$((TIME + WARMUP)) run 2>"$dir/sb.cpu" \
        || failed sysbench "$dir/sb.cpu"
      sb_queries=$(awk '/queries:/ {print $2; exit}' "$dir/sb.out")
      sb_qps=$(awk '/queries:/ {gsub(/\(/,"",$3); print $3; exit}' "$dir/sb.out")
      rm -rf "$dir/bench"
      OUT=/dev/null timed "$BENCH_JAVA" "${bench_opts[@]}" -jar "$JAR" --workload "$workload" "${bench_conn[@]}" \
           "${b_via[@]}" --threads "$threads" --warmup-iterations 1 \
           --warmup-time "$WARMUP" --iterations 1 --time "$TIME" --report-interval 0 --collectors none \
           --out "$dir/bench" 2>"$dir/b.cpu" || failed bench "$dir/b.cpu"
      read -r b_qps b_queries < <(python3 - "$dir/bench" <<'PY'
import json, sys
d = sys.argv[1]
qps = json.load(open(d + "/jmh-result.json"))[0]["secondaryMetrics"]["qps"]["score"]
queries = sum(e.get("reads", 0) + e.get("writes", 0) + e.get("others", 0)
              for e in map(json.loads, open(d + "/journal.jsonl")) if e.get("event") == "iteration")
print(qps, queries)
PY
)
      python3 - "$workload" "$via" "$threads" "$sb_qps" "$b_qps" "$sb_queries" "$b_queries" \
        $(tail -1 "$dir/sb.cpu") $(tail -1 "$dir/b.cpu") <<'PY' | tee -a "$dir/rows"
import sys
w, via, t = sys.argv[1:4]
sq, bq, sn, bn, sc, s_cl, s_sv, _, _, s_idle, bc, b_cl, b_sv, _, _, b_idle = map(float, sys.argv[4:])
print(f"{w:<16} {via:<6} {t:>4} {sq:>10.0f} {bq:>10.0f} {bq/sq:>6.2f} | {sc/sn*1e6:>6.1f} {bc/bn*1e6:>6.1f} "
      f"| {s_cl:>6.1f} {b_cl:>6.1f} | {s_sv:>6.1f} {b_sv:>6.1f} | {s_idle*100:>5.1f} {b_idle*100:>5.1f}")
PY
    done
  done
done
done
# The answer over every case and round, per thread count: bench/sysbench QPS and client CPU per query as geometric
# means [95% t], and the QPS ratio split into the three factors that make it on shared cores: QPS = busy CPU / CPU
# per query, so bench/sysbench = client factor (sysbench's client CPU per query against bench's, with the server's
# added to both) x server factor (the same for the server's) x idle factor (busy share, bench's against sysbench's).
python3 - "$dir/rows" <<'PY'
import sys
sys.path.insert(0, "benchmarks")
import ratios
rows = [line.split() for line in open(sys.argv[1])]
print("# bench/sysbench, geometric mean [95% t] over cases and rounds:")
for threads in dict.fromkeys(r[2] for r in rows):
    rs = [[float(x) for x in r[3:6] + r[7:9] + r[10:12] + r[13:15] + r[16:18]] for r in rows if r[2] == threads]
    # per row: sysbench qps, bench qps, ratio, whole s/b, steady client s/b, server s/b, idle % s/b
    qps = [r[2] for r in rs]
    client = [(r[5] + r[7]) / (r[6] + r[7]) for r in rs]
    server = [(r[6] + r[7]) / (r[6] + r[8]) for r in rs]
    idle = [(100 - r[10]) / (100 - r[9]) for r in rs]
    print(f"{threads:>3} threads, {len(rs)} runs: QPS {ratios.text(qps)}; client CPU per query steady "
          f"{ratios.text([r[6] / r[5] for r in rs])}, whole {ratios.text([r[4] / r[3] for r in rs])}")
    print(f"    QPS's factors: client {ratios.text(client)} x server {ratios.text(server)} x idle {ratios.text(idle)}"
          f" = {ratios.text([c * s * i for c, s, i in zip(client, server, idle)])}")
PY
