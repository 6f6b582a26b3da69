#!/usr/bin/env bash
# Issue 14 §3: a fresh consumer group drains a backlog of N messages (default 1,000,000 x 1 KiB), hexmq's file
# store beside Apache RocketMQ 5.5.0, alternated, ASYNC_FLUSH, the official client on both. `bench --backlog N`
# sends the backlog with no consumer running (async, 32 in flight per producer thread), then starts one pull
# consumer of a new group from the first message and reports the consumed rate from its first message to its last.
# Usage (from the project root, after mvn package -DskipTests; RocketMQ's classpath as rocketmq-peer.sh says):
#   benchmarks/scripts/drain-bench.sh ROUNDS [N]      # summary in $OUT/summary.txt (default /tmp/drain-bench)
set -u
ROUNDS=${1:-2}; N=${2:-1000000}
OUT=${OUT:-/tmp/drain-bench}; mkdir -p $OUT
HX=$(pwd)
. "$(dirname "$0")/rocketmq-peer.sh"
drain() { # name namesrv
  echo "== $1 backlog=$N load=$(cut -d' ' -f1 /proc/loadavg)" >> $OUT/summary.txt
  bin/hexmq bench --namesrv $2 --producers 4 --consumers 1 --size 1024 --seconds 600 --mode async \
      --in-flight 32 --queues 8 --backlog $N > $OUT/$1-$(date +%s).txt 2>&1
  grep -i -E "backlog|consumed|produced" $OUT/$1-*.txt | tail -4 | sed 's/^.*bench - /   /' >> $OUT/summary.txt
  echo "   load after=$(cut -d' ' -f1 /proc/loadavg)" >> $OUT/summary.txt
}
hexmq_run() {
  rm -rf /tmp/drain-hexmq-data; rm -f $OUT/hexmq-*.txt
  HEXMQ_JAVA_OPTS="-Xmx1g" bin/hexmq standalone --data /tmp/drain-hexmq-data --namesrv-listen 127.0.0.1:19876 \
      --broker-listen 127.0.0.1:20911 --store file -DflushDiskType=ASYNC_FLUSH > $OUT/hexmq.server 2>&1 &
  local pid=$!; wait_port 20911; sleep 2
  drain hexmq 127.0.0.1:19876
  kill $pid; wait $pid 2>/dev/null; rm -rf /tmp/drain-hexmq-data
}
rocketmq_run() {
  rm -f $OUT/rocketmq-*.txt
  rmq_start ASYNC_FLUSH $OUT
  drain rocketmq 127.0.0.1:29876
  rmq_stop
}
for round in $(seq 1 $ROUNDS); do hexmq_run; rocketmq_run; done
cat $OUT/summary.txt
