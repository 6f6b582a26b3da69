#!/usr/bin/env bash
# Issue 14: sync sends against the null store (the ceiling) and the file store, alternated, one machine.
# Usage: benchmarks/scripts/ceiling-bench.sh [rounds]   (from the project root, after mvn package -DskipTests)
set -u
ROUNDS=${1:-2}
OUT=${OUT:-/tmp/ceiling-bench}; mkdir -p $OUT
HX=$(pwd)
wait_port() { for _ in $(seq 1 300); do (echo > /dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0; sleep 0.1; done; return 1; }
bench() { # name producers
  echo "== $1 producers=$2 load=$(cut -d' ' -f1 /proc/loadavg)" >> $OUT/summary.txt
  bin/hexmq bench --namesrv 127.0.0.1:39876 --producers $2 --consumers 1 --size 1024 --seconds 20 --warmup 5 \
      --mode sync --queues 8 > $OUT/$1-p$2.txt 2>&1
  grep -i -E "produced|send p|latency" $OUT/$1-p$2.txt | head -4 >> $OUT/summary.txt
  echo "   load after=$(cut -d' ' -f1 /proc/loadavg)" >> $OUT/summary.txt
}
null_run() {
  rm -rf /tmp/null-data
  java -Xmx1g -cp benchmarks/target/benchmarks.jar io.hexmq.benchmarks.load.NullStoreStandalone \
      --data /tmp/null-data --namesrv-listen 127.0.0.1:39876 --broker-listen 127.0.0.1:40911 \
      --flushDiskType ASYNC_FLUSH > $OUT/null.server 2>&1 &
  local pid=$!; wait_port 40911; sleep 2
  bench null $1
  kill $pid; wait $pid 2>/dev/null
}
file_run() {
  rm -rf /tmp/file-data
  HEXMQ_JAVA_OPTS="-Xmx1g" bin/hexmq standalone --data /tmp/file-data --namesrv-listen 127.0.0.1:39876 \
      --broker-listen 127.0.0.1:40911 --store file -DflushDiskType=ASYNC_FLUSH > $OUT/file.server 2>&1 &
  local pid=$!; wait_port 40911; sleep 2
  bench file $1
  kill $pid; wait $pid 2>/dev/null
}
for round in $(seq 1 $ROUNDS); do
  for p in 4 16; do null_run $p; file_run $p; done
done
cat $OUT/summary.txt
