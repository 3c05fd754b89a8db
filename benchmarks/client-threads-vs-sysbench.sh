#!/usr/bin/env bash
# How bench's client threads load one case against sysbench 1.0.20 on one private server: per round, sysbench,
# then bench once per variant. Prints per run the QPS, the client's and the server's CPU microseconds per query
# and the server threads' sleeps per query over a steady window (benchmarks/timed.sh), and the client's whole
# CPU per query. A server thread sleeps when the next request has not come yet as it finishes the last: the
# figure that shows how quickly a client answers each reply. Last, the share of the machine's CPU left idle in
# the window: CPU that neither program used although the two together had work to do.
#
# Usage: benchmarks/client-threads-vs-sysbench.sh 'NAME=JAVA OPTIONS|BENCH OPTIONS' ...
#   e.g. 'auto=|' 'loop=|--client-threads loop' 'platform=|--client-threads platform'
#   env: WL=point-select VIA=tcp|socket T=8 TIME=10 WARMUP=3 ROUNDS=2 JAR=cli/target/bench.jar BENCH_JAVA=java
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 'NAME=JAVA OPTIONS|BENCH OPTIONS' ..." >&2; exit 2; }
SERVER=mariadb; JAR=${JAR:-cli/target/bench.jar}; BENCH_JAVA=${BENCH_JAVA:-java}; NAME=client-threads
. benchmarks/private-server.sh
TABLES=4; SIZE=10000
sysbench oltp_read_only "${sysbench_conn[@]}" --tables=$TABLES --table-size=$SIZE --threads=4 prepare >/dev/null
. benchmarks/timed.sh
TIME=${TIME:-10}; WARMUP=${WARMUP:-3}; WINDOW_AT=$((WARMUP + 2)); STEADY=$((TIME - 3))
WL=${WL:-point-select}; VIA=${VIA:-tcp}; T=${T:-8}
sb_test=${WL//-/_}; [ "$WL" = point-select ] && sb_test=oltp_point_select
if [ "$VIA" = socket ]; then sb_via=(--mysql-socket="$sock"); b_via=(--mysql-socket "$sock" --transport socket)
else sb_via=(); b_via=(); fi
echo "# $WL, $VIA, $T threads: qps, client steady µs/q, server steady µs/q, server sleeps/q, client whole µs/q, idle %"
for round in $(seq "${ROUNDS:-2}"); do
  OUT=$dir/sb.out timed sysbench "$sb_test" "${sysbench_conn[@]}" "${sb_via[@]}" --tables=$TABLES --table-size=$SIZE \
    --threads="$T" --time=$((TIME + WARMUP)) run 2>"$dir/cpu"
  read -r whole cl sv qps sl idle < <(tail -1 "$dir/cpu")
  n=$(awk '/queries:/ {print $2; exit}' "$dir/sb.out")
  printf '%-12s %8.0f %6.1f %6.1f %5.2f %6.1f %5.1f\n' sysbench "$qps" "$cl" "$sv" "$sl" "$(python3 -c "print($whole/$n*1e6)")" \
    "$(python3 -c "print($idle*100)")"
  for v in "$@"; do
    name=${v%%=*}; rest=${v#*=}; read -r -a jopts <<<"${rest%%|*}"; read -r -a bargs <<<"${rest#*|}"
    rm -rf "$dir/bench"
    OUT=/dev/null timed "$BENCH_JAVA" "${jopts[@]}" -jar "$JAR" --workload "$WL" --mysql-host 127.0.0.1 --mysql-port "$port" \
      --mysql-user root --tables $TABLES --table-size $SIZE "${b_via[@]}" --threads "$T" --warmup-iterations 1 \
      --warmup-time "$WARMUP" --iterations 1 --time "$TIME" --report-interval 0 --collectors none --out "$dir/bench" \
      "${bargs[@]}" 2>"$dir/cpu"
    read -r whole cl sv qps sl idle < <(tail -1 "$dir/cpu")
    n=$(python3 -c "import json; print(sum(e.get('reads', 0) + e.get('writes', 0) + e.get('others', 0) for e in
      map(json.loads, open('$dir/bench/journal.jsonl')) if e.get('event') == 'iteration'))")
    printf '%-12s %8.0f %6.1f %6.1f %5.2f %6.1f %5.1f\n' "$name" "$qps" "$cl" "$sv" "$sl" "$(python3 -c "print($whole/$n*1e6)")" \
      "$(python3 -c "print($idle*100)")"
  done
done
