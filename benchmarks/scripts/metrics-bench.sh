#!/usr/bin/env bash
# Sync-send throughput with metrics off and on, alternated in one run (BENCHMARKS.md, Metrics).
# Run from the hexmq checkout after `mvn -q -B package -DskipTests`. ROUNDS pairs (default 3), each the same
# bench against a fresh standalone node; with metrics on, a scraper reads /metrics every 5 s as Prometheus would.
set -u
OUT=/tmp/metricsbench; rm -rf $OUT; mkdir -p $OUT
ROUNDS=${ROUNDS:-3}
BENCH="bin/hexmq bench --producers 4 --consumers 1 --size 1024 --seconds 20 --warmup 5 --mode sync --queues 8"
wait_port() { for i in $(seq 1 120); do (echo > /dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0; sleep 0.5; done; return 1; }
load() { cut -d' ' -f1 /proc/loadavg; }
hexmq_run() { # name serverargs...
  local name=$1; shift
  rm -rf /tmp/metricsbench-data
  HEXMQ_JAVA_OPTS="-Xmx1g" bin/hexmq standalone --data /tmp/metricsbench-data --namesrv-listen 127.0.0.1:19876 \
      --broker-listen 127.0.0.1:20911 --store file -DflushDiskType=ASYNC_FLUSH "$@" > $OUT/$name.server 2>&1 &
  local pid=$! scraper=
  wait_port 20911; sleep 2
  if [ $# -gt 0 ]; then
    wait_port 25557
    (while sleep 5; do curl -s -o /dev/null -w '%{http_code} %{size_download}\n' http://127.0.0.1:25557/metrics; done) \
        > $OUT/$name.scrapes 2>&1 &
    scraper=$!
  fi
  local before=$(load)
  $BENCH --namesrv 127.0.0.1:19876 > $OUT/$name.bench 2>&1
  echo "== $name (load $before -> $(load)): $(grep -E 'produced|send latency|failed' $OUT/$name.bench | tr '\n' ' ')"
  [ -n "$scraper" ] && { kill $scraper; echo "   scrapes: $(grep -c '^200 ' $OUT/$name.scrapes) answered 200, last $(tail -1 $OUT/$name.scrapes) bytes"; }
  kill $pid; wait $pid 2>/dev/null
}
for round in $(seq 1 $ROUNDS); do
  hexmq_run metrics-off-$round
  hexmq_run metrics-on-$round -DmetricsExporterType=PROM -DmetricsPromExporterPort=25557
done
echo done
