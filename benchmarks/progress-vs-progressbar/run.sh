#!/usr/bin/env bash
# What a prepare's progress looks like in a CI log (stdout not a terminal): bench's own LoadProgress
# against the progressbar library (me.tongfei:progressbar 0.10.2, JLine underneath), each with the
# same simulated load (Sim.java: 4 tables x 100000 rows by 2 threads, ~6 s). Prints bytes, lines,
# carriage returns and escape characters of each output, and its first lines with `cat -A`.
# docs/prepare.md ("Why the progress printer is hand-written") has the figures and what they mean.
#
# Usage: benchmarks/progress-vs-progressbar/run.sh   (needs Maven Central or the artifact in ~/.m2)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"; root="$here/../.."
[ -d "$root/core/target/classes" ] || (cd "$root" && ./mvnw -q -pl spi,core -am install -DskipTests)
out=$(mktemp -d /tmp/progress-vs-progressbar.XXXXXX)
(cd "$here" && mvn -q dependency:build-classpath -Dmdep.outputFile="$out/cp.txt" >/dev/null)
cp="$(cat "$out/cp.txt"):$out/classes:$root/core/target/classes"
javac -d "$out/classes" -cp "$cp" "$here"/src/main/java/m/*.java
count() { printf '%-28s %6s B %4s \\n %4s \\r %4s ESC\n' "$1" "$(wc -c <"$2")" "$(tr -cd '\n' <"$2" | wc -c)" \
          "$(tr -cd '\r' <"$2" | wc -c)" "$(tr -cd '\033' <"$2" | wc -c)"; }
java -cp "$cp" m.LpMain "# " >"$out/loadprogress" 2>/dev/null </dev/null
count loadprogress "$out/loadprogress"
for v in default console-out delegating delegating-300ms delegating-ascii; do
  # the library's default writes to file descriptor 2, so both streams are counted
  java -cp "$cp" m.PbMain "$v" >"$out/$v" 2>&1 </dev/null
  count "progressbar $v" "$out/$v"
done
for f in loadprogress delegating-ascii console-out; do echo "--- $f"; cat -A "$out/$f" | head -4 | cut -c1-200; done
echo "outputs in $out"
