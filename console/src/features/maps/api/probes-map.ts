import type { GeoBounds } from '@nq/contracts/fleet/map-tiles';
import type { ProbeCluster, ProbeOnMap, ProbesMapAnswer } from '@nq/contracts/fleet/probe-fleet';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import type { MapViewport } from '../kepler/map-viewport.ts';

export type { GeoBounds, ProbeCluster, ProbeOnMap, ProbesMapAnswer };

/** A located probe of an answer. */
export interface ProbeRow extends ProbeOnMap {
  lat: number;
  lon: number;
}

/** A cluster of an answer: its count and states, at its probes' centre. */
export interface ClusterRow extends ProbeCluster {
  lat: number;
  lon: number;
}

export const probeRows = (answer: ProbesMapAnswer): ProbeRow[] =>
  answer.features.flatMap(({ geometry, properties }) =>
    properties.kind === 'probe' ? [{ ...properties, lon: geometry.coordinates[0], lat: geometry.coordinates[1] }] : [],
  );

export const clusterRows = (answer: ProbesMapAnswer): ClusterRow[] =>
  answer.features.flatMap(({ geometry, properties }) =>
    properties.kind === 'cluster'
      ? [{ ...properties, lon: geometry.coordinates[0], lat: geometry.coordinates[1] }]
      : [],
  );

const bboxOf = ({ west, south, east, north }: GeoBounds) => [west, south, east, north].join(',');

/**
 * The profile's probes in the area the map shows (the whole world before it shows one), or those of its clusters when
 * the profile works with clusters: one by one, or as the server's clusters past 500 in the area. The answer shown
 * stays until the next one arrives, so panning never blanks the map; it follows the navbar refresh interval.
 * Failures are shown by the page (probeMaps.fetchFailed), not toasted.
 */
export function useProbesMap(viewport: MapViewport | undefined) {
  const profile = useProfile();
  const refetchInterval = useRefreshInterval();
  const byClusters = profile?.useClusters ?? false;
  const query = viewport ? { bbox: bboxOf(viewport), zoom: Math.floor(viewport.zoom) } : {};
  return useQuery({
    queryKey: ['probes-map', byClusters, query],
    queryFn: ({ signal }) =>
      api.get<ProbesMapAnswer>(byClusters ? '/api/clusters/probes/map' : '/api/probes/map', { query, signal }),
    enabled: profile !== undefined,
    refetchInterval,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** Probes asked for by id in one request at most. */
const POSITIONS_PER_REQUEST = 200;

type PositionsAnswer = { data?: ProbesMapAnswer | undefined; isPending: boolean; isError: boolean };

/** The answers' probes by id, and whether any answer is pending or failed (module-level: kept while they are). */
const positionsOf = (answers: PositionsAnswer[]) => ({
  positions: new Map(
    answers.flatMap((answer) =>
      answer.data ? probeRows(answer.data).map((row) => [row.probeId, { lat: row.lat, lon: row.lon }] as const) : [],
    ),
  ),
  isPending: answers.some((answer) => answer.isPending),
  isError: answers.some((answer) => answer.isError),
});

/** Where each of these probes is (those the profile sees and that have coordinates), asked for 200 at a time. */
export function useProbePositions(probeIds: readonly string[]) {
  const refetchInterval = useRefreshInterval();
  const ids = [...new Set(probeIds)].sort();
  const chunks = Array.from({ length: Math.ceil(ids.length / POSITIONS_PER_REQUEST) }, (_, index) =>
    ids.slice(index * POSITIONS_PER_REQUEST, (index + 1) * POSITIONS_PER_REQUEST),
  );
  return useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: ['probes-map', 'positions', chunk],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<ProbesMapAnswer>('/api/probes/map', { query: { probeIds: chunk }, signal }),
      refetchInterval,
      meta: { silent: true },
    })),
    combine: positionsOf,
  });
}
