import { type LayerId, layerCatalogue } from '@nq/contracts/identity/layers';

/**
 * Every page the console must have (docs/product/screens.md), the screens the menu names without a path given one
 * after their layer id. Each feature declares the pages it provides, with their layer, profile guard and component, in
 * `features/<feature>/routes.ts`; a path here that no feature provides yet shows "not available yet" inside the shell.
 */
export const specPaths = [
  'alerts',
  'csv_templates',
  'probes-map',
  'storyboard',
  'benchmark',
  'bydestination',
  'evolution',
  'smartPerformance',
  'measurementAnalysis',
  'measurementAnalysis/detail/:measurementId',
  'measurementLauncher',
  'tokens',
  'cdns_management',
  'basic_graphic_generator',
  'advanced_graphic_generator',
  'dashboards_personal',
  'csv_extractor',
  'test_analysis',
  'files_management',
  'scoreManagement',
  'scorecard_live',
  'scorecard_live/:id',
  'scorecard_live/:id/drilldown',
  'scorecard_comparison',
  'scorecard_comparison/:id',
  'regulatory_format',
  'regulatory_format/:id',
  'tags_management',
  'users_management',
  'tools/providers-management',
  'tools/probes_status',
  'maps',
  'campaigns_management',
  'geofilters_management',
  'clusters_management',
  'probes_configuration',
  'probes_configuration/new',
  'probes_configuration/import',
  'probes_configuration/measurement_imports',
  'probes_configuration/:id',
  'task_suites_configuration',
  'task_suites_configuration/:id',
  'universes_configuration',
  'mos',
  'api_credentials',
  'settings_history',
  'profiles_management',
  'cubes_configuration',
  'change_password',
  'my_profile',
] as const;
export type SpecPath = (typeof specPaths)[number];

/**
 * The layer that opens a page: a layer id is its screen's route, so the layer is the path's own or, for a page below
 * it (`scorecard_live/:id`), its nearest parent's; none for the pages every signed-in user has (`change_password`).
 */
export function layerOfPath(path: string): LayerId | null {
  for (let at = path; at; at = at.includes('/') ? at.slice(0, at.lastIndexOf('/')) : '')
    if (Object.hasOwn(layerCatalogue, at)) return at as LayerId;
  return null;
}
