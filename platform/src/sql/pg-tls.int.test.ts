import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infra } from '../testing/infra.ts';
import { type PrivatePostgres, startPrivatePostgres } from '../testing/private-postgres.ts';
import { ensureDatabase } from './ensure-database.ts';
import { openPgClient } from './pg-client.ts';

const openssl = (folder: string, ...args: string[]) => promisify(execFile)('openssl', args, { cwd: folder });

describe('PostgreSQL over TLS, as DATABASE_URL sslmode and DATABASE_CA_FILE ask', { timeout: 120_000 }, () => {
  const folder = mkdtempSync(join(tmpdir(), 'nq-pg-tls-'));
  const file = (name: string) => join(folder, name);
  let server: PrivatePostgres;

  beforeAll(async () => {
    for (const ca of ['ca', 'other-ca'])
      await openssl(
        folder,
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${ca}`],
        ...['-addext', 'basicConstraints=critical,CA:TRUE', '-keyout', `${ca}.key`, '-out', `${ca}.pem`],
      );
    // Signed for the host name db.internal only, not the address the tests connect to.
    await openssl(
      folder,
      ...['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=db.internal', '-keyout', 'server.key'],
      ...['-out', 'server.csr'],
    );
    writeFileSync(file('server.ext'), 'subjectAltName=DNS:db.internal\n');
    await openssl(
      folder,
      ...['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2'],
      ...['-extfile', 'server.ext', '-out', 'server.pem'],
    );
    server = await startPrivatePostgres('tls', {
      tls: { certificate: readFileSync(file('server.pem'), 'utf8'), key: readFileSync(file('server.key'), 'utf8') },
    });
  });
  afterAll(async () => {
    await server?.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  /** Whether the session a connection opens is encrypted, as the server sees it. */
  async function encrypted(url: string, caFile?: string) {
    const sql = await openPgClient({ url, ...(caFile ? { caFile } : {}) });
    try {
      const [row] = await sql.query<{ ssl: boolean }>('select ssl from pg_stat_ssl where pid = pg_backend_pid()');
      return row!.ssl;
    } finally {
      await sql.close();
    }
  }
  const at = (mode: string) => `${server.serverUrl}/postgres?sslmode=${mode}`;

  it('encrypts with require, and not with disable or without sslmode', async () => {
    expect(await encrypted(at('require'))).toBe(true);
    expect(await encrypted(at('disable'))).toBe(false);
    expect(await encrypted(`${server.serverUrl}/postgres`)).toBe(false);
  });

  it('checks the chain against the CA file with verify-ca, and refuses a certificate another CA signed', async () => {
    expect(await encrypted(at('verify-ca'), file('ca.pem'))).toBe(true);
    await expect(encrypted(at('verify-ca'), file('other-ca.pem'))).rejects.toThrow(/certificate/i);
    await expect(encrypted(at('verify-ca'))).rejects.toThrow(/certificate/i);
  });

  it('also checks the host name with verify-full: 127.0.0.1 is not the db.internal the certificate names', async () => {
    await expect(encrypted(at('verify-full'), file('ca.pem'))).rejects.toThrow(/db\.internal|altnames/i);
  });

  it('creates a database over TLS, and refuses TLS to a server that has none (the shared one: ssl off)', async () => {
    await ensureDatabase({ url: `${server.serverUrl}/nq_tls?sslmode=verify-ca`, caFile: file('ca.pem') });
    expect(await encrypted(`${server.serverUrl}/nq_tls?sslmode=verify-ca`, file('ca.pem'))).toBe(true);
    await expect(encrypted(`${infra.postgresServer}/postgres?sslmode=require`)).rejects.toThrow(
      'The server does not support SSL connections',
    );
  });
});
