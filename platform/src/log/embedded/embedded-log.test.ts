import { describe, expect, it } from 'vitest';
import { openPgliteClient } from '../../sql/pglite-client.ts';
import type { SqlClient } from '../../sql/sql-client.ts';
import { waitFor } from '../../testing/wait-for.ts';
import { describeLogPortContract } from '../log-port.contract.ts';
import type { LogRecord } from '../log-port.ts';
import { openEmbeddedLog } from './embedded-log.ts';

describeLogPortContract('embedded (PGlite)', async () => openEmbeddedLog(await openPgliteClient()));

/** The client, counting the statements run through it. */
function counting(sql: SqlClient) {
  const counter = { statements: 0, transactions: 0, recordReads: 0 };
  const client: SqlClient = {
    ...sql,
    query: (text, params) => {
      counter.statements++;
      if (/from log_records/.test(text)) counter.recordReads++;
      return sql.query(text, params);
    },
    transaction: (work) => {
      counter.transactions++;
      return sql.transaction(work);
    },
  };
  return { client, counter };
}

describe('embedded log at rest', () => {
  it('reads only the partitions written to: an idle group of 12 partitions leaves the database alone, and a new message still arrives', async () => {
    const { client, counter } = counting(await openPgliteClient());
    const log = await openEmbeddedLog(client);
    await log.ensureTopics([{ name: 'quiet', partitions: 12 }]);
    const received: LogRecord[] = [];
    const consumer = await log.consume({
      groupId: 'idle',
      topics: ['quiet'],
      handle: async (records) => void received.push(...records),
    });
    try {
      await log.produce('quiet', [{ key: 'probe-1', value: 'first' }]);
      await waitFor('the first message', () => received.length === 1);
      // Reading each of the 12 partitions at each turn ran 3 statements per partition every 250 ms (144 a second).
      // At rest the group reads nothing until a message is produced, or its 5 s sweep comes (one read a partition).
      const before = counter.statements;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(counter.statements - before).toBeLessThanOrEqual(12);
      await log.produce('quiet', [{ key: 'probe-2', value: 'second' }]);
      await waitFor('the second message', () => received.length === 2);
      expect(received.map((record) => record.value)).toEqual(['first', 'second']);
    } finally {
      await consumer.stop();
      await log.close();
      await client.close();
    }
  });
});

describe('embedded log under many producers', () => {
  it('writes the produce calls made while an append is being written in the next append, each message once and in call order', async () => {
    const { client, counter } = counting(await openPgliteClient());
    const log = await openEmbeddedLog(client);
    await log.ensureTopics([
      { name: 'reports', partitions: 4 },
      { name: 'results', partitions: 2 },
    ]);
    try {
      for (const topic of ['reports', 'results']) await log.produce(topic, [{ key: 'warm', value: 'warm' }]);
      counter.transactions = 0;
      // A gateway's requests, 200 at once over two topics: one write transaction each cost milliseconds apiece.
      const calls = Array.from({ length: 200 }, (_, index) =>
        log.produce(index % 2 === 0 ? 'reports' : 'results', [
          { key: `probe-${index % 7}`, value: `${index}-a` },
          { key: `probe-${index % 7}`, value: `${index}-b` },
        ]),
      );
      await Promise.all(calls);
      expect(counter.transactions).toBeLessThanOrEqual(2);
      const read = async (topic: string) => {
        const received: LogRecord[] = [];
        const consumer = await log.consume({
          groupId: `reader-${topic}`,
          topics: [topic],
          handle: async (records) => void received.push(...records),
        });
        await waitFor(`every message of ${topic}`, () => received.length === 201);
        await consumer.stop();
        return received.filter((record) => record.key !== 'warm');
      };
      for (const [topic, parity] of [
        ['reports', 0],
        ['results', 1],
      ] as const) {
        const received = await read(topic);
        const expected = Array.from({ length: 200 }, (_, index) => index)
          .filter((index) => index % 2 === parity)
          .flatMap((index) => [`${index}-a`, `${index}-b`]);
        expect(received.map((record) => record.value).sort()).toEqual([...expected].sort());
        // Per key, in the order the calls were made.
        for (const [key, records] of Map.groupBy(received, (record) => record.key))
          expect(records.map((record) => record.value)).toEqual(
            expected.filter((value) => Number.parseInt(value, 10) % 7 === Number(key.slice('probe-'.length))),
          );
      }
    } finally {
      await log.close();
      await client.close();
    }
  });
});

describe('embedded log lingering for fuller batches', () => {
  it('hands the records produced one by one during the linger over as one batch, without reading the partition again for each', async () => {
    const { client, counter } = counting(await openPgliteClient());
    const log = await openEmbeddedLog(client);
    await log.ensureTopics([{ name: 'heartbeats', partitions: 1 }]);
    const batches: LogRecord[][] = [];
    const consumer = await log.consume({
      groupId: 'status',
      topics: ['heartbeats'],
      lingerMs: 60_000,
      maxBatchSize: 40,
      handle: async (records) => void batches.push(records),
    });
    try {
      counter.recordReads = 0;
      // One heartbeat after another: each tells the group its partition was written to.
      for (let index = 0; index < 40; index++)
        await log.produce('heartbeats', [{ key: `probe-${index}`, value: String(index) }]);
      await waitFor('the full batch', () => batches.length === 1);
      expect(batches[0]!.map((record) => record.value)).toEqual(
        Array.from({ length: 40 }, (_, index) => String(index)),
      );
      // The batch is read when it starts lingering, then when its time comes or (here) the 5 s sweep reads it full:
      // reading it again at each of the 40 notifications read it 40 times.
      expect(counter.recordReads).toBeLessThanOrEqual(5);
    } finally {
      await consumer.stop();
      await log.close();
      await client.close();
    }
  });
});
