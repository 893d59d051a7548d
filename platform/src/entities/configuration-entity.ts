import type { ConfigurationKind, LayerId } from '@nq/contracts';
import type { z } from 'zod';
import type { Viewer } from '../access/viewer.ts';
import { shared, type Visibility } from '../access/visibility.ts';
import { type AccessRule, layerAccess } from '../http/access-rule.ts';
import type { EntityDefinition } from './entity-definition.ts';
import type { EntityService } from './entity-service.ts';
import type { FeatureRoutes } from './feature-routes.ts';

/** A configuration entity as the platform serves it: where its routes live and how its list is searched. */
export interface ConfigurationEntity {
  definition: EntityDefinition;
  collection: string;
  tag: string;
  searchFields: string[];
  defaultSort: string;
  defaultPageSize?: number;
  /** The entity's own routes, beyond list/get/create/update/delete/clone. */
  routes?: FeatureRoutes;
  access: { read: AccessRule; write: AccessRule };
  visibility: Visibility;
  /**
   * Refuses a create (no id) or update body the caller's profile may not send (e.g. another profile's programs);
   * `entityOf` reads other kinds (e.g. whether the caller sees a campaign the body names).
   */
  admitBody?(
    viewer: Viewer,
    body: Record<string, unknown>,
    id: string | undefined,
    entityOf: EntityLookup,
  ): Promise<void>;
  /**
   * The probes of a create, update or clone the caller may put in it (an entity with `probes`: clusters, universes),
   * undefined for a caller who may use any; `entityOf` reads the probes. Its rules refuse the others.
   */
  probesOf?(viewer: Viewer, probeIds: string[], entityOf: EntityLookup): Promise<string[] | undefined>;
  /** Fields a list may be narrowed to by equality (`?type=mobile`), beside the search `q`. */
  listFilters?: z.ZodObject;
}

/** Another kind of entity's commands and who sees it. */
export type EntityLookup = (kind: ConfigurationKind) => { service: EntityService; visibility: Visibility };

export const named = { searchFields: ['name'], defaultSort: 'name' };

/** Screens that analyse measurements and so read the configuration they are filtered by. */
export const analysisLayers: LayerId[] = [
  'storyboard',
  'benchmark',
  'bydestination',
  'evolution',
  'smartPerformance',
  'measurementAnalysis',
  'measurementLauncher',
  'basic_graphic_generator',
  'advanced_graphic_generator',
  'dashboards_personal',
  'csv_extractor',
  'test_analysis',
  'scorecard_live',
  'scorecard_comparison',
  'regulatory_format',
  'maps',
  'probes-map',
  'alerts',
];

/**
 * Its management screen changes an entity; that screen and the `readers` read it. Shared configuration (providers,
 * CDNs, universes, MOS, scorecards) changes only by administrators; private entities by any profile with the screen.
 */
export const managedOn = (
  screen: LayerId,
  readers: LayerId[],
  options: { adminWrites?: boolean; adminReads?: boolean } = {},
) => ({
  access: {
    read: layerAccess([screen, ...readers], options.adminReads),
    write: layerAccess([screen], options.adminWrites || options.adminReads),
  },
});
export const sharedConfiguration = (screen: LayerId, readers: LayerId[]) => ({
  ...managedOn(screen, readers, { adminWrites: true }),
  visibility: shared,
});
export const campaignIds = (viewer: Viewer) => viewer.profile.campaigns.map((campaign) => campaign.id);
