import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins } from '../../demo/demo-data.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

describe('the demo accounts on a production platform (NODE_ENV=production)', () => {
  let production: TestApi;
  beforeAll(async () => {
    // A production database that holds the demo's users (loaded before it became one): their logins are refused.
    // Production refuses the tests' cheap password hashing: OWASP's cost.
    production = await openTestApi({ NODE_ENV: 'production', PASSWORD_HASH_COST: '17' }, { demoData: true });
  });
  afterAll(async () => {
    await production?.raw.close();
  });

  const login = (api: TestApi, email: string, password: string, language = 'en') =>
    api.raw.inject({
      method: 'POST',
      url: '/login',
      headers: { 'accept-language': language },
      payload: { email, password },
    });

  it('refuses each demo login, even with its right password, in either language', async () => {
    for (const demo of demoLogins) {
      const refused = await login(production, demo.email, demo.password);
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'login.demoAccountRefused']);
      expect(refused.json().message).toBe('Demo accounts cannot log in to a production platform.');
    }
    const inSpanish = await login(production, demoLogins[0]!.email.toUpperCase(), demoLogins[0]!.password, 'es');
    expect(inSpanish.json().message).toBe(
      'Las cuentas de demostración no pueden iniciar sesión en una plataforma de producción.',
    );
  });

  it('still lets the other users log in', async () => {
    const { email } = await production.createIdentity('production-user', {}, 'a-good-password');
    expect((await login(production, email, 'a-good-password')).statusCode).toBe(200);
  });

  it('lets the demo accounts log in outside production', async () => {
    const development = await openTestApi({}, { demoData: true });
    try {
      const { email, password } = demoLogins[0]!;
      expect((await login(development, email, password)).statusCode).toBe(200);
    } finally {
      await development.raw.close();
    }
  });
});
