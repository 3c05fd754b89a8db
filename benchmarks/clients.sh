#!/usr/bin/env bash
# Several clients against one target: the merged run's totals beside the servers' own counters.
# Runs 3 workers (local processes, then Swarm replicas when this Docker engine is in a swarm) against one
# private MariaDB (point-select, Com_select) and one memcached (memcached-get, cmd_get), and prints a table
# for docs/clients.md.
# Usage: benchmarks/clients.sh   (after ./mvnw -DskipTests install; ~2 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=$PWD/cli/target/bench.jar SERVER=mariadb NAME=bench-clients
source benchmarks/private-server.sh
mport=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
memcached -u "$(id -un)" -l 127.0.0.1 -p "$mport" -m 64 >/dev/null 2>&1 &
mc=$!
trap 'kill $mc $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$dir"' EXIT
sleep 1
com_select() { mariadb -uroot -S "$sock" -N -e "SHOW GLOBAL STATUS LIKE 'Com_select'" | cut -f2; }
cmd_get() { python3 - "$mport" <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1]))); s.sendall(b"stats\r\n"); b = b""
while not b.endswith(b"END\r\n"): b += s.recv(65536)
print(dict(l.split()[1:3] for l in b.decode().splitlines() if l.startswith("STAT"))["cmd_get"])
PY
}
journal_sum() { python3 -c "
import json, sys
print(sum(j[sys.argv[2]] for j in map(json.loads, open(sys.argv[1] + '/journal.jsonl')) if j['event'] == 'iteration'))" "$1" "$2"; }
short=(--threads 2 --time 2 --iterations 2 --warmup-time 1 --warmup-iterations 1 --report-interval 0 --clients 3)
engines=(local)
[ "$(docker info --format '{{.Swarm.LocalNodeState}}' 2>/dev/null || true)" = active ] && engines+=(docker)
out=$(mktemp -d /tmp/bench-clients-out.XXXXXX)
echo "| engine | target | server's counter (delta over the run) | merged run (all iterations) | difference |"
echo "|---|---|---|---|---|"
for engine in "${engines[@]}"; do
  before=$(com_select)
  java -jar "$JAR" --workload point-select --mysql-host 127.0.0.1 --mysql-port "$port" --mysql-user root \
    --table-size 2000 "${short[@]}" --client-engine "$engine" --out "$out/sql-$engine" >/dev/null
  server_count=$(( $(com_select) - before )); merged=$(journal_sum "$out/sql-$engine" reads)
  echo "| $engine | MariaDB | \`Com_select\` $server_count | reads $merged | $(python3 -c "print(f'{abs($server_count-$merged)/$server_count:.2%}')") |"
  before=$(cmd_get)
  java -jar "$JAR" --workload memcached-get --memcached-servers "127.0.0.1:$mport" "${short[@]}" \
    --client-engine "$engine" --out "$out/kv-$engine" >/dev/null
  server_count=$(( $(cmd_get) - before )); merged=$(journal_sum "$out/kv-$engine" events)
  echo "| $engine | memcached | \`cmd_get\` $server_count | gets $merged | $(python3 -c "print(f'{abs($server_count-$merged)/$server_count:.2%}')") |"
done
echo "(results in $out)"
