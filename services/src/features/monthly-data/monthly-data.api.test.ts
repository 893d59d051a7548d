import { type FileRecord, monthLabel, previousMonth, translate } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { storedNameOf } from '../files/file-job.ts';

// The monthly data on the embedded platform: the route records a file, the job writes the zip into the file store,
// and each CSV in it holds what `/medux/{service}/{deployment}/csv` answers for the month's days.

const now = new Date();
const lastMonth = previousMonth(now, 'Etc/UTC');
const label = monthLabel(lastMonth);
const lastDay = new Date(Date.UTC(lastMonth.year, lastMonth.month, 0)).getUTCDate();
const day = (dayOfMonth: number, time = '10:00:00.000') => `${label}-${String(dayOfMonth).padStart(2, '0')}T${time}Z`;
/** The first instant of the month after: still the last month's last evening in Costa Rica (UTC-6). */
const nextMonthStart = new Date(Date.UTC(lastMonth.year, lastMonth.month, 1, 3)).toISOString();
const monthBeforeEnd = new Date(Date.UTC(lastMonth.year, lastMonth.month - 1, 1) - 1).toISOString();

const measurement = (probeId: string, probeType: 'mobile' | 'landline', measuredAt: string) =>
  sampleMeasurement({ probeId, probeType, measuredAt, receivedAt: measuredAt });
const measurements = [
  ...[1, 9, 17, lastDay].map((dayOfMonth) => measurement('mp1', 'mobile', day(dayOfMonth))),
  measurement('mp1', 'mobile', day(lastDay, '23:59:59.999')),
  measurement('mp2', 'mobile', day(3)),
  ...[2, 20].map((dayOfMonth) => measurement('lp1', 'landline', day(dayOfMonth))),
  // Outside the month in UTC: the day before and the hours after it.
  measurement('mp1', 'mobile', monthBeforeEnd),
  measurement('lp1', 'landline', nextMonthStart),
];

