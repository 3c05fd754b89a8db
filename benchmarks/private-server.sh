# Sourced by the benchmark scripts: one private server that both tools load, with the same config.
# In:  SERVER (mariadb | mysql8), JAR (bench.jar, whose JDBC driver creates the database), NAME (temp prefix).
# Out: dir (0700, removed on exit), port, sock, server (its pid, stopped on exit), sysbench_conn;
#      database sbtest exists, root has no password, everything listens on 127.0.0.1 and a socket in dir.
dir=$(mktemp -d "/tmp/$NAME.XXXXXX"); chmod 700 "$dir"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
sock=$dir/mysql.sock
# local-infile: LOAD DATA LOCAL allowed, as on the servers bench launches (MySQL 8.0 has it off by default)
common=(--no-defaults --datadir="$dir/data" --socket="$sock" --port="$port" --bind-address=127.0.0.1
        --innodb-buffer-pool-size=1G --max-connections=1000 --log-error="$dir/error.log" --local-infile=1)
[ "$(id -u)" -eq 0 ] && common+=(--user=root)
case "$SERVER" in
  mariadb)
    mariadb-install-db --no-defaults --datadir="$dir/data" --auth-root-authentication-method=normal \
      --skip-test-db $([ "$(id -u)" -eq 0 ] && echo --user=root) >/dev/null 2>&1
    mysqld=/usr/sbin/mariadbd; common+=(--skip-grant-tables) ;;
  mysql8)
    base=$(ls -d "${BENCHKIT_CACHE:-$HOME/.cache/benchkit}"/mysql-8.0.15* 2>/dev/null | head -1)
    [ -n "$base" ] || { echo "run 'java -jar $JAR --workload point-select' once so the embedded MySQL is extracted" >&2; exit 2; }
    "$base/bin/mysqld" --no-defaults --basedir="$base" --datadir="$dir/data" --initialize-insecure \
      $([ "$(id -u)" -eq 0 ] && echo --user=root) >/dev/null 2>&1
    # no --skip-grant-tables: MySQL 8 turns networking off with it; root has an empty password instead
    mysqld="$base/bin/mysqld"; common+=(--basedir="$base" --mysqlx=OFF) ;;
  *) echo "usage: $0 [mariadb|mysql8]" >&2; exit 2 ;;
esac
# its own session, as a service or a separate terminal runs it (SERVER_SESSION=shared: the scripts' own): the
# kernel shares the CPUs between sessions first (autogroups), so a client's few threads are not outweighed by the
# server's many (docs/vs-sysbench.md, 2026-11-27, fifth part)
if [ "${SERVER_SESSION:-own}" = own ]; then setsid "$mysqld" "${common[@]}" >/dev/null 2>&1 &
else "$mysqld" "${common[@]}" >/dev/null 2>&1 & fi
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 240); do [ -S "$sock" ] && break; kill -0 $server 2>/dev/null || break; sleep 0.5; done
if [ ! -S "$sock" ] || ! kill -0 $server 2>/dev/null; then
  echo "the server did not start; see its log:" >&2; tail -20 "$dir/error.log" >&2; exit 1
fi
sysbench_conn=(--mysql-host=127.0.0.1 --mysql-port="$port" --mysql-user=root --mysql-db=sbtest)
# sysbench cannot create its database; create it through the JDBC driver inside bench.jar, retrying
# while a loaded machine's server still finishes its start-up.
cat > "$dir/CreateDb.java" <<'JAVA'
public class CreateDb { public static void main(String[] a) throws Exception {
  try (var c = java.sql.DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + a[0] + "/", "root", "")) {
    c.createStatement().execute("CREATE DATABASE IF NOT EXISTS sbtest"); } } }
JAVA
for _ in $(seq 60); do java -cp "$JAR" "$dir/CreateDb.java" "$port" 2>/dev/null && break; sleep 1; done
java -cp "$JAR" "$dir/CreateDb.java" "$port"
