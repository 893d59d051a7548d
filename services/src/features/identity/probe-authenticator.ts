import { DomainError } from '@nq/contracts';
import type { SignedRequest, signatureVerifier } from './request-authenticator.ts';

/** A probe calling the gateway: its id and the profile that owns it. */
export interface ProbeCaller {
  probeId: string;
  profileId: string;
  credentialId: string;
  /** When the credentials it signed with end (ISO 8601). */
  credentialsExpireAt: string;
}

export const probeUserId = (probeId: string) => `probe:${probeId}`;

/**
 * Probes sign their calls like every machine client, with the credentials issued to them. Renewing them (`renewal`)
 * is the one call expired credentials may still make, for `renewalGraceMs` after they ended: a probe that was off
 * when its credentials ended renews them rather than waiting for an administrator.
 */
export function probeAuthenticator(verify: ReturnType<typeof signatureVerifier>, renewalGraceMs: number) {
  return async function authenticateProbe(request: SignedRequest, renewal = false): Promise<ProbeCaller> {
    const credential = await verify(request, Date.now(), renewal ? renewalGraceMs : 0);
    if (credential.kind !== 'probe') throw new DomainError('auth.unauthenticated');
    return {
      probeId: credential.userId.slice(probeUserId('').length),
      profileId: credential.profileId,
      credentialId: credential.id,
      credentialsExpireAt: credential.expiresAt.toISOString(),
    };
  };
}

export type AuthenticateProbe = ReturnType<typeof probeAuthenticator>;
