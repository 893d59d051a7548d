import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EnrichedMeasurement, FileRecord, RegulatoryCalculationResponse } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { pdfPageCount } from '@nq/platform/pdf/pdf-renderer';
import { seededRandom } from '@nq/platform/seeded-random';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { storedNameOf } from '../files/file-job.ts';

// A regulatory report on the embedded profile over a seeded panel: its figures checked against a reference computed
// here (type 7 quantiles of the pooled values, Wilson's formula), withheld figures, exclusions, differences, the same
// figures reproduced after the definition changed and later measurements arrived, and its CSV and PDF files.

const outputDir = resolve(import.meta.dirname, '../../../../test-results/pdf-pages');

/** Type 7 quantile, written out as its definition (h = (n − 1) p; interpolate between the values around h). */
function referenceQuantile(values: readonly number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * p;
  const below = Math.floor(h);
  return sorted[below]! + (h - below) * ((sorted[Math.ceil(h)] ?? sorted[below]!) - sorted[below]!);
}

/** Wilson's score interval, from its formula. */
function referenceWilson(successes: number, trials: number) {
  const z = 1.959963984540054;
  const p = successes / trials;
  const centre = (p + (z * z) / (2 * trials)) / (1 + (z * z) / trials);
  const half = (z / (1 + (z * z) / trials)) * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials));
  return { low: 100 * (centre - half), high: 100 * (centre + half) };
}

