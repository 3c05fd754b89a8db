#!/usr/bin/env bash
# Where bench's client CPU goes in the steady window (issue #32): runs java -jar bench.jar against its embedded
# MariaDB and samples the bench process with perf (cpu-clock; this VM has no hardware counters) for SECONDS once
# the first measurement iteration has started, JIT frames named through the JVM's perf map. Prints the share of
# samples per binary (kernel, JIT-compiled Java, libc, the JVM) and the top user-space symbols.
#   usage: [JAVA=java] [JAR=cli/target/bench.jar] benchmarks/client-profile.sh [SECONDS] [bench options...]
# e.g. benchmarks/client-profile.sh 8 --workload point-select --threads 8
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-8}; shift || true
[ $# -gt 0 ] || set -- --workload point-select --threads 8
java=${JAVA:-java}; jar=${JAR:-cli/target/bench.jar}
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
# the perf map (written at exit) names JIT frames; frame pointers let perf walk Java stacks
"$java" -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit -XX:+PreserveFramePointer -jar "$jar" "$@" \
  --warmup-iterations 1 --warmup-time 5 --iterations 2 --time $((seconds + 4)) --out "$dir/out" >"$dir/log" 2>&1 &
bench=$!
until grep -q '^Iteration ' "$dir/log" 2>/dev/null; do sleep 0.2; kill -0 $bench 2>/dev/null || { cat "$dir/log"; exit 1; }; done
perf record -q -e cpu-clock -F 499 -g -p "$bench" -o "$dir/perf.data" -- sleep "$seconds" 2>/dev/null
wait $bench
echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD) $("$java" -version 2>&1 | head -1); bench $*"
grep -E '^glibc|^variant' "$dir/log" | tail -2
echo "# share of the bench process's CPU samples per binary:"
perf report -i "$dir/perf.data" --no-children --sort dso -q -g none 2>/dev/null | head -8
echo "# top user-space symbols:"
perf report -i "$dir/perf.data" --no-children --sort dso,sym -q -g none 2>/dev/null | grep -v '\[k\]' | head -15
rm -f /tmp/perf-"$bench".map
