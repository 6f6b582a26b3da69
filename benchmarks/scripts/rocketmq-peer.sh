# Sourced by the peer benchmarks: starts and stops Apache RocketMQ 5.5.0 (NameServer 127.0.0.1:29876, broker
# 127.0.0.1:30911, 1 GiB heap, store under $PEER/store) from the Maven Central jars listed in $PEER/cp.txt, built
# from a throwaway pom with rocketmq-broker and rocketmq-namesrv 5.5.0 by
# `mvn -B -q dependency:build-classpath -Dmdep.outputFile=cp.txt`.
PEER=${PEER:-/tmp/rmq-peer}
wait_port() { for _ in $(seq 1 600); do (echo > /dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0; sleep 0.1; done; return 1; }
rmq_start() { # flushDiskType logdir; sets RMQ_NS and RMQ_BROKER to the two processes' pids
  (cd $PEER && rm -rf store home && mkdir -p home)
  printf 'listenPort=29876\nbindAddress=127.0.0.1\n' > $PEER/namesrv.conf
  printf '%s\n' brokerClusterName=DefaultCluster brokerName=broker-a brokerId=0 brokerIP1=127.0.0.1 \
      bindAddress=127.0.0.1 listenPort=30911 namesrvAddr=127.0.0.1:29876 storePathRootDir=$PEER/store \
      storePathCommitLog=$PEER/store/commitlog mappedFileSizeCommitLog=134217728 \
      mappedFileSizeConsumeQueue=6000000 flushDiskType=$1 autoCreateTopicEnable=true \
      timerWheelEnable=false > $PEER/broker.conf
  local jopts="-Xms1g -Xmx1g -XX:MaxDirectMemorySize=1g -Duser.home=$PEER/home -Drocketmq.home.dir=$PEER/home
      --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED
      --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/jdk.internal.ref=ALL-UNNAMED"
  (cd $PEER && exec java $jopts -cp "$(cat cp.txt)" org.apache.rocketmq.namesrv.NamesrvStartup -c namesrv.conf) \
      > $2/rmq.ns 2>&1 &
  RMQ_NS=$!; wait_port 29876
  (cd $PEER && exec java $jopts -cp "$(cat cp.txt)" org.apache.rocketmq.broker.BrokerStartup -c broker.conf) \
      > $2/rmq.broker 2>&1 &
  RMQ_BROKER=$!; wait_port 30911; sleep 3
}
rmq_stop() {
  kill $RMQ_BROKER $RMQ_NS; wait $RMQ_BROKER $RMQ_NS 2>/dev/null; rm -rf $PEER/store
}
