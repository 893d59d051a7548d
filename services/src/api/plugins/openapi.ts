import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { describeAccess } from '@nq/platform/http/access-rule';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { type OpenApiDocument, withOperationIds } from './operation-ids.ts';
import { requestInterceptor, serveTryItOutModules, tryItOutLoader, withTryItOutScheme } from './try-it-out-page.ts';

export const apiInfo = {
  title: 'Network-quality platform API',
  description:
    'Configuration (event-sourced), measurements and analytics. Every error answers `{ code, message, details }` ' +
    'with a code from the error catalogue; `Accept-Language: es` gives Spanish messages.',
  version: '0.1.0',
};

/** The OpenAPI 3 document is generated from the routes' zod schemas; /docs serves Swagger UI over it. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: apiInfo,
      servers: [],
      components: {
        securitySchemes: {
          signature: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              'NQ-HMAC-SHA256 Credential=<clientId>, Timestamp=<ms>, Nonce=<random>, Signature=<base64url HMAC-SHA256 ' +
              'of method, path, canonical query, timestamp, nonce and body SHA-256> (contracts/src/identity/request-signing.ts)',
          },
        },
      },
    },
    // Each operation states who may call it: `x-access` and, unless public, the signature security scheme.
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      if (!access) return transformed;
      const security = 'public' in access ? [] : [{ signature: [] }];
      return { ...transformed, schema: { ...transformed.schema, security, 'x-access': describeAccess(access) } };
    },
    // Every operation named (operation-ids.ts): the calls of a client generated from the document.
    transformObject: (input) => withOperationIds(jsonSchemaTransformObject(input) as OpenApiDocument),
  });
  // "Try it out" signs its requests in the page with the client id and secret given to Authorize (try-it-out.ts).
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { requestInterceptor } as Record<string, unknown>,
    theme: { js: [{ filename: 'try-it-out.js', content: tryItOutLoader }] },
    transformSpecification: (document) => withTryItOutScheme(document as Parameters<typeof withTryItOutScheme>[0]),
    transformSpecificationClone: false,
  });
  serveTryItOutModules(app);
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
