import { randomUUID } from 'node:crypto';
import { resolve as resolvePath } from 'node:path';
import {
  type HttpErrorCode,
  type Language,
  languages,
  type MessageParams,
  maxConditions,
  maxFilterIdLength,
  maxFilterValues,
  translate,
} from '@nq/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyWith, fieldAt, filterSetOperations, pathOf } from '../testing/filter-set-operations.ts';
import { readOperations } from '../testing/openapi-operations.ts';
import { type SignedClient, signedClient } from '../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../testing/test-api.ts';

type Body = Record<string, unknown>;

const nul = 'Ma\u0000drid';
const loneSurrogate = 'Ma\ud800drid';
const inUrl = encodeURIComponent(nul);
/** Bytes that are not UTF-8: `café` as Windows-1252 writes it. */
const latin1Json = Buffer.from('{"name":"caf\xe9"}', 'latin1');

const unfilled = /\{[A-Za-z_][A-Za-z0-9_]*\}/;

/** A probe id of 1 MB: more than any store takes as one term (Elasticsearch refuses those over 32,766 bytes). */
const hugeId = 'p'.repeat(1024 * 1024);
const { operations, resolve } = readOperations(resolvePath(import.meta.dirname, '../../..'));
const filterSetRoutes = filterSetOperations(operations, resolve).flatMap(({ operation, at }) =>
  at.map((path) => ({ name: `${operation.method} ${operation.path}`, operation, path })),
);

/**
 * What the API takes from outside, refused where it enters with a catalogue code in the caller's language and every
 * placeholder of its message filled: text holding NUL or a lone surrogate in any name, search, path, filter, CSV
 * cell or probe result; bodies nested too deep or not UTF-8; values over their bounds.
 */
