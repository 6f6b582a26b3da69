#!/usr/bin/env python3
"""Medians of recovery-bench.sh's rows: one line per store, size, stop and page cache, with the number of
runs, the median (and best) times to listening, first SEND_OK and every queue checked, the median CPU seconds, RSS and
heap, the load range, and whether every run lost nothing and pulled the last messages.
Usage: benchmarks/scripts/recovery-summary.py /tmp/recovery-bench/summary.md"""
import re
import statistics
import sys
from collections import OrderedDict

groups = OrderedDict()
for line in open(sys.argv[1]):
    cells = [cell.strip() for cell in line.strip().strip('|').split('|')]
    if len(cells) != 10 or not cells[1][0].isdigit():
        continue
    store, gib, disk, stop, cache, start, cpu, rss, heap, load = cells
    times = [int(t.replace(',', '')) for t in re.findall(r'after ([\d,]+) ms', start)]
    lost = re.search(r'lost (\d+)', start)
    groups.setdefault((store, gib, stop, cache), []).append(dict(
        disk=float(disk), times=times, cpu=float(cpu), rss=rss, heap=int(heap),
        load=[float(x) for x in re.findall(r'[\d.]+', load)],
        ok=bool(lost) and lost.group(1) == '0' and 'pulled: yes' in start))

print('| store | GiB filled (on disk) | stop | page cache | runs | listening s, median (best) | first SEND_OK s | all queues checked s'
      ' | CPU s | RSS anon + file MiB | heap MiB | load | nothing lost, last pulled |')
print('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
for (store, gib, stop, cache), runs in groups.items():
    def median(pick):
        return statistics.median(pick(run) for run in runs)
    timed = [run for run in runs if len(run['times']) == 3]
    phase = lambda i: (f"{statistics.median(run['times'][i] for run in timed) / 1000:.1f}"
                       f" ({min(run['times'][i] for run in timed) / 1000:.1f})") if timed else 'n/a'
    loads = [x for run in runs for x in run['load']]
    print(f"| {store} | {gib} ({max(run['disk'] for run in runs):.2f}) | {stop} | {cache} | {len(runs)} | {phase(0)} | {phase(1)}"
          f" | {phase(2)} | {median(lambda run: run['cpu']):.1f} | {runs[len(runs) // 2]['rss']} | {median(lambda run: run['heap']):.0f}"
          f" | {min(loads):.0f}-{max(loads):.0f} | {sum(run['ok'] for run in runs)} of {len(runs)} |")
