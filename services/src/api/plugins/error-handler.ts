import { DomainError, errorBody, type HttpErrorCode, type Language, pickLanguage } from '@nq/contracts';
import { DependencyUnavailableError, unavailableDependency } from '@nq/platform/dependency-unavailable';
import {
  type FieldProblem,
  fieldProblem,
  localizedProblems,
  validationError,
} from '@nq/platform/entities/validation-error';
import { type RequestBudget, rateLimitHeaders } from '@nq/platform/http/request-budget';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** A failure of a dependency that cannot serve now (down, restarting, recovering) is the catalogue's 503. */
function asDomainError(error: FastifyError): FastifyError | DomainError {
  const dependency = unavailableDependency(error);
  return dependency ? new DependencyUnavailableError(dependency, error) : error;
}

/** Field problems that name a catalogue rule carry its message in the caller's language. */
function localized(details: unknown, language: Language): unknown {
  const fields = (details as { fields?: FieldProblem[] } | undefined)?.fields;
  if (!Array.isArray(fields)) return details;
  return { ...(details as object), fields: localizedProblems(fields, language) };
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
 * Errors Fastify's router raises before any route or hook skip the error handler, so Fastify's constructor takes
 * this (`frameworkErrors`) to answer them from the catalogue. Undecodable paths do not get here (not-found.ts).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') return send(request, reply, 'request.invalidUrl', 400);
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return send(request, reply, codeForFrameworkStatus[status] ?? 'request.invalid', status, {
    details: { reason: error.message },
  });
}

/**
 * The one error handler: every error leaves as `{ code, message, details }` in the caller's language;
 * 5xx bodies never carry internals (those go to the log with the request id).
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = pickLanguage(request.headers['accept-language']);
    const domainError = hasZodFastifySchemaValidationErrors(error)
      ? validationError(
          error.validation.map((issue) =>
            fieldProblem(
              [error.validationContext ?? 'body', ...issue.instancePath.split('/').filter(Boolean)],
              issue.message ?? 'invalid',
              // fastify-type-provider-zod keeps the rest of the zod issue (its bounds, its params) here.
              issue.params,
            ),
          ),
        )
      : asDomainError(error);
    if (domainError instanceof DomainError) {
      if (domainError.status >= 500) request.log.error({ err: domainError }, 'dependency or internal failure');
      const { retryAfterSeconds, budget } = (domainError.details ?? {}) as {
        retryAfterSeconds?: number;
        budget?: RequestBudget;
      };
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
      if (budget) reply.headers(rateLimitHeaders(budget));
      return send(request, reply, domainError.code, domainError.status, {
        params: domainError.params,
        details: localized(domainError.details, language),
      });
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
