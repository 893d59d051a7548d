import { type ProbeMembership, pickLanguage, probeStatusRowSchema, translate } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { Visibility } from '@nq/platform/access/visibility';
import { csvDocument } from '@nq/platform/csv/csv-writer';
import { layerAccess } from '@nq/platform/http/access-rule';
import { readAll } from '@nq/platform/read-store/read-all';
import type { ReadDocument, ReadStore } from '@nq/platform/read-store/read-store-port';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { membersAsOf } from '../clusters/index.ts';
import type { ProbeSight } from '../probes/index.ts';
import { statusRowOf } from './status-answers.ts';
import { type ProbeWithStatus, visibleProbes as visibleProbesOf } from './visible-probes.ts';

export interface ProbeStatusRouteOptions {
  readStore: ReadStore;
  /** The probes each profile sees. */
  probes: ProbeSight;
  clusterVisibility: Visibility;
}

const HOUR_MS = 3_600_000;
const TWO_YEARS_MS = 2 * 365 * 24 * HOUR_MS;
/** Probe, universe and campaign look-ups go in chunks of 50 (docs/product/limits.md#samples-and-pages). */
export const CHUNK = 50;

const warningSchema = z.object({ code: z.string(), message: z.string() });

/** Where a probe is: its fixed position, else where it last reported from. */
const positionOf = (probe: ReadDocument, status: ReadDocument | undefined) => {
  if (typeof probe.latitude === 'number' && typeof probe.longitude === 'number')
    return [probe.longitude, probe.latitude];
  const location = status?.location as { lat: number; lon: number } | undefined;
  return location ? [location.lon, location.lat] : undefined;
};

/**
 * Probe status and probe maps: each visible probe with its last report, the idle-devices counter
 * (docs/product/limits.md#times), the probes as GeoJSON (those without coordinates listed with the catalogue's
 * warning) and the active probes of a
 * campaign or universe in chunks of 50.
 */
