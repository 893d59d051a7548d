import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FileRecord, ProfileFields } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { pdfPageCount } from '@nq/platform/pdf/pdf-renderer';
import { linksIn } from '@nq/platform/testing/received-mail';
import { startTestSmtpServer, type TestSmtpServer } from '@nq/platform/testing/test-smtp-server';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { everyLayer, openTestApi, type TestApi } from '../../testing/test-api.ts';
import { storedNameOf } from '../files/file-job.ts';

const programs: ProfileFields['programs'] = [{ id: 'speedtest', type: 2, program: 'Speed test', groups: [] }];
const dashboardUser: Partial<ProfileFields> = {
  programs,
  serverDestinations: [{ name: 'madrid-1', ip: '10.0.0.1' }],
  layers: everyLayer.filter((layer) =>
    ['dashboards_personal', 'files_management', 'settings_history'].includes(layer.id),
  ),
};
const base = '/dashboards/personal';
const PUBLIC_URL = 'http://console.test';
const outputDir = resolve(import.meta.dirname, '../../../../test-results/pdf-pages');
const bars = { programs: ['speedtest'], kpi: 'download', graphicType: 'bars', granularity: 'day' };
const table = { programs: ['speedtest'], kpi: 'latency', graphicType: 'table', breakdowns: ['probe'] };
const es = { 'accept-language': 'es' };

