#!/usr/bin/env bash
# Provisions and runs the real servers on loopback: PostgreSQL, Redis, Apache Kafka (KRaft) and Elasticsearch.
#   infra.sh fetch   download Kafka and Elasticsearch from Maven Central into .cache/infra (git-ignored)
#   infra.sh up      start whatever is not running yet and wait until every server is healthy
#   infra.sh down    stop only what `up` started (PostgreSQL and Redis found running are left alone)
#   infra.sh status  one line per server
#   infra.sh kafka-restart  stop Kafka alone and start it again (after a change of its listeners)
#   infra.sh es-place  where Elasticsearch runs from (copied for the service user when the clone is out of its reach)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=versions.env
source "$here/versions.env"
cache=${NQ_INFRA_CACHE:-$root/.cache/infra}
run=$cache/run
mkdir -p "$cache" "$run"

PG_HOST=127.0.0.1 PG_PORT=${NQ_PG_PORT:-5432}
REDIS_PORT=${NQ_REDIS_PORT:-6379}
KAFKA_PORT=${NQ_KAFKA_PORT:-9092} KAFKA_CONTROLLER_PORT=${NQ_KAFKA_CONTROLLER_PORT:-9093}
# The production shape beside PLAINTEXT: SCRAM-SHA-512 over TLS, with a CA of our own (platform/src/testing/infra.ts).
KAFKA_SASL_SSL_PORT=${NQ_KAFKA_SASL_SSL_PORT:-9094}
KAFKA_SCRAM_USER=${NQ_KAFKA_SCRAM_USER:-nq} KAFKA_SCRAM_PASSWORD=${NQ_KAFKA_SCRAM_PASSWORD:-nq-local-scram}
kafka_tls=$cache/kafka-tls kafka_tls_password=nq-local-tls
ES_PORT=${NQ_ES_PORT:-9200}
SERVICE_USER=${NQ_SERVICE_USER:-nqsvc}   # Elasticsearch refuses to run as root
es_home=$cache/elasticsearch-$ELASTICSEARCH_VERSION
kafka_home=$cache/kafka-$KAFKA_VERSION
# The JVMs compile with C1 alone: these servers live for one test run, whose requests are many and small, and C2's
# compilations cost more CPU than they win back (Elasticsearch 168 against 138 CPU-s over the integration layer).
JIT_OPTS=${NQ_JIT_OPTS:--XX:TieredStopAtLevel=1}

