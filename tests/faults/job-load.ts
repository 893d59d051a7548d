import { randomUUID } from 'node:crypto';
import type { PhaseOf } from './probe-load.ts';
import { type Credentials, signedFetch } from './signed-fetch.ts';

/** A CSV extraction the analyst asked for, and the file the platform acknowledged for it. */
export interface RequestedFile {
  idempotencyKey: string;
  phase: string;
  /** The file record's id, once the request was acknowledged. */
  fileId?: string;
}

/**
 * An analyst asking for a CSV extraction (a job the jobs process runs) every `everySeconds`, each with an
 * Idempotency-Key: a request without an answer is sent again under the same key, as a client would.
 */
export function startJobLoad(options: {
  base: () => string;
  admin: Credentials;
  everySeconds: number;
  phaseOf: PhaseOf;
}) {
  const call = signedFetch(options.base, options.admin);
  const requested: RequestedFile[] = [];
  const stopping = new AbortController();

  const one = async () => {
    const file: RequestedFile = { idempotencyKey: randomUUID(), phase: options.phaseOf() };
    requested.push(file);
    for (;;) {
      const answer = await call(
        'POST',
        '/api/types/mobile/programs/speedtest/csv',
        {},
        {
          'idempotency-key': file.idempotencyKey,
        },
      );
      if (answer.status === 202) {
        file.fileId = String((answer.body as { file: { id: string } }).file.id);
        return;
      }
      if (answer.status !== 0 && answer.status !== 429 && answer.status < 500)
        throw new Error(`extraction refused: ${answer.status} ${JSON.stringify(answer.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      const started = Date.now();
      await one();
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, options.everySeconds * 1_000 - (Date.now() - started))),
      );
    }
  })();

  return {
    requested,
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
