import { randomUUID } from 'node:crypto';
import { metadataFor } from '@nq/platform/event-store/event-store.contract';
import type { EventStore } from '@nq/platform/event-store/event-store-port';
import { openSqlEventStore } from '@nq/platform/event-store/sql-event-store';
import type { Projector } from '@nq/platform/projector-port';
import type { DocumentProjection } from '@nq/platform/read-store/document-projection';
import { openSqlReadStore } from '@nq/platform/read-store/sql-read-store';
import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjector } from './projector.ts';

/** A read model of the events of one type: one document per stream, holding its last event's data. */
const projectionOf = (eventType: string): DocumentProjection => ({
  name: `last-${eventType}`,
  collection: `last-${eventType}`,
  handles: (type) => type === eventType,
  documentId: (event) => event.streamId,
  apply: (_, event) => ({ id: event.streamId, ...(event.data as Record<string, unknown>) }),
});

describe('projector', () => {
  let eventStore: EventStore;
  let projector: Projector;
  const append = (type: string) =>
    eventStore.append({
      streamId: `thing-${randomUUID()}`,
      expectedVersion: 'any',
      events: [{ type, schemaVersion: 1, data: { type } }],
      metadata: metadataFor(),
    });

  beforeAll(async () => {
    const sql = await openPgliteClient();
    eventStore = await openSqlEventStore(sql);
    const readStore = await openSqlReadStore(sql);
    projector = createProjector({
      eventStore,
      readStore,
      projections: [projectionOf('Apple'), projectionOf('Pear')],
      pollIntervalMs: 50,
    });
    await projector.start();
  });
  afterAll(() => projector.stop());

  it('reports every read model caught up with a write, those the write does not concern included', async () => {
    const apple = await append('Apple');
    expect(await projector.waitFor(apple.position, 5_000)).toBe(true);
    // Within a second of the last: the pears' read model only moves its checkpoint, and must still store it.
    const secondApple = await append('Apple');
    expect(await projector.waitFor(secondApple.position, 5_000, 'last-Pear')).toBe(true);
    const pear = await append('Pear');
    expect(await projector.waitFor(pear.position, 5_000)).toBe(true);
  });

  it("waits for a request's write as long as the platform's bound, not a fixed 5 s", async () => {
    const sql = await openPgliteClient();
    const store = await openSqlEventStore(sql);
    const patient = createProjector({
      eventStore: store,
      readStore: await openSqlReadStore(sql),
      projections: [projectionOf('Apple')],
      pollIntervalMs: 50,
      readYourWritesMs: 60_000,
    });
    const { position } = await store.append({
      streamId: `thing-${randomUUID()}`,
      expectedVersion: 'any',
      events: [{ type: 'Apple', schemaVersion: 1, data: {} }],
      metadata: metadataFor(),
    });
    // The projector starts only 6 s after the read began waiting: past a fixed 5 s, within the bound.
    const shown = patient.showsWrite(position);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    await patient.start();
    try {
      expect(await shown).toBe(true);
    } finally {
      await patient.stop();
      await sql.close();
    }
  });

  it('tells how far behind it is, caught up once it has reached the head it started at', async () => {
    const pear = await append('Pear');
    expect(await projector.waitFor(pear.position, 5_000)).toBe(true);
    expect(await projector.progress()).toEqual({ running: true, caughtUp: true, behind: 0 });
    await projector.stop();
    await Promise.all([append('Apple'), append('Apple'), append('Pear')]);
    expect(await projector.progress()).toEqual({ running: false, caughtUp: false, behind: 3 });
    await projector.start();
    await projector.catchUp();
    expect(await projector.progress()).toEqual({ running: true, caughtUp: true, behind: 0 });
  });
});
