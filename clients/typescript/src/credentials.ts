import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ClientCredentials } from './client.ts';

// Where a machine keeps the client id and secret it signs with (docs/api-access.md, "From your own tools"): a JSON
// file, `~/.config/nq/credentials.json` unless NQ_CREDENTIALS or the caller names another, readable by its owner
// alone (mode 0600):
//
//   { "url": "https://nq.example.com", "clientId": "tok_…", "clientSecret": "…" }
//
// `url` is optional (a caller may give the platform's address instead). Node only: browsers keep no such file.

export interface StoredCredentials extends ClientCredentials {
  /** The platform's address, when the file gives it. */
  url?: string;
}

export interface ReadCredentials extends StoredCredentials {
  /** The file they were read from. */
  file: string;
  /** Others than its owner may read or write it (mode not 0600 or stricter): worth a warning. */
  openToOthers: boolean;
}

/** A credentials file that is missing, not JSON or without a client id and secret: its message says which and how. */
export class CredentialsError extends Error {
  override name = 'CredentialsError';
}

/** `NQ_CREDENTIALS`, or `credentials.json` in `nq` of the user's configuration folder (XDG_CONFIG_HOME, ~/.config). */
export const defaultCredentialsFile = (env: NodeJS.ProcessEnv = process.env) =>
  env.NQ_CREDENTIALS || join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'nq', 'credentials.json');

const format = '{ "url": "https://…", "clientId": "…", "clientSecret": "…" }';

export function readCredentials(file: string = defaultCredentialsFile()): ReadCredentials {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CredentialsError(
      code === 'ENOENT'
        ? `no credentials file at ${file}: write ${format} there (chmod 600), or name another`
        : `the credentials file ${file} cannot be read (${code ?? (error as Error).message})`,
    );
  }
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch (error) {
    throw new CredentialsError(`the credentials file ${file} is not JSON (${(error as Error).message}): ${format}`);
  }
  const { url, clientId, clientSecret } = (stored ?? {}) as Record<string, unknown>;
  if (typeof clientId !== 'string' || !clientId || typeof clientSecret !== 'string' || !clientSecret)
    throw new CredentialsError(`the credentials file ${file} needs a clientId and a clientSecret: ${format}`);
  if (url !== undefined && (typeof url !== 'string' || !/^https?:\/\//.test(url)))
    throw new CredentialsError(`the credentials file ${file} gives a url that is not http(s): ${String(url)}`);
  const openToOthers = process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0;
  return { clientId, clientSecret, ...(url ? { url } : {}), file, openToOthers };
}
