import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { speedServerRoutes } from './http-routes.ts';
import { defaultSpeedServerLimits, type SpeedServerLimits } from './speed-server-limits.ts';
import { startUdpReflector } from './udp-reflector.ts';

export interface SpeedServerOptions {
  host: string;
  /** 0: a free port, chosen by the system. */
  httpPort: number;
  /** 0: a free port, chosen by the system. */
  udpPort: number;
  limits?: Partial<SpeedServerLimits>;
}

export interface SpeedServer {
  httpPort: number;
  udpPort: number;
  /** Stops listening and cuts the transfers in progress. */
  close(): Promise<void>;
}

/**
 * The server probes measure against: HTTP downloads, uploads and a latency target on `httpPort`, the TWAMP-light
 * reflector on `udpPort` (README.md beside this file).
 */
export async function startSpeedServer(options: SpeedServerOptions): Promise<SpeedServer> {
  const limits = { ...defaultSpeedServerLimits, ...options.limits };
  const http = createServer(speedServerRoutes(limits));
  // Idle connections cost little, but not nothing: a bound on them all, transfers and keep-alive ones together, and
  // on how long one may stay idle (a socket that times out is destroyed).
  http.maxConnections = limits.maxConcurrentStreams * 16;
  http.timeout = limits.idleConnectionMs;
  await new Promise<void>((listening, failed) => {
    http.once('error', failed);
    http.listen(options.httpPort, options.host, () => {
      http.off('error', failed);
      listening();
    });
  });
  const reflector = await startUdpReflector({
    host: options.host,
    port: options.udpPort,
    maxPacketsPerSecond: limits.maxReflectedPacketsPerSecond,
  }).catch(async (error: unknown) => {
    await new Promise((closed) => http.close(closed));
    throw error;
  });
  return {
    httpPort: (http.address() as AddressInfo).port,
    udpPort: reflector.port,
    close: async () => {
      const closed = new Promise((done) => http.close(done));
      http.closeAllConnections();
      await Promise.all([closed, reflector.close()]);
    },
  };
}
