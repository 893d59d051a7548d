import type { ConfigurationKind } from '@nq/contracts';
import type { ReadStore } from '../../platform/read-store/read-store-port.ts';
import { configurationEntities } from '../configuration.ts';
import { type NarrowingNamer, narrowingNamer } from './narrowing-names.ts';
import { type LabelSources, type SeriesLabeller, seriesLabeller } from './series-labels.ts';

const named = (kind: ConfigurationKind) => {
  const { collection, visibility } = configurationEntities[kind];
  return { collection, visibility };
};

/** The breakdowns whose values are configuration entity ids (an ISP may be a provider's). */
const configurationLabelSources: LabelSources = {
  campaign: named('campaign'),
  cluster: named('cluster'),
  universe: named('universe'),
  probe: named('probe'),
  tag: named('tag'),
  provider: named('provider'),
  isp: named('provider'),
};

/** What narrowed an answer, named as the graphics name their series (for answers that are not graphics). */
export const configurationNarrowingNamer = (readStore: ReadStore): NarrowingNamer =>
  narrowingNamer(readStore, configurationLabelSources);

/**
 * The breakdowns whose values are configuration entity ids, named in every graphic, and what the caller's profile
 * narrowed the graphic by: on screen (`POST /api/graphic` and the others) and in the documents made from graphics (a
 * dashboard's PDF).
 */
export const configurationSeriesLabeller = (readStore: ReadStore): SeriesLabeller => {
  const labelSeries = seriesLabeller(readStore, configurationLabelSources);
  const nameNarrowing = configurationNarrowingNamer(readStore);
  return async (result, viewer) => {
    const [labelled, narrowedBy] = await Promise.all([
      labelSeries(result, viewer),
      nameNarrowing(result.narrowedBy, viewer),
    ]);
    const { narrowedBy: _asComputed, ...answer } = labelled;
    return (narrowedBy ? { ...answer, narrowedBy } : answer) as unknown as typeof result;
  };
};
