import type { FastifyBaseLogger } from 'fastify';
import { demoFleet } from '../simulator/fleet-model.ts';
import { fleetOptions } from '../simulator/fleet-options.ts';
import { runFleet } from '../simulator/fleet-simulator.ts';
import { demoLogins, demoProbeIds } from './demo-data.ts';

/** The demo's administrator, who registers the simulated probes. */
export const demoAdministrator = () => ({ email: demoLogins[0]!.email, password: demoLogins[0]!.password });

/**
 * The start command's demo fleet: a dozen Madrid probes sending a few results a second until the platform stops; the
 * demo configuration's probes join it to run the measurements launched on them.
 */
export function startDemoFleet(url: string, signal: AbortSignal, log: FastifyBaseLogger) {
  const { run, probes, rate, geography, seed } = demoFleet;
  const options = fleetOptions([], {
    ...demoAdministrator(),
    url,
    probes,
    rate,
    seconds: Number.MAX_SAFE_INTEGER / 1_000,
  });
  runFleet(
    {
      ...options,
      seed,
      geography,
      onDemandProbes: demoProbeIds,
      signal,
      log: (line) => log.info(`demo fleet: ${line}`),
    },
    run,
  ).catch((error: unknown) => log.warn({ err: error }, 'the demo fleet stopped'));
}
