#!/usr/bin/env bash
# Two builds of bench.jar against sysbench, alternating in one session, to show that a change kept
# bench's speed: runs benchmarks/vs-sysbench.sh with each jar in turn, ROUNDS times.
# Build a jar of another commit with:  git worktree add /tmp/old REV && (cd /tmp/old && ./mvnw -q -o -DskipTests package -pl cli -am)
#
# Usage: benchmarks/jars-vs-sysbench.sh NAME=JAR NAME=JAR ...   (e.g. before=/tmp/old/cli/target/bench.jar after=cli/target/bench.jar)
#   env: ROUNDS=2, and vs-sysbench.sh's own (TIME, VIAS, THREADS, WORKLOADS, BENCH_ARGS, ...)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 NAME=JAR NAME=JAR [...]" >&2; exit 2; }
for pair in "$@"; do
  [ -f "${pair#*=}" ] || { echo "no jar: ${pair#*=}" >&2; exit 2; }
done
pairs=("$@")
for round in $(seq "${ROUNDS:-2}"); do
  order=("${pairs[@]}")
  if [ $((round % 2)) -eq 0 ]; then    # every other round the other way round: the first in a round tends to win here
    order=(); for ((i = ${#pairs[@]} - 1; i >= 0; i--)); do order+=("${pairs[$i]}"); done
  fi
  for pair in "${order[@]}"; do
    echo "=== round $round: ${pair%%=*} ($(date -u +%H:%M:%S))"
    ROUNDS=1 JAR="${pair#*=}" bash benchmarks/vs-sysbench.sh "${SERVER:-mariadb}"
  done
done
