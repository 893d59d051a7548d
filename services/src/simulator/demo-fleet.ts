import type { FastifyBaseLogger } from 'fastify';
import { demoProbeIds } from '../demo/demo-data.ts';
import { demoFleet } from './fleet-model.ts';
import { fleetOptions } from './fleet-options.ts';
import { runFleet } from './fleet-simulator.ts';

/**
 * The start command's demo fleet: a dozen Madrid probes sending a few results a second until the platform stops; the
 * demo configuration's probes join it to run the measurements launched on them.
 */
export function startDemoFleet(url: string, signal: AbortSignal, log: FastifyBaseLogger) {
  const { run, probes, rate, geography, seed } = demoFleet;
  const options = fleetOptions([], { url, probes, rate, seconds: Number.MAX_SAFE_INTEGER / 1_000 });
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
