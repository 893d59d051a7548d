import type { Writable } from 'node:stream';
import { basePathOf, type ConfigurationKind } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { Config } from '@nq/platform/config/config';
import type { EntityLifecycle } from '@nq/platform/feature-manifest';
import { loggerOptions } from '@nq/platform/logging/log-output';
import type { Platform } from '@nq/platform/platform';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { features } from '../composition/features.ts';
import { identityOf } from '../features/identity/index.ts';
import { requireAccessRules } from './access/require-access-rules.ts';
import { authenticationPlugin } from './plugins/authentication.ts';
import { bodyParsersPlugin } from './plugins/body-parsers.ts';
import { consolePlugin } from './plugins/console.ts';
import { errorHandlerPlugin, frameworkErrors } from './plugins/error-handler.ts';
import { forbiddenTextPlugin } from './plugins/forbidden-text.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { maxPathLength, notFoundPlugin, rewriteRefusedPath } from './plugins/not-found.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { readableRequestLines } from './plugins/readable-request-lines.ts';
import { requestActorPlugin } from './plugins/request-actor.ts';
import { requestIdOptions } from './plugins/request-context.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { auditRoutes } from './routes/audit-routes.ts';
import { entityRoutes } from './routes/entity-routes.ts';
import { healthRoutes } from './routes/health.ts';
import { awaitReadModels } from './routes/read-your-writes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    identity: unknown;
  }
}

export interface ApiOptions {
  config: Config;
  platform: Platform;
  /** Tests pass false to keep their output quiet. */
  logger?: boolean;
  /** Where log entries go instead of the standard output (a test that reads them). */
  logStream?: Writable;
}

/** Plugins, then the platform's services, then the routes (the fastify/demo layering). */
export async function buildApi({ config, platform, logger = true, logStream }: ApiOptions): Promise<FastifyInstance> {
  const logging = loggerOptions(config);
  const app = Fastify({
    ...requestIdOptions,
    logger: logger ? { ...logging.options, ...(logStream ? { stream: logStream } : {}) } : false,
    // Readable logs say each request in one line (readableRequestLines) instead of two entries of JSON fields.
    logController: new LogController({ disableRequestLogging: logging.readable }),
    bodyLimit: 10 * 1024 * 1024,
    forceCloseConnections: true,
    rewriteUrl: rewriteRefusedPath,
    routerOptions: { maxParamLength: maxPathLength },
    frameworkErrors,
    trustProxy: config.http.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  if (logger && logging.readable) await app.register(readableRequestLines);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const { readStore, projector, entities } = platform;
  const identity = await identityOf(platform);

  app.decorate('identity', identity);
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, {
    corsOrigins: config.identity.corsOrigins,
    publicUrl: config.http.publicUrl,
  });
  // Before authentication: a browser opening a console page gets the console, whatever API path it shares.
  await app.register(consolePlugin, { consoleDir: config.consoleDir });
  await app.register(bodyParsersPlugin);
  await app.register(authenticationPlugin, {
    authenticate: identity.authenticate,
    authenticateProbe: identity.authenticateProbe,
  });
  await app.register(forbiddenTextPlugin);
  await app.register(openApiPlugin);
  await app.register(metricsPlugin, {
    registry: platform.metrics,
    ...(config.http.metricsToken ? { token: config.http.metricsToken } : {}),
    route: config.http.metricsPort === undefined,
  });
  await app.register(notFoundPlugin);
  await app.register(requestActorPlugin);
  await app.register(healthRoutes, { dependencies: platform.dependencies, profile: config.profile });

  // What follows a command on an entity, as the feature bringing it declares (a new user's invitation e-mail).
  const lifecycles: Partial<Record<ConfigurationKind, EntityLifecycle>> = Object.assign(
    {},
    ...(await Promise.all(features.map((feature) => feature.entityLifecycles?.(platform)))),
  );

  await app.register(async (api) => {
    requireAccessRules(api);
    for (const kind of entities.kinds) {
      const entity = entities.entity(kind);
      const service = entities.service(kind);
      const options = {
        readStore,
        collection: entity.collection,
        tag: entity.tag,
        visibility: entity.visibility,
        service,
        entityOf: (other: ConfigurationKind) => ({
          service: entities.service(other),
          visibility: entities.entity(other).visibility,
        }),
        readYourWrites: (position: string | undefined, kinds: readonly ConfigurationKind[]) =>
          awaitReadModels(
            projector,
            position,
            kinds.map((other) => entities.projection(other).name),
          ),
      };
      await api.register(entityRoutes, {
        prefix: basePathOf(kind),
        service,
        readStore,
        projector,
        projection: entities.projection(kind),
        tag: entity.tag,
        searchFields: entity.searchFields,
        defaultSort: entity.defaultSort,
        ...(entity.defaultPageSize ? { defaultPageSize: entity.defaultPageSize } : {}),
        access: entity.access,
        visibility: entity.visibility,
        secrets: platform.secrets,
        ...(entity.listFilters ? { listFilters: entity.listFilters } : {}),
        ...(entity.admitBody
          ? {
              admitBody: (viewer: Viewer, body: Record<string, unknown>, id?: string) =>
                entity.admitBody!(viewer, body, id, options.entityOf),
            }
          : {}),
        ...(entity.probesOf
          ? { probesOf: (viewer: Viewer, probeIds: string[]) => entity.probesOf!(viewer, probeIds, options.entityOf) }
          : {}),
        ...(lifecycles[kind] ? { after: lifecycles[kind] } : {}),
      });
      if (entity.routes)
        await api.register(
          async (scope) => {
            scope.addHook('onRoute', (route) => {
              route.config = { access: entity.access.read, ...route.config };
            });
            await scope.register(entity.routes!, options);
          },
          { prefix: basePathOf(kind) },
        );
    }
    // Each feature's own routes, as its manifest registers them.
    for (const feature of features) await feature.routes?.(api, platform);
    await api.register(auditRoutes, {
      prefix: '/api/audit',
      entities: entities.kinds.map((kind) => ({
        service: entities.service(kind),
        access: entities.entity(kind).access,
        visibility: entities.entity(kind).visibility,
      })),
    });
  });
  return app;
}
