import { type Dimension, dimensions, maxBreakdowns } from '@nq/contracts/analytics/query-ir';

/**
 * The nesting levels the analyst may break the series down by, first to last: fewer when the screen breaks down by
 * some dimensions itself (benchmark by ISP, by destination by destination).
 */
export const breakdownLevelsAfter = (taken: readonly Dimension[] = []) =>
  Array.from({ length: maxBreakdowns - taken.length }, (_, level) => level);
export const breakdownLevels = breakdownLevelsAfter();

/** A level can be chosen once every earlier one is. */
export const isOpen = (breakdowns: readonly Dimension[], level: number) => level <= breakdowns.length;

/** What the select at a level offers: the dimensions offered to the profile that no earlier level took. */
export const choicesAt = (
  breakdowns: readonly Dimension[],
  level: number,
  offered: readonly Dimension[] = dimensions,
) => offered.filter((dimension) => !breakdowns.slice(0, level).includes(dimension));

/**
 * The breakdowns after the analyst sets the one at `level`, or clears it (`''`), which clears the later ones too. A
 * later level holding the new choice gives it up, so no dimension repeats.
 */
export function withBreakdownAt(breakdowns: readonly Dimension[], level: number, value: Dimension | ''): Dimension[] {
  if (value === '') return breakdowns.slice(0, level);
  return [...breakdowns.slice(0, level), value, ...breakdowns.slice(level + 1).filter((later) => later !== value)];
}
