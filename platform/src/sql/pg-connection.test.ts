import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { pgConnectionConfig } from './pg-connection.ts';

const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const caFile = join(mkdtempSync(join(tmpdir(), 'nq-pg-ca-')), 'ca.pem');
writeFileSync(caFile, pem);
const server = 'postgresql://nq:p%40ss@db.internal:5432/nq';

const configFor = (env: Record<string, string>) =>
  pgConnectionConfig(loadConfig({ PROFILE: 'distributed', ...env }).postgres);

describe('PostgreSQL connection options from DATABASE_URL and DATABASE_CA_FILE', () => {
  it('leave a URL without sslmode to node-postgres as it is (no TLS unless PGSSLMODE says so)', () => {
    expect(configFor({ DATABASE_URL: server })).toEqual({ connectionString: server });
  });

  it('take sslmode out of the URL and turn it into TLS options, as libpq reads each mode', () => {
    const at = (mode: string, env: Record<string, string> = {}) =>
      configFor({ DATABASE_URL: `${server}?sslmode=${mode}&application_name=nq`, ...env });
    expect(at('disable')).toEqual({ connectionString: `${server}?application_name=nq`, ssl: false });
    // Encrypted, the certificate not checked.
    expect(at('require').ssl).toEqual({ rejectUnauthorized: false });
    // Checked against the CA file; require with a CA file is verify-ca, as in libpq.
    for (const mode of ['verify-ca', 'require']) {
      const ssl = at(mode, { DATABASE_CA_FILE: caFile }).ssl as { ca: string; checkServerIdentity: () => unknown };
      expect(ssl).toEqual({ ca: pem, checkServerIdentity: expect.any(Function) });
      expect(ssl.checkServerIdentity()).toBeUndefined(); // any host name
    }
    // Chain and host name checked, against the CA file or the system's CAs.
    expect(at('verify-full', { DATABASE_CA_FILE: caFile }).ssl).toEqual({ ca: pem });
    expect(at('verify-full').ssl).toEqual({});
    expect(at('verify-full').connectionString).toBe(`${server}?application_name=nq`);
  });

  it('take a plain URL string as well (tests, benches)', () => {
    expect(pgConnectionConfig(`${server}?sslmode=require`)).toEqual({
      connectionString: server,
      ssl: { rejectUnauthorized: false },
    });
  });
});
