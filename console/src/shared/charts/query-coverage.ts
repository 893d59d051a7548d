import type { CubeSuggestion, QueryCoverage } from '@nq/contracts/analytics/query-coverage';
import { type CubeFields, cubeFieldsSchema } from '@nq/contracts/configuration/cube';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/api-client.ts';
import { pathWith } from '../routing/address-params.ts';
import type { GraphicPath, GraphicPin } from './graphic-query.ts';

/**
 * Where a query's coverage is asked: beside the route that answers it (`POST /api/graphic/coverage` for the query
 * IR, `/api/evolution/coverage`… for a screen's own body, `/maps/coverage` for a map's, `/api/storyboard/coverage`
 * for the storyboard's KPIs), with the same body and pin (`?asOf=`, `receivedUntil`).
 */
export type CoveragePath = `${GraphicPath | '/maps' | '/api/storyboard'}/coverage`;

/**
 * Whether a graphic's request is answered from a cube or reads raw measurements (over how many months), and the cube
 * that would answer it or why none can (`POST /api/graphic/coverage`, docs/features/measurements-and-analytics.md,
 * "Queries over years"). Asked while `enabled` (the graphic is being asked), once per request: the answer holds for
 * a minute. A failure is silent: the progress it informs shows without it.
 */
export function useQueryCoverage(
  request: object | undefined,
  {
    pin,
    enabled,
    path = '/api/graphic/coverage',
  }: { pin?: GraphicPin | undefined; enabled: boolean; path?: CoveragePath },
) {
  return useQuery({
    queryKey: ['query-coverage', path, request, pin ?? null],
    queryFn: ({ signal }) =>
      pin
        ? api.post<QueryCoverage>(
            path,
            { ...request, receivedUntil: pin.receivedUntil },
            { query: { asOf: pin.asOf }, signal },
          )
        : api.post<QueryCoverage>(path, request, { signal }),
    enabled: enabled && request !== undefined,
    staleTime: 60_000,
    retry: false,
    meta: { silent: true },
  });
}

/** The cubes screen's address that opens its form filled in with a cube definition (`cubeOfAddress` reads it). */
export const cubeFormPath = (cube: CubeSuggestion) =>
  pathWith('/cubes_configuration', {
    create: 'cube',
    name: cube.name,
    grain: cube.grain,
    timeZone: cube.timeZone,
    dimensions: cube.dimensions.join(','),
    kpis: cube.kpis.join(','),
  });

/** The address parameters `cubeFormPath` writes. */
export const cubeFormParams = ['create', 'name', 'grain', 'timeZone', 'dimensions', 'kpis'] as const;

/**
 * The cube definition an address asks the cubes screen to create (`cubeFormPath`), or none: not asked, or not a
 * definition the screen takes.
 */
export function cubeOfAddress(params: URLSearchParams): CubeFields | undefined {
  if (params.get('create') !== 'cube') return undefined;
  const list = (name: string) => (params.get(name) ?? '').split(',').filter((item) => item !== '');
  const parsed = cubeFieldsSchema.safeParse({
    name: params.get('name') ?? '',
    grain: params.get('grain') ?? undefined,
    timeZone: params.get('timeZone') ?? undefined,
    dimensions: list('dimensions'),
    kpis: list('kpis'),
  });
  return parsed.success ? parsed.data : undefined;
}
