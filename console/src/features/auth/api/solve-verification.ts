import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/**
 * "Security verification needed" (docs/product/errors.md): the server hands out a proof-of-work challenge (ALTCHA)
 * after repeated failed logins; the browser solves it (well under a second for a person, costly for a guessing script)
 * and the next login carries the solution.
 */
export async function solveVerification(challenge: unknown): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  if (!solution) throw new Error('security verification could not be solved');
  return JSON.stringify({ challenge, solution });
}
