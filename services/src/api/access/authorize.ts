import { DomainError, type LayerId, reachesLayer } from '@nq/contracts';
import { isAdmin, type Viewer } from '@nq/platform/access/viewer';
import type { AccessRule } from '@nq/platform/http/access-rule';

/** Refuses a signed-in caller the rule does not admit: a screen its profile lacks (403), or an admin-only operation. */
export function authorize(rule: AccessRule, viewer: Viewer): void {
  if (!('layers' in rule)) return;
  const reachesOneOf = (layers: readonly LayerId[]) =>
    layers.some((layer) => reachesLayer(viewer.profile.layers, layer));
  if (!reachesOneOf(rule.layers) || (rule.andLayers && !reachesOneOf(rule.andLayers)))
    throw new DomainError('profiles.layerNotGranted', {
      details: { needs: rule.layers, ...(rule.andLayers ? { andOneOf: rule.andLayers } : {}) },
    });
  if (rule.admin && !isAdmin(viewer)) throw new DomainError('auth.adminOnly');
}
