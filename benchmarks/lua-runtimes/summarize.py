#!/usr/bin/env python3
"""Table of ns/event: median and min-max over all measurement rounds (forks x iterations)."""
import json, sys, statistics, re
rows = []
for f in sys.argv[1:]:
    for r in json.load(open(f)):
        vals = [v for fork in r["primaryMetric"]["rawData"] for v in fork]
        jdk = r["jdkVersion"].split(".")[0]
        huge = any("DontCompileHugeMethods" in a for a in r["jvmArgs"])
        rt = r["params"]["runtime"] + ("+huge" if huge else "")
        rows.append((jdk, r["threads"], r["params"]["workload"], rt,
                     statistics.median(vals), min(vals), max(vals), len(vals)))
order = {"java": 0, "pure": 1, "lualcg": 2}
rows.sort(key=lambda x: (x[0], x[1], order.get(x[2], 9), x[3]))
print(f"{'jdk':>3} {'thr':>3} {'workload':<7} {'runtime':<10} {'median':>8} {'min':>8} {'max':>8} n")
for jdk, t, wl, rt, med, lo, hi, n in rows:
    print(f"{jdk:>3} {t:>3} {wl:<7} {rt:<10} {med:8.0f} {lo:8.0f} {hi:8.0f} {n}")
