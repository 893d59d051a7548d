import { type HttpErrorCode, type TaskType, translate, type WarningCode } from '@nq/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { taskBody, validSuite } from './task-suite.fixtures.ts';

type Body = Record<string, unknown>;

const withTask = (type: TaskType, changes: Body) => ({ tasks: [taskBody(type, changes)] });
const withRules = (scheduling: Body) => ({ taskRules: { scheduling } });
const polqa = (id: string) => taskBody('voice-polqa', { id });

// biome-ignore format: a table, one rule per line
const refusedBodies: [string, Body, number, HttpErrorCode][] = [
  ['a layer 3 wait time under 60000 ms', withTask('twamp', { layer3: { waitTime: 59_999, sendTime: 60_000, ttl: 60_000 } }), 400, 'taskSuites.layer3TimeTooShort'],
  ['a measurement TTL over 172800000 ms', withRules({ measurementTtl: 172_800_001 }), 400, 'taskSuites.measurementTtlTooLong'],
  ['a task duration under 10000 ms', withTask('gaming', { duration: 9_999 }), 400, 'taskSuites.taskDurationTooShort'],
  ['a TWAMP packet size outside 41 to 1472', withTask('twamp', { packetSize: 1473 }), 400, 'taskSuites.twampPacketSizeOutOfRange'],
  ['a percentile outside 0 to 100', withTask('http-download', { percentiles: [50, 101] }), 400, 'taskSuites.percentileOutOfRange'],
  ['more than 5 percentiles', withTask('http-download', { percentiles: [1, 2, 3, 4, 5, 6] }), 400, 'taskSuites.tooManyPercentiles'],
  ['an error threshold with more than 3 decimals', withTask('http-upload', { errorThreshold: 0.1234 }), 400, 'taskSuites.errorThresholdInvalid'],
  ['a ramp-up outside 0 to 1', withTask('http-upload', { rampUp: -0.1 }), 400, 'taskSuites.rampUpOutOfRange'],
  ['no upload thread', withTask('http-upload', { threads: { initial: 0, max: 1 } }), 400, 'taskSuites.threadsTooFew'],
  ['max threads below the initial threads', withTask('http-download', { threads: { initial: 4, max: 2 } }), 400, 'taskSuites.maxThreadsBelowInitial'],
  ['a timeout not above connect plus transfer time', withTask('http-download', { connectTimeout: 10_000, transferTimeout: 20_000, timeout: 30_000 }), 400, 'taskSuites.timeoutTooShort'],
  ['a timeout not above the task duration', withTask('video', { duration: 60_000, timeout: 60_000 }), 400, 'taskSuites.timeoutTooShort'],
  ['an FTP timeout under transfer plus IP and FTP establishment', withTask('ftp-upload', { timeout: 39_999 }), 400, 'taskSuites.ftpTimeoutTooShort'],
  ['two voice-polqa tasks in a row', { tasks: [polqa('p1'), polqa('p2')] }, 400, 'taskSuites.consecutivePolqa'],
  ['a traceroute TTL not above hops × 3000 + 5000 ms', withTask('traceroute', { hops: 10, ttl: 35_000 }), 400, 'taskSuites.tracerouteTtlTooShort'],
  ['an FTP burst delay not a multiple of the interval', withTask('ftp-download', { burstDelay: 90_000 }), 400, 'taskSuites.ftpBurstDelayInvalid'],
  ['a servers field without servers', withTask('icmp-ping', { servers: [] }), 400, 'taskSuites.serversRequired'],
  ['the ANY DNS type without external DNS', withTask('dns', { resolver: 'probe' }), 400, 'taskSuites.anyDnsRequiresExternal'],
  ['two tasks with the same id', { tasks: [taskBody('dns', { id: 'same' }), taskBody('voip', { id: 'same' })] }, 400, 'taskSuites.taskIdDuplicate'],
  ['an interval report without its interval', { backendInfo: { statusReport: { mode: 'Timer' } } }, 400, 'validation.required'],
  ['an unknown probe family', { family: 'Raspberry Pi' }, 400, 'validation.invalidOption'],
  ['an unknown task type', { tasks: [{ ...taskBody('dns'), type: 'smtp' }] }, 400, 'validation.invalidOption'],
];

