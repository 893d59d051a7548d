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
      ProviderCreated: {
        1: ({ ipRange, ...rest }) => ({ ...rest, ipRanges: [ipRange] }),
        2: (data) => ({ ...data, colour: '#888888' }),
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
});
