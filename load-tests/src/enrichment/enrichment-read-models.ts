import {
  type CampaignFields,
  campaignFieldsSchema,
  clusterFieldsSchema,
  type EntityState,
  probeFieldsSchema,
  profileFieldsSchema,
  providerFieldsSchema,
  universeFieldsSchema,
} from '@nq/contracts';
import type { ReadDocument, ReadStore } from '@nq/platform/read-store/read-store-port';
import {
  campaignPolygonsProjection,
  configurationProjectionName,
  entityDocument,
  type PolygonHistoryDocument,
} from '@nq/projections';
import type { z } from 'zod';
import { membershipOf, type PanelGroup } from '../panel/panel-groups.ts';
import type { Panel } from '../panel/panel-model.ts';
import type { PanelProbe } from '../panel/panel-probes.ts';
import { spainProvinces } from '../panel/spain-provinces.ts';

/** When the panel was made: every document's creation, and the first polygon of each campaign. */
const createdAt = '2026-01-01T00:00:00.000Z';
/** The profile that made every entity, as `nq admin create` would: enrichment takes its time zone for the probes. */
const administratorProfile = 'panel-administrator';
/** Documents a write: a projector writes a batch of events' documents in one transaction. */
const documentsPerWrite = 2_000;

/** A configuration entity's read-model document as the projector leaves it after its creation. */
const documentOf = (id: string, fields: Record<string, unknown>): ReadDocument =>
  entityDocument({
    status: 'active',
    id,
    fields,
    owner: administratorProfile,
    createdAt,
    updatedAt: createdAt,
    version: 1,
  } satisfies EntityState);

async function writeDocuments(readStore: ReadStore, projection: string, collection: string, docs: ReadDocument[]) {
  for (let first = 0; first < docs.length; first += documentsPerWrite)
    await readStore.write(
      projection,
      collection,
      docs.slice(first, first + documentsPerWrite).map((doc) => ({ id: doc.id, doc, version: 1n })),
    );
}

const writeEntities = (readStore: ReadStore, collection: string, docs: ReadDocument[]) =>
  writeDocuments(readStore, configurationProjectionName(collection), collection, docs);

/** The probe's fields as the CSV import stores them (the panel's columns, the schema's defaults). */
const probeFields = (probe: PanelProbe) =>
  probeFieldsSchema.parse({
    probeId: probe.probeId,
    name: probe.name,
    family: probe.kind.family,
    type: probe.kind.type,
    deployment: 'Production',
    country: 'Spain',
    region: probe.province.name,
    town: probe.province.name,
    postCode: probe.postCode,
    latitude: probe.lat,
    longitude: probe.lon,
    timeZone: probe.province.timeZone,
  });

const groupDocuments = <Schema extends z.ZodType>(prefix: string, schema: Schema, groups: readonly PanelGroup[]) =>
  groups.map(({ members, ...group }, index) =>
    documentOf(
      `${prefix}-${String(index + 1).padStart(4, '0')}`,
      schema.parse({ ...group, probes: members.map(membershipOf) }) as Record<string, unknown>,
    ),
  );

/**
 * The read models enrichment reads of a fleet, as the projector writes them: the administrator's profile, the
 * operators as providers (IMSI prefixes, IP ranges), every probe, the clusters and universes with their members.
 */
export async function writeFleetReadModels(readStore: ReadStore, panel: Panel) {
  await writeEntities(readStore, 'profiles', [
    documentOf(
      administratorProfile,
      profileFieldsSchema.parse({ name: 'Panel administrator', rol: 'admin', timeZone: 'Europe/Madrid' }),
    ),
  ]);
  await writeEntities(
    readStore,
    'providers',
    panel.providers.map((provider, index) => documentOf(`provider-${index + 1}`, providerFieldsSchema.parse(provider))),
  );
  // Parsed and written a slice at a time: the whole fleet's documents are never held at once.
  for (let first = 0; first < panel.probes.length; first += documentsPerWrite)
    await writeEntities(
      readStore,
      'probes',
      panel.probes
        .slice(first, first + documentsPerWrite)
        .map((probe) => documentOf(probe.probeId, probeFields(probe))),
    );
  const { large, small, provincial } = panel.clusters;
  await writeEntities(
    readStore,
    'clusters',
    groupDocuments('cluster', clusterFieldsSchema, [large, small, ...provincial]),
  );
  await writeEntities(readStore, 'universes', groupDocuments('universe', universeFieldsSchema, panel.universes));
}

/**
 * `count` campaign areas of `vertices` vertices each, spread over the provinces in turn: an irregular outline (two
 * waves and some noise on a circle) of a radius a tenth to a half of the province's spread (the panel's urban hexagon
 * has a half), around a point near its capital, where most of its probes stand. The panel's own campaigns are
 * rectangles and hexagons; an area an operator draws or uploads (a town, a district) has hundreds of vertices.
 */
export function campaignAreas(count: number, vertices: number, random: () => number): CampaignFields[] {
  return Array.from({ length: count }, (_, index) => {
    const province = spainProvinces[index % spainProvinces.length]!;
    const centre = {
      lon: province.lon + (random() - 0.5) * province.spread,
      lat: province.lat + (random() - 0.5) * province.spread,
    };
    const radius = province.spread * (0.1 + 0.4 * random());
    const [phase3, phase7] = [random() * 2 * Math.PI, random() * 2 * Math.PI];
    const outline = Array.from({ length: vertices }, (_, vertex): [number, number] => {
      const angle = (2 * Math.PI * vertex) / vertices;
      const reach =
        radius * (1 + 0.15 * Math.sin(3 * angle + phase3) + 0.1 * Math.sin(7 * angle + phase7) + 0.04 * random());
      return [
        Number((centre.lon + reach * Math.cos(angle)).toFixed(5)),
        Number((centre.lat + reach * Math.sin(angle)).toFixed(5)),
      ];
    });
    return campaignFieldsSchema.parse({
      name: `${province.name} area ${Math.floor(index / spainProvinces.length) + 1}`,
      startDate: '2026-01-01T00:00:00Z',
      endDate: '2030-12-31T23:59:59Z',
      polygon: { type: 'Polygon', coordinates: [[...outline, outline[0]!]] },
    });
  });
}

export const campaignIdOf = (index: number) => `campaign-${String(index + 1).padStart(5, '0')}`;

/**
 * The campaigns as their two read models hold them: the campaign's document (its current polygon among its fields) and
 * its polygon history (the one version it was created with), which is where enrichment takes the rings from.
 */
export async function writeCampaigns(readStore: ReadStore, campaigns: readonly CampaignFields[], firstIndex: number) {
  const ids = campaigns.map((_, index) => campaignIdOf(firstIndex + index));
  await writeEntities(
    readStore,
    'campaigns',
    campaigns.map((campaign, index) => documentOf(ids[index]!, campaign)),
  );
  await writeDocuments(
    readStore,
    campaignPolygonsProjection.name,
    campaignPolygonsProjection.collection,
    campaigns.map(
      (campaign, index): PolygonHistoryDocument => ({
        id: ids[index]!,
        polygonVersions: [{ from: createdAt, rings: campaign.polygon?.coordinates as [number, number][][] }],
      }),
    ),
  );
}
