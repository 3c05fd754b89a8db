#!/usr/bin/env bash
# Where a client's CPU per query goes: user and system time (the kernel's rusage of the whole process) and
# voluntary context switches per query, for sysbench 1.0.20 and for bench on platform threads and on one
# event loop, point-select over TCP against one private MariaDB; then the fixed cost of a 1-s run of each.
#
# Usage: benchmarks/client-cpu-split.sh     env: JAR=cli/target/bench.jar BENCH_JAVA=java THREADS="8 32" ROUNDS=2 TIME=13
set -euo pipefail
cd "$(dirname "$0")/.."
SERVER=mariadb; JAR=${JAR:-cli/target/bench.jar}; BENCH_JAVA=${BENCH_JAVA:-java}; NAME=cpu-split
TIME=${TIME:-13}
. benchmarks/private-server.sh
sysbench oltp_read_only "${sysbench_conn[@]}" --tables=4 --table-size=10000 --threads=4 prepare >/dev/null
# rusage OUT CMD...: runs CMD with stdout to OUT; prints its user s, system s, voluntary context switches
rusage() { python3 - "$@" <<'PY'
import os, subprocess, sys
p = subprocess.Popen(sys.argv[2:], stdout=open(sys.argv[1], "w"), stderr=subprocess.DEVNULL)
_, status, ru = os.wait4(p.pid, 0)
if status != 0:
    sys.exit(f"{sys.argv[2]} failed: status {status}")
print(ru.ru_utime, ru.ru_stime, ru.ru_nvcsw)
PY
}
bench=("$BENCH_JAVA" -jar "$JAR" --workload point-select --mysql-host 127.0.0.1 --mysql-port "$port" --mysql-user root
       --tables 4 --table-size 10000 --warmup-iterations 0 --iterations 1 --report-interval 0 --collectors none)
per_query() { python3 -c "import sys; u, s, v, n = map(float, sys.argv[2:]); print('%-24s user %.1f  system %.1f µs/q  vol. switches/q %.2f  qps %.0f' % (sys.argv[1], u / n * 1e6, s / n * 1e6, v / n, n / $TIME))" "$@"; }
for threads in ${THREADS:-8 32}; do
  for _ in $(seq "${ROUNDS:-2}"); do
    read -r u s v < <(rusage "$dir/sb.out" sysbench oltp_point_select "${sysbench_conn[@]}" --tables=4 --table-size=10000 \
      --threads="$threads" --time="$TIME" run)
    per_query "sysbench, $threads" "$u" "$s" "$v" "$(awk '/queries:/ {print $2; exit}' "$dir/sb.out")"
    for kind in platform loop; do
      rm -rf "$dir/bench"
      read -r u s v < <(rusage /dev/null "${bench[@]}" --threads "$threads" --time "$TIME" --client-threads "$kind" --out "$dir/bench")
      n=$(python3 -c "import json; print(sum(e.get('reads', 0) for e in map(json.loads, open('$dir/bench/journal.jsonl'))
        if e.get('event') == 'iteration'))")
      per_query "bench $kind, $threads" "$u" "$s" "$v" "$n"
    done
  done
done
for _ in 1 2 3; do
  rm -rf "$dir/bench"
  read -r u s v < <(rusage /dev/null "${bench[@]}" --threads 1 --time 1 --out "$dir/bench")
  echo "bench, a 1-s run: user $u s, system $s s"
  read -r u s v < <(rusage "$dir/sb.out" sysbench oltp_point_select "${sysbench_conn[@]}" --tables=4 --table-size=10000 --time=1 run)
  echo "sysbench, a 1-s run: user $u s, system $s s"
done
