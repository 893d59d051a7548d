import { describe, expect, it } from 'vitest';
import { hashPassword, passwordPolicyProblem, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with scrypt and a salt: the same password twice gives two hashes that both verify', async () => {
    const [first, second] = [await hashPassword('s3cret-Pass'), await hashPassword('s3cret-Pass')];
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('s3cret-Pass', first)).toBe(true);
    expect(await verifyPassword('s3cret-pass', first)).toBe(false);
    expect(await verifyPassword('anything', undefined)).toBe(false);
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
