import { DomainError, type HttpErrorCode } from '@nq/contracts';
import type { FastifyReply } from 'fastify';

/**
 * Aborted when the client goes away before its answer is complete (a client abort cancels the engine
 * query). The response's 'close' is watched: the request's own fires as soon as its body has been read. Unlike
 * `abortOnDisconnect` (analytics), it outlives the handler, so a streamed answer's scan stops too.
 */
export function clientAbortSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  return controller.signal;
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * An engine failure as the screen reports it (docs/product/errors.md); catalogue errors and aborts pass as they are.
 */
export async function reportedAs<T>(code: HttpErrorCode, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DomainError || isAbort(error)) throw error;
    throw new DomainError(code, { cause: error });
  }
}
