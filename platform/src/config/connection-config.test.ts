import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from './config.ts';

const folder = mkdtempSync(join(tmpdir(), 'nq-connection-config-'));
const caFile = join(folder, 'ca.pem');
writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
const notPem = join(folder, 'notes.txt');
writeFileSync(notPem, 'not a certificate');

const problemsOf = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
};

const scram = { KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: 'nq', KAFKA_SASL_PASSWORD: 'secret' };

describe('production connectivity settings', () => {
  it('keep the plain connections and one-node indices by default, and measurements for ever', () => {
    const config = loadConfig({ PROFILE: 'distributed' });
    expect(config.kafka).not.toHaveProperty('sasl');
    expect(config.kafka).not.toHaveProperty('tls');
    expect(config.elasticsearch).toEqual({
      url: 'http://127.0.0.1:9200',
      indexPrefix: 'nq',
      indexSettings: { shards: 1, replicas: 0 },
      measurementIndexSettings: { shards: 1, replicas: 0 },
      requestTimeoutMs: 30_000,
      circuitOpenMs: 5_000,
    });
    expect(config.postgres).toEqual({
      url: 'postgresql://postgres@127.0.0.1:5432/nq',
      connectTimeoutMs: 10_000,
      circuitOpenMs: 5_000,
    });
    expect(config.measurements.retentionMonths).toBeUndefined();
  });

  it('gives Kafka SASL credentials and TLS with a CA file', () => {
    const config = loadConfig({ ...scram, KAFKA_TLS: 'true', KAFKA_TLS_CA_FILE: caFile });
    expect(config.kafka).toMatchObject({
      sasl: { mechanism: 'scram-sha-512', username: 'nq', password: 'secret' },
      tls: { caFile },
    });
    expect(loadConfig({ KAFKA_TLS: 'true' }).kafka.tls).toEqual({});
  });

  it('gives Elasticsearch an API key or a user, a CA file, shards and replicas', () => {
    const https = { ELASTICSEARCH_URL: 'https://es:9200', ELASTICSEARCH_CA_FILE: caFile };
    expect(loadConfig({ ...https, ELASTICSEARCH_API_KEY: 'a2V5' }).elasticsearch).toMatchObject({
      auth: { apiKey: 'a2V5' },
      caFile,
    });
    expect(
      loadConfig({ ELASTICSEARCH_USERNAME: 'nq', ELASTICSEARCH_PASSWORD: 'secret', ELASTICSEARCH_REPLICAS: '2' })
        .elasticsearch,
    ).toMatchObject({ auth: { username: 'nq', password: 'secret' }, indexSettings: { shards: 1, replicas: 2 } });
  });

  it('sizes the monthly measurement indices apart from the read models, as ELASTICSEARCH_SHARDS unless told', () => {
    const sized = (env: NodeJS.ProcessEnv) => {
      const { indexSettings, measurementIndexSettings } = loadConfig(env).elasticsearch;
      return { readModels: indexSettings, measurements: measurementIndexSettings };
    };
    expect(sized({ ELASTICSEARCH_SHARDS: '3', ELASTICSEARCH_REPLICAS: '1' })).toEqual({
      readModels: { shards: 3, replicas: 1 },
      measurements: { shards: 3, replicas: 1 },
    });
    expect(
      sized({ ELASTICSEARCH_SHARDS: '3', ELASTICSEARCH_MEASUREMENT_SHARDS: '180', ELASTICSEARCH_REPLICAS: '1' }),
    ).toEqual({ readModels: { shards: 3, replicas: 1 }, measurements: { shards: 180, replicas: 1 } });
    // Elasticsearch's own limit of primaries an index, above ELASTICSEARCH_SHARDS's 64.
    expect(sized({ ELASTICSEARCH_MEASUREMENT_SHARDS: '1024' }).measurements.shards).toBe(1_024);
    expect(problemsOf({ ELASTICSEARCH_MEASUREMENT_SHARDS: '0' })).toEqual([
      "ELASTICSEARCH_MEASUREMENT_SHARDS (got '0'): Too small: expected number to be >=1",
    ]);
    expect(problemsOf({ ELASTICSEARCH_MEASUREMENT_SHARDS: '1025' })).toEqual([
      "ELASTICSEARCH_MEASUREMENT_SHARDS (got '1025'): Too big: expected number to be <=1024",
    ]);
    expect(problemsOf({ ELASTICSEARCH_MEASUREMENT_SHARDS: 'many' })).toEqual([
      "ELASTICSEARCH_MEASUREMENT_SHARDS (got 'many'): Invalid input: expected number, received NaN",
    ]);
  });

  it('gives PostgreSQL a CA file with an sslmode that verifies, and a retention in months', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://nq@db:5432/nq?sslmode=verify-full',
      DATABASE_CA_FILE: caFile,
      MEASUREMENT_RETENTION_MONTHS: '13',
    });
    expect(config.postgres).toEqual({
      url: 'postgresql://nq@db:5432/nq?sslmode=verify-full',
      caFile,
      connectTimeoutMs: 10_000,
      circuitOpenMs: 5_000,
    });
    expect(config.measurements.retentionMonths).toBe(13);
  });

  it('refuses settings that only make sense together, or a CA file that is not one, naming each variable', () => {
    expect(problemsOf({ KAFKA_SASL_MECHANISM: 'scram-sha-512' })).toEqual([
      'KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD: must be set with the other KAFKA_SASL_ variables',
    ]);
    expect(problemsOf({ KAFKA_SASL_MECHANISM: 'gssapi' })[0]).toMatch(/^KAFKA_SASL_MECHANISM .*scram-sha-512/);
    expect(problemsOf({ KAFKA_TLS_CA_FILE: caFile })).toEqual(['KAFKA_TLS_CA_FILE: needs KAFKA_TLS=true']);
    expect(problemsOf({ KAFKA_TLS: 'true', KAFKA_TLS_CA_FILE: notPem })[0]).toMatch(
      /^KAFKA_TLS_CA_FILE .*must be a readable PEM file/,
    );
    expect(problemsOf({ ELASTICSEARCH_CA_FILE: join(folder, 'missing.pem') })[0]).toMatch(
      /^ELASTICSEARCH_CA_FILE .*must be a readable PEM file/,
    );
    expect(problemsOf({ ELASTICSEARCH_USERNAME: 'nq' })).toEqual([
      'ELASTICSEARCH_PASSWORD: must be set with ELASTICSEARCH_USERNAME',
    ]);
    expect(
      problemsOf({ ELASTICSEARCH_API_KEY: 'a2V5', ELASTICSEARCH_USERNAME: 'nq', ELASTICSEARCH_PASSWORD: 'secret' }),
    ).toEqual(['ELASTICSEARCH_API_KEY: give either it or ELASTICSEARCH_USERNAME and ELASTICSEARCH_PASSWORD']);
    expect(problemsOf({ ELASTICSEARCH_CA_FILE: caFile })).toEqual([
      'ELASTICSEARCH_CA_FILE: needs an https ELASTICSEARCH_URL',
    ]);
    expect(problemsOf({ DATABASE_CA_FILE: caFile })).toEqual([
      'DATABASE_CA_FILE: needs sslmode=verify-full, verify-ca or require in DATABASE_URL',
    ]);
    expect(problemsOf({ DATABASE_URL: 'postgresql://db/nq?sslmode=prefer' })).toEqual([
      "DATABASE_URL: sslmode must be one of disable, require, verify-ca, verify-full (got 'prefer')",
    ]);
    expect(problemsOf({ DATABASE_URL: 'postgresql://db/nq?sslmode=verify-full&sslrootcert=/ca.pem' })).toEqual([
      'DATABASE_URL: sslrootcert is not read; give the CA in DATABASE_CA_FILE',
    ]);
    expect(problemsOf({ ELASTICSEARCH_REPLICAS: '-1' })[0]).toMatch(/^ELASTICSEARCH_REPLICAS/);
    expect(problemsOf({ MEASUREMENT_RETENTION_MONTHS: '0' })[0]).toMatch(/^MEASUREMENT_RETENTION_MONTHS/);
  });

  it('masks the Kafka and Elasticsearch passwords and the API key when described', () => {
    const shown = JSON.stringify(
      describeConfig(
        loadConfig({
          ...scram,
          KAFKA_SASL_PASSWORD: 'kafka-secret',
          ELASTICSEARCH_USERNAME: 'nq',
          ELASTICSEARCH_PASSWORD: 'es-secret',
        }),
      ),
    );
    expect(shown).not.toContain('kafka-secret');
    expect(shown).not.toContain('es-secret');
    expect(shown).toContain('"username":"nq"');
    expect(JSON.stringify(describeConfig(loadConfig({ ELASTICSEARCH_API_KEY: 'a2V5OnNlY3JldA==' })))).not.toContain(
      'a2V5OnNlY3JldA==',
    );
  });
});
