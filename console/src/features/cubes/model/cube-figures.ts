import type { CubeRebuild, CubeStatusList } from '@nq/contracts/analytics/cube-status';

/** A rebuild still under way: the screen follows its progress. */
export const rebuildIsActive = (rebuild: CubeRebuild | undefined) =>
  rebuild?.state === 'queued' || rebuild?.state === 'running';

/**
 * The share of the last day's analytics queries a cube answered: its hits over every query asked (those each cube
 * answered, and those no cube covered, answered from the raw measurements). No rate when no query was asked.
 */
export function hitRateOf(list: CubeStatusList, cubeId: string): { hits: number; total: number; rate?: number } {
  const hits = list.cubes.find((cube) => cube.cubeId === cubeId)?.hits ?? 0;
  const total = list.cubes.reduce((sum, cube) => sum + cube.hits, 0) + list.rawQueries;
  return total > 0 ? { hits, total, rate: hits / total } : { hits, total };
}

/** How far a rebuild has come, 0 to 1; unknown until it has counted the measurements of its range. */
export function rebuildShare(rebuild: CubeRebuild): number | undefined {
  if (rebuild.state === 'done') return 1;
  if (rebuild.total === undefined) return undefined;
  return rebuild.total === 0 ? 1 : Math.min(1, rebuild.done / rebuild.total);
}

// Decimal units, as disks are sold: 1 kB is 1,000 bytes.
const byteUnits = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

/** A size for people: `950 B`, `12.3 MB`, `1.2 GB`, in the interface language. */
export function formatBytes(bytes: number, language: string): string {
  if (bytes < 1000) return `${new Intl.NumberFormat(language).format(bytes)} B`;
  const power = Math.min(byteUnits.length, Math.floor(Math.log10(bytes) / 3));
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: byteUnits[power - 1],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(bytes / 1000 ** power);
}

export const formatCount = (count: number, language: string) => new Intl.NumberFormat(language).format(count);

export const formatPercent = (share: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(share);
