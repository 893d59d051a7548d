import { logStart, type StoredEvent } from '@nq/contracts';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgClient } from '../sql/pg-client.ts';
import { createTestDatabase } from '../testing/infra.ts';
import { waitFor } from '../testing/wait-for.ts';
import { describeEventStoreContract, metadataFor, readAllAfter } from './event-store.contract.ts';
import { openSqlEventStore } from './sql-event-store.ts';

const database = await createTestDatabase();
const sql = await openPgClient(database.url);
const store = await openSqlEventStore(sql);
afterAll(async () => {
  await sql.close();
  await database.drop();
});

describeEventStoreContract('PostgreSQL', async () => store);

describe('global log on PostgreSQL with transactions committing out of order', () => {
  it('never lets a subscriber skip an event committed late by a transaction that started first', async () => {
    let checkpoint = await store.head();
    const seen: StoredEvent[] = [];
    const poll = async () => {
      const batch = await readAllAfter(store, checkpoint);
      seen.push(...batch);
      if (batch.length > 0) checkpoint = batch.at(-1)!.position;
    };

    // Connection A takes its transaction id first and holds its event uncommitted…
    const early = new pg.Client({ connectionString: database.url });
    await early.connect();
    await early.query('begin');
    await early.query(
      `insert into es_events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
       values ('tag-early', 1, gen_random_uuid(), 'TagCreated', 1, '{"name":"early"}', $1)`,
      [JSON.stringify(metadataFor())],
    );
    // …while connection B appends and commits.
    const late = await store.append({
      streamId: 'tag-late',
      expectedVersion: 0,
      events: [{ type: 'TagCreated', schemaVersion: 1, data: { name: 'late' } }],
      metadata: metadataFor(),
    });
    await poll();
    expect(seen.map((e) => e.streamId)).toEqual([]); // B is held back while A, older, may still commit
    // The head names B all the same: whoever waits for it waits for what was written, A's commit included.
    expect(await store.head()).toBe(late.position);

    await early.query('commit');
    await early.end();
    // Other test files' transactions on the same server may hold readers back a moment longer.
    await waitFor('both events read', async () => {
      await poll();
      return seen.length >= 2;
    });
    expect(seen.map((e) => e.streamId)).toEqual(['tag-early', 'tag-late']);
    await poll();
    expect(seen).toHaveLength(2);
  });

  it('is not held back by a transaction of another database of the server, however long it runs', async () => {
    const neighbour = await createTestDatabase();
    const other = new pg.Client({ connectionString: neighbour.url });
    await other.connect();
    try {
      // Another application (or test run) on the same server opens a write transaction and keeps it open…
      await other.query('begin');
      await other.query('select pg_current_xact_id()');
      const before = await store.head();
      const appended = await store.append({
        streamId: 'tag-beside-neighbour',
        expectedVersion: 0,
        events: [{ type: 'TagCreated', schemaVersion: 1, data: { name: 'beside' } }],
        metadata: metadataFor(),
      });
      // …and this log's readers read past it at once: its transaction can hold no event of this log.
      expect((await readAllAfter(store, before)).map((event) => event.position)).toContain(appended.position);
    } finally {
      await other.query('rollback');
      await other.end();
      await neighbour.drop();
    }
  });

  it('a reader from the start sees every committed event exactly once', async () => {
    const all = await readAllAfter(store, logStart);
    expect(new Set(all.map((e) => e.eventId)).size).toBe(all.length);
  });
});
