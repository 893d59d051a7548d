import { parseArgs } from 'node:util';
import { geographies } from './fleet-model.ts';
import type { FleetOptions } from './fleet-simulator.ts';

/**
 * Command-line options of the simulator and its benchmarks (every one has a default; the administrator who registers
 * the probes, the caller's: `nq simulate` gives the demo's).
 */
export function fleetOptions(args: string[], defaults: Partial<FleetOptions> = {}): FleetOptions {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: 'string', default: defaults.url ?? 'http://127.0.0.1:8080' },
      email: { type: 'string', default: defaults.email ?? '' },
      password: { type: 'string', default: defaults.password ?? '' },
      probes: { type: 'string', default: String(defaults.probes ?? 50) },
      rate: { type: 'string', default: String(defaults.rate ?? 100) },
      seconds: { type: 'string', default: String(defaults.seconds ?? 60) },
      country: { type: 'string', default: 'madrid' },
      malformed: { type: 'string', default: '0.01' },
      seed: { type: 'string', default: '42' },
    },
  });
  const geography = geographies[values.country.toLowerCase()];
  if (!geography) throw new Error(`--country must be one of ${Object.keys(geographies).join(', ')}`);
  return {
    url: values.url,
    email: values.email,
    password: values.password,
    probes: Number(values.probes),
    rate: Number(values.rate),
    seconds: Number(values.seconds),
    geography,
    malformedShare: Number(values.malformed),
    flushEveryMs: 1_000,
    statusEverySeconds: 10,
    commandsEverySeconds: 2,
    concurrency: 16,
    seed: Number(values.seed),
  };
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
