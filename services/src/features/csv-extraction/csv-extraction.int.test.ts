import { Writable } from 'node:stream';
import type { Client } from '@elastic/elasticsearch';
import { type EnrichedMeasurement, type FileRecord, type ProfileFields, selectionFields } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import type { Platform } from '@nq/platform/platform';
import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { waitFor } from '@nq/platform/testing/wait-for';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { everyLayer, openTestApi, type TestApi } from '../../testing/test-api.ts';
import { storedNameOf } from '../files/file-job.ts';
import { csvExtractionProducer } from './csv-extraction.job.ts';

// The CSV extraction on the distributed profile: BullMQ runs the job, which scans Elasticsearch through a point in
// time, and closes it when the extraction is cancelled mid-way.

const profileId = 'csv-extract-es';
const analystFields: Partial<ProfileFields> = {
  service: 'mobile',
  programs: [{ id: 'speedtest', type: 2, program: 'Speed test', groups: [] }],
  technologies: [4, 5],
  serverDestinations: [{ name: 'madrid-1', ip: '10.0.0.1' }],
  layers: everyLayer.filter((layer) => ['csv_extractor', 'files_management'].includes(layer.id)),
};
const total = 12_000;

const measurements = (): EnrichedMeasurement[] =>
  Array.from({ length: total }, (_, index) => {
    const measuredAt = new Date(Date.UTC(2026, 9, 1) + index * 60_000).toISOString();
    return sampleMeasurement({
      measurementId: `es-${String(index).padStart(6, '0')}`,
      probeType: 'mobile',
      destination: { name: 'madrid-1' },
      measuredAt,
      receivedAt: measuredAt,
      kpis: { download: 40 + (index % 50), upload: 8 },
    });
  });

describe('CSV extraction — distributed (Elasticsearch point in time)', { timeout: 180_000 }, () => {
  const database = createTestDatabase();
  let api: TestApi;
  let analyst: SignedClient;

  beforeAll(async () => {
    api = await openTestApi(distributedEnvironment(await database));
    analyst = await api.as(profileId, analystFields);
    const all = measurements();
    for (let start = 0; start < all.length; start += 2_000)
      expect(await api.platform.measurements.write(all.slice(start, start + 2_000))).toEqual({ failed: [] });
    const store = api.platform.measurements as unknown as { client: Client; alias: string };
    await store.client.indices.refresh({ index: store.alias });
  }, 180_000);
  afterAll(async () => {
    await api?.raw.close();
    await (await database).drop();
  });

  it('extracts every selected measurement, oldest first, as a ready file', async () => {
    const response = await analyst.inject({
      method: 'POST',
      url: '/api/types/mobile/programs/speedtest/csv',
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(202);
    const { file } = response.json() as { file: FileRecord };
    await waitFor(
      `file ${file.id} ready`,
      async () => {
        const { list } = (await analyst.inject('/files-management')).json() as { list: FileRecord[] };
        const listed = list.find((item) => item.id === file.id);
        if (listed?.status === 'error') throw new Error(`the extraction failed: ${listed.errorCode}`);
        return listed?.status === 'ready';
      },
      60_000,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of api.platform.files.open(storedNameOf(file.id, file.name))) chunks.push(chunk as Buffer);
    const [header, ...rows] = parse(Buffer.concat(chunks)) as string[][];
    const id = header!.indexOf('measurementId');
    expect(rows).toHaveLength(total);
    expect(rows[0]![id]).toBe('es-000000');
    expect(rows.at(-1)![id]).toBe(`es-${String(total - 1).padStart(6, '0')}`);
  });

  it('closes its point in time when the extraction is cancelled mid-way', async () => {
    const store = api.platform.measurements as unknown as { client: Client; alias: string };
    const opened: string[] = [];
    const recording = new Proxy(store.client, {
      get(target, property, receiver) {
        if (property !== 'openPointInTime') return Reflect.get(target, property, receiver);
        return async (...args: Parameters<Client['openPointInTime']>) => {
          const answer = await target.openPointInTime(...args);
          opened.push(answer.id);
          return answer;
        };
      },
    });
    const platform = { ...api.platform, measurements: { ...api.platform.measurements, client: recording } };
    const isOpen = (id: string) =>
      store.client.search({ pit: { id }, size: 0 }).then(
        () => true,
        (error: { statusCode?: number }) => (error.statusCode === 404 ? false : Promise.reject(error)),
      );
    // A file that takes the first lines and then nothing more: the extraction waits for it to drain.
    let received = 0;
    const stalled = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received < 64 * 1024) done();
      },
    });
    const controller = new AbortController();
    const producing = csvExtractionProducer(platform as Platform)(
      {
        fileId: 'file-cancelled-extraction',
        service: 'mobile',
        programs: ['speedtest'],
        filters: selectionFields.parse({}),
        columns: [{ field: 'measurementId', operation: 'value' }],
        userId: `user-${profileId}`,
        profileId,
      },
      {
        stream: stalled,
        signal: controller.signal,
        progress: async () => undefined,
        fileName: 'cancelled.csv',
        fileAttempts: 1,
      },
    );
    const settled = producing.then(
      () => 'finished',
      (error: Error) => error.name,
    );
    await waitFor('the extraction waiting for its file', async () => received >= 64 * 1024 && opened.length === 1);
    expect(await isOpen(opened[0]!)).toBe(true);
    controller.abort();
    expect(await settled).toBe('AbortError');
    await waitFor('the point in time closed', async () => !(await isOpen(opened[0]!)));
  });
});
