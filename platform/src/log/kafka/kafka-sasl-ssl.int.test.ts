import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { infra } from '../../testing/infra.ts';
import { waitFor } from '../../testing/wait-for.ts';
import { describeLogPortContract } from '../log-port.contract.ts';
import type { LogRecord } from '../log-port.ts';
import { openKafkaLog } from './kafka-log.ts';

/** The Kafka settings of a process configured for the local broker's SASL_SSL listener, as an operator would. */
const kafkaConfig = (overrides: Record<string, string> = {}) =>
  loadConfig({
    PROFILE: 'distributed',
    KAFKA_BROKERS: infra.kafkaSaslSsl.brokers.join(','),
    KAFKA_CLIENT_ID: 'sasl-ssl-test',
    KAFKA_SASL_MECHANISM: 'scram-sha-512',
    KAFKA_SASL_USERNAME: infra.kafkaSaslSsl.username,
    KAFKA_SASL_PASSWORD: infra.kafkaSaslSsl.password,
    KAFKA_TLS: 'true',
    KAFKA_TLS_CA_FILE: infra.kafkaSaslSsl.caFile,
    ...overrides,
  }).kafka;

// Every client the adapter makes (admin, producer, consumers in groups) behaves over SASL_SSL as over PLAINTEXT.
describeLogPortContract('kafka over SASL_SSL', () => openKafkaLog(kafkaConfig()));

describe('Kafka over SASL_SSL (SCRAM-SHA-512, a private CA)', { timeout: 60_000 }, () => {
  it('creates topics, produces and consumes through the log adapter, every client signed in over TLS', async () => {
    const log = await openKafkaLog(kafkaConfig());
    try {
      const topic = `sasl-ssl-${randomUUID()}`;
      await log.ensureTopics([{ name: topic, partitions: 2 }]);
      const received: LogRecord[] = [];
      const consumer = await log.consume({
        groupId: `sasl-ssl-${randomUUID()}`,
        topics: [topic],
        handle: async (records) => void received.push(...records),
      });
      await log.produce(topic, [
        { key: 'probe-1', value: 'first' },
        { key: 'probe-2', value: 'second', headers: { source: 'sasl' } },
      ]);
      await waitFor('both messages consumed', () => received.length === 2);
      expect(
        received.map(({ key, value, headers }) => ({ key, value, headers })).sort((a, b) => (a.key < b.key ? -1 : 1)),
      ).toEqual([
        { key: 'probe-1', value: 'first', headers: undefined },
        { key: 'probe-2', value: 'second', headers: { source: 'sasl' } },
      ]);
      await log.ping();
      await consumer.stop();
    } finally {
      await log.close();
    }
  });

  it('refuses a wrong password soon, with an error naming the variables to check', async () => {
    const started = Date.now();
    await expect(openKafkaLog(kafkaConfig({ KAFKA_SASL_PASSWORD: 'not-the-password' }))).rejects.toThrow(
      'Kafka refused the connection: SASL authentication failed: check KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD',
    );
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("refuses a broker whose certificate no trusted CA signed (the system's CAs, without KAFKA_TLS_CA_FILE)", async () => {
    const withoutCa = { ...kafkaConfig(), tls: {} };
    await expect(openKafkaLog(withoutCa)).rejects.toThrow(
      /Kafka refused the connection: the broker's TLS certificate is not trusted .*: check KAFKA_TLS_CA_FILE/,
    );
  });

  it('tells a TLS client pointed at a plain listener what is wrong', async () => {
    const plainListener = { ...kafkaConfig(), brokers: infra.kafkaBrokers };
    await expect(openKafkaLog(plainListener)).rejects.toThrow(
      'Kafka refused the connection: the TLS handshake failed: check that the listener of KAFKA_BROKERS speaks TLS',
    );
  });
});
