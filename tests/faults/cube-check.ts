import { setTimeout as sleep } from 'node:timers/promises';
import type { signedFetch } from './signed-fetch.ts';

export interface CubeCheck {
  /** Where the counts came from (`cube <name>` expected). */
  source: string;
  /** Download values counted: from the cube, and from the raw measurements. */
  cube: number;
  raw: number;
  /** Groups (program, destination, technology) whose counts differ. */
  differing: number;
}

interface Series {
  key: Record<string, string | number>;
  buckets: { value: number }[];
}

const countsOf = (series: Series[]) =>
  new Map(series.map((item) => [JSON.stringify(item.key), item.buckets[0]?.value ?? 0]));

/**
 * Holds the demo's cubes to the raw measurements once the load is over: the download values counted per program,
 * destination and technology from
 * a cube (as the analytics answer it) and from the raw measurements (a condition every value meets keeps the query
 * off the cubes) are the same — a measurement a crashed maintainer had counted is not counted twice, none is lost.
 */
export async function checkCubes(admin: ReturnType<typeof signedFetch>, timeoutMs = 120_000): Promise<CubeCheck> {
  const query = { kpi: 'download', metric: 'count', breakdowns: ['program', 'destination', 'technology'] };
  const raw = { ...query, conditions: { kpi: 'download', operator: 'gte', value: -1e300 } };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [fromCube, fromRaw] = await Promise.all([
      admin('POST', '/api/graphic', query),
      admin('POST', '/api/graphic', raw),
    ]);
    const source = String(fromCube.body?.source ?? `status ${fromCube.status}`);
    const cubeCounts = countsOf((fromCube.body?.series as Series[] | undefined) ?? []);
    const rawCounts = countsOf((fromRaw.body?.series as Series[] | undefined) ?? []);
    const probes = new Set([...cubeCounts.keys(), ...rawCounts.keys()]);
    const differing = [...probes].filter((probe) => cubeCounts.get(probe) !== rawCounts.get(probe)).length;
    const total = (counts: Map<unknown, number>) => [...counts.values()].reduce((sum, value) => sum + value, 0);
    const check = { source, cube: total(cubeCounts), raw: total(rawCounts), differing };
    // The cube's maintainer trails ingest by a batch or two; its first build may still be running.
    if ((source.startsWith('cube ') && differing === 0) || Date.now() > deadline) return check;
    await sleep(3_000);
  }
}
