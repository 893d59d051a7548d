import { probeStatusCollection } from '@nq/projections';
import type { ReadDocument, ReadStore } from '../../platform/read-store/read-store-port.ts';
import { readAll } from '../feature-routes.ts';
import type { Viewer } from '../identity/viewer.ts';
import type { Visibility } from '../identity/visibility.ts';

/** A probe the viewer sees and its last report (none when it never reported). */
export interface ProbeWithStatus {
  probe: ReadDocument;
  status: ReadDocument | undefined;
}

/** Every probe the viewer sees, each with its last report. */
export async function visibleProbes(
  readStore: ReadStore,
  probeVisibility: Visibility,
  viewer: Viewer,
): Promise<ProbeWithStatus[]> {
  const probes = await readAll(readStore, 'probes', probeVisibility.listFilters(viewer));
  const statuses = await readStore.getMany(
    probeStatusCollection,
    probes.map((probe) => probe.id),
  );
  return probes.map((probe) => ({ probe, status: statuses.get(probe.id) }));
}
