import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

const acceptableRequestId = /^[\w.:-]{1,128}$/;

/** Request ids: the caller's `x-request-id` when it is sane, a new UUID otherwise; echoed on every response. */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId: (request) => {
    const given = request.headers['x-request-id'];
    return typeof given === 'string' && acceptableRequestId.test(given) ? given : randomUUID();
  },
} satisfies FastifyServerOptions;
