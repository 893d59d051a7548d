import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@nq/platform/testing/free-port';
import { type PrivateServer, serverProcess, takesConnections } from '@nq/platform/testing/private-process';
import { fetchedDistribution } from './infra-distribution.ts';
import { javaHome } from './java-home.ts';

/**
 * A single-node KRaft Kafka of a test's own, on free loopback ports, from the broker `deploy/infra/infra.sh fetch`
 * put in `.cache/infra`. Fault-injection tests stop and start it (same ports, same log directory) without touching
 * the shared broker other tests use.
 */
export interface PrivateKafka extends PrivateServer {
  /** `127.0.0.1:<port>`, for KAFKA_BROKERS. */
  brokers: string[];
}

const startTimeoutMs = 120_000;

/** A KRaft cluster id: 16 random bytes in URL-safe base64, not starting with '-' (read as an option). */
function clusterId() {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

export async function startPrivateKafka(name: string): Promise<PrivateKafka> {
  const kafkaHome = fetchedDistribution('kafka');
  const dir = mkdtempSync(join(tmpdir(), `nq-kafka-${name}-`));
  const [port, controllerPort] = [await freePort(), await freePort()];
  const config = join(dir, 'server.properties');
  writeFileSync(
    config,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
      `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER',
      'inter.broker.listener.name=PLAINTEXT',
      'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      `log.dirs=${join(dir, 'data')}`,
      'auto.create.topics.enable=false',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=3',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'share.coordinator.state.topic.replication.factor=1',
      'share.coordinator.state.topic.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      '',
    ].join('\n'),
  );
  const log4j = join(dir, 'log4j2.yaml');
  writeFileSync(
    log4j,
    [
      'Configuration:',
      '  Appenders:',
      '    Console: { name: STDOUT, PatternLayout: { pattern: "[%d] %p %m (%c)%n" } }',
      '  Loggers:',
      '    Root: { level: WARN, AppenderRef: [ { ref: STDOUT } ] }',
      '    Logger:',
      '      - { name: kafka.server.KafkaRaftServer, level: INFO }',
      '',
    ].join('\n'),
  );
  const java = join(javaHome(), 'bin/java');
  const classPath = join(kafkaHome, 'libs/*');
  const jvm = [
    '-Xms128m',
    '-Xmx512m',
    '-XX:+UseSerialGC',
    // C1 alone, as deploy/infra/infra.sh's servers: a broker living for one test spends more on C2 than it wins back.
    '-XX:TieredStopAtLevel=1',
    '-Djava.awt.headless=true',
    `-Dlog4j2.configurationFile=${log4j}`,
  ];
  await promisify(execFile)(java, [
    ...jvm,
    '-cp',
    classPath,
    'kafka.tools.StorageTool',
    'format',
    '-t',
    clusterId(),
    '-c',
    config,
  ]);

  const broker = serverProcess({
    description: `private Kafka ${name}`,
    command: java,
    args: [...jvm, '-cp', classPath, 'kafka.Kafka', config],
    logFile: join(dir, 'kafka.log'),
    // The port opens before the broker has joined its own quorum: wait for the line it logs once it has.
    ready: async (output) =>
      (await takesConnections(port)) && /Kafka Server started|started \(kafka\.server/.test(output()),
    startTimeoutMs,
  });
  await broker.start();
  return {
    brokers: [`127.0.0.1:${port}`],
    stop: broker.stop,
    start: broker.start,
    destroy: async () => {
      await broker.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
