import { basePathOf, type ConfigurationKind } from '@nq/contracts';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config/config.ts';
import { analyticsFor } from '../features/analytics/analytics-for-store.ts';
import { graphicRoutes } from '../features/analytics/graphic.routes.ts';
import { seriesLabeller } from '../features/analytics/series-labels.ts';
import {
  configurationEntities,
  configurationKindList,
  configurationServices,
  projectionOf,
} from '../features/configuration.ts';
import { gatewayRoutes } from '../features/gateway/gateway.routes.ts';
import { probeCredentialRoutes } from '../features/gateway/probe-credentials.routes.ts';
import { accountRoutes } from '../features/identity/account.routes.ts';
import { openIdentity } from '../features/identity/open-identity.ts';
import { tokenRoutes } from '../features/identity/token.routes.ts';
import type { Viewer } from '../features/identity/viewer.ts';
import { openLaunchStore } from '../features/launcher/launch-store.ts';
import { launcherRoutes } from '../features/launcher/launcher.routes.ts';
import { probeCommandRoutes } from '../features/launcher/probe-commands.routes.ts';
import { measurementsApiRoutes } from '../features/measurements-api/routes.ts';
import { probeStatusRoutes } from '../features/probe-status/probe-status.routes.ts';
import { currentProfileRoutes } from '../features/profiles/current-profile.routes.ts';
import { scorecardCalculationRoutes } from '../features/scorecards/scorecard-calculation.routes.ts';
import { assignableProfiles } from '../features/users/assignable-profiles.ts';
import { userProfileRoutes } from '../features/users/user-profiles.routes.ts';
import { loggerOptions } from '../platform/logging/log-output.ts';
import type { Platform } from '../platform/platform.ts';
import { requireAccessRules } from './access/require-access-rules.ts';
import { authenticationPlugin } from './plugins/authentication.ts';
import { bodyParsersPlugin } from './plugins/body-parsers.ts';
import { consolePlugin } from './plugins/console.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { forbiddenTextPlugin } from './plugins/forbidden-text.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { notFoundPlugin } from './plugins/not-found.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { readableRequestLines } from './plugins/readable-request-lines.ts';
import { requestActorPlugin } from './plugins/request-actor.ts';
import { requestIdOptions } from './plugins/request-context.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { auditRoutes } from './routes/audit-routes.ts';
import { entityRoutes } from './routes/entity-routes.ts';
import { healthRoutes } from './routes/health.ts';

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
}

