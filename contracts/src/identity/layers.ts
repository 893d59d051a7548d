import { z } from 'zod';
import { isHttpUrl } from '../configuration/common.ts';

// The screens a profile can be granted (its layers) and the sidebar categories that group them
// (docs/product/screens.md#access-and-navigation). A layer id is the screen's route without its leading slash; a route
// is reachable when its layer or its parent's is granted.

export const layerCategories = ['profile', 'tools', 'maps', 'dashboards', 'config', 'internal_tools'] as const;
export type LayerCategory = (typeof layerCategories)[number];

/** Every screen with its default sidebar category. Screens named in the menu without a path get a descriptive id. */
export const layerCatalogue = {
  storyboard: 'dashboards',
  alerts: 'tools',
  csv_templates: 'tools',
  'probes-map': 'maps',
  benchmark: 'dashboards',
  bydestination: 'dashboards',
  evolution: 'dashboards',
  smartPerformance: 'dashboards',
  measurementAnalysis: 'tools',
  measurementLauncher: 'tools',
  tokens: 'profile',
  cdns_management: 'config',
  basic_graphic_generator: 'tools',
  advanced_graphic_generator: 'tools',
  dashboards_personal: 'dashboards',
  csv_extractor: 'tools',
  test_analysis: 'tools',
  files_management: 'tools',
  scoreManagement: 'config',
  scorecard_live: 'dashboards',
  scorecard_comparison: 'dashboards',
  regulatory_format: 'dashboards',
  tags_management: 'config',
  users_management: 'config',
  tools: 'tools',
  'tools/providers-management': 'tools',
  'tools/probes_status': 'tools',
  maps: 'maps',
  campaigns_management: 'config',
  geofilters_management: 'config',
  clusters_management: 'config',
  probes_configuration: 'config',
  task_suites_configuration: 'config',
  universes_configuration: 'config',
  mos: 'config',
  api_credentials: 'profile',
  settings_history: 'internal_tools',
  profiles_management: 'config',
  cubes_configuration: 'internal_tools',
} as const satisfies Record<string, LayerCategory>;

export type LayerId = keyof typeof layerCatalogue;
export const layerIds = Object.keys(layerCatalogue) as LayerId[];

/**
 * Menu entries the product names without a screen of this console (trains, database): a profile shows them only through a layer that links to where they live (its `url`, opened in a new tab).
 */
export const linkLayerCatalogue = {
  trains: 'tools',
  database: 'internal_tools',
} as const satisfies Record<string, LayerCategory>;
export type LinkLayerId = keyof typeof linkLayerCatalogue;
export const linkLayerIds = Object.keys(linkLayerCatalogue) as LinkLayerId[];
const isLinkLayer = (id: string): id is LinkLayerId => Object.hasOwn(linkLayerCatalogue, id);

/** A layer's default sidebar category. */
export const categoryOfLayer = (id: string): LayerCategory | undefined =>
  (layerCatalogue as Record<string, LayerCategory>)[id] ?? (linkLayerCatalogue as Record<string, LayerCategory>)[id];

/** True when the profile's layers reach the screen: its own layer, or its parent's (`tools` for `tools/…`). */
export function reachesLayer(granted: readonly { id: string }[], layer: string): boolean {
  const ids = new Set(granted.map((item) => item.id));
  for (let path = layer; path; path = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '') {
    if (ids.has(path)) return true;
  }
  return false;
}

export const layerSchema = z
  .object({
    id: z.enum([...layerIds, ...linkLayerIds] as [LayerId | LinkLayerId, ...(LayerId | LinkLayerId)[]], {
      error: 'validation.invalidOption',
    }),
    category: z.enum(layerCategories, { error: 'validation.invalidOption' }).optional(),
    /** Sidebar groups (sub-menus) the layer is shown under, in order. */
    groups: z.array(z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong')).default([]),
    /** An external link (a legacy or partner page): the menu entry opens it in a new tab instead of a screen. */
    url: z.string().trim().max(2048, 'validation.tooLong').refine(isHttpUrl, 'profiles.layerLinkInvalid').optional(),
  })
  .superRefine((layer, context) => {
    if (isLinkLayer(layer.id) && !layer.url)
      context.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'profiles.layerNeedsLink',
        params: { layer: layer.id },
      });
  });
export type Layer = z.output<typeof layerSchema>;

/**
 * Where a user lands after login (docs/product/screens.md#access-and-navigation): storyboard when granted, else the
 * startPage, else the first layer.
 */
export function landingLayer(profile: { layers: readonly { id: string }[]; startPage?: string | undefined }): string {
  if (profile.layers.some((layer) => layer.id === 'storyboard')) return 'storyboard';
  return profile.startPage || (profile.layers[0]?.id ?? '');
}
