import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@nq/platform/config/config';
import { type FleetTopics, fleetTopicsFor } from '@nq/platform/log/fleet-topics';
import type { LogPort } from '@nq/platform/log/log-port';
import {
  consumerGroupOf,
  type PipelineConsumer,
  type PipelineProcess,
  type PipelineTopic,
  pipeline,
  pipelineProcesses,
} from '@nq/platform/log/pipeline';
import { openPlatform, type Platform, workerProcesses } from '@nq/platform/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Manifest, named, ofKind, renderOverlay } from '../../../tests/infra/k8s/rendered-manifests.ts';
import { platformRuns } from './platform-runs.ts';

const consumerNames = Object.keys(pipeline.consumers) as PipelineConsumer[];
const topicKeys = Object.keys(pipeline.topics) as PipelineTopic[];
const byGroup = <T extends { groupId: string }>(items: T[]) =>
  [...items].sort((a, b) => a.groupId.localeCompare(b.groupId));

/** What each consumer of the pipeline is, under the topic names given: the process running it, its group, its topic. */
const declaredConsumers = (topics: FleetTopics) =>
  byGroup(
    consumerNames.map((name) => ({
      process: pipeline.consumers[name].runsIn,
      groupId: consumerGroupOf(topics, name),
      topics: [topics[pipeline.consumers[name].reads]],
    })),
  );

describe('the measurement pipeline', () => {
  it('keeps the consumer groups under which deployments have committed their offsets', () => {
    const groups = (prefix: string) =>
      Object.fromEntries(consumerNames.map((name) => [name, consumerGroupOf(fleetTopicsFor(prefix), name)]));
    expect(groups('')).toEqual({
      ingest: 'measurements.raw.ingest',
      probeStatus: 'probe.status.read-model',
      cubes: 'measurements.enriched.cubes',
      alerting: 'measurements.enriched.alerting',
    });
    expect(groups('staging.').cubes).toBe('staging.measurements.enriched.cubes');
  });

  it('gives the fleet topics their names and partitions', () => {
    expect(fleetTopicsFor('staging.')).toEqual({
      measurementsRaw: 'staging.measurements.raw',
      measurementsDlq: 'staging.measurements.dlq',
      measurementsEnriched: 'staging.measurements.enriched',
      probeStatus: 'staging.probe.status',
      probeCommands: 'staging.probe.commands',
      specs: [
        { name: 'staging.measurements.raw', partitions: 12 },
        { name: 'staging.measurements.dlq', partitions: 3 },
        { name: 'staging.measurements.enriched', partitions: 12 },
        { name: 'staging.probe.status', partitions: 6 },
        { name: 'staging.probe.commands', partitions: 6 },
      ],
    });
  });

  it('says the same twice: a topic a consumer writes names that consumer among its producers, and the reverse', () => {
    const writtenBy = topicKeys.flatMap((topic) =>
      consumerNames
        .filter((name) => (pipeline.consumers[name].writes as readonly string[]).includes(topic))
        .map((name) => `${topic} by ${name}`),
    );
    const producedBy = topicKeys.flatMap((topic) =>
      pipeline.topics[topic].producedBy
        .filter((producer) => consumerNames.includes(producer as PipelineConsumer))
        .map((name) => `${topic} by ${name}`),
    );
    expect(producedBy).toEqual(writtenBy);
    for (const topic of topicKeys) expect(pipeline.topics[topic].producedBy.length, topic).toBeGreaterThan(0);
  });

  it('runs its consumers in the processes the features’ workers run in, each with a worker', () => {
    const declared = new Set(platformRuns.workers.map((worker) => worker.runsIn));
    expect([...pipelineProcesses].sort()).toEqual([...declared].sort());
  });
});

describe('the platform’s workers, on an embedded platform', { timeout: 120_000 }, () => {
  let platform: Platform;
  const stops: (() => Promise<void>)[] = [];
  const consumed: { process: PipelineProcess; groupId: string; topics: string[] }[] = [];

  beforeAll(async () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'nq-pipeline-')),
      LOG_LEVEL: 'silent',
      TOPIC_PREFIX: 'pipeline.',
    });
    platform = await openPlatform(config, platformRuns, { inMemory: true });
    // Every consumer a worker joins goes through the platform's log port: each is recorded with the process kind
    // being started, the group it joined (as its status says) and the topics it reads.
    const log = platform.log;
    let starting: PipelineProcess = 'projector';
    platform.log = Object.assign(Object.create(log) as LogPort, {
      consume: async (options: Parameters<LogPort['consume']>[0]) => {
        const process = starting;
        const consumer = await log.consume(options);
        consumed.push({ process, groupId: consumer.status().groupId, topics: [...options.topics] });
        return consumer;
      },
    });
    for (const process of workerProcesses) {
      starting = process;
      stops.push(await platform.startWorkers({ processes: [process] }));
    }
  });

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await platform?.close();
  });

  it('join every consumer group of the pipeline in its process, and read no topic it does not declare', () => {
    expect(byGroup(consumed)).toEqual(declaredConsumers(platform.topics));
  });
});

