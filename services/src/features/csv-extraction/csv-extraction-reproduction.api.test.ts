import type { FileRecord, ProfileFields } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { everyLayer, openTestApi, type TestApi } from '../../testing/test-api.ts';
import { storedNameOf } from '../files/file-job.ts';

// A CSV extraction pinned when asked: its File record names the configuration position and the instant its data was
// received until, its job writes only what was received by then as the profile saw it then, and asking again with
// them — after the analyst's profile widened and a late result arrived — writes the same file.

describe('reproducing a CSV extraction — embedded', { timeout: 120_000 }, () => {
  let api: TestApi;
  let analyst: SignedClient;
  const profileId = 'reproducing-extractor';
  const path = '/api/types/mobile/programs/speedtest/csv';
  const filters = { tsStart: '2026-10-01', tsEnd: '2026-10-31' };
  const fields: Partial<ProfileFields> = {
    service: 'mobile',
    programs: [{ id: 'speedtest', type: 2, program: 'Speed test', groups: [] }],
    technologies: [4],
    serverDestinations: [{ name: 'madrid-1', ip: '10.0.0.1' }],
    layers: everyLayer.filter((layer) => ['csv_extractor', 'files_management'].includes(layer.id)),
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

  /** Asks for the extraction and reads the file once its job wrote it: its record (as listed) and its text. */
  async function extracted(body: object, asOf?: string) {
    const response = await analyst.inject({
      method: 'POST',
      url: `${path}${asOf ? `?asOf=${asOf}` : ''}`,
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(202);
    const { file } = response.json() as { file: FileRecord };
    let ready: FileRecord | undefined;
    await waitFor(`file ${file.id} ready`, async () => {
      const { list } = (await analyst.inject('/files-management')).json() as { list: FileRecord[] };
      ready = list.find((listed) => listed.id === file.id);
      if (ready?.status === 'error') throw new Error(`the extraction failed: ${ready.errorCode}`);
      return ready?.status === 'ready';
    });
    const chunks: Buffer[] = [];
    for await (const chunk of api.platform.files.open(storedNameOf(file.id, file.name))) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const ids = text
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]!.replaceAll('"', ''));
    return { asked: file, file: ready!, text, ids };
  }

  beforeAll(async () => {
    api = await openTestApi();
    analyst = await api.as(profileId, fields);
    expect(
      await api.platform.measurements.write([
        measured('m-4a', 4, 2),
        measured('m-4b', 4, 3),
        measured('m-5a', 5, 4),
        measured('m-5b', 5, 5),
      ]),
    ).toEqual({ failed: [] });
  }, 120_000);
  afterAll(() => api?.raw.close());

  it('writes the same rows as of its position and instant after the profile widened and a late result arrived', async () => {
    const first = await extracted(filters);
    expect(first.ids).toEqual(['m-4a', 'm-4b']);
    const pin = first.asked.reproduce!;
    expect(pin).toEqual({ asOf: expect.stringMatching(/^\d+:\d+$/), receivedUntil: expect.any(String) });
    // The files list names the pin with the file.
    expect(first.file.reproduce).toEqual(pin);
    expect(first.file.warnings).toBeUndefined();

    await restrictTo([4, 5]);
    expect(await api.platform.measurements.write([measured('m-late', 4, 6, new Date().toISOString())])).toEqual({
      failed: [],
    });

    const now = await extracted(filters);
    expect(now.ids).toEqual(['m-4a', 'm-4b', 'm-5a', 'm-5b', 'm-late']);
    expect(now.file.reproduce!.asOf).not.toBe(pin.asOf);

    const reproduced = await extracted({ ...filters, receivedUntil: pin.receivedUntil }, pin.asOf);
    expect(reproduced.text).toBe(first.text);
    expect(reproduced.file.reproduce).toEqual(pin);
    expect(reproduced.file.warnings).toBeUndefined();
  });

  it('never writes what the analyst may no longer see: a narrower profile answers within it, and the file says so', async () => {
    await restrictTo([4]);
    const first = await extracted(filters);
    await restrictTo([5]);
    const pin = first.file.reproduce!;
    const reproduced = await extracted({ ...filters, receivedUntil: pin.receivedUntil }, pin.asOf);
    expect(reproduced.ids).toEqual(['m-5a', 'm-5b']);
    expect(reproduced.file.warnings).toEqual([{ code: 'graphics.reproducedWithNarrowerAccess' }]);
  });

  it('refuses a malformed position or instant with the catalogue’s errors, and queues nothing', async () => {
    const before = ((await analyst.inject('/files-management')).json() as { list: FileRecord[] }).list.length;
    const position = await analyst.inject({ method: 'POST', url: `${path}?asOf=yesterday`, payload: filters });
    expect(position.statusCode).toBe(400);
    expect(position.json()).toMatchObject({
      code: 'validation.invalidFormat',
      details: { fields: [{ field: 'querystring.asOf', code: 'validation.invalidFormat' }] },
    });
    const instant = await analyst.inject({
      method: 'POST',
      url: path,
      payload: { ...filters, receivedUntil: 'last tuesday' },
    });
    expect(instant.statusCode).toBe(400);
    expect(instant.json()).toMatchObject({
      code: 'validation.invalidDate',
      details: { fields: [{ field: 'body.receivedUntil', code: 'validation.invalidDate' }] },
    });
    const after = ((await analyst.inject('/files-management')).json() as { list: FileRecord[] }).list.length;
    expect(after).toBe(before);
  });
});
