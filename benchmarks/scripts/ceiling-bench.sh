#!/usr/bin/env bash
# Issue 14: sync sends against the null store (the ceiling) and the file store, alternated, one machine.
# Usage: benchmarks/scripts/ceiling-bench.sh [rounds]   (from the project root, after mvn package -DskipTests)
#   CONSUMERS=0     the send paths alone: the null store has nothing to consume, so a consumer loads only the
#                   file store's runs (default 1)
#   PREWARM=25      a bench run of that many seconds before the measured one, so both brokers are measured after
#                   the JIT settled (default 0: the measured run's own 5 s warm-up only)
#   PRODUCERS="4 16" STORES="null file"
# Each measured run also gives the broker process's CPU per SEND_OK (user + system, from /proc/PID/stat).
set -u
ROUNDS=${1:-2}
CONSUMERS=${CONSUMERS:-1}; PREWARM=${PREWARM:-0}; PRODUCERS=${PRODUCERS:-4 16}; STORES=${STORES:-null file}
OUT=${OUT:-/tmp/ceiling-bench}; mkdir -p $OUT
wait_port() { for _ in $(seq 1 300); do (echo > /dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0; sleep 0.1; done; return 1; }
load() { cut -d' ' -f1 /proc/loadavg; }
cpu_ticks() { awk '{print $14+$15}' /proc/$1/stat; }
send_run() { # name producers seconds warmup
  bin/hexmq bench --namesrv 127.0.0.1:39876 --producers $2 --consumers $CONSUMERS --size 1024 --seconds $3 \
      --warmup $4 --mode sync --queues 8
}
bench() { # name producers pid
  [ "$PREWARM" -gt 0 ] && send_run $1 $2 $PREWARM 1 > $OUT/$1-p$2-prewarm.txt 2>&1
  echo "== $1 producers=$2 consumers=$CONSUMERS prewarm=${PREWARM}s load=$(load)" >> $OUT/summary.txt
  local c0; c0=$(cpu_ticks $3)
  send_run $1 $2 20 5 > $OUT/$1-p$2.txt 2>&1
  local ticks=$(( $(cpu_ticks $3) - c0 ))
  local oks; oks=$(grep -o '([0-9,]* SEND_OK' $OUT/$1-p$2.txt | tr -d '(,' | awk '{print $1}')
  grep -i -E "produced|send p|latency" $OUT/$1-p$2.txt | head -4 >> $OUT/summary.txt
  # the CPU counts the 5 s warm-up too, so divide by the warm-up's sends as well: the rate's SEND_OKs x 25/20
  awk -v t=$ticks -v n=${oks:-0} 'BEGIN { if (n > 0) printf "   broker CPU %.1f s, %.3f ms a message\n", t / 100, t * 10 / (n * 25 / 20) }' >> $OUT/summary.txt
  echo "   load after=$(load)" >> $OUT/summary.txt
}
start_null() {
  java -Xmx1g -cp benchmarks/target/benchmarks.jar io.hexmq.benchmarks.load.NullStoreStandalone \
      --data /tmp/null-data --namesrv-listen 127.0.0.1:39876 --broker-listen 127.0.0.1:40911 \
      --flushDiskType ASYNC_FLUSH > $OUT/null.server 2>&1 &
}
start_file() {
  HEXMQ_JAVA_OPTS="-Xmx1g" bin/hexmq standalone --data /tmp/file-data --namesrv-listen 127.0.0.1:39876 \
      --broker-listen 127.0.0.1:40911 --store file -DflushDiskType=ASYNC_FLUSH > $OUT/file.server 2>&1 &
}
run() { # store producers
  rm -rf /tmp/$1-data
  start_$1
  local pid=$!; wait_port 40911; sleep 2
  bench $1 $2 $pid
  kill $pid; wait $pid 2>/dev/null
}
for round in $(seq 1 $ROUNDS); do
  for p in $PRODUCERS; do for s in $STORES; do run $s $p; done; done
done
cat $OUT/summary.txt
