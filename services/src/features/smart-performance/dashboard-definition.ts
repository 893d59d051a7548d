import {
  defaultSmartPerformanceWindow,
  kpiById,
  kpiCatalogue,
  type Profile,
  type SmartPerformanceDashboard,
  type SmartPerformanceKpi,
  smartPerformanceWindows,
} from '@nq/contracts';

/** The profile's KPIs with their fringes and direction; a profile listing none sees every catalogue KPI. */
function dashboardKpis(profile: Profile): SmartPerformanceKpi[] {
  if (profile.kpis.length === 0)
    return kpiCatalogue.map((kpi) => ({
      id: kpi.id,
      fringes: [...kpi.defaultFringes],
      inverse: kpi.inverse,
      unit: kpi.unit,
    }));
  return profile.kpis.flatMap(({ id, fringes, inverse }) => {
    const known = kpiById.get(id);
    return known ? [{ id: known.id as SmartPerformanceKpi['id'], fringes, inverse, unit: known.unit }] : [];
  });
}

function programGroups(profile: Profile): SmartPerformanceDashboard['groups'] {
  const groups = new Map<string, string[]>();
  for (const program of profile.programs)
    for (const group of program.groups) groups.set(group, [...(groups.get(group) ?? []), program.id]);
  return [...groups].map(([name, programs]) => ({ name, programs }));
}

/**
 * `GET /profile/smartPerformance` (docs/product/api.md#profile): what the smart performance dashboards of a profile
 * show.
 */
export const smartPerformanceDashboard = (profile: Profile): SmartPerformanceDashboard => ({
  kpis: dashboardKpis(profile),
  programs: profile.programs,
  groups: programGroups(profile),
  grouping: profile.programs.length > 0 ? 'program' : 'isp',
  windows: [...smartPerformanceWindows],
  defaultWindow: defaultSmartPerformanceWindow,
  timeZone: profile.timeZone,
});
