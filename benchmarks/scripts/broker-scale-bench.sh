#!/usr/bin/env bash
# Issue 14 §4: a standalone broker with N topics x 8 queues (start-up, heap, RSS, open files, threads, idle CPU,
# sync sends spread over all topics), then 1,000 client connections held at once (cost per connection).
# BROKER=rocketmq runs Apache RocketMQ 5.5.0 instead (NameServer and broker in their own JVMs, the broker's
# process measured), from the classpath in $PEER/cp.txt (a throwaway pom with rocketmq-broker and
# rocketmq-namesrv 5.5.0, `mvn -B -q dependency:build-classpath -Dmdep.outputFile=cp.txt`; see BENCHMARKS.md).
# Usage (from the project root, after mvn package -DskipTests):
#   benchmarks/scripts/broker-scale-bench.sh [topic counts] [connection counts] [store]
#   benchmarks/scripts/broker-scale-bench.sh "100 10000 100000" "" file      # the topic counts only
#   benchmarks/scripts/broker-scale-bench.sh 100 "0 400 1000" file            # then the connections
# HOLDER=wire (the default) holds the connections with WireClientsHoldLoad (each client emulated on a shared
# event loop, the official codec and periods); HOLDER=official with ConnectionHoldLoad (official client
# instances in one JVM, about a dozen threads each: 400 do not fit in one JVM on 2 cores).
# Results: $OUT/summary.txt (default /tmp/broker-scale); the servers' and tools' output beside it.
set -u
SIZES=${1-"100 10000 100000"}
CONNECTIONS=${2-"0 400 1000"}
STORE=${3:-file}
BROKER=${BROKER:-hexmq}
HOLDER=${HOLDER:-wire}
PEER=${PEER:-/tmp/rmq-scale}
OUT=${OUT:-/tmp/broker-scale}; mkdir -p "$OUT"
DATA=${DATA:-/tmp/broker-scale-data}
NS_PORT=${NS_PORT:-47876}; BROKER_PORT=${BROKER_PORT:-48911}; NS=127.0.0.1:$NS_PORT
HEAP=${HEAP:-2g}
PRODUCERS=${PRODUCERS:-8}
FIRST_PASS=${FIRST_PASS:-120}      # seconds the first pass over all topics may take before the measured rounds
JAR=benchmarks/target/benchmarks.jar
SUMMARY=$OUT/summary.txt
PID=
NS_PID=

