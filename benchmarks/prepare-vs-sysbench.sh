#!/usr/bin/env bash
# bench prepare vs sysbench 1.0.20's prepare: rows loaded per second on the same server, side by side.
#
# Launches one private server (Debian's mariadbd, or the embedded MySQL 8.0.15 that bench.jar
# extracted into ~/.cache/benchkit) with the same config for both tools, then, alternately over
# ROUNDS, runs `sysbench oltp_read_write prepare` and `bench prepare --workload oltp-read-write`
# with the same --tables, --table-size and --threads (cases: --threads 1 and --threads TABLES),
# dropping the tables before each load. Both connect over TCP. The time is the wall-clock time of
# the whole command (bench's includes JVM start-up); rows/s = tables x table-size / that time.
# After every bench load it checks the row count of each table and that index k_N exists.
#
# Usage: benchmarks/prepare-vs-sysbench.sh [mariadb|mysql8]
#        (env: ROUNDS=3 TABLES=4 SIZE=100000 THREADS="1 TABLES" JAR=cli/target/bench.jar)
set -euo pipefail
cd "$(dirname "$0")/.."
SERVER=${1:-mariadb}
ROUNDS=${ROUNDS:-3}; TABLES=${TABLES:-4}; SIZE=${SIZE:-100000}; THREADS=${THREADS:-"1 $TABLES"}
JAR=${JAR:-cli/target/bench.jar}      # another build of bench.jar, e.g. to measure before/after a change
[ -f "$JAR" ] || ./mvnw -q -DskipTests package
command -v sysbench >/dev/null || { echo "sysbench missing: apt-get install sysbench" >&2; exit 2; }

NAME=prepare-vs-sysbench; . benchmarks/private-server.sh
bench_conn=(--mysql-host 127.0.0.1 --mysql-port "$port" --mysql-user root --mysql-db sbtest)
# To check a load we count rows and look at the values, through the JDBC driver inside bench.jar.
cat > "$dir/Sql.java" <<'JAVA'
public class Sql { public static void main(String[] a) throws Exception {
  try (var c = java.sql.DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + a[0] + "/", "root", "");
       var s = c.createStatement()) {
    int tables = Integer.parseInt(a[2]); long size = Long.parseLong(a[3]);
    for (int t = 1; t <= tables; t++) {
      var rs = s.executeQuery("SELECT COUNT(*), MIN(LENGTH(c)), MAX(LENGTH(c)), MIN(LENGTH(pad)), MAX(LENGTH(pad)), "
          + "(SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema='sbtest' AND table_name='sbtest"
          + t + "' AND index_name='k_" + t + "') FROM sbtest.sbtest" + t);
      rs.next();
      if (rs.getLong(1) != size || rs.getInt(2) != 119 || rs.getInt(3) != 119 || rs.getInt(4) != 59
          || rs.getInt(5) != 59 || rs.getInt(6) < 1) {
        System.err.println("sbtest" + t + ": rows " + rs.getLong(1) + ", c " + rs.getInt(2) + ".." + rs.getInt(3)
            + ", pad " + rs.getInt(4) + ".." + rs.getInt(5) + ", k index " + rs.getInt(6));
        System.exit(1);
      }
    } } } }
JAVA

now() { date +%s.%N; }
drop() { sysbench oltp_read_write "${sysbench_conn[@]}" --tables="$TABLES" cleanup >/dev/null; }
rows=$((TABLES * SIZE))
echo "# $SERVER: $TABLES tables x $SIZE rows, $ROUNDS rounds"
printf '%-6s %5s %4s %15s %15s %7s\n' round thds "" "sysbench rows/s" "bench rows/s" ratio
for round in $(seq "$ROUNDS"); do
  for threads in $THREADS; do
    [ "$threads" = TABLES ] && threads=$TABLES
    # alternate which tool goes first, so drift on a noisy machine favours neither
    order="sysbench bench"; [ $((round % 2)) -eq 0 ] && order="bench sysbench"
    for tool in $order; do
      drop
      t0=$(now)
      if [ "$tool" = sysbench ]; then
        sysbench oltp_read_write "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" \
          --threads="$threads" prepare >"$dir/out" 2>&1 || { cat "$dir/out"; exit 1; }
      else
        java -jar "$JAR" prepare --workload oltp-read-write "${bench_conn[@]}" --tables "$TABLES" \
          --table-size "$SIZE" --threads "$threads" >"$dir/out" 2>&1 || { cat "$dir/out"; exit 1; }
      fi
      t1=$(now)
      java -cp "$JAR" "$dir/Sql.java" "$port" check "$TABLES" "$SIZE" || { echo "$tool's load is incomplete" >&2; exit 1; }
      eval "${tool}_rate=\$(python3 -c \"print($rows / ($t1 - $t0))\")"
    done
    python3 -c "
s, b = $sysbench_rate, $bench_rate
print(f'{$round:<6} {$threads:>5} {\"\":>4} {s:>15,.0f} {b:>15,.0f} {b/s:>7.2f}')"
  done
done
drop
