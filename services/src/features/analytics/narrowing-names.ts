import {
  type Dimension,
  type NarrowedBy,
  type NarrowedValue,
  type Narrowing,
  type NarrowingKind,
  type TechnologyCode,
  technologyLabels,
} from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import type { LabelSources } from './series-labels.ts';

/** What narrowed an answer, each value named for the viewer; undefined when nothing that narrowed can be named. */
export type NarrowingNamer = (narrowedBy: NarrowedBy | undefined, viewer: Viewer) => Promise<NarrowedBy | undefined>;

/** The kinds whose values are entity ids, and the breakdown whose label source names them. */
const entityKinds: Partial<Record<NarrowingKind, Dimension>> = {
  isp: 'isp',
  campaign: 'campaign',
  cluster: 'cluster',
  probe: 'probe',
  tag: 'tag',
};

type Document = { id: string; owner: string; name?: unknown };

/**
 * Names what narrowed an answer (`narrowing.ts`) as series are named (`series-labels.ts`): entity ids by the name of
 * the entity in its read model when the viewer sees it — an id the viewer cannot name is left out, its name not
 * being the viewer's to read — technologies by their labels, programs by the profile's names for them, and
 * destinations by themselves (they are names already).
 */
export function narrowingNamer(readStore: ReadStore, sources: LabelSources): NarrowingNamer {
  async function entityNames(dimension: Dimension, values: NarrowedValue[], viewer: Viewer) {
    const source = sources[dimension];
    if (!source) return [];
    const documents = await readStore.getMany(
      source.collection,
      values.map((value) => String(value.id)),
    );
    return values.flatMap(({ id }) => {
      const document = documents.get(String(id)) as Document | undefined;
      const seen = document && typeof document.name === 'string' && source.visibility.sees(viewer, document);
      return seen ? [{ id, name: document.name as string }] : [];
    });
  }

  async function named({ kind, values }: Narrowing, viewer: Viewer): Promise<Narrowing> {
    const dimension = entityKinds[kind];
    if (dimension) return { kind, values: await entityNames(dimension, values, viewer) };
    const nameOf = (id: string | number): string => {
      if (kind === 'technology') return technologyLabels[id as TechnologyCode] ?? String(id);
      if (kind === 'program')
        return viewer.profile.programs.find((program) => program.id === id)?.program ?? String(id);
      return String(id);
    };
    return { kind, values: values.map(({ id }) => ({ id, name: nameOf(id) })) };
  }

  return async (narrowedBy, viewer) => {
    if (!narrowedBy) return undefined;
    const restrictions = (await Promise.all(narrowedBy.restrictions.map((item) => named(item, viewer)))).filter(
      (item) => item.values.length > 0,
    );
    if (restrictions.length === 0 && !narrowedBy.dates) return undefined;
    return { ...narrowedBy, restrictions };
  };
}

/** An answer with what narrowed it named for the viewer (none left when nothing of it can be named). */
export async function withNamedNarrowing<Answer extends { narrowedBy?: NarrowedBy | undefined }>(
  answer: Answer,
  namer: NarrowingNamer,
  viewer: Viewer,
): Promise<Answer> {
  const { narrowedBy, ...rest } = answer;
  const named = await namer(narrowedBy, viewer);
  return (named ? { ...rest, narrowedBy: named } : rest) as Answer;
}
