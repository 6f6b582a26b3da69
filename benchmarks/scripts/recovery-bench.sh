#!/usr/bin/env bash
# Issue 14 §4: how long a broker takes to start on a filled store, after a clean stop (SIGTERM) and after
# kill -9 during sends; hexmq's file and Chronicle stores, and Apache RocketMQ 5.5.0 measured the same way.
# Usage (from the project root, after mvn package -DskipTests; for rocketmq, its classpath in
# /tmp/rmq-peer/cp.txt as in peer-bench.sh):
#   benchmarks/scripts/recovery-bench.sh file|chronicle|rocketmq GIB...      e.g. file 0 1 3 10
# Each GIB tops the store up to that many GiB of 1 KiB messages (4 topics x 8 queues, official client,
# sync batches of FILL_BATCH=64 from FILL_THREADS=8 threads), then times RUNS starts after a clean stop and RUNS after kill -9 during sends, and
# with COLD=1 one more of each after dropping the page cache (root only). A start is timed by
# RecoveryProbe from the launch to the listening log line, the first SEND_OK and the check of every queue
# against the ledger of acknowledged sends; the CPU seconds the broker used by then are read from /proc,
# since on a shared machine they vary less than the wall time. Rows go to $OUT/summary.md; the store is deleted at the end
# unless KEEP=1. Ports: NS_PORT (51876) and BROKER_PORT (51911; RocketMQ also takes the two below and one above).
set -u
STORE=$1; shift
RUNS=${RUNS:-3}; COLD=${COLD:-0}; KEEP=${KEEP:-0}; FILL_THREADS=${FILL_THREADS:-8}; FILL_BATCH=${FILL_BATCH:-64}
OUT=${OUT:-/tmp/recovery-bench}; mkdir -p $OUT
HX=$(pwd); PEER=/tmp/rmq-peer; BENCH_JAR=$HX/benchmarks/target/benchmarks.jar
DATA=$OUT/$STORE-data; LEDGER=$OUT/$STORE-ledger.txt; LOG=$OUT/$STORE-server.log
NS_PORT=${NS_PORT:-51876}; NS=127.0.0.1:$NS_PORT; BROKER_PORT=${BROKER_PORT:-51911}; PID=; NS_PID=
rm -rf $DATA $LEDGER; mkdir -p $DATA
load() { cut -d' ' -f1 /proc/loadavg; }
wait_port() { for _ in $(seq 1 6000); do (echo > /dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0; sleep 0.1; done; return 1; }
acked() { [ -f $LEDGER ] && awk '{s+=$3} END {print s+0}' $LEDGER || echo 0; }
start_rocketmq_namesrv() {
  mkdir -p $DATA/home; printf 'listenPort=%s\nbindAddress=127.0.0.1\n' $NS_PORT > $DATA/namesrv.conf
  java $RMQ_OPTS -cp "$(cat $PEER/cp.txt)" org.apache.rocketmq.namesrv.NamesrvStartup -c $DATA/namesrv.conf \
      > $OUT/rocketmq-namesrv.log 2>&1 &
  NS_PID=$!; wait_port $NS_PORT
}
RMQ_OPTS="-Xms1g -Xmx1g -XX:MaxDirectMemorySize=1g -Duser.home=$DATA/home -Drocketmq.home.dir=$DATA/home
    --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED
    --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/jdk.internal.ref=ALL-UNNAMED"
start_broker() { # in the background, its log in $LOG; sets PID (the JVM's own pid)
  if [ $STORE = rocketmq ]; then
    printf '%s\n' brokerClusterName=DefaultCluster brokerName=broker-a brokerId=0 brokerIP1=127.0.0.1 \
        bindAddress=127.0.0.1 listenPort=$BROKER_PORT namesrvAddr=$NS storePathRootDir=$DATA/store \
        storePathCommitLog=$DATA/store/commitlog flushDiskType=ASYNC_FLUSH autoCreateTopicEnable=true \
        timerWheelEnable=false > $DATA/broker.conf
    java $RMQ_OPTS -cp "$(cat $PEER/cp.txt)" org.apache.rocketmq.broker.BrokerStartup -c $DATA/broker.conf > $LOG 2>&1 &
  else
    HEXMQ_JAVA_OPTS="-Xmx1g" bin/hexmq standalone --data $DATA --namesrv-listen $NS \
        --broker-listen 127.0.0.1:$BROKER_PORT --store $STORE -DflushDiskType=ASYNC_FLUSH -DconsoleEnable=false \
        > $LOG 2>&1 &
  fi
  PID=$!
}
LISTENING="Broker .* listening on"; [ $STORE = rocketmq ] && LISTENING="boot success"
stop_broker() { kill $PID; wait $PID 2>/dev/null; }
fill() { # total messages to reach; then stops the broker cleanly
  start_broker; wait_port $BROKER_PORT
  java -cp $BENCH_JAR io.hexmq.benchmarks.load.RecoveryFill --namesrv $NS --ledger $LEDGER \
      --messages $(( $1 - $(acked) )) --threads $FILL_THREADS --batch $FILL_BATCH > $OUT/$STORE-fill.log 2>&1
  grep 'fill:' $OUT/$STORE-fill.log | sed 's/^.*bench - /   /' >> $OUT/fills.txt
  stop_broker
}
measured_start() { # size-label stop-kind cache: starts the broker and leaves it running
  local cache=$3
  if [ $cache = cold ]; then sync; echo 3 > /proc/sys/vm/drop_caches; fi
  local before=$(load) bytes=$(du -s -B1 $DATA | cut -f1)   # blocks in use: segments are sparse
  local since=$(date +%s%3N)
  start_broker
  java -cp $BENCH_JAR io.hexmq.benchmarks.load.RecoveryProbe --namesrv $NS --since-ms $since --log $LOG \
      --listening "$LISTENING" --ledger $LEDGER > $OUT/probe.log 2>&1
  local verdict=$? line=$(grep 'recovery:' $OUT/probe.log | sed 's/^.*recovery: //')
  local rss=$(awk '/RssAnon/ {a=$2} /RssFile/ {f=$2} END {printf "%.0f + %.0f", a/1024, f/1024}' /proc/$PID/status)
  local cpu=$(awk '{printf "%.1f", ($14 + $15) / 100}' /proc/$PID/stat)   # user + system seconds, all threads
  local heap=$(jcmd $PID GC.heap_info 2>/dev/null | grep -o 'used [0-9]*K' | head -1 | grep -o '[0-9]*')
  echo "| $STORE | $1 | $(awk "BEGIN {printf \"%.2f\", $bytes/1073741824}") | $2 | $cache | ${line:-probe failed: $(tail -1 $OUT/probe.log)} | $cpu | $rss | $(( ${heap:-0} / 1024 )) | $before → $(load) |" \
      >> $OUT/summary.md
  mkdir -p $OUT/logs; cp $LOG "$OUT/logs/$STORE-$1-${2// /-}-$cache-$since.log"
  [ $verdict = 0 ] || echo "   probe failed, log in $OUT/logs" >> $OUT/summary.md
}
kill_during_sends() { # kill -9 the running broker 4 s into a fill that stops at the first failed send
  java -cp $BENCH_JAR io.hexmq.benchmarks.load.RecoveryFill --namesrv $NS --ledger $LEDGER --messages 100000000 \
      --threads $FILL_THREADS --batch $FILL_BATCH --seconds 60 --stop-on-failure true > $OUT/$STORE-kill-fill.log 2>&1 &
  local filler=$! before=$(acked)
  for _ in $(seq 1 300); do [ $(acked) -gt $before ] && break; sleep 0.1; done   # sends under way
  sleep 2; kill -9 $PID; wait $PID 2>/dev/null; wait $filler
}
echo "| store | GiB filled | GiB on disk | stop | page cache | start | CPU s | RSS anon + file MiB | heap used MiB | load |" >> $OUT/summary.md
[ $STORE = rocketmq ] && start_rocketmq_namesrv
for gib in "$@"; do
  fill $(awk "BEGIN {printf \"%d\", $gib * 1048576}")
  for run in $(seq 1 $RUNS); do measured_start $gib "clean stop" warm; stop_broker; done
  if [ $COLD = 1 ]; then measured_start $gib "clean stop" cold; stop_broker; fi
  measured_start $gib "clean stop" warm
  for run in $(seq 1 $RUNS); do kill_during_sends; measured_start $gib "kill -9" warm; done
  if [ $COLD = 1 ]; then kill_during_sends; measured_start $gib "kill -9" cold; fi
  stop_broker
done
[ -n "$NS_PID" ] && kill $NS_PID && wait $NS_PID 2>/dev/null
[ $KEEP = 1 ] || rm -rf $DATA
cat $OUT/fills.txt $OUT/summary.md
