import type { Measurement } from '@nq/contracts';
import { destinationOf, fleetPrograms, measurementOf, type VirtualProbe } from './fleet-model.ts';

// Weeks of a fleet's past, as its probes measured them on schedule: each program every few hours against one of its
// destinations, quality following the hour, the weekday, the provider's evening congestion and its trend over the
// weeks, with outages of a few hours, errored results (measurementOf), handsets wandering about and a home probe that moves house halfway.

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** How often each program runs, in hours (the speed test alternates download and upload). */
const everyHours: Record<string, number> = { speedtest: 1, ping: 1, dns: 4, web: 2, youtube: 3, gaming: 3 };

/** How much worse than its usual quality a provider gets in the busy evening hours (local 19–23). */
const eveningCongestion: Record<string, number> = { Movistar: 0.05, Vodafone: 0.1, Orange: 0.12, Digi: 0.2 };

/** How a provider's quality changes week by week: one upgrades its network, another falls behind. */
const weeklyTrend: Record<string, number> = { Digi: 0.03, Orange: -0.02 };

function qualityAt(probe: VirtualProbe, at: Date, weeksIn: number): number {
  const hour = at.getUTCHours();
  const evening = hour >= 18 && hour <= 22 ? (eveningCongestion[probe.isp.name] ?? 0.1) : 0;
  const weekend = [0, 6].includes(at.getUTCDay()) ? 1.05 : 1;
  const trend = 1 + (weeklyTrend[probe.isp.name] ?? 0) * weeksIn;
  return probe.isp.quality * weekend * (1 - evening) * trend;
}

/** A probe as it stood at `at`: handsets within about a kilometre of home, the mover at its new address later. */
function placed(
  probe: VirtualProbe,
  at: Date,
  { start, movedAt }: { start: number; movedAt: number | undefined },
  random: () => number,
): VirtualProbe {
  const quality = qualityAt(probe, at, (at.getTime() - start) / (7 * dayMs));
  const isp = { ...probe.isp, quality };
  if (probe.type === 'mobile')
    return { ...probe, isp, lat: probe.lat + (random() - 0.5) * 0.02, lon: probe.lon + (random() - 0.5) * 0.02 };
  if (movedAt !== undefined && at.getTime() >= movedAt) return { ...probe, isp, lat: probe.lat + 0.03, lon: probe.lon };
  return { ...probe, isp };
}

export interface FleetHistoryOptions {
  /** The end of the history (the history stops an hour before it). */
  until: Date;
  weeks: number;
  random: () => number;
  /** The probe that moves house halfway through. */
  mover?: string;
}

/** The measurements of `probes` over the weeks before `until`, in time order per probe. */
export function* fleetHistory(probes: readonly VirtualProbe[], options: FleetHistoryOptions): Generator<Measurement> {
  const { random } = options;
  const end = Math.floor(options.until.getTime() / hourMs) * hourMs - hourMs;
  const start = end - options.weeks * 7 * dayMs;
  const movedAt = start + (end - start) / 2;
  for (const probe of probes) {
    let outageUntil = 0;
    for (let hour = start; hour < end; hour += hourMs) {
      // About one outage a fortnight, of 2 to 10 hours.
      if (hour >= outageUntil && random() < 1 / (14 * 24)) outageUntil = hour + (2 + Math.floor(random() * 9)) * hourMs;
      if (hour < outageUntil) continue;
      const index = Math.round((hour - start) / hourMs);
      for (const { program, testTypes } of fleetPrograms) {
        const every = everyHours[program] ?? 1;
        if (index % every !== 0) continue;
        const testType = testTypes[(index / every) % testTypes.length]!;
        const at = new Date(hour + Math.floor(random() * (hourMs - 60_000)));
        const moves = { start, movedAt: probe.probeId === options.mover ? movedAt : undefined };
        const where = placed(probe, at, moves, random);
        yield measurementOf(where, { program, testType, destination: destinationOf(program, random) }, at, random);
      }
    }
  }
}
