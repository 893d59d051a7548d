import type { Dimension, QueryResult, SeriesLabels } from '@nq/contracts';
import type { ReadStore } from '../../platform/read-store/read-store-port.ts';
import type { Viewer } from '../identity/viewer.ts';
import type { Visibility } from '../identity/visibility.ts';

/** The read model whose documents a breakdown's values are the ids of, and who sees each document. */
export interface NamedEntities {
  collection: string;
  visibility: Visibility;
}

/** The breakdowns whose values are entity ids, and the entities they name (each one's `name`). */
export type LabelSources = Partial<Record<Dimension, NamedEntities>>;

/** Adds to each series the labels of its key's values (none when no value is named); the answer is otherwise the same. */
export type SeriesLabeller = <Result extends QueryResult>(result: Result, viewer: Viewer) => Promise<Result>;

type Document = { id: string; owner: string; name?: unknown };

/**
 * Series labelled by name (every graphic answer goes through it): the values of the breakdowns that are entity ids
 * (campaigns, clusters, universes, probes…) are looked up, once per value, in their read model, and named when the
 * entity exists and the caller sees it. Any other value (an ISP given by name, a technology code) gets no label.
 */
export function seriesLabeller(readStore: ReadStore, sources: LabelSources): SeriesLabeller {
  return async (result, viewer) => {
    const asked = new Map<Dimension, Set<string>>();
    for (const series of result.series)
      for (const [dimension, value] of Object.entries(series.key) as [Dimension, string | number][])
        if (sources[dimension]) asked.set(dimension, (asked.get(dimension) ?? new Set()).add(String(value)));

    const names = new Map<Dimension, Map<string, string>>();
    await Promise.all(
      [...asked].map(async ([dimension, values]) => {
        const { collection, visibility } = sources[dimension]!;
        const documents = await readStore.getMany(collection, [...values]);
        const named = new Map<string, string>();
        for (const [id, document] of documents) {
          const { name } = document as Document;
          if (typeof name === 'string' && visibility.sees(viewer, document as Document)) named.set(id, name);
        }
        names.set(dimension, named);
      }),
    );

    const series = result.series.map((item) => {
      const labels: SeriesLabels = {};
      for (const [dimension, value] of Object.entries(item.key) as [Dimension, string | number][]) {
        const name = names.get(dimension)?.get(String(value));
        if (name !== undefined) labels[dimension] = name;
      }
      return Object.keys(labels).length > 0 ? { ...item, labels } : item;
    });
    return { ...result, series } as typeof result;
  };
}
