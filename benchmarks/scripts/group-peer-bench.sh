#!/usr/bin/env bash
# Issue 10: hexmq and Apache RocketMQ 5.5.0, a single broker and a 3-replica group each (hexmq's on Ratis, RocketMQ's
# on DLedger), sync sends with the official client, one after the other in one run. Each server first takes a bench
# run of PREWARM seconds (the JIT of three JVMs on two cores takes minutes), then the measured 20 s; the CPU of each
# process over the measured run, and each thread's CPU and context switches before and after it (THREAD.threads0/1,
# summed per message by benchmarks/scripts/thread-costs.py OUT/NAME SEND_OKS). Run from the hexmq checkout after
# `mvn -B -q package -DskipTests`; RocketMQ's classpath in /tmp/rmq-peer/cp.txt as for peer-bench.sh.
#   P=4 PREWARM=60 benchmarks/scripts/group-peer-bench.sh            # summary in /tmp/peer-group/summary.txt
#   CONFIGS="hexmq:group" ...                                         # one configuration (hexmq|rmq):(single|group)
set -u
OUT=${OUT:-/tmp/peer-group}; mkdir -p $OUT; DATA=/tmp/peer-group-data
HX=$(pwd); PEER=/tmp/rmq-peer; P=${P:-4}; PREWARM=${PREWARM:-60}; FLUSH=${FLUSH:-ASYNC_FLUSH}
PIDS=()
wait_port() { for _ in $(seq 1 1200); do (echo > /dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0; sleep 0.1; done; return 1; }
load() { cut -d' ' -f1 /proc/loadavg; }
cpu_of() { awk '{print $14+$15}' /proc/$1/stat; }
bench() { # name namesrv
  bin/hexmq bench --namesrv $2 --producers $P --consumers 1 --size 1024 --seconds $PREWARM --warmup 1 \
      --mode sync --queues 8 > $OUT/$1-prewarm.txt 2>&1
  local before=$(load); local c0=(); for p in "${PIDS[@]}"; do c0+=($(cpu_of $p)); done
  threads > $OUT/$1.threads0; local e0; e0=$(entries)
  bin/hexmq bench --namesrv $2 --producers $P --consumers 1 --size 1024 --seconds 20 --warmup 2 \
      --mode sync --queues 8 > $OUT/$1.txt 2>&1
  threads > $OUT/$1.threads1; local e1; e1=$(entries)
  local cpu=""; local i=0; for p in "${PIDS[@]}"; do cpu="$cpu $(( ($(cpu_of $p) - ${c0[$i]}) * 10 ))"; i=$((i+1)); done
  echo "== $1 $FLUSH P=$P load $before -> $(load); CPU ms per process over the 22 s:$cpu" >> $OUT/summary.txt
  grep -E "produced|send latency" $OUT/$1.txt | sed 's/^.*bench - /   /' >> $OUT/summary.txt
  if [ "$e1" -gt 0 ]; then # a hexmq group: Raft log entries committed over the 22 s against its SEND_OKs (20 s)
    local oks; oks=$(grep -o '([0-9,]* SEND_OK' $OUT/$1.txt | tr -d '(,' | awk '{print $1}')
    awk -v e=$((e1 - e0)) -v n=${oks:-0} 'BEGIN { if (e > 0) printf "   group log entries %d in 22 s, %.2f sends an entry\n", e, n * 22 / 20 / e }' >> $OUT/summary.txt
  fi
}
entries() { # the highest commit index a hexmq replica reports (0 when none does: a single broker, RocketMQ)
  local best=0
  for port in 41911 42911 43911; do
    local c; c=$(bin/hexmq admin broker status -n 127.0.0.1:39876 -b 127.0.0.1:$port --timeout 2000 2>/dev/null \
      | awk '$1 == "replicaCommitIndex" { print $2 }')
    [ -n "$c" ] && [ "$c" -gt "$best" ] && best=$c
  done
  echo $best
}
threads() { for p in "${PIDS[@]}"; do for t in /proc/$p/task/*; do
  echo "$p $(basename $t) $(awk '{print $14, $15}' $t/stat) $(awk '/^voluntary_ctxt/{print $2}' $t/status) $(awk '/nonvoluntary_ctxt/{print $2}' $t/status) $(tr ' ' _ < $t/comm)"; done; done; }
stop_all() { kill "${PIDS[@]}" 2>/dev/null; wait "${PIDS[@]}" 2>/dev/null; PIDS=(); }
hx_conf() { # file brokerName port dir [replica]
  printf '%s\n' brokerClusterName=BenchCluster "brokerName=$2" namesrvAddr=127.0.0.1:39876 bindAddress=127.0.0.1 \
    "listenPort=$3" storeType=file "storePathRootDir=$4" "flushDiskType=$FLUSH" > $1
  [ -n "${5:-}" ] && printf '%s\n' enableDLegerCommitLog=true "dLegerGroup=$2" \
    "dLegerPeers=n0-127.0.0.1:45911;n1-127.0.0.1:45912;n2-127.0.0.1:45913" "dLegerSelfId=n$5" >> $1
  return 0
}
hexmq() { # single|group
  rm -rf $DATA; mkdir -p $DATA
  HEXMQ_JAVA_OPTS="-Xmx512m" bin/hexmq namesrv --listen 127.0.0.1:39876 > $OUT/hx-ns.log 2>&1 & PIDS+=($!)
  wait_port 39876
  if [ $1 = single ]; then
    hx_conf $DATA/b.conf hx-single 40911 $DATA/b
    HEXMQ_JAVA_OPTS="-Xmx512m" bin/hexmq broker --config $DATA/b.conf > $OUT/hx-single.log 2>&1 & PIDS+=($!)
    wait_port 40911
  else
    for i in 0 1 2; do
      hx_conf $DATA/n$i.conf HxGroup $((41911 + 1000 * i)) $DATA/n$i $i
      HEXMQ_JAVA_OPTS="-Xmx512m" bin/hexmq broker --config $DATA/n$i.conf > $OUT/hx-n$i.log 2>&1 & PIDS+=($!)
    done
    for i in 0 1 2; do wait_port $((41911 + 1000 * i)); done
    for _ in $(seq 1 240); do grep -q "is now LEADER" $OUT/hx-n*.log && break; sleep 0.5; done
  fi
  sleep 3; bench hexmq-$1 127.0.0.1:39876; stop_all
}
rmq() { # single|group
  rm -rf $DATA; mkdir -p $DATA/home
  local jopts="-Xms512m -Xmx512m -XX:MaxDirectMemorySize=512m -Duser.home=$DATA/home -Drocketmq.home.dir=$DATA/home
      --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED
      --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/jdk.internal.ref=ALL-UNNAMED"
  local cp="$(cat $PEER/cp.txt)"
  printf 'listenPort=29876\nbindAddress=127.0.0.1\n' > $DATA/namesrv.conf
  java $jopts -cp "$cp" org.apache.rocketmq.namesrv.NamesrvStartup -c $DATA/namesrv.conf > $OUT/rmq-ns.log 2>&1 & PIDS+=($!)
  wait_port 29876
  local n=0; [ $1 = group ] && n=2
  for i in $(seq 0 $n); do
    local port=$((30911 + 1000 * i))
    printf '%s\n' brokerClusterName=DefaultCluster brokerIP1=127.0.0.1 bindAddress=127.0.0.1 "listenPort=$port" \
      namesrvAddr=127.0.0.1:29876 "storePathRootDir=$DATA/r$i" "storePathCommitLog=$DATA/r$i/commitlog" \
      mappedFileSizeCommitLog=134217728 mappedFileSizeConsumeQueue=6000000 "flushDiskType=$FLUSH" \
      autoCreateTopicEnable=true timerWheelEnable=false > $DATA/r$i.conf
    if [ $1 = group ]; then
      printf '%s\n' brokerName=RaftNode00 enableDLegerCommitLog=true dLegerGroup=RaftNode00 \
        "dLegerPeers=n0-127.0.0.1:46911;n1-127.0.0.1:46912;n2-127.0.0.1:46913" "dLegerSelfId=n$i" \
        sendMessageThreadPoolNums=16 >> $DATA/r$i.conf
    else
      printf '%s\n' brokerName=broker-a brokerId=0 >> $DATA/r$i.conf
    fi
    java $jopts -cp "$cp" org.apache.rocketmq.broker.BrokerStartup -c $DATA/r$i.conf > $OUT/rmq-r$i.log 2>&1 & PIDS+=($!)
  done
  for i in $(seq 0 $n); do wait_port $((30911 + 1000 * i)); done
  sleep ${RMQ_SETTLE:-15}; bench rocketmq-$1 127.0.0.1:29876; stop_all
}
for c in ${CONFIGS:-hexmq:single hexmq:group rmq:single rmq:group}; do ${c%%:*} ${c##*:}; done
cat $OUT/summary.txt
