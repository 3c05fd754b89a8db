#!/usr/bin/env python3
"""Variance components of an A/A run's throughput, from its journal.jsonl (bench calibrate --replicas 2).

Prints, per replica: fork-to-fork and iteration SD relative to the mean; then, for neighbouring slices
of the two replicas (the same round of the same fork, seconds apart), the SD of their log ratio against
what it would be if they were independent: the share of the noise that the two replicas shared in time.
Usage: benchmarks/variance-components.py RESULT_DIR
"""
import json, math, statistics as st, sys
from collections import defaultdict

rows = [json.loads(l) for l in open(sys.argv[1] + "/journal.jsonl")]
its = [r for r in rows if r.get("event") == "iteration" and not r["warmup"]]
by = defaultdict(lambda: defaultdict(list))           # variant -> fork -> [tps]
for r in its:
    by[r["variant"]][r["fork"]].append(r["tps"])
variants = sorted(by)
for v in variants:
    forks = by[v]
    means = [st.mean(x) for x in forks.values()]
    grand = st.mean(means)
    within = st.mean([st.variance(x) for x in forks.values() if len(x) > 1])
    n = st.mean([len(x) for x in forks.values()])
    between = max(0.0, st.variance(means) - within / n) if len(means) > 1 else float("nan")
    print(f"{v}: {len(forks)} forks x {n:.0f} iterations, mean {grand:.0f} tps, "
          f"fork-to-fork SD {100 * math.sqrt(between) / grand:.1f}%, iteration SD {100 * math.sqrt(within) / grand:.1f}%")
if len(variants) == 2:
    a, b = variants
    slice_ratio, fork_ratio = [], []
    for f in sorted(set(by[a]) & set(by[b])):
        for x, y in zip(by[a][f], by[b][f]):
            slice_ratio.append(math.log(y / x))
        fork_ratio.append(math.log(st.mean(by[b][f]) / st.mean(by[a][f])))
    la = [math.log(x) for f in by[a] for x in by[a][f]]
    lb = [math.log(x) for f in by[b] for x in by[b][f]]
    independent = math.sqrt(st.variance(la) + st.variance(lb))
    print(f"log ratio of same-round slices: SD {100 * st.stdev(slice_ratio):.1f}% "
          f"(independent slices would give {100 * independent:.1f}%)")
    print(f"log ratio of fork means (paired): SD {100 * st.stdev(fork_ratio):.1f}% over {len(fork_ratio)} forks")
