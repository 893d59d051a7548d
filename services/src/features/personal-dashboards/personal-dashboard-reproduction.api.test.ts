import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileRecord, ProfileFields } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { everyLayer, openTestApi, type TestApi } from '../../testing/test-api.ts';
import { storedNameOf } from '../files/file-job.ts';

// A personal dashboard sent as a PDF is pinned when asked: its File record and its title page name the configuration
// position and the instant its data was received until; sent again with them — after the sender's profile widened and
// a late result arrived — the PDF says the same figures.

describe('reproducing a personal dashboard PDF — embedded', { timeout: 180_000 }, () => {
  let api: TestApi;
  let sender: SignedClient;
  let dashboardId: string;
  const profileId = 'reproducing-sender';
  const base = '/dashboards/personal';
  const scratch = mkdtempSync(join(tmpdir(), 'dashboard-pdf-'));
  const fields: Partial<ProfileFields> = {
    service: 'mobile',
    programs: [{ id: 'speedtest', type: 2, program: 'Speed test', groups: [] }],
    technologies: [4],
    serverDestinations: [{ name: 'madrid-1', ip: '10.0.0.1' }],
    layers: everyLayer.filter((layer) => ['dashboards_personal', 'files_management'].includes(layer.id)),
  };
  // A table writes its figures as text: a row per day of October with its mean download and count.
  const daily = {
    programs: ['speedtest'],
    kpi: 'download',
    graphicType: 'table',
    granularity: 'day',
    tsStart: '2026-10-01',
    tsEnd: '2026-10-31',
  };
  const measured = (id: string, technology: 4 | 5, day: number, receivedAt?: string) => {
    const measuredAt = `2026-10-${String(day).padStart(2, '0')}T10:00:00.000Z`;
    return sampleMeasurement({
      measurementId: id,
      probeType: 'mobile',
      program: 'speedtest',
      testType: 'http-download',
      destination: { name: 'madrid-1' },
      technology,
      technologyLabel: technology === 4 ? '4G' : '5G',
      measuredAt,
      receivedAt: receivedAt ?? measuredAt,
      kpis: { download: 40 + day },
    });
  };
  const restrictTo = async (technologies: number[]) => {
    const response = await api.app.inject({ method: 'PUT', url: `/profiles/${profileId}`, payload: { technologies } });
    expect(response.statusCode, response.body).toBe(200);
    await api.readCaughtUp(`/profiles/${profileId}?minPosition=${response.json().position}`);
  };

  /**
   * Sends the dashboard, waits for its file, and reads the PDF's text: its figures (the pages after the title page,
   * whose generation time is the run's own) and all its words.
   */
  async function sent(body: object, asOf?: string, headers: Record<string, string> = {}) {
    const response = await sender.inject({
      method: 'POST',
      url: `${base}/${dashboardId}/send${asOf ? `?asOf=${asOf}` : ''}`,
      payload: body,
      headers,
    });
    expect(response.statusCode, response.body).toBe(202);
    const fileId = (response.json() as { result: { fileId: string } }).result.fileId;
    let file: FileRecord | undefined;
    await waitFor(
      `file ${fileId} ready`,
      async () => {
        const { list } = (await sender.inject('/files-management?service=personalDashboard')).json() as {
          list: FileRecord[];
        };
        file = list.find((listed) => listed.id === fileId);
        if (file?.status === 'error') throw new Error(`the PDF failed: ${file.errorCode}`);
        return file?.status === 'ready';
      },
      90_000,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of api.platform.files.open(storedNameOf(fileId, file!.name))) chunks.push(chunk as Buffer);
    const path = join(scratch, `${fileId}.pdf`);
    writeFileSync(path, Buffer.concat(chunks));
    const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
    const [, ...pages] = text.split('\f');
    return { file: file!, figures: pages.join('\f'), words: text.replace(/\s+/g, ' ') };
  }

  beforeAll(async () => {
    api = await openTestApi();
    sender = await api.as(profileId, fields);
    expect(
      await api.platform.measurements.write([
        measured('m-4a', 4, 2),
        measured('m-4b', 4, 3),
        measured('m-5a', 5, 4),
        measured('m-5b', 5, 5),
      ]),
    ).toEqual({ failed: [] });
    const created = await sender.inject({
      method: 'POST',
      url: base,
      payload: { name: 'Pinned', categories: [{ name: 'Speed' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    dashboardId = (created.json() as { id: string }).id;
    const graphic = await sender.inject({
      method: 'POST',
      url: `${base}/${dashboardId}/Speed/graphic`,
      payload: { title: 'Download per day', request: daily },
    });
    expect(graphic.statusCode, graphic.body).toBe(201);
  }, 180_000);
  afterAll(async () => {
    await api?.raw.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('says the same figures as of its position and instant after the profile widened and a late result arrived', async () => {
    const first = await sent({ timeZone: 'Europe/Madrid' });
    expect(first.figures).toContain('Download per day');
    expect(first.figures).toContain('2 Oct 2026');
    expect(first.figures).not.toContain('4 Oct 2026');
    const pin = first.file.reproduce!;
    expect(pin).toEqual({ asOf: expect.stringMatching(/^\d+:\d+$/), receivedUntil: expect.any(String) });
    // The title page names the pin once, and how to ask for the same figures again.
    expect(first.words).toContain(`configuration position ${pin.asOf}.`);
    expect(first.words).toContain(
      `Asked again with asOf=${pin.asOf} and receivedUntil=${pin.receivedUntil}, the same figures.`,
    );
    expect(first.words.split('asOf=').length).toBe(2);
    expect(first.file.warnings).toBeUndefined();

    await restrictTo([4, 5]);
    expect(await api.platform.measurements.write([measured('m-late', 4, 6, new Date().toISOString())])).toEqual({
      failed: [],
    });

    const now = await sent({ timeZone: 'Europe/Madrid' });
    expect(now.file.reproduce!.asOf).not.toBe(pin.asOf);
    expect(now.figures).toContain('4 Oct 2026');
    expect(now.figures).toContain('6 Oct 2026');
    expect(now.figures).not.toBe(first.figures);

    const reproduced = await sent({ timeZone: 'Europe/Madrid', receivedUntil: pin.receivedUntil }, pin.asOf);
    expect(reproduced.figures).toBe(first.figures);
    expect(reproduced.file.reproduce).toEqual(pin);
    expect(reproduced.file.warnings).toBeUndefined();
  });

  it('never draws what the sender may no longer see: a narrower profile answers within it, and the file says so', async () => {
    await restrictTo([4]);
    const first = await sent({ timeZone: 'Europe/Madrid' });
    await restrictTo([5]);
    const pin = first.file.reproduce!;
    const reproduced = await sent({ timeZone: 'Europe/Madrid', receivedUntil: pin.receivedUntil }, pin.asOf, {
      'accept-language': 'es',
    });
    expect(reproduced.figures).toContain('4 oct 2026');
    expect(reproduced.figures).not.toContain('2 oct 2026');
    expect(reproduced.file.warnings).toEqual([{ code: 'graphics.reproducedWithNarrowerAccess' }]);
    expect(reproduced.words).toContain(
      `Pedido de nuevo con asOf=${pin.asOf} y receivedUntil=${pin.receivedUntil}, las mismas cifras.`,
    );
  });

  it('refuses a malformed position or instant with the catalogue’s errors', async () => {
    const position = await sender.inject({
      method: 'POST',
      url: `${base}/${dashboardId}/send?asOf=yesterday`,
      payload: { timeZone: 'Europe/Madrid' },
    });
    expect(position.statusCode).toBe(400);
    expect(position.json()).toMatchObject({
      code: 'validation.invalidFormat',
      details: { fields: [{ field: 'querystring.asOf', code: 'validation.invalidFormat' }] },
    });
    const instant = await sender.inject({
      method: 'POST',
      url: `${base}/${dashboardId}/send`,
      payload: { timeZone: 'Europe/Madrid', receivedUntil: 'last tuesday' },
    });
    expect(instant.statusCode).toBe(400);
    expect(instant.json()).toMatchObject({
      code: 'validation.invalidDate',
      details: { fields: [{ field: 'body.receivedUntil', code: 'validation.invalidDate' }] },
    });
  });
});
