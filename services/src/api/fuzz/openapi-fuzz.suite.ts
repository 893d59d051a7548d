import { resolve as resolvePath } from 'node:path';
import { errorCodes, type Language, type LayerId } from '@nq/contracts';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayCall, type Operation, type Parameter, readOperations } from '../../testing/openapi-operations.ts';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { hostileParameter, mutated, rawBodies } from './hostile-values.ts';
import { valueArbitrary } from './schema-arbitrary.ts';

const root = resolvePath(import.meta.dirname, '../../../..');
const { operations, resolve } = readOperations(root);
const knownCodes = new Set<string>(errorCodes);
const unfilled = /\{[A-Za-z_][A-Za-z0-9_]*\}/;

/** The restricted caller: one analysis screen and its alerts, no administration. */
const restricted = { layers: ['evolution', 'alerts'] as LayerId[], admin: false };

/** A request as fast-check generates it, printable when a property fails. */
interface FuzzRequest {
  method: string;
  url: string;
  language: Language;
  payload?: unknown;
  contentType?: string;
}

/**
 * Property-based fuzzing from the OpenAPI document: for every operation, requests generated from its schemas —
 * valid, at their boundaries and hostile (NUL, lone surrogates, huge strings, deep nesting, wrong types, unknown
 * fields, bodies that are not UTF-8 JSON, broken percent-encodings) — signed as an administrator and as a restricted
 * profile. Properties: no 5xx; every 4xx carries a catalogue code and a message with its parameters filled, in the
 * caller's language; every answer carries the security headers; a refused write appends nothing to the event store; the restricted profile never gets a 2xx
 * from an operation its screens do not reach. FUZZ_RUNS requests per operation and caller; FUZZ_SEED replays a run.
 */
