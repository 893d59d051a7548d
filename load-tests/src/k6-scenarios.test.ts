import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { hmacBase64url, measurementSchema, probeFieldsSchema, sha256Hex, stringToSign } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analystReadMix, analystReads } from '../k6/scenarios/analyst-reads.ts';
import { configurationCommands, tagLifecycle } from '../k6/scenarios/configuration-commands.ts';
import { scenarios } from '../k6/scenarios/index.ts';
import { probeIngestion } from '../k6/scenarios/probe-ingestion.ts';
import type { Answer, Exchange, Runtime, Scenario, ScenarioRequest } from '../k6/scenarios/scenario.ts';
import { authorizationOf } from '../k6/scenarios/signed-request.ts';
import { runScenario } from './k6-like-run.ts';
import { summaryOf } from './k6-summary.ts';
import { evaluateThresholds, type RequestSample } from './k6-thresholds.ts';
import { nodeRuntime } from './node-k6-runtime.ts';

const scenarioFolder = join(import.meta.dirname, '../k6/scenarios');

/** Plays an exchange against canned answers, one per request it asks; answers the requests and its result. */
function replay<Result>(exchange: Exchange<Result>, answers: Answer[]) {
  const asked: ScenarioRequest[] = [];
  for (;;) {
    const step = exchange(answers.slice(0, asked.length));
    if ('done' in step) return { asked, result: step.done };
    asked.push(step);
    if (asked.length > answers.length) return { asked, result: undefined };
  }
}

const admin = { clientId: 'session-admin', clientSecret: 'secret-of-the-admin-session-0123456789' };
const created = (id: string, version: number, position: string): Answer => ({
  status: version === 1 ? 201 : 200,
  body: { id, version, position },
});

describe('the shared k6 scenarios', () => {
  it('load as plain modules k6 can run: nothing imported at run time but one another', () => {
    const files = readdirSync(scenarioFolder).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) {
      const imports = readFileSync(join(scenarioFolder, file), 'utf8').match(/^import [^;]+;/gm) ?? [];
      for (const statement of imports) expect(statement, file).toMatch(/^import type |from '\.\/[\w-]+\.ts';$/);
    }
  });

  it('are three, each with the reads thresholds and a load given by RATE, DURATION and VUS', () => {
    expect(Object.values(scenarios).map((scenario) => scenario.name)).toEqual([
      'analyst_reads',
      'configuration_commands',
      'probe_ingestion',
    ]);
    for (const scenario of Object.values(scenarios)) {
      expect(scenario.thresholds).toEqual({
        'http_req_duration{phase:load}': ['p(95)<200'],
        'http_req_failed{phase:load}': ['rate<0.01'],
      });
      expect(scenario.profile({ RATE: '7', DURATION: '2m', VUS: '3' })).toEqual({
        rate: 7,
        durationSeconds: 120,
        maxVUs: 3,
      });
    }
  });

  it('sign a request as contracts/src/identity/request-signing.ts does', async () => {
    const requests = [
      { method: 'GET', url: '/api/storyboard', body: '' },
      { method: 'GET', url: '/scorecards/abc/calculations?to=2026-11-28&from=2026-11-21', body: '' },
      { method: 'post', url: '/tags?b=2&a=%20x&a=1', body: JSON.stringify({ name: 'Ñandú 5G' }) },
    ];
    for (const request of requests) {
      const at = { timestamp: 1_795_000_000_000, nonce: 'nonce-of-the-test-0123' };
      const expected = await hmacBase64url(
        admin.clientSecret,
        stringToSign({
          method: request.method,
          path: request.url.split('?')[0]!,
          query: request.url.split('?')[1] ?? '',
          timestamp: at.timestamp,
          nonce: at.nonce,
          bodyHash: await sha256Hex(request.body),
        }),
      );
      expect(authorizationOf(admin, request, nodeRuntime, at)).toBe(
        `NQ-HMAC-SHA256 Credential=${admin.clientId}, Timestamp=${at.timestamp}, Nonce=${at.nonce}, Signature=${expected}`,
      );
    }
  });

  it("log the analyst in, find its scorecards and ask one of the screens' reads at a time", () => {
    const setup = replay(analystReads.setup({}, nodeRuntime), [
      { status: 200, body: { data: admin } },
      { status: 200, body: { list: [{ id: 'quality-2026' }, { id: 'landline-2026' }] } },
    ]);
    expect(setup.asked.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /login',
      'GET /scorecards',
    ]);
    expect(setup.asked[0]!.body).toEqual({ email: 'analyst@demo.nq', password: 'analyst-demo-2026' });
    expect(setup.result).toEqual({ analyst: admin, scorecardIds: ['quality-2026', 'landline-2026'] });
    const names = new Set(
      Array.from({ length: 200 }, () => replay(analystReads.iteration(setup.result!, nodeRuntime), []).asked[0]!.name),
    );
    expect([...names].sort()).toEqual(
      analystReadMix.map((entry) => entry.request(setup.result!, nodeRuntime).name).sort(),
    );
  });

  it('create, rename against the version created, read back at its position and delete a tag', () => {
    const played = replay(tagLifecycle(admin, 'k6 tag'), [
      created('t1', 1, '10:1'),
      created('t1', 2, '11:1'),
      { status: 200, body: { id: 't1' } },
      { status: 200, body: { id: 't1' } },
    ]);
    expect(played.asked.map((request) => [request.method, request.url, request.body, request.expected])).toEqual([
      ['POST', '/tags', { name: 'k6 tag' }, [201]],
      ['PUT', '/tags/t1', { name: 'k6 tag renamed', expectedVersion: 1 }, [200]],
      ['GET', '/tags/t1?minPosition=11:1', undefined, [200]],
      ['DELETE', '/tags/t1?expectedVersion=2', undefined, [200]],
    ]);
    expect(played.asked.every((request) => request.signedBy === admin)).toBe(true);
    expect(configurationCommands.iteration({ admin }, nodeRuntime)([])).toMatchObject({ method: 'POST', url: '/tags' });
  });

  it('register probes with gateway credentials, then send batches of results the gateway accepts', () => {
    const probeCredentials = (n: number): Answer => ({
      status: 201,
      body: { clientId: `probe-${n}`, clientSecret: 's' },
    });
    const setup = replay(probeIngestion.setup({ PROBES: '2', BATCH: '4' }, nodeRuntime), [
      { status: 200, body: { data: admin } },
      { status: 201, body: {} },
      probeCredentials(1),
      { status: 409, body: { code: 'probes.idExists' } },
      probeCredentials(2),
    ]);
    expect(setup.asked.map((request) => request.method + request.url.replace(/k6\w+/, '{id}'))).toEqual([
      'POST/login',
      'POST/probes',
      'POST/probes/{id}/credentials',
      'POST/probes',
      'POST/probes/{id}/credentials',
    ]);
    expect(probeFieldsSchema.safeParse(setup.asked[1]!.body).success).toBe(true);
    const context = setup.result!;
    expect(context.probes.map((probe) => probe.credentials.clientId)).toEqual(['probe-1', 'probe-2']);
    const batch = replay(probeIngestion.iteration(context, nodeRuntime), []).asked[0]!;
    expect(batch).toMatchObject({ method: 'POST', url: '/gateway/v1/results', expected: [202] });
    const { items } = batch.body as { items: unknown[] };
    expect(items).toHaveLength(4);
    for (const item of items) expect(measurementSchema.safeParse(item).success).toBe(true);
    expect(context.probes.map((probe) => probe.credentials)).toContainEqual(batch.signedBy);
  });
});

