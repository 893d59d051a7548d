import { DomainError } from '@nq/contracts';
import type { EphemeralStore } from '@nq/platform/ephemeral/ephemeral-store-port';
import { type Challenge, createChallenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export interface LoginGuardSettings {
  /** Failed logins of one e-mail address, within the window, after which a security verification is needed. */
  maxFailures: number;
  failureWindowMs: number;
  /** The proof of work asked for: SHA-256 iterations per attempt (a few hundred attempts on average). */
  challengeCost?: number;
}

const CHALLENGE_TTL_MS = 10 * 60_000;

/**
 * "Security verification needed" (docs/product/errors.md): after repeated failures for an account, a login must carry
 * the solution of a proof-of-work challenge (ALTCHA) — cheap for a person once, expensive for a password-guessing
 * script — whatever the password. Each solved challenge is accepted once. Failures are counted in the ephemeral store,
 * so every API process sees them (Redis in the distributed profile).
 */
export function loginGuard(store: EphemeralStore, secret: string, settings: LoginGuardSettings) {
  const failuresKey = (email: string) => `login-failures:${email}`;

  async function challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: settings.challengeCost ?? 1_000,
      deriveKey,
      hmacSignatureSecret: secret,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
  }

  async function verified(verification: string | undefined): Promise<boolean> {
    if (!verification) return false;
    try {
      const { challenge, solution } = JSON.parse(verification) as { challenge: Challenge; solution: Solution };
      const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: secret });
      return (
        result.verified && (await store.claimOnce(`login-challenge:${challenge.parameters.nonce}`, CHALLENGE_TTL_MS))
      );
    } catch {
      return false;
    }
  }

  return {
    /** Refuses the attempt, with a fresh challenge, when the account needs a verification it did not bring. */
    async admit(email: string, verification: string | undefined) {
      const failures = await store.count(failuresKey(email));
      if (failures < settings.maxFailures || (await verified(verification))) return;
      throw new DomainError('login.securityVerificationRequired', { details: { challenge: await challenge() } });
    },
    async failed(email: string) {
      await store.increment(failuresKey(email), settings.failureWindowMs);
    },
    async succeeded(email: string) {
      await store.reset(failuresKey(email));
    },
  };
}

export type LoginGuard = ReturnType<typeof loginGuard>;
