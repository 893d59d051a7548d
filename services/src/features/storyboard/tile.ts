import {
  DomainError,
  type HttpErrorCode,
  type Language,
  type LogPosition,
  type StoryboardRequest,
  type StoryboardTileError,
  translate,
} from '@nq/contracts';
import type { FastifyBaseLogger } from 'fastify';

export type Tile<Data> = { data: Data } | { error: StoryboardTileError };

/** What every tile is given: who asks (their language), when, and the signal that ends its queries. */
export interface TileContext {
  language: Language;
  /** Where the last 30 days end: now, or the instant the storyboard is pinned to. */
  now: Date;
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /** The configuration position the tiles are computed at (the scorecards' versions then). */
  asOf: LogPosition;
  /** Pinned: only the measurements received by then (an ISO instant) are read. */
  receivedUntil?: string;
}

/**
 * What the tiles read, asked at `now`: the last 30 days up to now, or pinned (an answer's `asOf` or `receivedUntil`
 * given) up to the instant the data is read as received until (now when only `asOf` is), and only what was received
 * by then.
 */
export function readingOf({ asOf, receivedUntil }: StoryboardRequest, now: Date) {
  const until = receivedUntil ?? now.toISOString();
  const pinned = asOf !== undefined || receivedUntil !== undefined;
  const period: Pick<TileContext, 'now' | 'receivedUntil'> = {
    now: new Date(until),
    ...(pinned ? { receivedUntil: until } : {}),
  };
  return { receivedUntil: until, pinned, period };
}

/**
 * A failure as a tile shows it: its own catalogue code when it is a domain error (e.g. out of the profile's dates),
 * else the tile's `fallback` (the catalogue's fetch error of what it shows); the cause goes to the log.
 */
export function tileErrorOf(error: unknown, fallback: HttpErrorCode, context: TileContext): StoryboardTileError {
  if (!(error instanceof DomainError)) context.log.error({ err: error }, `storyboard: ${fallback}`);
  const { code, params } = error instanceof DomainError ? error : { code: fallback, params: {} };
  return {
    code,
    message: translate(code, context.language, params),
    ...(Object.keys(params).length > 0 ? { params: { ...params } } : {}),
  };
}

/** The tile's data, or its error in its slot: one tile failing leaves the others answering. */
export async function tileOf<Data>(
  fallback: HttpErrorCode,
  context: TileContext,
  work: () => Promise<Data>,
): Promise<Tile<Data>> {
  try {
    return { data: await work() };
  } catch (error) {
    return { error: tileErrorOf(error, fallback, context) };
  }
}
