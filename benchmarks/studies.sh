#!/usr/bin/env bash
# Runs every study file of examples/studies/ at its scaled size, one after the other, into
# bench-results/studies/<study>/ (report.html, jmh-result.json, console.log). docs/studies.md reads them.
# Usage: benchmarks/studies.sh [STUDY_FILE...]   (default: all five; about 80 minutes on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
jar=cli/target/bench.jar
[ -f "$jar" ] || ./mvnw -q -B -ntp -DskipTests package
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(examples/studies/study-*.json)
for f in "${files[@]}"; do
  name=$(basename "$f" .json)
  out=bench-results/studies/$name
  rm -rf "$out"; mkdir -p "$out"
  echo "# $(date -u +%FT%TZ) $name"
  start=$(date +%s)
  java -jar "$jar" --experiment "$f" --out "$out" --report-interval 0 > "$out/console.log" 2>&1 \
    || echo "# $name exited with $? (see $out/console.log)"
  echo "# $name took $(( $(date +%s) - start )) s"
done
