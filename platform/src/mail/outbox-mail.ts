import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { MailPort } from './mail-port.ts';

export interface OutboxMailOptions {
  /** Created if missing. */
  dir: string;
  from: string;
}

/** Writes each message as an RFC 822 `.eml` file, for the embedded profile where no SMTP server is at hand. */
export async function openOutboxMail({ dir, from }: OutboxMailOptions): Promise<MailPort> {
  await mkdir(dir, { recursive: true });
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from });
  return {
    adapter: 'outbox',
    send: async (message) => {
      const { message: eml } = await composer.sendMail(message);
      await writeFile(join(dir, outboxFileName()), eml as Buffer, { flag: 'wx' });
    },
    ping: () => access(dir, constants.W_OK),
    close: async () => composer.close(),
  };
}

// ISO 8601 basic format (no colons, which some file systems refuse), so names sort by time.
const outboxFileName = () =>
  `${new Date().toISOString().replaceAll(/[-:]/g, '')}-${randomBytes(4).toString('hex')}.eml`;
