#!/usr/bin/env bash
# Runs sysbench 1.0.20's own cram test suite (its tests/t/*.t files) against a given sysbench program, so the
# real sysbench and bench's stand-in (cli/target/sysbench) can be compared file by file.
#
#   benchmarks/sysbench-suite.sh [PROGRAM [TESTS_DIR [mysql | nopgsql | all | FILE.t...]]]
#     PROGRAM    the sysbench to test (default: sysbench on PATH); put first on PATH as `sysbench`
#     TESTS_DIR  sysbench 1.0.20's tests/ directory (default /work/sysbench-1.0.20/tests), e.g. from a mirror:
#                git --git-dir=<mirror> archive 1.0.20 tests src/lua | tar -x -C /work/sysbench-1.0.20
#     FILE.t     the files to run (default: mysql, the 14 files that use the MySQL driver; see MYSQL_SET below)
#   Env: OUT (default /tmp/sysbench-suite-out): each failing file's cram diff as NAME.diff (earlier ones there are
#          removed), plus the server's log;
#        SERVER: mariadb (default: /usr/sbin/mariadbd) or mysql8 (the MySQL 8.0.15 bench extracts under
#          ~/.cache/benchkit). The suite was written against MySQL: on MariaDB, SHOW CREATE TABLE says DEFAULT 0 where
#          it expects DEFAULT '0', so real sysbench 1.0.20 fails 8 of the 14 mysql files there, and 1 on mysql8;
#        SCRIPTDIR: the oltp_*.lua scripts (default TESTS_DIR/../src/lua, else /usr/share/sysbench);
#        FILE_TIMEOUT: seconds one file may take (default 600); CRAM_SHELL (default /bin/bash, as test_run.sh).
#   Needs: cram (pip install cram), mariadb-server and mariadb-client (mariadb-install-db, mariadbd, mysql).
#
# The server is private (as benchmarks/private-server.sh starts it: same flags, root without password, a unix socket
# and a free TCP port on 127.0.0.1 in a 0700 temporary directory), and stopped on exit whatever happens. Unlike
# private-server.sh it creates database sbtest with the mysql client (the tests call `mysql -uroot sbtest` themselves,
# through a wrapper here that points it at the private socket) rather than through bench.jar, so it runs without a
# bench build.
# The suite runs as tests/test_run.sh sets it up (SBTEST_* variables, cram --shell=/bin/bash), with
# SBTEST_MYSQL_ARGS="--mysql-socket=SOCK --mysql-user=root --mysql-db=sbtest" and no SBTEST_PGSQL_ARGS: files that
# need a PostgreSQL server skip themselves (cram exit 80). Prints PASS/FAIL/SKIP name per file, then the counts;
# exit status 0 only if every file passed.
set -u

# mysql (the default): the 14 files that use the MySQL driver (SBTEST_MYSQL_ARGS, mysql_common.sh, --mysql-dry-run
# or the driver's help); nopgsql: every file but the 8 that need a PostgreSQL server; all: every t/*.t.
MYSQL_SET=(api_basic.t api_legacy_basic.t api_legacy_sql.t api_sql_mysql.t drv_mysql.t help_drv_mysql.t
           opt_report_checkpoints.t opt_report_interval.t script_bulk_insert_mysql.t script_oltp_delete_mysql.t
           script_oltp_insert_mysql.t script_oltp_point_select_mysql.t script_oltp_read_write_mysql.t
           script_select_random_mysql.t)

