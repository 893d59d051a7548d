import { DomainError, errorBody, type HttpErrorCode, pickLanguage } from '@nq/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

export interface FieldProblem {
  field: string;
  message: string;
}

/** Statuses Fastify itself raises (body too large, bad JSON…) mapped to catalogue codes. */
const codeForFrameworkStatus: Record<number, HttpErrorCode> = {
  400: 'request.invalid',
  404: 'route.notFound',
  413: 'request.payloadTooLarge',
  415: 'request.invalid',
  429: 'request.tooMany',
};

function send(request: FastifyRequest, reply: FastifyReply, code: HttpErrorCode, status: number, options = {}) {
  return reply.status(status).send(errorBody(code, pickLanguage(request.headers['accept-language']), options));
}

/**
 * The one error handler (design §10): every error leaves as `{ code, message, details }` in the caller's language;
 * 5xx bodies never carry internals (those go to the log with the request id).
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.status >= 500) request.log.error({ err: error }, 'dependency or internal failure');
      return send(request, reply, error.code, error.status, { params: error.params, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldProblem[] = error.validation.map((issue) => ({
        field: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'invalid',
      }));
      return send(request, reply, 'request.invalid', 400, { details: { fields } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return send(request, reply, 'internal.error', 500);
    }
    const status = error.statusCode ?? 500;
    const frameworkCode = codeForFrameworkStatus[status];
    if (status < 500 && frameworkCode) {
      return send(request, reply, frameworkCode, status, { details: { reason: error.message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 'internal.error', 500);
  });
});
