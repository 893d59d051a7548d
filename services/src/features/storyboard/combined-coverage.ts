import { type CubeSuggestion, cubeDimensions, type QueryCoverage, uncoverableReasons } from '@nq/contracts';
import { suggestedName } from '../cubes/index.ts';

type Read = Exclude<QueryCoverage, { source: 'none' }>;
type Raw = Extract<QueryCoverage, { source: 'raw' }>;

const distinct = <T>(items: readonly T[]) => [...new Set(items)];

/**
 * One cube for the KPIs of several suggestions: queries that differ in their KPI only (the storyboard's) are
 * suggested the same grain, zone and dimensions, so the cube keeps those and every KPI.
 */
function oneCubeFor([first, ...others]: [CubeSuggestion, ...CubeSuggestion[]]): CubeSuggestion {
  const all = [first, ...others];
  const dimensions = cubeDimensions.filter((dimension) => all.some((each) => each.dimensions.includes(dimension)));
  const kpis = distinct(all.flatMap((each) => each.kpis));
  return { ...first, name: suggestedName(first.grain, dimensions, kpis), dimensions, kpis };
}

/**
 * The coverage of queries answered together (the storyboard's KPI charts), as one answer of `POST
 * /api/graphic/coverage`'s form: `none` when none reads anything; the cube when cubes answer every one (their names,
 * comma-separated, when they are several); else `raw` over the most months any reads raw, with the cubes being built
 * that cover some, one cube that would answer those read raw, and every reason no cube can answer others.
 */
export function combinedCoverage(coverages: readonly QueryCoverage[]): QueryCoverage {
  const read = coverages.filter((coverage): coverage is Read => coverage.source !== 'none');
  if (read.length === 0) return { source: 'none' };
  const raw = read.filter((coverage): coverage is Raw => coverage.source === 'raw');
  if (raw.length === 0)
    return { source: 'cube', cube: distinct(read.map((coverage) => (coverage as { cube: string }).cube)).join(', ') };
  const building = distinct(raw.flatMap((coverage) => coverage.building ?? []));
  const suggestions = raw.flatMap((coverage) => coverage.suggestion ?? []);
  const reasons = new Set(raw.flatMap((coverage) => coverage.uncoverable ?? []));
  const [firstSuggestion, ...otherSuggestions] = suggestions;
  return {
    source: 'raw',
    months: Math.max(...raw.map((coverage) => coverage.months)),
    ...(building.length > 0 ? { building: building.join(', ') } : {}),
    ...(firstSuggestion ? { suggestion: oneCubeFor([firstSuggestion, ...otherSuggestions]) } : {}),
    ...(reasons.size > 0 ? { uncoverable: uncoverableReasons.filter((reason) => reasons.has(reason)) } : {}),
  };
}
