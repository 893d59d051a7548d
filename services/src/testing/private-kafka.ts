import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';
import { waitFor } from './wait-for.ts';

/**
 * A single-node KRaft Kafka of a test's own, on free loopback ports, from the broker `deploy/infra/infra.sh fetch`
 * put in `.cache/infra`. Fault-injection tests stop and start it (same ports, same log directory) without touching
 * the shared broker other tests use.
 */
export interface PrivateKafka {
  /** `127.0.0.1:<port>`, for KAFKA_BROKERS. */
  brokers: string[];
  /** Stops the broker process (SIGTERM: a clean shutdown; SIGKILL: a crash) and waits until it has exited. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it again on the same ports and log directory; resolves once it takes connections. */
  start(): Promise<void>;
  /** Stops it and deletes its log directory. */
  destroy(): Promise<void>;
}

const root = resolve(import.meta.dirname, '../../..');
const infraCache = process.env.NQ_INFRA_CACHE ?? join(root, '.cache/infra');
const kafkaVersion = /^KAFKA_VERSION=(\S+)$/m.exec(readFileSync(join(root, 'deploy/infra/versions.env'), 'utf8'))![1];
const startTimeoutMs = 120_000;

/** The Java that infra.sh would pick: NQ_JAVA_HOME, a known JDK 21/17, or the one on the PATH. */
function javaBinary() {
  const candidates = [
    process.env.NQ_JAVA_HOME,
    '/usr/lib/jvm/java-21-openjdk-amd64',
    '/usr/lib/jvm/java-17-openjdk-amd64',
    '/usr/lib/jvm/temurin-21-jdk-amd64',
  ];
  const home = candidates.find((candidate) => candidate && existsSync(join(candidate, 'bin/java')));
  return home ? join(home, 'bin/java') : 'java';
}

const takesConnections = (port: number) =>
  new Promise<boolean>((answer) => {
    const socket = new Socket();
    socket
      .once('connect', () => {
        socket.destroy();
        answer(true);
      })
      .once('error', () => answer(false));
    socket.connect(port, '127.0.0.1');
  });

/** A KRaft cluster id: 16 random bytes in URL-safe base64, not starting with '-' (read as an option). */
function clusterId() {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

export async function startPrivateKafka(name: string): Promise<PrivateKafka> {
  const kafkaHome = join(infraCache, `kafka-${kafkaVersion}`);
  if (!existsSync(join(kafkaHome, '.complete')))
    throw new Error(`no Kafka ${kafkaVersion} in ${kafkaHome}: run \`bash deploy/infra/infra.sh fetch\` first`);
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
  const java = javaBinary();
  const classPath = join(kafkaHome, 'libs/*');
  const jvm = [
    '-Xms128m',
    '-Xmx512m',
    '-XX:+UseSerialGC',
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

  const logFile = join(dir, 'kafka.log');
  let broker: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const killOnExit = () => broker?.kill('SIGKILL');
  process.once('exit', killOnExit);

  async function start() {
    if (broker) throw new Error(`private Kafka ${name} is already running`);
    const output = openSync(logFile, 'a');
    const logStart = statSync(logFile).size; // earlier starts' lines are in the file too
    const child = spawn(java, [...jvm, '-cp', classPath, 'kafka.Kafka', config], { stdio: ['ignore', output, output] });
    closeSync(output);
    broker = child;
    exited = new Promise((done) => child.once('exit', () => done()));
    exited.then(() => {
      if (broker === child) broker = undefined;
    });
    try {
      await waitFor(
        `private Kafka ${name} to take connections on ${port} (log: ${logFile})`,
        async () => {
          if (child.exitCode !== null) throw new Error(`private Kafka ${name} exited: see ${logFile}`);
          return (
            (await takesConnections(port)) &&
            /Kafka Server started|started \(kafka\.server/.test(readFileSync(logFile).subarray(logStart).toString())
          );
        },
        startTimeoutMs,
      );
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
  }

  async function stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGKILL') {
    broker?.kill(signal);
    await exited;
  }

  await start();
  return {
    brokers: [`127.0.0.1:${port}`],
    stop,
    start,
    destroy: async () => {
      await stop('SIGKILL');
      process.off('exit', killOnExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
