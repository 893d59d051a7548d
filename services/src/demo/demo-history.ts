import type { LogRecord } from '@nq/platform/log/log-port';
import type { Platform } from '@nq/platform/platform';
import { seededRandom } from '@nq/platform/seeded-random';
import { enrichedMessage, enrichment, type Indexed, ingestBatch } from '../features/ingest/index.ts';
import { fleetHistory } from '../simulator/fleet-history.ts';
import { demoFleetProbes } from '../simulator/fleet-model.ts';
import { demoConfigurationProbes } from './demo-data.ts';

// The demo fleet's past: weeks of measurements of every demo probe, written through the ingest worker's own batch
// function (validation, enrichment with campaigns, clusters, universes, provider, weekday and fringe, the store's
// idempotent write), as if the raw topic had delivered them. Going around the topic is what makes it take seconds: the
// embedded log would write and read every measurement once more. Alerting follows `measurements.enriched`: only the
// last two days are published there (in time order), so that the demo's alerts have some history to show.

export interface DemoHistory {
  measurements: number;
  deadLetters: number;
  weeks: number;
  seconds: number;
}

const batchSize = 2_000;
const alertingDays = 2;

/** Writes `weeks` of demo fleet history ending now; the configuration's read models must be able to catch up. */
export async function loadDemoHistory(platform: Platform, { weeks = 6, now = new Date() } = {}): Promise<DemoHistory> {
  const started = performance.now();
  if (!(await platform.projector.waitFor(await platform.eventStore.head(), 60_000)))
    throw new Error('the configuration read models did not catch up within a minute: no demo history');
  const facts = enrichment(platform.readStore, platform.eventStore, {
    unknownProbeWaitMs: platform.config.ingest.unknownProbeWaitMs,
  });
  const probes = [...demoFleetProbes(), ...demoConfigurationProbes()];
  const history = fleetHistory(probes, { until: now, weeks, random: seededRandom(2026), mover: 'probe001' });
  const outcome: DemoHistory = { measurements: 0, deadLetters: 0, weeks, seconds: 0 };
  let batch: LogRecord[] = [];
  const recent: Indexed[] = [];
  const alertingSince = now.getTime() - alertingDays * 86_400_000;
  // One batch is written while the next one is generated (what a remote store, Elasticsearch, gains from).
  let writing: Promise<void> = Promise.resolve();
  const write = async () => {
    const records = batch;
    batch = [];
    await writing;
    writing = ingestBatch(records, { enrichment: facts, store: platform.measurements, fromRawTopic: false }).then(
      ({ indexed, deadLetters }) => {
        recent.push(...indexed.filter(({ measurement }) => Date.parse(measurement.measuredAt) >= alertingSince));
        outcome.measurements += indexed.length;
        outcome.deadLetters += deadLetters.length;
      },
    );
  };
  let offset = 0;
  for (const measurement of history) {
    const receivedAt = new Date(Date.parse(measurement.measuredAt) + 2_000).toISOString();
    batch.push({
      topic: platform.topics.measurementsRaw,
      partition: 0,
      offset: String(offset++),
      timestamp: Date.parse(receivedAt),
      key: measurement.probeId,
      value: JSON.stringify({ ...measurement, receivedAt }),
    });
    if (batch.length === batchSize) await write();
  }
  if (batch.length > 0) await write();
  await writing;
  recent.sort((a, b) => Date.parse(a.measurement.measuredAt) - Date.parse(b.measurement.measuredAt));
  for (let index = 0; index < recent.length; index += batchSize)
    await platform.log.produce(
      platform.topics.measurementsEnriched,
      recent.slice(index, index + batchSize).map(enrichedMessage),
    );
  outcome.seconds = (performance.now() - started) / 1_000;
  return outcome;
}