describe('personal dashboards API', { timeout: 120_000 }, () => {
  let api: TestApi;
  let owner: SignedClient;
  let analyst: SignedClient;
  let stranger: SignedClient;
  let smtp: TestSmtpServer;
  const mailsTo = (email: string) => smtp.messages().filter((mail) => mail.to.includes(email));

  const send = async (client: SignedClient, method: string, url: string, payload?: object, headers = {}) => {
    const response = await client.inject({ method: method as 'POST', url, ...(payload ? { payload } : {}), headers });
    return { status: response.statusCode, body: response.json() };
  };
  const create = async (client: SignedClient, name: string, categories = [{ name: 'Speed' }, { name: 'Latency' }]) => {
    const { status, body } = await send(client, 'POST', base, { name, categories });
    expect(status, JSON.stringify(body)).toBe(201);
    return body.id as string;
  };
  const addGraphic = async (id: string, category: string, request: object, extra: object = {}) => {
    const { status, body } = await send(owner, 'POST', `${base}/${id}/${category}/graphic`, {
      title: `${category} graphic`,
      request,
      ...extra,
    });
    expect(status, JSON.stringify(body)).toBe(201);
    const graphics = body.result.categories.find((found: { name: string }) => found.name === category).graphics;
    return graphics.at(-1).id as string;
  };
  const get = async (client: SignedClient, id: string) => send(client, 'GET', `${base}/${id}`);

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    api = await openTestApi({ MAIL_ADAPTER: 'smtp', SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '0.2', PUBLIC_URL });
    owner = await api.as('dash-owner', dashboardUser);
    analyst = await api.as('dash-analyst', dashboardUser);
    stranger = await api.as('dash-stranger', dashboardUser);
    const measuredAt = (day: number) => new Date(Date.UTC(2026, 9, day, 10)).toISOString();
    const measurements = [1, 2, 3].flatMap((day) =>
      ['probe-a', 'probe-b'].map((probeId, index) =>
        sampleMeasurement({
          probeId,
          program: 'speedtest',
          destination: { name: 'madrid-1' },
          measuredAt: measuredAt(day),
          receivedAt: measuredAt(day),
          kpis: { download: 40 + day + index * 10, latency: 20 + day },
        }),
      ),
    );
    expect(await api.platform.measurements.write(measurements)).toEqual({ failed: [] });
  }, 120_000);
  afterAll(async () => {
    await api?.raw.close();
    await smtp?.close();
  });

  it('creates, lists, reads, renames and deletes a dashboard, with its history and as it was', async () => {
    const id = await create(owner, 'Weekly');
    const list = await send(owner, 'GET', base);
    expect(list.status).toBe(200);
    expect((await get(owner, id)).body).toMatchObject({
      name: 'Weekly',
      categories: [{ name: 'Speed' }, { name: 'Latency' }],
    });
    const before = new Date().toISOString();
    expect((await send(owner, 'PUT', `${base}/${id}`, { name: 'Weekly review' })).status).toBe(200);
    expect((await send(owner, 'GET', `${base}/${id}?asOf=${before}`)).body.name).toBe('Weekly');
    const history = await send(owner, 'GET', `/api/audit/personal-dashboard/${id}/history`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    // Another profile neither sees it nor changes it.
    expect((await get(stranger, id)).status).toBe(404);
    expect((await send(stranger, 'DELETE', `${base}/${id}`)).status).toBe(404);
    expect((await send(owner, 'DELETE', `${base}/${id}`)).status).toBe(200);
    expect((await get(owner, id)).status).toBe(404);
  });

  it('refuses a second dashboard of the same name for its owner, in English and Spanish; another owner may', async () => {
    await create(owner, 'Monthly');
    const again = await send(owner, 'POST', base, { name: 'monthly ' });
    expect(again).toMatchObject({
      status: 409,
      body: {
        code: 'dashboards.duplicateName',
        message: 'It is not possible to save the dashboard. You already have one with that name, try a different one.',
      },
    });
    const spanish = await send(owner, 'POST', base, { name: 'Monthly' }, es);
    expect(spanish.body.message).toBe('No es posible guardar el panel. Ya tienes uno con ese nombre; prueba con otro.');
    await create(analyst, 'Monthly');
  });

  it('keeps category names unique when created, renamed or added', async () => {
    const duplicate = await send(owner, 'POST', base, { name: 'Twins', categories: [{ name: 'A' }, { name: 'a' }] });
    expect(duplicate).toMatchObject({
      status: 409,
      body: { code: 'dashboards.categoryExists', message: 'There is already a category with that name' },
    });
    const id = await create(owner, 'Categories');
    const graphicId = await addGraphic(id, 'Speed', bars);
    const renamed = await send(owner, 'PUT', `${base}/${id}/categories`, {
      categories: [{ name: 'Other' }, { name: 'Download', from: 'Speed' }],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.result.categories).toMatchObject([
      { name: 'Other', graphics: [] },
      { name: 'Download', graphics: [{ id: graphicId }] },
    ]);
    const clash = await send(
      owner,
      'PUT',
      `${base}/${id}/categories`,
      { categories: [{ name: 'X' }, { name: 'x' }] },
      es,
    );
    expect(clash).toMatchObject({ status: 409, body: { message: 'Ya existe una categoría con ese nombre' } });
  });

  it('adds, moves and deletes graphics; a scorecard graphic takes every graphic of its scorecard', async () => {
    const id = await create(owner, 'Graphics');
    const first = await addGraphic(id, 'Speed', bars, { scorecardId: 'quality', layout: { x: 0, y: 0, w: 6, h: 4 } });
    await addGraphic(id, 'Latency', table, { scorecardId: 'quality' });
    const kept = await addGraphic(id, 'Latency', bars);
    const moved = await send(owner, 'PUT', `${base}/${id}/Latency/${kept}`, {
      title: 'Moved',
      request: bars,
      layout: { x: 6, y: 0, w: 6, h: 3 },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.result.categories[1].graphics.at(-1)).toMatchObject({
      title: 'Moved',
      layout: { x: 6, w: 6, h: 3 },
    });
    expect(
      (
        await send(owner, 'POST', `${base}/${id}/Speed/graphic`, {
          request: { graphicType: 'boxplot', kpi: 'download' },
        })
      ).status,
    ).toBe(400);
    expect((await send(owner, 'POST', `${base}/${id}/Nowhere/graphic`, { request: bars })).status).toBe(404);
    const deleted = await send(owner, 'DELETE', `${base}/${id}/Speed/${first}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.warnings.map((warning: { code: string }) => warning.code)).toEqual([
      'dashboards.scorecardGraphicsDeleted',
    ]);
    expect(
      deleted.body.result.categories.map((category: { graphics: { id: string }[] }) =>
        category.graphics.map((g) => g.id),
      ),
    ).toEqual([[], [kept]]);
    expect((await send(analyst, 'DELETE', `${base}/${id}/Latency/${kept}`)).status).toBe(404);
  });

  it('shares with users (every e-mail checked), who are notified, read it, mark it read and save a clone', async () => {
    const id = await create(owner, 'Shared one');
    await addGraphic(id, 'Speed', bars);
    const invalid = await send(owner, 'POST', `${base}/${id}/share`, {
      users: ['dash-analyst@test.nq', 'not-an-email'],
    });
    expect(invalid).toMatchObject({
      status: 400,
      body: { code: 'dashboards.invalidEmails', message: "Some of the email's list hasn't a valid format" },
    });
    const spanish = await send(owner, 'POST', `${base}/${id}/share`, { users: ['nope'] }, es);
    expect(spanish.body.message).toBe('Algunas de las direcciones de correo de la lista no tienen un formato válido');
    const shared = await send(owner, 'POST', `${base}/${id}/share`, {
      users: ['Dash-Analyst@test.nq'],
      notify: true,
      message: 'Have a look',
      lang: 'en',
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const position = shared.body.position as string;
    await waitFor('the share e-mail', async () => mailsTo('dash-analyst@test.nq').length > 0);
    const [mail] = mailsTo('dash-analyst@test.nq');
    expect(mail!.subject).toBe('dash-owner@test.nq shared the dashboard "Shared one" with you');
    expect(mail!.text).toContain('Have a look');
    expect(linksIn(mail!.text)).toEqual([`${PUBLIC_URL}/dashboards_personal?dashboard=${id}`]);

    const notifications = await send(analyst, 'GET', `${base}/notifications`);
    await api.platform.projector.waitFor(position, 5_000);
    const seen =
      notifications.body.result.length > 0 ? notifications : await send(analyst, 'GET', `${base}/notifications`);
    expect(seen.body.result).toEqual([
      { id, dashboard: 'Shared one', sharer: 'dash-owner@test.nq', message: 'Have a look', read: false },
    ]);
    expect((await send(stranger, 'GET', `${base}/notifications`)).body.result).toEqual([]);
    const read = await send(analyst, 'PUT', `${base}/notifications/${id}`, { read: true });
    expect(read.body.result.read).toBe(true);
    expect((await send(stranger, 'PUT', `${base}/notifications/${id}`, { read: true })).status).toBe(404);

    // The analyst reads it but may not change it; a clone is theirs.
    expect((await get(analyst, id)).body.name).toBe('Shared one');
    const change = await send(analyst, 'PUT', `${base}/${id}`, { name: 'Mine now' }, es);
    expect(change).toMatchObject({ status: 403, body: { code: 'dashboards.notOwner' } });
    expect((await send(analyst, 'POST', `${base}/${id}/clone`, { name: '' })).body.code).toBe(
      'dashboards.cloneNameRequired',
    );
    const clone = await send(analyst, 'POST', `${base}/${id}/clone`, { name: 'My copy' });
    expect(clone.status, JSON.stringify(clone.body)).toBe(201);
    expect(clone.body.result).toMatchObject({
      name: 'My copy',
      sharedWith: [],
      categories: [{ name: 'Speed' }, { name: 'Latency' }],
    });
    expect(clone.body.result.owner).not.toBe((await get(owner, id)).body.owner);
    expect((await get(stranger, id)).status).toBe(404);
  });

  it('sends the dashboard as a PDF: a file of the personal dashboard service, ready with its pages', async () => {
    const id = await create(owner, 'To send');
    await addGraphic(id, 'Speed', bars);
    await addGraphic(id, 'Latency', table);
    const badZone = await send(owner, 'POST', `${base}/${id}/send`, { timeZone: 'Mars/Olympus' });
    expect(badZone.status).toBe(400);
    const sent = await send(owner, 'POST', `${base}/${id}/send`, { timeZone: 'Europe/Madrid' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const fileId = sent.body.result.fileId as string;
    for (let waited = 0; waited < 60_000; waited += 200) {
      const job = await api.platform.jobs.get(fileId);
      if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) break;
      await new Promise((done) => setTimeout(done, 200));
    }
    expect(await api.platform.jobs.get(fileId)).toMatchObject({ state: 'completed' });
    const files = await owner.inject('/files-management?service=personalDashboard&status=ready');
    const file = (files.json() as { list: FileRecord[] }).list.find((item) => item.id === fileId)!;
    expect(file).toBeDefined();
    const chunks: Buffer[] = [];
    for await (const chunk of api.platform.files.open(storedNameOf(file.id, file.name))) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    await waitFor('the file e-mail', async () =>
      mailsTo('dash-owner@test.nq').some((mail) => mail.subject.includes(file.name)),
    );
    expect(pdfPageCount(pdf)).toBeGreaterThan(1);
    // Looked at as a person would: its pages as PNG (test-results/pdf-pages/) and its text.
    mkdirSync(outputDir, { recursive: true });
    const path = join(outputDir, 'personal-dashboard.pdf');
    writeFileSync(path, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '60', path, join(outputDir, 'personal-dashboard')]);
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    for (const expected of ['To send', 'Speed graphic', 'Latency graphic', 'Europe/Madrid'])
      expect(text).toContain(expected);
  });
});

describe('the demo analyst’s personal dashboard', { timeout: 120_000 }, () => {
  let api: TestApi;
  let analyst: SignedClient;
  beforeAll(async () => {
    api = await openTestApi({}, { demoData: true });
    analyst = await api.sessionFor('demo-analyst-user', 'demo-analyst');
  }, 120_000);
  afterAll(() => api?.raw.close());

  it('has two categories of graphics whose requests the analyst’s profile may draw', async () => {
    const { list } = (await analyst.inject(base)).json() as { list: { id: string; name: string }[] };
    expect(list.map((dashboard) => dashboard.name)).toEqual(['Madrid overview']);
    const dashboard = (await analyst.inject(`${base}/${list[0]!.id}`)).json() as {
      categories: { name: string; graphics: { request: object }[] }[];
    };
    expect(dashboard.categories.map((category) => [category.name, category.graphics.length])).toEqual([
      ['Speed', 2],
      ['Latency', 2],
    ]);
    for (const { request } of dashboard.categories.flatMap((category) => category.graphics)) {
      const drawn = await analyst.inject({ method: 'POST', url: '/api/graphic', payload: request });
      expect(drawn.statusCode, drawn.body).toBe(200);
    }
  });
});
