import type { EnrichedMeasurement, MeasurementNamesAnswer } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { ConfigurationReads } from '@nq/platform/entities/entity-catalog';

/** The configuration entities a measurement refers to by id, and the measurement fields holding their ids. */
const referenceFields = {
  provider: (measurement: EnrichedMeasurement) => [measurement.provider, measurement.ispId],
  campaign: (measurement: EnrichedMeasurement) => measurement.campaigns,
  cluster: (measurement: EnrichedMeasurement) => measurement.clusters,
  universe: (measurement: EnrichedMeasurement) => measurement.universes,
  tag: (measurement: EnrichedMeasurement) => measurement.tags,
  'task-suite': (measurement: EnrichedMeasurement) => [measurement.taskSuite],
} as const;
export type NamedKind = keyof typeof referenceFields;

export interface MeasurementNames {
  /** Reads the names a batch of measurements needs; each id is read once for the namer's life. */
  learn(batch: readonly EnrichedMeasurement[]): Promise<void>;
  /**
   * The entity's name, as a person reads it in a file. An entity the viewer does not see (another profile's private
   * campaign) or that no longer exists keeps its id: its name is not the viewer's to read.
   */
  nameOf(kind: NamedKind, id: string): string;
  /** A list of ids as names, in the same order. */
  namesOf(kind: NamedKind, ids: readonly string[]): string[];
}

/** Names for the entity ids that measurements carry (providers, memberships, tags, task suite), as `viewer` sees them. */
export function measurementNamer({ readStore, entities }: ConfigurationReads, viewer: Viewer): MeasurementNames {
  const known = new Map<NamedKind, Map<string, string | undefined>>(
    Object.keys(referenceFields).map((kind) => [kind as NamedKind, new Map()]),
  );
  const nameOf = (kind: NamedKind, id: string) => known.get(kind)?.get(id) ?? id;
  return {
    async learn(batch) {
      await Promise.all(
        (Object.entries(referenceFields) as [NamedKind, (m: EnrichedMeasurement) => (string | undefined)[]][]).map(
          async ([kind, idsIn]) => {
            const names = known.get(kind)!;
            const missing = new Set<string>();
            for (const measurement of batch)
              for (const id of idsIn(measurement)) if (id !== undefined && !names.has(id)) missing.add(id);
            if (missing.size === 0) return;
            const { collection, visibility } = entities.entity(kind);
            const documents = await readStore.getMany(collection, [...missing]);
            for (const id of missing) {
              const document = documents.get(id) as { id: string; owner: string; name?: unknown } | undefined;
              const seen = document && typeof document.name === 'string' && visibility.sees(viewer, document);
              names.set(id, seen ? (document.name as string) : undefined);
            }
          },
        ),
      );
    },
    nameOf,
    namesOf: (kind, ids) => ids.map((id) => nameOf(kind, id)),
  };
}

/** The batches of a scan, each yielded once the namer knows the names it needs. */
export async function* namedBatches<Batch extends readonly EnrichedMeasurement[]>(
  batches: AsyncIterable<Batch>,
  names: MeasurementNames,
): AsyncGenerator<Batch> {
  for await (const batch of batches) {
    await names.learn(batch);
    yield batch;
  }
}

/** What a measurement refers to, by name (the names learnt first). */
export async function namesOfMeasurement(
  names: MeasurementNames,
  measurement: EnrichedMeasurement,
): Promise<MeasurementNamesAnswer> {
  await names.learn([measurement]);
  const { ispId, isp, provider } = measurement;
  return {
    ...(ispId !== undefined ? { isp: names.nameOf('provider', ispId) } : isp !== undefined ? { isp } : {}),
    ...(provider !== undefined ? { provider: names.nameOf('provider', provider) } : {}),
    campaigns: names.namesOf('campaign', measurement.campaigns),
    clusters: names.namesOf('cluster', measurement.clusters),
    universes: names.namesOf('universe', measurement.universes),
    tags: names.namesOf('tag', measurement.tags),
    ...(measurement.taskSuite !== undefined ? { taskSuite: names.nameOf('task-suite', measurement.taskSuite) } : {}),
  };
}
