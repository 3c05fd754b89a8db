#!/usr/bin/env bash
# A sysbench script through bench's Lua runtime, against bench's Java version of the same script and against sysbench
# 1.0.20 itself, side by side on one private server (docs/sysbench-scripts.md, "Speed").
#
# The three run oltp_read_write.lua as a sysbench line, each for TIME seconds, alternately, in rounds whose order
# turns: sysbench with Debian's stock script; bench (cli/target/sysbench) with the same stock file, which it runs as
# its Java version (the file is sysbench's byte for byte); bench with a copy that differs by one comment line, which
# its Lua runtime runs as written. Prints each run's QPS and client CPU per query (user+system CPU of the client
# process, from its rusage at exit, so bench's includes JVM start-up and JIT, over every query it sent), then per
# thread count the geometric mean of each ratio over the rounds.
#
# Usage: benchmarks/lua-vs-builtin.sh [mariadb|mysql8]
#   env: TIME=20 ROUNDS=2 THREADS="8 32" TABLES=4 SIZE=10000 SB=cli/target/sysbench (copy it and bench.jar elsewhere
#        for long runs, so a rebuild cannot change them mid-run)
set -euo pipefail
cd "$(dirname "$0")/.."
SERVER=${1:-mariadb}
TIME=${TIME:-20}; ROUNDS=${ROUNDS:-2}; THREADS=${THREADS:-8 32}; TABLES=${TABLES:-4}; SIZE=${SIZE:-10000}
SB=$(readlink -f "${SB:-cli/target/sysbench}"); JAR=$(dirname "$SB")/bench.jar
[ -x "$SB" ] && [ -f "$JAR" ] || { echo "no $SB and bench.jar beside it: ./mvnw -q -DskipTests package" >&2; exit 2; }
STOCK=/usr/share/sysbench/oltp_read_write.lua
[ -r "$STOCK" ] || { echo "sysbench missing: apt-get install sysbench" >&2; exit 2; }

NAME=lua-vs-builtin; . benchmarks/private-server.sh
own="$dir/lua"; mkdir -p "$own"
{ head -1 "$STOCK"; echo "-- a copy, so bench runs it as written (its Lua runtime)"; tail -n +2 "$STOCK"; } > "$own/oltp_read_write.lua"
sysbench "$STOCK" "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" --threads="$TABLES" prepare >/dev/null
echo "# $(date -u +%FT%TZ) commit $(git rev-parse --short HEAD) server $SERVER, $TABLES tables x $SIZE rows, ${TIME}s runs, $(java -version 2>&1 | head -1)"
echo "# client threads round qps cpu_us_per_query"
results=$dir/results.txt
run() {   # name threads round program script...
  local name=$1 threads=$2 round=$3; shift 3
  local out; out=$(/usr/bin/time -f "CPU %U %S" "$@" "${sysbench_conn[@]}" --tables="$TABLES" --table-size="$SIZE" \
    --threads="$threads" --time="$TIME" run 2>&1) || { echo "$name failed: $out" >&2; exit 1; }
  local q cpu
  q=$(awk '/^    queries:/ {print $2, $3}' <<<"$out" | tr -d '(')
  cpu=$(awk '/^CPU / {print $2 + $3}' <<<"$out")
  python3 -c "import sys; n, qps, cpu = int('${q%% *}'), float('${q##* }'), float('$cpu'); print('$name', $threads, $round, round(qps, 1), round(cpu / n * 1e6, 2))" | tee -a "$results"
}
for round in $(seq 1 "$ROUNDS"); do
  for threads in $THREADS; do
    clients=(sysbench java lua)
    [ $((round % 2)) -eq 0 ] && clients=(lua java sysbench)
    for c in "${clients[@]}"; do
      case $c in
        sysbench) run sysbench "$threads" "$round" sysbench "$STOCK" ;;
        java) run bench-java "$threads" "$round" "$SB" "$STOCK" ;;
        lua) (cd "$own" && run bench-lua "$threads" "$round" "$SB" ./oltp_read_write.lua) ;;
      esac
    done
  done
done
python3 - "$results" <<'PY'
import sys, math, collections
runs = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    name, threads, rnd, qps, cpu = line.split()
    runs[(int(threads), int(rnd))][name] = (float(qps), float(cpu))
def gm(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))
print("# geometric means over the rounds: QPS ratio, client CPU/query ratio")
for threads in sorted({t for t, _ in runs}):
    rs = [runs[k] for k in sorted(runs) if k[0] == threads]
    for a, b in (("bench-lua", "bench-java"), ("bench-lua", "sysbench"), ("bench-java", "sysbench")):
        q = gm([r[a][0] / r[b][0] for r in rs]); c = gm([r[a][1] / r[b][1] for r in rs])
        print(f"{threads:>3} threads {a}/{b}: qps {q:.2f}, client cpu/query {c:.2f}")
PY
