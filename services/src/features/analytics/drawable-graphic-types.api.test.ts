import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LayerId, translate } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { renderDashboardPdf } from '../personal-dashboards/personal-dashboard-send.job.ts';

const layers = (...ids: LayerId[]) => ({ layers: ids.map((id) => ({ id, groups: [] })) });
const boxplot = { graphicType: 'boxplot', axes: { value: 'latency' } };
const scatterplot = { graphicType: 'scatterplot', axes: { x: 'download', y: 'latency' } };
const bars = { graphicType: 'bars', kpi: 'latency' };

/**
 * The advanced graphic types are drawn for the profiles granted the advanced generator, and no others
 * (docs/product/screens.md#basic_graphic_generator-and-advanced_graphic_generator).
 */
describe('the graphic types a profile draws', { timeout: 120_000 }, () => {
  let api: TestApi;
  let basic: SignedClient;
  let screensOnly: SignedClient;
  let advanced: SignedClient;
  const draw = (client: SignedClient, payload: object, language = 'en') =>
    client.inject({ method: 'POST', url: '/api/graphic', payload, headers: { 'accept-language': language } });

  beforeAll(async () => {
    api = await openTestApi();
    basic = await api.as('basic-drawer', layers('basic_graphic_generator', 'dashboards_personal'));
    screensOnly = await api.as('screens-drawer', layers('evolution', 'storyboard'));
    advanced = await api.as('advanced-drawer', layers('advanced_graphic_generator'));
    const measuredAt = '2026-03-02T10:00:00.000Z';
    const measurements = ['m1', 'm2'].map((measurementId, index) =>
      sampleMeasurement({ measurementId, measuredAt, kpis: { download: 50 + index, latency: 20 + index } }),
    );
    expect(await api.platform.measurements.write(measurements)).toEqual({ failed: [] });
  }, 120_000);
  afterAll(() => api?.raw.close());

  it('refuses a boxplot or a scatterplot to a profile without the advanced generator, whatever generator it names', async () => {
    for (const client of [basic, screensOnly])
      for (const graphic of [boxplot, scatterplot])
        for (const generator of [undefined, 'advanced', 'basic'])
          for (const language of ['en', 'es'] as const) {
            const response = await draw(client, { ...graphic, ...(generator ? { generator } : {}) }, language);
            expect([response.statusCode, response.json().code, response.json().message], response.body).toEqual([
              403,
              'graphics.typeRequiresAdvanced',
              translate('graphics.typeRequiresAdvanced', language),
            ]);
          }
    expect((await draw(basic, boxplot, 'es')).json().message).toBe(
      'Este tipo de gráfico solo está disponible en el generador avanzado, que tu perfil no incluye.',
    );
    for (const client of [basic, screensOnly]) expect((await draw(client, bars)).statusCode).toBe(200);
  });

  it('draws every type for a profile with the advanced generator, even when the request says basic', async () => {
    for (const graphic of [boxplot, scatterplot, bars]) {
      const response = await draw(advanced, { ...graphic, generator: 'basic' });
      expect(response.statusCode, response.body).toBe(200);
    }
    const drawn = (await draw(advanced, boxplot)).json();
    expect(drawn.kind).toBe('boxplot');
    expect(drawn.series.length).toBeGreaterThan(0);
  });

  it("leaves a boxplot saved in a basic profile's dashboard undrawn in its PDF, with the reason", async () => {
    const created = await basic.inject({
      method: 'POST',
      url: '/dashboards/personal',
      payload: { name: 'Boxes', categories: [{ name: 'Latency' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const dashboardId = created.json().id as string;
    const saved = await basic.inject({
      method: 'POST',
      url: `/dashboards/personal/${dashboardId}/Latency/graphic`,
      payload: { title: 'Latency boxes', request: { ...boxplot, generator: 'advanced' } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const { pdf } = await renderDashboardPdf(api.platform, {
      fileId: 'file-boxes',
      dashboardId,
      version: 2,
      timeZone: 'Europe/Madrid',
      language: 'en',
      userId: 'user-basic-drawer',
      profileId: 'basic-drawer',
    });
    const path = join(mkdtempSync(join(tmpdir(), 'nq-boxes-')), 'boxes.pdf');
    writeFileSync(path, pdf);
    const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Latency boxes');
    expect(text).toContain(translate('graphics.typeRequiresAdvanced', 'en'));
  });
});
