import type { LayerId } from '@nq/contracts/identity/layers';
import type { ComponentType } from 'react';
import type { SpecPath } from './spec-routes.ts';

/**
 * A console page, declared once by the feature that provides it (`features/<feature>/routes.ts` exports its pages as
 * `screenRoutes`; the router finds them there). `path` is one of the specification's (spec-routes.ts); `layer` is the
 * profile layer that reaches the page, the one its path names (null: any signed-in user); `profileGuard` pages reload
 * the profile before they open (docs/product/screens.md#access-and-navigation). screens.test.ts holds the declarations
 * to the specification.
 */
export interface ScreenRoute {
  path: SpecPath;
  layer: LayerId | null;
  profileGuard?: boolean;
  /** The page component, loaded on first visit (each page is its own chunk). */
  load: () => Promise<{ default: ComponentType }>;
}
