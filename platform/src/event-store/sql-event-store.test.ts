import { describe, expect, it } from 'vitest';
import { openPgliteClient } from '../sql/pglite-client.ts';
import { describeEventStoreContract, metadataFor } from './event-store.contract.ts';
import { openSqlEventStore } from './sql-event-store.ts';

describeEventStoreContract('PGlite', async () => openSqlEventStore(await openPgliteClient()));

describe('upcasting', () => {
  it('turns stored old versions into the current shape on every read', async () => {
    const sql = await openPgliteClient();
    const legacy = await openSqlEventStore(sql);
    await legacy.append({
      streamId: 'provider-1',
      expectedVersion: 0,
      events: [{ type: 'ProviderCreated', schemaVersion: 1, data: { name: 'Acme', ipRange: '10.0.0.0/8' } }],
      metadata: metadataFor(),
    });
    const current = await openSqlEventStore(sql, {
      versions: {
        ProviderCreated: {
          1: ({ ipRange, ...rest }) => ({ ...rest, ipRanges: [ipRange] }),
          2: (data) => ({ ...data, colour: '#888888' }),
        },
      },
    });
    const [event] = await current.readStream('provider-1');
    expect(event).toMatchObject({
      schemaVersion: 3,
      data: { name: 'Acme', ipRanges: ['10.0.0.0/8'], colour: '#888888' },
    });
    const [fromLog] = await current.readAll('0:0', 10);
    expect(fromLog!.schemaVersion).toBe(3);
  });

  it('reads a stored event as the one its renamer names, at the same version and position, on every read', async () => {
    const sql = await openPgliteClient();
    const legacy = await openSqlEventStore(sql);
    const appended = await legacy.append({
      streamId: 'lamp-1',
      expectedVersion: 'any',
      events: [
        { type: 'LampUpdated', schemaVersion: 1, data: { changes: { on: false } } },
        { type: 'LampUpdated', schemaVersion: 1, data: { changes: { name: 'Hall' } } },
      ],
      metadata: metadataFor(),
    });
    const current = await openSqlEventStore(sql, {
      renames: {
        LampUpdated: ({ changes }) =>
          (changes as { on?: boolean }).on === false ? { type: 'LampSwitchedOff', data: { changes } } : undefined,
      },
    });
    const read = [
      await current.readStream('lamp-1'),
      await current.readAll('0:0', 10),
      await current.readRecorded({ from: new Date(0), to: new Date(), streamPrefixes: ['lamp-'], limit: 10 }),
    ];
    for (const events of read)
      expect(
        events
          .map(({ type, streamVersion }) => ({ type, streamVersion }))
          .sort((a, b) => a.streamVersion - b.streamVersion),
      ).toEqual([
        { type: 'LampSwitchedOff', streamVersion: 1 },
        { type: 'LampUpdated', streamVersion: 2 },
      ]);
    expect((await current.readStream('lamp-1')).map((event) => event.position)).toEqual(
      appended.events.map((event) => event.position),
    );
  });
});
