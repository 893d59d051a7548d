import { DomainError, jsonTextMayHoldForbidden } from '@nq/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonNestsDeeperThan } from './json-nesting.ts';

/** Objects and arrays nested deeper than this are refused before parsing; no body the API takes comes near it. */
export const maxJsonDepth = 64;

const utf8 = new TextDecoder('utf-8', { fatal: true });

declare module 'fastify' {
  interface FastifyRequest {
    /** False when the JSON body's text cannot decode to forbidden characters: its value needs no walk for them. */
    bodyMayHoldForbiddenText: boolean;
  }
}

/**
 * The body parsers of the API. Each keeps the bytes as received (`rawBody`), which a request's signature covers. A
 * JSON body must be UTF-8 (`request.invalidEncoding`: a lenient decoding would store U+FFFD in place of what was
 * meant) and nest at most `maxJsonDepth` levels (`request.tooDeeplyNested`), both checked before it is parsed.
 * A CSV body is decoded leniently: its reader refuses the replacement characters as a file it cannot read.
 */
export const bodyParsersPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('bodyMayHoldForbiddenText', true);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    request.rawBody = body as Buffer;
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new DomainError('request.invalidEncoding'), undefined);
      return;
    }
    if (jsonNestsDeeperThan(text, maxJsonDepth)) {
      done(new DomainError('request.tooDeeplyNested', { params: { max: maxJsonDepth } }), undefined);
      return;
    }
    request.bodyMayHoldForbiddenText = jsonTextMayHoldForbidden(text);
    parseJson(request, text, done);
  });
  app.addContentTypeParser('text/csv', { parseAs: 'buffer' }, (request, body, done) => {
    request.rawBody = body as Buffer;
    done(null, (body as Buffer).toString('utf8'));
  });
});
