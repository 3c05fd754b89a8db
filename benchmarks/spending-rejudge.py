#!/usr/bin/env python3
"""Re-judges a finished run until settled as if it had stopped after each of its forks from the third, with other
spending functions: which look would have settled its tps, and how wide each look's interval is.
It truncates the run's jmh-result.json to the first k forks, writes the design into run.json and asks
`bench compare --json`, so the verdicts are bench's own (family rule included).

Usage: benchmarks/spending-rejudge.py RUN_DIR DESIGN...   with DESIGN e.g. '3..MOST' or '3..MOST hsd(-4)'
(MOST is replaced by the run's own last look). Prints one line per design: 'k:verdict ±half-width%' per look;
for a run that is not an A/A run ('aa' not in its name) it stops at the first settled look."""
import json, os, shutil, subprocess, sys, tempfile

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
jar = os.path.join(root, 'cli', 'target', 'bench.jar')
src, designs = sys.argv[1], sys.argv[2:]
results = json.load(open(f'{src}/jmh-result.json'))
run = json.load(open(f'{src}/run.json'))
forks = max(len(e['primaryMetric']['rawData']) for e in results)
most = run['settings']['sequential-looks'].split('..')[1].split()[0]
work = tempfile.mkdtemp(prefix='rejudge.')


def first_forks(metric, k):
    metric = dict(metric)
    metric['rawData'] = metric['rawData'][:k]
    return metric


for design in designs:
    design = design.replace('MOST', most)
    looks = []
    for k in range(3, forks + 1):
        d = os.path.join(work, 'run')
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        cut = []
        for e in results:
            e = dict(e)
            e['primaryMetric'] = first_forks(e['primaryMetric'], k)
            e['secondaryMetrics'] = {n: first_forks(m, k) for n, m in e.get('secondaryMetrics', {}).items()}
            cut.append(e)
        json.dump(cut, open(f'{d}/jmh-result.json', 'w'))
        settings = dict(run['settings'], **{'sequential-looks': design})
        json.dump(dict(run, settings=settings), open(f'{d}/run.json', 'w'))
        out = subprocess.run(['java', '-jar', jar, 'compare', d, '--json'], capture_output=True, text=True, check=True)
        tps = [row for row in json.loads(out.stdout) if row['metric'] == 'tps'][0]
        looks.append(f"{k}:{tps['verdict'][:4]} ±{(tps['ci_high'] - tps['ci_low']) / 2 * 100:.1f}")
        if tps['verdict'] != 'inconclusive' and 'aa' not in os.path.basename(src):
            break
    print(design, ' '.join(looks), flush=True)
shutil.rmtree(work)
