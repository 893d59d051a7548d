import type { ConfigurationKind } from '@nq/contracts';
import type { ReadStore } from '../../platform/read-store/read-store-port.ts';
import { configurationEntities } from '../configuration.ts';
import { type SeriesLabeller, seriesLabeller } from './series-labels.ts';

const named = (kind: ConfigurationKind) => {
  const { collection, visibility } = configurationEntities[kind];
  return { collection, visibility };
};

/**
 * The breakdowns whose values are configuration entity ids (an ISP may be a provider's), named in every graphic: on
 * screen (`POST /api/graphic` and the others) and in the documents made from graphics (a dashboard's PDF).
 */
export const configurationSeriesLabeller = (readStore: ReadStore): SeriesLabeller =>
  seriesLabeller(readStore, {
    campaign: named('campaign'),
    cluster: named('cluster'),
    universe: named('universe'),
    probe: named('probe'),
    tag: named('tag'),
    provider: named('provider'),
    isp: named('provider'),
  });
