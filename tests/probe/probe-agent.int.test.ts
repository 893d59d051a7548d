import { mkdtempSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { startTcpProxy, type TcpProxy } from '@nq/platform/testing/tcp-proxy';
import { sleep, waitFor } from '@nq/platform/testing/wait-for';
import { openResultJournal } from '@nq/probe/agent/result-journal';
import { openIdentityStore } from '@nq/services/features/identity/index';
import { openTestApi, type TestApi } from '@nq/services/testing/test-api';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { type AgentProcess, runAgent } from './agent-process.ts';

// The probe agent as a probe at a customer's site runs it: an OS process talking to the platform's gateway over
// HTTP, here through a proxy the test can stall or cut (the gateway down), on the real servers.

const database = await createTestDatabase();
let api: TestApi;
let gateway: TcpProxy;
let target: Server;
let targetPort: number;
const agents: AgentProcess[] = [];
const probeId = `agent${Date.now().toString(36)}`;
let credentials: { clientId: string; clientSecret: string };

/** How long the gateway stays down beyond the first results measured meanwhile (the test command: none). */
const outageSeconds = Number(process.env.NQ_AGENT_OUTAGE_SECONDS ?? 0);
/** Loops short enough for a test: results sent every 300 ms, launches polled every 300 ms. */
const fastLoops = {
  NQ_PROBE_CONFIGURATION_EVERY_MS: '1000',
  NQ_PROBE_COMMANDS_EVERY_MS: '300',
  NQ_PROBE_STATUS_EVERY_MS: '1000',
  NQ_PROBE_SEND_EVERY_MS: '300',
};
const start = (args: string[]) => {
  const agent = runAgent(args, fastLoops);
  agents.push(agent);
  // A failing test shows what its agents said.
  onTestFailed(() => console.error(`agent ${agent.pid} said:\n${agent.lines.join('\n')}`));
  return agent;
};
const tcpPing = (id: string, count: number, packetInterval: number) => ({
  id,
  name: `TCP ping ${id}`,
  type: 'tcp-ping',
  interval: 1_000,
  timeout: 120_000,
  servers: [{ host: '127.0.0.1', port: targetPort }],
  count,
  packetInterval,
});

beforeAll(async () => {
  api = await openTestApi(distributedEnvironment(database));
  await api.raw.listen({ host: '127.0.0.1', port: 0 });
  const address = api.raw.server.address();
  gateway = await startTcpProxy({ port: typeof address === 'object' && address ? address.port : 0 });
  // What the tasks measure: a TCP server that takes each connection and closes it.
  target = createServer((socket) => socket.end());
  await new Promise<void>((listening) => target.listen(0, '127.0.0.1', listening));
  targetPort = (target.address() as { port: number }).port;
  const suite = await api.app.inject({
    method: 'POST',
    url: '/task-suites',
    payload: { name: `Agent suite ${probeId}`, family: 'Agent', tasks: [tcpPing('agent-tcp', 2, 100)] },
  });
  expect(suite.statusCode, suite.body).toBe(201);
  const created = await api.app.inject({
    method: 'POST',
    url: '/probes',
    payload: { probeId, name: 'Agent probe', family: 'Agent', type: 'landline', taskSuite: suite.json().id },
  });
  expect(created.statusCode, created.body).toBe(201);
  const issued = await api.app.inject({ method: 'POST', url: `/probes/${probeId}/credentials` });
  expect(issued.statusCode, issued.body).toBe(201);
  credentials = issued.json();
}, 300_000);

afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.kill('SIGKILL')));
  target?.close();
  await gateway?.close();
  await api?.raw.close();
  await database.drop();
});