describe('monthly data for the regulator — embedded', { timeout: 120_000 }, () => {
  let api: TestApi;
  let admin: SignedClient;

  const generate = (client: SignedClient, path: string, headers: Record<string, string> = {}) =>
    client.inject({ method: 'POST', url: `/api/sutel-backend/data/generate/${path}`, headers });

  async function finished(file: FileRecord) {
    for (let waited = 0; waited < 60_000; waited += 200) {
      const job = await api.platform.jobs.get(file.id);
      if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job;
      await new Promise((done) => setTimeout(done, 200));
    }
    throw new Error(`the monthly data ${file.id} did not finish`);
  }
  async function zipOf(file: FileRecord) {
    const chunks: Buffer[] = [];
    for await (const chunk of api.platform.files.open(storedNameOf(file.id, file.name))) chunks.push(chunk as Buffer);
    const entries = unzipSync(Buffer.concat(chunks));
    return Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, Buffer.from(bytes).toString()]));
  }
  const linesOf = (csv: string) => csv.split('\n').filter((line) => line !== '');
  async function generated(client: SignedClient) {
    const response = await generate(client, `${lastMonth.year}/${lastMonth.month}`);
    expect(response.statusCode, response.body).toBe(202);
    const { file } = response.json() as { file: FileRecord };
    expect(await finished(file)).toMatchObject({ state: 'completed' });
    return { file, zip: await zipOf(file) };
  }
  const exported = (client: SignedClient, service: string, deployment: string) =>
    client.inject({
      method: 'POST',
      url: `/medux/${service}/${deployment}/csv`,
      payload: { tsStart: `${label}-01`, tsEnd: `${label}-${lastDay}` },
    });

  beforeAll(async () => {
    api = await openTestApi();
    admin = api.app;
    const probe = { family: 'Cube', name: 'Probe' };
    for (const [probeId, type, deployment] of [
      ['mp1', 'mobile', 'Production'],
      ['mp2', 'mobile', 'Production'],
      ['lp1', 'landline', 'Staging'],
    ] as const) {
      const response = await admin.inject({
        method: 'POST',
        url: '/probes',
        payload: { ...probe, probeId, type, deployment },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    expect(await api.platform.measurements.write(measurements)).toEqual({ failed: [] });
  }, 120_000);
  afterAll(() => api?.raw.close());

  it('makes a ready zip of the month: a CSV per service and deployment with probes, as /medux answers, and a README', async () => {
    const { file, zip } = await generated(admin);
    expect(file).toMatchObject({ service: 'monthlyData', name: `monthly-data-${label}.zip` });
    expect(Object.keys(zip).sort()).toEqual([
      'README.txt',
      'measurements-landline-Staging.csv',
      'measurements-mobile-Production.csv',
    ]);
    for (const [service, deployment, rows] of [
      ['mobile', 'Production', 6],
      ['landline', 'Staging', 2],
    ] as const) {
      const csv = linesOf(zip[`measurements-${service}-${deployment}.csv`]!);
      const medux = linesOf((await exported(admin, service, deployment)).body);
      expect(csv[0]).toBe(medux[0]);
      expect(csv).toHaveLength(rows + 1);
      expect(csv.length).toBe(medux.length);
    }
    expect(zip['README.txt']).toContain(`Monthly data ${label}`);
    expect(zip['README.txt']).toContain('Etc/UTC');
    expect(zip['README.txt']).toContain('- measurements-mobile-Production.csv: 6 rows');

    const list = await admin.inject({ method: 'GET', url: '/files-management?service=monthlyData' });
    expect(list.json().list).toEqual([expect.objectContaining({ id: file.id, status: 'ready' })]);
  });

  it("takes the month's days in the profile's time zone", async () => {
    const regulator = await api.as('regulator', {
      rol: 'admin',
      timeZone: 'America/Costa_Rica',
      probes: ['mp1', 'mp2', 'lp1'],
    });
    const { zip } = await generated(regulator);
    // 03:00 UTC on the first of the next month is the last evening of the month in Costa Rica.
    expect(linesOf(zip['measurements-landline-Staging.csv']!)).toHaveLength(3 + 1);
    expect(linesOf((await exported(regulator, 'landline', 'Staging')).body)).toHaveLength(3 + 1);
    expect(zip['README.txt']).toContain('America/Costa_Rica');
  });

  it('refuses the current month and a month to come, saying which, in the language asked', async () => {
    const current = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
    const notOver = await generate(admin, `${current.year}/${current.month}`);
    expect(notOver.statusCode).toBe(422);
    expect(notOver.json()).toMatchObject({
      code: 'monthlyData.monthNotOver',
      message: translate('monthlyData.monthNotOver', 'en', { month: monthLabel(current) }),
    });
    const future = await generate(admin, `${current.year + 1}/1`, { 'accept-language': 'es' });
    expect(future.statusCode).toBe(422);
    expect(future.json()).toMatchObject({
      code: 'monthlyData.futureMonth',
      message: `El mes ${current.year + 1}-01 todavía no ha empezado: los datos mensuales se generan de meses ya terminados.`,
    });
  });

  it("refuses a month outside the profile's date limits", async () => {
    const limited = await api.as('limited', { rol: 'admin', tsStart: `${label}-15T00:00:00.000Z` });
    const response = await generate(limited, `${lastMonth.year}/${lastMonth.month}`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'profiles.outOfDateLimits',
      message: translate('profiles.outOfDateLimits', 'en'),
    });
  });

  it('refuses a malformed year or month, naming the bounds', async () => {
    const refusals = [];
    for (const path of ['1999/5', '2101/1', '2026/0', '2026/13', '2026/x', 'x/1', '2026/1.5']) {
      const response = await generate(admin, path);
      refusals.push(`${path} ${response.statusCode} ${response.json().message}`);
    }
    const between = (min: number, max: number) => translate('validation.outOfRange', 'en', { min, max });
    const notANumber = translate('validation.invalidNumber', 'en');
    expect(refusals).toEqual([
      `1999/5 400 ${between(2000, 2100)}`,
      `2101/1 400 ${between(2000, 2100)}`,
      `2026/0 400 ${between(1, 12)}`,
      `2026/13 400 ${between(1, 12)}`,
      `2026/x 400 ${notANumber}`,
      `x/1 400 ${notANumber}`,
      `2026/1.5 400 ${notANumber}`,
    ]);
  });

  it('lets only administrators with files management generate it', async () => {
    const user = await api.as('files-user', { rol: 'user' });
    const refused = await generate(user, `${lastMonth.year}/${lastMonth.month}`, { 'accept-language': 'es' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.adminOnly', message: translate('auth.adminOnly', 'es') });
    const withoutFiles = await api.as('admin-without-files', {
      rol: 'admin',
      layers: [{ id: 'storyboard', groups: [] }],
    });
    const response = await generate(withoutFiles, `${lastMonth.year}/${lastMonth.month}`);
    expect(`${response.statusCode} ${response.json().code}`).toBe('403 profiles.layerNotGranted');
  });
});
