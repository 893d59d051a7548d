import { DomainError } from '@nq/contracts';
import type { SignedRequest, signatureVerifier } from './request-authenticator.ts';

/** A probe calling the gateway: its id and the profile that owns it. */
export interface ProbeCaller {
  probeId: string;
  profileId: string;
  credentialId: string;
}

export const probeUserId = (probeId: string) => `probe:${probeId}`;

/** Probes sign their calls like every machine client, with the credentials issued to them. */
export function probeAuthenticator(verify: ReturnType<typeof signatureVerifier>) {
  return async function authenticateProbe(request: SignedRequest): Promise<ProbeCaller> {
    const credential = await verify(request);
    if (credential.kind !== 'probe') throw new DomainError('auth.unauthenticated');
    return {
      probeId: credential.userId.slice(probeUserId('').length),
      profileId: credential.profileId,
      credentialId: credential.id,
    };
  };
}

export type AuthenticateProbe = ReturnType<typeof probeAuthenticator>;