/** Runs `nq <args>` (services/src/cli.ts) to its end. */
const runCli = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, [join(import.meta.dirname, '../cli.ts'), ...args], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

describe('the CLI', { timeout: 180_000 }, () => {
  it('has a sub-command for each process of the pipeline', () => {
    const help = runCli({}, 'help').stdout;
    for (const process of pipelineProcesses) expect(help, process).toMatch(new RegExp(`^ {2}${process} +\\S`, 'm'));
  });

  it('runs every consumer of the pipeline in `start` (embedded), each reported on /metrics', async () => {
    const consoleDir = mkdtempSync(join(tmpdir(), 'nq-console-'));
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    const port = await freePort();
    const started = spawn(process.execPath, [join(import.meta.dirname, '../cli.ts'), 'start'], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'nq-pipeline-start-')),
        CONSOLE_DIR: consoleDir,
        DEMO_DATA: 'false',
        LOG_LEVEL: 'silent',
        PORT: String(port),
      },
    });
    let output = '';
    started.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    started.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    const exited = new Promise<string>((resolve) =>
      started.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`)),
    );
    try {
      const since = Date.now();
      while (!output.includes('Ctrl-C stops it') && started.exitCode === null && Date.now() - since < 150_000)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(output, 'the platform did not start').toContain('Ctrl-C stops it');
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const groups = [...metrics.matchAll(/^nq_log_consumer_up\{([^}]*)\}/gm)].map(
        ([, labels]) => /group="([^"]*)"/.exec(labels ?? '')?.[1],
      );
      expect(groups.sort()).toEqual(declaredConsumers(fleetTopicsFor('')).map(({ groupId }) => groupId));
    } finally {
      started.kill('SIGTERM');
      await exited;
    }
  });
});

interface KafkaUser extends Manifest {
  spec: {
    authorization?: {
      acls: { resource: { type: string; name?: string; patternType?: string }; operations: string[] }[];
    };
  };
}
interface KafkaTopic extends Manifest {
  spec: { topicName?: string; partitions: number };
}
interface Deployment extends Manifest {
  spec: { template: { spec: { containers: { name: string; args?: string[] }[] } } };
}

describe('the production overlay (deploy/k8s/overlays/production)', () => {
  let objects: Manifest[];
  let topics: FleetTopics;
  beforeAll(() => {
    objects = renderOverlay('production');
    const config = named<{ data: Record<string, string> }>(objects, 'ConfigMap', 'nq-config').data;
    topics = fleetTopicsFor(config.TOPIC_PREFIX ?? '');
  });

  it('lets the platform’s Kafka user read every group and topic consumed and write every topic produced', () => {
    const acls = named<KafkaUser>(objects, 'KafkaUser', 'nq-platform').spec.authorization?.acls ?? [];
    const allows = (type: string, name: string, operation: string) =>
      acls.some(
        (acl) =>
          acl.resource.type === type &&
          acl.resource.name === name &&
          (acl.resource.patternType ?? 'literal') === 'literal' &&
          acl.operations.includes(operation),
      );
    const needed = [
      ...consumerNames.flatMap((name) => [
        ['group', consumerGroupOf(topics, name), 'Read'],
        ['topic', topics[pipeline.consumers[name].reads], 'Read'],
      ]),
      ...topicKeys
        .filter((topic) => pipeline.topics[topic].producedBy.length > 0)
        .map((topic) => ['topic', topics[topic], 'Write']),
    ] as [string, string, string][];
    expect(needed.filter((grant) => !allows(...grant)).map((grant) => grant.join(' '))).toEqual([]);
  });

  it('declares every topic of the pipeline, and no other, with its partitions', () => {
    const declared = ofKind<KafkaTopic>(objects, 'KafkaTopic').map((topic) => ({
      name: topic.spec.topicName ?? topic.metadata.name,
      partitions: topic.spec.partitions,
    }));
    const byName = (specs: { name: string }[]) => [...specs].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName(declared)).toEqual(byName(topics.specs));
  });

  it('runs each process of the pipeline in a Deployment', () => {
    const running = ofKind<Deployment>(objects, 'Deployment').flatMap((deployment) =>
      deployment.spec.template.spec.containers.filter((container) => container.name === 'platform').map((c) => c.args),
    );
    const missing = pipelineProcesses.filter(
      (process) => !running.some((args) => args?.length === 1 && args[0] === process),
    );
    expect(missing).toEqual([]);
  });
});
