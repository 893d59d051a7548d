#!/usr/bin/env node
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startAgent } from './agent/agent.ts';
import { agentVersion } from './agent/agent-version.ts';
import { runTask } from './measure/run-task.ts';

export const probeUsage = `nq probe — the probe agent: runs its task suite on this machine and sends the results to the platform

  nq probe --gateway <url> --probe-id <id> --client-id <id> --client-secret <secret> [options]
      enrols (the credentials from POST /probes/{id}/credentials) and runs
  nq probe [options]
      runs with the enrolment kept in the state directory (renewed credentials included)

options (each also from the environment variable beside it):
  --state-dir <dir>          NQ_PROBE_STATE_DIR       enrolment, configuration and results kept (default ~/.nq-probe)
  --speed-server <host:port> NQ_SPEED_SERVER          the UDP reflector for tasks that name no server (VoIP)
  --capacity <n>             NQ_PROBE_CAPACITY        results kept at most while the platform cannot take them
                                                      (default 100000; past it the oldest are dropped, counted)
  --log-results              NQ_PROBE_LOG_RESULTS=1   log every result kept, with its measurement id
  --version                  print the agent's version
environment only (seconds of the agent's own loops; the configuration's backend settings win for status and results):
  NQ_PROBE_CONFIGURATION_EVERY_MS (60000), NQ_PROBE_COMMANDS_EVERY_MS (10000), NQ_PROBE_STATUS_EVERY_MS (60000),
  NQ_PROBE_SEND_EVERY_MS (10000), NQ_GATEWAY_URL, NQ_PROBE_ID, NQ_PROBE_CLIENT_ID, NQ_PROBE_CLIENT_SECRET
stops cleanly on SIGTERM or SIGINT; what it has not sent stays in the state directory for its next start`;

const numberFrom = (value: string | undefined) => (value === undefined || value === '' ? undefined : Number(value));

function speedServerOf(text: string | undefined) {
  if (!text) return undefined;
  const at = text.lastIndexOf(':');
  const port = Number(text.slice(at + 1));
  if (at <= 0 || !Number.isInteger(port)) throw new Error(`--speed-server wants host:port, not ${text}`);
  return { host: text.slice(0, at).replace(/^\[|\]$/g, ''), port };
}

/** Runs the agent until SIGTERM/SIGINT: the exit code. */
export async function runProbeCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      gateway: { type: 'string' },
      'probe-id': { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      'state-dir': { type: 'string' },
      'speed-server': { type: 'string' },
      capacity: { type: 'string' },
      'log-results': { type: 'boolean' },
      version: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.info(probeUsage);
    return 0;
  }
  if (values.version) {
    console.info(agentVersion);
    return 0;
  }
  const gatewayUrl = values.gateway ?? env.NQ_GATEWAY_URL;
  const probeId = values['probe-id'] ?? env.NQ_PROBE_ID;
  const clientId = values['client-id'] ?? env.NQ_PROBE_CLIENT_ID;
  const clientSecret = values['client-secret'] ?? env.NQ_PROBE_CLIENT_SECRET;
  const enrolling = [gatewayUrl, probeId, clientId, clientSecret];
  if (enrolling.some(Boolean) && !enrolling.every(Boolean)) {
    console.error('to enrol, give --gateway, --probe-id, --client-id and --client-secret together\n');
    console.error(probeUsage);
    return 2;
  }
  const json = env.LOG_FORMAT === 'json';
  const log = (line: string) =>
    console.info(
      json
        ? JSON.stringify({ time: new Date().toISOString(), component: 'nq-probe', msg: line })
        : `${new Date().toISOString()} ${line}`,
    );
  const logResults = values['log-results'] || env.NQ_PROBE_LOG_RESULTS === '1';
  const started = startAgent({
    stateDir: values['state-dir'] ?? env.NQ_PROBE_STATE_DIR ?? join(homedir(), '.nq-probe'),
    ...(gatewayUrl && probeId && clientId && clientSecret
      ? { enrolment: { gatewayUrl, probeId, credentials: { clientId, clientSecret } } }
      : {}),
    runTask,
    ...(speedServerOf(values['speed-server'] ?? env.NQ_SPEED_SERVER)
      ? { speedServer: speedServerOf(values['speed-server'] ?? env.NQ_SPEED_SERVER)! }
      : {}),
    ...(numberFrom(values.capacity ?? env.NQ_PROBE_CAPACITY)
      ? { capacity: numberFrom(values.capacity ?? env.NQ_PROBE_CAPACITY)! }
      : {}),
    ...(numberFrom(env.NQ_PROBE_CONFIGURATION_EVERY_MS)
      ? { configurationEveryMs: numberFrom(env.NQ_PROBE_CONFIGURATION_EVERY_MS)! }
      : {}),
    ...(numberFrom(env.NQ_PROBE_COMMANDS_EVERY_MS)
      ? { commandsEveryMs: numberFrom(env.NQ_PROBE_COMMANDS_EVERY_MS)! }
      : {}),
    ...(numberFrom(env.NQ_PROBE_STATUS_EVERY_MS) ? { statusEveryMs: numberFrom(env.NQ_PROBE_STATUS_EVERY_MS)! } : {}),
    ...(numberFrom(env.NQ_PROBE_SEND_EVERY_MS) !== undefined
      ? { sendEveryMs: numberFrom(env.NQ_PROBE_SEND_EVERY_MS)! }
      : {}),
    log,
    ...(logResults ? { onKept: (ids: string[]) => log(`kept ${ids.join(' ')}`) } : {}),
  });
  const agent = await started.catch((error: Error) => {
    console.error(`nq probe: ${error.message}`);
    return undefined;
  });
  if (!agent) return 1;
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  log('stopping: what was not sent stays kept for the next start');
  await agent.stop();
  return 0;
}

if (import.meta.main) process.exitCode = await runProbeCli(process.argv.slice(2));
