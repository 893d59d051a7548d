import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EnrichedMeasurement, FileRecord, Language } from '@nq/contracts';
import type { ScorecardReportAnswer } from '@nq/contracts/analytics/scorecard-report';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { pdfPageCount } from '@nq/platform/pdf/pdf-renderer';
import { numberText } from '@nq/platform/pdf/pdf-texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { storedNameOf } from '../files/file-job.ts';

// The scorecard report on demo-like data, end to end: the route records a file, the job worker renders the PDF into
// the file store, and the test reads it as a person would: poppler turns its pages into PNG (test-results/pdf-pages/,
// to look at) and its text into lines (pdftotext), and lists its raster images (pdfimages: charts are vector, none).

const outputDir = resolve(import.meta.dirname, '../../../../test-results/pdf-pages');
const window = { from: '2026-10-01', to: '2026-10-28' };
/** The demo's four providers: each its typical speed and latency, Digi improving and Orange declining over the days. */
const providers = [
  { key: 'movistar', name: 'Movistar', numeric: '21407', download: 62, latency: 24, trend: 0 },
  { key: 'vodafone', name: 'Vodafone', numeric: '21401', download: 48, latency: 32, trend: 0 },
  { key: 'orange', name: 'Orange', numeric: '21403', download: 44, latency: 38, trend: -0.6 },
  { key: 'digi', name: 'Digi', numeric: '21422', download: 30, latency: 50, trend: 0.9 },
] as const;
/** Digi's outage: two days without a measurement, a gap in its lines. */
const outageDays = new Set([12, 13]);
const kpiNames = {
  en: ['Download speed', 'Upload speed', 'Latency'],
  es: ['Velocidad de descarga', 'Velocidad de subida', 'Latencia'],
} as const;
const chartTitles = {
  en: (kpi: string) => `${kpi} per day (whole day)`,
  es: (kpi: string) => `${kpi} por día (todo el día)`,
};

type Scores = { live: { entities: { entity: string; score: number | null }[] } };

