#!/usr/bin/env bash
# bench history on real runs with a known change: NIGHTS runs of point-select (the embedded MariaDB 11.4, 2 forks each),
# one after another; from night CHANGE on, bench and its server run under a CPU limit of LIMIT CPUs (a cgroup v1 CPU
# quota, as a container's --cpus would set). Each run is judged against the trend of those before it
# (bench history check --add), then stored; at the end the trend page is written and the store is printed.
# Needs root (the cgroup) and bench.jar built.
#
# Usage: benchmarks/history-demo.sh OUT      env: JAR=cli/target/bench.jar NIGHTS=20 CHANGE=12 LIMIT=1.0 THREADS=8
#        START=N goes on with run N in an OUT that holds the runs before it
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: $0 OUT" >&2; exit 2; }
OUT=$1; JAR=${JAR:-cli/target/bench.jar}; NIGHTS=${NIGHTS:-20}; CHANGE=${CHANGE:-12}; LIMIT=${LIMIT:-1.0}; START=${START:-1}; THREADS=${THREADS:-8}
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd); STORE=$OUT/history.sqlite
cg=/sys/fs/cgroup/cpu/bench-history-demo
mkdir -p "$cg"; trap 'echo -1 > $cg/cpu.cfs_quota_us' EXIT
echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD), $(java -version 2>&1 | head -1); point-select at $THREADS threads,"\
     "$NIGHTS runs, from run $CHANGE on a CPU limit of $LIMIT CPUs"
for n in $(seq "$START" "$NIGHTS"); do
  quota=-1; [ "$n" -ge "$CHANGE" ] && quota=$(awk -v l="$LIMIT" 'BEGIN {printf "%d", l * 100000}')
  echo "$quota" > "$cg/cpu.cfs_quota_us"
  dir=$OUT/run$(printf %02d "$n")
  # the run in the cgroup (its server with it); a failed run is said and not stored
  if ! sh -c "echo \$\$ > $cg/tasks; exec java -jar $JAR --workload point-select --threads $THREADS --forks 2 --budget off \
        --warmup-iterations 1 --iterations 3 --time 4 --out $dir" > "$dir.log" 2>&1; then
    echo "run $n failed: $(tail -1 "$dir.log")"; continue
  fi
  verdict=$(java -jar "$JAR" history check "$dir" --history "$STORE" --add --label "night=$n" 2>/dev/null) && code=0 || code=$?
  printf 'run %02d (%s): %s; exit %d\n' "$n" "$([ "$quota" = -1 ] && echo unlimited || echo "$LIMIT CPUs")" \
    "$(echo "$verdict" | head -1)" "$code"
done
java -jar "$JAR" history report --history "$STORE" --x night --out "$OUT/history.html"
java -jar "$JAR" history export "$dir" --format customBiggerIsBetter > "$OUT/github-action-benchmark.json"
java -jar "$JAR" history export "$dir" --format bencher > "$OUT/bencher.json"
