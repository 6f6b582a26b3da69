#!/usr/bin/env bash
# Issue 14: hexmq's file store beside Apache RocketMQ 5.5.0, sync sends with the official client, alternated.
# Usage (from the project root, after mvn package -DskipTests; RocketMQ's classpath in /tmp/rmq-peer/cp.txt,
# built from a throwaway pom with rocketmq-broker and rocketmq-namesrv 5.5.0 by
# `mvn -B -q dependency:build-classpath -Dmdep.outputFile=cp.txt`):
#   benchmarks/scripts/peer-bench.sh FLUSH ROUNDS PRODUCERS...     e.g. ASYNC_FLUSH 2 4 16, SYNC_FLUSH 1 16 64
set -u
FLUSH=$1; ROUNDS=$2; shift 2
OUT=${OUT:-/tmp/peer-bench}; mkdir -p $OUT
HX=$(pwd); PEER=/tmp/rmq-peer
wait_port() { for _ in $(seq 1 600); do (echo > /dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0; sleep 0.1; done; return 1; }
bench() { # name namesrv producers
  echo "== $1 $FLUSH producers=$3 load=$(cut -d' ' -f1 /proc/loadavg)" >> $OUT/summary.txt
  bin/hexmq bench --namesrv $2 --producers $3 --consumers 1 --size 1024 --seconds 20 --warmup 5 \
      --mode sync --queues 8 > $OUT/$1-$FLUSH-p$3.txt 2>&1
  grep -E "produced|send latency|end-to-end" $OUT/$1-$FLUSH-p$3.txt | sed 's/^.*bench - /   /' >> $OUT/summary.txt
  echo "   load after=$(cut -d' ' -f1 /proc/loadavg)" >> $OUT/summary.txt
}
hexmq_run() {
  rm -rf /tmp/peer-hexmq-data
  HEXMQ_JAVA_OPTS="-Xmx1g" bin/hexmq standalone --data /tmp/peer-hexmq-data --namesrv-listen 127.0.0.1:19876 \
      --broker-listen 127.0.0.1:20911 --store file -DflushDiskType=$FLUSH > $OUT/hexmq.server 2>&1 &
  local pid=$!; wait_port 20911; sleep 2
  bench hexmq 127.0.0.1:19876 $1
  kill $pid; wait $pid 2>/dev/null
}
rocketmq_run() {
  cd $PEER; rm -rf store home; mkdir -p home
  printf 'listenPort=29876\nbindAddress=127.0.0.1\n' > namesrv.conf
  printf '%s\n' brokerClusterName=DefaultCluster brokerName=broker-a brokerId=0 brokerIP1=127.0.0.1 \
      bindAddress=127.0.0.1 listenPort=30911 namesrvAddr=127.0.0.1:29876 storePathRootDir=$PEER/store \
      storePathCommitLog=$PEER/store/commitlog mappedFileSizeCommitLog=134217728 \
      mappedFileSizeConsumeQueue=6000000 flushDiskType=$FLUSH autoCreateTopicEnable=true \
      timerWheelEnable=false > broker.conf
  local jopts="-Xms1g -Xmx1g -XX:MaxDirectMemorySize=1g -Duser.home=$PEER/home -Drocketmq.home.dir=$PEER/home
      --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED
      --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/jdk.internal.ref=ALL-UNNAMED"
  java $jopts -cp "$(cat cp.txt)" org.apache.rocketmq.namesrv.NamesrvStartup -c namesrv.conf > $OUT/rmq.ns 2>&1 &
  local ns=$!; wait_port 29876
  java $jopts -cp "$(cat cp.txt)" org.apache.rocketmq.broker.BrokerStartup -c broker.conf > $OUT/rmq.broker 2>&1 &
  local br=$!; wait_port 30911; sleep 3
  cd $HX
  bench rocketmq 127.0.0.1:29876 $1
  kill $br $ns; wait $br $ns 2>/dev/null
}
for round in $(seq 1 $ROUNDS); do
  for p in "$@"; do hexmq_run $p; rocketmq_run $p; done
done
cat $OUT/summary.txt
