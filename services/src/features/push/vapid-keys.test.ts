import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ConfigError, describeConfig, loadConfig } from '@nq/platform/config/config';
import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { vapidKeys } from './vapid-keys.ts';

describe('VAPID keys', () => {
  it('are generated once and kept in the embedded database, so a restart pushes with the same key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nq-vapid-'));
    const first = await openPgliteClient(dataDir);
    const generated = await vapidKeys(first, undefined);
    expect(await vapidKeys(first, undefined)).toEqual(generated);
    await first.close();
    expect(Buffer.from(generated.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(generated.privateKey, 'base64url')).toHaveLength(32);

    const restarted = await openPgliteClient(dataDir);
    expect(await vapidKeys(restarted, undefined)).toEqual(generated);
    await restarted.close();
  });

  it('are the configured ones when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set, the private one masked', async () => {
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    expect(config.push).toEqual({
      vapidKeys: keys,
      subject: 'mailto:no-reply@nq.local',
      allowPrivateEndpoints: false,
    });
    expect(describeConfig(config).push).toEqual({
      vapidKeys: { publicKey: keys.publicKey, privateKey: '***' },
      subject: 'mailto:no-reply@nq.local',
      allowPrivateEndpoints: false,
    });
    const sql = await openPgliteClient();
    expect(await vapidKeys(sql, config.push.vapidKeys)).toEqual(keys);
    await sql.close();
  });

  it('refuse a key of the wrong size, one key without the other and a subject push services cannot contact', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    const { publicKey } = webpush.generateVAPIDKeys();
    expect(problems({ VAPID_PUBLIC_KEY: 'abc' })).toEqual([
      "VAPID_PUBLIC_KEY (got 'abc'): must be 65 bytes in base64url",
    ]);
    expect(problems({ VAPID_PUBLIC_KEY: publicKey })).toEqual([
      'VAPID_PRIVATE_KEY: must be set with the other VAPID key',
    ]);
    expect(problems({ VAPID_SUBJECT: 'http://nq.example' })).toEqual([
      "VAPID_SUBJECT (got 'http://nq.example'): must be a mailto: or https: URL",
    ]);
  });
});
