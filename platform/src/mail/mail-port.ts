/**
 * The Mail port: outgoing e-mail such as password resets.
 * Adapters: SMTP (distributed profile) and `.eml` files in an outbox folder (embedded profile).
 */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  /** The Message-ID header (`<id@domain>`): the same on every attempt, so that a receiver can drop a second copy. */
  messageId?: string;
}

export interface MailPort {
  readonly adapter: 'smtp' | 'outbox';
  /** Resolves once the message is accepted by the SMTP server / written to the outbox. */
  send(message: MailMessage): Promise<void>;
  /** Health probe used by /ready. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
