#!/usr/bin/env bash
# memcslap (libmemcached-tools) against bench run the way the README runs it (java -jar bench.jar, the JDK on the
# PATH unless JAVA is set), on one fresh native memcached, alternating, a few rounds: issue #32's memcached goal.
#   usage: [JAR=cli/target/bench.jar] [JAVA=java] [TESTS="set get"] [BENCH_ARGS="--client-threads platform"] benchmarks/memcached-vs-memcslap.sh [THREADS] [EXECUTE_NUMBER] [ROUNDS]
# Both: THREADS connections, the binary protocol, memcslap's key and value sizes, EXECUTE_NUMBER operations per
# thread (get: that many keys loaded first, not timed). bench's time is its memslap line (--format memslap): the
# measured events over their rate, from the first event to the last, as memcslap's "Time to ..." line.
set -euo pipefail
threads=${1:-4}
execute=${2:-100000}
rounds=${3:-3}
cd "$(dirname "$0")/.."
jar=${JAR:-cli/target/bench.jar}
java=${JAVA:-java}
command -v memcslap >/dev/null || { echo "memcslap missing: apt-get install libmemcached-tools" >&2; exit 2; }
[ -f "$jar" ] || { echo "no $jar: build it with ./mvnw -q -o package -DskipTests -pl cli -am" >&2; exit 2; }

source workloads-memcached/benchmarks/private-memcached.sh

total=$((threads * execute))
# the process's user+system CPU over every operation it ran (bench's includes its JVM start and the key load)
TIMEFORMAT='%U %S'
report() {
  awk -v tool="$1" -v s="$2" -v cpu="$3" -v n="$total" -v r="$r" -v t="$test" 'BEGIN {
    split(cpu, c, " "); printf "round %d %-4s %-8s %8.3f s %9.0f ops/s  %5.1f us CPU/op\n", r, t, tool, s, n / s, (c[1] + c[2]) * 1e6 / n }'
}
echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD) $("$memcached_bin" -V), $("$java" -version 2>&1 | head -1)"
echo "# $threads threads x $execute operations, binary protocol; ops/s from each tool's 'Time to' line, CPU per op of the whole process; bench ${BENCH_ARGS:-}"
for r in $(seq "$rounds"); do
  for test in ${TESTS:-set get}; do
    flush
    { time memcslap --servers=127.0.0.1:$port --concurrency="$threads" --execute-number="$execute" --binary --test="$test" \
        >"$dir/out" 2>/dev/null; } 2>"$dir/cpu"
    secs=$(awk '/^Time to (set|get) .* by / {print $(NF-1)} /Took/ {print $2}' "$dir/out" | tail -1)
    report memcslap "$secs" "$(cat "$dir/cpu")" | tee -a "$dir/rows"
    flush
    keys=()
    [ "$test" = get ] && keys=(--keys "$execute")
    { time "$java" -jar "$jar" --workload "memcached-$test" --memcached-servers "127.0.0.1:$port" --protocol binary \
        --threads "$threads" --execute-number "$execute" "${keys[@]}" ${BENCH_ARGS:-} --format memslap \
        --out "$dir/bench-$r-$test" >"$dir/out" 2>/dev/null; } 2>"$dir/cpu"
    secs=$(sed -n 's/^Time to .* threads: \([0-9.]*\) s.*/\1/p' "$dir/out")
    report bench "$secs" "$(cat "$dir/cpu")" | tee -a "$dir/rows"
  done
done
# per test, over the rounds: bench/memcslap ops/s and CPU per operation, geometric mean [95% t] of each round's ratio
python3 - "$dir/rows" <<'PY'
import sys
sys.path.insert(0, "benchmarks")
import ratios
runs = {}
for f in (line.split() for line in open(sys.argv[1])):
    runs.setdefault((f[2], f[1]), {})[f[3]] = (float(f[6]), float(f[8]))  # (test, round) -> tool -> (ops/s, CPU/op)
for test in dict.fromkeys(test for test, _ in runs):
    pairs = [tools for (t, _), tools in runs.items() if t == test and len(tools) == 2]
    print(f"# {test}, {len(pairs)} rounds, bench/memcslap: ops/s {ratios.text([p['bench'][0] / p['memcslap'][0] for p in pairs])},"
          f" client CPU per op {ratios.text([p['bench'][1] / p['memcslap'][1] for p in pairs])}")
PY
