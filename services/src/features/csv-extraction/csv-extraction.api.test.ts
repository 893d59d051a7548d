import {
  csvBodyOf,
  csvInstant,
  defaultCsvColumns,
  type EnrichedMeasurement,
  type FileRecord,
  type ProfileFields,
} from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { waitFor } from '@nq/platform/testing/wait-for';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { everyLayer, openTestApi, type TestApi } from '../../testing/test-api.ts';
import { storedNameOf } from '../files/file-job.ts';

// The CSV extraction end to end on the embedded platform: the route records a file, the job worker scans the
// measurements the profile sees and writes them in the template's columns to the file store.

const programs: ProfileFields['programs'] = [
  { id: 'speedtest', type: 2, program: 'Speed test', groups: [] },
  { id: 'ping', type: 3, program: 'Ping', groups: [] },
];
const analystFields: Partial<ProfileFields> = {
  service: 'mobile',
  programs,
  technologies: [4, 5],
  serverDestinations: [{ name: 'madrid-1', ip: '10.0.0.1' }],
  defaultDestinations: [{ name: 'google-dns', ip: '8.8.8.8' }],
  layers: everyLayer.filter((layer) =>
    ['csv_templates', 'csv_extractor', 'files_management', 'measurementAnalysis', 'maps'].includes(layer.id),
  ),
};
const formula = '=HYPERLINK("http://evil.example","click")';
const extractionOf = (service: string, programIds: string) => `/api/types/${service}/programs/${programIds}/csv`;

/** Measurements of the requested programs and others, to targets of the profile and not, of both services. */
function seededMeasurements(count: number): EnrichedMeasurement[] {
  return Array.from({ length: count }, (_, index) => {
    const ping = index % 3 === 0;
    const web = index % 17 === 0;
    const day = String(1 + (index % 28)).padStart(2, '0');
    const minute = String(index % 60).padStart(2, '0');
    const measuredAt = `2026-10-${day}T${String(index % 24).padStart(2, '0')}:${minute}:00.000Z`;
    return sampleMeasurement({
      measurementId: `m-${String(index).padStart(6, '0')}`,
      probeId: `probe-${index % 9}`,
      probeType: index % 11 === 0 ? 'landline' : 'mobile',
      program: web ? 'web' : ping ? 'ping' : 'speedtest',
      testType: ping ? 'icmp-ping' : 'http-download',
      technology: index % 13 === 0 ? 98 : 4,
      destination: { name: ping ? 'google-dns' : index % 7 === 0 ? 'frankfurt-1' : 'madrid-1' },
      measuredAt,
      receivedAt: measuredAt,
      isp: index === 5 ? formula : 'Movistar',
      kpis: ping ? { latency: 10 + (index % 40) } : { download: 50 + (index % 100) / 4, upload: 9 + (index % 10) },
    });
  });
}