// biome-ignore format: a table, one warning per line
const warnedBodies: [string, Body, WarningCode][] = [
  ['a task interval under 10 s', withTask('icmp-ping', { interval: 9_000 }), 'taskSuites.shortTaskInterval'],
  ['a polqa cadence under 10 minutes', withTask('voice-polqa', { interval: 300_000 }), 'taskSuites.polqaCadence'],
  ['a web-browsing timeout without room for Chrome’s start', withTask('web-browsing', { pageLoadTimeout: 10_000, timeout: 20_000 }), 'taskSuites.chromeInitialisation'],
];

describe('task suites API', () => {
  let api: TestApi;
  let serial = 0;

  beforeAll(async () => {
    api = await openTestApi();
  });
  afterAll(() => api?.raw.close());

  /** A valid suite with these changes, under a name no other test uses. */
  const suite = (changes: Body = {}) => validSuite({ name: `Suite ${++serial}`, ...changes });
  const send = (method: 'POST' | 'PUT', url: string, payload: Body, language = 'en') =>
    api.app.inject({ method, url, payload, headers: { 'accept-language': language } });
  const create = (payload: Body, language?: string) => send('POST', '/task-suites', payload, language);
  const stored = async (id: string, position?: string) =>
    (await api.app.inject(`/task-suites/${id}${position ? `?minPosition=${position}` : ''}`)).json();

  /** Task-suite events appended while `act` ran. */
  async function appendedBy(act: () => Promise<LightMyRequestResponse>) {
    const before = await api.platform.eventStore.head();
    const response = await act();
    const events = await api.platform.eventStore.readAll(before, 100);
    return { response, appended: events.filter((event) => event.type.startsWith('TaskSuite')) };
  }

  async function expectRefused(act: () => Promise<LightMyRequestResponse>, status: number, code: HttpErrorCode) {
    const { response, appended } = await appendedBy(act);
    expect(response.json()).toMatchObject({ code, message: translate(code, 'en') });
    expect(response.statusCode).toBe(status);
    expect(appended).toEqual([]);
  }

  async function createdSuite(payload: Body) {
    const response = await create(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; position: string; entity: Body; warnings: Body[] };
  }

  it('creates a suite with a task of every type, without warnings, and serves it', async () => {
    const payload = suite();
    const { response, appended } = await appendedBy(() => create(payload));
    expect(appended).toMatchObject([{ type: 'TaskSuiteCreated' }]);
    const { id, position, entity, warnings } = response.json();
    expect(warnings).toEqual([]);
    expect(entity).toMatchObject({ name: payload.name, family: 'Cube', backendInfo: payload.backendInfo });
    const served = await stored(id, position);
    expect(served.tasks).toHaveLength(16);
    expect(served.tasks[0]).toMatchObject({ type: 'http-download', percentiles: [50, 90], rampUp: 0 });
    const list = (await api.app.inject(`/task-suites?q=${encodeURIComponent(String(payload.name))}`)).json();
    expect(list).toMatchObject({ count: 1, list: [{ id }] });
  });

  it.each(refusedBodies)('refuses %s with its code, storing nothing', async (_, changes, status, code) =>
    expectRefused(() => create(suite(changes)), status, code),
  );

  it('refuses a second suite with a taken name (any case)', async () => {
    const first = suite();
    await createdSuite(first);
    await expectRefused(() => create(suite({ name: String(first.name).toUpperCase() })), 409, 'taskSuites.nameExists');
  });

  it('refuses an update that breaks a task rule, changing nothing', async () => {
    const { id } = await createdSuite(suite());
    await expectRefused(
      () => send('PUT', `/task-suites/${id}`, { tasks: [polqa('p1'), polqa('p2')] }),
      400,
      'taskSuites.consecutivePolqa',
    );
  });

  it.each(warnedBodies)('stores a suite with %s and warns about it', async (_, changes, code) => {
    const { id, position, warnings } = await createdSuite(suite(changes));
    expect(warnings).toEqual([
      {
        code,
        message: translate(code, 'en', { task: `${(changes.tasks as Body[])[0]!.type} task` }),
        params: expect.any(Object),
      },
    ]);
    expect(await stored(id, position)).toMatchObject({ id, tasks: [{ id: (changes.tasks as Body[])[0]!.id }] });
  });

  it('warns in the caller’s language, on create, update and clone', async () => {
    const short = withTask('dns', { interval: 5_000 });
    const created = (await create(suite(short), 'es')).json();
    const spanish = translate('taskSuites.shortTaskInterval', 'es', { task: 'dns task' });
    expect(created.warnings).toEqual([
      {
        code: 'taskSuites.shortTaskInterval',
        message: spanish,
        params: { task: 'dns task', field: 'tasks.0.interval' },
      },
    ]);
    const updated = await send('PUT', `/task-suites/${created.id}`, { name: `Renamed ${++serial}` }, 'es');
    expect(updated.statusCode).toBe(200);
    expect(updated.json().warnings).toMatchObject([{ code: 'taskSuites.shortTaskInterval', message: spanish }]);
    const clone = await send('POST', `/task-suites/${created.id}/clone`, { name: `Clone ${++serial}` });
    expect(clone.statusCode).toBe(201);
    expect(clone.json().warnings).toMatchObject([{ code: 'taskSuites.shortTaskInterval' }]);
    const fixed = await send('PUT', `/task-suites/${created.id}`, withTask('dns', { interval: 10_000 }));
    expect(fixed.json().warnings).toEqual([]);
  });

  describe('changing the probe family', () => {
    it('is refused without a confirmation while the suite has tasks, which stay', async () => {
      const { id, position } = await createdSuite(suite());
      await expectRefused(
        () => send('PUT', `/task-suites/${id}`, { family: 'Picoprobe' }),
        422,
        'taskSuites.familyChangeNeedsConfirmation',
      );
      await expectRefused(
        () => send('PUT', `/task-suites/${id}`, { family: 'Picoprobe', confirmFamilyChange: false }),
        422,
        'taskSuites.familyChangeNeedsConfirmation',
      );
      expect(await stored(id, position)).toMatchObject({
        family: 'Cube',
        tasks: expect.arrayContaining([expect.any(Object)]),
      });
    });

    it('erases the tasks once confirmed', async () => {
      const { id } = await createdSuite(suite());
      const response = await send('PUT', `/task-suites/${id}`, { family: 'Picoprobe', confirmFamilyChange: true });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().entity).toMatchObject({ family: 'Picoprobe', tasks: [] });
      expect(await stored(id, response.json().position)).toMatchObject({ family: 'Picoprobe', tasks: [] });
      const history = (await api.app.inject(`/api/audit/task-suite/${id}/history`)).json();
      expect(JSON.stringify(history)).not.toContain('confirmFamilyChange');
    });

    it('needs no confirmation for a suite without tasks', async () => {
      const { id } = await createdSuite(suite({ tasks: [] }));
      const response = await send('PUT', `/task-suites/${id}`, { family: 'oDroid XU4' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().entity).toMatchObject({ family: 'oDroid XU4', tasks: [] });
    });

    it('refuses a confirmation that is not a boolean', async () => {
      const { id } = await createdSuite(suite());
      await expectRefused(
        () => send('PUT', `/task-suites/${id}`, { family: 'Agent', confirmFamilyChange: 'yes' }),
        400,
        'request.invalid',
      );
    });
  });

  it('documents the confirmation and the warnings in the OpenAPI document', async () => {
    const document = (await api.raw.inject('/api/openapi.json')).json();
    const put = document.paths['/task-suites/{id}'].put;
    const body = put.requestBody.content['application/json'].schema;
    expect(body.properties.confirmFamilyChange).toMatchObject({ type: 'boolean' });
    expect(JSON.stringify(put.responses['200'])).toContain('warnings');
  });
});
