import type { QueryIrInput } from '@nq/contracts/analytics/query-ir';
import type { GraphicResponse, Reproduction } from '@nq/contracts/analytics/query-result';
import { logPositionSchema } from '@nq/contracts/events/log-position';
import { type keepPreviousData, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../api/api-client.ts';
import type { AddressUpdate } from '../routing/useAddressState.ts';

/**
 * What pins a graphic to the numbers an answer gave (its `reproduce`, docs/features/measurements-and-analytics.md,
 * "Reproducing a published number"): the configuration's log position it was computed at and the instant the data
 * was taken as received until.
 */
export type GraphicPin = Pick<Reproduction, 'asOf' | 'receivedUntil'>;

/** The pin of an answer: what asks its numbers again. */
export const pinOf = ({ asOf, receivedUntil }: Reproduction): GraphicPin => ({ asOf, receivedUntil });

/**
 * The pin a screen's address holds (`asOf` and `receivedUntil`, so that a shared link answers the same numbers):
 * none unless both are there and well formed.
 */
export function pinFromParams(params: URLSearchParams): GraphicPin | undefined {
  const asOf = params.get('asOf');
  const receivedUntil = params.get('receivedUntil');
  if (!asOf || !receivedUntil || !logPositionSchema.safeParse(asOf).success) return undefined;
  return Number.isNaN(Date.parse(receivedUntil)) ? undefined : { asOf, receivedUntil };
}

/** The address' parameters with the pin set, or without one (the latest numbers). */
export function paramsWithPin(params: URLSearchParams, pin: GraphicPin | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (pin) {
    next.set('asOf', pin.asOf);
    next.set('receivedUntil', pin.receivedUntil);
  } else {
    next.delete('asOf');
    next.delete('receivedUntil');
  }
  return next;
}

/**
 * The pin a screen's address holds, and how to change it: pinning and unpinning add a history entry (Back returns to
 * the numbers shown before). Given the screen's address state (`useAddressState`).
 */
export function addressPin({
  params,
  update,
}: {
  params: URLSearchParams;
  update: (change: (current: URLSearchParams) => URLSearchParams, options?: AddressUpdate) => void;
}) {
  return {
    pin: pinFromParams(params),
    setPin: (pin: GraphicPin | undefined) => update((current) => paramsWithPin(current, pin), { history: 'push' }),
  };
}

/**
 * What answers a graphic and names what reproduces it (its `reproduce`): the generator's and dashboards' query IR
 * (`/api/graphic`) and the evolution, benchmark and by-destination screens' own bodies. Each is asked again the same way.
 */
export type GraphicPath = '/api/graphic' | '/api/evolution' | '/api/benchmark' | '/api/bydestination';

/**
 * A graphic (`POST /api/graphic` unless `path` names another): the request as it stands (the latest numbers), or
 * pinned: `receivedUntil` in its body and `?asOf=` the configuration position, which answers the numbers the pin was
 * taken from.
 */
export function askGraphic<Answer extends GraphicResponse = GraphicResponse>(
  request: QueryIrInput | object,
  pin: GraphicPin | undefined,
  signal?: AbortSignal,
  path: GraphicPath = '/api/graphic',
) {
  return pin
    ? api.post<Answer>(path, { ...request, receivedUntil: pin.receivedUntil }, { query: { asOf: pin.asOf }, signal })
    : api.post<Answer>(path, request, { signal });
}

export interface GraphicQueryOptions {
  /** Where the request is posted (`/api/graphic` unless said). */
  path?: GraphicPath;
  /** Asked with an answer's configuration position and received-until instant: the same numbers again. */
  pin?: GraphicPin | undefined;
  /** Asked again at this pace while showing the latest numbers (the navbar refresh interval); never when pinned. */
  refetchInterval?: number | false;
  staleTime?: number;
  retry?: boolean;
  /** `keepPreviousData`: the answer before stays drawn while the next question is asked. */
  placeholderData?: typeof keepPreviousData;
  meta?: { errorCode?: string; silent?: boolean };
}

/** Where `useGraphicQuery` keeps a graphic: under its key, or pinned, under its key and the pin. */
export const graphicQueryKey = (key: QueryKey, pin: GraphicPin | undefined): QueryKey =>
  pin ? [...key, { pinned: pin }] : key;

/**
 * The graphic of a request (posted to `path`, `/api/graphic` by default), asked only while there is one; the request
 * rides on the query's signal (a request left aborts it, the server then cancels the engine's query). Unpinned it
 * answers the latest numbers under `key`; pinned, under `key` and the pin, the numbers the pin names, which nothing
 * asks again: not the refresh interval, not staleness (same question, same answer). Back from a pin, the latest
 * numbers are asked anew (those kept from before the pin are older than it).
 */
export function useGraphicQuery<Answer extends GraphicResponse = GraphicResponse>(
  key: QueryKey,
  request: QueryIrInput | object | undefined,
  { path = '/api/graphic', pin, refetchInterval = false, staleTime, ...options }: GraphicQueryOptions = {},
) {
  const queryClient = useQueryClient();
  const pinned = pin !== undefined;
  const wasPinned = useRef(pinned);
  useEffect(() => {
    if (wasPinned.current && !pinned) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    wasPinned.current = pinned;
  }, [pinned, queryClient, key]);
  return useQuery({
    queryKey: graphicQueryKey(key, pin),
    queryFn: ({ signal }) => askGraphic<Answer>(request!, pin, signal, path),
    enabled: request !== undefined,
    ...options,
    ...(pin
      ? { staleTime: Number.POSITIVE_INFINITY, refetchInterval: false, refetchOnWindowFocus: false }
      : { refetchInterval, ...(staleTime === undefined ? {} : { staleTime }) }),
  });
}
