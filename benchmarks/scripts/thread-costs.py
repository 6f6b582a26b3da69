#!/usr/bin/env python3
"""Per-message CPU and context switches of each process and each kind of thread, from the two per-thread
snapshots group-peer-bench.sh takes around a measured run: thread-costs.py OUT/NAME SEND_OKS [ROWS].
Threads are grouped by name with trailing digits dropped (Linux keeps 15 characters of a thread's name)."""
import collections
import re
import sys


def snapshot(path):
    rows = {}
    for line in open(path):
        fields = line.split()
        if len(fields) < 7:
            continue
        pid, tid, user, system, voluntary, involuntary, name = fields[:7]
        rows[(pid, tid)] = (int(user), int(system), int(voluntary), int(involuntary), name)
    return rows


base, messages = sys.argv[1], float(sys.argv[2])
shown = int(sys.argv[3]) if len(sys.argv) > 3 else 25
before, after = snapshot(base + '.threads0'), snapshot(base + '.threads1')
kinds = collections.defaultdict(lambda: [0, 0, 0, 0])
for key, (user, system, voluntary, involuntary, name) in after.items():
    u0, s0, v0, i0, _ = before.get(key, (0, 0, 0, 0, name))
    kind = kinds[(key[0], re.sub(r'[0-9]+$', '#', name))]
    for i, delta in enumerate(((user - u0) * 10, (system - s0) * 10, voluntary - v0, involuntary - i0)):
        kind[i] += delta
processes = collections.defaultdict(lambda: [0, 0, 0, 0])
for (pid, _), costs in kinds.items():
    for i in range(4):
        processes[pid][i] += costs[i]
print('per message: CPU ms (user + system), voluntary + involuntary context switches')
for pid, (user, system, voluntary, involuntary) in processes.items():
    print(f'process {pid}: {(user + system) / messages:.3f} ms ({user / messages:.3f} + {system / messages:.3f}), '
          f'{voluntary / messages:.1f} + {involuntary / messages:.1f} switches')
for (pid, kind), (user, system, voluntary, involuntary) in sorted(
        kinds.items(), key=lambda item: -(item[1][2] + item[1][3]))[:shown]:
    print(f'  {pid} {kind:<18} {(user + system) / messages:.3f} ms, {voluntary / messages:.2f} + {involuntary / messages:.2f}')
