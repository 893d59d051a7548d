import type { EnrichedMeasurement } from '@nq/contracts';
import type { DataScope } from '../identity/index.ts';

const allowedBy = <T>(allowed: readonly T[] | undefined, value: T | undefined) =>
  !allowed || (value !== undefined && allowed.includes(value));
const anyAllowedBy = <T>(allowed: readonly T[] | undefined, values: readonly T[]) =>
  !allowed || values.some((value) => allowed.includes(value));
const instant = (value: string) => Date.parse(value);

/** Whether one measurement lies within a scope: the restrictions every query intersects in (scope-query.ts). */
export function withinScope(measurement: EnrichedMeasurement, scope: DataScope): boolean {
  const at = instant(measurement.measuredAt);
  return (
    allowedBy(scope.technologies, measurement.technology) &&
    allowedBy(scope.isps, measurement.ispId) &&
    allowedBy(scope.probes, measurement.probeId) &&
    anyAllowedBy(scope.tags, measurement.tags) &&
    anyAllowedBy(scope.campaigns, measurement.campaigns) &&
    anyAllowedBy(scope.clusters, measurement.clusters) &&
    (!scope.from || at >= instant(scope.from)) &&
    (!scope.to || at <= instant(scope.to))
  );
}

/** A measurement as the caller sees it: only the KPIs its profile has (every one when it restricts none). */
export const visibleIn =
  (scope: DataScope) =>
  (measurement: EnrichedMeasurement): EnrichedMeasurement =>
    scope.kpis
      ? {
          ...measurement,
          kpis: Object.fromEntries(Object.entries(measurement.kpis).filter(([kpi]) => scope.kpis!.includes(kpi))),
        }
      : measurement;
