import { processLog } from '@nq/platform/logging/process-log';
import type { ReadDocument, ReadStore } from '@nq/platform/read-store/read-store-port';
import { probeFleetCollection, probeStatusCollection, withReport } from '@nq/projections';

/** A report whose probe the fleet read model holds no document of yet is taken in again after this long, once. */
const RETRY_AFTER_MS = 5_000;

/**
 * Takes probes' last reports (probe status documents) into the fleet read model, each where it is newer than the one
 * it holds. Answers the probes it holds no document of (not projected yet, or not configured).
 */
export async function takeReportsIntoFleet(readStore: ReadStore, statuses: readonly ReadDocument[]) {
  const byProbe = new Map(statuses.map((status) => [status.id, status]));
  const missing = new Set(byProbe.keys());
  await readStore.amend(probeFleetCollection, [...byProbe.keys()], (document) => {
    missing.delete(document.id);
    return withReport(document, byProbe.get(document.id)!);
  });
  return [...missing].map((id) => byProbe.get(id)!);
}

/**
 * After each batch of reports is stored: their part of the fleet read model. A report that arrives before its probe's
 * configuration was projected (a probe created a moment before it reports) is taken in again a few seconds later,
 * unless the worker stops first.
 */
export function fleetFollowingReports(readStore: ReadStore) {
  const retries = new Set<ReturnType<typeof setTimeout>>();
  return {
    async follow(statuses: readonly ReadDocument[]) {
      const early = await takeReportsIntoFleet(readStore, statuses);
      if (early.length === 0) return;
      const retry = setTimeout(() => {
        retries.delete(retry);
        takeReportsIntoFleet(readStore, early).catch((error: unknown) =>
          processLog().warn({ err: error }, 'probe reports not taken into the fleet read model'),
        );
      }, RETRY_AFTER_MS);
      retry.unref();
      retries.add(retry);
    },
    stop() {
      for (const retry of retries) clearTimeout(retry);
      retries.clear();
    },
  };
}

/**
 * Every stored report the fleet read model lacks: after the fleet read model was rebuilt (its documents then hold
 * the configuration only), or when reports were stored while it could not take them. Read batch by batch.
 */
export async function catchUpFleetReports(readStore: ReadStore, signal: AbortSignal) {
  for await (const statuses of readStore.scan(probeStatusCollection)) {
    if (signal.aborted) return;
    await takeReportsIntoFleet(readStore, statuses);
  }
}
