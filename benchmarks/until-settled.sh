#!/usr/bin/env bash
# How long a run --until-settled takes and what it reaches, at the defaults (a run until settled: 2 s warmup +
# 3 x 2 s per variant and fork), point-select at 8 threads on Debian's MariaDB (--server system):
#   N A/A runs back to back (`bench calibrate`: one configuration as two variants), each with --budget B;
#   then CPU_RUNS (default 1) runs of the server on 1 CPU against 2 (a 2x effect), with the same budget.
# Per run: forks, wall time, the tps verdict and its interval. Usage: benchmarks/until-settled.sh [N] [BUDGET] [bench options]
# e.g. benchmarks/until-settled.sh 3 6m;  benchmarks/until-settled.sh 3 6m --warmup-time 5 --iterations 4 --time 5
# benchmarks/spending-rejudge.py re-judges the runs it leaves with other spending functions.
set -euo pipefail
cd "$(dirname "$0")/.."
jar=cli/target/bench.jar
[ -f "$jar" ] || ./mvnw -B -ntp -q -DskipTests package
runs=${1:-5}
budget=${2:-6m}
shift $(( $# < 2 ? $# : 2 ))
out=${OUT:-$(mktemp -d /tmp/until-settled.XXXXXX)}
mkdir -p "$out"
common=(--server system --workload point-select --threads 8 --report-interval 0 --budget "$budget" "$@")
summary() {
  local name=$1 dir=$2 secs=$3
  java -jar "$jar" compare "$dir" --json > "$dir.json"
  python3 - "$name" "$dir" "$secs" <<'PY'
import json, sys
name, d, secs = sys.argv[1], sys.argv[2], float(sys.argv[3])
run = json.load(open(f"{d}/run.json"))["settings"]
tps = [r for r in json.load(open(f"{d}.json")) if r["metric"] == "tps"][0]
half = (tps["ci_high"] - tps["ci_low"]) / 2 * 100
print(f"{name}: {run.get('forks')} forks, {secs:.0f} s; tps {tps['verdict']} {tps['summary']}; "
      f"half-width +-{half:.2f}%; looks {run.get('sequential-looks')}; {run.get('until-settled')}")
PY
}
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  java -jar "$jar" calibrate --out "$out/aa$i" "${common[@]}" > "$out/aa$i.txt"
  summary "A/A run $i" "$out/aa$i" $(( $(date +%s) - start ))
done
for i in $(seq 1 "${CPU_RUNS:-1}"); do
  start=$(date +%s)
  java -jar "$jar" --server-cpus 2,1 --out "$out/cpus$i" "${common[@]}" > "$out/cpus$i.txt" || true
  summary "1 CPU against 2, run $i" "$out/cpus$i" $(( $(date +%s) - start ))
done
echo "results: $out"
