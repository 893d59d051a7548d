import type { ConfigurationKind } from '@nq/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Platform } from '../platform/platform.ts';
// biome-ignore lint/style/noRestrictedImports: in the alerts entry the backtest routes would close a cycle: they use analytics, whose measurement names read configuration.ts, which reads the alert entity
import { alertBacktestRoutes } from './alerts/alert-backtest.routes.ts';
import { alertHistoryRoutes, openAlertingStore } from './alerts/index.ts';
import { configurationNarrowingNamer, configurationSeriesLabeller, graphicRoutes } from './analytics/index.ts';
import { changeMarkerFinder, changeMarkerRoutes } from './change-markers/index.ts';
import { configurationEntities, type configurationServices, projectionOf } from './configuration.ts';
import { csvExtractionRoutes } from './csv-extraction/index.ts';
import { csvTemplateRoutes } from './csv-templates/index.ts';
import { analyticsFor, cubeRoutes } from './cubes/index.ts';
import { downloadLinks, fileRecords, filesRoutes } from './files/index.ts';
import { gatewayRoutes, probeCredentialRoutes } from './gateway/index.ts';
import type { Identity } from './identity/index.ts';
import { launcherRoutes, openLaunchStore, probeCommandRoutes } from './launcher/index.ts';
import { measurementsApiRoutes } from './measurements-api/index.ts';
import { monthlyDataRoutes } from './monthly-data/index.ts';
// biome-ignore lint/style/noRestrictedImports: in the personal-dashboards entry the routes would close a cycle: their send job reads configuration.ts, which reads the entity
import { personalDashboardRoutes } from './personal-dashboards/personal-dashboard.routes.ts';
import { probeStatusRoutes } from './probe-status/index.ts';
import { probeSight } from './probes/index.ts';
import { openPushSubscriptions, pushRoutes, vapidKeys } from './push/index.ts';
import { scorecardReportRoutes } from './reports/index.ts';
import { scorecardCalculationRoutes } from './scorecards/index.ts';
import { smartPerformanceRoutes } from './smart-performance/index.ts';
import { storyboardRoutes } from './storyboard/index.ts';
import { type AssignableProfiles, userProfileRoutes } from './users/index.ts';

/** What the features' routes are built from: the platform, the configuration services and identity. */
export interface FeatureRouteContext {
  config: Config;
  platform: Platform;
  services: ReturnType<typeof configurationServices>;
  identity: Identity;
  assignable: AssignableProfiles;
}

/**
 * The features' routes beside the configuration entities' (which the API serves from their registry): a feature
 * adds its routes here, as it adds its workers and jobs to platformRuns, and the composition root stays as it is.
 */
export async function registerFeatureRoutes(api: FastifyInstance, context: FeatureRouteContext) {
  const { config, platform, services, identity, assignable } = context;
  const { eventStore, readStore, projector } = platform;
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
  const analytics = analyticsFor(platform);
  const probes = probeSight({ engine: analytics, readStore, configured: probeEntry.visibility });
  await api.register(probeStatusRoutes, {
    readStore,
    probes,
    clusterVisibility: configurationEntities.cluster.visibility,
  });
  const labels = configurationSeriesLabeller(readStore);
  await api.register(graphicRoutes, { engine: analytics, labels });
  const narrowing = configurationNarrowingNamer(readStore);
  await api.register(scorecardCalculationRoutes, {
    engine: analytics,
    scorecards: services.scorecard,
    labels,
    narrowing,
  });
  await api.register(scorecardReportRoutes, { files: fileRecords(platform), scorecards: services.scorecard });
  await api.register(monthlyDataRoutes, { files: fileRecords(platform) });
  await api.register(smartPerformanceRoutes, { engine: analytics, labels });
  await api.register(measurementsApiRoutes, {
    engine: analytics,
    labels,
    measurements: platform.measurements,
    readStore,
    probes,
    mapSampleLimit: config.maps.sampleLimit,
  });
  await api.register(csvTemplateRoutes, {
    templates: services['csv-template'],
    profiles: services.profile,
    readStore,
    projector,
    projection: projectionOf(configurationEntities['csv-template']),
  });
  await api.register(csvExtractionRoutes, {
    files: fileRecords(platform),
    readStore,
    templates: services['csv-template'],
    profiles: services.profile,
  });
  const changeMarkers = changeMarkerFinder({
    eventStore,
    entityOf: (kind) => ({
      service: services[kind],
      visibility: configurationEntities[kind].visibility,
      access: configurationEntities[kind].access,
    }),
  });
  await api.register(changeMarkerRoutes, { changeMarkers });
  await api.register(storyboardRoutes, {
    engine: analytics,
    scorecards: services.scorecard,
    readStore,
    probes,
    campaignVisibility: configurationEntities.campaign.visibility,
    clusterVisibility: configurationEntities.cluster.visibility,
  });
  await api.register(alertBacktestRoutes, {
    prefix: '/api/alert-config',
    engine: analytics,
    readStore,
    entityOf: (kind: ConfigurationKind) => ({
      service: services[kind],
      visibility: configurationEntities[kind].visibility,
    }),
  });
  await api.register(alertHistoryRoutes, {
    prefix: '/api/alert-history',
    history: await openAlertingStore(platform.sql),
  });
  await api.register(personalDashboardRoutes, {
    prefix: '/dashboards/personal',
    dashboards: services['personal-dashboard'],
    readStore,
    collection: configurationEntities['personal-dashboard'].collection,
    files: fileRecords(platform),
    mailOutbox: platform.mailOutbox,
    publicUrl: config.http.publicUrl,
  });
  await api.register(cubeRoutes, { platform });
  await api.register(filesRoutes, {
    prefix: '/files-management',
    records: fileRecords(platform),
    store: platform.files,
    links: downloadLinks(platform.secretKey),
  });
  await api.register(pushRoutes, {
    prefix: '/api/push',
    subscriptions: await openPushSubscriptions(platform.sql),
    publicKey: (await vapidKeys(platform.sql, config.push.vapidKeys)).publicKey,
    allowPrivateEndpoints: config.push.allowPrivateEndpoints,
  });
}
