import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createNqClient } from '@nq/client';
import type { EnrichedMeasurement } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { freePort } from '@nq/platform/testing/free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../testing/test-api.ts';

// The API from an analyst's own tools (docs/api-from-your-tools.md), each against a listening test API: the typed
// client (@nq/client), `nq api` run as a process, and the documentation's Python notebook example run by python3.
// Every one signs its requests itself; the numbers are the scorecard calculation's hand-computed ones
// (scorecard-calculation.api.test.ts): Movistar 6.5, Orange 5.5 over October 2026.

const root = resolve(import.meta.dirname, '../../..');
const october = { from: '2026-10-01', to: '2026-10-31' };

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A process run to its end without blocking this one (the API it calls answers from this process). */
const run = (command: string, args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<Run>((done, fail) =>
    execFile(command, args, { env, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (code === 'ENOENT') fail(new Error(`${command} is not on this machine: ${error!.message}`));
      else done({ status: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
    }),
  );

describe('the API from your own tools', { timeout: 120_000 }, () => {
  let api: TestApi;
  let baseUrl: string;
  let credentials: { clientId: string; clientSecret: string };
  let folder: string;
  /** A credentials file for the test API, as docs/api-from-your-tools.md says to write one. */
  let credentialsFile: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await openTestApi();
    await api.raw.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(api.raw.server.address() as AddressInfo).port}`;
    credentials = api.app.credentials;
    folder = mkdtempSync(join(tmpdir(), 'nq-analyst-tools-'));
    credentialsFile = join(folder, 'credentials.json');
    writeFileSync(credentialsFile, JSON.stringify({ url: baseUrl, ...credentials }), { mode: 0o600 });

    const create = async (url: string, payload: object) => {
      const response = await api.app.inject({ method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { id: string }).id;
    };
    ids.campaign = await create('/api/campaigns-management', {
      name: 'Madrid 2026',
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
    const mos = (kpi: string, mappingFunction: string, lower: number, upper: number) => ({
      kpi,
      weight: 50,
      min: 0,
      max: 1000,
      operator: mappingFunction === 'invertedLinear' ? 'lte' : 'gte',
      mappingFunction,
      limits: { lower, upper, absoluteUpper: upper * 2 },
    });
    ids.scorecard = await create('/scorecards', {
      name: 'Madrid quality',
      weight: 100,
      maxScore: 10,
      campaigns: [ids.campaign],
      providers: [ids.movistar, ids.orange],
      kpis: [
        { kpi: 'download', weight: 60, fringes: [] },
        { kpi: 'latency', weight: 40, fringes: [{ start: 8, end: 14 }] },
      ],
      mosEntries: [mos('download', 'linear', 10, 50), mos('latency', 'invertedLinear', 20, 100)],
    });
    const measured = (provider: string, measuredAt: string, kpis: Record<string, number>) =>
      sampleMeasurement({
        provider,
        measuredAt,
        receivedAt: measuredAt,
        hour: new Date(measuredAt).getUTCHours(),
        kpis,
        campaigns: [ids.campaign!],
      });
    const measurements: EnrichedMeasurement[] = [
      measured(ids.movistar, '2026-10-05T09:00:00.000Z', { download: 30, latency: 60 }),
      measured(ids.movistar, '2026-10-06T18:00:00.000Z', { download: 50, latency: 100 }),
      measured(ids.orange, '2026-10-07T10:00:00.000Z', { download: 20, latency: 20 }),
    ];
    expect(await api.platform.measurements.write(measurements)).toEqual({ failed: [] });
  }, 120_000);
  afterAll(() => api?.raw.close());

  describe('the typed client (@nq/client)', () => {
    it('reads and writes, each request signed with the path, query and body it sends', async () => {
      const nq = createNqClient({ baseUrl, credentials });
      const name = 'Fibre pilot — año 2026';
      const created = await nq.createTag({ body: { name } });
      expect(created.response.status, JSON.stringify(created.error)).toBe(201);
      const { id, position } = created.data as unknown as { id: string; position: string };

      const read = await nq.getTag({ params: { path: { id }, query: { minPosition: position } } });
      expect(read.error).toBeUndefined();
      expect(read.data).toMatchObject({ id, name });
      // By path too, a query with spaces and accents: signed as sent.
      const listed = await nq.api.GET('/tags/', { params: { query: { q: 'año 2026', pageSize: 5 } } });
      expect(listed.error).toBeUndefined();
      expect((listed.data as unknown as { list: { id: string }[] }).list.map((tag) => tag.id)).toContain(id);

      const calculation = await nq.calculateScorecard({ params: { path: { id: ids.scorecard! }, query: october } });
      expect(calculation.error).toBeUndefined();
      expect(calculation.data?.live.entities.map(({ name, rank, score }) => ({ name, rank, score }))).toEqual([
        { name: 'Movistar', rank: 1, score: 6.5 },
        { name: 'Orange', rank: 2, score: 5.5 },
      ]);
      const csv = await nq.api.POST('/scorecards/{id}/csv', {
        params: { path: { id: ids.scorecard! } },
        body: october,
        parseAs: 'text',
      });
      expect(csv.response.headers.get('content-type')).toContain('text/csv');
      expect(csv.data).toContain('"scorecardId"');
    });

    it("answers an error with its catalogue code and message, a bad signature's too", async () => {
      const nq = createNqClient({ baseUrl, credentials });
      const missing = await nq.getTag({ params: { path: { id: 'no-such-tag' } } });
      expect(missing.response.status).toBe(404);
      expect(missing.error).toMatchObject({ code: 'resource.notFound', message: 'The requested item does not exist.' });

      const forged = createNqClient({ baseUrl, credentials: { ...credentials, clientSecret: 'not-the-secret' } });
      const refused = await forged.listTags();
      expect(refused.response.status).toBe(401);
      expect(refused.error).toMatchObject({ code: 'auth.invalidSignature' });
    });

    it("signs with a token's client id and secret as with a session's", async () => {
      const nq = createNqClient({ baseUrl, credentials });
      const issued = await nq.createToken({
        body: { name: 'notebook', expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
      });
      expect(issued.error).toBeUndefined();
      const token = createNqClient({
        baseUrl,
        credentials: { clientId: issued.data!.clientId, clientSecret: issued.data!.clientSecret },
      });
      const listed = await token.listTags({ params: { query: { pageSize: 1 } } });
      expect(listed.response.status).toBe(200);
      expect(listed.response.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
    });
  });

  describe('nq api, run as a process', () => {
    const nqApi = (args: string[], env: NodeJS.ProcessEnv = {}) =>
      run(process.execPath, [join(root, 'services/src/cli.ts'), 'api', ...args], {
        PATH: process.env.PATH,
        HOME: folder,
        NQ_CREDENTIALS: credentialsFile,
        ...env,
      });

    it('prints its own help', async () => {
      const help = await nqApi(['--help']);
      expect(help.status).toBe(0);
      expect(help.stdout).toMatch(/^Usage: nq api <METHOD> <path> \[--data <json>\|@file\]/);
      expect(help.stdout).toContain('--output, -o json|table|csv');
    });

    it('writes, then reads the list back as JSON, as a table and as CSV', async () => {
      const created = await nqApi(['POST', '/tags/', '--data', '{"name": "CLI pilot"}']);
      expect(created.status, created.stderr).toBe(0);
      const { id, position } = JSON.parse(created.stdout) as { id: string; position: string };

      const asked = ['GET', '/tags/', '--query', 'q=CLI pilot', '--query', `minPosition=${position}`];
      const json = await nqApi(asked);
      expect(json.status, json.stderr).toBe(0);
      expect(JSON.parse(json.stdout).list).toEqual([expect.objectContaining({ id, name: 'CLI pilot' })]);

      const table = await nqApi([...asked, '--output', 'table']);
      expect(table.status, table.stderr).toBe(0);
      const [header = '', rule = '', row = '', ...more] = table.stdout.trimEnd().split('\n');
      expect(header).toMatch(/^id +name +/);
      expect(rule).toMatch(/^-+ {2}-+/);
      expect(row).toMatch(new RegExp(`^${id} +CLI pilot +`));
      expect(more).toEqual([]);

      const csv = await nqApi([...asked, '-o', 'csv', '--credentials', credentialsFile]);
      expect(csv.status, csv.stderr).toBe(0);
      const [csvHeader, csvRow] = csv.stdout.trimEnd().split('\r\n');
      expect(csvHeader).toMatch(/^"id","name",/);
      expect(csvRow).toMatch(new RegExp(`^"${id}","CLI pilot",`));
    });

    it("prints a CSV answer as it came: the scorecard's rows for a spreadsheet", async () => {
      const body = join(folder, 'window.json');
      writeFileSync(body, JSON.stringify(october));
      const calculation = await nqApi([
        'GET',
        `/scorecards/${ids.scorecard}/calculations`,
        '-q',
        'from=2026-10-01',
        '-q',
        'to=2026-10-31',
      ]);
      expect(calculation.status, calculation.stderr).toBe(0);
      expect(JSON.parse(calculation.stdout).live.entities.map((entity: { score: number }) => entity.score)).toEqual([
        6.5, 5.5,
      ]);
      const csv = await nqApi(['POST', `/scorecards/${ids.scorecard}/csv`, '--data', `@${body}`]);
      expect(csv.status, csv.stderr).toBe(0);
      expect(csv.stdout).toMatch(/^\uFEFF?"scorecardId","version",/);
      expect(csv.stdout).toContain(`"${ids.movistar}",1,6.5,100,"download"`);
    });

    it("prints the platform's message and code for an error and exits 1; a command line it cannot use exits 2", async () => {
      const missing = await nqApi(['GET', '/tags/no-such-tag']);
      expect(missing.status).toBe(1);
      expect(missing.stdout).toBe('');
      // The message and code on one line, the error's details after it.
      expect(missing.stderr).toBe(
        'The requested item does not exist. (resource.notFound, HTTP 404)\n{\n  "id": "no-such-tag"\n}\n',
      );

      const forgedFile = join(folder, 'forged.json');
      writeFileSync(forgedFile, JSON.stringify({ url: baseUrl, ...credentials, clientSecret: 'not-the-secret' }));
      chmodSync(forgedFile, 0o600);
      const forged = await nqApi(['GET', '/tags/', '--credentials', forgedFile]);
      expect(forged.status).toBe(1);
      expect(forged.stderr).toBe(
        'The request signature is not valid. Log in again. (auth.invalidSignature, HTTP 401)\n',
      );

      const notJson = await nqApi(['POST', '/tags/', '--data', '{name:']);
      expect(notJson.status).toBe(2);
      expect(notJson.stderr).toMatch(/^nq api: --data is not JSON/);
      const noFile = await nqApi(['GET', '/tags/'], { NQ_CREDENTIALS: join(folder, 'none.json') });
      expect(noFile.status).toBe(2);
      expect(noFile.stderr).toMatch(/^nq api: no credentials file at .*none\.json: write \{ "url"/);
      const nowhere = `http://127.0.0.1:${await freePort()}`;
      const unreachable = await nqApi(['GET', '/tags/', '--url', nowhere]);
      expect(unreachable.status).toBe(1);
      expect(unreachable.stderr).toBe(`nq api: cannot reach ${nowhere}: ECONNREFUSED\n`);
    });

    it('reads ~/.config/nq/credentials.json by default, and warns when others may read it', async () => {
      const config = join(folder, 'config');
      mkdirSync(join(config, 'nq'), { recursive: true });
      writeFileSync(join(config, 'nq/credentials.json'), readFileSync(credentialsFile));
      chmodSync(join(config, 'nq/credentials.json'), 0o644);
      const listed = await nqApi(['GET', '/tags/', '-q', 'pageSize=1'], {
        NQ_CREDENTIALS: '',
        XDG_CONFIG_HOME: config,
      });
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.stderr).toBe(
        `nq api: warning: others than you may read ${config}/nq/credentials.json: chmod 600 it\n`,
      );
      expect(JSON.parse(listed.stdout).list).toHaveLength(1);
    });
  });

  describe("the Python notebook example (docs/api-from-your-tools.md), run by python3's standard library", () => {
    it("prints the scorecard's rows, signed as the API checks, and fetches its CSV", async () => {
      const page = readFileSync(join(root, 'docs/api-from-your-tools.md'), 'utf8');
      const example = /```python\n([\s\S]*?)```/.exec(page)?.[1];
      expect(example, 'the page has a Python example').toContain('def nq(');
      const script = join(folder, 'scorecard_notebook.py');
      // The example as the page gives it, then two calls a notebook might make next: a query to encode, the CSV.
      writeFileSync(
        script,
        `${example}\n` +
          'print(len(nq("GET", "/tags/", {"q": "año & más", "pageSize": 5})["list"]))\n' +
          'print(nq("POST", f"/scorecards/{scorecard_id}/csv", body=window).splitlines()[0][:30])\n',
      );
      const python = await run('python3', [script], {
        PATH: process.env.PATH,
        NQ_CREDENTIALS: credentialsFile,
        NQ_SCORECARD: ids.scorecard,
      });
      expect(python.stderr).toBe('');
      expect(python.status).toBe(0);
      expect(python.stdout).toBe(
        'Madrid quality, version 1:\n1\tMovistar\t6.5\t100%\n2\tOrange\t5.5\t100%\n0\n"scorecardId","version","posit\n',
      );
    });
  });
});
