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
  const counter = { statements: 0 };
  const client: SqlClient = {
    ...sql,
    query: (text, params) => {
      counter.statements++;
      return sql.query(text, params);
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
