import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import { readModels } from '@nq/services/composition/platform-runs';

const probes = readModels.find((projection) => projection.collection === 'probes')!;

/**
 * The probes of the benchmark's measurements, in the probes read model as the projector writes them: ingest stores no
 * result of a probe it does not know (it dead-letters them).
 */
export async function registerBenchProbes(
  readStore: ReadStore,
  measurements: { probeId: string; probeType?: string; tags?: string[] }[],
) {
  const byId = new Map(measurements.map((measurement) => [measurement.probeId, measurement]));
  await readStore.write(
    probes.name,
    probes.collection,
    [...byId.values()].map(({ probeId, probeType, tags }) => ({
      id: probeId,
      version: 1n,
      doc: { id: probeId, ...(probeType ? { type: probeType } : {}), tags: tags ?? [] },
    })),
  );
}
