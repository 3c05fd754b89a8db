#!/bin/bash
# Rerun: cd benchmarks/lua-runtimes && mvn -q -B package && ./run.sh && python3 summarize.py results/*.json
# Env: QUICK=1 for a short run (1 fork, 3x1s); JDKS="path/to/java ..." to choose JVMs.
set -u
cd "$(dirname "$0")"
mkdir -p results tmp
JDKS=${JDKS:-"java /usr/lib/jvm/temurin-25-jdk-amd64/bin/java"}
EXTRA=""; [ "${QUICK:-0}" = 1 ] && EXTRA="-f 1 -wi 3 -i 3"
TMP="-Djava.io.tmpdir=$PWD/tmp"   # luajava extracts libluajit64.so to \$tmpdir/libgdx\$USER/<hash>/
for J in $JDKS; do
  [ -x "$(command -v $J)" ] || { echo "skip $J"; continue; }
  v=$($J -XX:+IgnoreUnrecognizedVMOptions -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
  for t in 1 2; do
    echo "== jdk$v threads=$t default flags"
    $J -jar target/benchmarks.jar LuaBench $EXTRA -t $t -jvmArgsAppend "$TMP" \
       -rf json -rff results/jdk$v-t$t-default.json 2>&1 | tee results/jdk$v-t$t-default.log | grep -E '^LuaBench|WARNING|rror' 
    echo "== jdk$v threads=$t LuaJ interpreter with -XX:-DontCompileHugeMethods"
    $J -jar target/benchmarks.jar LuaBench $EXTRA -t $t -p runtime=luaj -jvmArgsAppend "$TMP -XX:-DontCompileHugeMethods" \
       -rf json -rff results/jdk$v-t$t-huge.json 2>&1 | tee results/jdk$v-t$t-huge.log | grep -E '^LuaBench|WARNING|rror'
  done
done
