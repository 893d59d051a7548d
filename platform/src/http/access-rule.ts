import type { LayerId } from '@nq/contracts';

/**
 * Who may call a route, declared by every route in its `config.access`:
 * - `public`: anyone (login, password reset, health, the console's files);
 * - `signedIn`: any valid signature (the caller's own session, profile and password);
 * - `layers`: the profile must reach one of these screens (docs/product/screens.md#access-and-navigation) — and one of
 * `andLayers` too, when given — and be an administrator when `admin` is set;
 * - `probe`: a probe signing with its own credentials (the probe gateway).
 */
export type AccessRule =
  | { public: true }
  | { signedIn: true }
  | { probe: true; renewal?: true }
  | { layers: readonly LayerId[]; andLayers?: readonly LayerId[]; admin?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
}

export const publicAccess: AccessRule = { public: true };
export const signedIn: AccessRule = { signedIn: true };
export const probeAccess: AccessRule = { probe: true };
/** A probe renewing its credentials: expired ones are accepted for a while (probeAuthenticator). */
export const probeRenewalAccess: AccessRule = { probe: true, renewal: true };
export const layerAccess = (layers: readonly LayerId[], admin = false): AccessRule =>
  admin ? { layers, admin } : { layers };

/**
 * A screen working on what another route serves (the settings history on each entity's reads): its own screen and
 * what that route asks — one of its screens, and administrators only when it is.
 */
export const alongWith = (screen: LayerId, rule: AccessRule): AccessRule =>
  'layers' in rule
    ? { layers: [screen], andLayers: rule.layers, ...(rule.admin ? { admin: true } : {}) }
    : layerAccess([screen]);

/** How the rule reads in the OpenAPI document (`x-access`), from which the authorization matrix test is generated. */
export const describeAccess = (rule: AccessRule) =>
  'layers' in rule
    ? { layers: rule.layers, ...(rule.andLayers ? { andLayers: rule.andLayers } : {}), admin: !!rule.admin }
    : rule;
