#!/usr/bin/env bash
# How often a whole A/A run claims a difference: runs `bench calibrate` N times (CalibrationIT's short
# design by default: Debian's MariaDB, point-select at 8 threads, 3 forks x 3 x 2 s) and counts, per run,
# the rows whose own 95% interval claims a difference (judged one by one) and the rows bench claims
# (judged as a family at a 5% false discovery rate). Usage: benchmarks/aa-runs.sh N [bench options]
# e.g. benchmarks/aa-runs.sh 10;  benchmarks/aa-runs.sh 5 --forks 5 --time 5 --iterations 4
set -euo pipefail
cd "$(dirname "$0")/.."
jar=cli/target/bench.jar
[ -f "$jar" ] || ./mvnw -B -ntp -q -DskipTests package
runs=${1:-10}
shift || true
design=(--server system --workload point-select --threads 8 --table-size 2000 --forks 3 --warmup-time 1 --time 2
        --iterations 3 --report-interval 0)
[ $# -gt 0 ] && design=(--server system --workload point-select --threads 8 --report-interval 0 "$@")
out=${OUT:-$(mktemp -d /tmp/aa-runs.XXXXXX)}
mkdir -p "$out"
for i in $(seq 1 "$runs"); do
  java -jar "$jar" calibrate --out "$out/aa$i" "${design[@]}" > "$out/aa$i.txt"
  java -jar "$jar" compare "$out/aa$i" --json > "$out/aa$i.json"
done
python3 - "$out" "$runs" <<'PY'
import json, sys
out, runs = sys.argv[1], int(sys.argv[2])
claims = ("faster", "slower", "better", "worse", "higher", "lower")
rows = one_by_one = family = runs_one = runs_family = 0
for i in range(1, runs + 1):
    data = json.load(open(f"{out}/aa{i}.json"))
    tested = [r for r in data if r.get("ci_low") is not None and r["ci_low"] != r["ci_high"]]
    own = [r for r in tested if r["verdict"] in claims or "not claimed" in r["summary"]]
    fam = [r for r in tested if r["verdict"] in claims]
    rows += len(tested); one_by_one += len(own); family += len(fam)
    runs_one += bool(own); runs_family += bool(fam)
    print(f"run {i}: {len(tested)} rows; claimed one by one {len(own)} ({', '.join(r['metric'] for r in own)}); "
          f"as a family {len(fam)}")
print(f"rows claimed one by one: {one_by_one} of {rows}; as a family: {family} of {rows}")
print(f"runs claiming anything one by one: {runs_one} of {runs}; as a family: {runs_family} of {runs}")
PY
echo "results: $out"
