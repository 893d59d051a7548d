import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CredentialsError, defaultCredentialsFile, readCredentials } from './credentials.ts';

const folder = mkdtempSync(join(tmpdir(), 'nq-credentials-'));
const file = (name: string, text: string, mode = 0o600) => {
  const path = join(folder, name);
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
};

describe('the credentials file', () => {
  it('is NQ_CREDENTIALS, else nq/credentials.json in the configuration folder', () => {
    expect(defaultCredentialsFile({ NQ_CREDENTIALS: '/etc/nq.json' })).toBe('/etc/nq.json');
    expect(defaultCredentialsFile({ XDG_CONFIG_HOME: '/cfg' })).toBe('/cfg/nq/credentials.json');
    expect(defaultCredentialsFile({})).toMatch(/\/\.config\/nq\/credentials\.json$/);
  });

  it('gives the client id, secret and url, and says whether others may read it', () => {
    const stored = { url: 'https://nq.example.com', clientId: 'tok_1', clientSecret: 'secret' };
    const own = file('own.json', JSON.stringify(stored));
    expect(readCredentials(own)).toEqual({ ...stored, file: own, openToOthers: false });
    expect(readCredentials(file('shared.json', JSON.stringify(stored), 0o644)).openToOthers).toBe(true);
    const { url: _url, ...withoutUrl } = stored;
    expect(readCredentials(file('no-url.json', JSON.stringify(withoutUrl)))).not.toHaveProperty('url');
  });

  it.each([
    ['missing.json', undefined, /^no credentials file at .*missing\.json: write \{ "url"/],
    ['not-json.json', '{ clientId', /is not JSON/],
    ['no-secret.json', '{ "clientId": "tok_1" }', /needs a clientId and a clientSecret/],
    ['bad-url.json', '{ "clientId": "a", "clientSecret": "b", "url": "nq.example.com" }', /url that is not http\(s\)/],
  ])('refuses %s, saying what to write', (name, text, message) => {
    const path = text === undefined ? join(folder, name) : file(name, text);
    expect(() => readCredentials(path)).toThrow(CredentialsError);
    expect(() => readCredentials(path)).toThrow(message);
  });
});
