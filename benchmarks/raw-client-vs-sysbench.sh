#!/usr/bin/env bash
# What the structure of a client costs: sysbench 1.0.20, bench, and a bare JDK client with no driver
# (benchmarks/raw-client/RawClient.java) in two shapes, one thread per connection and one event-loop
# thread for all connections, take turns running point-select on one private server, over TCP and the
# unix socket, at 8 and 32 connections. Prints per client, in a steady window: queries per second,
# the ratio to sysbench's, client and server CPU microseconds per query, and how often per query a
# server thread went to sleep (voluntary context switches: it found no request waiting).
#
# Usage: benchmarks/raw-client-vs-sysbench.sh [mariadb|mysql8]
#   env: TIME=15 ROUNDS=1 TABLES=4 SIZE=10000 JAR=cli/target/bench.jar (bench's warmup: 5 s)
set -euo pipefail
cd "$(dirname "$0")/.."
SERVER=${1:-mariadb}
TIME=${TIME:-15}; ROUNDS=${ROUNDS:-1}; TABLES=${TABLES:-4}; SIZE=${SIZE:-10000}; JAR=${JAR:-cli/target/bench.jar}
WARMUP=5; WINDOW_AT=$((WARMUP + 2)); STEADY=$((TIME - WARMUP - 3))
[ "$STEADY" -ge 3 ] || { echo "TIME must be at least 11 s" >&2; exit 2; }
[ -f "$JAR" ] || ./mvnw -q -DskipTests package
command -v sysbench >/dev/null || { echo "sysbench missing: apt-get install sysbench" >&2; exit 2; }
command -v mariadb >/dev/null || { echo "the mariadb client is missing: apt-get install mariadb-client" >&2; exit 2; }

NAME=raw-client; . benchmarks/private-server.sh
. benchmarks/timed.sh
sysbench oltp_point_select "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" --threads="$TABLES" prepare >/dev/null
javac -d "$dir/raw" benchmarks/raw-client/RawClient.java

echo "# point-select; steady window of ${STEADY} s from ${WINDOW_AT} s after each client started"
printf '%-6s %4s %-12s %8s %6s | %9s %9s %13s\n' via conns client qps ratio "client µs" "server µs" "server sleeps"
for round in $(seq "$ROUNDS"); do
  for via in tcp socket; do
    for conns in 8 32; do
      if [ "$via" = socket ]; then sb_via=(--mysql-socket="$sock"); b_via=(--mysql-socket "$sock" --transport socket); raw_at=$sock
      else sb_via=(); b_via=(); raw_at=127.0.0.1:$port; fi
      sb_qps=
      for client in sysbench bench raw-threads raw-loop; do
        case $client in
          sysbench) cmd=(sysbench oltp_point_select "${sysbench_conn[@]}" "${sb_via[@]}" --tables="$TABLES"
                         --table-size="$SIZE" --threads="$conns" --time="$TIME" run) ;;
          bench) cmd=(java -jar "$JAR" --workload point-select --mysql-host 127.0.0.1 --mysql-port "$port"
                      --mysql-user root "${b_via[@]}" --tables "$TABLES" --table-size "$SIZE" --threads "$conns"
                      --warmup-iterations 1 --warmup-time "$WARMUP" --iterations 1 --time $((TIME - WARMUP))
                      --report-interval 0 --collectors none --out "$dir/bench-$round-$via-$conns") ;;
          raw-*) cmd=(java -cp "$dir/raw" RawClient "$raw_at" root sbtest "${client#raw-}" "$conns" "$TIME"
                      "$TABLES" "$SIZE") ;;
        esac
        OUT=/dev/null timed "${cmd[@]}" 2>"$dir/cpu"
        read -r _ client_us server_us qps sleeps _ < <(tail -1 "$dir/cpu")
        sb_qps=${sb_qps:-$qps}
        python3 -c "import sys; v, c, n, q, r, cu, su, sl = sys.argv[1:]; print(f'{v:<6} {c:>4} {n:<12} {float(q):>8.0f} {float(q)/float(r):>6.2f} | {float(cu):>9.1f} {float(su):>9.1f} {float(sl):>13.2f}')" \
          "$via" "$conns" "$client" "$qps" "$sb_qps" "$client_us" "$server_us" "$sleeps"
      done
    done
  done
done