/** Plugins, then the platform's services, then the routes (the fastify/demo layering). */
export async function buildApi({ config, platform, logger = true }: ApiOptions): Promise<FastifyInstance> {
  const logging = loggerOptions(config);
  const app = Fastify({
    ...requestIdOptions,
    logger: logger ? logging.options : false,
    // Readable logs say each request in one line (readableRequestLines) instead of two entries of JSON fields.
    logController: new LogController({ disableRequestLogging: logging.readable }),
    bodyLimit: 10 * 1024 * 1024,
    forceCloseConnections: true,
    trustProxy: config.http.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  if (logger && logging.readable) await app.register(readableRequestLines);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const { eventStore, readStore, projector, ephemeral } = platform;
  const services = configurationServices(eventStore, config.configuration, platform.secrets.seal);
  const identity = await openIdentity({ config, platform, users: services.user, profiles: services.profile });

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
  await app.register(metricsPlugin, { registry: platform.metrics });
  await app.register(notFoundPlugin);
  await app.register(requestActorPlugin);
  await app.register(healthRoutes, { dependencies: platform.dependencies, profile: config.profile });

  const assignable = assignableProfiles(services.profile, services.user);
  const probeVisibility = configurationEntities.probe.visibility;
  /**
   * Spec §5: the probes a profile may put in its clusters and universes are those it sees (owned or granted), read
   * from their streams so that a probe created a moment ago counts.
   */
  const visibleProbeIds = async (viewer: Viewer, probeIds: string[]) => {
    if (viewer.profile.isGod) return undefined;
    const probes = await Promise.all(probeIds.map((id) => services.probe.load(id)));
    return probeIds.filter((id, index) => {
      const { state } = probes[index]!;
      return state.status === 'active' && probeVisibility.sees(viewer, { ...state.fields, id, owner: state.owner });
    });
  };

  await app.register(async (api) => {
    requireAccessRules(api);
    await api.register(accountRoutes, {
      identity: identity.service,
      ephemeral,
      ratePerMinute: config.identity.login.ratePerMinute,
    });
    await api.register(currentProfileRoutes, { identity: identity.service, profiles: services.profile, readStore });
    await api.register(tokenRoutes, { identity: identity.service });
    for (const kind of configurationKindList) {
      const entity = configurationEntities[kind];
      const service = services[kind];
      const options = {
        readStore,
        collection: entity.collection,
        tag: entity.tag,
        visibility: entity.visibility,
        service,
        entityOf: (other: ConfigurationKind) => ({
          service: services[other],
          visibility: configurationEntities[other].visibility,
        }),
      };
      await api.register(entityRoutes, {
        prefix: basePathOf(kind),
        service,
        readStore,
        projector,
        projection: projectionOf(entity),
        tag: entity.tag,
        searchFields: entity.searchFields,
        defaultSort: entity.defaultSort,
        ...(entity.defaultPageSize ? { defaultPageSize: entity.defaultPageSize } : {}),
        access: entity.access,
        visibility: entity.visibility,
        secrets: platform.secrets,
        ...(kind === 'user'
          ? {
              after: identity.userLifecycle,
              admitBody: (viewer: Viewer, body: Record<string, unknown>, id?: string) =>
                assignable.admit(viewer, body.profiles as string[] | undefined, id),
            }
          : {}),
        ...(kind === 'cluster' || kind === 'universe' ? { probesOf: visibleProbeIds } : {}),
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
    await api.register(userProfileRoutes, {
      prefix: '/users',
      assignable,
      identity: identity.service,
      users: services.user,
      readStore,
      visibility: configurationEntities.user.visibility,
    });
    const probeEntry = configurationEntities.probe;
    await api.register(probeCredentialRoutes, {
      prefix: '/probes',
      identity: identity.service,
      probes: services.probe,
      visibility: probeEntry.visibility,
    });
    await api.register(gatewayRoutes, {
      prefix: '/gateway/v1',
      probes: services.probe,
      taskSuites: services['task-suite'],
      log: platform.log,
      topics: platform.topics,
      secrets: platform.secrets,
    });
    const launches = await openLaunchStore(platform.sql, config.launcher);
    await api.register(probeCommandRoutes, {
      prefix: '/gateway/v1',
      launches,
      log: platform.log,
      topics: platform.topics,
    });
    await api.register(launcherRoutes, {
      prefix: '/api/launches',
      launches,
      probes: services.probe,
      probeVisibility: probeEntry.visibility,
      log: platform.log,
      topics: platform.topics,
    });
    await api.register(probeStatusRoutes, {
      readStore,
      probeVisibility: probeEntry.visibility,
      clusterVisibility: configurationEntities.cluster.visibility,
    });
    const analytics = analyticsFor(platform.measurements, platform.sql);
    // The breakdowns whose values are configuration entity ids (an ISP may be a provider's), named in every graphic.
    const named = (kind: ConfigurationKind) => {
      const { collection, visibility } = configurationEntities[kind];
      return { collection, visibility };
    };
    const labels = seriesLabeller(readStore, {
      campaign: named('campaign'),
      cluster: named('cluster'),
      universe: named('universe'),
      probe: named('probe'),
      tag: named('tag'),
      provider: named('provider'),
      isp: named('provider'),
    });
    await api.register(graphicRoutes, { engine: analytics, labels });
    await api.register(scorecardCalculationRoutes, { engine: analytics, scorecards: services.scorecard, labels });
    await api.register(measurementsApiRoutes, {
      engine: analytics,
      labels,
      measurements: platform.measurements,
      readStore,
      probeVisibility: probeEntry.visibility,
      mapSampleLimit: config.maps.sampleLimit,
    });
    await api.register(auditRoutes, {
      prefix: '/api/audit',
      entities: configurationKindList.map((kind) => ({
        service: services[kind],
        access: configurationEntities[kind].access,
        visibility: configurationEntities[kind].visibility,
      })),
    });
  });
  return app;
}
