import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@nq/services/config/config';
import { loadDemoData } from '@nq/services/demo/load-demo';
import { platformRuns } from '@nq/services/features/platform-runs';
import { openPlatform } from '@nq/services/platform/platform';
import { startPrivateElasticsearch } from '@nq/services/testing/private-elasticsearch';
import { startPrivateKafka } from '@nq/services/testing/private-kafka';
import { startPrivatePostgres } from '@nq/services/testing/private-postgres';
import type { PrivateServer } from '@nq/services/testing/private-process';
import { startPrivateRedis } from '@nq/services/testing/private-redis';

export const serverNames = ['Kafka', 'Elasticsearch', 'PostgreSQL', 'Redis'] as const;
export type ServerName = (typeof serverNames)[number];

/**
 * PostgreSQL, Redis, Kafka and Elasticsearch of the harness's own, on free loopback ports, so that crashing them
 * touches no other test; and the distributed profile's settings for the platform's processes on them, with the demo
 * configuration (its administrator among it) already in the event store.
 */
export async function startFaultEnvironment(name: string) {
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
  const dataDir = mkdtempSync(join(tmpdir(), `nq-faults-${name}-`));
  writeFileSync(join(dataDir, 'index.html'), '<!doctype html><title>console</title>');
  const indexPrefix = 'faults';
  const environment: Record<string, string> = {
    PROFILE: 'distributed',
    DATABASE_URL: `${postgres.serverUrl}/nq_faults`,
    KAFKA_BROKERS: kafka.brokers.join(','),
    ELASTICSEARCH_URL: elasticsearch.url,
    ELASTICSEARCH_INDEX_PREFIX: indexPrefix,
    REDIS_URL: redis.url,
    TOPIC_PREFIX: 'faults.',
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
  const platform = await openPlatform(loadConfig(environment), platformRuns);
  try {
    await loadDemoData(platform);
  } finally {
    await platform.close();
  }
  return {
    environment,
    servers,
    elasticsearchUrl: elasticsearch.url,
    postgresUrl: environment.DATABASE_URL!,
    measurementsAlias: `${indexPrefix}-measurements`,
    topicPrefix: environment.TOPIC_PREFIX!,
    kafkaBrokers: kafka.brokers,
    dataDir,
    async destroy() {
      await Promise.all(Object.values(servers).map((server) => server.destroy().catch(() => undefined)));
    },
  };
}

export type FaultEnvironment = Awaited<ReturnType<typeof startFaultEnvironment>>;
