import type { ScreenRoute } from './screen-route.ts';

const guarded = { profileGuard: true } as const;

/**
 * Every page of the console (docs/product/screens.md): the routes it shows, their children, and the screens it names
 * without a path (given one here, after their layer id). A page no feature provides yet shows "not available yet"
 * inside the shell.
 */
export const specRoutes: readonly ScreenRoute[] = [
  { path: 'alerts', layer: 'alerts', ...guarded },
  { path: 'csv_templates', layer: 'csv_templates' },
  { path: 'probes-map', layer: 'probes-map' },
  { path: 'storyboard', layer: 'storyboard', ...guarded },
  { path: 'benchmark', layer: 'benchmark', ...guarded },
  { path: 'bydestination', layer: 'bydestination', ...guarded },
  { path: 'evolution', layer: 'evolution', ...guarded },
  { path: 'smartPerformance', layer: 'smartPerformance' },
  { path: 'measurementAnalysis', layer: 'measurementAnalysis' },
  { path: 'measurementAnalysis/detail/:measurementId', layer: 'measurementAnalysis' },
  { path: 'measurementLauncher', layer: 'measurementLauncher' },
  { path: 'tokens', layer: 'tokens' },
  { path: 'cdns_management', layer: 'cdns_management' },
  { path: 'basic_graphic_generator', layer: 'basic_graphic_generator', ...guarded },
  { path: 'advanced_graphic_generator', layer: 'advanced_graphic_generator', ...guarded },
  { path: 'dashboards_personal', layer: 'dashboards_personal' },
  { path: 'csv_extractor', layer: 'csv_extractor', ...guarded },
  { path: 'test_analysis', layer: 'test_analysis' },
  { path: 'files_management', layer: 'files_management' },
  { path: 'scoreManagement', layer: 'scoreManagement', ...guarded },
  { path: 'scorecard_live', layer: 'scorecard_live', ...guarded },
  { path: 'scorecard_live/:id', layer: 'scorecard_live', ...guarded },
  { path: 'scorecard_live/:id/drilldown', layer: 'scorecard_live', ...guarded },
  { path: 'scorecard_comparison', layer: 'scorecard_comparison', ...guarded },
  { path: 'scorecard_comparison/:id', layer: 'scorecard_comparison', ...guarded },
  { path: 'tags_management', layer: 'tags_management' },
  { path: 'users_management', layer: 'users_management' },
  { path: 'tools/providers-management', layer: 'tools/providers-management' },
  { path: 'tools/probes_status', layer: 'tools/probes_status' },
  { path: 'maps', layer: 'maps', ...guarded },
  { path: 'campaigns_management', layer: 'campaigns_management' },
  { path: 'geofilters_management', layer: 'geofilters_management' },
  { path: 'clusters_management', layer: 'clusters_management' },
  // Named in the menu without a path (docs/product/screens.md gives them these).
  { path: 'probes_configuration', layer: 'probes_configuration' },
  { path: 'probes_configuration/new', layer: 'probes_configuration' },
  { path: 'probes_configuration/import', layer: 'probes_configuration' },
  { path: 'probes_configuration/:id', layer: 'probes_configuration' },
  { path: 'task_suites_configuration', layer: 'task_suites_configuration' },
  { path: 'task_suites_configuration/:id', layer: 'task_suites_configuration' },
  { path: 'universes_configuration', layer: 'universes_configuration' },
  { path: 'mos', layer: 'mos' },
  { path: 'api_credentials', layer: 'api_credentials' },
  { path: 'settings_history', layer: 'settings_history' },
  { path: 'profiles_management', layer: 'profiles_management' },
  // Internal tools added since (issue 20).
  { path: 'cubes_configuration', layer: 'cubes_configuration' },
  { path: 'change_password', layer: null },
  { path: 'my_profile', layer: null },
];
