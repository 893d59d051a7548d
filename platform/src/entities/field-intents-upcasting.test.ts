import { DomainError } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { metadataFor } from '../event-store/event-store.contract.ts';
import { openSqlEventStore } from '../event-store/sql-event-store.ts';
import { openPgliteClient } from '../sql/pglite-client.ts';
import { historyOf } from './audit.ts';
import { defaultConfigurationSettings, type EntityDefinition } from './entity-definition.ts';
import { entityService } from './entity-service.ts';
import { fieldIntentRenames } from './field-intents.ts';

const schema = z.object({ name: z.string(), on: z.boolean().default(true) });
const lamp = {
  kind: 'lamp',
  eventPrefix: 'Lamp',
  schema,
  fieldIntents: [
    {
      fields: ['on'],
      events: ['SwitchedOn', 'SwitchedOff'],
      eventOf: ({ after }) => (after.on ? 'SwitchedOn' : 'SwitchedOff'),
    },
  ],
} satisfies EntityDefinition<typeof schema>;

const command = { actor: { userId: 'u1', profileId: 'p1' }, correlationId: 'c', now: new Date() };

describe('a stream written before its field intents were declared', () => {
  it('reads back with their names, folds to the same state, and takes new updates at its version', async () => {
    const sql = await openPgliteClient();
    const before = await openSqlEventStore(sql);
    await before.append({
      streamId: 'lamp-l1',
      expectedVersion: 0,
      events: [
        { type: 'LampCreated', schemaVersion: 1, data: { id: 'l1', fields: { name: 'Hall', on: true }, owner: 'p1' } },
        { type: 'LampUpdated', schemaVersion: 1, data: { changes: { on: false } } },
        { type: 'LampUpdated', schemaVersion: 1, data: { changes: { name: 'Porch' } } },
      ],
      metadata: metadataFor(),
    });
    const settings = defaultConfigurationSettings;
    const eventStore = await openSqlEventStore(sql, { renames: fieldIntentRenames([lamp]) });
    const lamps = entityService(lamp, { eventStore, settings });

    const { state, events } = await lamps.load('l1');
    expect(events.map(({ type, streamVersion }) => [type, streamVersion])).toEqual([
      ['LampCreated', 1],
      ['LampSwitchedOff', 2],
      ['LampUpdated', 3],
    ]);
    expect(events[1]!.data).toEqual({ changes: { on: false }, intent: { after: { on: false } } });
    expect(state).toEqual((await entityService(lamp, { eventStore: before, settings }).load('l1')).state);
    expect(historyOf(events)[1]).toMatchObject({
      type: 'LampSwitchedOff',
      changes: [{ field: 'on', before: true, after: false }],
    });
    expect((await eventStore.readAll('0:0', 10)).map((event) => event.type)).toEqual(events.map((event) => event.type));

    const switchedOn = await lamps.execute(
      { type: 'update', id: 'l1', changes: { on: true } },
      { ...command, commandId: crypto.randomUUID() },
      3,
    );
    expect(switchedOn.state).toMatchObject({ version: 4, fields: { name: 'Porch', on: true } });
    expect((await lamps.load('l1')).events.at(-1)).toMatchObject({
      type: 'LampSwitchedOn',
      data: { intent: { before: { on: false }, after: { on: true } } },
    });
    const stale = lamps.execute(
      { type: 'update', id: 'l1', changes: { name: 'Attic' } },
      { ...command, commandId: crypto.randomUUID() },
      3,
    );
    await expect(stale).rejects.toThrow(DomainError);
    await expect(stale).rejects.toMatchObject({ code: 'request.conflict' });
  });
});
