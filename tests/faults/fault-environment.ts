import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@nq/platform/config/config';
import { openPlatform } from '@nq/platform/platform';
import { createTestDatabase, distributedEnvironment, infra } from '@nq/platform/testing/infra';
import { startPrivatePostgres } from '@nq/platform/testing/private-postgres';
import type { PrivateServer } from '@nq/platform/testing/private-process';
import { platformRuns } from '@nq/services/composition/platform-runs';
import { loadDemoData } from '@nq/services/demo/load-demo';
import { startPrivateElasticsearch } from '@nq/services/testing/private-elasticsearch';
import { startPrivateKafka } from '@nq/services/testing/private-kafka';
import { startPrivateRedis } from '@nq/services/testing/private-redis';

export const serverNames = ['Kafka', 'Elasticsearch', 'PostgreSQL', 'Redis'] as const;
export type ServerName = (typeof serverNames)[number];

/**
 * Where the harness's platform runs: on servers of its own (`own`), started on free loopback ports so that crashing
 * them touches no other test, or on the shared servers of deploy/infra/infra.sh (`shared`) in a database, indices,
 * topics and Redis keys of its own — already started and warm, for a run that crashes no server.
 */
export type FaultServers = 'own' | 'shared';

/** What each server kind is reached at, and how the run's data is named on them. */
interface Placement {
  servers?: Record<ServerName, PrivateServer>;
  /** The distributed profile's server settings. */
  environment: Record<string, string>;
  prefix: string;
  elasticsearchUrl: string;
  kafkaBrokers: string[];
  destroy(): Promise<void>;
}

async function onOwnServers(name: string): Promise<Placement> {
  const [kafka, elasticsearch, postgres, redis] = await Promise.all([
    startPrivateKafka(name),
    startPrivateElasticsearch(name),
    startPrivatePostgres(name),
    startPrivateRedis(name),
  ]);
  const servers: Record<ServerName, PrivateServer> = {
    Kafka: kafka,
    Elasticsearch: elasticsearch,
    PostgreSQL: postgres,
    Redis: redis,
  };
  const prefix = 'faults';
  return {
    servers,
    prefix,
    environment: {
      PROFILE: 'distributed',
      DATABASE_URL: `${postgres.serverUrl}/nq_faults`,
      KAFKA_BROKERS: kafka.brokers.join(','),
      ELASTICSEARCH_URL: elasticsearch.url,
      ELASTICSEARCH_INDEX_PREFIX: prefix,
      REDIS_URL: redis.url,
      TOPIC_PREFIX: `${prefix}.`,
    },
    elasticsearchUrl: elasticsearch.url,
    kafkaBrokers: kafka.brokers,
    async destroy() {
      await Promise.all(Object.values(servers).map((server) => server.destroy().catch(() => undefined)));
    },
  };
}

async function onSharedServers(): Promise<Placement> {
  const database = await createTestDatabase();
  return {
    prefix: database.name,
    environment: distributedEnvironment(database),
    elasticsearchUrl: infra.elasticsearchUrl,
    kafkaBrokers: infra.kafkaBrokers,
    destroy: () => database.drop().catch(() => undefined),
  };
}

/**
 * The platform's servers for one run (see `FaultServers`), and the distributed profile's settings for the
 * platform's processes on them, with the demo configuration (its administrator among it) already in the event store.
 */
export async function startFaultEnvironment(name: string, where: FaultServers) {
  const placement = where === 'own' ? await onOwnServers(name) : await onSharedServers();
  const dataDir = mkdtempSync(join(tmpdir(), `nq-faults-${name}-`));
  writeFileSync(join(dataDir, 'index.html'), '<!doctype html><title>console</title>');
  const environment: Record<string, string> = {
    ...placement.environment,
    DATA_DIR: dataDir,
    CONSOLE_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    // Shared by every process, as a Kubernetes Secret would give it.
    SECRET_KEY: 'fault-harness-secret-key-0123456789abcdef',
    // The harness's burst of logins and commands is one administrator's.
    TOKEN_RATE_LIMIT_PER_MINUTE: '1000000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  };
  try {
    const platform = await openPlatform(loadConfig(environment), platformRuns);
    try {
      await loadDemoData(platform);
    } finally {
      await platform.close();
    }
  } catch (error) {
    await placement.destroy();
    throw error;
  }
  return {
    environment,
    servers: placement.servers,
    elasticsearchUrl: placement.elasticsearchUrl,
    postgresUrl: environment.DATABASE_URL!,
    measurementsAlias: `${placement.prefix}-measurements`,
    topicPrefix: environment.TOPIC_PREFIX!,
    kafkaBrokers: placement.kafkaBrokers,
    dataDir,
    destroy: placement.destroy,
  };
}

export type FaultEnvironment = Awaited<ReturnType<typeof startFaultEnvironment>>;
