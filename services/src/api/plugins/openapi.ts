import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

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
    openapi: { openapi: '3.1.0', info: apiInfo, servers: [] },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
