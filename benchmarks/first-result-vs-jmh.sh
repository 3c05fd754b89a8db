#!/usr/bin/env bash
# From nothing to a first result, as a new user would: benchkit's `bench new workload` project against JMH's archetype,
# each from an empty directory with a local Maven repository of its own that has never seen either (Maven Central
# online), each step timed (wall). docs/plugins.md, "From bench.jar alone, side by side with JMH's archetype".
#
# Usage: benchmarks/first-result-vs-jmh.sh [BENCH_JAR]   (default cli/target/bench.jar)
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=$(readlink -f "${1:-cli/target/bench.jar}")
work=$(mktemp -d /tmp/first-result.XXXXXX)
trap 'rm -rf "$work"' EXIT
step() {   # step NAME COMMAND...: runs it in the current directory, prints its wall time
  local name=$1; shift
  local start; start=$(date +%s.%N)
  "$@" > "$work/last.log" 2>&1 || { echo "$name failed:"; tail -20 "$work/last.log"; exit 1; }
  printf '  %-60s %6.1f s\n' "$name" "$(python3 -c "import time; print(time.time() - $start)")"
}
echo "# $(date -u +%FT%TZ) commit $(git rev-parse --short HEAD) $(mvn -v | head -1)"

echo "benchkit (bench.jar alone):"
mkdir -p "$work/bk" && cd "$work/bk"
total=$(date +%s.%N)
step "java -jar bench.jar new workload w" java -jar "$JAR" new workload w --maven-repo "$work/bk-repo"
cd w
step "mvn -q package" mvn -q -B -Dmaven.repo.local="$work/bk-repo" package
step "mkdir -p plugins && cp target/custom-workload.jar plugins/" bash -c "mkdir -p plugins && cp target/custom-workload.jar plugins/"
step "java -jar bench.jar --plugin-dir plugins --workload example-orders (1 fork, 2 x 1 s)" java -jar "$JAR" --plugin-dir plugins --workload example-orders --orders 1000 --threads 2 --forks 1 --warmup-iterations 0 --iterations 2 --time 1 --out "$work/bk-out"
printf '  %-60s %6.1f s\n' "total, 4 commands" "$(python3 -c "import time; print(time.time() - $total)")"

echo "JMH (its archetype):"
mkdir -p "$work/jmh" && cd "$work/jmh"
total=$(date +%s.%N)
step "mvn archetype:generate (jmh-java-benchmark-archetype 1.37)" mvn -q -B -Dmaven.repo.local="$work/jmh-repo" archetype:generate -DinteractiveMode=false -DarchetypeGroupId=org.openjdk.jmh -DarchetypeArtifactId=jmh-java-benchmark-archetype -DarchetypeVersion=1.37 -DgroupId=org.sample -DartifactId=test -Dversion=1.0
cd test
step "mvn -q package" mvn -q -B -Dmaven.repo.local="$work/jmh-repo" package
step "java -jar target/benchmarks.jar (1 fork, 2 x 1 s)" java -jar target/benchmarks.jar -f 1 -wi 0 -i 2 -r 1s
printf '  %-60s %6.1f s\n' "total, 3 commands" "$(python3 -c "import time; print(time.time() - $total)")"