describe('regulatory reports — embedded', { timeout: 120_000 }, () => {
  let api: TestApi;
  let app: SignedClient;
  const ids: Record<string, string> = {};
  /** Download values of each provider's published measurements, as written. */
  const downloads: Record<string, number[]> = { fast: [], slow: [] };
  const receivedUntil = '2026-11-05T00:00:00.000Z';

  const create = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; position: string };
  };
  const calculation = async (query: Record<string, string> = {}) => {
    const response = await app.inject(
      `/regulatory-reports/${ids.report}/calculations?${new URLSearchParams({ receivedUntil, ...query })}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RegulatoryCalculationResponse;
  };
  const report = {
    name: 'Mobile broadband, October 2026',
    description: 'Download speed and latency of the mobile panel.',
    from: '2026-10-01',
    to: '2026-10-31',
    timeZone: 'Europe/Madrid',
    kpis: [
      {
        kpi: 'download',
        statistics: [
          { kind: 'median' },
          { kind: 'percentile', p: 10 },
          { kind: 'shareAtLeast', threshold: 75 },
          { kind: 'consistent' },
        ],
      },
    ],
    minimumMeasurements: 30,
    minimumProbes: 5,
    resamples: 400,
    seed: 7,
  };

  beforeAll(async () => {
    api = await openTestApi();
    app = api.app;
    for (const [key, name, numeric] of [
      ['fast', 'Fastnet', '21401'],
      ['slow', 'Slowtel', '21403'],
      ['tiny', 'Tinycom', '21422'],
      ['other', 'Othercom', '21499'],
    ] as const)
      ids[key] = (await create('/api/providers', { name, label: name, country: 'Spain', numeric })).id;
    const created = await create('/regulatory-reports', {
      ...report,
      providers: [ids.fast, ids.slow, ids.tiny],
    });
    ids.report = created.id;
    ids.firstPosition = created.position;

    const random = seededRandom(42);
    const measurements: EnrichedMeasurement[] = [];
    const measured = (
      provider: string,
      probe: string,
      download: number,
      changes: Partial<EnrichedMeasurement> = {},
    ) => {
      const day = 1 + Math.floor(random() * 30);
      const at = `2026-10-${String(day).padStart(2, '0')}T12:00:00.000Z`;
      measurements.push(
        sampleMeasurement({
          provider: ids[provider],
          probeId: probe,
          measuredAt: at,
          receivedAt: at,
          kpis: { download },
          ...changes,
        }),
      );
    };
    // Fastnet: 12 probes around 100 Mbps (each its own level), Slowtel: 12 around 50, ten tests each.
    for (const [provider, level] of [
      ['fast', 100],
      ['slow', 50],
    ] as const)
      for (let probe = 0; probe < 12; probe++) {
        const probeLevel = level * (0.8 + 0.4 * random());
        for (let test = 0; test < 10; test++) {
          const value = Math.round(probeLevel * (0.7 + 0.6 * random()) * 100) / 100;
          downloads[provider]!.push(value);
          measured(provider, `${provider}probe${probe}`, value);
        }
      }
    // Tinycom: two probes only, too few to publish.
    for (let test = 0; test < 40; test++) measured('tiny', `tinyprobe${test % 2}`, 30);
    // Left out and counted: a failed test, a provider the report does not name. Not read: one received after the instant.
    measured('fast', 'fastprobe0', 1, { status: 'Error' });
    measured('other', 'otherprobe', 70);
    measured('fast', 'fastprobe1', 2, { receivedAt: '2026-11-20T00:00:00.000Z' });
    expect(await api.platform.measurements.write(measurements)).toEqual({ failed: [] });
    mkdirSync(outputDir, { recursive: true });
  }, 120_000);
  afterAll(() => api?.raw.close());

  it("publishes each provider's figures with the reference values, their intervals and sample sizes", async () => {
    const answer = await calculation();
    expect(answer.groups.map((group) => group.provider)).toEqual([
      { id: ids.fast, name: 'Fastnet' },
      { id: ids.slow, name: 'Slowtel' },
      { id: ids.tiny, name: 'Tinycom' },
    ]);
    const [fast, slow, tiny] = answer.groups;
    const [median, p10, share, consistent] = fast!.figures;
    expect(median).toMatchObject({ kpi: 'download', measurements: 120, probes: 12, published: true });
    expect(median!.value).toBeCloseTo(referenceQuantile(downloads.fast!, 0.5), 9);
    expect(p10!.value).toBeCloseTo(referenceQuantile(downloads.fast!, 0.1), 9);
    for (const figure of [median!, p10!]) {
      expect(figure.interval!.low).toBeLessThanOrEqual(figure.value!);
      expect(figure.interval!.high).toBeGreaterThanOrEqual(figure.value!);
    }
    const above = downloads.fast!.filter((value) => value >= 75).length;
    expect(share!.value).toBeCloseTo((100 * above) / 120, 9);
    const wilson = referenceWilson(above, 120);
    expect(share!.interval!.low).toBeCloseTo(wilson.low, 9);
    expect(share!.interval!.high).toBeCloseTo(wilson.high, 9);
    // 80/80: the 20th percentile across probes of each probe's 20th percentile.
    const perProbe = Array.from({ length: 12 }, (_, probe) =>
      referenceQuantile(downloads.fast!.slice(probe * 10, probe * 10 + 10), 0.2),
    );
    expect(consistent!.value).toBeCloseTo(referenceQuantile(perProbe, 0.2), 9);
    expect(slow!.figures[0]!.value).toBeCloseTo(referenceQuantile(downloads.slow!, 0.5), 9);

    // Two probes are too few: not published, and it says why.
    expect(tiny!.figures[0]).toEqual({
      kpi: 'download',
      statistic: { kind: 'median' },
      value: null,
      interval: null,
      measurements: 40,
      probes: 2,
      published: false,
      withheld: 'tooFewProbes',
    });
    // Fastnet is faster than Slowtel at 95 %, on every figure both publish.
    const pairs = answer.comparisons.filter((comparison) => comparison.a === ids.fast && comparison.b === ids.slow);
    expect(pairs).toHaveLength(4);
    for (const pair of pairs) expect(pair).toMatchObject({ differs: true });
    expect(answer.comparisons.every((comparison) => comparison.b !== ids.tiny)).toBe(true);
    expect(Object.fromEntries(answer.exclusions.map((item) => [item.reason, item.measurements]))).toEqual({
      notFinished: 1,
      otherProvider: 1,
    });
    expect(answer.reproduce).toMatchObject({
      asOf: ids.firstPosition,
      version: 1,
      receivedUntil,
      seed: 7,
      resamples: 400,
      confidence: 0.95,
      selection: { tsStart: '2026-10-01', tsEnd: '2026-10-31', timeZone: 'Europe/Madrid', sources: ['panel'] },
    });
  });

  it('answers the same figures, as of its version and instant, after the definition changed and more data arrived', async () => {
    const before = await calculation();
    const update = await app.inject({
      method: 'PUT',
      url: `/regulatory-reports/${ids.report}`,
      payload: { minimumProbes: 1, seed: 8 },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(
      await api.platform.measurements.write([
        sampleMeasurement({
          provider: ids.fast,
          probeId: 'fastprobe0',
          measuredAt: '2026-10-10T12:00:00.000Z',
          receivedAt: new Date().toISOString(),
          kpis: { download: 5 },
        }),
      ]),
    ).toEqual({ failed: [] });

    const now = await calculation({ receivedUntil: new Date().toISOString() });
    expect(now.reproduce.version).toBe(2);
    expect(now.groups[2]!.figures[0]!.published).toBe(true);
    // The one received late counts now, and so does the new one.
    expect(now.groups[0]!.figures[0]!.measurements).toBe(122);

    const again = await calculation({ asOf: before.reproduce.asOf, receivedUntil: before.reproduce.receivedUntil });
    expect(again.groups).toEqual(before.groups);
    expect(again.comparisons).toEqual(before.comparisons);
    expect(again.exclusions).toEqual(before.exclusions);
    expect(again.reproduce).toEqual(before.reproduce);
  });

  it('refuses a definition it could not publish from, and an instant still to come, in the caller’s language', async () => {
    const refused = async (payload: object, language: 'en' | 'es') => {
      const response = await app.inject({
        method: 'POST',
        url: '/regulatory-reports',
        payload: { ...report, name: `Refused ${Math.random()}`, ...payload },
        headers: { 'accept-language': language },
      });
      expect(response.statusCode, response.body).toBe(400);
      return response.json() as { code: string; message: string };
    };
    expect(await refused({ from: '2026-10-31', to: '2026-10-01' }, 'en')).toMatchObject({
      code: 'regulatoryReports.periodEndBeforeStart',
      message: 'The period ends (2026-10-01) before it starts (2026-10-31).',
    });
    expect(await refused({ kpis: [{ kpi: 'latency', statistics: [{ kind: 'consistent' }] }] }, 'es')).toMatchObject({
      code: 'regulatoryReports.consistentSpeedOnly',
      message: 'La velocidad consistente (80/80) solo se aplica a las velocidades de bajada y subida, no a latency.',
    });
    const future = await app.inject(
      `/regulatory-reports/${ids.report}/calculations?receivedUntil=${new Date(Date.now() + 86_400_000).toISOString()}`,
    );
    expect(future.statusCode, future.body).toBe(400);
    expect(future.json()).toMatchObject({ code: 'regulatoryReports.receivedUntilFuture' });
  });

  async function fileOf(format: 'csv' | 'pdf', language: 'en' | 'es') {
    const asked = await app.inject({
      method: 'POST',
      url: `/regulatory-reports/${ids.report}/files`,
      payload: { format, asOf: ids.firstPosition, receivedUntil, language },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { file } = asked.json() as { file: FileRecord };
    expect(file).toMatchObject({ service: 'regulatoryReport', status: 'inProgress' });
    for (let waited = 0; ; waited += 200) {
      const job = await api.platform.jobs.get(file.id);
      if (job?.state === 'completed') break;
      if (job && ['failed', 'cancelled'].includes(job.state))
        throw new Error(`the file failed: ${JSON.stringify(job)}`);
      if (waited > 90_000) throw new Error(`the file ${file.id} did not finish`);
      await new Promise((done) => setTimeout(done, 200));
    }
    const chunks: Buffer[] = [];
    for await (const chunk of api.platform.files.open(storedNameOf(file.id, file.name))) chunks.push(chunk as Buffer);
    return { file, content: Buffer.concat(chunks) };
  }

  it('writes every figure to a CSV file with its interval, sample size and what reproduces it', async () => {
    const { file, content } = await fileOf('csv', 'en');
    expect(file.name).toBe('mobile-broadband-october-2026-2026-10-01-2026-10-31.csv');
    const lines = content.toString('utf8').split('\n');
    // The file record names what reproduces it: the report's version position and the data instant the rows carry.
    expect(file.reproduce).toEqual({ asOf: expect.any(String), receivedUntil });
    expect(lines[1]).toContain(`,"${file.reproduce!.asOf}","${receivedUntil}",`);
    expect(lines[0]).toBe(
      '"report","providerId","provider","technology","kpi","unit","statistic","value","low95","high95","measurements","probes","published","withheld","from","to","asOf","receivedUntil","seed"',
    );
    expect(lines).toHaveLength(1 + 3 * 4);
    expect(lines[1]).toContain(`"${ids.fast}","Fastnet","","download","Mbps","median",`);
    expect(lines[1]).toContain(`,120,12,true,"",`);
    expect(lines[9]).toContain(',40,2,false,"fewer than 5 probes"');
    // The period's instants in the report's time zone.
    expect(lines[1]).toContain(',"2026-10-01T00:00:00+02:00","2026-10-31T23:59:59.999+01:00",');
  });

  it('writes the CSV as Spanish spreadsheets open it when asked in Spanish: BOM, semicolons, decimal commas', async () => {
    const { content } = await fileOf('csv', 'es');
    const text = content.toString('utf8');
    expect(text.startsWith('\ufeff"report";"providerId";')).toBe(true);
    const median = text.split('\n')[1]!;
    expect(median).toMatch(/;"median";\d+,\d+;\d+,\d+;\d+,\d+;120;12;/);
  });

  it('renders the PDF: figures, differences and a methodology written from the definition', async () => {
    const { content } = await fileOf('pdf', 'es');
    const path = join(outputDir, 'regulatory-report-es.pdf');
    writeFileSync(path, content);
    expect(pdfPageCount(content)).toBeGreaterThanOrEqual(3);
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    expect(text).toContain('Mobile broadband, October 2026');
    expect(text).toContain('Velocidad de descarga: mediana');
    expect(text).toMatch(/Tinycom\s+no publicada \(menos de 5 sondas\)/);
    expect(text).toContain('Diferencias entre proveedores');
    expect(text).toContain('Metodología');
    expect(text).toContain('bootstrap por conglomerados de sondas (400 remuestreos, semilla 7)');
    expect(text).toContain('no terminadas (canceladas, pendientes, fallidas o no válidas): 1');
    expect(text).toContain(`asOf=${ids.firstPosition}`);
  });
});
