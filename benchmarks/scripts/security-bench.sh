#!/usr/bin/env bash
# Security figures, hexmq beside Apache RocketMQ 5.5.0, one run, one machine (BENCHMARKS.md, Security).
# Run from the hexmq checkout after `mvn -q -B package -DskipTests`. Prints one line per configuration.
set -u
HX=$PWD
OUT=/tmp/secbench; rm -rf $OUT; mkdir -p $OUT
BENCH="bin/hexmq bench --producers 4 --consumers 1 --size 1024 --seconds 20 --warmup 5 --mode sync --queues 8"
AUTH_SETTINGS=(-DauthenticationEnabled=true -DauthorizationEnabled=true
  '-DinitAuthenticationUser={"username":"rocketmq","password":"12345678"}'
  '-DinnerClientAuthenticationCredentials={"accessKey":"rocketmq","secretKey":"12345678"}')
wait_port() { for i in $(seq 1 120); do (echo > /dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0; sleep 0.5; done; return 1; }
load() { cut -d' ' -f1 /proc/loadavg; }
run_bench() { # name ns extra...
  local name=$1 ns=$2; shift 2
  local before=$(load)
  $BENCH --namesrv $ns "$@" > $OUT/$name.bench 2>&1
  echo "== $name (load $before -> $(load)): $(grep -E 'produced|send latency|failed' $OUT/$name.bench | tr '\n' ' ')"
}
grant_bench_user() { # ns
  bin/hexmq admin user create bench --password benchpass -n $1 --access-key rocketmq --secret-key 12345678 > $OUT/user.log 2>&1
  bin/hexmq admin acl create bench --resources '*' --actions All -n $1 --access-key rocketmq --secret-key 12345678 >> $OUT/user.log 2>&1
  cat $OUT/user.log
}
hexmq_run() { # name benchargs... -- serverargs...
  local name=$1; shift
  local bargs=(); while [ "$1" != "--" ]; do bargs+=("$1"); shift; done; shift
  rm -rf /tmp/secbench-data
  HEXMQ_JAVA_OPTS="-Xmx1g ${HEXMQ_EXTRA:-}" bin/hexmq standalone --data /tmp/secbench-data --namesrv-listen 127.0.0.1:19876 \
      --broker-listen 127.0.0.1:20911 --store file -DflushDiskType=ASYNC_FLUSH "$@" > $OUT/$name.server 2>&1 &
  local pid=$!
  wait_port 20911; sleep 2
  [ "${GRANT:-}" = 1 ] && grant_bench_user 127.0.0.1:19876
  run_bench $name 127.0.0.1:19876 "${bargs[@]}"
  kill $pid; wait $pid 2>/dev/null
}
rmq_run() { # name conf benchargs...
  local name=$1 conf=$2; shift 2
  cd /tmp/rmq-peer; rm -rf store home; mkdir -p home
  JOPTS="-Xms1g -Xmx1g -XX:MaxDirectMemorySize=1g -Duser.home=/tmp/rmq-peer/home -Drocketmq.home.dir=/tmp/rmq-peer/home --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/jdk.internal.ref=ALL-UNNAMED"
  java $JOPTS -cp "$(cat cp.txt)" org.apache.rocketmq.namesrv.NamesrvStartup -c namesrv.conf > $OUT/$name.ns 2>&1 &
  local ns=$!
  wait_port 29876
  java $JOPTS -cp "$(cat cp.txt)" org.apache.rocketmq.broker.BrokerStartup -c $conf > $OUT/$name.broker 2>&1 &
  local br=$!
  wait_port 30911; sleep 3
  cd $HX
  [ "${GRANT:-}" = 1 ] && grant_bench_user 127.0.0.1:29876
  run_bench $name 127.0.0.1:29876 "$@"
  kill $br $ns; wait $br $ns 2>/dev/null
}
# RocketMQ configs
cd /tmp/rmq-peer
printf 'listenPort=29876\nbindAddress=127.0.0.1\n' > namesrv.conf
printf '%s\n' brokerClusterName=DefaultCluster brokerName=broker-a brokerId=0 brokerIP1=127.0.0.1 \
    bindAddress=127.0.0.1 listenPort=30911 namesrvAddr=127.0.0.1:29876 storePathRootDir=/tmp/rmq-peer/store \
    storePathCommitLog=/tmp/rmq-peer/store/commitlog mappedFileSizeCommitLog=134217728 \
    mappedFileSizeConsumeQueue=6000000 flushDiskType=ASYNC_FLUSH autoCreateTopicEnable=true \
    timerWheelEnable=false > broker-plain.conf
cp broker-plain.conf broker-acl.conf
printf '%s\n' authenticationEnabled=true authorizationEnabled=true \
  'authenticationProvider=org.apache.rocketmq.auth.authentication.provider.DefaultAuthenticationProvider' \
  'authenticationMetadataProvider=org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider' \
  'authorizationProvider=org.apache.rocketmq.auth.authorization.provider.DefaultAuthorizationProvider' \
  'authorizationMetadataProvider=org.apache.rocketmq.auth.authorization.provider.LocalAuthorizationMetadataProvider' \
  'initAuthenticationUser={"username":"rocketmq","password":"12345678"}' \
  'innerClientAuthenticationCredentials={"accessKey":"rocketmq","secretKey":"12345678"}' >> broker-acl.conf
cd $HX
hexmq_run hexmq-plain --
GRANT=1 hexmq_run hexmq-acl2 --access-key bench --secret-key benchpass -- "${AUTH_SETTINGS[@]}"
rmq_run rocketmq-plain /tmp/rmq-peer/broker-plain.conf
GRANT=1 rmq_run rocketmq-acl2 /tmp/rmq-peer/broker-acl.conf --access-key bench --secret-key benchpass
# ACL 1.0 (hexmq): one account allowed everything
mkdir -p /tmp/secbench-conf
printf '%s\n' 'globalWhiteRemoteAddresses: []' 'accounts:' '  - accessKey: benchuser' '    secretKey: benchpassword' \
  "    whiteRemoteAddress: ''" '    admin: true' '    defaultTopicPerm: PUB|SUB' '    defaultGroupPerm: PUB|SUB' > /tmp/secbench-conf/plain_acl.yml
hexmq_run hexmq-acl1 --access-key benchuser --secret-key benchpassword -- -DaclEnable=true -DaclConfigFile=/tmp/secbench-conf/plain_acl.yml
HEXMQ_EXTRA="-Dtls.server.mode=enforcing -Dtls.test.mode.enable=true -Dtls.enable=true" hexmq_run hexmq-tls --tls true --
echo done
