import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Credential, openIdentityStore } from './identity-store.ts';

const probeCredential = (id: string, userId: string): Credential => ({
  id,
  kind: 'probe',
  userId,
  profileId: 'panel',
  createdAt: new Date('2026-12-01T00:00:00Z'),
  expiresAt: new Date('2027-03-01T00:00:00Z'),
  unlimited: true,
});

/** The client, counting the credential reads that reach the database. */
function countingReads(sql: SqlClient) {
  const counter = { credentialReads: 0 };
  const client: SqlClient = {
    ...sql,
    query: (text, params) => {
      if (/^select \* from iam_credentials where id/.test(text)) counter.credentialReads++;
      return sql.query(text, params);
    },
  };
  return { client, counter };
}

describe('identity store: credentials read by id on the embedded database', () => {
  let sql: SqlClient;
  beforeEach(async () => {
    sql = await openPgliteClient();
  });
  afterEach(async () => {
    await sql.close();
  });

  it('reads a credential from the database once, and many asked at once in one read', async () => {
    const { client, counter } = countingReads(sql);
    const store = await openIdentityStore(client);
    for (let index = 0; index < 50; index++)
      await store.insertCredential(probeCredential(`c${index}`, `probe-${index}`));
    await store.credential('c0');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => store.credential(`c${index}`)));
    expect(answers.map((credential) => credential?.userId)).toEqual(
      Array.from({ length: 50 }, (_, index) => `probe-${index}`),
    );
    expect(counter.credentialReads).toBeLessThanOrEqual(3);
    await store.credential('c7');
    expect(counter.credentialReads).toBeLessThanOrEqual(3);
    expect(await store.credential('unknown')).toBeUndefined();
  });

  it('answers a credential revoked, shortened or replaced as it is now, never as it was kept', async () => {
    const store = await openIdentityStore(sql);
    await store.insertCredential(probeCredential('old', 'probe-1'));
    await store.insertCredential(probeCredential('other', 'probe-2'));
    expect((await store.credential('old'))?.revokedAt).toBeUndefined();

    await store.shortenExpiry('other', new Date('2026-12-24T00:00:00Z'));
    expect((await store.credential('other'))?.expiresAt.toISOString()).toBe('2026-12-24T00:00:00.000Z');

    await store.replaceProbeCredentials([probeCredential('new', 'probe-1')], new Date('2026-12-07T00:00:00Z'));
    expect((await store.credential('old'))?.revokedAt?.toISOString()).toBe('2026-12-07T00:00:00.000Z');
    expect((await store.credential('new'))?.revokedAt).toBeUndefined();

    await store.revoke({ userId: 'probe-2' }, new Date('2026-12-08T00:00:00Z'));
    expect((await store.credential('other'))?.revokedAt?.toISOString()).toBe('2026-12-08T00:00:00.000Z');
  });

  it('does not keep a read that a revocation overtook', async () => {
    const store = await openIdentityStore(sql);
    await store.insertCredential(probeCredential('racing', 'probe-1'));
    // The read starts before the revocation and answers after it has begun: what it read may predate it.
    const reading = store.credential('racing');
    const revoking = store.revoke({ id: 'racing' }, new Date('2026-12-07T00:00:00Z'));
    await Promise.all([reading, revoking]);
    expect((await store.credential('racing'))?.revokedAt?.toISOString()).toBe('2026-12-07T00:00:00.000Z');
  });
});
