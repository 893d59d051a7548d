import { entityEventKindOf } from '@nq/contracts';
import type { DocumentProjection, ProjectedDocument } from '@nq/platform/read-store/document-projection';
import { type EntityEventSource, entityEvents } from '../configuration/configuration-entities.ts';

type Ring = [number, number][];

/** A polygon an entity had from an instant (the event that set it) until the next version; null rings: none. */
export interface PolygonVersion {
  from: string;
  rings: Ring[] | null;
}

export type PolygonHistoryDocument = ProjectedDocument & { polygonVersions: PolygonVersion[] };

const ringsOf = (polygon: unknown) => (polygon ? ((polygon as { coordinates: Ring[] }).coordinates ?? null) : null);

/**
 * Every polygon an entity with a `polygon` field (a campaign) has had, oldest first, so that a measurement is placed
 * by the polygon in force when it was measured, not by today's.
 */
export function polygonHistoryProjection(entity: EntityEventSource & { collection: string }): DocumentProjection {
  const events = entityEvents(entity);
  return {
    name: `polygon-history-${entity.collection}`,
    collection: entity.collection,
    ...events,
    apply(document, event) {
      const id = events.documentId(event);
      const versions = ((document as PolygonHistoryDocument | null)?.polygonVersions ?? []).slice();
      switch (entityEventKindOf({ type: event.type.slice(entity.eventPrefix.length), data: event.data })) {
        case 'created': {
          const fields = event.data.fields as { polygon?: unknown };
          return { id, polygonVersions: [{ from: event.recordedAt, rings: ringsOf(fields.polygon) }] };
        }
        case 'updated': {
          const changes = event.data.changes as Record<string, unknown>;
          if (!('polygon' in changes)) return document;
          versions.push({ from: event.recordedAt, rings: ringsOf(changes.polygon) });
          return { id, polygonVersions: versions };
        }
        default:
          return null;
      }
    },
  };
}
