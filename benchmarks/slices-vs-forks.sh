#!/usr/bin/env bash
# Which way of spending a fixed wall clock reaches the narrowest interval: the defaults' 4 x 5 s per fork,
# fewer iterations with more forks, shorter slices with more rounds, or short everything with many forks.
# Each shape runs A/A (`bench calibrate`: one configuration as two variants) on point-select at 8 threads,
# Debian's MariaDB (--server system), with as many forks as fit about 5 min 20 s; the shapes take turns,
# round after round, so a drift of the machine meets all of them. Per run: forks, wall time, the tps
# half-width of the fixed design (fork-level t), and the SD of the paired fork-level log ratio.
# Usage: benchmarks/slices-vs-forks.sh [ROUNDS]   (default 2; about 22 minutes a round)
set -euo pipefail
cd "$(dirname "$0")/.."
jar=cli/target/bench.jar
[ -f "$jar" ] || ./mvnw -B -ntp -q -DskipTests package
rounds=${1:-2}
out=${OUT:-$(mktemp -d /tmp/slices-vs-forks.XXXXXX)}
mkdir -p "$out"
# name | options (warmup, slices, forks)
shapes=(
  "defaults-4x5s|--warmup-time 5 --iterations 4 --time 5 --forks 6"
  "forks-2x5s|--warmup-time 5 --iterations 2 --time 5 --forks 10"
  "slices-10x2s|--warmup-time 5 --iterations 10 --time 2 --forks 6"
  "short-3x2s|--warmup-time 2 --iterations 3 --time 2 --forks 17"
)
for r in $(seq 1 "$rounds"); do
  for shape in "${shapes[@]}"; do
    name=${shape%%|*}; opts=${shape#*|}
    dir=$out/$name-$r
    start=$(date +%s)
    # shellcheck disable=SC2086
    java -jar "$jar" calibrate --server system --workload point-select --threads 8 --report-interval 0 \
      $opts --out "$dir" > "$dir.txt" 2>&1 || true
    secs=$(( $(date +%s) - start ))
    java -jar "$jar" compare "$dir" --json > "$dir.json"
    python3 - "$name" "$dir" "$secs" <<'PY'
import json, math, statistics as st, sys
from collections import defaultdict
name, d, secs = sys.argv[1], sys.argv[2], int(sys.argv[3])
tps = [r for r in json.load(open(f"{d}.json")) if r["metric"] == "tps"][0]
half = (tps["ci_high"] - tps["ci_low"]) / 2 * 100
by = defaultdict(lambda: defaultdict(list))
for line in open(f"{d}/journal.jsonl"):
    r = json.loads(line)
    if r.get("event") == "iteration" and not r["warmup"] and "invalid" not in r:
        by[r["variant"]][r["fork"]].append(r["tps"])
a, b = sorted(by)
forks = sorted(set(by[a]) & set(by[b]))
ratios = [math.log(st.mean(by[b][f]) / st.mean(by[a][f])) for f in forks]
slices = [math.log(y / x) for f in forks for x, y in zip(by[a][f], by[b][f])]
print(f"{name}\t{len(forks)} forks\t{secs} s\ttps {tps['summary']}\thalf-width +-{half:.2f}%\t"
      f"fork log-ratio SD {100 * st.stdev(ratios):.2f}%\tslice log-ratio SD {100 * st.stdev(slices):.2f}%", flush=True)
PY
  done
done | tee "$out/summary.tsv"
echo "results: $out"