describe('scorecard report (PDF) — embedded', { timeout: 180_000 }, () => {
  let api: TestApi;
  let app: SignedClient;
  const ids: Record<string, string> = {};

  const create = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const asked = (body: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/scorecards/${ids.scorecard}/report`, payload: body, headers });
  async function finished(file: FileRecord) {
    for (let waited = 0; waited < 90_000; waited += 200) {
      const job = await api.platform.jobs.get(file.id);
      if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job;
      await new Promise((done) => setTimeout(done, 200));
    }
    throw new Error(`the report ${file.id} did not finish`);
  }
  async function pdfOf(file: FileRecord) {
    const chunks: Buffer[] = [];
    for await (const chunk of api.platform.files.open(storedNameOf(file.id, file.name))) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  const poppler = (tool: string, args: string[]) => execFileSync(tool, args, { encoding: 'utf8' });

  beforeAll(async () => {
    api = await openTestApi();
    app = api.app;
    ids.campaign = await create('/api/campaigns-management', {
      name: 'Madrid drive test 2026',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    for (const { key, name, numeric } of providers)
      ids[key] = await create('/api/providers', { name, label: name, country: 'Spain', numeric });
    const mos = (kpi: string, weight: number, mappingFunction: string, lower: number, upper: number) => ({
      kpi,
      weight,
      min: 0,
      max: 1000,
      operator: mappingFunction === 'invertedLinear' ? 'lte' : 'gte',
      mappingFunction,
      limits: { lower, upper, absoluteUpper: upper * 2 },
    });
    // The demo's "Quality 2026" as first defined.
    ids.scorecard = await create('/scorecards', {
      name: 'Quality 2026',
      weight: 100,
      maxScore: 10,
      campaigns: [ids.campaign],
      providers: providers.map(({ key }) => ids[key]),
      kpis: [
        { kpi: 'download', weight: 40, fringes: [] },
        { kpi: 'upload', weight: 20, fringes: [] },
        { kpi: 'latency', weight: 40, fringes: [] },
      ],
      mosEntries: [
        mos('download', 40, 'linear', 5, 150),
        mos('upload', 20, 'squareRoot', 1, 40),
        mos('latency', 40, 'invertedLinear', 20, 120),
      ],
    });
    const measurements: EnrichedMeasurement[] = [];
    // The window and the one before it (the comparison): September 3 to October 28.
    for (const [index, provider] of providers.entries())
      for (let day = -27; day <= 28; day++) {
        if (provider.key === 'digi' && outageDays.has(day)) continue;
        const date = new Date(Date.UTC(2026, 9, day));
        for (const hour of [8, 13, 21]) {
          const evening = hour === 21 ? 0.8 : 1;
          const wave = Math.sin(day / 3 + index) * 3;
          const download = (provider.download + provider.trend * day + wave) * evening;
          const measuredAt = new Date(date.getTime() + hour * 3_600_000).toISOString();
          measurements.push(
            sampleMeasurement({
              provider: ids[provider.key],
              isp: provider.name,
              measuredAt,
              receivedAt: measuredAt,
              hour,
              fringe: hour < 12 ? 0 : hour < 20 ? 1 : 2,
              kpis: { download, upload: download / 4, latency: provider.latency - (provider.trend * day) / 2 - wave },
              campaigns: [ids.campaign!],
            }),
          );
        }
      }
    expect(await api.platform.measurements.write(measurements)).toEqual({ failed: [] });
    rmSync(outputDir, { recursive: true, force: true });
    mkdirSync(outputDir, { recursive: true });
  }, 180_000);
  afterAll(() => api?.raw.close());

  for (const language of ['en', 'es'] as const satisfies Language[])
    it(`renders the report in ${language}: a title page, the scores of every provider, the KPIs, a vector chart per KPI`, async () => {
      const response = await asked({ ...window, compare: 'previous', language });
      expect(response.statusCode, response.body).toBe(202);
      const { file } = response.json() as ScorecardReportAnswer;
      expect(file).toMatchObject({
        service: 'scorecardReport',
        status: 'inProgress',
        name: 'quality-2026-2026-10-01-2026-10-28.pdf',
      });
      // The files screen lists it as soon as it is asked for.
      const listed = await app.inject('/files-management?service=scorecardReport');
      expect((listed.json() as { list: FileRecord[] }).list.map((item) => item.id)).toContain(file.id);
      expect(await finished(file)).toMatchObject({ state: 'completed' });
      const ready = await app.inject('/files-management?service=scorecardReport&status=ready');
      expect((ready.json() as { list: FileRecord[] }).list.map((item) => item.id)).toContain(file.id);

      const pdf = await pdfOf(file);
      const path = join(outputDir, `scorecard-report-${language}.pdf`);
      writeFileSync(path, pdf);
      // Title page; the two score tables with the KPIs; the three drilldown charts (two fit a page).
      expect(pdfPageCount(pdf)).toBe(4);
      poppler('pdftoppm', ['-png', '-r', '80', path, join(outputDir, `scorecard-report-${language}`)]);
      const pages = readdirSync(outputDir).filter((name) => /^scorecard-report-\w\w-\d+\.png$/.test(name));
      expect(pages.filter((name) => name.startsWith(`scorecard-report-${language}-`))).toHaveLength(4);

      const text = poppler('pdftotext', ['-layout', path, '-']);
      const [, ...pageTexts] = ['', ...text.split('\f')];
      expect(pageTexts[0]).toContain('Quality 2026');
      expect(pageTexts[0]).toContain(language === 'en' ? '4 providers compared' : '4 proveedores en comparación');
      const calculation = await app.inject({
        url: `/scorecards/${ids.scorecard}/calculations?from=${window.from}&to=${window.to}`,
      });
      const { live } = calculation.json() as Scores;
      expect(live.entities).toHaveLength(4);
      for (const entity of live.entities) {
        const name = providers.find((provider) => ids[provider.key] === entity.entity)!.name;
        const score = numberText(entity.score!, language);
        // Each provider on its row with its total score, in the report's way of writing numbers.
        expect(pageTexts[1]).toMatch(new RegExp(`${name}\\s+${score.replace('.', '\\.')}\\b`));
      }
      if (language === 'es') expect(pageTexts[1]).toMatch(/\d,\d/);
      for (const kpi of kpiNames[language]) {
        expect(pageTexts[1]).toContain(kpi);
        expect(text).toContain(chartTitles[language](kpi));
      }
      if (language === 'es') for (const kpi of kpiNames.en) expect(text).not.toContain(kpi);
      // The charts' legends and axes are text in the PDF, and nothing in it is a picture.
      const charts = pageTexts.slice(2).join('\n');
      for (const { name } of providers) expect(charts).toContain(name);
      expect(charts).toContain('Mbps');
      expect(charts).toContain(language === 'en' ? '1 Oct 2026' : '1 oct 2026');
      const images = poppler('pdfimages', ['-list', path]).trim().split('\n').slice(2);
      expect(images).toEqual([]);
      // Every text, the charts' too, in the embedded Roboto (a font the charts could not open falls back to Helvetica).
      const fonts = poppler('pdffonts', [path]).trim().split('\n').slice(2);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+Roboto-\w+\s/);
    });

  it('asks for one file however often a request with the same Idempotency-Key is retried', async () => {
    const first = await asked(window, { 'idempotency-key': 'report-1' });
    const again = await asked(window, { 'idempotency-key': 'report-1' });
    expect(first.statusCode, first.body).toBe(202);
    const { file } = first.json() as ScorecardReportAnswer;
    expect((again.json() as ScorecardReportAnswer).file.id).toBe(file.id);
    await finished(file);
  });

  it('refuses, before queueing anything, an unknown scorecard and a window it cannot read', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/scorecards/nope/report', payload: window });
    expect(unknown.statusCode, unknown.body).toBe(404);
    const analyst = await api.as('report-analyst', { tsStart: '2026-10-01', tsEnd: '2026-10-31' });
    const outside = await analyst.inject({
      method: 'POST',
      url: `/scorecards/${ids.scorecard}/report`,
      payload: { from: '2026-09-01', to: '2026-09-30' },
    });
    expect(outside.statusCode, outside.body).toBe(422);
    expect(outside.json()).toMatchObject({ code: 'scorecards.outOfProfileDateLimits' });
  });
});
