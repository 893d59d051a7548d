import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliProcess } from '../../testing/cli-process.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const publicUrl = 'https://nq.example.test';

describe('nq admin create: the first administrator', { timeout: 240_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let environment: Record<string, string>;
  let api: TestApi | undefined;

  const adminCreate = async (...args: string[]) => {
    const run = cliProcess(['admin', 'create', ...args], environment);
    return { code: await run.exited, output: run.output() };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    environment = distributedEnvironment(database, {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'nq-admin-create-')),
      PUBLIC_URL: publicUrl,
      MAIL_ADAPTER: 'outbox',
      LOG_LEVEL: 'warn',
    });
  });
  afterAll(async () => {
    await api?.raw.close();
    await database?.drop();
  });

  it('creates an administrator whose printed one-time link sets the password it then logs in with', async () => {
    const created = await adminCreate('--email', 'Root@Example.test', '--name', 'Root');
    expect(created.code, created.output).toBe(0);
    expect(created.output).toMatch(/Administrator root@example\.test created \(user [0-9a-f-]{36}\)/);
    const link = created.output.match(/https:\/\/nq\.example\.test\/login\?invitation=(\S+)/);
    expect(link, created.output).not.toBeNull();

    api = await openTestApi(environment);
    const { raw } = api;
    const password = 'First-admin-2026';
    const set = await raw.inject({
      method: 'POST',
      url: '/account/password/set',
      payload: { token: link![1], newPassword: password, repeatPassword: password },
    });
    expect(set.statusCode, set.body).toBe(200);
    // The link works once.
    const again = await raw.inject({
      method: 'POST',
      url: '/account/password/set',
      payload: { token: link![1], newPassword: password, repeatPassword: password },
    });
    expect(again.json().code).toBe('password.linkInvalid');

    const login = await raw.inject({
      method: 'POST',
      url: '/login',
      payload: { email: 'root@example.test', password },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({
      data: { email: 'root@example.test', name: 'Root' },
      profile: { id: 'platform-administrator', rol: 'admin', isGod: true, apiAccess: true },
    });
  });

  it('refuses an e-mail already in use with a clear message and a non-zero exit, changing nothing', async () => {
    const head = await api!.platform.eventStore.head();
    const refused = await adminCreate('--email', 'root@example.test');
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('A user with the e-mail root@example.test already exists: nothing was changed.');
    expect(await api!.platform.eventStore.head()).toBe(head);
  });

  it('e-mails the link instead with --send, and refuses what is not an e-mail address', async () => {
    const sent = await adminCreate('--email', 'second@example.test', '--send');
    expect(sent.code, sent.output).toBe(0);
    expect(sent.output).not.toContain('invitation=');
    const queued = await api!.platform.sql.query<{ subject: string }>(
      `select message->>'subject' as subject from mail_outbox where message::text like '%second@example.test%'`,
    );
    expect(queued).toEqual([{ subject: 'Your account on the network-quality platform' }]);
    const invalid = await adminCreate('--email', 'not-an-address');
    expect(invalid.code).toBe(2);
    expect(invalid.output).toContain("--email: 'not-an-address' is not an e-mail address");
  });
});
