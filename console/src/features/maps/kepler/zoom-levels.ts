// What a map shows depends on its zoom level (place names, probe clusters): each such dataset holds its rows for every
// level, and a kepler range filter shows those of the level the user looks at. Moving the filter when the level
// changes is cheap; handing kepler new data at each level would rebuild its layers.

/** From this level on, every point is drawn on its own (coincident ones spread around their place). */
export const maxLevel = 16;
export const levels = Array.from({ length: maxLevel + 1 }, (_, level) => level);

/** The level a zoom is drawn at: its whole part, within 0 and `maxLevel`. */
export const levelOf = (zoom: number) => Math.max(0, Math.min(maxLevel, Math.floor(zoom)));

/**
 * A dataset's rows by level: `exact` rows belong to one level (a clustering of it), `from` rows show from their level
 * on (a name with room from that level on).
 */
export interface LevelFilter {
  dataId: string;
  field: string;
  rows: 'exact' | 'from';
}

/** The filter's range at a level: only that level's rows, or those shown from it or from any level before. */
export const levelRange = (filter: LevelFilter, level: number): [number, number] =>
  filter.rows === 'exact' ? [level, level] : [0, level];

export const levelFilterId = (filter: LevelFilter) => `${filter.dataId}-level`;

/** The kepler filter of a dataset's rows at a level. */
export const levelFilterConfig = (filter: LevelFilter, level: number) => ({
  dataId: [filter.dataId],
  id: levelFilterId(filter),
  name: [filter.field],
  type: 'range' as const,
  value: levelRange(filter, level),
});