export function describeBoundaryRefusals(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`refusals at the API boundary — ${profile}`, { timeout: 120_000 }, () => {
    let api: TestApi;
    let probe: SignedClient;
    const run = Date.now().toString(36);
    const probeId = `edge${run}`;
    let serial = 0;
    const unique = (name: string) => `${name} ${run}${++serial}`;

    beforeAll(async () => {
      api = await openTestApi(await environment());
      probe = signedClient(api.raw, await api.enrolProbe(probeId, 'Edge probe'));
    }, 120_000);
    afterAll(() => api?.raw.close());

    const inLanguage = (language: Language, request: InjectOptions, client = () => api.app) =>
      client().inject({ ...request, headers: { ...(request.headers as object), 'accept-language': language } });

    /** The request answers `status` and `code` in every language, its message filled with `params`. */
    async function expectRefusal(
      request: InjectOptions,
      status: number,
      code: HttpErrorCode,
      params: MessageParams,
      client?: () => SignedClient,
    ) {
      for (const language of languages) {
        const response = await inLanguage(language, request, client);
        expect([response.statusCode, response.json().code], response.body).toEqual([status, code]);
        const { message } = response.json();
        expect(message).toBe(translate(code, language, params));
        expect(message).not.toMatch(unfilled);
      }
    }

    const result = (changes: Body = {}) => ({
      measurementId: randomUUID(),
      probeId,
      program: 'speedtest',
      testType: 'http-download',
      technology: 4,
      measuredAt: new Date().toISOString(),
      status: 'Finished',
      kpis: { download: 87.5 },
      ...changes,
    });

    describe('text holding NUL or a lone surrogate', () => {
      /** Bodies the API accepts, each with the field a bad text goes in. */
      const creations: [what: string, url: string, body: (name: string) => Body, field: string][] = [
        ['a tag name', '/tags', (name) => ({ name }), 'name'],
        [
          'a probe name',
          '/probes',
          (name) => ({ probeId: `p${run}${++serial}`, name, family: 'Agent', type: 'mobile' }),
          'name',
        ],
        [
          'a campaign name',
          '/api/campaigns-management',
          (name) => ({ name, startDate: '2026-01-01', endDate: '2026-12-31' }),
          'name',
        ],
        [
          'a provider name',
          '/api/providers',
          (name) => ({ name, label: 'Edge', country: 'Spain', numeric: `21${String(++serial).padStart(3, '0')}` }),
          'name',
        ],
        [
          'a CDN name',
          '/api/cdns',
          (name) => ({ name, url: 'https://cdn.example.com/1MB.bin', type: 'download', size: 1_000_000 }),
          'name',
        ],
        [
          "a key of a probe's free-form settings",
          '/probes',
          (name) => ({
            probeId: `p${run}${++serial}`,
            name: unique('Probe'),
            family: 'Agent',
            type: 'mobile',
            further: { layer3: { [name]: true } },
          }),
          'further.layer3',
        ],
      ];

      it.each(creations)(
        'refuses %s (400, the field named), and takes the same body without it',
        async (_, url, body, field) => {
          const bad = (name: string) => ({ method: 'POST' as const, url, payload: body(name) });
          for (const text of [nul, loneSurrogate]) {
            const named = field.endsWith('layer3') ? `${field}.${text}` : field;
            await expectRefusal(bad(text), 400, 'validation.invalidCharacters', { field: named });
          }
          const accepted = await api.app.inject(bad(unique('Madrid')));
          expect(accepted.statusCode, accepted.body).toBe(201);
        },
      );

      const reads: [what: string, request: InjectOptions, field: string][] = [
        ['the search of the tags', { url: `/tags?q=${inUrl}` }, 'q'],
        ['the search of the probes', { url: `/probes?q=${inUrl}` }, 'q'],
        ['the search of the campaigns', { url: `/api/campaigns-management?q=${inUrl}` }, 'q'],
        ['the search of the providers', { url: `/api/providers?q=${inUrl}` }, 'q'],
        ['the search of the CDNs', { url: `/api/cdns?q=${inUrl}` }, 'q'],
        ['a provider looked up by name', { url: `/api/providers/names/${inUrl}` }, 'name'],
        [
          'a program filter of a graphic',
          { method: 'POST', url: '/api/graphic', payload: { kpi: 'download', programs: [loneSurrogate] } },
          'programs.0',
        ],
        [
          'an ISP filter of the measurement search',
          { method: 'POST', url: '/api/measurements/by/profile', payload: { isps: [nul] } },
          'isps.0',
        ],
        [
          'a probe filter of a map',
          { method: 'POST', url: '/maps?count=true', payload: { kpi: 'download', probes: [nul] } },
          'probes.0',
        ],
      ];

      it.each(reads)('refuses %s (400, the field named)', async (_, request, field) => {
        await expectRefusal(request, 400, 'validation.invalidCharacters', { field });
      });

      it('refuses a CSV import whose cell holds NUL, naming its column; bytes that are not UTF-8 as unreadable', async () => {
        const csv = (cell: string) => ({
          method: 'POST' as const,
          url: '/probes/import',
          payload: `probeId,name,family,type\ncsv${run},${cell},Agent,mobile\n`,
          headers: { 'content-type': 'text/csv', 'x-file-name': 'probes.csv' },
        });
        await expectRefusal(csv(nul), 400, 'validation.invalidCharacters', { field: 'name' });
        const latin1 = {
          ...csv(''),
          payload: Buffer.from(`probeId,name,family,type\ncsv${run},M\xf3stoles,Agent,mobile\n`, 'latin1'),
        };
        await expectRefusal(latin1, 400, 'csvImport.readFailed', {});
        expect((await api.app.inject(`/probes/csv${run}?asOf=${new Date().toISOString()}`)).statusCode).toBe(404);
      });

      it('rejects a probe result holding such text as a malformed item, and takes the rest of its batch', async () => {
        for (const language of languages) {
          const good = result();
          const response = await probe.inject({
            method: 'POST',
            url: '/gateway/v1/results',
            payload: { items: [good, result({ program: nul }), result({ kpis: { [loneSurrogate]: 1 } })] },
            headers: { 'accept-language': language },
          });
          expect(response.statusCode, response.body).toBe(202);
          expect(response.json().accepted).toBe(1);
          const problems = response
            .json()
            .rejected.map((r: { index: number; problems: unknown[] }) => [r.index, r.problems]);
          const problem = (field: string) => ({
            field,
            code: 'validation.invalidCharacters',
            params: { field },
            message: translate('validation.invalidCharacters', language, { field }),
          });
          expect(problems).toEqual([
            [1, [problem('program')]],
            [2, [problem(`kpis.${loneSurrogate}`)]],
          ]);
        }
      });
    });

    describe('bodies nested too deep', () => {
      const nested = (levels: number) => {
        let condition: unknown = { kpi: 'download', operator: 'gte', value: 1 };
        for (let level = 0; level < levels; level += 1) condition = { not: condition };
        return condition;
      };
      const queries: [what: string, url: string, body: Body][] = [
        ['a graphic', '/api/graphic', { kpi: 'download' }],
        ['the measurement search', '/api/measurements/by/profile', {}],
        ['a map', '/maps?count=true', { kpi: 'download' }],
        ['the evolution', '/api/evolution', { kpi: 'download' }],
      ];

      it.each(queries)(
        'refuses the conditions of %s nested 3,000 levels deep before parsing them',
        async (_, url, body) => {
          const request = { method: 'POST' as const, url, payload: { ...body, conditions: nested(3000) } };
          await expectRefusal(request, 400, 'request.tooDeeplyNested', { max: 64 });
        },
      );

      it.each(queries)('refuses the conditions of %s nested past their own limit', async (_, url, body) => {
        const request = { method: 'POST' as const, url, payload: { ...body, conditions: nested(10) } };
        await expectRefusal(request, 400, 'graphics.conditionsTooDeep', { max: 6 });
      });

      /** 20 conditions to a joiner over `levels` levels, each of its own value: 8,000 over 4 levels. */
      const widest = (levels: number, values = { next: 0 }): unknown =>
        levels === 1
          ? { kpi: 'download', operator: 'gte', value: ++values.next }
          : { or: Array.from({ length: 20 }, () => widest(levels - 1, values)) };

      it.each(queries)(
        'refuses %s of 8,000 conditions, each joiner within its 20, as too many for a query',
        async (_, url, body) => {
          const request = { method: 'POST' as const, url, payload: { ...body, conditions: widest(4) } };
          await expectRefusal(request, 400, 'graphics.tooManyConditions', { max: maxConditions });
          const hundred = { or: Array.from({ length: 5 }, () => widest(2)) };
          const taken = await api.app.inject({ method: 'POST', url, payload: { ...body, conditions: hundred } });
          expect(taken.statusCode, taken.body.slice(0, 300)).toBe(200);
        },
      );

      it('refuses any JSON body nested too deep, a probe batch included', async () => {
        let deep: unknown = 'x';
        for (let level = 0; level < 3000; level += 1) deep = [deep];
        await expectRefusal(
          { method: 'POST', url: '/tags', payload: { name: 'Deep', profiles: deep } },
          400,
          'request.tooDeeplyNested',
          { max: 64 },
        );
        await expectRefusal(
          { method: 'POST', url: '/gateway/v1/results', payload: { items: [deep] } },
          400,
          'request.tooDeeplyNested',
          { max: 64 },
          () => probe,
        );
      });
    });

    describe('JSON that is not UTF-8', () => {
      const json = (url: string, method: 'POST' | 'PUT' = 'POST') => ({
        method,
        url,
        payload: latin1Json,
        headers: { 'content-type': 'application/json' },
      });

      it.each([
        ['a creation', json('/tags')],
        ['an update', json(`/probes/${probeId}`, 'PUT')],
        ['a query', json('/api/graphic')],
      ])('refuses %s, and stores nothing', async (_, request) => {
        await expectRefusal(request, 400, 'request.invalidEncoding', {});
        // A later write: once the read models show it, they would show a tag the refused request had stored.
        const later = await api.app.inject({ method: 'POST', url: '/tags', payload: { name: unique('Later') } });
        const tags = await api.app.inject(`/tags?q=caf&minPosition=${later.json().position}`);
        expect(tags.json().list).toEqual([]);
        const now = new Date().toISOString();
        expect((await api.app.inject(`/probes/${probeId}?asOf=${now}`)).json().name).toBe('Edge probe');
      });

      it('refuses a probe batch', async () => {
        await expectRefusal(json('/gateway/v1/results'), 400, 'request.invalidEncoding', {}, () => probe);
      });
    });

    describe('an address whose percent-encoding decodes to no UTF-8 text', () => {
      it.each([
        ['a path', { url: '/tags/%E0%A4%A' }],
        ['a path of two parameters', { method: 'PUT' as const, url: '/api/alert-config/x/%ED%A0%80' }],
        ['an unknown path', { url: '/nowhere/%C0%AF' }],
      ])('refuses %s from the catalogue, with the security headers', async (_, request) => {
        await expectRefusal(request, 400, 'request.invalidUrl', {});
        expect((await api.app.inject(request)).headers['x-content-type-options']).toBe('nosniff');
      });
    });

    describe('a long address', () => {
      it('a path parameter of 5,000 characters reaches its route: no such item, the parameter named', async () => {
        const response = await api.app.inject({ method: 'PUT', url: `/tags/${'a'.repeat(5_000)}`, payload: {} });
        expect([response.statusCode, response.json().code], response.body).toEqual([404, 'resource.notFound']);
        expect(response.json().details.fields.map((field: { field: string }) => field.field)).toEqual(['params.id']);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      });

      it('a path of 9,000 characters is refused from the catalogue, with the security headers', async () => {
        const request = { url: `/tags/${'a'.repeat(9_000)}` };
        await expectRefusal(request, 414, 'request.pathTooLong', { max: 8_192 });
        expect((await api.app.inject(request)).headers['x-content-type-options']).toBe('nosniff');
      });
    });

    describe('values over their bounds name the bound', () => {
      it('a tag name of 10,000 characters: at most 64', async () => {
        const request = { method: 'POST' as const, url: '/tags', payload: { name: 'n'.repeat(10_000) } };
        await expectRefusal(request, 400, 'validation.tooLong', { max: 64 });
        const english = await inLanguage('en', request);
        expect(english.json().message).toBe('This field can have at most 64 characters.');
        expect(english.json().details.fields).toEqual([
          expect.objectContaining({ field: 'body.name', message: 'This field can have at most 64 characters.' }),
        ]);
        const spanish = await inLanguage('es', request);
        expect(spanish.json().message).toBe('Este campo puede tener como máximo 64 caracteres.');
      });

      it('a probe batch of 10,001 results: at most 1,000', async () => {
        const items = Array.from({ length: 10_001 }, () => result());
        const request = { method: 'POST' as const, url: '/gateway/v1/results', payload: { items } };
        await expectRefusal(request, 400, 'validation.tooBig', { max: 1000 }, () => probe);
        expect((await inLanguage('es', request, () => probe)).json().message).toBe(
          'El valor puede ser como máximo 1000.',
        );
      });

      it('a latitude of 91: between -90 and 90', async () => {
        const request = {
          method: 'POST' as const,
          url: '/api/cdns',
          payload: {
            name: unique('CDN'),
            url: 'https://cdn.example.com/1MB.bin',
            type: 'download',
            size: 1_000_000,
            location: { latitude: 91, longitude: 0 },
          },
        };
        await expectRefusal(request, 400, 'validation.outOfRange', { min: -90, max: 90 });
      });

      it('a graphic naming a probe id of 1 MB: each filter id at most 128 characters', async () => {
        const request = {
          method: 'POST' as const,
          url: '/api/graphic',
          payload: { kpi: 'download', probes: [hugeId] },
        };
        const params = { field: 'probes', max: maxFilterIdLength };
        await expectRefusal(request, 400, 'validation.filterIdTooLong', params);
        expect((await inLanguage('en', request)).json().message).toBe(
          'Each value of the filter probes can have at most 128 characters.',
        );
        expect((await inLanguage('es', request)).json().message).toBe(
          'Cada valor del filtro probes puede tener como máximo 128 caracteres.',
        );
      });

      it('a CSV extraction naming a probe id of 1 MB is refused before any file is asked for', async () => {
        const request = {
          method: 'POST' as const,
          url: '/api/types/mobile/programs/speedtest/csv',
          payload: { probes: [hugeId] },
        };
        await expectRefusal(request, 400, 'validation.filterIdTooLong', { field: 'probes', max: maxFilterIdLength });
      });

      it('finds the filter set in the bodies of the graphics, the maps, the searches and the extractions', () => {
        expect(filterSetRoutes.map(({ name }) => name)).toEqual(
          expect.arrayContaining([
            'POST /api/graphic',
            'POST /api/evolution',
            'POST /maps',
            'POST /api/measurements/by/profile',
            'POST /api/types/{service}/programs/{programs}/csv',
            'POST /dashboards/personal/{id}/{category}/graphic',
          ]),
        );
      });

      it.each(filterSetRoutes)(
        '$name refuses a filter id of 1 MB and a filter listing too many values, naming the filter and its bound',
        async ({ operation, path }) => {
          const overLong = fieldAt(path, 'probes.0');
          const overMany = fieldAt(path, 'isps');
          const tooMany = Array.from({ length: maxFilterValues + 1 }, (_, index) => `isp${index}`);
          for (const language of languages) {
            const response = await inLanguage(language, {
              method: operation.method,
              url: pathOf(operation),
              payload: bodyWith(path, { probes: [hugeId], isps: tooMany }) as Body,
            });
            expect(response.statusCode, response.body.slice(0, 500)).toBe(400);
            const problems = (response.json().details?.fields ?? []) as { field: string }[];
            const problem = (field: string) => problems.find((found) => found.field === field);
            const idParams = { field: 'probes', max: maxFilterIdLength };
            expect(problem(overLong), response.body.slice(0, 500)).toEqual({
              field: overLong,
              code: 'validation.filterIdTooLong',
              params: idParams,
              message: translate('validation.filterIdTooLong', language, idParams),
            });
            const listParams = { field: 'isps', max: maxFilterValues };
            expect(problem(overMany), response.body.slice(0, 500)).toEqual({
              field: overMany,
              code: 'validation.filterTooManyValues',
              params: listParams,
              message: translate('validation.filterTooManyValues', language, listParams),
            });
          }
        },
      );

      it('a measurement page past the search window: between 1 and the last page', async () => {
        const request = {
          method: 'POST' as const,
          url: '/api/measurements/by/profile',
          payload: { page: 101, pageSize: 100 },
        };
        await expectRefusal(request, 400, 'validation.outOfRange', { min: 1, max: 100 });
      });
    });
  });
}
