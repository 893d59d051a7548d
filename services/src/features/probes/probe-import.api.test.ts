import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const header =
  'probeId,name,family,type,campaign,taskSuite,tags,userId,phoneExtension,country,latitude,longitude,timeZone,' +
  'technology,input,applyOperator';
const csvOf = (...rows: string[]) => [header, ...rows].join('\n');
const goodRow = (probeId: string) =>
  `${probeId},Probe ${probeId},Cube,mobile,Madrid 2026,Home speed,Rural|Cable DOCSIS,612345678,+34,Spain,40.41,-3.70,` +
  'Europe/Madrid,4G,Mobile,always';

/**
 * CSV import of probes through the API (docs/product/rules.md#csv-import-of-probes): all the probes of a file, or none
 * and every bad row's reasons.
 */
describe('probes CSV import API — embedded', { timeout: 60_000 }, () => {
  let api: TestApi;
  let app: SignedClient;
  const ids: Record<string, string> = {};

  const importCsv = (text: string, headers: Record<string, string> = {}, client = app) =>
    client.inject({
      method: 'POST',
      url: '/probes/import',
      payload: text,
      headers: { 'content-type': 'text/csv; charset=utf-8', 'x-file-name': 'probes.csv', ...headers },
    });
  const exists = async (probeId: string) =>
    (await app.inject(`/probes/${probeId}?asOf=${new Date().toISOString()}`)).statusCode === 200;

  beforeAll(async () => {
    api = await openTestApi();
    app = api.app;
    const create = async (url: string, payload: object) => {
      const response = await app.inject({ method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    ids.suite = await create('/task-suites', { name: 'Home speed', family: 'Cube' });
    ids.campaign = await create('/api/campaigns-management', {
      name: 'Madrid 2026',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    ids.rural = await create('/tags', { name: 'Rural' });
    ids.cable = await create('/tags', { name: 'Cable DOCSIS' });
  }, 120_000);
  afterAll(() => api?.raw.close());

  it('imports every probe of a valid file, with its names turned into ids', async () => {
    const response = await importCsv(csvOf(goodRow('imp1'), 'imp2,Probe imp2,Agent,landline,,,,,,,,,,,,'));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ imported: 2, probes: ['imp1', 'imp2'] });
    const stored = (await app.inject(`/probes/imp1?minPosition=${response.json().position}`)).json();
    expect(stored).toMatchObject({
      probeId: 'imp1',
      owner: 'test-admin',
      campaign: ids.campaign,
      taskSuite: ids.suite,
      tags: [ids.rural, ids.cable],
      phoneExtension: '+34',
      timeZone: 'Europe/Madrid',
      device: { forceTechnology: 4 },
      connection: { accessType: 'Mobile', applyOperator: 'always' },
    });
    expect((await app.inject('/probes/imp2')).json()).toMatchObject({ family: 'Agent', type: 'landline' });
  });

  it('imports nothing from a file mixing good and bad rows, and reports every bad row with its reasons', async () => {
    const response = await importCsv(
      csvOf(
        goodRow('mix1'),
        'Mix 2,,Cube,mobile,Elsewhere,Home speed,Rural,1234,+1,Narnia,40,-3,Mars/Base,6G,Fibre,sometimes',
        goodRow('imp1'),
        goodRow('mix1'),
        goodRow('mix5'),
      ),
      { 'accept-language': 'es' },
    );
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({ code: 'csvImport.invalidRows' });
    expect(body.message).toContain('3 filas');
    const problems = (row: { problems: { column?: string; code: string }[] }) =>
      row.problems.map(({ column, code }) => `${column} ${code}`);
    expect(body.details.rows.map((row: { row: number; probeId: string }) => [row.row, row.probeId])).toEqual([
      [3, 'Mix 2'],
      [4, 'imp1'],
      [5, 'mix1'],
    ]);
    expect(problems(body.details.rows[0])).toEqual([
      'name csvImport.requiredFieldsMissing',
      ...['campaign', 'phoneExtension', 'country', 'timeZone', 'technology', 'input', 'applyOperator'].map(
        (column) => `${column} csvImport.valueNotAllowed`,
      ),
      'probeId probes.idInvalidFormat',
      'userId probes.userIdInvalid',
    ]);
    expect(body.details.rows[0].problems[1]).toEqual({
      column: 'campaign',
      code: 'csvImport.valueNotAllowed',
      message: 'El valor de campaign no está en la lista de valores permitidos.',
      value: 'Elsewhere',
    });
    expect(problems(body.details.rows[1])).toEqual(['probeId csvImport.probeIdExists']);
    expect(problems(body.details.rows[2])).toEqual(['probeId csvImport.duplicateProbeId']);
    for (const probeId of ['mix1', 'mix5']) expect(await exists(probeId), probeId).toBe(false);
  });

  it('refuses a file that is not comma separated or cannot be read', async () => {
    const semicolons = await importCsv('probeId;name;family;type\nsemi1;A;Cube;mobile\n');
    expect({ status: semicolons.statusCode, code: semicolons.json().code }).toEqual({
      status: 400,
      code: 'csvImport.invalidFileFormat',
    });
    const badQuotes = await importCsv(csvOf('quote1,"Probe,Cube,mobile'));
    expect(badQuotes.json().code).toBe('csvImport.readFailed');
    expect(await exists('semi1')).toBe(false);
  });

  it('refuses a file not named .csv, and a body that is not text/csv', async () => {
    const refusals = [
      await importCsv(csvOf(goodRow('xls1')), { 'x-file-name': 'probes.xlsx' }),
      await importCsv(csvOf(goodRow('xls1')), { 'content-type': 'text/plain' }),
      await importCsv(csvOf(goodRow('xls1')), { 'content-type': 'multipart/form-data; boundary=x' }),
      await app.inject({ method: 'POST', url: '/probes/import', payload: { probeId: 'xls1' } }),
    ];
    for (const response of refusals)
      expect({ status: response.statusCode, code: response.json().code }).toEqual({
        status: 400,
        code: 'csvImport.invalidFileFormat',
      });
    expect(await exists('xls1')).toBe(false);
  });

  it('appends nothing twice when a request is retried with the same Idempotency-Key', async () => {
    const text = csvOf(goodRow('retry1'), goodRow('retry2'));
    const headers = { 'idempotency-key': 'probe-import-retry-1' };
    const first = await importCsv(text, headers);
    expect(first.statusCode, first.body).toBe(201);
    const head = await api.platform.eventStore.head();
    const retried = await importCsv(text, headers);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json()).toMatchObject({ imported: 2, probes: ['retry1', 'retry2'] });
    expect(await api.platform.eventStore.head()).toBe(head);
    expect((await importCsv(text)).json().code).toBe('csvImport.invalidRows');
  });

  it('lets a profile with the probes screen import, naming only the campaigns and tags it sees', async () => {
    const operator = await api.as('probe-importer', {
      rol: 'user',
      layers: [{ id: 'probes_configuration', groups: [] }],
    });
    const refused = await importCsv(csvOf(goodRow('own1')), {}, operator);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().details.rows[0].problems.map((p: { column: string }) => p.column)).toEqual([
      'campaign',
      'tags',
    ]);
    const imported = await importCsv(
      'probeId,name,family,type,taskSuite\nown1,Own,Cube,mobile,home speed\n',
      {},
      operator,
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const stored = (await operator.inject(`/probes/own1?minPosition=${imported.json().position}`)).json();
    expect(stored).toMatchObject({ owner: 'probe-importer', taskSuite: ids.suite });
  });
});
