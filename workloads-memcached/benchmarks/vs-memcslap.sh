#!/usr/bin/env bash
# Sets per second of memslap (libmemcached's memcslap) and of benchkit's memcached-set sessions
# in a plain loop (clients in $CLIENTS, default "direct spymemcached"), against the same fresh
# native memcached, alternating, a few rounds.
#   usage: [TEST=set|get] [CLIENTS="direct spymemcached"] [SKIP_BUILD=1] \
#          workloads-memcached/benchmarks/vs-memcslap.sh [THREADS] [EXECUTE_NUMBER] [ROUNDS]
# Both: THREADS connections, binary protocol, 20-byte keys and 4096-byte values (memcslap's fixed
# sizes in libmemcached 1.0/1.1). set: EXECUTE_NUMBER distinct keys set per thread. get:
# EXECUTE_NUMBER keys loaded first, then EXECUTE_NUMBER random gets per thread; load time is
# not counted.
set -euo pipefail
test=${TEST:-set}
threads=${1:-4}
execute=${2:-100000}
rounds=${3:-3}
here=$(cd "$(dirname "$0")/../.." && pwd)

if ! command -v memcslap >/dev/null; then
  echo "memcslap missing; installing libmemcached-tools" >&2
  apt-get install -y libmemcached-tools >/dev/null
fi

cd "$here"
# SKIP_BUILD=1 reuses the last build
if [ -z "${SKIP_BUILD:-}" ] || [ ! -f workloads-memcached/target/test-classpath.txt ]; then
  ./mvnw -o -q -pl workloads-memcached -am test-compile dependency:build-classpath \
    -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test >/dev/null
fi
cp="workloads-memcached/target/test-classes:workloads-memcached/target/classes:core/target/classes:$(cat workloads-memcached/target/test-classpath.txt)"

source workloads-memcached/benchmarks/private-memcached.sh
total=$((threads * execute))
echo "$("$memcached_bin" -V) on 127.0.0.1:$port; $threads threads x $execute ${test}s"
for r in $(seq "$rounds"); do
  flush
  # memcslap 1.1: for get, --execute-number keys are loaded, then each thread gets that many
  secs=$(memcslap --servers=127.0.0.1:$port --concurrency="$threads" --execute-number="$execute" --binary --test="$test" \
         | awk '/^Time to (set|get) .* by / {print $(NF-1)} /Took/ {print $2}')
  awk -v s="$secs" -v n="$total" -v r="$r" 'BEGIN { printf "round %d memcslap:               %8.3f s  %9.0f ops/s\n", r, s, n / s }'
  for client in ${CLIENTS:-direct spymemcached}; do
    flush
    keys=()
    [ "$test" = get ] && keys=(keys="$execute")
    line=$(java -cp "$cp" benchkit.memcached.bench.KvLoop "$test" 127.0.0.1 "$port" "$threads" "$execute" client="$client" "${keys[@]}")
    secs=$(sed -n 's/.*seconds=\([0-9.]*\).*/\1/p' <<<"$line")
    awk -v s="$secs" -v n="$total" -v r="$r" -v c="$client" \
      'BEGIN { printf "round %d benchkit %-13s %8.3f s  %9.0f ops/s\n", r, c ":", s, n / s }'
  done
done
