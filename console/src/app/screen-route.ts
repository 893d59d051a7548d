import type { ComponentType } from 'react';

/**
 * A console page. `layer` is the profile layer that reaches it (null: any signed-in user); `profileGuard` pages
 * reload the profile before they open (docs/product/screens.md#access-and-navigation). Features export their pages from
 * `features/<feature>/routes.ts` as `screenRoutes`; the router puts them at the declared paths.
 */
export interface ScreenRoute {
  path: string;
  layer: string | null;
  profileGuard?: boolean;
  /** The page component, loaded on first visit (each page is its own chunk). */
  load?: () => Promise<{ default: ComponentType }>;
}
