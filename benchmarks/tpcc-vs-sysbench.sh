#!/usr/bin/env bash
# sysbench-tpcc's tpcc.lua, unchanged, through sysbench 1.0.20 and through bench (cli/target/sysbench) on one private
# server: prepare (wall time), the row count of every table after it, a short run of each (tps, queries, errors),
# `check`, and cleanup (no table left). docs/sysbench-scripts.md, "sysbench-tpcc".
#
# Usage: TPCC_DIR=DIR benchmarks/tpcc-vs-sysbench.sh [mariadb|mysql8]
#   TPCC_DIR holds tpcc.lua, tpcc_common.lua, tpcc_run.lua and tpcc_check.lua (Percona-Lab/sysbench-tpcc, fetched
#   outside this repository; its code is not ours to copy). env: SCALE=1 TABLES=1 THREADS=4 TIME=10 SB=cli/target/sysbench
# tpcc.lua's prepare sleeps 30 s by itself ("Waiting on tables 30 sec"), in both programs.
set -euo pipefail
cd "$(dirname "$0")/.."
SERVER=${1:-mariadb}
: "${TPCC_DIR:?TPCC_DIR: a directory holding the tpcc*.lua files of sysbench-tpcc}"
SCALE=${SCALE:-1}; TABLES=${TABLES:-1}; THREADS=${THREADS:-4}; TIME=${TIME:-10}
SB=$(readlink -f "${SB:-cli/target/sysbench}"); JAR=$(dirname "$SB")/bench.jar
NAME=tpcc-vs-sysbench; . benchmarks/private-server.sh
cd "$TPCC_DIR"
args=("${sysbench_conn[@]}" --tables="$TABLES" --scale="$SCALE" --threads="$THREADS")
counts() {
  for t in warehouse district customer history orders new_orders order_line stock item; do
    printf '%s%s=%s ' "$t" "$TABLES" "$(mariadb -N -S "$sock" -uroot sbtest -e "SELECT COUNT(*) FROM $t$TABLES")"
  done
  echo
}
echo "# $(date -u +%FT%TZ) commit $(git -C "$OLDPWD" rev-parse --short HEAD) server $SERVER scale $SCALE tables $TABLES threads $THREADS"
for prog in sysbench "$SB"; do
  name=$([ "$prog" = sysbench ] && echo sysbench || echo bench)
  start=$(date +%s.%N)
  "$prog" ./tpcc.lua "${args[@]}" prepare >/dev/null
  echo "$name prepare: $(python3 -c "import time; print(round(time.time() - $start, 1))") s"
  echo "$name rows: $(counts)"
  "$prog" ./tpcc.lua "${args[@]}" --time="$TIME" run | awk -v n="$name" '/transactions:|queries:|ignored errors:/ {print n, $0}'
  "$prog" ./tpcc.lua "${args[@]}" check >/dev/null && echo "$name check: exit 0"
  "$prog" ./tpcc.lua "${args[@]}" cleanup >/dev/null
  echo "$name tables after cleanup: $(mariadb -N -S "$sock" -uroot sbtest -e "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'sbtest'")"
done
