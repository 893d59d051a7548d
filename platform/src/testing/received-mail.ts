import type { Readable } from 'node:stream';
import { type AddressObject, simpleParser } from 'mailparser';

/** An e-mail as a test sees it after it went through an adapter, parsed back from its MIME source. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

/** Parses an RFC 822 message; `envelopeTo` (the SMTP RCPT TO list) wins over the To header when given. */
export async function parseReceivedMail(source: Buffer | Readable, envelopeTo?: string[]): Promise<ReceivedMail> {
  const parsed = await simpleParser(source);
  const to = envelopeTo ?? addressesOf(parsed.to);
  return {
    to,
    subject: parsed.subject ?? '',
    // A 7bit body ends with the line break that closes the MIME part; the sender did not write it.
    text: (parsed.text ?? '').replace(/\n$/, ''),
    ...(parsed.html === false ? {} : { html: parsed.html }),
  };
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((group) => group.value.flatMap((address) => address.address ?? []));

/** The http(s) links in a text, e.g. to follow a password-reset link; punctuation that ends a sentence is left out. */
export const linksIn = (text: string) =>
  (text.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((link) => link.replace(/[.,;:!?)\]]+$/, ''));
