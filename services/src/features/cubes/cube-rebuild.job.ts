import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { selectionFields } from '@nq/contracts';
import type { JobKind } from '@nq/platform/jobs/job-queue-port';
import { consumerGroupOf } from '@nq/platform/log/pipeline';
import { type Platform, type PlatformWorker, platformJob } from '@nq/platform/platform';
import { openCubeStore } from '@nq/projections';
import { z } from 'zod';
import { analyticsFor } from './analytics-for-store.ts';
import { cubeBuildsOf } from './cube-builds.ts';
import { cubeDefinitions, definitionsRefreshMs } from './cube-definitions.ts';
import { type RebuildProgress, rebuildCube } from './cube-rebuild.ts';

export const cubeRebuildKind: JobKind<{ rebuildId: string; cubeId: string; from: string; to: string }> = {
  name: 'cube-rebuild',
  payload: z.object({ rebuildId: z.string(), cubeId: z.string(), from: z.iso.datetime(), to: z.iso.datetime() }),
  concurrency: 1,
  retry: { attempts: 3, backoffMs: 30_000 },
  timeoutMs: 6 * 3_600_000,
};

/** Where a platform's raw measurements are refreshed for reading (Elasticsearch is near real time). */
const refresherOf = (platform: Platform) => async () => {
  const store = platform.measurements as { client?: { indices: { refresh(request: object): Promise<unknown> } } };
  const alias = (platform.measurements as { alias?: string }).alias;
  if (store.client && alias) await store.client.indices.refresh({ index: alias, ignore_unavailable: true });
};

/** Rebuilds one cube over a range in this process, recording its progress where the cubes screen reads it. */
export async function runCubeRebuild(
  platform: Platform,
  rebuild: { rebuildId: string; cubeId: string; from: string; to: string },
  options: { signal?: AbortSignal; onProgress?: (progress: RebuildProgress) => void } = {},
): Promise<RebuildProgress> {
  const builds = await cubeBuildsOf(platform.sql);
  await builds.request(rebuild);
  const cube = (await cubeDefinitions(platform.readStore).list()).find((item) => item.id === rebuild.cubeId);
  if (!cube) {
    await builds.end(rebuild.rebuildId, { state: 'failed', message: 'the cube no longer exists' });
    return { done: 0, rows: 0 };
  }
  // Every maintainer must know the cube before the rebuild reads how far ingest is: a measurement ingested after that
  // is the stream's to count, so the stream must already be counting this cube.
  await sleep(definitionsRefreshMs + 1_000, undefined, options.signal ? { signal: options.signal } : {});
  const engine = analyticsFor(platform);
  const selection = {
    filter: selectionFields.parse({ tsStart: rebuild.from, tsEnd: new Date(Date.parse(rebuild.to) - 1).toISOString() }),
  };
  const all = { timeZone: 'UTC' };
  const total = await engine.count(selection, all);
  // Only the days holding measurements are read: the range shrinks to the first and last of them.
  const edge = async (order: 'asc' | 'desc') =>
    (await engine.rows(selection, all, { sort: 'measuredAt', order, offset: 0, limit: 1 })).rows[0]?.measuredAt;
  const [first, last] = await Promise.all([edge('asc'), edge('desc')]);
  const range = {
    from: first ? new Date(Math.max(Date.parse(rebuild.from), Date.parse(first))).toISOString() : rebuild.from,
    to: last ? new Date(Math.min(Date.parse(rebuild.to), Date.parse(last) + 1)).toISOString() : rebuild.from,
  };
  await builds.progress(rebuild.rebuildId, { done: 0, total, rows: 0 });
  try {
    const done = await rebuildCube({
      cube,
      store: await openCubeStore(platform),
      engine,
      log: platform.log,
      ingest: { groupId: consumerGroupOf(platform.topics, 'ingest'), topic: platform.topics.measurementsRaw },
      refresh: refresherOf(platform),
      ...range,
      ...(options.signal ? { signal: options.signal } : {}),
      onProgress: async (progress) => {
        options.onProgress?.(progress);
        await builds.progress(rebuild.rebuildId, progress);
      },
    });
    await builds.end(rebuild.rebuildId, { state: 'done' });
    return done;
  } catch (error) {
    await builds.end(rebuild.rebuildId, { state: 'failed', message: (error as Error).message });
    throw error;
  }
}

export const cubeRebuildJob = platformJob(cubeRebuildKind, (platform) => async (payload, context) => {
  const progress = await runCubeRebuild(platform, payload, { signal: context.signal });
  return { measurements: progress.done, rows: progress.rows };
});

/** Queues a rebuild (the same id again queues nothing). */
export async function requestCubeRebuild(
  platform: Pick<Platform, 'jobs' | 'sql'>,
  rebuild: { cubeId: string; from: string; to: string; rebuildId?: string },
) {
  const request = { ...rebuild, rebuildId: rebuild.rebuildId ?? `rebuild-${randomUUID()}` };
  await (await cubeBuildsOf(platform.sql)).request(request);
  await platform.jobs.enqueue(cubeRebuildKind, request, { jobId: request.rebuildId });
  return request;
}

const checkEveryMs = 10_000;
/** The first measurements a new cube is built from: far enough back for any history kept. */
const historyStart = '2000-01-01T00:00:00.000Z';

/**
 * A cube is built over all history once created: a cube without any rebuild gets one, from the first possible
 * measurement to the end of the current hour (the stream maintains it from its creation on).
 */
export const cubeFirstBuilds: PlatformWorker = {
  name: 'cube-first-builds',
  runsIn: 'projector',
  async start(platform, options) {
    const definitions = cubeDefinitions(platform.readStore);
    const check = async () => {
      const builds = await cubeBuildsOf(platform.sql);
      const latest = await builds.latest();
      for (const cube of await definitions.list()) {
        if (latest.has(cube.id)) continue;
        const to = new Date(Math.ceil((Date.now() + 1) / 3_600_000) * 3_600_000).toISOString();
        await requestCubeRebuild(platform, { cubeId: cube.id, from: historyStart, to, rebuildId: `first-${cube.id}` });
      }
    };
    const run = () => check().catch((error: unknown) => options.log?.warn({ err: error }, 'cube builds not checked'));
    await run();
    const timer = setInterval(run, checkEveryMs);
    timer.unref();
    return { stop: async () => clearInterval(timer) };
  },
};
