import type { Task } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpeedServer, startSpeedServer } from '../speed-server/speed-server.ts';
import { runTask } from './run-task.ts';
import { testContext, testTask } from './tasks.fixtures.ts';

describe('running a task', () => {
  let speedServer: SpeedServer;
  beforeAll(async () => {
    speedServer = await startSpeedServer({ host: '127.0.0.1', httpPort: 0, udpPort: 0 });
  });
  afterAll(() => speedServer.close());

  it('runs each test type with its own runner, one result per destination', async () => {
    const task = testTask('twamp', {
      servers: [
        { host: '127.0.0.1', port: speedServer.udpPort },
        { host: '127.0.0.1', port: speedServer.udpPort },
      ],
      count: 2,
    });
    const results = await runTask(task, testContext());
    expect(results.map((result) => [result.testType, result.status])).toEqual([
      ['twamp', 'Finished'],
      ['twamp', 'Finished'],
    ]);
  });

  it.each([
    ['ftp-download', 'ftp-download'],
    ['ftp-upload', 'ftp-upload'],
    ['video', 'video'],
    ['youtube', 'video'],
    ['voice-polqa', 'voip'],
    ['messaging', 'messaging'],
  ] as const)('answers a %s task Not apply, as a %s test it cannot run', async (type, testType) => {
    const results = await runTask({ ...testTask('dns'), type } as unknown as Task, testContext());
    expect(results).toEqual([
      {
        testType,
        status: 'Not apply',
        kpis: {},
        failure: { reason: 'other', detail: `this agent cannot run ${type} tests` },
      },
    ]);
  });

  it('answers a task type it does not know Not apply, under its own name', async () => {
    const results = await runTask({ ...testTask('dns'), type: 'hologram' } as unknown as Task, testContext());
    expect(results).toMatchObject([{ testType: 'hologram', status: 'Not apply', failure: { reason: 'other' } }]);
  });

  it('ends a run that overruns its timeout, its unfinished destinations failed as timeouts', async () => {
    const task = testTask('tcp-ping', {
      servers: [
        { host: '127.0.0.1', port: speedServer.httpPort },
        { host: '127.0.0.1', port: speedServer.httpPort },
      ],
      count: 1_000,
      packetInterval: 50,
      timeout: 300,
    });
    const results = await runTask(task, testContext());
    expect(results.map((result) => [result.status, result.failure])).toEqual([
      ['Error', { reason: 'timeout', detail: 'the run overran its timeout of 300 ms' }],
      ['Error', { reason: 'timeout', detail: 'the run overran its timeout of 300 ms' }],
    ]);
  });

  it('ends a cancelled run as Cancelled, not as a timeout', async () => {
    const aborted = new AbortController();
    aborted.abort();
    const task = testTask('tcp-ping', { servers: [{ host: '127.0.0.1', port: speedServer.httpPort }] });
    const results = await runTask(task, testContext({ signal: aborted.signal }));
    expect(results.map((result) => result.status)).toEqual(['Cancelled']);
  });
});
