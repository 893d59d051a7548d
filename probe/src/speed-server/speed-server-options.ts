import { parseArgs } from 'node:util';
import type { SpeedServerOptions } from './speed-server.ts';

export const speedServerUsage = `nq speed-server [--host 0.0.0.0] [--http-port 8080] [--udp-port 8862] [--max-mbps-per-stream 0]
  or SPEED_SERVER_HOST, SPEED_SERVER_HTTP_PORT, SPEED_SERVER_UDP_PORT, SPEED_SERVER_MAX_MBPS_PER_STREAM (an argument
  wins over its variable); --max-mbps-per-stream caps each download and upload (0: as fast as it goes)`;

// Unprivileged ports, so that it runs as any user: a Service or a port mapping gives the probes 80 and 862.
const defaults = { host: '0.0.0.0', httpPort: 8080, udpPort: 8862 };

function portFrom(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535) throw new Error(`${name} must be a port number (0 to 65535): ${text}`);
  return port;
}

function rateFrom(text: string | undefined): number {
  if (text === undefined || text === '') return 0;
  const mbps = Number(text);
  if (!Number.isFinite(mbps) || mbps < 0)
    throw new Error(`--max-mbps-per-stream must be a rate in Mbps (0: none): ${text}`);
  return mbps;
}

/** The options of `nq speed-server` from its arguments and environment; a wrong one throws, naming it. */
export function speedServerOptionsFrom(args: string[], env: NodeJS.ProcessEnv): SpeedServerOptions {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      'http-port': { type: 'string' },
      'udp-port': { type: 'string' },
      'max-mbps-per-stream': { type: 'string' },
    },
    strict: true,
  });
  return {
    host: values.host ?? (env.SPEED_SERVER_HOST || defaults.host),
    httpPort: portFrom(values['http-port'] ?? env.SPEED_SERVER_HTTP_PORT, '--http-port', defaults.httpPort),
    udpPort: portFrom(values['udp-port'] ?? env.SPEED_SERVER_UDP_PORT, '--udp-port', defaults.udpPort),
    limits: { maxMbpsPerStream: rateFrom(values['max-mbps-per-stream'] ?? env.SPEED_SERVER_MAX_MBPS_PER_STREAM) },
  };
}
