import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../testing/received-mail.ts';
import { waitFor } from '../testing/wait-for.ts';
import type { MailPort } from './mail-port.ts';

export interface MailPortFixture {
  mail: MailPort;
  /** What has arrived at the other end so far (the SMTP server, the outbox folder). */
  received(): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** The behaviour every Mail adapter must show. Each adapter's test file calls this with a factory. */
export function describeMailPort(name: string, open: () => Promise<MailPortFixture>) {
  describe(`Mail port contract — ${name}`, () => {
    let fixture: MailPortFixture;
    // Each test writes to its own address, so it finds its message among those of the other tests.
    const newAddress = () => `user-${randomUUID()}@example.com`;
    const arrivalFor = async (address: string) => {
      let found: ReceivedMail | undefined;
      await waitFor(`the e-mail to ${address}`, async () => {
        found = (await fixture.received()).find((mail) => mail.to.includes(address));
        return found !== undefined;
      });
      return found!;
    };

    beforeAll(async () => {
      fixture = await open();
    });
    afterAll(() => fixture?.close());

    it('answers ping', async () => {
      await expect(fixture.mail.ping()).resolves.toBeUndefined();
    });

    it('delivers a message with its recipient, subject, text and html', async () => {
      const to = newAddress();
      await fixture.mail.send({
        to: [to],
        subject: 'Welcome',
        text: 'Hello there.',
        html: '<p>Hello <b>there</b>.</p>',
      });
      expect(await arrivalFor(to)).toEqual({
        to: [to],
        subject: 'Welcome',
        text: 'Hello there.',
        html: '<p>Hello <b>there</b>.</p>',
      });
    });

    it('delivers a text-only message without html', async () => {
      const to = newAddress();
      await fixture.mail.send({ to: [to], subject: 'Plain', text: 'Just text.' });
      const mail = await arrivalFor(to);
      expect(mail.text).toBe('Just text.');
      expect(mail.html).toBeUndefined();
    });

    it('keeps UTF-8 subjects and bodies intact', async () => {
      const to = newAddress();
      const text = 'Hola, Begoña: ¿olvidaste tu contraseña? Pulsa aquí para elegir otra — caduca en 1 h. 📶';
      await fixture.mail.send({ to: [to], subject: 'Restablecer contraseña', text, html: `<p>${text}</p>` });
      const mail = await arrivalFor(to);
      expect(mail.subject).toBe('Restablecer contraseña');
      expect(mail.text).toBe(text);
      expect(mail.html).toBe(`<p>${text}</p>`);
    });

    it('delivers to several recipients', async () => {
      const recipients = [newAddress(), newAddress(), newAddress()];
      await fixture.mail.send({ to: recipients, subject: 'Team notice', text: 'For all of you.' });
      const mail = await arrivalFor(recipients[1]!);
      expect([...mail.to].sort()).toEqual([...recipients].sort());
    });

    it('keeps links in the text intact, query string included, even past the line-length limit', async () => {
      const to = newAddress();
      // Longer than the 76 characters of a quoted-printable line, so the encoder has to break and rejoin it.
      const link = `https://nq.example.com/console/reset-password/${'a'.repeat(60)}?token=abc&x=1`;
      await fixture.mail.send({ to: [to], subject: 'Reset', text: `Open this link:\n${link}\n\nThanks.` });
      const mail = await arrivalFor(to);
      expect(mail.text).toBe(`Open this link:\n${link}\n\nThanks.`);
    });
  });
}
