#!/usr/bin/env bash
# Where a short sysbench line loses to sysbench: the same line through sysbench 1.0.20 and through bench.jar as
# `java -jar` (the README's way: JVM start, no warmup), alternately on one private server, each with
# --report-interval=1. Per round: bench/sysbench QPS over the whole line (what sysbench's report prints), over its
# first 3 seconds (the JVM's start-up: classes loaded, code interpreted and JIT-compiled while the clock runs) and
# over the rest. Then the geometric mean of each over the rounds with a 95% t interval on the per-round logs.
#
# VIAS says how bench is started: `jar` (java -jar bench.jar), `launcher` (cli/target/sysbench, the launcher with its
# class-data archive, made in an unmeasured first line) and/or `aot` (Java 25+: java -XX:AOTCache, the cache trained
# on an unmeasured first line), and/or `flags_X` (the launcher with BENCH_JAVA_OPTS="$FLAGS_X", its own archive: JVM
# flags weighed against the plain launcher). Each line's wall time (the program's start to its end) is compared too.
#
# Usage: benchmarks/sysbench-lines-by-second.sh [mariadb|mysql8]
#   env: TIME=10 THREADS=8 ROUNDS=5 TABLES=4 SIZE=10000 WORKLOADS="oltp_point_select oltp_read_only"
#        BENCH_JAVA=java JAR=cli/target/bench.jar VIAS=jar (e.g. VIAS="launcher flags_c1" FLAGS_c1=-XX:TieredStopAtLevel=1)
set -euo pipefail
cd "$(dirname "$0")/.."
SERVER=${1:-mariadb}
TIME=${TIME:-10}; THREADS=${THREADS:-8}; ROUNDS=${ROUNDS:-5}; TABLES=${TABLES:-4}; SIZE=${SIZE:-10000}
WORKLOADS=${WORKLOADS:-oltp_point_select oltp_read_only}
BENCH_JAVA=${BENCH_JAVA:-java}; JAR=${JAR:-cli/target/bench.jar}; VIAS=${VIAS:-jar}
[ -f "$JAR" ] || ./mvnw -q -DskipTests package
[ "$TIME" -ge 4 ] || { echo "TIME must be at least 4 s" >&2; exit 2; }
NAME=sysbench-lines-by-second; . benchmarks/private-server.sh
sysbench oltp_read_only "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" --threads="$TABLES" prepare >/dev/null

# the program's output in $1.txt, its wall time in seconds in $1.wall
timed() { local to=$1; shift; local t0; t0=$(date +%s.%N); "$@" > "$to.txt"; echo "$(date +%s.%N) - $t0" | bc > "$to.wall"; }
# the launcher, with the JVM flags of a flags_X via; each via its own archive
launch() { local via=$1; shift; local opts=""; [[ $via != flags_* ]] || { local v="FLAGS_${via#flags_}"; opts=${!v}; }
  env JAVA="$BENCH_JAVA" BENCHKIT_CACHE="$dir/cache-$via" BENCH_JAVA_OPTS="$opts" "$(dirname "$JAR")/sysbench" "$@"; }
for via in $VIAS; do                          # the launcher's archive, made by a first line of each kind, unmeasured
  [[ $via == launcher || $via == flags_* ]] || continue
  for w in $WORKLOADS; do
    launch "$via" "$w" "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" --time=2 run > /dev/null
  done
done
aot=(-Xlog:'cds*=off' -Xlog:'aot*=off' --sun-misc-unsafe-memory-access=allow)
if [[ " $VIAS " == *" aot "* ]]; then         # one training line, its profiles in the cache (JEP 515)
  "$BENCH_JAVA" -XX:AOTCacheOutput="$dir/bench.aot" "${aot[@]}" -jar "$JAR" ${WORKLOADS%% *} "${sysbench_conn[@]}" \
    --tables="$TABLES" --table-size="$SIZE" --threads="$THREADS" --time="$TIME" run > /dev/null 2>&1
fi
echo "# $("$BENCH_JAVA" -version 2>&1 | head -1); $SERVER over TCP; $THREADS threads; --time=$TIME; $(git rev-parse --short HEAD)"
for round in $(seq "$ROUNDS"); do
  for w in $WORKLOADS; do
    line=("$w" "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" --threads="$THREADS" --time="$TIME"
          --report-interval=1 run)
    timed "$dir/$w-$round-sysbench" sysbench "${line[@]}"
    for via in $VIAS; do
      case $via in
        jar) timed "$dir/$w-$round-$via" "$BENCH_JAVA" -jar "$JAR" "${line[@]}" ;;
        launcher|flags_*) timed "$dir/$w-$round-$via" launch "$via" "${line[@]}" ;;
        aot) timed "$dir/$w-$round-$via" "$BENCH_JAVA" -XX:AOTCache="$dir/bench.aot" "${aot[@]}" -jar "$JAR" "${line[@]}" ;;
      esac
    done
  done
done
python3 - "$dir" "$ROUNDS" "$VIAS" $WORKLOADS <<'PY'
import re, statistics, sys
sys.path.insert(0, "benchmarks")
import ratios
d, rounds, vias, workloads = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), sys.argv[4:]
def seconds(f):
    return [float(re.search(r"qps: ([\d.]+)", l).group(1)) for l in open(f) if l.startswith("[")]
def total(f):
    return float(re.search(r"queries:.*\(([\d.]+) per sec", open(f).read()).group(1))
def wall(f):
    return float(open(f).read())
for w in workloads:
  for via in vias:
    whole, first, rest, walls = [], [], [], []
    print(f"{w}, bench via {via}: bench/sysbench QPS per round (whole line, first 3 s, the rest); sysbench's QPS; "
          f"wall time bench - sysbench")
    for r in range(1, rounds + 1):
        s, b = f"{d}/{w}-{r}-sysbench", f"{d}/{w}-{r}-{via}"
        ss, bs = seconds(s + ".txt"), seconds(b + ".txt")
        whole.append(total(b + ".txt") / total(s + ".txt"))
        first.append(sum(bs[:3]) / sum(ss[:3]))
        rest.append(sum(bs[3:]) / sum(ss[3:]))
        walls.append(wall(b + ".wall") - wall(s + ".wall"))
        print(f"  round {r}: {whole[-1]:.2f}  {first[-1]:.2f}  {rest[-1]:.2f};  "
              f"{total(s + '.txt'):.0f};  {walls[-1]:+.2f} s")
    print(f"  geometric mean [95% t]: whole {ratios.text(whole)}, first 3 s {ratios.text(first)}, "
          f"the rest {ratios.text(rest)}; wall time longer by {statistics.mean(walls):.2f} s")
PY
