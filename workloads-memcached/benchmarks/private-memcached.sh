# Sourced by the memcached benchmarks: starts a private native memcached ($MEMCACHED, default /usr/bin/memcached;
# 2 GiB, 4 threads) on 127.0.0.1 and a free port, in a session of its own, stopped with the script. Sets dir (a private temporary
# directory), port, memcached_bin, and flush(), which empties it between runs.
memcached_bin=${MEMCACHED:-/usr/bin/memcached}
dir=$(mktemp -d)
chmod 700 "$dir"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
user_opt=()
[ "$(id -u)" = 0 ] && user_opt=(-u root)
# its own session, as bench's memcached launcher and a service run it (MEMCACHED_SESSION=shared: the scripts' own): the
# kernel shares the CPUs between sessions first (docs/vs-sysbench.md, 2026-11-27, fifth part)
session=()
[ "${MEMCACHED_SESSION:-own}" = own ] && session=(setsid)
"${session[@]}" "$memcached_bin" -l 127.0.0.1 -p "$port" -U 0 -m 2048 -t 4 -c 4096 "${user_opt[@]}" >"$dir/memcached.log" 2>&1 &
mc=$!
trap 'kill $mc 2>/dev/null; wait $mc 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.05; done
flush() { printf 'flush_all\r\nquit\r\n' | timeout 5 bash -c "cat >/dev/tcp/127.0.0.1/$port" || true; }
