import type { MailPort } from './mail-port.ts';
import { openOutboxMail } from './outbox-mail.ts';
import { openSmtpMail } from './smtp-mail.ts';

export interface MailConfig {
  adapter: MailPort['adapter'];
  smtpUrl: string;
  from: string;
  outboxDir: string;
}

export async function openMail({ adapter, smtpUrl, from, outboxDir }: MailConfig): Promise<MailPort> {
  return adapter === 'smtp' ? openSmtpMail({ smtpUrl, from }) : openOutboxMail({ dir: outboxDir, from });
}
