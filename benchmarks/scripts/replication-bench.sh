#!/usr/bin/env bash
# Replicated broker group figures (BENCHMARKS.md, "A replicated broker group"): sync sends to a single broker
# and to a 3-replica group on Apache Ratis, ASYNC_FLUSH and SYNC_FLUSH, one run, one machine; then the idle
# CPU of each replica of a 3-replica group. Run from the hexmq checkout after `mvn -q -B package -DskipTests`.
# Prints one line per configuration; the servers' and the bench's output stay under /tmp/replbench.
set -u
OUT=/tmp/replbench; DATA=/tmp/replbench-data
rm -rf $OUT $DATA; mkdir -p $OUT $DATA
NS=127.0.0.1:39876
SECONDS_MEASURED=${SECONDS_MEASURED:-20}
BENCH="bin/hexmq bench --namesrv $NS --producers 4 --consumers 1 --size 1024 --seconds $SECONDS_MEASURED --warmup 5 --mode sync --queues 8"
PEERS="n0-127.0.0.1:45911;n1-127.0.0.1:45912;n2-127.0.0.1:45913"
PIDS=()
wait_port() { for i in $(seq 1 240); do (echo > /dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0; sleep 0.5; done; return 1; }
load() { cut -d' ' -f1 /proc/loadavg; }
conf() { # file brokerName port storeDir flush [replica-index]
  printf '%s\n' brokerClusterName=BenchCluster "brokerName=$2" "namesrvAddr=$NS" bindAddress=127.0.0.1 \
    "listenPort=$3" storeType=file "storePathRootDir=$4" "flushDiskType=$5" > "$1"
  if [ -n "${6:-}" ]; then
    printf '%s\n' enableDLegerCommitLog=true "dLegerGroup=$2" "dLegerPeers=$PEERS" "dLegerSelfId=n$6" >> "$1"
  fi
}
start() { # name args...
  local name=$1; shift
  HEXMQ_JAVA_OPTS="-Xmx512m" bin/hexmq "$@" > $OUT/$name.log 2>&1 &
  PIDS+=($!)
}
stop_all() { kill "${PIDS[@]}" 2>/dev/null; wait "${PIDS[@]}" 2>/dev/null; PIDS=(); }
namesrv() { start namesrv-$1 namesrv --listen $NS; wait_port 39876; }
single() { # flush
  local name=single-$1
  rm -rf $DATA/*; namesrv $name
  conf $OUT/$name.conf bench-single 40911 $DATA/single $1
  start $name broker --config $OUT/$name.conf; wait_port 40911; sleep 2
}
group() { # flush [name]
  local name=${2:-group-$1}
  rm -rf $DATA/*; namesrv $name
  for i in 0 1 2; do
    conf $OUT/$name-n$i.conf BenchGroup $((41911 + 1000 * i)) $DATA/n$i $1 $i
    start $name-n$i broker --config $OUT/$name-n$i.conf
  done
  for i in 0 1 2; do wait_port $((41911 + 1000 * i)); done
  # a leader and its registration as master
  for i in $(seq 1 240); do grep -q "is now LEADER" $OUT/$name-n*.log && break; sleep 0.5; done; sleep 3
}
bench() { # name
  local before=$(load)
  $BENCH > $OUT/$1.bench 2>&1
  echo "== $1 (load $before -> $(load)): $(grep -E 'produced|send latency|failed' $OUT/$1.bench | tr '\n' ' ')"
}
for flush in ASYNC_FLUSH SYNC_FLUSH; do
  single $flush; bench single-$flush; stop_all
  group $flush; bench group-$flush; stop_all
done
# Idle: a fresh 3-replica group, no client; 25 s settle, then each replica's CPU over 60 s (CLK_TCK = 100).
group ASYNC_FLUSH idle
sleep 25
BROKERS=("${PIDS[@]:1}")
declare -A before
for p in "${BROKERS[@]}"; do before[$p]=$(awk '{print $14+$15}' /proc/$p/stat); done
sleep 60
for i in 0 1 2; do
  p=${BROKERS[$i]}
  after=$(awk '{print $14+$15}' /proc/$p/stat)
  role=$(grep -o 'is now [A-Z]*' $OUT/idle-n$i.log | tail -1)
  echo "== idle replica n$i ($role): $(( (after - ${before[$p]}) * 10 )) ms of CPU in 60 s, $(ls /proc/$p/task | wc -l) threads"
done
stop_all
echo done
