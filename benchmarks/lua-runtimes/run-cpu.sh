#!/bin/bash
# Plain harness, one JVM per config; prints wall and thread-CPU ns/event (median/min/max over rounds).
# Rerun: cd benchmarks/lua-runtimes && mvn -q -B package && ./run-cpu.sh | tee results/cpu.txt
set -u
cd "$(dirname "$0")"; mkdir -p tmp results
JDKS=${JDKS:-"java /usr/lib/jvm/temurin-25-jdk-amd64/bin/java"}
ROUNDS=${ROUNDS:-"5 10 1000"}   # warmup rounds, timed rounds, ms per round
for J in $JDKS; do
  [ -x "$(command -v $J)" ] || continue
  for t in 1 2; do
    for wl in java pure lualcg; do
      for rt in luaj luaj+huge luajc luajit; do
        flags="-Djava.io.tmpdir=$PWD/tmp"
        [ "$rt" = luaj+huge ] && flags="$flags -XX:-DontCompileHugeMethods"
        echo "$(cut -d' ' -f1 /proc/loadavg) $($J $flags -cp target/benchmarks.jar bench.CpuBench ${rt%+huge} $wl $t $ROUNDS 2>&1 | grep -E 'RESULT|Exception|rror')"
      done
    done
  done
done
