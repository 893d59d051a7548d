import type { ConfigurationKind } from '@nq/contracts';
import type { ConfigurationReads } from '@nq/platform/entities/entity-catalog';
import { type NarrowingNamer, narrowingNamer } from './narrowing-names.ts';
import { type LabelSources, type SeriesLabeller, seriesLabeller } from './series-labels.ts';

/** The breakdowns whose values are configuration entity ids (an ISP may be a provider's). */
function configurationLabelSources({ entities }: ConfigurationReads): LabelSources {
  const named = (kind: ConfigurationKind) => {
    const { collection, visibility } = entities.entity(kind);
    return { collection, visibility };
  };
  return {
    campaign: named('campaign'),
    cluster: named('cluster'),
    universe: named('universe'),
    probe: named('probe'),
    tag: named('tag'),
    provider: named('provider'),
    isp: named('provider'),
  };
}

/** What narrowed an answer, named as the graphics name their series (for answers that are not graphics). */
export const configurationNarrowingNamer = (sources: ConfigurationReads): NarrowingNamer =>
  narrowingNamer(sources.readStore, configurationLabelSources(sources));

/**
 * The breakdowns whose values are configuration entity ids, named in every graphic, and what the caller's profile
 * narrowed the graphic by: on screen (`POST /api/graphic` and the others) and in the documents made from graphics (a
 * dashboard's PDF).
 */
export const configurationSeriesLabeller = (sources: ConfigurationReads): SeriesLabeller => {
  const labelSeries = seriesLabeller(sources.readStore, configurationLabelSources(sources));
  const nameNarrowing = configurationNarrowingNamer(sources);
  return async (result, viewer) => {
    const [labelled, narrowedBy] = await Promise.all([
      labelSeries(result, viewer),
      nameNarrowing(result.narrowedBy, viewer),
    ]);
    const { narrowedBy: _asComputed, ...answer } = labelled;
    return (narrowedBy ? { ...answer, narrowedBy } : answer) as unknown as typeof result;
  };
};
