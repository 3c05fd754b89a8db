#!/usr/bin/env bash
# examples/tpcc/tpcc_like.lua, our TPC-C-like script, through sysbench 1.0.20 and through bench (cli/target/sysbench)
# on one private server: prepare (wall time), the row count of every table after it, a run of each (tps, queries,
# ignored errors), and cleanup (no table left). docs/sysbench-scripts.md, "A TPC-C-like workload".
#
# Usage: benchmarks/tpcc-like.sh [mariadb|mysql8]
#   env: WAREHOUSES=1 ITEMS=100000 CUSTOMERS=3000 THREADS=4 TIME=10 SB=cli/target/sysbench
set -euo pipefail
cd "$(dirname "$0")/.."
SERVER=${1:-mariadb}
WAREHOUSES=${WAREHOUSES:-1}; ITEMS=${ITEMS:-100000}; CUSTOMERS=${CUSTOMERS:-3000}; THREADS=${THREADS:-4}; TIME=${TIME:-10}
SB=$(readlink -f "${SB:-cli/target/sysbench}"); JAR=$(dirname "$SB")/bench.jar
SCRIPT=$(readlink -f examples/tpcc/tpcc_like.lua)
NAME=tpcc-like; . benchmarks/private-server.sh
args=("${sysbench_conn[@]}" --warehouses="$WAREHOUSES" --items="$ITEMS" --customers="$CUSTOMERS" --threads="$THREADS")
counts() {
  for t in warehouse district customer history orders new_orders order_line stock item; do
    printf '%s=%s ' "$t" "$(mariadb -N -S "$sock" -uroot sbtest -e "SELECT COUNT(*) FROM $t")"
  done
  echo
}
echo "# $(date -u +%FT%TZ) commit $(git rev-parse --short HEAD) server $SERVER warehouses $WAREHOUSES items $ITEMS customers $CUSTOMERS threads $THREADS"
for prog in sysbench "$SB"; do
  name=$([ "$prog" = sysbench ] && echo sysbench || echo bench)
  start=$(date +%s.%N)
  "$prog" "$SCRIPT" "${args[@]}" prepare >/dev/null
  echo "$name prepare: $(python3 -c "import time; print(round(time.time() - $start, 1))") s"
  echo "$name rows: $(counts)"
  "$prog" "$SCRIPT" "${args[@]}" --time="$TIME" run | awk -v n="$name" '/transactions:|queries:|ignored errors:/ {print n, $0}'
  "$prog" "$SCRIPT" "${args[@]}" cleanup >/dev/null
  echo "$name tables after cleanup: $(mariadb -N -S "$sock" -uroot sbtest -e "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'sbtest'")"
done