program=${1:-sysbench}
tests=${2:-/work/sysbench-1.0.20/tests}
shift $(( $# < 2 ? $# : 2 ))
OUT=${OUT:-/tmp/sysbench-suite-out}
p=$(command -v "$program") && [ -x "$p" ] || { echo "no sysbench program: '$program'" >&2; exit 2; }
program=$(cd "$(dirname "$p")" && echo "$PWD/$(basename "$p")")
tests=$(cd "$tests" 2>/dev/null && echo "$PWD") && [ -d "$tests/t" ] || { echo "no t/ in '$tests'" >&2; exit 2; }
command -v cram >/dev/null || { echo "cram not found (pip install cram)" >&2; exit 2; }
scriptdir=${SCRIPTDIR:-$tests/../src/lua}
[ -r "$scriptdir/oltp_read_write.lua" ] || scriptdir=/usr/share/sysbench
scriptdir=$(cd "$scriptdir" && echo "$PWD")
case "${1:-mysql}" in
  mysql) files=("${MYSQL_SET[@]}") ;;
  all|nopgsql)
    files=()
    for f in "$tests"/t/*.t; do
      case "$1:$(basename "$f")" in
        nopgsql:help_drv_pgsql.t) files+=(help_drv_pgsql.t) ;;   # needs no server: skips itself without the driver
        nopgsql:*_pgsql.t) ;;
        *) files+=("$(basename "$f")") ;;
      esac
    done ;;
  *) files=("$@") ;;
esac

dir=$(mktemp -d /tmp/sysbench-suite.XXXXXX); chmod 700 "$dir"
server='' job=''
stop() {
  # a file still running (^C, TERM): timeout passes the signal on to cram's whole process group
  if [ -n "$job" ]; then kill "$job" 2>/dev/null; wait "$job" 2>/dev/null; job=; fi
  if [ -n "$server" ]; then kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; server=; fi
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

# --- the private server (flags as in benchmarks/private-server.sh) -------------------------------------------
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
sock=$dir/mysql.sock
asroot=(); [ "$(id -u)" -eq 0 ] && asroot=(--user=root)
common=(--no-defaults --datadir="$dir/data" --socket="$sock" --port="$port" --bind-address=127.0.0.1
        --innodb-buffer-pool-size=1G --max-connections=1000 --log-error="$dir/error.log" --local-infile=1
        "${asroot[@]}")
case "${SERVER:-mariadb}" in
  mariadb)
    mariadb-install-db --no-defaults --datadir="$dir/data" --auth-root-authentication-method=normal \
      --skip-test-db "${asroot[@]}" >"$dir/install.log" 2>&1
    mysqld=/usr/sbin/mariadbd; common+=(--skip-grant-tables) ;;
  mysql8)   # the MySQL 8.0.15 that bench extracts on its first MySQL run (as private-server.sh finds it)
    # shellcheck disable=SC2012 # as private-server.sh
    base=$(ls -d "${BENCHKIT_CACHE:-$HOME/.cache/benchkit}"/mysql-8.0.15* 2>/dev/null | head -1)
    [ -n "$base" ] || { echo "no mysql-8.0.15 under ${BENCHKIT_CACHE:-$HOME/.cache/benchkit}" >&2; exit 2; }
    "$base/bin/mysqld" --no-defaults --basedir="$base" --datadir="$dir/data" --initialize-insecure \
      "${asroot[@]}" >"$dir/install.log" 2>&1
    # no --skip-grant-tables: MySQL 8 turns networking off with it; root has an empty password instead
    mysqld=$base/bin/mysqld; common+=(--basedir="$base" --mysqlx=OFF) ;;
  *) echo "SERVER is mariadb or mysql8" >&2; exit 2 ;;
esac
[ -d "$dir/data" ] || { echo "initializing the data directory failed:" >&2; tail -20 "$dir/install.log" >&2; exit 1; }
# its own session (setsid execs, so $! is the server itself): a ^C to the terminal reaches only this script
setsid "$mysqld" "${common[@]}" >/dev/null 2>&1 &
server=$!
mkdir -p "$dir/bin"
# the tests' own `mysql -uroot sbtest ...` calls go to the private server, whatever /etc/mysql says; MariaDB's
# client also echoes a failing query (--print-query-on-error), which MySQL's client, the tests' own, does not
client=$(command -v mysql); quiet=()
"$client" --help 2>/dev/null | grep -q -- --print-query-on-error && quiet=(--skip-print-query-on-error)
printf '#!/bin/sh\nexec %q --no-defaults %s --socket=%q "$@"\n' "$client" "${quiet[*]:-}" "$sock" >"$dir/bin/mysql"
# argv[0] "sysbench", as a program found on PATH gets it (cmdline.t prints it); a script still sees its own path in $0
printf '#!/bin/bash\nexec -a sysbench %q "$@"\n' "$program" >"$dir/bin/sysbench"
chmod +x "$dir/bin/mysql" "$dir/bin/sysbench"
for _ in $(seq 240); do
  [ -S "$sock" ] && "$dir/bin/mysql" -uroot -e 'CREATE DATABASE IF NOT EXISTS sbtest' 2>/dev/null && break
  kill -0 "$server" 2>/dev/null || break; sleep 0.5
done
if ! "$dir/bin/mysql" -uroot -e 'USE sbtest' 2>/dev/null; then
  echo "the server did not start; see its log:" >&2; tail -20 "$dir/error.log" >&2; exit 1
fi

# --- the environment tests/test_run.sh gives the suite ------------------------------------------------------
mkdir -p "$dir/include"
cat >"$dir/include/config.sh" <<EOF
export SBTEST_VERSION_STRING="sysbench 1.0.20"
export SBTEST_VERSION="1.0.20"
export SBTEST_HAS_MYSQL=1
export SBTEST_HAS_PGSQL=$("$program" --help 2>/dev/null | grep -q '^  pgsql - ' && echo 1)
EOF
export SBTEST_ROOTDIR=$tests SBTEST_SCRIPTDIR=$scriptdir SBTEST_SUITEDIR=$tests/t SBTEST_INCDIR=$tests/include
export SBTEST_CONFIG=$dir/include/config.sh
export LUA_PATH="$scriptdir/?;$scriptdir/?.lua;$SBTEST_INCDIR/?;$SBTEST_INCDIR/?.lua"
# shellcheck source=/dev/null
. "$SBTEST_CONFIG"
export SBTEST_MYSQL_ARGS="--mysql-socket=$sock --mysql-user=root --mysql-db=sbtest"
unset SBTEST_PGSQL_ARGS
export PATH="$dir/bin:$PATH"

# --- one cram run per file, on a copy (cram writes NAME.t.err beside the file) -------------------------------
mkdir -p "$OUT" "$dir/t"
rm -f "$OUT"/*.diff
pass=0; fail=0; skip=0
echo "# $program ($("$program" --version 2>&1 | head -1)), tests $tests, server socket $sock port $port"
for name in "${files[@]}"; do
  name=$(basename "$name")
  if [ ! -r "$tests/t/$name" ]; then echo "FAIL $name (no such file)"; fail=$((fail + 1)); continue; fi
  cp "$tests/t/$name" "$dir/t/$name"
  # timeout signals its whole process group: a hung test's processes go with cram. In the background, so that
  # `wait` returns to the traps at once on ^C (timeout's own process group gets no signal from the terminal).
  (cd "$dir/t" && exec timeout -k 10 "${FILE_TIMEOUT:-600}" cram --shell="${CRAM_SHELL:-/bin/bash}" --verbose "$name") \
    >"$dir/cram.out" 2>&1 </dev/null &
  job=$!; wait "$job"; rc=$?; job=
  if grep -q "^$name: passed" "$dir/cram.out"; then echo "PASS $name"; pass=$((pass + 1))
  elif grep -q "^$name: skipped" "$dir/cram.out"; then echo "SKIP $name"; skip=$((skip + 1))
  else
    echo "FAIL $name$([ $rc -ge 124 ] && [ $rc -le 137 ] && echo " (timed out or killed, rc $rc)")"
    fail=$((fail + 1)); cp "$dir/cram.out" "$OUT/${name%.t}.diff"
  fi
done
cp "$dir/error.log" "$OUT/server-error.log" 2>/dev/null
echo "$pass passed, $fail failed$([ $skip -gt 0 ] && echo ", $skip skipped")"
[ $fail -eq 0 ] && [ $skip -eq 0 ]
