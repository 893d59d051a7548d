import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import { logIn, signedClient } from '../simulator/signed-http.ts';
import { demoAdministrator } from './demo-fleet.ts';

const probeWorkspace = dirname(createRequire(import.meta.url).resolve('@nq/probe/main'));
const probeMain = join(probeWorkspace, 'main.ts');
const speedServerMain = join(probeWorkspace, 'speed-server/main.ts');

/** The probe `npm start` enrols for the machine it runs on. */
export const demoAgentProbeId = 'thismachine';
const suiteName = 'This machine';

/**
 * What the local agent measures, every few minutes, against the speed server `npm start` runs beside it: the machine's
 * own loopback numbers, real ones, next to the simulated fleet's.
 */
export function demoAgentTasks(speedServer: { httpPort: number; udpPort: number }, apiUrl: string) {
  const local = { host: '127.0.0.1' };
  const minutes = (count: number) => count * 60_000;
  const transfer = (direction: 'download' | 'upload') => ({
    id: `local-${direction}`,
    name: direction === 'download' ? 'Download from the local speed server' : 'Upload to the local speed server',
    type: `http-${direction}`,
    interval: minutes(60),
    timeout: 60_000,
    servers: [{ ...local, port: speedServer.httpPort }],
    duration: 10_000,
    threads: { initial: 1, max: 1 },
    connectTimeout: 5_000,
    transferTimeout: 20_000,
    rampUp: 0.2,
  });
  return [
    transfer('download'),
    transfer('upload'),
    {
      id: 'local-ping',
      name: 'Ping this machine',
      type: 'icmp-ping',
      interval: minutes(2),
      timeout: 20_000,
      servers: [local],
      count: 5,
    },
    {
      id: 'local-tcp',
      name: 'TCP connect to the speed server',
      type: 'tcp-ping',
      interval: minutes(2),
      timeout: 20_000,
      servers: [{ ...local, port: speedServer.httpPort }],
      count: 5,
      packetInterval: 200,
    },
    {
      id: 'local-twamp',
      name: 'UDP round trips to the reflector',
      type: 'twamp',
      interval: minutes(5),
      timeout: 30_000,
      servers: [{ ...local, port: speedServer.udpPort }],
      packetSize: 100,
      count: 50,
      packetInterval: 100,
    },
    {
      id: 'local-web',
      name: "The platform's own page",
      type: 'web-browsing',
      interval: minutes(5),
      timeout: 20_000,
      urls: [`${apiUrl}/health`],
      pageLoadTimeout: 10_000,
    },
  ];
}

/** Runs `script` with Node, its output in the platform's log; stopped (SIGTERM) with the platform. */
function child(
  script: string,
  args: string[],
  env: Record<string, string>,
  signal: AbortSignal,
  log: (line: string) => void,
) {
  const running = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = createInterface({ input: running.stdout! });
  lines.on('line', log);
  createInterface({ input: running.stderr! }).on('line', log);
  signal.addEventListener('abort', () => running.kill('SIGTERM'), { once: true });
  return { process: running, lines };
}

/**
 * `npm start`'s own probe: a speed server and the probe agent as processes of their own beside the platform (a
 * throughput test saturates its process for its duration, which the API's must not share), the agent enrolled as
 * `thismachine` with a suite measuring this machine against that server, so that a newcomer sees real numbers of
 * their own machine beside the simulated fleet. Its results are kept in `<dataDir>/probe-agent` between starts.
 */
export async function startDemoAgent(url: string, dataDir: string, signal: AbortSignal, logger: FastifyBaseLogger) {
  const speed = child(
    speedServerMain,
    ['--host', '127.0.0.1', '--http-port', '0', '--udp-port', '0'],
    {},
    signal,
    (line) => logger.info(`local ${line}`),
  );
  const speedServer = await new Promise<{ httpPort: number; udpPort: number }>((resolve, reject) => {
    speed.lines.on('line', (line) => {
      const ports = /http on [^ ]+:(\d+) .*udp reflector on [^ ]+:(\d+)/.exec(line);
      if (ports) resolve({ httpPort: Number(ports[1]), udpPort: Number(ports[2]) });
    });
    speed.process.once('exit', (code) => reject(new Error(`the local speed server exited (${code})`)));
  });
  const call = signedClient(url, (await logIn(url, demoAdministrator())).data);
  const tasks = demoAgentTasks(speedServer, url);
  const suites = await call('GET', `/task-suites?q=${encodeURIComponent(suiteName)}`);
  const known = ((suites.body?.list ?? []) as { id: string; name?: string }[]).find(
    (suite) => suite.name === suiteName,
  );
  // The speed server's ports change at every start: the suite is updated with them.
  const suite = known
    ? await call('PUT', `/task-suites/${known.id}`, { tasks })
    : await call('POST', '/task-suites', { name: suiteName, family: 'Agent', tasks });
  if (suite.status >= 300)
    throw new Error(`the local suite was refused: ${suite.status} ${JSON.stringify(suite.body)}`);
  const suiteId = known?.id ?? String(suite.body?.id);
  const probe = await call('GET', `/probes/${demoAgentProbeId}`);
  const saved =
    probe.status === 200
      ? await call('PUT', `/probes/${demoAgentProbeId}`, { taskSuite: suiteId })
      : await call('POST', '/probes', {
          probeId: demoAgentProbeId,
          name: 'This machine (local agent)',
          family: 'Agent',
          type: 'landline',
          taskSuite: suiteId,
          latitude: 40.4168,
          longitude: -3.7038,
          connection: { accessType: 'Ethernet' },
        });
  if (saved.status >= 300)
    throw new Error(`the local probe was refused: ${saved.status} ${JSON.stringify(saved.body)}`);
  const issued = await call('POST', `/probes/${demoAgentProbeId}/credentials`);
  if (issued.status !== 201) throw new Error(`no credentials for the local probe: ${issued.status}`);
  // The secret in the environment, not on the command line (which any user of the machine can list).
  child(
    probeMain,
    [
      '--gateway',
      url,
      '--probe-id',
      demoAgentProbeId,
      '--state-dir',
      join(dataDir, 'probe-agent'),
      '--speed-server',
      `127.0.0.1:${speedServer.udpPort}`,
    ],
    {
      NQ_PROBE_CLIENT_ID: String(issued.body?.clientId),
      NQ_PROBE_CLIENT_SECRET: String(issued.body?.clientSecret),
      // Launched measurements answered within a couple of seconds.
      NQ_PROBE_COMMANDS_EVERY_MS: '2000',
      NQ_PROBE_CONFIGURATION_EVERY_MS: '30000',
      LOG_FORMAT: 'text',
    },
    signal,
    (line) => logger.info(`local agent: ${line}`),
  );
  return speedServer;
}
