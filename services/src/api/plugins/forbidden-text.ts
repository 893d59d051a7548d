import { pathOfForbiddenText } from '@nq/contracts';
import { invalidCharactersProblem, validationError } from '@nq/platform/entities/validation-error';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route refuses forbidden characters in its body itself, naming the batch item or CSV cell holding them. */
    checksOwnBodyText?: true;
  }
}

/**
 * One rule for every text the API takes: path parameters, query strings and bodies (names, searches, filters, free-form
 * settings, keys included) holding NUL or a lone surrogate are refused with `validation.invalidCharacters` (400)
 * naming the field, before any route reads them.
 */
export const forbiddenTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const parts: [string, unknown][] = [
      ['params', request.params],
      ['querystring', request.query],
      ...(request.routeOptions.config.checksOwnBodyText || !request.bodyMayHoldForbiddenText
        ? []
        : [['body', request.body] as [string, unknown]]),
    ];
    for (const [location, value] of parts) {
      const path = pathOfForbiddenText(value);
      if (path) throw validationError([invalidCharactersProblem(path, [location])]);
    }
  });
});