describe("the Node runner's thresholds, as k6 evaluates them", () => {
  const samples = (count: number, failed: number, phase = 'load'): RequestSample[] =>
    Array.from({ length: count }, (_, index) => ({
      tags: { name: 'read', phase },
      durationMs: index + 1,
      failed: index < failed,
    }));
  const thresholds = {
    'http_req_duration{phase:load}': ['p(95)<200', 'p(95)<90'],
    'http_req_failed{phase:load}': ['rate<0.01'],
  };

  it('fails the error-rate threshold with 2 % of requests failed, passes it without', () => {
    const withFailures = evaluateThresholds(thresholds, samples(100, 2));
    expect(withFailures.map(({ condition, actual, passed }) => [condition, Number(actual.toFixed(2)), passed])).toEqual(
      [
        ['p(95)<200', 95.05, true],
        ['p(95)<90', 95.05, false],
        ['rate<0.01', 0.02, false],
      ],
    );
    expect(evaluateThresholds(thresholds, samples(100, 0)).at(-1)!.passed).toBe(true);
  });

  it("leaves the setup's requests out, as the tag filter says", () => {
    const [, , rate] = evaluateThresholds(thresholds, [...samples(100, 0), ...samples(20, 20, 'setup')]);
    expect(rate).toMatchObject({ actual: 0, passed: true });
  });

  describe('a run against a server failing one request in fifty', () => {
    let server: ReturnType<typeof createServer>;
    let served = 0;
    beforeAll(async () => {
      server = createServer((_, response) => {
        served++;
        response.writeHead(served % 50 === 0 ? 500 : 200, { 'content-type': 'application/json' }).end('{}');
      });
      await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    });
    afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

    it('counts 2 % failed and fails its thresholds, as `k6 run` would', async () => {
      const probing: Scenario<string> = {
        name: 'probing',
        description: 'one GET an iteration',
        thresholds: { 'http_req_failed{phase:load}': ['rate<0.01'] },
        // As many VUs as iterations: a busy machine that falls behind the arrival rate starts the late iterations
        // together instead of dropping them, so the count does not depend on the machine's speed.
        profile: () => ({ rate: 100, durationSeconds: 1, maxVUs: 100 }),
        setup: () => (answers) =>
          answers.length ? { done: 'ready' } : { name: 'setup', method: 'GET', url: '/setup', expected: [200] },
        iteration: () => (answers) =>
          answers.length ? { done: undefined } : { name: 'ok', method: 'GET', url: '/ok', expected: [200] },
      };
      const runtime: Runtime = nodeRuntime;
      const { port } = server.address() as AddressInfo;
      served = 1; // the setup's request, answered before the load's 100
      const figures = await runScenario(probing, { baseUrl: `http://127.0.0.1:${port}`, env: {}, runtime });
      expect(figures).toMatchObject({ iterations: 100, dropped: 0 });
      expect(figures.samples).toHaveLength(100);
      expect(figures.samples.filter((sample) => sample.failed)).toHaveLength(2);
      const summary = summaryOf(probing.name, probing.thresholds, figures);
      expect(summary.passed).toBe(false);
      expect(summary.text).toContain('✗ http_req_failed{phase:load} rate<0.01 (2.00 %)');
    });
  });
});
