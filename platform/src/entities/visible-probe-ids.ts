import type { Viewer } from '../access/viewer.ts';
import type { EntityLookup } from './configuration-entity.ts';

/**
 * The probes a profile may put in its clusters and universes (their `probesOf`) are those it sees, owned or granted,
 * read from their streams so that a probe created a moment ago counts
 * (docs/product/rules.md#universes-clusters-and-campaigns); undefined for a caller who may use any (isGod).
 */
export async function visibleProbeIds(viewer: Viewer, probeIds: string[], entityOf: EntityLookup) {
  if (viewer.profile.isGod) return undefined;
  const { service, visibility } = entityOf('probe');
  const probes = await Promise.all(probeIds.map((id) => service.load(id)));
  return probeIds.filter((id, index) => {
    const { state } = probes[index]!;
    return state.status === 'active' && visibility.sees(viewer, { ...state.fields, id, owner: state.owner });
  });
}
