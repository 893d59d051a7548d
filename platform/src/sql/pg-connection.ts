import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type pg from 'pg';

/** A PostgreSQL server to connect to: DATABASE_URL (libpq's `sslmode` honoured) and DATABASE_CA_FILE. */
export interface PostgresConnection {
  url: string;
  caFile?: string;
}

export const asPostgresConnection = (target: string | PostgresConnection): PostgresConnection =>
  typeof target === 'string' ? { url: target } : target;

function tlsFor(sslMode: string, caFile: string | undefined): false | ConnectionOptions {
  const ca = caFile ? { ca: readFileSync(caFile, 'utf8') } : {};
  switch (sslMode) {
    case 'disable':
      return false;
    case 'require':
      // As libpq: with a root CA, require checks the chain as verify-ca does; without one, it only encrypts.
      return caFile ? { ...ca, checkServerIdentity: () => undefined } : { rejectUnauthorized: false };
    case 'verify-ca':
      return { ...ca, checkServerIdentity: () => undefined };
    case 'verify-full':
      return ca;
    default:
      throw new Error(`sslmode '${sslMode}' is not supported (disable, require, verify-ca or verify-full)`);
  }
}

/**
 * The node-postgres options of a connection. The URL's sslmode is applied here, not left to node-postgres: it
 * reads every mode but disable as verify-full, and settings parsed from the URL override any given beside it.
 */
export function pgConnectionConfig(target: string | PostgresConnection): pg.ClientConfig {
  const { url, caFile } = asPostgresConnection(target);
  const parsed = new URL(url);
  const sslMode = parsed.searchParams.get('sslmode');
  if (sslMode === null) return { connectionString: url };
  parsed.searchParams.delete('sslmode');
  return { connectionString: parsed.toString(), ssl: tlsFor(sslMode, caFile) };
}
