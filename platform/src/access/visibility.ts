import type { ListFilter } from '../read-store/read-store-port.ts';
import type { Viewer } from './viewer.ts';

type Visible = { id: string; owner: string } & Record<string, unknown>;

/**
 * Which entities of a kind a profile sees (a profile never sees another profile's private entities).
 * Shared kinds (providers, CDNs, MOS…) are seen by every profile reaching their screen; private ones by the profile
 * that created them, by the profiles they are granted to, and by isGod profiles (docs/product/roles.md#ownership).
 */
export interface Visibility {
  /** Filters a list to what the viewer sees. */
  listFilters(viewer: Viewer): ListFilter[];
  sees(viewer: Viewer, entity: Visible): boolean;
}

export const shared: Visibility = { listFilters: () => [], sees: () => true };

export interface Grants {
  /** Ids the viewer's profile is granted (e.g. its campaigns or clusters). */
  byProfile?(viewer: Viewer): string[];
  /** A field of the entity listing the profiles it is granted to (e.g. a tag's profiles). */
  profilesField?: string;
}

export function privateToOwner(grants: Grants = {}): Visibility {
  const granted = (viewer: Viewer) => grants.byProfile?.(viewer) ?? [];
  return {
    listFilters(viewer) {
      if (viewer.profile.isGod) return [];
      const ids = granted(viewer);
      return [
        {
          anyOf: [
            { field: 'owner', equals: viewer.profileId },
            ...(ids.length > 0 ? [{ field: 'id', in: ids }] : []),
            ...(grants.profilesField ? [{ field: grants.profilesField, equals: viewer.profileId }] : []),
          ],
        },
      ];
    },
    sees(viewer, entity) {
      if (viewer.profile.isGod || entity.owner === viewer.profileId || granted(viewer).includes(entity.id)) return true;
      const profiles = grants.profilesField ? entity[grants.profilesField] : undefined;
      return Array.isArray(profiles) && profiles.includes(viewer.profileId);
    },
  };
}
