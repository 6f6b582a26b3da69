#!/usr/bin/env bash
# Issue 14: hexmq's file store beside Apache RocketMQ 5.5.0, sync sends with the official client, alternated.
# Usage (from the project root, after mvn package -DskipTests; RocketMQ's classpath in /tmp/rmq-peer/cp.txt, see
# rocketmq-peer.sh):
#   benchmarks/scripts/peer-bench.sh FLUSH ROUNDS PRODUCERS...     e.g. ASYNC_FLUSH 2 4 16, SYNC_FLUSH 1 16 64
# Each run also counts the broker's disk syncs (msync, fdatasync and fsync calls, with perf's syscall tracepoints,
# where perf is installed) over the measured 25 s, and the sends a sync covered.
set -u
FLUSH=$1; ROUNDS=$2; shift 2
OUT=${OUT:-/tmp/peer-bench}; mkdir -p $OUT
HX=$(pwd)
. "$(dirname "$0")/rocketmq-peer.sh"
SYNC_EVENTS=syscalls:sys_enter_msync,syscalls:sys_enter_fdatasync,syscalls:sys_enter_fsync
bench() { # name namesrv producers broker-pid
  echo "== $1 $FLUSH producers=$3 load=$(cut -d' ' -f1 /proc/loadavg)" >> $OUT/summary.txt
  local counter=""
  if command -v perf > /dev/null; then
    perf stat -x, -e $SYNC_EVENTS -p $4 -o $OUT/$1-$FLUSH-p$3.syncs > /dev/null 2>&1 & counter=$!
  fi
  bin/hexmq bench --namesrv $2 --producers $3 --consumers 1 --size 1024 --seconds 20 --warmup 5 \
      --mode sync --queues 8 > $OUT/$1-$FLUSH-p$3.txt 2>&1
  grep -E "produced|send latency|end-to-end" $OUT/$1-$FLUSH-p$3.txt | sed 's/^.*bench - /   /' >> $OUT/summary.txt
  if [ -n "$counter" ]; then
    kill -INT $counter; wait $counter 2>/dev/null
    local syncs oks
    syncs=$(awk -F, '$3 ~ /sys_enter/ { n += $1 } END { print n + 0 }' $OUT/$1-$FLUSH-p$3.syncs)
    oks=$(grep -o '([0-9,]* SEND_OK' $OUT/$1-$FLUSH-p$3.txt | tr -d '(,' | awk '{print $1}')
    # the SEND_OKs are the 20 measured seconds'; the syncs span the 5 s warm-up too
    awk -v s=$syncs -v n=${oks:-0} 'BEGIN { if (s > 0) printf "   disk syncs %d in 25 s (%.0f a second), %.1f sends a sync\n", s, s / 25, n * 25 / 20 / s }' >> $OUT/summary.txt
  fi
  echo "   load after=$(cut -d' ' -f1 /proc/loadavg)" >> $OUT/summary.txt
}
hexmq_run() {
  rm -rf /tmp/peer-hexmq-data
  HEXMQ_JAVA_OPTS="-Xmx1g" bin/hexmq standalone --data /tmp/peer-hexmq-data --namesrv-listen 127.0.0.1:19876 \
      --broker-listen 127.0.0.1:20911 --store file -DflushDiskType=$FLUSH > $OUT/hexmq.server 2>&1 &
  local pid=$!; wait_port 20911; sleep 2
  bench hexmq 127.0.0.1:19876 $1 $pid
  kill $pid; wait $pid 2>/dev/null
}
rocketmq_run() {
  rmq_start $FLUSH $OUT
  bench rocketmq 127.0.0.1:29876 $1 $RMQ_BROKER
  rmq_stop
}
for round in $(seq 1 $ROUNDS); do
  for p in "$@"; do hexmq_run $p; rocketmq_run $p; done
done
cat $OUT/summary.txt
