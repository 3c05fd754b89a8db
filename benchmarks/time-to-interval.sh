#!/usr/bin/env bash
# How long a two-variant comparison takes, with the defaults, to reach its interval (issue: ±3% in at
# most 6 minutes). Runs point-select at one thread count with two allocators (until settled within 6
# minutes, bench's default for comparisons; --budget off for the fixed 5 forks; variants side by side), timing the whole command, then prints the tps effect and its half-width, and
# the variance components of the run. Usage: benchmarks/time-to-interval.sh [extra bench options]
# e.g. SERVER=mysql-8.0 THREADS=8 benchmarks/time-to-interval.sh --forks 8
set -euo pipefail
cd "$(dirname "$0")/.."
jar=cli/target/bench.jar
[ -f "$jar" ] || ./mvnw -B -ntp -q -DskipTests package
out=${OUT:-$(mktemp -d /tmp/time-to-interval.XXXXXX)}
mkdir -p "$out"
start=$(date +%s)
java -jar "$jar" --workload point-select --server "${SERVER:-mariadb-11.4}" --allocator glibc,jemalloc \
  --threads "${THREADS:-8}" --out "$out/run" "$@" > "$out/console.txt"
end=$(date +%s)
java -jar "$jar" compare "$out/run" --json > "$out/compare.json"
python3 - "$out" $((end - start)) <<'PY'
import json, sys
out, wall = sys.argv[1], int(sys.argv[2])
for row in json.load(open(out + "/compare.json")):
    if row["metric"] == "tps":
        half = (row["ci_high"] - row["ci_low"]) / 2 * 100
        print(f"wall {wall // 60}m{wall % 60:02d}s  {row['candidate']} vs {row['baseline']} at {row['threads']} threads: "
              f"tps ratio {row['ratio']:.3f} [{row['ci_low']:.3f}, {row['ci_high']:.3f}] (±{half:.1f}%), "
              f"{row['forks_baseline']} forks, {row['iterations_baseline']} iterations, verdict {row['verdict']}")
PY
python3 benchmarks/variance-components.py "$out/run"
echo "results: $out"
