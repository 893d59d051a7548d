import { loadConfig } from '@nq/platform/config/config';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HASH_COST, hashPassword, passwordPolicyProblem, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with scrypt and a salt: the same password twice gives two hashes that both verify', async () => {
    const [first, second] = [
      await hashPassword('s3cret-Pass', DEFAULT_HASH_COST),
      await hashPassword('s3cret-Pass', DEFAULT_HASH_COST),
    ];
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('s3cret-Pass', first, DEFAULT_HASH_COST)).toBe(true);
    expect(await verifyPassword('s3cret-pass', first, DEFAULT_HASH_COST)).toBe(false);
    expect(await verifyPassword('anything', undefined, DEFAULT_HASH_COST)).toBe(false);
  });

  it("uses OWASP's cost unless the configuration lowers it, and verifies a hash made at another cost", async () => {
    expect(loadConfig({}).identity.passwordHashCost).toBe(17);
    expect(DEFAULT_HASH_COST).toBe(17);
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).identity.passwordHashCost).toBe(12);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '11' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '12', NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32) })).toThrow(
      /PASSWORD_HASH_COST \(got '12'\): below OWASP's 17/,
    );
    const cheap = await hashPassword('s3cret-Pass', 12);
    expect(cheap).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(await verifyPassword('s3cret-Pass', cheap, DEFAULT_HASH_COST)).toBe(true);
  });

  it('asks for more than 4 characters by default, and mixed characters when configured', () => {
    const basic = { minLength: 5, requireMixed: false };
    expect(passwordPolicyProblem('abcd', basic)).toEqual({ code: 'password.tooShort', params: { min: 4 } });
    expect(passwordPolicyProblem('abcde', basic)).toBeUndefined();
    const strict = { minLength: 12, requireMixed: true };
    expect(passwordPolicyProblem('abcdefghijk', strict)?.code).toBe('password.tooShort');
    expect(passwordPolicyProblem('abcdefghijkl', strict)?.code).toBe('password.tooWeak');
    expect(passwordPolicyProblem('abcdefGHIJK1', strict)).toBeUndefined();
  });
});
