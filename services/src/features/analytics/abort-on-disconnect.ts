import type { FastifyReply } from 'fastify';

/**
 * Runs an engine query that a client going away cancels (a client abort cancels the engine query). The
 * response closing before it was sent means the client went away (the request's own 'close' fires as soon as its
 * body has been read).
 */
export async function abortOnDisconnect<T>(reply: FastifyReply, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const abandoned = () => !reply.raw.writableEnded && controller.abort();
  reply.raw.once('close', abandoned);
  try {
    return await work(controller.signal);
  } finally {
    if (!controller.signal.aborted) reply.raw.off('close', abandoned);
  }
}
