import { setTimeout as sleep } from 'node:timers/promises';
import {
  createFleet,
  type Geography,
  malformed,
  measurementFor,
  probeRegistration,
  seededRandom,
  statusOf,
  type VirtualProbe,
} from './fleet-model.ts';
import { launchRunner } from './launched-tasks.ts';
import { type Credentials, signedClient as client, logIn } from './signed-http.ts';

export interface FleetOptions {
  url: string;
  email: string;
  password: string;
  probes: number;
  /** Results per second, all probes together. */
  rate: number;
  seconds: number;
  geography: Geography;
  /** Share of results sent malformed (0–1). */
  malformedShare: number;
  /** How often each probe sends what it has measured. */
  flushEveryMs: number;
  statusEverySeconds: number;
  /** How often each probe asks the gateway for a launched task. */
  commandsEverySeconds: number;
  /**
   * Probes registered before (e.g. the demo configuration's) that the fleet also plays: they run the tasks launched
   * on them, nothing on a schedule of their own.
   */
  onDemandProbes?: readonly string[];
  /** Requests in flight at most. */
  concurrency: number;
  seed: number;
  log?: (line: string) => void;
  /** Stops the fleet early (the start command's demo fleet stops with the platform). */
  signal?: AbortSignal;
}

export interface FleetReport {
  probes: number;
  /** How long the fleet measured and sent. */
  seconds: number;
  /** How long the last results took to be sent and answered after that. */
  drainSeconds: number;
  generated: number;
  accepted: number;
  rejected: number;
  malformedSent: number;
  requests: number;
  failedRequests: number;
  statusReports: number;
  /** Launched tasks run and reported (accepted by the gateway or not). */
  launchesReported: number;
  latencies: number[];
}

/** Runs `work` over `items` with at most `limit` at once. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** Registers the fleet through the API and gives each probe its gateway credentials. */
export async function registerFleet(options: FleetOptions, run: string) {
  const session = await logIn(options.url, options);
  const admin = client(options.url, session.data);
  const random = seededRandom(options.seed);
  const fleet = createFleet(options.probes, options.geography, run, random);
  const credentials = new Map<string, Credentials>();
  const issue = async (probeId: string) => {
    const issued = await admin('POST', `/probes/${probeId}/credentials`);
    if (issued.status !== 201) throw new Error(`no credentials for ${probeId}: ${JSON.stringify(issued.body)}`);
    credentials.set(probeId, issued.body as Credentials);
  };
  // A fleet started again (or the demo's, which the demo configuration registers) finds its probes there already:
  // only the missing ones are created, rather than each asked for and refused.
  const known = await admin('POST', '/probes/by-text', { text: fleet.map((probe) => probe.probeId).join(' ') });
  if (known.status !== 200)
    throw new Error(`the fleet's probes not listed: ${known.status} ${JSON.stringify(known.body)}`);
  const registered = new Set((known.body!.list as { id: string }[]).map((probe) => probe.id));
  await inParallel(fleet, 4, async (probe) => {
    if (!registered.has(probe.probeId)) {
      const created = await admin('POST', '/probes', probeRegistration(probe, options.geography));
      // Another profile's probe of that id, which this login does not see, is there already too.
      if (created.status !== 201 && created.body?.code !== 'probes.idExists')
        throw new Error(`probe ${probe.probeId} not registered: ${created.status} ${JSON.stringify(created.body)}`);
    }
    await issue(probe.probeId);
  });
  await inParallel([...(options.onDemandProbes ?? [])], 4, issue);
  return { fleet, credentials, random };
}

/** A probe registered before, as the fleet plays it: where it is and its operator, from its configuration. */
function virtualProbeOf(probeId: string, settings: Record<string, unknown>, geography: Geography): VirtualProbe {
  const type = settings.type === 'mobile' ? 'mobile' : 'landline';
  const operator = (settings.connection as { operator?: string } | undefined)?.operator;
  const [west, south, east, north] = geography.bbox;
  return {
    probeId,
    type,
    isp: geography.isps.find((isp) => isp.name === operator) ?? { name: operator ?? 'Unknown', quality: 0.9 },
    technology: typeof settings.technology === 'number' ? settings.technology : type === 'mobile' ? 4 : 98,
    lat: typeof settings.latitude === 'number' ? settings.latitude : (south + north) / 2,
    lon: typeof settings.longitude === 'number' ? settings.longitude : (west + east) / 2,
    outageUntil: 0,
  };
}

/**
 * Drives the fleet for `seconds`: each probe fetches its configuration through the gateway, then measures on schedule
 * and sends its results in batches (a share malformed), with heartbeats and the odd outage.
 */