log() { printf '[infra] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

java_home() {
  # Kafka 4 and Elasticsearch 8 both run on Java 17 or 21.
  for candidate in ${NQ_JAVA_HOME:-} /usr/lib/jvm/java-21-openjdk-amd64 /usr/lib/jvm/java-17-openjdk-amd64 /usr/lib/jvm/temurin-21-jdk-amd64; do
    [ -n "$candidate" ] && [ -x "$candidate/bin/java" ] && { echo "$candidate"; return; }
  done
  dirname "$(dirname "$(readlink -f "$(command -v java)")")"
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_for() { # name timeout-seconds command...
  local name=$1 timeout=$2; shift 2
  local start=$SECONDS
  until "$@" >/dev/null 2>&1; do
    (( SECONDS - start > timeout )) && die "$name was not healthy after ${timeout}s (logs in $run)"
    sleep 1
  done
  log "$name healthy after $(( SECONDS - start ))s"
}

apt_install() {
  [ "$(id -u)" = 0 ] || die "$* missing and not root: install it ($*) and rerun"
  log "installing $* from Debian's packages"
  [ -f "$run/apt-updated" ] || { apt-get update -qq >/dev/null && touch "$run/apt-updated"; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

fetch() {
  if [ ! -f "$kafka_home/.complete" ]; then
    log "resolving Apache Kafka $KAFKA_VERSION from Maven Central"
    rm -rf "$kafka_home"; mkdir -p "$kafka_home"
    (cd "$here/kafka" && mvn -q -B -Dstyle.color=never -Dkafka.version="$KAFKA_VERSION" dependency:copy-dependencies \
      -DincludeScope=runtime -DoutputDirectory="$kafka_home/libs")
    touch "$kafka_home/.complete"
  fi
  if [ ! -f "$es_home/.complete" ]; then
    log "resolving Elasticsearch $ELASTICSEARCH_VERSION (integ-test-zip) from Maven Central"
    local zip=$cache/downloads/elasticsearch-$ELASTICSEARCH_VERSION.zip
    [ -f "$zip" ] || mvn -q -B -Dstyle.color=never dependency:copy \
      -Dartifact="org.elasticsearch.distribution.integ-test-zip:elasticsearch:$ELASTICSEARCH_VERSION:zip" \
      -DoutputDirectory="$cache/downloads"
    command -v unzip >/dev/null || apt_install unzip
    rm -rf "$es_home"; unzip -q "$zip" -d "$cache"
    touch "$es_home/.complete"
  fi
}

postgres_up() {
  if pg_isready -q -h $PG_HOST -p "$PG_PORT" 2>/dev/null; then log "PostgreSQL already running on $PG_PORT: reused"; return; fi
  command -v pg_ctlcluster >/dev/null || apt_install postgresql
  local version; version=$(ls /etc/postgresql | sort -V | tail -1)
  log "starting PostgreSQL $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  touch "$run/postgres.started"
  wait_for PostgreSQL 60 pg_isready -h $PG_HOST -p "$PG_PORT"
}

redis_up() {
  if redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG; then log "Redis already running on $REDIS_PORT: reused"; return; fi
  command -v redis-server >/dev/null || apt_install redis-server
  log "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no \
    --pidfile "$run/redis.pid" --logfile "$run/redis.log"
  touch "$run/redis.started"
  wait_for Redis 30 bash -c "redis-cli -p $REDIS_PORT ping | grep -q PONG"
}

# A self-signed CA and a broker certificate for 127.0.0.1 signed by it, in a PKCS12 keystore Kafka reads; made once.
kafka_tls_up() {
  [ -f "$kafka_tls/broker.p12" ] && return
  command -v openssl >/dev/null || apt_install openssl
  log "making the local Kafka's CA and broker certificate in $kafka_tls"
  rm -rf "$kafka_tls.tmp"; mkdir -p "$kafka_tls.tmp"
  (
    cd "$kafka_tls.tmp"
    openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=nq-local-kafka-ca" \
      -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign \
      -keyout ca.key -out ca.pem
    openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout broker.key -out broker.csr
    printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n' > broker.ext
    openssl x509 -req -in broker.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 3650 -extfile broker.ext -out broker.pem
    openssl pkcs12 -export -in broker.pem -inkey broker.key -certfile ca.pem -name broker \
      -passout "pass:$kafka_tls_password" -out broker.p12
  ) >"$run/kafka-tls.log" 2>&1 || { cat "$run/kafka-tls.log" >&2; die "making the Kafka TLS files failed"; }
  rm -rf "$kafka_tls"; mv "$kafka_tls.tmp" "$kafka_tls"
}

# The SCRAM user is written at format time; a log folder formatted before the SASL_SSL listener existed gets it
# through the PLAINTEXT listener once the broker runs (an upsert: running it twice changes nothing).
kafka_scram_user_up() {
  local data=$1 java=$2 cp=$3
  [ -f "$data/.nq-scram-user" ] && return
  "$java" -cp "$cp" -Dlog4j2.configurationFile="$run/kafka-log4j2.yaml" kafka.admin.ConfigCommand \
    --bootstrap-server "127.0.0.1:$KAFKA_PORT" --alter --entity-type users --entity-name "$KAFKA_SCRAM_USER" \
    --add-config "SCRAM-SHA-512=[iterations=8192,password=$KAFKA_SCRAM_PASSWORD]" >"$run/kafka-scram.log" 2>&1 \
    || { cat "$run/kafka-scram.log" >&2; die "adding the Kafka SCRAM user failed"; }
  touch "$data/.nq-scram-user"
  log "Kafka SCRAM-SHA-512 user '$KAFKA_SCRAM_USER' added"
}

kafka_up() {
  if port_open "$KAFKA_PORT"; then log "Kafka already listening on $KAFKA_PORT: reused"; return; fi
  kafka_tls_up
  local data=$cache/kafka-data config=$run/kafka.properties
  cat > "$config" <<CFG
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT,SASL_SSL://127.0.0.1:$KAFKA_SASL_SSL_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,SASL_SSL://127.0.0.1:$KAFKA_SASL_SSL_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SASL_SSL:SASL_SSL
sasl.enabled.mechanisms=SCRAM-SHA-512
listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.sasl_ssl.ssl.keystore.type=PKCS12
listener.name.sasl_ssl.ssl.keystore.location=$kafka_tls/broker.p12
listener.name.sasl_ssl.ssl.keystore.password=$kafka_tls_password
listener.name.sasl_ssl.ssl.key.password=$kafka_tls_password
log.dirs=$data
num.partitions=3
auto.create.topics.enable=false
offsets.topic.replication.factor=1
offsets.topic.num.partitions=6
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
CFG
  cat > "$run/kafka-log4j2.yaml" <<'CFG'
Configuration:
  Appenders:
    Console: { name: STDOUT, PatternLayout: { pattern: "[%d] %p %m (%c)%n" } }
  Loggers:
    Root: { level: WARN, AppenderRef: [ { ref: STDOUT } ] }
    Logger:
      - { name: kafka.server.KafkaRaftServer, level: INFO }
      - { name: kafka.server.BrokerServer, level: INFO }
CFG
  local java; java="$(java_home)/bin/java"
  local cp="$kafka_home/libs/*"
  if [ ! -f "$data/meta.properties" ]; then
    mkdir -p "$data"
    local cluster_id; cluster_id=$("$java" -cp "$cp" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -1)
    "$java" -cp "$cp" -Dlog4j2.configurationFile="$run/kafka-log4j2.yaml" kafka.tools.StorageTool format \
      -t "$cluster_id" -c "$config" \
      --add-scram "SCRAM-SHA-512=[name=$KAFKA_SCRAM_USER,iterations=8192,password=$KAFKA_SCRAM_PASSWORD]" \
      >"$run/kafka-format.log" 2>&1 || { cat "$run/kafka-format.log" >&2; die "kafka storage format failed"; }
    touch "$data/.nq-scram-user"
  fi
  log "starting Apache Kafka $KAFKA_VERSION (KRaft) on 127.0.0.1:$KAFKA_PORT"
  nohup "$java" -Xms256m -Xmx768m -XX:+UseG1GC $JIT_OPTS -Djava.awt.headless=true \
    -Dlog4j2.configurationFile="$run/kafka-log4j2.yaml" -cp "$cp" kafka.Kafka "$config" \
    >"$run/kafka.log" 2>&1 &
  echo $! > "$run/kafka.pid"
  wait_for Kafka 120 bash -c "grep -q 'Kafka Server started\|started (kafka.server' '$run/kafka.log' && (exec 3<>/dev/tcp/127.0.0.1/$KAFKA_PORT)"
  kafka_scram_user_up "$data" "$java" "$cp"
  log "Kafka SASL_SSL (SCRAM-SHA-512, CA $kafka_tls/ca.pem) on 127.0.0.1:$KAFKA_SASL_SSL_PORT"
}

# Elasticsearch refuses to run as root, so as root it runs as the service user, which must be able to read its
# distribution and write its data. A clone inside a private folder (a home folder of mode 0700) is out of that user's
# reach: then the distribution, data and logs live in a folder of the service user's own, one per clone.
es_place() {
  es_run_home=$es_home es_data=$cache/es-data es_logs=$run/es es_snapshots=$cache/es-snapshots
  [ "$(id -u)" = 0 ] || return 0
  id -u "$SERVICE_USER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$SERVICE_USER"
  if runuser -u "$SERVICE_USER" -- test -r "$es_home/bin/elasticsearch" 2>/dev/null; then return 0; fi
  local place=${NQ_ES_PLACE:-}
  if [ -z "$place" ]; then
    mkdir -p "/var/lib/$SERVICE_USER" && chmod 755 "/var/lib/$SERVICE_USER"
    place=/var/lib/$SERVICE_USER/$(printf '%s' "$root" | sha1sum | cut -c1-12)
  fi
  es_run_home=$place/elasticsearch-$ELASTICSEARCH_VERSION es_data=$place/es-data es_logs=$place/logs
  es_snapshots=$place/es-snapshots
  if [ ! -f "$es_run_home/.complete" ]; then
    log "$es_home is out of $SERVICE_USER's reach (a private folder): Elasticsearch runs from $place"
    rm -rf "$es_run_home"; mkdir -p "$place"
    cp -a "$es_home" "$es_run_home"
  fi
  mkdir -p "$es_data" "$es_logs" "$es_snapshots"
  chmod 755 "$place"
}

es_up() {
  if curl -sf "http://127.0.0.1:$ES_PORT/_cluster/health" >/dev/null; then log "Elasticsearch already answering on $ES_PORT: reused"; return; fi
  es_place
  mkdir -p "$es_data" "$es_logs" "$es_snapshots"
  cat > "$es_run_home/config/elasticsearch.yml" <<CFG
cluster.name: nq-local
node.name: nq-local-1
network.host: 127.0.0.1
http.port: $ES_PORT
transport.port: 9300-9400
discovery.type: single-node
path.data: $es_data
path.logs: $es_logs
# Snapshot repositories of type fs live under it (the restore drill's snapshots of the measurements).
path.repo: $es_snapshots
xpack.security.enabled: false
cluster.routing.allocation.disk.threshold_enabled: false
action.destructive_requires_name: false
CFG
  local as_user=() who=${USER:-$(id -un)}
  if [ "$(id -u)" = 0 ]; then
    chown -R "$SERVICE_USER" "$es_run_home" "$es_data" "$es_logs" "$es_snapshots"
    as_user=(runuser -u "$SERVICE_USER" --) who=$SERVICE_USER
  fi
  log "starting Elasticsearch $ELASTICSEARCH_VERSION on 127.0.0.1:$ES_PORT (as $who)"
  echo "$es_logs/es.pid" > "$run/es.pidfile"
  "${as_user[@]}" env ES_JAVA_HOME="$(java_home)" ES_JAVA_OPTS="-Xms512m -Xmx512m $JIT_OPTS" \
    "$es_run_home/bin/elasticsearch" -d -p "$es_logs/es.pid" >"$run/es.log" 2>&1 \
    || { cat "$run/es.log" >&2; die "elasticsearch failed to start"; }
  wait_for Elasticsearch 180 curl -sf "http://127.0.0.1:$ES_PORT/_cluster/health?wait_for_status=yellow&timeout=1s"
}

stop_pid() { # name pidfile
  [ -f "$2" ] || return 0
  local pid; pid=$(cat "$2")
  if kill -0 "$pid" 2>/dev/null; then
    log "stopping $1"
    kill "$pid"
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$2"
}

down() {
  if [ -f "$run/es.pidfile" ]; then stop_pid Elasticsearch "$(cat "$run/es.pidfile")"; rm -f "$run/es.pidfile"; fi
  stop_pid Elasticsearch "$run/es/es.pid"
  stop_pid Kafka "$run/kafka.pid"
  if [ -f "$run/redis.started" ]; then stop_pid Redis "$run/redis.pid"; rm -f "$run/redis.started"; fi
  if [ -f "$run/postgres.started" ]; then
    log "stopping PostgreSQL"; pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main stop || true
    rm -f "$run/postgres.started"
  fi
}

status() {
  pg_isready -q -h $PG_HOST -p "$PG_PORT" 2>/dev/null && echo "postgres   up   127.0.0.1:$PG_PORT" || echo "postgres   down"
  redis-cli -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG && echo "redis      up   127.0.0.1:$REDIS_PORT" || echo "redis      down"
  port_open "$KAFKA_PORT" && echo "kafka      up   127.0.0.1:$KAFKA_PORT" || echo "kafka      down"
  port_open "$KAFKA_SASL_SSL_PORT" && echo "kafka-sasl up   127.0.0.1:$KAFKA_SASL_SSL_PORT (SASL_SSL)" || echo "kafka-sasl down"
  curl -sf "http://127.0.0.1:$ES_PORT/_cluster/health" >/dev/null && echo "elastic    up   http://127.0.0.1:$ES_PORT" || echo "elastic    down"
}

case "${1:-}" in
  fetch) fetch ;;
  up) fetch; postgres_up; redis_up; kafka_up & k=$!; es_up & e=$!; wait $k; wait $e ;;
  down) down ;;
  status) status ;;
  kafka-restart) fetch; stop_pid Kafka "$run/kafka.pid"; kafka_up ;;
  es-place) es_place; echo "$es_run_home" ;;
  *) echo "usage: $0 fetch|up|down|status|kafka-restart|es-place" >&2; exit 2 ;;
esac
