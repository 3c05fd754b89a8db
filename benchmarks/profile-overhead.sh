#!/usr/bin/env bash
# What --profile cpu costs: bench runs of one workload with the profile off and on, alternating within each
# round (which one goes first alternates too), one fork each; then the on/off ratio of tps, server CPU per
# query and client CPU per query: geometric mean over rounds with a 95% t interval on the per-round log
# ratios (rounds are the replicates, as forks are in bench's own forks-t).
#
# Usage: benchmarks/profile-overhead.sh     env: JAR=cli/target/bench.jar WORKLOADS="point-select oltp-read-only"
#        THREADS=4 ROUNDS=6 TIME=4 ITERATIONS=3
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-cli/target/bench.jar}; ROUNDS=${ROUNDS:-6}; THREADS=${THREADS:-4}; TIME=${TIME:-4}; ITERATIONS=${ITERATIONS:-3}
out=$(mktemp -d /tmp/profile-overhead.XXXXXX)
echo "# $(date -u +%FT%TZ) commit $(git rev-parse --short HEAD) java $(java -version 2>&1 | head -1)"
for workload in ${WORKLOADS:-point-select oltp-read-only}; do
  for round in $(seq "$ROUNDS"); do
    order="none cpu"; [ $((round % 2)) -eq 0 ] && order="cpu none"
    for profile in $order; do
      dir="$out/$workload-$round-$profile"
      java -jar "$JAR" --workload "$workload" --server system --table-size 10000 --threads "$THREADS" --time "$TIME" \
        --iterations "$ITERATIONS" --warmup-iterations 1 --forks 1 --report-interval 0 --profile "$profile" \
        --out "$dir" > "$dir.log" 2>&1
      python3 - "$dir/jmh-result.json" "$workload" "$round" "$profile" >> "$out/rows.txt" <<'PY'
import json, sys
e = json.load(open(sys.argv[1]))[0]
m = e["secondaryMetrics"]
print(sys.argv[2], sys.argv[3], sys.argv[4], e["primaryMetric"]["score"], m["server.cpu.per.query"]["score"],
      m["client.cpu.per.query"]["score"])
PY
    done
  done
done
python3 - "$out/rows.txt" <<'PY'
import statistics, sys
sys.path.insert(0, "benchmarks")
import ratios
rows = {}
for line in open(sys.argv[1]):
    w, r, p, tps, srv, cli = line.split()
    rows.setdefault((w, r), {})[p] = (float(tps), float(srv), float(cli))
for workload in dict.fromkeys(w for w, _ in rows):
    pairs = [v for (w, _), v in rows.items() if w == workload and len(v) == 2]
    print(f"{workload}: {len(pairs)} rounds; profile on / off:")
    for i, name in enumerate(["tps", "server CPU per query", "client CPU per query"]):
        print(f"  {name:22s} {ratios.text([v['cpu'][i] / v['none'][i] for v in pairs], 3)}"
              f"   off: {statistics.mean(v['none'][i] for v in pairs):.2f}  on: {statistics.mean(v['cpu'][i] for v in pairs):.2f}")
PY
echo "# rows and logs: $out"
