import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReceivedMail } from '../testing/received-mail.ts';
import { describeMailPort } from './mail.contract.ts';
import { openOutboxMail } from './outbox-mail.ts';

const newOutboxDir = async () => join(await mkdtemp(join(tmpdir(), 'nq-outbox-')), 'outbox');
const readOutbox = async (dir: string) =>
  Promise.all((await readdir(dir)).map(async (name) => parseReceivedMail(await readFile(join(dir, name)))));

describeMailPort('outbox (.eml files)', async () => {
  const dir = await newOutboxDir();
  const mail = await openOutboxMail({ dir, from: 'Network quality <no-reply@nq.example.com>' });
  return {
    mail,
    received: () => readOutbox(dir),
    close: async () => {
      await mail.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('outbox mail adapter', () => {
  it('writes one RFC 822 file per message, named by time, from the configured address', async () => {
    const dir = await newOutboxDir();
    const mail = await openOutboxMail({ dir, from: 'no-reply@nq.example.com' });
    await mail.send({ to: ['a@example.com'], subject: 'One', text: '1' });
    await mail.send({ to: ['a@example.com'], subject: 'Two', text: '2' });
    const names = (await readdir(dir)).sort();
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^\d{8}T\d{6}\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    const eml = await readFile(join(dir, names[0]!), 'utf8');
    expect(eml).toMatch(/^From: no-reply@nq\.example\.com\r$/m);
    expect(eml).toMatch(/^Message-ID: <.+>\r$/m);
    await mail.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('fails ping once the folder is gone', async () => {
    const dir = await newOutboxDir();
    const mail = await openOutboxMail({ dir, from: 'no-reply@nq.example.com' });
    await rm(dir, { recursive: true });
    await expect(mail.ping()).rejects.toThrow(/ENOENT/);
    await mail.close();
  });
});
