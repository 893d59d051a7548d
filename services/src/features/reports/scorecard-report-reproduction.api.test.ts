import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileRecord } from '@nq/contracts';
import type { ScorecardReportAnswer } from '@nq/contracts/analytics/scorecard-report';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { storedNameOf } from '../files/file-job.ts';

// The scorecard report pinned when asked: its File record and its PDF name the scorecard's configuration position and
// the instant its data was received until; asked again with them after the scorecard changed and a late result
// arrived, the PDF says the same figures.

const window = { from: '2026-10-01', to: '2026-10-28' };

describe('reproducing a scorecard report — embedded', { timeout: 180_000 }, () => {
  let api: TestApi;
  const ids: Record<string, string> = {};
  const scratch = mkdtempSync(join(tmpdir(), 'scorecard-report-'));

  const create = async (url: string, payload: object) => {
    const response = await api.app.inject({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const mos = (kpi: string, mappingFunction: string, lower: number, upper: number) => ({
    kpi,
    weight: 50,
    min: 0,
    max: 1000,
    operator: mappingFunction === 'invertedLinear' ? 'lte' : 'gte',
    mappingFunction,
    limits: { lower, upper, absoluteUpper: upper * 2 },
  });
  const measured = (provider: string, day: number, download: number, receivedAt?: string) => {
    const measuredAt = `2026-10-${String(day).padStart(2, '0')}T10:00:00.000Z`;
    return sampleMeasurement({
      provider,
      measuredAt,
      receivedAt: receivedAt ?? measuredAt,
      hour: 10,
      kpis: { download, latency: 30 },
      campaigns: [ids.campaign!],
    });
  };

  /** Asks for the report, waits for its job, and reads the PDF's text (its pages after the title page, whose
   * generation time is the run's own). */
  async function reported(body: object) {
    const response = await api.app.inject({
      method: 'POST',
      url: `/scorecards/${ids.scorecard}/report`,
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(202);
    const { file } = response.json() as ScorecardReportAnswer;
    for (let waited = 0; ; waited += 200) {
      const job = await api.platform.jobs.get(file.id);
      if (job?.state === 'completed') break;
      if (job && ['failed', 'cancelled'].includes(job.state)) throw new Error(`the report ${file.id} ${job.state}`);
      if (waited > 90_000) throw new Error(`the report ${file.id} did not finish`);
      await new Promise((done) => setTimeout(done, 200));
    }
    const chunks: Buffer[] = [];
    for await (const chunk of api.platform.files.open(storedNameOf(file.id, file.name))) chunks.push(chunk as Buffer);
    const path = join(scratch, `${file.id}.pdf`);
    writeFileSync(path, Buffer.concat(chunks));
    const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
    const [, ...pages] = text.split('\f');
    return { file, scores: pages.join('\f'), words: text.replace(/\s+/g, ' ') };
  }

  beforeAll(async () => {
    api = await openTestApi();
    ids.campaign = await create('/api/campaigns-management', {
      name: 'Reproduced drive',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    ids.movistar = await create('/api/providers', {
      name: 'Movistar',
      label: 'Movistar',
      country: 'Spain',
      numeric: '21407',
    });
    ids.orange = await create('/api/providers', {
      name: 'Orange',
      label: 'Orange',
      country: 'Spain',
      numeric: '21403',
    });
    ids.scorecard = await create('/scorecards', {
      name: 'Reproduced quality',
      weight: 100,
      maxScore: 10,
      campaigns: [ids.campaign],
      providers: [ids.movistar, ids.orange],
      kpis: [
        { kpi: 'download', weight: 60, fringes: [] },
        { kpi: 'latency', weight: 40, fringes: [] },
      ],
      mosEntries: [mos('download', 'linear', 10, 110), mos('latency', 'invertedLinear', 20, 120)],
    });
    expect(
      await api.platform.measurements.write([
        measured(ids.movistar, 2, 60),
        measured(ids.movistar, 9, 80),
        measured(ids.orange, 3, 30),
        measured(ids.orange, 10, 40),
      ]),
    ).toEqual({ failed: [] });
  }, 180_000);
  afterAll(async () => {
    await api?.raw.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('renders the same figures as of its position and instant after the scorecard changed and a late result arrived', async () => {
    const first = await reported(window);
    const pin = first.file.reproduce!;
    expect(pin).toEqual({ asOf: expect.stringMatching(/^\d+:\d+$/), receivedUntil: expect.any(String) });
    // The PDF names the pin, and how to ask for the same figures again.
    expect(first.words).toContain(`asOf=${pin.asOf} and receivedUntil=${pin.receivedUntil}`);
    const listed = await api.app.inject('/files-management?service=scorecardReport');
    expect((listed.json() as { list: FileRecord[] }).list.find((file) => file.id === first.file.id)?.reproduce).toEqual(
      pin,
    );

    const update = await api.app.inject({
      method: 'PUT',
      url: `/scorecards/${ids.scorecard}`,
      payload: { mosEntries: [mos('download', 'linear', 50, 150), mos('latency', 'invertedLinear', 20, 120)] },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(await api.platform.measurements.write([measured(ids.orange!, 12, 140, new Date().toISOString())])).toEqual({
      failed: [],
    });

    const now = await reported(window);
    expect(now.file.reproduce!.asOf).toBe(update.json().position);
    expect(now.scores).not.toBe(first.scores);

    const reproduced = await reported({ ...window, asOf: pin.asOf, receivedUntil: pin.receivedUntil });
    expect(reproduced.scores).toBe(first.scores);
    expect(reproduced.file.reproduce).toEqual(pin);
  });

  it('refuses a malformed instant with the catalogue’s error, before queueing anything', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: `/scorecards/${ids.scorecard}/report`,
      payload: { ...window, receivedUntil: 'yesterday' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation.invalidDate',
      details: { fields: [{ field: 'body.receivedUntil', code: 'validation.invalidDate' }] },
    });
    const position = await api.app.inject({
      method: 'POST',
      url: `/scorecards/${ids.scorecard}/report`,
      payload: { ...window, asOf: 'last week' },
    });
    expect(position.statusCode).toBe(400);
    expect(position.json()).toMatchObject({ code: 'validation.invalidFormat' });
  });
});
