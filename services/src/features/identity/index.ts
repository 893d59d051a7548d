// Identity: viewers and their data scope, authentication of users and probes, visibility, the identity store.

export { type DataScope, intersect, refuseOutsideDates, scopeOf } from './data-scope.ts';
export { demoAccountEmails } from './demo-accounts.ts';
export type { IdentityService } from './identity-service.ts';
export { identitySchema, openIdentityStore } from './identity-store.ts';
export { identityManifest } from './manifest.ts';
export { refuseUnofferedSelection } from './offered-selection.ts';
export { type Identity, identityOf, openIdentity } from './open-identity.ts';
export { hashPassword } from './passwords.ts';
export type { AuthenticateProbe, ProbeCaller } from './probe-authenticator.ts';
export type { Authenticate } from './request-authenticator.ts';
