import type { Dimension, QueryResult, SeriesColours, SeriesLabels } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { Visibility } from '@nq/platform/access/visibility';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';

/** The read model whose documents a breakdown's values are the ids of, and who sees each document. */
export interface NamedEntities {
  collection: string;
  visibility: Visibility;
}

/** The breakdowns whose values are entity ids, and the entities they name (each one's `name`). */
export type LabelSources = Partial<Record<Dimension, NamedEntities>>;

/**
 * Adds to each series the labels of its key's values (none when no value is named) and the configured colours of the
 * entities that have one; the answer is otherwise the same.
 */
export type SeriesLabeller = <Result extends QueryResult>(result: Result, viewer: Viewer) => Promise<Result>;

type Document = { id: string; owner: string; name?: unknown; colour?: unknown };
type Named = { name: string; colour?: string };

/**
 * Series labelled by name (every graphic answer goes through it): the values of the breakdowns that are entity ids
 * (campaigns, clusters, universes, probes…) are looked up, once per value, in their read model, and named — with the
 * colour configured for the entity, when it has one (a provider's: every chart draws its series in it) — when the
 * entity exists and the caller sees it. Any other value (an ISP given by name, a technology code) gets no label.
 */
export function seriesLabeller(readStore: ReadStore, sources: LabelSources): SeriesLabeller {
  return async (result, viewer) => {
    const asked = new Map<Dimension, Set<string>>();
    for (const series of result.series)
      for (const [dimension, value] of Object.entries(series.key) as [Dimension, string | number][])
        if (sources[dimension]) asked.set(dimension, (asked.get(dimension) ?? new Set()).add(String(value)));

    const names = new Map<Dimension, Map<string, Named>>();
    await Promise.all(
      [...asked].map(async ([dimension, values]) => {
        const { collection, visibility } = sources[dimension]!;
        const documents = await readStore.getMany(collection, [...values]);
        const named = new Map<string, Named>();
        for (const [id, document] of documents) {
          const { name, colour } = document as Document;
          if (typeof name === 'string' && visibility.sees(viewer, document as Document))
            named.set(id, typeof colour === 'string' ? { name, colour } : { name });
        }
        names.set(dimension, named);
      }),
    );

    const series = result.series.map((item) => {
      const labels: SeriesLabels = {};
      const colours: SeriesColours = {};
      for (const [dimension, value] of Object.entries(item.key) as [Dimension, string | number][]) {
        const entity = names.get(dimension)?.get(String(value));
        if (entity === undefined) continue;
        labels[dimension] = entity.name;
        if (entity.colour !== undefined) colours[dimension] = entity.colour;
      }
      if (Object.keys(labels).length === 0) return item;
      return Object.keys(colours).length > 0 ? { ...item, labels, colours } : { ...item, labels };
    });
    return { ...result, series } as typeof result;
  };
}
