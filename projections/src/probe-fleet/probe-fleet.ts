import { entityEventKindOf } from '@nq/contracts';
import type { DocumentProjection, ProjectedDocument } from '@nq/platform/read-store/document-projection';
import { geoPointField } from '@nq/platform/read-store/read-store-aggregations';
import { type EntityEventSource, entityEvents } from '../configuration/configuration-entities.ts';

/**
 * The fleet read model: one document per configured probe with what the fleet's screens filter, sort, count and map
 * by — its configuration's part and its last report's — so that the store answers them (pages, counts, map tiles)
 * without joining two collections. The projection keeps the configuration's part; the probe status worker amends the
 * report's part in place (ReadStore.amend).
 */
export const probeFleetCollection = 'probe-fleet';
export const probeFleetProjectionName = 'probe-fleet';

/** What the fleet reads of a probe's configuration. */
const configuredFields = ['name', 'type', 'status', 'campaign', 'latitude', 'longitude'] as const;
/** What it reads of the probe's last report. */
const reportFields = ['state', 'lastReportAt', 'technology', 'operator', 'battery', 'location'] as const;

type Part = Record<string, unknown>;

const pick = (source: Part | null | undefined, fields: readonly string[]): Part =>
  Object.fromEntries(
    fields.flatMap((field) =>
      source?.[field] === undefined || source[field] === null ? [] : [[field, source[field]]],
    ),
  );

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Where a probe is: its fixed position, else where it last reported from. */
function positionOf(configured: Part, report: Part) {
  if (isNumber(configured.latitude) && isNumber(configured.longitude))
    return { lat: configured.latitude, lon: configured.longitude };
  const location = report.location as { lat?: unknown; lon?: unknown } | undefined;
  return location && isNumber(location.lat) && isNumber(location.lon)
    ? { lat: location.lat, lon: location.lon }
    : undefined;
}

/**
 * A probe's fleet document from its two parts, with what is derived from both: whether it reported (and when, in ms,
 * to count by time), the state the map shows (reported, else configured), and its place.
 */
export function fleetDocument(id: string, configuredPart: Part, reportPart: Part): ProjectedDocument {
  const configured = pick(configuredPart, configuredFields);
  const report = pick(reportPart, reportFields);
  const reportedAt = typeof report.lastReportAt === 'string' ? Date.parse(report.lastReportAt) : Number.NaN;
  const shownState = report.state ?? configured.status;
  const position = positionOf(configured, report);
  return {
    ...configured,
    ...report,
    id,
    reported: !Number.isNaN(reportedAt),
    ...(Number.isNaN(reportedAt) ? {} : { lastReportMs: reportedAt }),
    ...(typeof shownState === 'string' && shownState !== '' ? { shownState } : {}),
    located: position !== undefined,
    ...(position ? { [geoPointField]: position } : {}),
  };
}

export const configuredPartOf = (document: Part | null) => pick(document, configuredFields);
export const reportPartOf = (document: Part | null) => pick(document, reportFields);

/**
 * The document with this report as its last, or undefined when it holds one as new already (reports arrive out of
 * order, and are delivered again).
 */
export function withReport(document: ProjectedDocument, status: Part): ProjectedDocument | undefined {
  const reportedAt = Date.parse(String(status.lastReportAt));
  if (Number.isNaN(reportedAt) || (typeof document.lastReportMs === 'number' && document.lastReportMs >= reportedAt))
    return undefined;
  return fleetDocument(document.id, configuredPartOf(document), status);
}

/** The configuration's part of the fleet read model, following the probes' events; the report's part is kept. */
export function probeFleetProjection(probe: EntityEventSource): DocumentProjection {
  const events = entityEvents(probe);
  return {
    name: probeFleetProjectionName,
    collection: probeFleetCollection,
    ...events,
    apply(document, event) {
      const id = events.documentId(event);
      switch (entityEventKindOf({ type: event.type.slice(probe.eventPrefix.length), data: event.data })) {
        case 'created':
          return fleetDocument(id, event.data.fields as Part, reportPartOf(document));
        case 'updated': {
          const changes = pick(event.data.changes as Part, configuredFields);
          const cleared = configuredFields.filter((field) => (event.data.changes as Part)[field] === null);
          if (Object.keys(changes).length === 0 && cleared.length === 0) return document;
          const configured = { ...configuredPartOf(document), ...changes };
          for (const field of cleared) delete configured[field];
          return fleetDocument(id, configured, reportPartOf(document));
        }
        case 'deleted':
          return null;
        default:
          return document;
      }
    },
  };
}