describe('the probe agent', { timeout: 300_000 + outageSeconds * 1_000 }, () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'nq-probe-agent-'));
  const stored = () => api.platform.measurements.count({ probeId });

  it('enrols, runs its suite and sends its results; killed mid-batch and restarted while the gateway is down, it sends every result once when the gateway is back', async () => {
    const first = start([
      '--gateway',
      `http://127.0.0.1:${gateway.port}`,
      '--probe-id',
      probeId,
      '--client-id',
      credentials.clientId,
      '--client-secret',
      credentials.clientSecret,
      '--state-dir',
      stateDir,
    ]);
    await waitFor('results of the agent stored', async () => (await stored()) >= 2, 120_000);

    // A batch in flight when the probe dies: the gateway hangs on it, the probe is killed.
    gateway.stall();
    const sentBefore = gateway.bytesFromClients();
    const keptBefore = first.kept.length;
    await waitFor(
      'a batch sent into the hung gateway',
      () => first.kept.length > keptBefore && gateway.bytesFromClients() > sentBefore,
      60_000,
    );
    expect(await first.kill('SIGKILL')).toBeNull();

    // Down: back without its enrolment on the command line (kept in its state directory), it measures offline.
    await gateway.cut();
    const second = start(['--state-dir', stateDir]);
    await waitFor('results measured while the gateway is down', () => second.kept.length >= 3, 60_000);
    // The long form (npm run test:agent-outage) keeps the gateway down for minutes.
    await sleep(outageSeconds * 1_000);
    expect(second.said(/sent again in/)).toBe(true);

    await gateway.restore();
    const keptOffline = [...first.kept, ...second.kept];
    await waitFor(
      'every result kept while the gateway was hung or down, stored',
      async () => {
        for (const id of keptOffline) if (!(await api.platform.measurements.get(id))) return false;
        return true;
      },
      120_000,
    );
    // Stopped: every line it wrote is read; what it had not sent yet stays in its journal.
    expect(await second.kill('SIGTERM')).toBe(0);
    const kept = new Set([...first.kept, ...second.kept]);
    expect(kept.size).toBe(first.kept.length + second.kept.length);
    const unsent = new Set(
      (await (await openResultJournal(join(stateDir, 'results'), 1_000_000)).oldest(1_000_000)).map(
        (entry) => entry.measurement.measurementId,
      ),
    );
    // Once each: the store holds every result sent, and nothing else.
    await waitFor('the store caught up', async () => (await stored()) >= kept.size - unsent.size, 60_000);
    expect(await stored()).toBe(kept.size - unsent.size);
    const one = await api.platform.measurements.get([...kept][0]!);
    expect(one).toMatchObject({ probeId, program: 'agent-tcp', testType: 'tcp-ping', status: 'Finished' });
    expect(one!.kpis.latency).toBeGreaterThan(0);
    expect(one!.details).toMatchObject({ sent: 2, received: 2, tool: expect.stringMatching(/^nq-probe /) });
  });

  it('answers a launched measurement, and stops one cancelled by the next', async () => {
    const agent = start(['--state-dir', stateDir]);
    const launch = async (task: Record<string, unknown>, confirm = false) => {
      const answer = await api.app.inject({
        method: 'POST',
        url: '/api/launches',
        payload: { probeId, task, ...(confirm ? { confirm } : {}) },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().launch.id as string;
    };
    const long = await launch(tcpPing('launched-long', 100, 1_000));
    await waitFor('the long launch running', () => agent.said(new RegExp(`launch ${long}: tcp-ping`)), 60_000);
    const short = await launch(tcpPing('launched-short', 3, 100), true);
    await waitFor(
      'the short launch finished',
      async () => (await api.app.inject(`/api/launches/${short}`)).json().state === 'Finished',
      60_000,
    );
    const finished = (await api.app.inject(`/api/launches/${short}`)).json();
    expect(finished.result).toMatchObject({ testType: 'tcp-ping', status: 'Finished' });
    expect(finished.result.kpis.latency).toBeGreaterThan(0);
    expect(agent.said(new RegExp(`launch ${long} cancelled`))).toBe(true);
    expect((await api.app.inject(`/api/launches/${long}`)).json().state).toBe('Cancelled');
    // The launched measurement joined the probe's results.
    await waitFor('the launched measurement stored', async () =>
      Boolean(await api.platform.measurements.get(finished.measurementId)),
    );
    // And the agent reported its own version and buffer.
    const status = (await api.app.inject('/probes/status'))
      .json()
      .list.find((row: { probeId: string }) => row.probeId === probeId);
    expect(status).toMatchObject({ state: 'Available' });
    expect(await agent.kill('SIGTERM')).toBe(0);
  });

  it('renews its credentials when they have ended, keeps the new ones, and goes on sending', async () => {
    const enrolment = () => JSON.parse(readFileSync(join(stateDir, 'enrolment.json'), 'utf8'));
    const ended = enrolment().credentials.clientId as string;
    await (await openIdentityStore(api.platform.sql)).shortenExpiry(ended, new Date(Date.now() - 3_600_000));
    const agent = start(['--state-dir', stateDir]);
    await waitFor('new credentials kept', () => enrolment().credentials.clientId !== ended, 60_000);
    expect(agent.said(/credentials renewed, valid until/)).toBe(true);
    const measured = agent.kept.length;
    await waitFor(
      'a result measured since, stored',
      async () => {
        const since = agent.kept.slice(measured);
        for (const id of since) if (await api.platform.measurements.get(id)) return true;
        return false;
      },
      60_000,
    );
    expect((await stat(join(stateDir, 'enrolment.json'))).mode & 0o777).toBe(0o600);
    expect(await agent.kill('SIGTERM')).toBe(0);
  });
});
