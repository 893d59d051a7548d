import type { QueryIrInput } from '@nq/contracts/analytics/query-ir';
import type { GraphicResponse, Reproduction } from '@nq/contracts/analytics/query-result';
import { logPositionSchema } from '@nq/contracts/events/log-position';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../api/api-client.ts';

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
 * `POST /api/graphic`: the request as it stands (the latest numbers), or pinned: `receivedUntil` in its filter set and
 * `?asOf=` the configuration position, which answers the numbers the pin was taken from.
 */
export function askGraphic(request: QueryIrInput, pin: GraphicPin | undefined, signal?: AbortSignal) {
  return pin
    ? api.post<GraphicResponse>(
        '/api/graphic',
        { ...request, receivedUntil: pin.receivedUntil },
        { query: { asOf: pin.asOf }, signal },
      )
    : api.post<GraphicResponse>('/api/graphic', request, { signal });
}

export interface GraphicQueryOptions {
  /** Asked with an answer's configuration position and received-until instant: the same numbers again. */
  pin?: GraphicPin | undefined;
  /** Asked again at this pace while showing the latest numbers (the navbar refresh interval); never when pinned. */
  refetchInterval?: number | false;
  staleTime?: number;
  retry?: boolean;
  meta?: { errorCode?: string; silent?: boolean };
}

/**
 * The graphic of a request, asked only while there is one; the request rides on the query's signal (a request left
 * aborts it, the server then cancels the engine's query). Unpinned it answers the latest numbers under `key`; pinned,
 * under `key` and the pin, the numbers the pin names, which nothing asks again: not the refresh interval, not
 * staleness (same question, same answer). Back from a pin, the latest numbers are asked anew (those kept from before
 * the pin are older than it).
 */
export function useGraphicQuery(
  key: QueryKey,
  request: QueryIrInput | undefined,
  { pin, refetchInterval = false, staleTime, ...options }: GraphicQueryOptions = {},
) {
  const queryClient = useQueryClient();
  const pinned = pin !== undefined;
  const wasPinned = useRef(pinned);
  useEffect(() => {
    if (wasPinned.current && !pinned) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    wasPinned.current = pinned;
  }, [pinned, queryClient, key]);
  return useQuery({
    queryKey: pin ? [...key, { pinned: pin }] : key,
    queryFn: ({ signal }) => askGraphic(request!, pin, signal),
    enabled: request !== undefined,
    ...options,
    ...(pin
      ? { staleTime: Number.POSITIVE_INFINITY, refetchInterval: false, refetchOnWindowFocus: false }
      : { refetchInterval, ...(staleTime === undefined ? {} : { staleTime }) }),
  });
}
