import type { Dimension } from './query-ir.ts';
import type { SeriesColours, SeriesKey } from './query-result.ts';

/**
 * What a drawn series (or box set, points set, category) stands for, which decides its colour on every chart, on
 * screen and in PDF documents alike.
 */
export interface ChartEntity {
  /**
   * The same wherever the series is drawn: the entities of its breakdowns (`provider:<id>`, `campaign:<id>|probe:<id>`),
   * in a fixed order whatever the order of the breakdowns; '' for the whole selection (no breakdown).
   */
  key: string;
  /** The configured colour of the one entity it stands for, when that entity has one (a provider's…). */
  colour?: string;
}

/** The eight default series colours (docs/product/limits.md#defaults): the ones a user picks from per chart. */
export const defaultChartColours = [
  '#2563eb',
  '#f97316',
  '#16a34a',
  '#dc2626',
  '#9333ea',
  '#0891b2',
  '#ca8a04',
  '#db2777',
] as const;

/**
 * The colours an entity without a configured one is given by its key: the default colours (first, the whole
 * selection's) and four more, so that a chart's few series seldom fall on the same one.
 */
export const seriesPalette = [...defaultChartColours, '#65a30d', '#92400e', '#475569', '#4f46e5'] as const;

/** An ISP broken down by is a provider (its id): the same entity as the provider breakdown's. */
const entityKind = (dimension: string) => (dimension === 'isp' ? 'provider' : dimension);

/**
 * The entity a series of a graphic answer stands for, from its breakdown values and the configured colours the answer
 * gives them. A series of several breakdowns (a provider's 4G and its 5G) stands for the combination, which has no
 * configured colour of its own: its colour comes from its key, so that each combination keeps one of its own.
 */
export function chartEntityOf(key: SeriesKey, colours?: SeriesColours): ChartEntity {
  const breakdowns = Object.entries(key) as [Dimension, string | number][];
  const parts = breakdowns.map(([dimension, value]) => `${entityKind(dimension)}:${value}`).sort();
  const [only] = breakdowns.length === 1 ? breakdowns : [];
  const colour = only ? colours?.[only[0]] : undefined;
  return { key: parts.join('|'), ...(colour ? { colour } : {}) };
}

/** A 32-bit FNV-1a hash: the same number for the same text, here and in the browser. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The one place a drawn thing's colour is decided (console charts, dashboard tiles, PDF charts): its entity's configured
 * colour, else a palette colour derived from its entity's key — from its name when it stands for no known entity —
 * so that an entity has the same colour on every chart, whatever its position among the chart's series.
 */
export function seriesColour(entity: ChartEntity | undefined, name: string): string {
  if (entity?.colour) return entity.colour;
  const key = entity ? entity.key : name;
  if (key === '') return seriesPalette[0];
  return seriesPalette[hashOf(key) % seriesPalette.length]!;
}