export const probeStatusRoutes: FastifyPluginAsyncZod<ProbeStatusRouteOptions> = async (app, options) => {
  const { readStore, probes, clusterVisibility } = options;

  const visibleProbes = (viewer: Viewer) => visibleProbesOf(readStore, probes, viewer);

  const statusAccess = { access: layerAccess(['tools/probes_status', 'probes-map', 'probes_configuration']) };

  app.get(
    '/probes/status',
    {
      config: statusAccess,
      schema: {
        tags: ['Probe status'],
        summary: 'Each probe the caller sees with its last report (JSON, or CSV with format=csv)',
        querystring: z.object({ format: z.enum(['json', 'csv']).default('json') }),
        response: { 200: z.union([z.object({ list: z.array(probeStatusRowSchema), count: z.number() }), z.string()]) },
      },
    },
    async (request, reply) => {
      const rows = (await visibleProbes(request.viewer)).map(statusRowOf);
      if (request.query.format === 'json') return { list: rows, count: rows.length };
      const csv = csvDocument(Object.keys(probeStatusRowSchema.shape), rows);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="probes-status.csv"')
        .send(csv);
    },
  );

  app.get(
    '/probes/status/counter',
    {
      config: statusAccess,
      schema: {
        tags: ['Probe status'],
        summary: 'Home (landline) devices idle for the last hour, not counting those silent for over 2 years',
        response: { 200: z.object({ idle: z.number().int(), total: z.number().int(), at: z.string() }) },
      },
    },
    async (request) => {
      const now = Date.now();
      const home = (await visibleProbes(request.viewer)).filter(({ probe }) => probe.type === 'landline');
      const idle = home.filter(({ status }) => {
        const last = status?.lastReportAt ? Date.parse(String(status.lastReportAt)) : undefined;
        return last !== undefined && now - last > HOUR_MS && now - last <= TWO_YEARS_MS;
      });
      return { idle: idle.length, total: home.length, at: new Date(now).toISOString() };
    },
  );

  // The alerts map places each group at its probes.
  const mapAccess = { access: layerAccess(['probes-map', 'maps', 'tools/probes_status', 'alerts']) };
  const featureCollection = z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(z.looseObject({ type: z.literal('Feature') })),
    withoutCoordinates: z.array(z.string()),
    warnings: z.array(warningSchema),
  });

  function geoJson(
    entries: ProbeWithStatus[],
    language: 'en' | 'es',
    extra: (probeId: string) => Record<string, unknown> = () => ({}),
  ) {
    const features = [];
    const withoutCoordinates: string[] = [];
    for (const entry of entries) {
      const coordinates = positionOf(entry.probe, entry.status);
      if (!coordinates) withoutCoordinates.push(entry.probe.id);
      else
        features.push({
          type: 'Feature' as const,
          geometry: { type: 'Point', coordinates },
          properties: { ...statusRowOf(entry), ...extra(entry.probe.id) },
        });
    }
    const warnings = withoutCoordinates.length
      ? [{ code: 'probes.noCoordinates', message: translate('probes.noCoordinates', language) }]
      : [];
    return { type: 'FeatureCollection' as const, features, withoutCoordinates, warnings };
  }

  app.get(
    '/api/probes/map',
    {
      config: mapAccess,
      schema: {
        tags: ['Probe maps'],
        summary: 'The probes the caller sees, as GeoJSON points',
        response: { 200: featureCollection },
      },
    },
    async (request) => geoJson(await visibleProbes(request.viewer), pickLanguage(request.headers['accept-language'])),
  );

  app.get(
    '/api/clusters/probes/map',
    {
      config: mapAccess,
      schema: {
        tags: ['Probe maps'],
        summary:
          'The probes that belong now to the clusters the caller sees (or to the ones named), with their clusters',
        querystring: z.object({ clusterIds: z.string().optional().describe('Comma-separated cluster ids') }),
        response: { 200: featureCollection },
      },
    },
    async (request) => {
      const wanted = request.query.clusterIds?.split(',').filter(Boolean);
      const clusters = await readAll(readStore, 'clusters', [
        ...(wanted ? [{ field: 'id', in: wanted }] : []),
        ...clusterVisibility.listFilters(request.viewer),
      ]);
      const now = new Date();
      const clustersOf = new Map<string, string[]>();
      for (const cluster of clusters)
        for (const probeId of membersAsOf((cluster.probes as ProbeMembership[] | undefined) ?? [], now))
          clustersOf.set(probeId, [...(clustersOf.get(probeId) ?? []), cluster.id]);
      const entries = (await visibleProbes(request.viewer)).filter(({ probe }) => clustersOf.has(probe.id));
      return geoJson(entries, pickLanguage(request.headers['accept-language']), (probeId) => ({
        clusters: clustersOf.get(probeId),
      }));
    },
  );

  const activesAccess = {
    access: layerAccess([
      'probes-map',
      'maps',
      'evolution',
      'benchmark',
      'measurementLauncher',
      'tools/probes_status',
      'alerts',
    ]),
  };
  const chunk = z.object({
    list: z.array(probeStatusRowSchema),
    count: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
  const pageOf = <T>(items: T[], page: number) => items.slice((page - 1) * CHUNK, page * CHUNK);

  app.get(
    '/probes/actives/bycampaign',
    {
      config: activesAccess,
      schema: {
        tags: ['Probe status'],
        summary: 'The available probes of a campaign, 50 per page',
        querystring: z.object({ campaignId: z.string().min(1), page: z.coerce.number().int().min(1).default(1) }),
        response: { 200: chunk },
      },
    },
    async (request) => {
      const active = (await visibleProbes(request.viewer)).filter(
        ({ probe }) => probe.campaign === request.query.campaignId && probe.status !== 'Not available',
      );
      return {
        list: pageOf(active, request.query.page).map(statusRowOf),
        count: active.length,
        page: request.query.page,
        pageSize: CHUNK,
      };
    },
  );

  app.get(
    '/probes/actives/byuniverse',
    {
      config: activesAccess,
      schema: {
        tags: ['Probe status'],
        summary: 'The probes that belong now to a universe, 50 per page',
        querystring: z.object({ universeId: z.string().min(1), page: z.coerce.number().int().min(1).default(1) }),
        response: { 200: chunk },
      },
    },
    async (request) => {
      const universe = await readStore.get('universes', request.query.universeId);
      const members = new Set(membersAsOf((universe?.probes as ProbeMembership[] | undefined) ?? [], new Date()));
      const active = (await visibleProbes(request.viewer)).filter(({ probe }) => members.has(probe.id));
      return {
        list: pageOf(active, request.query.page).map(statusRowOf),
        count: active.length,
        page: request.query.page,
        pageSize: CHUNK,
      };
    },
  );
};