export function describeOpenApiFuzzing(options: { runs: number; seed: number }) {
  describe(`fuzzing every operation of the OpenAPI document (seed ${options.seed}, ${options.runs} runs each)`, () => {
    let api: TestApi;
    let analyst: SignedClient;
    /** Ids the demo data holds, so that generated paths also reach existing entities. */
    const knownIds: string[] = [];
    let sent = 0;

    beforeAll(async () => {
      api = await openTestApi({}, { demoData: true });
      analyst = await api.as('fuzz-restricted', {
        layers: restricted.layers.map((id) => ({ id, groups: [] })),
        rol: 'user',
        service: 'mobile',
      } as never);
      for (const operation of operations)
        if (operation.method === 'GET' && !operation.path.includes('{')) {
          const response = await api.app.inject(operation.path);
          if (response.statusCode === 200) collectIds(safeJson(response), knownIds);
        }
      console.info(`[fuzz] seed ${options.seed}: ${operations.length} operations, ${knownIds.length} known ids`);
    }, 300_000);
    afterAll(async () => {
      console.info(`[fuzz] seed ${options.seed}: ${sent} requests sent`);
      await api?.raw.close();
    });

    const pathValue = (parameter: Parameter) =>
      fc.oneof(
        {
          weight: 3,
          arbitrary: valueArbitrary(parameter.schema, resolve).map((value) => encodeURIComponent(String(value))),
        },
        { weight: knownIds.length ? 3 : 0, arbitrary: fc.constantFrom(...(knownIds.length ? knownIds : ['x'])) },
        { weight: 2, arbitrary: hostileParameter },
      );
    const queryValue = (parameter: Parameter) =>
      // A valid minPosition makes a read wait up to 5 s for a write that never comes: only hostile ones.
      parameter.name === 'minPosition'
        ? hostileParameter
        : fc.oneof(
            {
              weight: 3,
              arbitrary: valueArbitrary(parameter.schema, resolve).map((value) => encodeURIComponent(String(value))),
            },
            { weight: 1, arbitrary: hostileParameter },
          );

    function requestOf(operation: Operation): fc.Arbitrary<FuzzRequest> {
      const path = operation.parameters.filter((parameter) => parameter.in === 'path');
      const query = operation.parameters.filter((parameter) => parameter.in === 'query');
      const pathParts = fc.tuple(...path.map(pathValue));
      const queryParts = fc.tuple(
        ...query.map((parameter) =>
          parameter.required
            ? queryValue(parameter).map((value) => [value])
            : fc.option(queryValue(parameter)).map((value) => (value === null ? [] : [value])),
        ),
      );
      const validBody = operation.body ? valueArbitrary(operation.body.schema, resolve) : fc.constant(undefined);
      const body: fc.Arbitrary<{ payload?: unknown; contentType?: string }> = operation.body
        ? fc.oneof(
            { weight: 3, arbitrary: validBody.map((payload) => ({ payload })) },
            { weight: 4, arbitrary: mutated(validBody).map((payload) => ({ payload })) },
            { weight: 1, arbitrary: rawBodies },
          )
        : fc.constant({});
      return fc
        .record({ pathParts, queryParts, body, language: fc.constantFrom<Language>('en', 'es') })
        .map(({ pathParts: values, queryParts: queries, body: { payload, contentType }, language }) => {
          let url = operation.path;
          path.forEach((parameter, index) => {
            url = url.replace(`{${parameter.name}}`, values[index] as string);
          });
          const search = query.flatMap((parameter, index) =>
            (queries[index] as string[]).map((value) => `${parameter.name}=${value}`),
          );
          return {
            method: operation.method,
            url: search.length ? `${url}?${search.join('&')}` : url,
            language,
            ...(payload !== undefined ? { payload } : {}),
            ...(contentType ? { contentType } : {}),
          };
        });
    }

    async function send(client: SignedClient, request: FuzzRequest) {
      sent += 1;
      const isRaw = Buffer.isBuffer(request.payload) || typeof request.payload === 'string';
      const options: InjectOptions = {
        method: request.method as InjectOptions['method'],
        url: request.url,
        headers: {
          'accept-language': request.language,
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
        },
        ...(request.payload !== undefined
          ? { payload: isRaw ? (request.payload as string | Buffer) : JSON.stringify(request.payload) }
          : {}),
      };
      if (request.payload !== undefined && !isRaw)
        (options.headers as Record<string, string>)['content-type'] = 'application/json';
      return client.inject(options);
    }

    function expectCatalogueRefusal(response: LightMyRequestResponse, request: FuzzRequest) {
      const where = `${request.method} ${request.url.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, where).toBeLessThan(500);
      // Every answer, refusals of the router included, carries the security headers.
      expect(response.headers['x-content-type-options'], `nosniff: ${where}`).toBe('nosniff');
      expect(response.headers['content-security-policy'], `a CSP: ${where}`).toContain("default-src 'self'");
      if (response.statusCode < 400) return;
      const body = safeJson(response) as { code?: string; message?: string } | undefined;
      expect(knownCodes.has(body?.code ?? ''), `a catalogue code: ${where}`).toBe(true);
      expect(body?.message, where).toBeTruthy();
      expect(body?.message, `parameters filled: ${where}`).not.toMatch(unfilled);
    }

    /** Every generated request of the operation, sent by the caller: the properties hold for each answer. */
    const fuzz = (operation: Operation, caller: () => SignedClient, allowed: boolean) =>
      fc.assert(
        fc.asyncProperty(requestOf(operation), async (request) => {
          const before = await api.platform.eventStore.head();
          const response = await send(caller(), request);
          expectCatalogueRefusal(response, request);
          if (!allowed) expect(response.statusCode, `${request.method} ${request.url}`).toBeGreaterThanOrEqual(400);
          if (request.method !== 'GET' && response.statusCode >= 400)
            expect(
              await api.platform.eventStore.head(),
              `a refused write stored nothing: ${request.method} ${request.url}`,
            ).toEqual(before);
        }),
        { numRuns: options.runs, seed: options.seed, endOnFailure: true },
      );

    for (const operation of operations) {
      if (operation.access.probe || operation.path === '/login') continue;
      const name = `${operation.method} ${operation.path}`;
      it(
        `${name}: as an administrator, never a 5xx; refusals from the catalogue, storing nothing`,
        () => fuzz(operation, () => api.app, true),
        300_000,
      );
      const allowed = mayCall(operation.access, restricted);
      it(
        `${name}: as a restricted profile, ${allowed ? 'the same' : 'never answered with data'}`,
        () => fuzz(operation, () => analyst, allowed),
        300_000,
      );
    }
  });
}

function safeJson(response: LightMyRequestResponse): unknown {
  try {
    return response.json();
  } catch {
    return undefined;
  }
}

function collectIds(value: unknown, into: string[]) {
  if (into.length >= 300) return;
  if (Array.isArray(value)) for (const item of value) collectIds(item, into);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if ((key === 'id' || key.endsWith('Id')) && typeof item === 'string' && !into.includes(item))
        into.push(encodeURIComponent(item));
      else collectIds(item, into);
    }
}
