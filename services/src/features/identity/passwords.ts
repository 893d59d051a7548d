import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import type { HttpErrorCode } from '@nq/contracts';

// scrypt (node:crypto, no native addon) with OWASP's parameters: N=2^17, r=8, p=1; stored as
// `scrypt$N$r$p$salt$hash` so that other parameters, later or earlier, still verify the hashes made with them.
/** log2 of scrypt's N by default (OWASP's 2^17: about 0.6 s of a core per hash); the configuration may lower it for
 * test runs, which hash and verify hundreds of passwords. */
export const DEFAULT_HASH_COST = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const parametersOf = (cost: number) => ({ N: 2 ** cost, r: R, p: P });

const derive = (password: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const parameters = parametersOf(cost);
  const key = await derive(password, salt, parameters);
  const { N, r, p } = parameters;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** `cost`: the work done when nothing is stored (the hashes' own cost otherwise). */
export async function verifyPassword(password: string, stored: string | undefined, cost: number): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !salt || !hash) {
    // Same work for an unknown user as for a known one, so timing does not reveal which e-mails exist.
    await derive(password, Buffer.alloc(16), parametersOf(cost));
    return false;
  }
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(N), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export interface PasswordPolicy {
  /** At least this many characters (the spec's minimum: more than 4). */
  minLength: number;
  /** Lower case, upper case and digits all present. */
  requireMixed: boolean;
}

/** The rule a new password breaks, with the parameters of its message; undefined when it complies. */
export function passwordPolicyProblem(
  password: string,
  policy: PasswordPolicy,
): { code: HttpErrorCode; params?: Record<string, string | number> } | undefined {
  if ([...password].length < policy.minLength)
    return { code: 'password.tooShort', params: { min: policy.minLength - 1 } };
  if (policy.requireMixed && !(/[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password)))
    return { code: 'password.tooWeak' };
  return undefined;
}
