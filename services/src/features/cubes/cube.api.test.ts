import { setTimeout as sleep } from 'node:timers/promises';
import type { CubeStatusList, StoryboardResponse } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { seededMeasurements } from '../analytics/seeded-measurements.ts';

// The cubes as an administrator meets them on the embedded profile: a definition, its first build from the stored
// measurements, then the analysis screens answering from it (and saying so), its figures, and every refusal in the
// caller's language.

const dataset = seededMeasurements({ count: 3_000, probes: 20 });

describe('cubes API — embedded', { timeout: 120_000 }, () => {
  let api: TestApi;
  let cubeId: string;

  const status = async () => (await api.app.inject('/api/cubes/status')).json() as CubeStatusList;

  beforeAll(async () => {
    api = await openTestApi();
    await api.platform.measurements.write(dataset);
  }, 120_000);
  afterAll(() => api?.raw.close());

  it('an administrator defines a cube; it is built from the stored measurements, then answers the evolution', async () => {
    const created = await api.app.inject({
      method: 'POST',
      url: '/api/cubes',
      payload: { name: 'by-day', grain: 'day', timeZone: 'Etc/UTC', dimensions: ['isp', 'technology', 'program'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    cubeId = created.json().id;
    // Its first build is queued by the projector's check and run as a job.
    for (let tries = 0; (await status()).cubes[0]?.lastRebuild?.state !== 'done'; tries++) {
      expect(tries, JSON.stringify(await status())).toBeLessThan(120);
      await sleep(500);
    }
    const evolution = await api.app.inject({
      method: 'POST',
      url: '/api/evolution',
      payload: { kpi: 'download', granularity: 'day', breakdowns: ['isp'], tsStart: '2026-03-01', tsEnd: '2026-03-31' },
    });
    expect(evolution.statusCode, evolution.body).toBe(200);
    expect(evolution.json().source).toBe('cube by-day');
    expect(evolution.json().series.length).toBeGreaterThan(0);
    // A query the cube cannot answer (by minute) reads the raw measurements, and says so.
    const minutes = await api.app.inject({
      method: 'POST',
      url: '/api/evolution',
      payload: { kpi: 'download', granularity: 'minutes', tsStart: '2026-03-01', tsEnd: '2026-03-01' },
    });
    expect(minutes.json().source).toBe('raw');

    const [cube] = (await status()).cubes;
    expect(cube).toMatchObject({ name: 'by-day', hits: 1, lastRebuild: { state: 'done', total: dataset.length } });
    expect(cube!.rows).toBeGreaterThan(0);
    expect(cube!.buckets).toBeGreaterThan(30);
    expect((await status()).rawQueries).toBeGreaterThanOrEqual(1);
  });

  it('the storyboard’s KPI charts say where they came from', async () => {
    const board = (await api.app.inject('/api/storyboard')).json() as StoryboardResponse;
    const kpis = board.kpis && 'data' in board.kpis ? board.kpis.data.list : [];
    expect(kpis.length).toBeGreaterThan(0);
    for (const kpi of kpis) expect('source' in kpi && kpi.source).toMatch(/^(raw|cube by-day)$/);
  });

  it('refuses what would make its rows wrong, and bad input, in the caller’s language', async () => {
    const changed = await api.app.inject({
      method: 'PUT',
      url: `/api/cubes/${cubeId}`,
      headers: { 'accept-language': 'es' },
      payload: { dimensions: ['isp'] },
    });
    expect(changed.statusCode, changed.body).toBe(422);
    expect(changed.json()).toMatchObject({ code: 'cubes.definitionChanged', message: expect.stringMatching(/cubo/) });

    const hourInMadrid = await api.app.inject({
      method: 'POST',
      url: '/api/cubes',
      payload: { name: 'hourly-madrid', grain: 'hour', timeZone: 'Europe/Madrid' },
    });
    expect(hourInMadrid.statusCode).toBe(400);
    expect(hourInMadrid.json().details.fields).toContainEqual(
      expect.objectContaining({ field: 'timeZone', code: 'cubes.hourGrainIsUtc' }),
    );
    const badName = await api.app.inject({ method: 'POST', url: '/api/cubes', payload: { name: 'By Day' } });
    expect(badName.json().details.fields).toContainEqual(expect.objectContaining({ code: 'cubes.nameFormat' }));
    const taken = await api.app.inject({ method: 'POST', url: '/api/cubes', payload: { name: 'by-day' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'cubes.nameExists', message: 'A cube with this name already exists.' });

    const backwards = await api.app.inject({
      method: 'POST',
      url: `/api/cubes/${cubeId}/rebuild`,
      headers: { 'accept-language': 'es' },
      payload: { from: '2026-03-10', to: '2026-03-01' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'cubes.rebuildRange', message: expect.stringMatching(/3660 días/) });
    const unknown = await api.app.inject({
      method: 'POST',
      url: '/api/cubes/nope/rebuild',
      payload: { from: '2026-03-01', to: '2026-03-02' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('rebuilds a range on request, with its progress in the status', async () => {
    const asked = await api.app.inject({
      method: 'POST',
      url: `/api/cubes/${cubeId}/rebuild`,
      payload: { from: '2026-03-01', to: '2026-03-15' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({
      state: 'queued',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-16T00:00:00.000Z',
    });
    for (
      let tries = 0;
      (await status()).cubes[0]?.lastRebuild?.rebuildId !== asked.json().rebuildId ||
      (await status()).cubes[0]?.lastRebuild?.state !== 'done';
      tries++
    ) {
      expect(tries).toBeLessThan(120);
      await sleep(500);
    }
    expect((await status()).cubes[0]!.lastRebuild!.done).toBeGreaterThan(0);
  });

  it('is an administrator’s tool: another profile may neither read nor change cubes', async () => {
    const analyst = await api.as('cube-analyst', { layers: [{ id: 'evolution', groups: [] }] });
    expect((await analyst.inject('/api/cubes/status')).statusCode).toBe(403);
    expect((await analyst.inject('/api/cubes')).statusCode).toBe(403);
  });
});
