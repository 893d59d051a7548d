import type { Viewer } from '@nq/platform/access/viewer';
import { readAll } from '@nq/platform/read-store/read-all';
import type { ReadDocument, ReadStore } from '@nq/platform/read-store/read-store-port';
import { probeStatusCollection } from '@nq/projections';
import { type ProbeSight, seenProbeFilters } from '../probes/index.ts';

/** A probe the viewer sees and its last report (none when it never reported). */
export interface ProbeWithStatus {
  probe: ReadDocument;
  status: ReadDocument | undefined;
}

/** Every probe the viewer sees, each with its last report. */
export async function visibleProbes(
  readStore: ReadStore,
  probes: ProbeSight,
  viewer: Viewer,
): Promise<ProbeWithStatus[]> {
  const seen = await probes.seenBy(viewer);
  const documents = await readAll(readStore, 'probes', seenProbeFilters(seen));
  const statuses = await readStore.getMany(
    probeStatusCollection,
    documents.map((probe) => probe.id),
  );
  return documents.map((probe) => ({ probe, status: statuses.get(probe.id) }));
}
