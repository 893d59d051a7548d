import type { GraphicResponse } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

// A published number reproduced: a chart's answer names the configuration position and the instant its data was
// received until; asked again with them after the analyst's profile changed and later results arrived, it answers the
// same numbers — and never more than the analyst may see now.

describe('reproducing a chart — embedded', { timeout: 60_000 }, () => {
  let api: TestApi;
  let analyst: SignedClient;
  const profileId = 'reproducing-analyst';
  const chart = {
    kpi: 'download',
    metric: 'count',
    breakdowns: ['technology'],
    tsStart: '2026-10-01',
    tsEnd: '2026-10-31',
  };
  const counts = (answer: GraphicResponse) =>
    answer.kind === 'metric'
      ? Object.fromEntries(answer.series.map((series) => [series.key.technology, series.buckets[0]?.count]))
      : {};
  const draw = async (body: object, asOf?: string) => {
    const response = await analyst.inject({
      method: 'POST',
      url: `/api/graphic${asOf ? `?asOf=${asOf}` : ''}`,
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as GraphicResponse;
  };
  const restrictTo = async (technologies: number[]) => {
    const response = await api.app.inject({ method: 'PUT', url: `/profiles/${profileId}`, payload: { technologies } });
    expect(response.statusCode, response.body).toBe(200);
    // The analyst's next request is made under the changed profile.
    await api.readCaughtUp(`/profiles/${profileId}?minPosition=${response.json().position}`);
  };

  beforeAll(async () => {
    api = await openTestApi();
    analyst = await api.as(profileId, { technologies: [4] });
    const measured = (technology: 4 | 5, day: number) =>
      sampleMeasurement({
        technology,
        technologyLabel: technology === 4 ? '4G' : '5G',
        measuredAt: `2026-10-${String(day).padStart(2, '0')}T10:00:00.000Z`,
        receivedAt: `2026-10-${String(day).padStart(2, '0')}T10:00:05.000Z`,
      });
    expect(
      await api.platform.measurements.write([measured(4, 2), measured(4, 3), measured(5, 4), measured(5, 5)]),
    ).toEqual({ failed: [] });
  });
  afterAll(() => api?.raw.close());

  it('answers the same numbers as of its position and instant after the profile widened and more data arrived', async () => {
    const first = await draw(chart);
    expect(counts(first)).toEqual({ 4: 2 });
    expect(first.reproduce).toMatchObject({ query: { ...chart, receivedUntil: first.reproduce!.receivedUntil } });

    await restrictTo([4, 5]);
    expect(
      await api.platform.measurements.write([
        sampleMeasurement({
          technology: 4,
          measuredAt: '2026-10-06T10:00:00.000Z',
          receivedAt: new Date().toISOString(),
        }),
      ]),
    ).toEqual({ failed: [] });

    const now = await draw(chart);
    expect(counts(now)).toEqual({ 4: 3, 5: 2 });
    expect(now.reproduce!.asOf).not.toBe(first.reproduce!.asOf);

    const reproduced = await draw(first.reproduce!.query, first.reproduce!.asOf);
    expect(reproduced.series).toEqual(first.series);
    expect(reproduced.warnings).toEqual([]);
    expect(reproduced.reproduce).toEqual(first.reproduce);
  });

  it('reproduces a map the same way: its total and tiles as of its position and instant', async () => {
    await restrictTo([4]);
    const map = async (body: object, asOf?: string) => {
      const response = await analyst.inject({
        method: 'POST',
        url: `/maps${asOf ? `?asOf=${asOf}` : ''}`,
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { total: number; tiles: unknown[]; reproduce: { asOf: string; query: object } };
    };
    const first = await map({ kpi: 'download', metric: 'count', tsStart: '2026-10-01', tsEnd: '2026-10-31' });
    await restrictTo([4, 5]);
    expect(
      await api.platform.measurements.write([
        sampleMeasurement({
          technology: 4,
          measuredAt: '2026-10-07T10:00:00.000Z',
          receivedAt: new Date().toISOString(),
        }),
      ]),
    ).toEqual({ failed: [] });
    const now = await map({ kpi: 'download', metric: 'count', tsStart: '2026-10-01', tsEnd: '2026-10-31' });
    expect(now.total).toBeGreaterThan(first.total);
    const reproduced = await map(first.reproduce.query, first.reproduce.asOf);
    expect({ total: reproduced.total, tiles: reproduced.tiles }).toEqual({ total: first.total, tiles: first.tiles });
  });

  it('reproduces the evolution screen the same way, its own request posted again', async () => {
    await restrictTo([4]);
    const evolution = {
      kpi: 'download',
      metric: 'count',
      breakdowns: ['technology'],
      granularity: 'month',
      tsStart: '2026-10-01',
      tsEnd: '2026-10-31',
    };
    const first = await analyst.inject({ method: 'POST', url: '/api/evolution', payload: evolution });
    expect(first.statusCode, first.body).toBe(200);
    const answered = first.json() as GraphicResponse;
    await restrictTo([4, 5]);
    const reproduced = await analyst.inject({
      method: 'POST',
      url: `/api/evolution?asOf=${answered.reproduce!.asOf}`,
      payload: answered.reproduce!.query,
    });
    expect(reproduced.statusCode, reproduced.body).toBe(200);
    expect((reproduced.json() as GraphicResponse).series).toEqual(answered.series);
    expect(answered.series.map((series) => series.key.technology)).toEqual([4]);
  });

  it('never shows what the analyst may no longer see: a narrower profile answers within it, and says so', async () => {
    const first = await draw(chart);
    await restrictTo([5]);
    const reproduced = await draw(first.reproduce!.query, first.reproduce!.asOf);
    expect(counts(reproduced)).toEqual({ 5: 2 });
    expect(reproduced.warnings).toEqual([
      {
        code: 'graphics.reproducedWithNarrowerAccess',
        message:
          'Your access to the data has narrowed since these numbers were computed: they are answered within what you may see now, and may differ.',
      },
    ]);
  });
});
