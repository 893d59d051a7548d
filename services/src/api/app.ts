import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config/config.ts';
import { configurationEntities, configurationServices, projectionOf } from '../features/configuration.ts';
import type { Platform } from '../platform/platform.ts';
import { consolePlugin } from './plugins/console.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { notFoundPlugin } from './plugins/not-found.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { requestActorPlugin } from './plugins/request-actor.ts';
import { requestIdOptions } from './plugins/request-context.ts';
import { auditRoutes } from './routes/audit-routes.ts';
import { entityRoutes } from './routes/entity-routes.ts';
import { healthRoutes } from './routes/health.ts';

export interface ApiOptions {
  config: Config;
  platform: Platform;
  /** Tests pass false to keep their output quiet. */
  logger?: boolean;
}

/** Plugins, then the platform's services, then the routes (the fastify/demo layering). */
export async function buildApi({ config, platform, logger = true }: ApiOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...requestIdOptions,
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: 10 * 1024 * 1024,
    forceCloseConnections: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorHandlerPlugin);
  await app.register(openApiPlugin);
  await app.register(metricsPlugin, { registry: platform.metrics });
  await app.register(consolePlugin, { consoleDir: config.consoleDir });
  await app.register(notFoundPlugin);
  await app.register(requestActorPlugin);

  await app.register(healthRoutes, { dependencies: platform.dependencies, profile: config.profile });

  const { eventStore, readStore, projector } = platform;
  const services = configurationServices(eventStore, config.configuration);
  for (const [index, entity] of configurationEntities.entries()) {
    await app.register(entityRoutes, {
      prefix: entity.basePath,
      service: services[index]!,
      readStore,
      projector,
      projection: projectionOf(entity),
      tag: entity.tag,
      searchFields: entity.searchFields,
      defaultSort: entity.defaultSort,
      ...(entity.defaultPageSize ? { defaultPageSize: entity.defaultPageSize } : {}),
    });
    if (entity.routes)
      await app.register(entity.routes, {
        prefix: entity.basePath,
        readStore,
        collection: entity.collection,
        tag: entity.tag,
      });
  }
  await app.register(auditRoutes, { prefix: '/api/audit', services });
  return app;
}
