import type { EphemeralStore } from '@nq/platform/ephemeral/ephemeral-store-port';
import type { CubeDefinition } from '@nq/projections';
import type { CubeRouting, RawSeries, ScopedQuery } from '../analytics/index.ts';
import { cubeFor } from './cube-coverage.ts';
import type { CubeDefinitions } from './cube-definitions.ts';
import { suggestCube } from './cube-suggestion.ts';

/** Answers a metric or boxplot from a cube's rows. */
export type CubeAggregate = (cube: CubeDefinition, query: ScopedQuery, signal?: AbortSignal) => Promise<RawSeries[]>;

const hourMs = 3_600_000;
/** The counter of one hour's routings to a cube (or to `raw`), kept a day and an hour. */
const counterOf = (hour: number, target: string) => `cube-routing:${hour}:${target}`;
const rawTarget = '~raw';

/** Routings of the last 24 hours to each cube, and to raw measurements. */
export async function routingCounts(ephemeral: EphemeralStore, cubeNames: string[]) {
  const now = Math.floor(Date.now() / hourMs);
  const hours = Array.from({ length: 24 }, (_, index) => now - index);
  const countOf = async (target: string) =>
    (await Promise.all(hours.map((hour) => ephemeral.count(counterOf(hour, target))))).reduce((a, b) => a + b, 0);
  const [raw, ...cubes] = await Promise.all([countOf(rawTarget), ...cubeNames.map(countOf)]);
  return { raw: raw!, byCube: new Map(cubeNames.map((name, index) => [name, cubes[index]!])) };
}

export function cubeRouting(options: {
  definitions: CubeDefinitions;
  aggregate: CubeAggregate;
  ephemeral?: EphemeralStore;
}): CubeRouting {
  const count = (target: string) => {
    const hour = Math.floor(Date.now() / hourMs);
    // Best effort: a query is answered whatever its count.
    void options.ephemeral?.increment(counterOf(hour, target), 25 * hourMs).catch(() => undefined);
  };
  return {
    async pick(query) {
      const cube = cubeFor(await options.definitions.routable(), query);
      count(cube ? cube.name : rawTarget);
      if (!cube) return undefined;
      return { name: cube.name, aggregate: (signal) => options.aggregate(cube, query, signal) };
    },
    async explain(query, { outliers }) {
      const routed = outliers ? undefined : cubeFor(await options.definitions.routable(), query);
      if (routed) return { cube: routed.name };
      const advice = suggestCube(query, { outliers });
      if ('uncoverable' in advice) return advice;
      // A cube defined but not built yet (its first build running) answers once built.
      const defined = cubeFor(await options.definitions.list(), query);
      return defined ? { building: defined.name } : advice;
    },
  };
}
