import { DomainError, parseAuthorization, stringToSign } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { EphemeralStore } from '@nq/platform/ephemeral/ephemeral-store-port';
import { spendRequestBudget } from '@nq/platform/http/request-budget';
import type { IdentityService } from './identity-service.ts';
import type { Credential } from './identity-store.ts';
import { hmac, sameBytes, sha256 } from './signing-secrets.ts';

export interface SignedRequest {
  method: string;
  /** The URL as sent: path and query string. */
  url: string;
  authorization: string | undefined;
  /** The raw body bytes (none for a request without a body). */
  body: Buffer | undefined;
}

interface VerifierDependencies {
  identity: Pick<IdentityService, 'credential' | 'credentialSecret'>;
  ephemeral: EphemeralStore;
  maxClockSkewMs: number;
}

const RATE_WINDOW_MS = 60_000;

/**
 * Checks a signed request and answers the live credential that signed it: the signature over method,
 * path, query, timestamp, nonce and body hash, compared in constant time; a timestamp within the allowed clock skew;
 * a nonce never seen in that window (the ephemeral store: Redis when several processes serve the API).
 */
export function signatureVerifier({ identity, ephemeral, maxClockSkewMs }: VerifierDependencies) {
  /** `expiredFor`: how long after its end an expired credential is still accepted (a probe renewing its own). */
  return async function verify(request: SignedRequest, now = Date.now(), expiredFor = 0): Promise<Credential> {
    const parts = parseAuthorization(request.authorization);
    if (!parts) throw new DomainError('auth.unauthenticated');
    if (Math.abs(now - parts.timestamp) > maxClockSkewMs)
      throw new DomainError('auth.staleRequest', { details: { serverTime: new Date(now).toISOString() } });

    const credential = await identity.credential(parts.credential);
    if (!credential) throw new DomainError('auth.unauthenticated');
    const at = request.url.indexOf('?');
    const expected = hmac(
      identity.credentialSecret(credential.id),
      stringToSign({
        method: request.method,
        path: at < 0 ? request.url : request.url.slice(0, at),
        query: at < 0 ? '' : request.url.slice(at + 1),
        timestamp: parts.timestamp,
        nonce: parts.nonce,
        bodyHash: sha256(request.body ?? ''),
      }),
    );
    if (!sameBytes(expected, Buffer.from(parts.signature, 'base64url'))) throw new DomainError('auth.invalidSignature');

    if (!(await ephemeral.claimOnce(`nonce:${credential.id}:${parts.nonce}`, 2 * maxClockSkewMs)))
      throw new DomainError('auth.replayedRequest');
    if (credential.revokedAt) throw new DomainError('auth.sessionExpired');
    if (credential.expiresAt.getTime() + expiredFor <= now)
      throw new DomainError(credential.kind === 'token' ? 'tokens.expired' : 'auth.sessionExpired');
    return credential;
  };
}

/** A token or API client spends one request of its per-minute budget (429 with the seconds to wait past it). */
const spendCredentialBudget = (ephemeral: EphemeralStore, credential: Credential) =>
  credential.rateLimit === undefined || credential.unlimited
    ? undefined
    : spendRequestBudget(ephemeral, `rate:${credential.id}`, credential.rateLimit, RATE_WINDOW_MS);

/**
 * The caller of a signed request with its user and profile: a session, a token or an API client (whose user and
 * profile must still exist and go together), within the request budget of tokens and clients.
 */
export function requestAuthenticator(dependencies: VerifierDependencies & { identity: IdentityService }) {
  const { identity, ephemeral } = dependencies;
  const verify = signatureVerifier(dependencies);

  return async function authenticate(request: SignedRequest, now = Date.now()): Promise<Viewer> {
    const credential = await verify(request, now);
    // A probe's credentials sign for the probe gateway only.
    if (credential.kind === 'probe') throw new DomainError('auth.unauthenticated');
    const [user, profile] = await Promise.all([
      identity.loadUser(credential.userId),
      identity.loadProfile(credential.profileId),
    ]);
    if (!user || !profile || !user.fields.profiles.includes(profile.id)) throw new DomainError('auth.sessionExpired');
    const requestBudget = await spendCredentialBudget(ephemeral, credential);
    return {
      userId: user.id,
      email: user.fields.email,
      userProfiles: user.fields.profiles,
      profileId: profile.id,
      profile,
      credential: {
        id: credential.id,
        kind: credential.kind,
        unlimited: credential.unlimited,
        ...(credential.rateLimit !== undefined ? { rateLimit: credential.rateLimit } : {}),
      },
      ...(requestBudget ? { requestBudget } : {}),
    };
  };
}

export type Authenticate = ReturnType<typeof requestAuthenticator>;
