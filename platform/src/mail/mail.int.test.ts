import { describe, expect, it } from 'vitest';
import { linksIn } from '../testing/received-mail.ts';
import { startTestSmtpServer } from '../testing/test-smtp-server.ts';
import { describeMailPort } from './mail.contract.ts';
import { openSmtpMail } from './smtp-mail.ts';

describeMailPort('smtp (nodemailer → test SMTP server)', async () => {
  const server = await startTestSmtpServer();
  const mail = openSmtpMail({ smtpUrl: server.url, from: 'Network quality <no-reply@nq.example.com>' });
  return {
    mail,
    received: async () => server.messages(),
    close: async () => {
      await mail.close();
      await server.close();
    },
  };
});

describe('smtp mail adapter', () => {
  it('lets a test wait for a message that arrives later, with the links it carries', async () => {
    const server = await startTestSmtpServer();
    const mail = openSmtpMail({ smtpUrl: server.url, from: 'no-reply@nq.example.com' });
    try {
      const arrival = server.waitForMessage((m) => m.to.includes('ana@example.com'));
      await mail.send({
        to: ['ana@example.com'],
        subject: 'Reset',
        text: 'Go to https://nq.example.com/r?token=abc&x=1.',
      });
      expect(linksIn((await arrival).text)).toEqual(['https://nq.example.com/r?token=abc&x=1']);
      await expect(server.waitForMessage((m) => m.subject === 'never', 200)).rejects.toThrow(/timed out/);
    } finally {
      await mail.close();
      await server.close();
    }
  });

  it('rejects ping and send at once when the server is down', async () => {
    const server = await startTestSmtpServer();
    await server.close();
    const mail = openSmtpMail({ smtpUrl: server.url, from: 'no-reply@nq.example.com' });
    await expect(mail.ping()).rejects.toThrow(/ECONNREFUSED/);
    await expect(mail.send({ to: ['a@example.com'], subject: 's', text: 't' })).rejects.toThrow(/ECONNREFUSED/);
    await mail.close();
  });
});