say() { echo "$*" | tee -a "$SUMMARY"; }
loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
now_ms() { date +%s%3N; }
wait_port() { for _ in $(seq 1 6000); do (echo > /dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0; sleep 0.02; done; return 1; }
cpu_ticks() { awk '{print $14 + $15}' /proc/$PID/stat; }              # utime + stime, CLK_TCK = 100
scale() { java -cp $JAR io.hexmq.benchmarks.load.BrokerScaleLoad --namesrv $NS "$@"; }

launch() { # the broker on $DATA, as a user starts it; sets PID and T0
  [ "$BROKER" = rocketmq ] && { launch_rocketmq; return; }
  T0=$(now_ms)
  HEXMQ_JAVA_OPTS="-Xmx$HEAP" bin/hexmq standalone --data "$DATA" --namesrv-listen $NS \
      --broker-listen 127.0.0.1:$BROKER_PORT --store "$STORE" -DflushDiskType=ASYNC_FLUSH -DconsolePort=$((BROKER_PORT + 1)) >> "$OUT/server.log" 2>&1 &
  PID=$!
}
launch_rocketmq() { # its NameServer first (not timed), then the broker from T0; its topics.json under $DATA
  mkdir -p "$DATA/home"
  printf 'listenPort=%s\nbindAddress=127.0.0.1\n' $NS_PORT > "$DATA/namesrv.conf"
  printf '%s\n' brokerClusterName=DefaultCluster brokerName=broker-a brokerId=0 brokerIP1=127.0.0.1 \
      bindAddress=127.0.0.1 listenPort=$BROKER_PORT namesrvAddr=$NS storePathRootDir="$DATA/store" \
      storePathCommitLog="$DATA/store/commitlog" mappedFileSizeCommitLog=134217728 \
      mappedFileSizeConsumeQueue=6000000 flushDiskType=ASYNC_FLUSH autoCreateTopicEnable=true \
      timerWheelEnable=false > "$DATA/broker.conf"
  local jopts="-Xms$HEAP -Xmx$HEAP -XX:MaxDirectMemorySize=1g -Duser.home=$DATA/home -Drocketmq.home.dir=$DATA/home
      --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED
      --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/jdk.internal.ref=ALL-UNNAMED"
  java $jopts -cp "$(cat "$PEER/cp.txt")" org.apache.rocketmq.namesrv.NamesrvStartup -c "$DATA/namesrv.conf" \
      >> "$OUT/namesrv.log" 2>&1 &
  NS_PID=$!; wait_port $NS_PORT
  T0=$(now_ms)
  java $jopts -cp "$(cat "$PEER/cp.txt")" org.apache.rocketmq.broker.BrokerStartup -c "$DATA/broker.conf" \
      >> "$OUT/server.log" 2>&1 &
  PID=$!
}
stop() { kill $PID; wait $PID 2>/dev/null; PID=; [ -n "$NS_PID" ] && { kill $NS_PID; wait $NS_PID 2>/dev/null; NS_PID=; }; }

process() { # label: heap used after a full GC, RSS, threads, open files (of them in the data directory), mappings
  jcmd $PID GC.run > /dev/null
  local heap rss threads fds datafds maps
  heap=$(jcmd $PID GC.heap_info | grep -o 'used [0-9]*K' | head -1 | tr -dc 0-9)
  rss=$(awk '/VmRSS/ {print $2}' /proc/$PID/status)
  threads=$(awk '/Threads/ {print $2}' /proc/$PID/status)
  fds=$(ls /proc/$PID/fd | wc -l)
  datafds=$(ls -l /proc/$PID/fd 2>/dev/null | grep -c "$DATA")
  maps=$(grep "$DATA" /proc/$PID/maps | awk '{print $6}' | sort -u | wc -l)
  say "   $1: heap after GC $((heap / 1024)) MiB, RSS $((rss / 1024)) MiB, threads $threads," \
      "open files $fds ($datafds in the data dir), mapped data files $maps, load $(loadavg)"
}

idle_cpu() { # label seconds
  local a b; a=$(cpu_ticks); sleep "$2"; b=$(cpu_ticks)
  say "   $1: $(( (b - a) * 10 )) ms of broker CPU in $2 s, load $(loadavg)"
}

topics_point() { # N
  local n=$1
  rm -rf "$DATA"; launch; wait_port $BROKER_PORT
  say "== $BROKER: $n topics x 8 queues, store $STORE, load before $(loadavg)"
  scale --phase create --topics "$n" --queues 8 --batch 2000 > "$OUT/create-$n.txt" 2>&1
  say "   $(grep -o 'created .*' "$OUT/create-$n.txt")"
  say "   data dir: $(du -sh "$DATA" | cut -f1), $(find "$DATA" -type f | wc -l) files; load after $(loadavg)"
  stop
  launch
  scale --phase registered --topics "$n" --queues 8 --since-epoch-ms "$T0" > "$OUT/registered-$n.txt" 2>&1 &
  local watcher=$!
  wait_port $BROKER_PORT
  local listening=$(( $(now_ms) - T0 )) listening_cpu=$(( $(cpu_ticks) * 10 ))
  wait $watcher
  local registered_cpu=$(( $(cpu_ticks) * 10 ))
  say "   restart: listening after $listening ms ($listening_cpu ms of its CPU);" \
      "$(grep -o 'registered all .*' "$OUT/registered-$n.txt") ($registered_cpu ms of its CPU by then)"
  sleep 20
  process "idle, no client"
  idle_cpu "idle, no client" 60
  say "   sends, load before $(loadavg)"
  scale --phase send --topics "$n" --producers "$PRODUCERS" --size 1024 --first-pass-seconds "$FIRST_PASS" --warmup 5 --seconds 20 \
      > "$OUT/send-$n.txt" 2>&1
  grep -o -E '(first pass|sync sends).*' "$OUT/send-$n.txt" | sed 's/^/   /' | tee -a "$SUMMARY"
  process "after the sends"
  stop
}

connections_point() { # total connections (half producers, half push consumers), on the topics left by the last point
  local total=$1 topics=$2
  say "== $BROKER: $total clients ($((total / 2)) producers, $((total / 2)) push consumers in groups of 10), $topics topics, holder $HOLDER"
  launch; wait_port $BROKER_PORT; sleep 20
  local holder=
  if [ "$total" -gt 0 ]; then
    local tool=WireClientsHoldLoad
    [ "$HOLDER" = official ] && tool=ConnectionHoldLoad
    java -Xss256k -Dcom.rocketmq.remoting.client.worker.size=1 -cp $JAR io.hexmq.benchmarks.load.$tool \
        --namesrv $NS --producers $((total / 2)) --consumers $((total / 2)) --group-size 10 --topics "$topics" \
        --hold-seconds 3600 > "$OUT/hold-$total.txt" 2>&1 &
    holder=$!
    for _ in $(seq 1 1200); do grep -q 'holding' "$OUT/hold-$total.txt" && break; sleep 0.5; done
    say "   $(grep -o 'holding .*' "$OUT/hold-$total.txt")"
    sleep 30
  fi
  say "   broker sockets: $(ls -l /proc/$PID/fd | grep -c socket)"
  idle_cpu "held" 60
  process "held"
  [ -n "$holder" ] && { grep -o 'after .*' "$OUT/hold-$total.txt" | tail -1 | sed 's/^/   holder: /' | tee -a "$SUMMARY"
      kill $holder; wait $holder 2>/dev/null; }
  stop
}

last=100
for n in $SIZES; do topics_point "$n"; last=$n; done
# The connection points reuse the data of the last topic count; keep it small (run with SIZES=100) to isolate them.
for c in $CONNECTIONS; do connections_point "$c" "$last"; done
cat "$SUMMARY"
