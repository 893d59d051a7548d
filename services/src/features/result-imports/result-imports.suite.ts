import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { type EnrichedMeasurement, type ImportList, type ImportStatus, MAX_IMPORT_BYTES } from '@nq/contracts';
import { sleep, waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

// Two RIPE Atlas probes' pings and a traceroute, as a daily dump has them (one result per line), with what a file
// also holds: a line that is not JSON, a result it repeats, a type the platform cannot import.
const prbA = 700_000 + Math.floor(Math.random() * 90_000);
const prbB = prbA + 1;
const msm = 2_000_000 + Math.floor(Math.random() * 90_000);
const at = 1_793_611_800; // 2026-11-02T09:30:00Z
const ping = (prb: number, timestamp: number, rtts: number[]) => ({
  fw: 5080,
  af: 4,
  type: 'ping',
  msm_id: msm,
  prb_id: prb,
  timestamp,
  from: `198.51.100.${prb % 250}`,
  dst_name: 'example.net',
  dst_addr: '192.0.2.10',
  proto: 'ICMP',
  size: 48,
  sent: 3,
  rcvd: rtts.length,
  avg: rtts.reduce((sum, rtt) => sum + rtt, 0) / rtts.length,
  result: [...rtts.map((rtt) => ({ rtt })), ...Array(3 - rtts.length).fill({ x: '*' })],
});
const traceroute = {
  fw: 5080,
  af: 4,
  type: 'traceroute',
  msm_id: msm + 1,
  prb_id: prbA,
  timestamp: at + 60,
  dst_addr: '192.0.2.10',
  result: [
    { hop: 1, result: [{ from: '10.0.0.1', rtt: 1.5 }] },
    { hop: 2, result: [{ x: '*' }] },
    { hop: 3, result: [{ from: '192.0.2.10', rtt: 9.5 }] },
  ],
};
const lines = [
  JSON.stringify(ping(prbA, at, [10, 12, 14])),
  JSON.stringify(ping(prbA, at + 240, [20, 22])),
  JSON.stringify(ping(prbB, at, [30, 31, 32])),
  JSON.stringify(traceroute),
  'this line is not JSON',
  JSON.stringify(ping(prbA, at, [10, 12, 14])),
  JSON.stringify({ ...ping(prbB, at, []), type: 'ntp' }),
];
const dump = `${lines.join('\n')}\n`;

/**
 * Results measured elsewhere, imported as a user imports them (`POST /measurements/imports`, then following it), and
 * found where every measurement is: the measurement search. Imported again, nothing is added.
 */
export function describeResultImports(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`result imports — ${profile}`, { timeout: 180_000 }, () => {
    let api: TestApi;
    let importer: SignedClient;
    let files: Server;
    let filesUrl: string;
    /** The importer's imports, oldest first. */
    const importIds: string[] = [];

    beforeAll(async () => {
      // The test file server listens on loopback, which imports refuse by default.
      api = await openTestApi({ ...(await environment()), IMPORT_PRIVATE_URLS: 'true' });
      importer = await api.as('ripe-importer', { isGod: true });
      files = createServer((request, response) => {
        if (request.url === '/results.json.gz') response.writeHead(200).end(gzipSync(dump));
        else response.writeHead(404).end();
      });
      await new Promise<void>((listening) => files.listen(0, '127.0.0.1', listening));
      filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    }, 120_000);
    afterAll(async () => {
      files?.close();
      await api?.raw.close();
    });

    async function importOf(payload: object, client = importer, headers: Record<string, string> = {}) {
      const started = await client.inject({ method: 'POST', url: '/measurements/imports', payload, headers });
      expect(started.statusCode, started.body).toBe(202);
      const status = started.json() as ImportStatus;
      if (client === importer && !importIds.includes(status.id)) importIds.push(status.id);
      return status;
    }

    /** The import once its job has ended. */
    async function ended(id: string, headers: Record<string, string> = {}) {
      let status: ImportStatus | undefined;
      await waitFor(
        `import ${id} to end`,
        async () => {
          const response = await importer.inject({ url: `/measurements/imports/${id}`, headers });
          expect(response.statusCode, response.body).toBe(200);
          status = response.json();
          if (['completed', 'failed', 'cancelled'].includes(status!.state)) return true;
          await sleep(200);
          return false;
        },
        90_000,
      );
      return status!;
    }

    /** What the measurement search finds of the file's measurement. */
    async function searched(): Promise<EnrichedMeasurement[]> {
      const response = await importer.inject({
        method: 'POST',
        url: '/api/measurements/by/profile',
        payload: {
          programs: [`ripe-atlas-${msm}`, `ripe-atlas-${msm + 1}`],
          tsStart: '2026-11-01',
          tsEnd: '2026-11-03',
          sort: 'measuredAt',
          order: 'asc',
          pageSize: 50,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().list;
    }

    it('imports a RIPE Atlas dump: its probes created, its pings and traceroute found by the search', async () => {
      const started = await importOf({ format: 'ripe-atlas', text: dump });
      expect(started).toMatchObject({ format: 'ripe-atlas', state: expect.stringMatching(/queued|running|completed/) });
      const done = await ended(started.id);
      expect(done.state, JSON.stringify(done.error)).toBe('completed');
      expect(done.progress.rows).toBe(7);
      expect(done.report).toMatchObject({
        read: 7,
        imported: 4,
        duplicates: { stored: 0, inFile: 1 },
        refused: 2,
        probesCreated: [`ripeatlas${prbA}`, `ripeatlas${prbB}`],
        programs: [`ripe-atlas-${msm}`, `ripe-atlas-${msm + 1}`],
        refusals: [
          { index: 4, line: 5, code: 'resultImports.notJson', message: 'This is not JSON: it could not be read.' },
          {
            index: 6,
            line: 7,
            code: 'resultImports.unsupportedType',
            message: 'Results of type ntp cannot be imported; these can: ping, traceroute, dns, http, sslcert.',
          },
        ],
      });
      await waitFor('the probe in the probes list', async () => {
        const probe = await importer.inject(`/probes/ripeatlas${prbA}`);
        if (probe.statusCode === 200) {
          expect(probe.json()).toMatchObject({ name: `RIPE Atlas probe ${prbA}`, owner: 'ripe-importer' });
          return true;
        }
        await sleep(250);
        return false;
      });

      let found: EnrichedMeasurement[] = [];
      await waitFor('the imported measurements in the search', async () => {
        found = await searched();
        if (found.length >= 4) return true;
        await sleep(250);
        return false;
      });
      expect(found).toHaveLength(4);
      const pings = found.filter((measurement) => measurement.testType === 'icmp-ping');
      expect(
        pings.map(({ probeId, kpis, details }) => ({
          probeId,
          kpis,
          sent: details?.sent,
          received: details?.received,
        })),
      ).toEqual(
        expect.arrayContaining([
          { probeId: `ripeatlas${prbA}`, kpis: { latency: 12, loss: 0, jitter: 2 }, sent: 3, received: 3 },
          { probeId: `ripeatlas${prbA}`, kpis: { latency: 21, loss: 33.333, jitter: 2 }, sent: 3, received: 2 },
          { probeId: `ripeatlas${prbB}`, kpis: { latency: 31, loss: 0, jitter: 1 }, sent: 3, received: 3 },
        ]),
      );
      expect(pings.every((measurement) => measurement.source === 'ripe-atlas')).toBe(true);
      const hops = found.find((measurement) => measurement.testType === 'traceroute');
      expect(hops).toMatchObject({ kpis: { hops: 3 }, details: { hops: [{ hop: 1 }, { hop: 2 }, { hop: 3 }] } });
      expect(hops!.details!.hops![1]).toEqual({ hop: 2, rtts: [] });
    });

    it('adds nothing when the same results are imported again, downloaded this time, and says so', async () => {
      const started = await importOf({ format: 'ripe-atlas', url: `${filesUrl}/results.json.gz` });
      expect(started.url).toBe(`${filesUrl}/results.json.gz`);
      const done = await ended(started.id, { 'accept-language': 'es' });
      expect(done.report).toMatchObject({
        read: 7,
        imported: 0,
        duplicates: { stored: 4, inFile: 1 },
        refused: 2,
        probesCreated: [],
      });
      expect(done.report!.refusals[0]!.message).toBe('Esto no es JSON: no se ha podido leer.');
      // Nothing was sent on: the search finds the first import's measurements alone.
      expect(await searched()).toHaveLength(4);
    });

    it('fails an import whose file cannot be downloaded, saying why, and starts an import once per key', async () => {
      const started = await importOf({ format: 'ookla', url: `${filesUrl}/gone.json` });
      const failed = await ended(started.id);
      expect(failed).toMatchObject({
        state: 'failed',
        error: {
          code: 'resultImports.downloadFailed',
          message: `The file at ${filesUrl}/gone.json could not be downloaded (HTTP 404).`,
        },
      });
      const key = { 'idempotency-key': `again-${prbA}` };
      const first = await importOf({ format: 'iperf3', text: '' }, importer, key);
      const retried = await importOf({ format: 'iperf3', text: '' }, importer, key);
      expect(retried.id).toBe(first.id);
    });

    it('shows an import to its profile only, and refuses a request without a file or with one too large', async () => {
      const started = await importOf({ format: 'ndt7', text: '' });
      const stranger = await api.as('import-stranger');
      const hidden = await stranger.inject({ url: `/measurements/imports/${started.id}` });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().code).toBe('resultImports.notFound');
      const empty = await importer.inject({
        method: 'POST',
        url: '/measurements/imports',
        payload: { format: 'ndt7' },
      });
      expect(empty.statusCode).toBe(400);
      const ftp = await importer.inject({
        method: 'POST',
        url: '/measurements/imports',
        payload: { format: 'ndt7', url: 'ftp://example.net/results.json' },
      });
      expect(ftp.statusCode).toBe(400);
      expect(ftp.json()).toMatchObject({
        code: 'resultImports.urlNotAllowed',
        message:
          'The file at ftp://example.net/results.json cannot be imported (ftp:): only public http and https addresses can.',
      });
      const large = await importer.inject({
        method: 'POST',
        url: '/measurements/imports',
        payload: { format: 'ripe-atlas', text: ' '.repeat(MAX_IMPORT_BYTES + 1) },
      });
      expect(large.statusCode).toBe(413);
      expect(large.json()).toMatchObject({ code: 'resultImports.tooLarge', message: expect.stringContaining('8 MB') });
    });

    it("lists the profile's imports newest first, a page at a time, each report without its refusals", async () => {
      const [ripe, downloaded, gone, iperf, ndt] = importIds;
      const listed = async (query: string, client = importer) => {
        const response = await client.inject({
          url: `/measurements/imports${query}`,
          headers: { 'accept-language': 'es' },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as ImportList;
      };
      const all = await listed('');
      expect(all).toMatchObject({ count: 5, page: 1, pageSize: 25 });
      expect(all.list.map((entry) => entry.id)).toEqual([ndt, iperf, gone, downloaded, ripe]);
      const first = all.list.at(-1)!;
      expect(first).toMatchObject({
        format: 'ripe-atlas',
        state: 'completed',
        progress: { rows: 7 },
        report: {
          read: 7,
          imported: 4,
          duplicates: { stored: 0, inFile: 1 },
          refused: 2,
          probesCreated: [`ripeatlas${prbA}`, `ripeatlas${prbB}`],
        },
      });
      expect(first.report).not.toHaveProperty('refusals');
      expect(all.list[2]).toMatchObject({
        format: 'ookla',
        url: `${filesUrl}/gone.json`,
        state: 'failed',
        error: {
          code: 'resultImports.downloadFailed',
          message: `No se ha podido descargar el archivo de ${filesUrl}/gone.json (HTTP 404).`,
        },
      });

      const second = await listed('?page=2&pageSize=2');
      expect(second).toMatchObject({ count: 5, page: 2, pageSize: 2 });
      expect(second.list.map((entry) => entry.id)).toEqual([gone, downloaded]);
      // Each import's refusals are its own route's.
      expect((await ended(ripe!)).report!.refusals).toHaveLength(2);

      expect(await listed('', await api.as('import-stranger'))).toMatchObject({ count: 0, list: [] });
      const tooMany = await importer.inject({ url: '/measurements/imports?pageSize=500' });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toMatchObject({ code: 'validation.tooBig' });
    });
  });
}