export async function runFleet(options: FleetOptions, run: string): Promise<FleetReport> {
  const log = options.log ?? (() => undefined);
  const { fleet, credentials, random } = await registerFleet(options, run);
  log(`registered ${fleet.length} probes`);
  const gateways = new Map([...credentials].map(([probeId, issued]) => [probeId, client(options.url, issued)]));
  const configurationOf = async (probeId: string) => {
    const configuration = await gateways.get(probeId)!('GET', '/gateway/v1/configuration');
    if (configuration.status !== 200) throw new Error(`configuration of ${probeId}: ${configuration.status}`);
    return configuration.body!.probe as Record<string, unknown>;
  };
  await inParallel(fleet, options.concurrency, async (probe) => void (await configurationOf(probe.probeId)));
  const onDemand: VirtualProbe[] = [];
  await inParallel([...(options.onDemandProbes ?? [])], options.concurrency, async (probeId) => {
    onDemand.push(virtualProbeOf(probeId, await configurationOf(probeId), options.geography));
  });
  log('every probe has its configuration');

  const report: FleetReport = {
    probes: fleet.length,
    seconds: 0,
    drainSeconds: 0,
    generated: 0,
    accepted: 0,
    rejected: 0,
    malformedSent: 0,
    requests: 0,
    failedRequests: 0,
    statusReports: 0,
    launchesReported: 0,
    latencies: [],
  };
  const runners = new Map(
    [...fleet, ...onDemand].map((probe) => [
      probe.probeId,
      launchRunner(probe, gateways.get(probe.probeId)!, random, () => void report.launchesReported++),
    ]),
  );
  const buffers = new Map<string, unknown[]>(fleet.map((probe) => [probe.probeId, []]));
  const inFlight = new Set<Promise<void>>();

  const send = (
    probe: VirtualProbe,
    path: string,
    items: unknown[],
    onAnswer: (body: Record<string, unknown>) => void,
  ) => {
    const started = performance.now();
    const request = gateways.get(probe.probeId)!('POST', path, { items })
      .then(({ status, body }) => {
        report.requests++;
        report.latencies.push(performance.now() - started);
        if (status === 202 && body) onAnswer(body);
        else report.failedRequests++;
      })
      .catch(() => void report.failedRequests++)
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };

  const started = Date.now();
  const tickMs = 50;
  let owed = 0;
  let scheduled = 0;
  let cursor = 0;
  let lastFlush = started;
  let lastStatus = 0;
  let lastCommands = 0;
  while (Date.now() - started < options.seconds * 1_000 && !options.signal?.aborted) {
    const now = new Date();
    // Outages: now and then (about once in two hours) a probe goes silent for 30 to 120 s.
    for (const probe of fleet)
      if (probe.outageUntil < now.getTime() && random() < tickMs / 7_200_000)
        probe.outageUntil = now.getTime() + 30_000 + random() * 90_000;
    const live = fleet.filter((probe) => probe.outageUntil <= now.getTime());
    // What the schedule owes by now, whatever the loop's own delays.
    owed = (options.rate * (now.getTime() - started)) / 1_000 - scheduled;
    for (; owed >= 1; owed--) {
      scheduled++;
      if (live.length === 0) break;
      const probe = live[cursor++ % live.length]!;
      const measurement = measurementFor(probe, now, random);
      const bad = random() < options.malformedShare;
      if (bad) report.malformedSent++;
      buffers.get(probe.probeId)!.push(bad ? malformed(measurement, random) : measurement);
      report.generated++;
    }
    if (now.getTime() - lastFlush >= options.flushEveryMs) {
      lastFlush = now.getTime();
      for (const probe of fleet) {
        const items = buffers.get(probe.probeId)!;
        if (items.length === 0) continue;
        buffers.set(probe.probeId, []);
        while (inFlight.size >= options.concurrency) await Promise.race(inFlight);
        send(probe, '/gateway/v1/results', items, (body) => {
          report.accepted += Number(body.accepted);
          report.rejected += (body.rejected as unknown[]).length;
        });
      }
    }
    if (now.getTime() - lastStatus >= options.statusEverySeconds * 1_000) {
      lastStatus = now.getTime();
      for (const probe of fleet) {
        while (inFlight.size >= options.concurrency) await Promise.race(inFlight);
        send(probe, '/gateway/v1/status', [statusOf(probe, now, random)], (body) => {
          report.statusReports += Number(body.accepted);
        });
      }
    }
    if (now.getTime() - lastCommands >= options.commandsEverySeconds * 1_000) {
      lastCommands = now.getTime();
      for (const probe of [...live, ...onDemand]) {
        while (inFlight.size >= options.concurrency) await Promise.race(inFlight);
        const polling = runners
          .get(probe.probeId)!
          .poll()
          .catch(() => void report.failedRequests++)
          .finally(() => inFlight.delete(polling));
        inFlight.add(polling);
      }
    }
    await sleep(Math.max(0, tickMs - (Date.now() - now.getTime())));
  }
  report.seconds = (Date.now() - started) / 1_000;
  const draining = Date.now();
  for (const probe of fleet) {
    const items = buffers.get(probe.probeId)!;
    if (items.length === 0) continue;
    while (inFlight.size >= options.concurrency) await Promise.race(inFlight);
    send(probe, '/gateway/v1/results', items, (body) => {
      report.accepted += Number(body.accepted);
      report.rejected += (body.rejected as unknown[]).length;
    });
  }
  await Promise.all(inFlight);
  await Promise.all([...runners.values()].map((runner) => runner.stop()));
  report.drainSeconds = (Date.now() - draining) / 1_000;
  return report;
}
