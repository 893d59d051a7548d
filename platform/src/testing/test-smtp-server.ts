import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseReceivedMail, type ReceivedMail } from './received-mail.ts';
import { waitFor } from './wait-for.ts';

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for the SMTP mail adapter. */
  url: string;
  /** Every message received so far, oldest first. */
  messages(): ReceivedMail[];
  /** The first message (already received or still to come) that matches, e.g. `(mail) => mail.to.includes(email)`. */
  waitForMessage(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Stops listening: connections are refused until `start`. */
  stop(): Promise<void>;
  /** Listens again on the same port, keeping what it received before. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (no TLS, no authentication required) that keeps what it receives. `stop` and `start`
 * take it down and up again on the same port, as a mail server that is unreachable for a while.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const listen = async (port: number) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
        parseReceivedMail(stream, recipients).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    // A client's broken connection is its own test's failure; unhandled, the event would crash the test run.
    server.on('error', () => undefined);
    return server;
  };
  let server: SMTPServer | undefined = await listen(0);
  const { port } = server.server.address() as AddressInfo;
  const stop = async () => {
    const stopping = server;
    server = undefined;
    if (stopping) await new Promise<void>((resolve) => stopping.close(() => resolve()));
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages: () => [...received],
    waitForMessage: async (predicate = () => true, timeoutMs = 10_000) => {
      await waitFor('an e-mail', () => received.some(predicate), timeoutMs);
      return received.find(predicate)!;
    },
    stop,
    start: async () => {
      server ??= await listen(port);
    },
    close: stop,
  };
}
