import { createTransport } from 'nodemailer';
import type { MailPort } from './mail-port.ts';

export interface SmtpMailOptions {
  /** e.g. `smtp://user:pass@mail.example.com:587`; `smtps://` for implicit TLS. */
  smtpUrl: string;
  from: string;
}

export function openSmtpMail({ smtpUrl, from }: SmtpMailOptions): MailPort {
  const transporter = createTransport(
    // Nodemailer waits two minutes for an unreachable server by default: too long for /ready and for a request.
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
  return {
    adapter: 'smtp',
    send: async (message) => void (await transporter.sendMail(message)),
    ping: async () => void (await transporter.verify()),
    close: async () => transporter.close(),
  };
}
