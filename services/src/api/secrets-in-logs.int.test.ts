import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signRequest } from '@nq/contracts';
import { freePort } from '@nq/platform/testing/free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins } from '../demo/load-demo.ts';

type Credentials = { clientId: string; clientSecret: string };

/**
 * Secrets never reach the logs: the platform runs as `nq start` does (embedded, demo data) at the most talkative
 * level, every kind of secret passes through it — the configured keys, the demo passwords, a wrong password, session,
 * token, API and probe credentials, a changed password, a probe's Wi-Fi password — and its whole output is searched
 * for each of them.
 */
describe('secrets in the logs of a full run', { timeout: 240_000 }, () => {
  const folder = mkdtempSync(join(tmpdir(), 'nq-secrets-'));
  const secrets = new Map<string, string>();
  let child: ChildProcess;
  let output = '';
  let address = '';

  const keep = (what: string, value: string | undefined) => {
    expect(value, what).toBeTruthy();
    secrets.set(what, value!);
  };

  async function call(method: string, path: string, credentials?: Credentials, payload?: object) {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
    if (credentials)
      headers.authorization = await signRequest(credentials, { method, url: path, ...(body ? { body } : {}) });
    const response = await fetch(`${address}${path}`, { method, headers, ...(body ? { body } : {}) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const login = async (email: string, password: string) => call('POST', '/login', undefined, { email, password });

  beforeAll(async () => {
    writeFileSync(join(folder, 'index.html'), '<!doctype html><title>console</title>');
    keep('SECRET_KEY', randomBytes(32).toString('base64url'));
    keep('PROBE_SECRETS_KEY', randomBytes(32).toString('base64url'));
    const port = await freePort();
    address = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [join(import.meta.dirname, '../cli.ts'), 'start'], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        DATA_DIR: join(folder, 'data'),
        CONSOLE_DIR: folder,
        DEMO_DATA: 'true',
        LOG_LEVEL: 'trace',
        SECRET_KEY: secrets.get('SECRET_KEY'),
        PROBE_SECRETS_KEY: secrets.get('PROBE_SECRETS_KEY'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 180_000;
    while ((await fetch(`${address}/ready`).catch(() => undefined))?.status !== 200) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the platform did not start:\n${output}`);
      await new Promise((wait) => setTimeout(wait, 500));
    }
  }, 200_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await new Promise((done) => child.once('exit', done));
    }
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps every secret out of the output, which does log the requests that carried them', async () => {
    const [admin, analyst] = demoLogins;
    keep('a wrong password', `Wrong-${randomBytes(6).toString('hex')}`);
    expect((await login(admin!.email, secrets.get('a wrong password')!)).status).toBe(401);

    const sessions: Credentials[] = [];
    for (const demo of demoLogins) {
      keep(`${demo.email}'s password`, demo.password);
      const answer = await login(demo.email, demo.password);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const session = answer.body.data as Credentials;
      keep(`${demo.email}'s session secret`, session.clientSecret);
      sessions.push(session);
    }
    const [adminSession, analystSession] = sessions as [Credentials, Credentials];

    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const token = await call('POST', '/tokens', adminSession, { name: 'Logs', expiresAt });
    expect(token.status, JSON.stringify(token.body)).toBe(201);
    keep('a token secret', token.body.clientSecret as string);

    const apiCredentials = await call('POST', '/api-credentials', adminSession, { name: 'Logs' });
    expect(apiCredentials.status, JSON.stringify(apiCredentials.body)).toBe(201);
    keep('an API client secret', apiCredentials.body.clientSecret as string);

    keep("a probe's Wi-Fi password", `wifi-${randomBytes(6).toString('hex')}`);
    const probeId = `logs${Date.now().toString(36)}`;
    const probe = await call('POST', '/probes', adminSession, {
      probeId,
      name: 'Logs probe',
      family: 'Agent',
      type: 'mobile',
      device: { wifi: [{ interface: 'wlan0', ssid: 'Office', password: secrets.get("a probe's Wi-Fi password") }] },
    });
    expect(probe.status, JSON.stringify(probe.body)).toBe(201);
    const probeCredentials = await call('POST', `/probes/${probeId}/credentials`, adminSession);
    expect(probeCredentials.status, JSON.stringify(probeCredentials.body)).toBe(201);
    keep('a probe secret', probeCredentials.body.clientSecret as string);

    keep('a new password', `New-${randomBytes(8).toString('hex')}-2026`);
    const changed = await call('POST', '/account/password/change', analystSession, {
      currentPassword: analyst!.password,
      newPassword: secrets.get('a new password'),
      repeatPassword: secrets.get('a new password'),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await login(analyst!.email, secrets.get('a new password')!)).status).toBe(200);

    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
    // The output did log those requests (else the search below proves nothing).
    for (const path of ['/login', '/tokens', '/api-credentials', `/probes/${probeId}/credentials`, '/account/password'])
      expect(output, path).toContain(path);
    const leaked = [...secrets].filter(([, value]) => output.includes(value)).map(([what]) => what);
    expect(leaked).toEqual([]);
  });
});
