import { loadConfig } from '@nq/platform/config/config';
import { servicesOf } from '@nq/platform/entities/entity-catalog';
import { openPlatform } from '@nq/platform/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurationEntities, platformRuns } from '../composition/platform-runs.ts';
import type { SignedClient } from '../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../testing/test-api.ts';
import { demoEntityKinds, demoLogins, loadDemoData } from './demo-data.ts';
import { type DemoHistory, loadDemoHistory } from './demo-history.ts';

describe('demo data', () => {
  it('loads a valid configuration of every kind once, into an empty store only', { timeout: 60_000 }, async () => {
    const config = loadConfig({});
    const platform = await openPlatform(config, platformRuns, { inMemory: true });
    const services = servicesOf(platform.entities);
    expect(await loadDemoData(platform, services)).toBeGreaterThan(10);
    expect(await loadDemoData(platform, services)).toBe(0);
    expect([...demoEntityKinds].sort()).toEqual(configurationEntities.map((entity) => entity.definition.kind).sort());
    await platform.projector.catchUp();
    const clusters = await platform.readStore.list('clusters', { offset: 0, limit: 10 });
    expect(clusters.items[0]).toMatchObject({ name: 'Madrid landline', owner: 'demo-admin' });
    await platform.close();
  });
});

type Scores = { live: { entities: { entity: string; score: number | null }[] }; warnings: { code: string }[] };
type Graphic = {
  series: { key: Record<string, string>; buckets: { count: number }[] }[];
  warnings: { code: string }[];
};

describe('a platform started with the demo and its fleet history', { timeout: 300_000 }, () => {
  let api: TestApi;
  let analyst: SignedClient;
  let history: DemoHistory;
  const named = async (path: string, name: string) => {
    const { list } = (await api.app.inject(`${path}?pageSize=100`)).json() as { list: { id: string; name: string }[] };
    return list.find((item) => item.name === name)!.id;
  };

  beforeAll(async () => {
    api = await openTestApi({}, { demoData: true });
    history = await loadDemoHistory(api.platform, { weeks: 6 });
    analyst = await api.sessionFor('demo-analyst-user', 'demo-analyst');
  }, 300_000);
  afterAll(() => api?.raw.close());

  it('holds several weeks of history, with measurements on every day', async () => {
    expect(history.deadLetters).toBe(0);
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/evolution',
      payload: { kpi: 'latency', granularity: 'day', tsStart: daysAgo(43), tsEnd: daysAgo(0) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const days = (response.json() as Graphic).series.flatMap((series) => series.buckets);
    expect(days.length).toBeGreaterThanOrEqual(4 * 7);
    expect(days.every((day) => day.count > 0)).toBe(true);
    expect(history.measurements).toBeGreaterThan(10_000);
  });

  it.each([
    ['Quality 2026', 4],
    ['Landline quality 2026', 4],
  ])('scores every provider of the demo scorecard %s', async (name, providers) => {
    const response = await api.app.inject(`/scorecards/${await named('/scorecards', name)}/calculations`);
    expect(response.statusCode, response.body).toBe(200);
    const { live, warnings } = response.json() as Scores;
    expect(warnings).toEqual([]);
    expect(live.entities).toHaveLength(providers);
    for (const entity of live.entities) expect(entity.score).toBeGreaterThan(0);
  });

  it("scores the analyst's own provider, Movistar", async () => {
    const response = await analyst.inject(`/scorecards/${await named('/scorecards', 'Quality 2026')}/calculations`);
    expect(response.statusCode, response.body).toBe(200);
    const movistar = await named('/api/providers', 'Movistar');
    const scored = (response.json() as Scores).live.entities.filter((entity) => entity.score !== null);
    expect(scored.map((entity) => entity.entity)).toEqual([movistar]);
  });

  it('answers the analyst several destinations by program, and warns of the DNS program, which has no targets', async () => {
    const byDestination = (programs: string[]) =>
      analyst.inject({ method: 'POST', url: '/api/bydestination', payload: { kpi: 'latency', programs } });
    const answer = await byDestination(['ping', 'speedtest']);
    expect(answer.statusCode, answer.body).toBe(200);
    const destinations = (answer.json() as Graphic).series.map((series) => series.key.destination);
    expect(new Set(destinations).size).toBeGreaterThanOrEqual(2);
    const withDns = await byDestination(['ping', 'dns']);
    expect(withDns.statusCode, withDns.body).toBe(200);
    expect((withDns.json() as Graphic).warnings.map((warning) => warning.code)).toContain(
      'destinations.someProgramsWithoutTargets',
    );
  });

  it('lands the analyst on the storyboard', async () => {
    const { email, password } = demoLogins[1]!;
    const login = await api.raw.inject({ method: 'POST', url: '/login', payload: { email, password } });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().landing).toBe('storyboard');
  });
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
