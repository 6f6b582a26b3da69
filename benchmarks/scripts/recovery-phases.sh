#!/usr/bin/env bash
# Where a timed start of recovery-bench.sh went, from the broker log it kept ($OUT/logs/STORE-GIB-STOP-CACHE-LAUNCHMS.log):
# milliseconds from the launch to the first log line (JVM, logging), to the store's "recovered"/"opened" line
# (hexmq), and to the broker's listening line. Log times are UTC.
# Usage: benchmarks/scripts/recovery-phases.sh /tmp/recovery-bench/logs
set -u
printf '%-48s %10s %10s %10s\n' log first-line store listening
for log in "$1"/*.log; do
  launch=$(basename $log .log); launch=${launch##*-}
  awk -v name="$(basename $log)" -v launch=$((launch % 86400000)) '
    function ms(t, p) { split(t, p, /[:.]/); return ((p[1] * 60 + p[2]) * 60 + p[3]) * 1000 + p[4] }
    $1 ~ /^[0-9][0-9]:[0-9][0-9]:[0-9][0-9]\.[0-9]+$/ {
      t = ms($1) - launch
      if (first == "") first = t
      if (store == "" && ($0 ~ /store recovered|Chronicle store in .* opened/)) store = t
      if (listening == "" && $0 ~ /Broker .* listening on/) listening = t
    }
    END { printf "%-48s %10s %10s %10s\n", name, first, store, listening }' $log
done
