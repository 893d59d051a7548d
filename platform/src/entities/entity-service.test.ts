import type { StoredEvent } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EventStore } from '../event-store/event-store-port.ts';
import { defaultConfigurationSettings, type EntityDefinition } from './entity-definition.ts';
import { entityService } from './entity-service.ts';

const schema = z.object({ name: z.string() });
const note = { kind: 'note', eventPrefix: 'Note', schema } satisfies EntityDefinition<typeof schema>;

const stored = (streamVersion: number, position: string, recordedAt: string, type: string, data: object) =>
  ({
    eventId: crypto.randomUUID(),
    streamId: 'note-n1',
    streamVersion,
    position,
    type,
    schemaVersion: 1,
    data,
    metadata: { actor: { userId: 'u1', profileId: 'p1' }, commandId: 'c', correlationId: 'c', causationId: 'c' },
    recordedAt,
  }) as StoredEvent;

// Positions compare as numbers: 10:0 comes after 9:5.
const history = [
  stored(1, '9:0', '2026-01-01T00:00:00.000Z', 'NoteCreated', { id: 'n1', fields: { name: 'first' }, owner: 'p1' }),
  stored(2, '9:5', '2026-02-01T00:00:00.000Z', 'NoteUpdated', { changes: { name: 'second' } }),
  stored(3, '10:0', '2026-03-01T00:00:00.000Z', 'NoteUpdated', { changes: { name: 'third' } }),
];

/** Only what loading reads: the stream, optionally up to an instant. */
const eventStore = {
  readStream: async (_streamId: string, options: { recordedUntil?: Date } = {}) =>
    history.filter(
      (event) => !options.recordedUntil || Date.parse(event.recordedAt) <= options.recordedUntil.getTime(),
    ),
} as unknown as EventStore;

const notes = entityService(note, { eventStore, settings: defaultConfigurationSettings });
const loaded = async (asOf?: Date | string) => {
  const { state, events } = await notes.load('n1', asOf);
  return { status: state.status, version: state.version, name: state.fields.name, last: events.at(-1)?.position };
};

describe('entity service load', () => {
  it('folds the whole stream by default', async () =>
    expect(await loaded()).toEqual({ status: 'active', version: 3, name: 'third', last: '10:0' }));

  it('as of an instant: the events recorded until then', async () =>
    expect(await loaded(new Date('2026-02-15T00:00:00Z'))).toEqual({
      status: 'active',
      version: 2,
      name: 'second',
      last: '9:5',
    }));

  it('as of a log position: the events up to and including it', async () => {
    expect(await loaded('9:5')).toEqual({ status: 'active', version: 2, name: 'second', last: '9:5' });
    expect(await loaded('9:9')).toEqual({ status: 'active', version: 2, name: 'second', last: '9:5' });
    expect(await loaded('10:0')).toEqual({ status: 'active', version: 3, name: 'third', last: '10:0' });
    expect(await loaded('8:99')).toEqual({ status: 'absent', version: 0, name: undefined, last: undefined });
  });
});