describe('CSV extraction — embedded', { timeout: 120_000 }, () => {
  let api: TestApi;
  let analyst: SignedClient;
  let other: SignedClient;
  const dataset = seededMeasurements(6_000);

  beforeAll(async () => {
    api = await openTestApi();
    analyst = await api.as('csv-extract-analyst', analystFields);
    other = await api.as('csv-extract-other', analystFields);
    expect(await api.platform.measurements.write(dataset)).toEqual({ failed: [] });
  }, 120_000);
  afterAll(() => api?.raw.close());

  const extract = (
    client: SignedClient,
    body: object = {},
    path = extractionOf('mobile', 'speedtest,ping'),
    headers: Record<string, string> = {},
  ) => client.inject({ method: 'POST', url: path, payload: body, headers });

  async function extracted(client: SignedClient, body: object = {}, path?: string, headers?: Record<string, string>) {
    const response = await extract(client, body, path, headers);
    expect(response.statusCode, response.body).toBe(202);
    const { file } = response.json() as { file: FileRecord };
    expect(file).toMatchObject({ service: 'csvExtractor', status: 'inProgress' });
    expect(file.name).toMatch(/^extraction-mobile-\d{4}-\d{2}-\d{2}\.csv$/);
    let ready: FileRecord | undefined;
    await waitFor(`file ${file.id} ready`, async () => {
      const { list } = (await client.inject('/files-management')).json() as { list: FileRecord[] };
      ready = list.find((listed) => listed.id === file.id);
      if (ready?.status === 'error') throw new Error(`the extraction failed: ${ready.errorCode}`);
      return ready?.status === 'ready';
    });
    const chunks: Buffer[] = [];
    for await (const chunk of api.platform.files.open(storedNameOf(file.id, file.name))) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const text = bytes.toString('utf8');
    expect(ready!.size).toBe(bytes.length);
    // A file written with a byte-order mark and the `;` delimiter reads back with them.
    const [header, ...rows] = parse(text, {
      bom: true,
      delimiter: [',', ';'].find((d) => text.includes(`"${d}"`)) ?? ',',
    }) as string[][];
    return { text, bytes, header: header!, rows };
  }

  /** What the measurement search answers for the same filters, oldest first, of the service's probes. */
  async function searched(filters: object) {
    const found: EnrichedMeasurement[] = [];
    for (let page = 1; ; page++) {
      const response = await analyst.inject({
        method: 'POST',
        url: '/api/measurements/by/profile',
        payload: { ...filters, sort: 'measuredAt', order: 'asc', page, pageSize: 500 },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { list } = response.json() as { list: EnrichedMeasurement[] };
      found.push(...list);
      if (list.length < 500) break;
    }
    return found.filter((measurement) => measurement.probeType === 'mobile');
  }

  it('writes, in the default template, every measurement the search finds for the same filters, oldest first', async () => {
    const { header, rows } = await extracted(analyst, { tsStart: '2026-10-01', tsEnd: '2026-10-20' });
    expect(header.join(',')).toBe(csvBodyOf(defaultCsvColumns(programs, [])));
    // The destination rule: only the profile's targets for these programs (not frankfurt-1), as the search with them.
    const expected = await searched({
      programs: ['speedtest', 'ping'],
      args: ['madrid-1', 'google-dns'],
      technologies: [4, 5],
      tsStart: '2026-10-01',
      tsEnd: '2026-10-20',
    });
    expect(expected.length).toBeGreaterThan(2_000);
    const column = (name: string) => header.indexOf(name);
    expect(rows.map((row) => row[column('measurementId')])).toEqual(
      [...expected]
        .sort((a, b) => a.measuredAt.localeCompare(b.measuredAt) || a.measurementId.localeCompare(b.measurementId))
        .map((measurement) => measurement.measurementId),
    );
    const byId = new Map(expected.map((measurement) => [measurement.measurementId, measurement]));
    for (const row of [rows[0]!, rows[1_234]!, rows.at(-1)!]) {
      const measurement = byId.get(row[column('measurementId')]!)!;
      expect(row[column('program')]).toBe(measurement.program);
      expect(row[column('destination')]).toBe(measurement.destination?.name);
      // An instant, in the profile's time zone (UTC here) with its offset.
      expect(row[column('measuredAt')]).toBe(csvInstant(measurement.measuredAt, 'Etc/UTC'));
      const download = measurement.kpis.download;
      expect(row[column('speedtest download')]).toBe(download === undefined ? '' : String(download));
    }
    expect(rows.some((row) => row[column('destination')] === 'frankfurt-1')).toBe(false);
    expect(rows.some((row) => row[column('program')] === 'web')).toBe(false);
  });

  describe('CSV options', () => {
    const spanish = { 'accept-language': 'es-ES,es;q=0.9' };
    let madrid: SignedClient;
    beforeAll(async () => {
      madrid = await api.as('csv-extract-madrid', { ...analystFields, timeZone: 'Europe/Madrid' });
    });
    const filters = { probes: ['probe-1'], tsStart: '2026-10-01', tsEnd: '2026-10-20' };

    it('writes the Spanish defaults for a Spanish caller: BOM, `;`, decimal comma, instants in its time zone', async () => {
      const { text, bytes, header, rows } = await extracted(madrid, filters, undefined, spanish);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [headerLine, firstLine] = text.slice(1).split('\n');
      // The template's header row, whatever the language: its columns' names, now `;`-separated.
      expect(headerLine).toBe(
        csvBodyOf(defaultCsvColumns(programs, []))
          .split(',')
          .map((name) => `"${name}"`)
          .join(';'),
      );
      const column = (name: string) => header.indexOf(name);
      const first = rows[0]!;
      const measurement = dataset.find((m) => m.measurementId === first[column('measurementId')])!;
      // October in Madrid is summer time: UTC+02:00.
      expect(first[column('measuredAt')]).toBe(csvInstant(measurement.measuredAt, 'Europe/Madrid'));
      expect(first[column('measuredAt')]).toMatch(/^2026-10-\d\dT\d\d:\d\d:00\+02:00$/);
      expect(firstLine).toContain(`"${first[column('measurementId')]}";`);
      const withDecimals = rows
        .map((row) => dataset.find((m) => m.measurementId === row[column('measurementId')])!)
        .find((m) => m.kpis.download !== undefined && !Number.isInteger(m.kpis.download))!;
      const row = rows.find((cells) => cells[column('measurementId')] === withDecimals.measurementId)!;
      expect(row[column('speedtest download')]).toBe(String(withDecimals.kpis.download).replace('.', ','));
      // Ids and text stay as they are; numbers without decimals too.
      expect(row[column('probeId')]).toBe('probe-1');
      expect(row[column('technology')]).toBe('4');
    });

    it('writes the options the request names, the language defaults the others', async () => {
      const asked = await extracted(
        madrid,
        { ...filters, csv: { delimiter: ',', bom: false, timeZone: 'America/New_York' } },
        undefined,
        spanish,
      );
      expect(asked.text.startsWith('"measurementId","measuredAt"')).toBe(true);
      const column = (name: string) => asked.header.indexOf(name);
      const first = asked.rows[0]!;
      expect(first[column('measuredAt')]).toMatch(/-04:00$/);
      // The comma delimiter asked alone takes the decimal point.
      expect(asked.rows.some((row) => /^\d+\.\d+$/.test(row[column('speedtest download')]!))).toBe(true);

      const english = await extracted(madrid, filters);
      expect(english.text.startsWith('"measurementId","measuredAt"')).toBe(true);
      expect(english.rows[0]![column('measuredAt')]).toMatch(/\+02:00$/);
    });

    it('refuses a decimal comma with the comma delimiter, in the caller’s language, and queues nothing', async () => {
      const before = ((await madrid.inject('/files-management')).json() as { list: FileRecord[] }).list.length;
      const refused = await extract(
        madrid,
        { ...filters, csv: { delimiter: ',', decimalSeparator: ',' } },
        undefined,
        spanish,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'csvExport.decimalCommaNeedsSemicolon',
        message:
          'El separador decimal «,» necesita el delimitador «;»: con el delimitador «,» cada número decimal se partiría en dos celdas.',
        params: { decimalSeparator: ',', delimiter: ',', required: ';' },
        details: { fields: [{ field: 'body.csv.decimalSeparator', code: 'csvExport.decimalCommaNeedsSemicolon' }] },
      });
      const unknownZone = await extract(madrid, { ...filters, csv: { timeZone: 'Europe/Atlantis' } });
      expect(unknownZone.statusCode).toBe(400);
      expect(unknownZone.json()).toMatchObject({ code: 'validation.invalidOption' });
      const after = ((await madrid.inject('/files-management')).json() as { list: FileRecord[] }).list.length;
      expect(after).toBe(before);
    });
  });

  it('escapes a cell a spreadsheet would run as a formula', async () => {
    const { text, header, rows } = await extracted(analyst, { probes: ['probe-5'] });
    const evil = rows.find((row) => row[header.indexOf('measurementId')] === 'm-000005')!;
    expect(evil[header.indexOf('isp')]).toBe(`'${formula}`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  it('writes the columns of the template asked for, in its order', async () => {
    const columns = [
      { program: 'speedtest', key: 'download' },
      { field: 'measurementId' },
      { program: 'ping', key: 'latency' },
    ];
    const created = await analyst.inject({
      method: 'POST',
      url: `${extractionOf('mobile', 'speedtest,ping')}/templates`,
      payload: { name: 'Download first', columns },
    });
    expect(created.statusCode, created.body).toBe(201);
    const templateId = created.json().result.id as string;
    const { header, rows } = await extracted(analyst, { templateId, probes: ['probe-3'] });
    expect(header).toEqual(['speedtest download', 'measurementId', 'ping latency']);
    const ping = dataset.find((m) => m.measurementId === rows.find((row) => row[2] !== '')![1])!;
    expect(ping.program).toBe('ping');
    expect(rows.every((row) => row[0] === '' || row[2] === '')).toBe(true);
  });

  it('writes providers, campaigns and tags by name, a campaign the profile does not see by id, ids only in id columns', async () => {
    // A profile of its own that also manages campaigns: the campaign it creates is its own, the administrator's is not.
    const namer = await api.as('csv-extract-namer', {
      ...analystFields,
      layers: [...analystFields.layers!, { id: 'campaigns_management', groups: [] }],
    });
    const create = async (path: string, fields: object, as: SignedClient = api.app) => {
      const created = await as.inject({ method: 'POST', url: path, payload: fields });
      expect(created.statusCode, created.body).toBe(201);
      const body = created.json() as { id?: string; result?: { id: string } };
      return (body.result?.id ?? body.id) as string;
    };
    const operator = await create('/api/providers', {
      name: 'Named Telecom',
      label: 'Named',
      country: 'Spain',
      numeric: '21477',
    });
    const shared = await create('/tags', { name: 'Rooftop', profiles: ['csv-extract-namer'] });
    const own = await create(
      '/api/campaigns-management',
      { name: 'Analyst drive', startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T00:00:00.000Z' },
      namer,
    );
    const foreign = await create('/api/campaigns-management', {
      name: 'Secret drive',
      startDate: '2026-10-01T00:00:00.000Z',
      endDate: '2026-10-31T00:00:00.000Z',
    });
    const named = sampleMeasurement({
      measurementId: 'm-named',
      probeId: 'probe-named',
      probeType: 'mobile',
      program: 'speedtest',
      technology: 4,
      destination: { name: 'madrid-1' },
      measuredAt: '2026-10-03T10:00:00.000Z',
      receivedAt: '2026-10-03T10:00:00.000Z',
      isp: 'named telecom es',
      ispId: operator,
      provider: operator,
      campaigns: [own, foreign],
      tags: [shared],
      kpis: { download: 80 },
    });
    expect(await api.platform.measurements.write([named])).toEqual({ failed: [] });
    const fields = ['ispName', 'ispId', 'provider', 'providerId', 'campaigns', 'tags'];
    const template = await create(
      `${extractionOf('mobile', 'speedtest')}/templates`,
      {
        name: 'Names',
        columns: fields.map((field) => ({ field })),
      },
      namer,
    );
    await waitFor(
      'the names in the read models',
      async () =>
        (await api.platform.readStore.getMany('campaigns', [own, foreign])).size === 2 &&
        (await api.platform.readStore.get('providers', operator)) !== undefined &&
        (await api.platform.readStore.get('tags', shared)) !== undefined,
    );
    const { header, rows } = await extracted(
      namer,
      { templateId: template, probes: ['probe-named'] },
      extractionOf('mobile', 'speedtest'),
    );
    expect(header).toEqual(fields);
    expect(rows).toEqual([
      ['Named Telecom', operator, 'Named Telecom', operator, `Analyst drive|${foreign}`, 'Rooftop'],
    ]);
  });

  it("uses the profile's first favourite template when none is asked for", async () => {
    const created = await analyst.inject({
      method: 'POST',
      url: `${extractionOf('mobile', 'speedtest')}/templates`,
      payload: { name: 'Favourite', columns: [{ field: 'probeId' }, { program: 'speedtest', key: 'upload' }] },
    });
    const templateId = created.json().result.id as string;
    const favourite = (id: string, value: boolean) =>
      analyst.inject({ method: 'PUT', url: `/profile/csvTemplates/${id}/favorite`, payload: { favorite: value } });
    expect((await favourite(templateId, true)).statusCode).toBe(200);
    expect((await favourite('default', false)).statusCode).toBe(200);
    const { header, rows } = await extracted(analyst, { probes: ['probe-1'] });
    expect(header).toEqual(['probeId', 'speedtest upload']);
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(['probe-1']));
    // An extraction the favourite does not fit (ping only) falls back to the default template.
    const ping = await extracted(analyst, { probes: ['probe-1'] }, extractionOf('mobile', 'ping'));
    expect(ping.header.join(',')).toBe(csvBodyOf(defaultCsvColumns([programs[1]!], [])));
    expect((await favourite('default', true)).statusCode).toBe(200);
    expect((await favourite(templateId, false)).statusCode).toBe(200);
  });

  it("refuses another profile's template, a template of other programs, and programs or services not the profile's", async () => {
    const created = await other.inject({
      method: 'POST',
      url: `${extractionOf('mobile', 'speedtest')}/templates`,
      payload: { name: 'Not yours', columns: [{ field: 'probeId' }] },
    });
    const foreign = await extract(analyst, { templateId: created.json().result.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'resource.notFound' });

    const pingTemplate = await analyst.inject({
      method: 'POST',
      url: `${extractionOf('mobile', 'ping')}/templates`,
      payload: { name: 'Ping only', columns: [{ program: 'ping', key: 'latency' }] },
    });
    const otherPrograms = await extract(
      analyst,
      { templateId: pingTemplate.json().result.id },
      extractionOf('mobile', 'speedtest'),
    );
    expect(otherPrograms.statusCode).toBe(422);
    expect(otherPrograms.json()).toMatchObject({ code: 'csvTemplates.programNotOffered', params: { program: 'ping' } });

    const web = await extract(analyst, {}, extractionOf('mobile', 'speedtest,web'));
    expect(web.statusCode).toBe(422);
    expect(web.json()).toMatchObject({ code: 'csvTemplates.programNotOffered', params: { program: 'web' } });
    const landline = await extract(analyst, {}, extractionOf('landline', 'speedtest'));
    expect(landline.json()).toMatchObject({ code: 'csvTemplates.serviceNotOfProfile' });
    const files = (await analyst.inject('/files-management')).json() as { list: FileRecord[] };
    expect(files.list.filter((file) => file.status !== 'ready')).toEqual([]);
  });

  it('escapes formulas in the maps CSV too: every CSV goes through one writer', async () => {
    const response = await analyst.inject({
      method: 'POST',
      url: '/maps?format=csv',
      payload: {
        kpi: 'download',
        programs: ['speedtest'],
        probes: ['probe-5'],
        tsStart: '2026-10-06',
        tsEnd: '2026-10-06',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = parse(response.body) as string[][];
    expect(rows.find((row) => row[0] === 'm-000005')![header!.indexOf('isp')]).toBe(`'${formula}`);
  });
});
