import type { ProfileFields } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { everyLayer, openTestApi, type TestApi } from '../../testing/test-api.ts';

const programs: ProfileFields['programs'] = [
  { id: 'speedtest', type: 2, program: 'Speed test', groups: [] },
  { id: 'ping', type: 3, program: 'Ping', groups: [] },
  { id: 'web', type: 1, program: 'Web', groups: [] },
];
const analystFields: Partial<ProfileFields> = {
  service: 'mobile',
  programs,
  technologies: [4, 5],
  layers: everyLayer.filter((layer) => ['csv_templates', 'csv_extractor', 'settings_history'].includes(layer.id)),
};
const templatesOf = (service: string, programIds: string) =>
  `/api/types/${service}/programs/${programIds}/csv/templates`;
const downloadColumns = [
  { field: 'measuredAt' },
  { program: 'speedtest', key: 'download', operation: 'avg' },
  { program: 'ping', key: 'latency' },
];

describe('CSV templates API', { timeout: 60_000 }, () => {
  let as: TestApi['as'];
  let admin: SignedClient;
  let analyst: SignedClient;
  let other: SignedClient;
  beforeAll(async () => {
    ({ app: admin, as } = await openTestApi());
    analyst = await as('csv-analyst', analystFields);
    other = await as('csv-other', analystFields);
  });
  afterAll(() => admin.close());

  const create = (client: SignedClient, name: string, columns: unknown = downloadColumns, scope = 'speedtest,ping') =>
    client.inject({ method: 'POST', url: templatesOf('mobile', scope), payload: { name, columns } });
  const list = async (client: SignedClient, scope = 'speedtest,ping', position?: string) =>
    (await client.inject(`${templatesOf('mobile', scope)}${position ? `?minPosition=${position}` : ''}`)).json();
  const favorite = (client: SignedClient, id: string, value: boolean, headers: Record<string, string> = {}) =>
    client.inject({
      method: 'PUT',
      url: `/profile/csvTemplates/${id}/favorite`,
      payload: { favorite: value },
      headers,
    });

  it('offers the default template first, favourite, with every measurement field and the programs’ KPIs', async () => {
    const answer = await list(analyst);
    expect(answer.result).toHaveLength(1);
    const [builtIn] = answer.result;
    expect(builtIn).toMatchObject({ id: 'default', builtIn: true, favorite: true, order: 0, service: 'mobile' });
    expect(builtIn.body.split(',')).toEqual(
      expect.arrayContaining(['measurementId', 'measuredAt', 'speedtest download', 'speedtest upload', 'ping latency']),
    );
    expect(builtIn.body).not.toContain('web ');
    expect(answer.technologies).toEqual([4, 5]);
    expect(answer.warnings).toEqual([]);
  });

  it('creates a template whose body is its header row, lists it after the default and keeps its history', async () => {
    const created = await create(analyst, 'Speed and latency');
    expect(created.statusCode).toBe(201);
    const { result, position } = created.json();
    expect(result).toMatchObject({
      name: 'Speed and latency',
      service: 'mobile',
      active: true,
      favorite: false,
      builtIn: false,
      body: 'measuredAt,speedtest download (avg),ping latency',
    });
    expect((await list(analyst, 'speedtest,ping', position)).result.map((t: { id: string }) => t.id)).toEqual([
      'default',
      result.id,
    ]);
    // A template is offered only to extractions of its programs.
    expect((await list(analyst, 'speedtest', position)).result.map((t: { id: string }) => t.id)).toEqual(['default']);
    const history = (await analyst.inject(`/api/audit/csv-template/${result.id}/history`)).json();
    expect(history.history.map((entry: { type: string }) => entry.type)).toEqual(['CsvTemplateCreated']);
    expect((await analyst.inject(`/api/csv-templates/${result.id}`)).json()).toMatchObject({
      name: 'Speed and latency',
    });
  });

  it('refuses columns the profile cannot write: another program, a KPI its program does not measure, a bad operation', async () => {
    const notOffered = await create(analyst, 'Web', [{ program: 'web', key: 'loadTime' }]);
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json()).toMatchObject({ code: 'csvTemplates.programNotOffered', params: { program: 'web' } });
    const wrongKpi = await create(analyst, 'Wrong', [{ program: 'ping', key: 'download' }]);
    expect(wrongKpi.json()).toMatchObject({ code: 'csvTemplates.kpiNotOfProgram', params: { program: 'ping' } });
    const badOperation = await create(analyst, 'Bad', [{ field: 'probeId', operation: 'avg' }]);
    expect(badOperation.statusCode).toBe(400);
    expect(badOperation.json().details.fields).toEqual([
      expect.objectContaining({ field: 'body.columns.0.operation', code: 'csvTemplates.operationNotAllowed' }),
    ]);
    const both = await create(analyst, 'Both', [{ field: 'probeId', key: 'download' }]);
    expect(both.json().details.fields[0]).toMatchObject({ code: 'csvTemplates.fieldOrKey' });
    const landline = await analyst.inject({
      method: 'POST',
      url: templatesOf('landline', 'speedtest'),
      payload: { name: 'Landline', columns: [{ field: 'probeId' }] },
    });
    expect(landline.json()).toMatchObject({ code: 'csvTemplates.serviceNotOfProfile' });
  });

  it('updates and deletes a template; the default one refuses both', async () => {
    const { result } = (await create(analyst, 'To change')).json();
    const updated = await analyst.inject({
      method: 'PUT',
      url: `${templatesOf('mobile', 'speedtest,ping')}/${result.id}`,
      payload: { name: 'Changed', columns: [{ program: 'speedtest', key: 'upload', operation: 'max' }] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().result).toMatchObject({ name: 'Changed', body: 'speedtest upload (max)', version: 2 });
    const removed = await analyst.inject({
      method: 'DELETE',
      url: `${templatesOf('mobile', 'speedtest')}/${result.id}`,
    });
    expect(removed.statusCode).toBe(200);
    const again = await analyst.inject({ method: 'DELETE', url: `${templatesOf('mobile', 'speedtest')}/${result.id}` });
    expect(again.statusCode).toBe(404);
    for (const method of ['PUT', 'DELETE'] as const) {
      const builtIn = await analyst.inject({
        method,
        url: `${templatesOf('mobile', 'speedtest')}/default`,
        ...(method === 'PUT' ? { payload: { name: 'Mine' } } : {}),
      });
      expect(builtIn.statusCode).toBe(422);
      expect(builtIn.json().code).toBe('csvTemplates.builtInUnchangeable');
    }
  });

  it('shows a template only to its profile (and isGod): another profile gets 404 everywhere', async () => {
    const { result } = (await create(analyst, 'Private')).json();
    expect((await other.inject(`/api/csv-templates/${result.id}`)).statusCode).toBe(404);
    expect((await other.inject(`/api/audit/csv-template/${result.id}/history`)).statusCode).toBe(404);
    expect((await favorite(other, result.id, true)).statusCode).toBe(404);
    const changed = await other.inject({
      method: 'PUT',
      url: `${templatesOf('mobile', 'speedtest,ping')}/${result.id}`,
      payload: { name: 'Stolen' },
    });
    expect(changed.statusCode).toBe(404);
    expect((await list(other)).result.map((t: { id: string }) => t.id)).not.toContain(result.id);
    expect((await admin.inject(`/api/csv-templates/${result.id}`)).statusCode).toBe(200);
  });

  it('refuses to unmark the last favourite, in English and Spanish, and lets another one take its place', async () => {
    const client = await as('csv-favorites', analystFields);
    const refused = await favorite(client, 'default', false);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'csvTemplates.lastFavorite',
      message: 'At least one CSV template must stay favorite.',
    });
    const spanish = await favorite(client, 'default', false, { 'accept-language': 'es' });
    expect(spanish.json().message).toBe('Al menos una plantilla CSV debe seguir marcada como favorita.');
    const { result } = (await create(client, 'Mine')).json();
    expect((await favorite(client, result.id, true)).json().result.favorites).toEqual(['default', result.id]);
    expect((await favorite(client, 'default', false)).statusCode).toBe(200);
    const views = (await list(client)).result;
    expect(views.map((t: { favorite: boolean }) => t.favorite)).toEqual([false, true]);
    // Deleting the last favourite is the same refusal; the template stays.
    const deletion = await client.inject({
      method: 'DELETE',
      url: `${templatesOf('mobile', 'speedtest')}/${result.id}`,
    });
    expect(deletion.json().code).toBe('csvTemplates.lastFavorite');
    expect((await client.inject(`/api/csv-templates/${result.id}`)).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent unmarks of the last two favourites succeed', async () => {
    const client = await as('csv-race', analystFields);
    const { result } = (await create(client, 'Racing')).json();
    await favorite(client, result.id, true);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([favorite(client, 'default', false), favorite(client, result.id, false)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
      const favorites = (await list(client)).result.filter((t: { favorite: boolean }) => t.favorite);
      expect(favorites).toHaveLength(1);
      await favorite(client, favorites[0].id === 'default' ? result.id : 'default', true);
    }
  });

  it('deletes a favourite that is not the last one, unmarking it first', async () => {
    const client = await as('csv-delete-favorite', analystFields);
    const { result } = (await create(client, 'Short-lived')).json();
    await favorite(client, result.id, true);
    const deletion = await client.inject({
      method: 'DELETE',
      url: `${templatesOf('mobile', 'speedtest')}/${result.id}`,
    });
    expect(deletion.statusCode).toBe(200);
    expect((await list(client, 'speedtest,ping', deletion.json().position)).result).toEqual([
      expect.objectContaining({ id: 'default', favorite: true }),
    ]);
  });

  it('orders the templates after the default one; concurrent orderings each keep a whole order', async () => {
    const client = await as('csv-order', analystFields);
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) ids.push((await create(client, name)).json().result.id);
    const [a, b, c] = ids as [string, string, string];
    const order = (templateIds: string[]) =>
      client.inject({ method: 'PUT', url: '/profile/csvTemplates/order', payload: { templateIds } });
    expect((await order([c, a, b])).json().result.order).toEqual([c, a, b]);
    const listed = await list(client);
    expect(listed.result.map((t: { name: string; order: number }) => [t.name, t.order])).toEqual([
      ['Default template', 0],
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    const [first, second] = await Promise.all([order([b, c, a]), order([a, b, c])]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const final = (await list(client)).result.slice(1).map((t: { id: string }) => t.id);
    expect([
      [b, c, a],
      [a, b, c],
    ]).toContainEqual(final);
    expect((await order(['unknown-template'])).statusCode).toBe(404);
  });

  it('extracts every technology of the service when the profile lists none, without a warning: nothing failed', async () => {
    const client = await as('csv-no-technologies', { ...analystFields, technologies: [] });
    const answer = await client.inject({
      url: templatesOf('mobile', 'speedtest'),
      headers: { 'accept-language': 'es' },
    });
    expect(answer.json().technologies).toEqual([2, 3, 4, 5]);
    expect(answer.json().warnings).toEqual([]);
  });

  it("offers an administrator's templates of every service it sees; a user's only of its own service", async () => {
    const administrator = await as('csv-administrator', { ...analystFields, rol: 'admin', technologies: [] });
    const landline = await administrator.inject(templatesOf('landline', 'speedtest'));
    expect(landline.statusCode).toBe(200);
    expect(landline.json()).toMatchObject({ technologies: [98, 99, 100, 101, 102], warnings: [] });
    const mobileOnly = await as('csv-mobile-administrator', { ...analystFields, rol: 'admin', technologies: [4, 5] });
    expect((await mobileOnly.inject(templatesOf('landline', 'speedtest'))).json()).toMatchObject({
      code: 'csvTemplates.serviceNotOfProfile',
    });
    expect((await analyst.inject(templatesOf('landline', 'speedtest'))).json()).toMatchObject({
      code: 'csvTemplates.serviceNotOfProfile',
    });
  });
});
