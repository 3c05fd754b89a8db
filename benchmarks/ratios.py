"""Geometric means of ratios with a 95% Student-t interval, for the benchmark scripts' summaries.

A ratio of two throughputs measured side by side is summarized on its logarithm: the mean of the logs and
t(0.975, n-1) times their standard error, taken back with exp. Scripts run from the repository's root add
`benchmarks` to sys.path and import this module.
"""
import math
import statistics

# t(0.975, df) for df = 1..30; beyond that the normal quantile is within 2% of t
_T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
        2.045, 2.042]


def t95(df):
    return _T95[df - 1] if df <= len(_T95) else 1.960


def interval(ratios):
    """(geometric mean, low, high) of positive ratios; low and high are None for fewer than two."""
    logs = [math.log(r) for r in ratios]
    mean = statistics.mean(logs)
    if len(logs) < 2:
        return math.exp(mean), None, None
    half = t95(len(logs) - 1) * statistics.stdev(logs) / math.sqrt(len(logs))
    return math.exp(mean), math.exp(mean - half), math.exp(mean + half)


def text(ratios, digits=2):
    """'0.97 [0.92, 1.02]', or the mean alone for a single ratio."""
    mean, low, high = interval(ratios)
    if low is None:
        return f"{mean:.{digits}f}"
    return f"{mean:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"
