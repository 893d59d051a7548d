import { formatAuthorization, parseAuthorization, type StoredSession, signRequest } from '@nq/contracts';
import { linksIn } from '@nq/platform/testing/received-mail';
import { startTestSmtpServer, type TestSmtpServer } from '@nq/platform/testing/test-smtp-server';
import { waitFor } from '@nq/platform/testing/wait-for';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const PASSWORD = 'first-Pass-1';

/** Sessions, passwords, e-mailed links, tokens and signatures as users and machine clients meet them. */
export function describeIdentityApi(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`identity API — ${profile}`, { timeout: 60_000 }, () => {
    let api: TestApi;
    let raw: FastifyInstance;
    let smtp: TestSmtpServer;
    let serial = 0;

    beforeAll(async () => {
      smtp = await startTestSmtpServer();
      api = await openTestApi({
        ...(await environment()),
        MAIL_ADAPTER: 'smtp',
        SMTP_URL: smtp.url,
        MAIL_RETRY_SECONDS: '0.2',
        PUBLIC_URL: 'http://console.test',
        LOGIN_MAX_FAILURES: '3',
        TOKEN_RATE_LIMIT_PER_MINUTE: '5',
        USER_EMAIL_DOMAINS: 'test.nq,demo.nq',
      });
      raw = api.raw;
    }, 120_000);
    afterAll(async () => {
      await raw?.close();
      await smtp?.close();
    });

    /** A user with a password, working under a fresh profile with every screen. */
    const person = (fields = {}) => api.createIdentity(`person-${++serial}-${Date.now()}`, fields, PASSWORD);
    const login = (email: string, password = PASSWORD, extra = {}) =>
      raw.inject({ method: 'POST', url: '/login', payload: { email, password, ...extra } });
    const sessionOf = (session: StoredSession) => signedClient(raw, session.data);

    describe('login', () => {
      it('answers the stored session: signing credentials, profile, technologies and language', async () => {
        const { email, userId, profileId } = await person({ technologies: [4, 5] });
        const response = await login(email);
        expect(response.statusCode, response.body).toBe(200);
        const session = response.json() as StoredSession;
        expect(session).toMatchObject({
          data: { appId: 'nq-console', email, id_user: userId, clientId: session.data.key },
          profile: { id: profileId, name: profileId },
          technologies: [4, 5],
          preferedLanguage: 'en',
          landing: 'storyboard',
        });
        expect(session.data.clientSecret).toMatch(/^[\w-]{43}$/);
        const me = await sessionOf(session).inject('/profile');
        expect(me.statusCode).toBe(200);
        expect(me.json()).toMatchObject({ id: profileId });
        const users = await api.app.inject(`/users/${userId}?asOf=${new Date().toISOString()}`);
        expect(users.json().lastAccess).toBeDefined();
      });

      it('refuses a wrong password and an unknown user alike, and bad forms with their field codes', async () => {
        const { email } = await person();
        for (const attempt of [login(email, 'wrong-password'), login('nobody@test.nq')]) {
          const response = await attempt;
          expect(response.statusCode).toBe(401);
          expect(response.json()).toMatchObject({
            code: 'login.invalidCredentials',
            message: 'Wrong user or password.',
          });
        }
        expect((await login('', 'x')).json().code).toBe('login.emailRequired');
        expect((await login('not-an-address', 'x')).json().code).toBe('login.emailInvalid');
        expect((await login(email, '')).json().code).toBe('login.passwordRequired');
      });

      it('refuses a profile without layers: profile has no layers', async () => {
        const { email } = await person({ layers: [] });
        const response = await login(email);
        expect({ status: response.statusCode, ...response.json() }).toMatchObject({
          status: 422,
          code: 'profiles.noLayers',
          message: 'profile has no layers',
        });
      });

      it('asks for a security verification after repeated failures, and accepts a solved challenge once', async () => {
        const { email } = await person();
        for (let i = 0; i < 3; i++) expect((await login(email, 'guess')).statusCode).toBe(401);
        const refused = await login(email);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('login.securityVerificationRequired');
        const challenge = refused.json().details.challenge as Challenge;
        const solution = await solveChallenge({ challenge, deriveKey });
        const verification = JSON.stringify({ challenge, solution });
        expect((await login(email, 'guess', { verification })).statusCode).toBe(401);
        expect((await login(email, PASSWORD, { verification })).json().code).toBe('login.securityVerificationRequired');
        const next = (await login(email)).json().details.challenge as Challenge;
        const solved = JSON.stringify({
          challenge: next,
          solution: await solveChallenge({ challenge: next, deriveKey }),
        });
        expect((await login(email, PASSWORD, { verification: solved })).statusCode).toBe(200);
        expect((await login(email)).statusCode).toBe(200);
      });

      it('ends the session on logout', async () => {
        const { email } = await person();
        const client = sessionOf((await login(email)).json());
        expect((await client.inject({ method: 'POST', url: '/logout' })).statusCode).toBe(200);
        const after = await client.inject('/profile');
        expect({ status: after.statusCode, code: after.json().code }).toEqual({
          status: 401,
          code: 'auth.sessionExpired',
        });
      });
    });

    describe('language', () => {
      it("saves the caller's language, which the next login answers, and refuses one it does not offer", async () => {
        const { email } = await person();
        const session = (await login(email)).json() as StoredSession;
        expect(session.preferedLanguage).toBe('en');
        const client = sessionOf(session);
        const choose = (language: unknown) =>
          client.inject({ method: 'PUT', url: '/account/language', payload: { language } });
        expect((await choose('es')).json()).toEqual({ done: true });
        expect(((await login(email)).json() as StoredSession).preferedLanguage).toBe('es');
        const refused = await choose('fr');
        expect({ status: refused.statusCode, code: refused.json().code }).toEqual({
          status: 400,
          code: 'validation.invalidOption',
        });
        const unsigned = await raw.inject({ method: 'PUT', url: '/account/language', payload: { language: 'en' } });
        expect(unsigned.statusCode).toBe(401);
        expect(((await login(email)).json() as StoredSession).preferedLanguage).toBe('es');
      });
    });

    describe('signatures', () => {
      it('refuses a missing, tampered, stale or replayed signature, and a changed body', async () => {
        const { email } = await person();
        const session = (await login(email)).json() as StoredSession;
        const code = async (headers: Record<string, string>, payload?: string, method = 'GET', url = '/profile') => {
          const response = await raw.inject({
            method: method as 'GET',
            url,
            headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
            ...(payload ? { payload } : {}),
          });
          return `${response.statusCode} ${response.json().code ?? 'ok'}`;
        };
        expect(await code({})).toBe('401 auth.unauthenticated');
        const good = await signRequest(session.data, { method: 'GET', url: '/profile' });
        const parts = parseAuthorization(good)!;
        const flipped = `${parts.signature.slice(0, -2)}${parts.signature.endsWith('AA') ? 'BB' : 'AA'}`;
        expect(await code({ authorization: formatAuthorization({ ...parts, signature: flipped }) })).toBe(
          '401 auth.invalidSignature',
        );
        const stale = await signRequest(session.data, { method: 'GET', url: '/profile' }, Date.now() - 10 * 60_000);
        expect(await code({ authorization: stale })).toBe('401 auth.staleRequest');
        expect(await code({ authorization: good })).toBe('200 ok');
        expect(await code({ authorization: good })).toBe('401 auth.replayedRequest');
        const body = JSON.stringify({ name: 'Signed tag' });
        const signed = await signRequest(session.data, { method: 'POST', url: '/tags', body });
        expect(await code({ authorization: signed }, JSON.stringify({ name: 'Other tag' }), 'POST', '/tags')).toBe(
          '401 auth.invalidSignature',
        );
        const other = await signRequest(session.data, { method: 'GET', url: '/profile?x=1' });
        expect(await code({ authorization: other })).toBe('401 auth.invalidSignature');
      });

      it('checks the query in a canonical order', async () => {
        const { email } = await person();
        const session = (await login(email)).json() as StoredSession;
        const authorization = await signRequest(session.data, { method: 'GET', url: '/tags?pageSize=5&page=1' });
        const response = await raw.inject({
          method: 'GET',
          url: '/tags?page=1&pageSize=5',
          headers: { authorization },
        });
        expect(response.statusCode).toBe(200);
      });
    });

    describe('passwords', () => {
      it('changes a password under the four rules, ending every session of the user', async () => {
        const { email } = await person();
        const client = sessionOf((await login(email)).json());
        const other = sessionOf((await login(email)).json());
        const change = (body: Record<string, string>) =>
          client.inject({ method: 'POST', url: '/account/password/change', payload: body });
        const outcome = async (body: Record<string, string>) => {
          const response = await change(body);
          return `${response.statusCode} ${response.json().code ?? 'done'}`;
        };
        const next = 'second-Pass-2';
        expect(await outcome({ currentPassword: PASSWORD, newPassword: next, repeatPassword: 'other' })).toBe(
          '400 password.notEqual',
        );
        expect(await outcome({ currentPassword: PASSWORD, newPassword: PASSWORD, repeatPassword: PASSWORD })).toBe(
          '400 password.sameAsCurrent',
        );
        expect(await outcome({ currentPassword: 'wrong', newPassword: next, repeatPassword: next })).toBe(
          '422 password.wrongCurrent',
        );
        const short = await change({ currentPassword: PASSWORD, newPassword: 'abcd', repeatPassword: 'abcd' });
        expect(short.json()).toMatchObject({
          code: 'password.tooShort',
          message: 'The password must be longer than 4 characters.',
        });
        expect(await outcome({ currentPassword: PASSWORD, newPassword: next, repeatPassword: next })).toBe('200 done');
        for (const ended of [client, other]) expect((await ended.inject('/profile')).statusCode).toBe(401);
        expect((await login(email)).statusCode).toBe(401);
        expect((await login(email, next)).statusCode).toBe(200);
      });

      it('resets a forgotten password through the e-mailed one-time link', async () => {
        const { email } = await person();
        const asked = await raw.inject({
          method: 'POST',
          url: '/account/password/reset',
          payload: { email },
          headers: { 'accept-language': 'es' },
        });
        expect(asked.statusCode).toBe(200);
        const mail = await smtp.waitForMessage((message) => message.to.includes(email));
        expect(mail.subject).toBe('Restablecer contraseña');
        const link = /http:\/\/console\.test\/login\?reset=([\w-]+)/.exec(mail.text);
        expect(link).not.toBeNull();
        const token = link![1]!;
        // The link opens the console's login page (history mode), which completes the reset with the token.
        const page = await raw.inject({ url: `/login?reset=${token}`, headers: { accept: 'text/html' } });
        expect({ status: page.statusCode, type: page.headers['content-type'] }).toMatchObject({ status: 200 });
        expect(page.body).toContain('<div id="root">');
        const set = (newPassword: string) =>
          raw.inject({
            method: 'POST',
            url: '/account/password/set',
            payload: { token, newPassword, repeatPassword: newPassword },
          });
        expect((await set('reset-Pass-3')).statusCode).toBe(200);
        expect((await login(email, 'reset-Pass-3')).statusCode).toBe(200);
        const reused = await set('again-Pass-4');
        expect({ status: reused.statusCode, code: reused.json().code }).toEqual({
          status: 410,
          code: 'password.linkInvalid',
        });
      });

      it('answers a reset alike for a known and an unknown user while the mail server is down, and mails the link once it is up', async () => {
        const { email } = await person();
        const ask = (address: string) =>
          raw.inject({ method: 'POST', url: '/account/password/reset', payload: { email: address } });
        const refusedDeliveries = async () => {
          const metrics = (await raw.inject('/metrics')).body;
          return Number(/^nq_mail_delivery_attempts_total\{outcome="retrying"\} (\d+)$/m.exec(metrics)?.[1] ?? 0);
        };
        const refusedBefore = await refusedDeliveries();
        await smtp.stop();
        try {
          const known = await ask(email);
          const unknown = await ask(`ghost-${Date.now()}@test.nq`);
          expect({ status: known.statusCode, body: known.json() }).toEqual({ status: 200, body: { done: true } });
          expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 200, body: { done: true } });
          await waitFor(
            'a delivery refused by the mail server',
            async () => (await refusedDeliveries()) > refusedBefore,
          );
        } finally {
          await smtp.start();
        }
        const mail = await smtp.waitForMessage((message) => message.to.includes(email), 30_000);
        expect(mail.subject).toBe('Reset your password');
        expect(linksIn(mail.text)).toEqual([expect.stringMatching(/^http:\/\/console\.test\/login\?reset=[\w-]+$/)]);
      });
    });

    describe('users', () => {
      it('invites a new user by e-mail; the link sets the first password', async () => {
        const email = `invited-${Date.now()}@test.nq`;
        const created = await api.app.inject({
          method: 'POST',
          url: '/users',
          payload: { email, name: 'Invited', profiles: ['test-admin'] },
        });
        expect(created.statusCode, created.body).toBe(201);
        const mail = await smtp.waitForMessage((message) => message.to.includes(email));
        const token = /invitation=([\w-]+)/.exec(mail.text)![1]!;
        const set = await raw.inject({
          method: 'POST',
          url: '/account/password/set',
          payload: { token, newPassword: 'invited-Pass-1', repeatPassword: 'invited-Pass-1' },
        });
        expect(set.statusCode).toBe(200);
        expect((await login(email, 'invited-Pass-1')).statusCode).toBe(200);
      });

      it('refuses a taken e-mail (exactly one of concurrent creations wins) and a domain outside the list', async () => {
        const email = `twice-${Date.now()}@test.nq`;
        const results = await Promise.all(
          Array.from({ length: 4 }, () =>
            api.app.inject({ method: 'POST', url: '/users', payload: { email, profiles: ['test-admin'] } }),
          ),
        );
        expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
        expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(
          Array(3).fill('This user is already in the DB'),
        );
        const outside = await api.app.inject({
          method: 'POST',
          url: '/users',
          payload: { email: 'someone@gmail.com' },
        });
        expect({ status: outside.statusCode, code: outside.json().code }).toEqual({
          status: 422,
          code: 'users.emailDomainNotAllowed',
        });
      });

      it('ends the sessions of a deleted user', async () => {
        const { email, userId } = await person();
        const client = sessionOf((await login(email)).json());
        expect((await api.app.inject({ method: 'DELETE', url: `/users/${userId}` })).statusCode).toBe(200);
        expect((await client.inject('/profile')).statusCode).toBe(401);
        expect((await login(email)).statusCode).toBe(401);
      });

      it('assigns and removes profiles, and switches the session to an assigned one only', async () => {
        const { email, userId } = await person();
        const second = await api.createIdentity(`second-${Date.now()}`, { layers: [{ id: 'maps', groups: [] }] });
        const added = await api.app.inject({
          method: 'PUT',
          url: `/users/${userId}/profiles/add`,
          payload: { profileIds: [second.profileId] },
        });
        expect(added.statusCode, added.body).toBe(200);
        const client = sessionOf((await login(email)).json());
        const switched = await client.inject({
          method: 'PUT',
          url: '/user/profile/change',
          payload: { idProfile: second.profileId },
        });
        expect(switched.statusCode, switched.body).toBe(200);
        expect(switched.json()).toMatchObject({ profile: { id: second.profileId }, landing: 'maps' });
        expect((await client.inject('/profile')).json().id).toBe(second.profileId);
        expect((await client.inject('/api/cdns')).json().code).toBe('profiles.layerNotGranted');
        const refused = await client.inject({
          method: 'PUT',
          url: '/user/profile/change',
          payload: { idProfile: 'test-admin' },
        });
        expect(refused.json().code).toBe('profiles.notAssigned');
      });
      it('keeps every one of 20 concurrent profile assignments, and of concurrent withdrawals', async () => {
        const { userId, profileId } = await person();
        const extra = await Promise.all(
          Array.from({ length: 20 }, (_, i) => api.createIdentity(`many-${i}-${Date.now()}`)),
        );
        const change = (action: 'add' | 'remove', id: string) =>
          api.app.inject({ method: 'PUT', url: `/users/${userId}/profiles/${action}`, payload: { profileIds: [id] } });
        const added = await Promise.all(extra.map(({ profileId: id }) => change('add', id)));
        expect(added.map((response) => response.statusCode)).toEqual(added.map(() => 200));
        const profilesNow = async () =>
          (await api.app.inject(`/users/${userId}/profiles`)).json().list.map((p: { id: string }) => p.id);
        const { state } = await api.service('user').load(userId);
        expect([...(state.fields.profiles as string[])].sort()).toEqual(
          [profileId, ...extra.map((identity) => identity.profileId)].sort(),
        );
        // The list reads the profiles' read model, which follows the log on its own: the 21 just created show there.
        await expect.poll(profilesNow, { timeout: 60_000, interval: 200 }).toHaveLength(21);
        const removed = await Promise.all(extra.slice(0, 10).map(({ profileId: id }) => change('remove', id)));
        expect(removed.map((response) => response.statusCode)).toEqual(removed.map(() => 200));
        const after = (await api.service('user').load(userId)).state.fields.profiles as string[];
        expect([...after].sort()).toEqual([profileId, ...extra.slice(10).map((identity) => identity.profileId)].sort());
      });

      it('keeps every KPI fringe change of concurrent calls on one profile', async () => {
        const kpis = ['download', 'upload', 'latency', 'jitter', 'packetLoss', 'dnsTime'];
        const { email } = await person({ kpis: kpis.map((id) => ({ id, fringes: [0, 1, 2], inverse: false })) });
        const client = sessionOf((await login(email)).json());
        const changed = await Promise.all(
          kpis.map((kpi, index) =>
            client.inject({
              method: 'PUT',
              url: `/profile/update/kpis/${kpi}/fringes`,
              payload: { fringes: [index % 3] },
            }),
          ),
        );
        expect(changed.map((response) => response.statusCode)).toEqual(kpis.map(() => 200));
        const profile = (await client.inject('/profile')).json() as { kpis: { id: string; fringes: number[] }[] };
        expect(profile.kpis.map(({ id, fringes }) => ({ id, fringes }))).toEqual(
          kpis.map((id, index) => ({ id, fringes: [index % 3] })),
        );
        const unknown = await client.inject({
          method: 'PUT',
          url: '/profile/update/kpis/notAKpi/fringes',
          payload: { fringes: [0] },
        });
        expect({ status: unknown.statusCode, code: unknown.json().code }).toEqual({
          status: 404,
          code: 'resource.notFound',
        });
      });

      it('lets an administrator who is not isGod assign only its own profiles and those it created', async () => {
        const admin = await api.as(`local-admin-${Date.now()}`, {
          rol: 'admin',
          layers: [
            { id: 'users_management', groups: [] },
            { id: 'profiles_management', groups: [] },
          ],
        });
        const created = await admin.inject({
          method: 'POST',
          url: '/profiles',
          payload: { name: `team-${Date.now()}` },
        });
        expect(created.statusCode, created.body).toBe(201);
        const { email } = await person();
        const user = await admin.inject({ method: 'POST', url: '/users', payload: { email: `y${email}` } });
        expect(user.statusCode, user.body).toBe(201);
        const userId = user.json().id as string;
        const added = await admin.inject({
          method: 'PUT',
          url: `/users/${userId}/profiles/add`,
          payload: { profileIds: [created.json().id] },
        });
        expect(added.statusCode, added.body).toBe(200);
        const listed = (await admin.inject(`/users/${userId}/asignable-profiles`)).json();
        expect(listed.list.map((profile: { id: string }) => profile.id)).not.toContain('test-admin');
        // The isGod profile is above its reach, whichever way it is sent.
        for (const request of [
          { method: 'PUT' as const, url: `/users/${userId}/profiles/add`, payload: { profileIds: ['test-admin'] } },
          { method: 'PUT' as const, url: `/users/${userId}`, payload: { profiles: ['test-admin'] } },
          { method: 'POST' as const, url: '/users', payload: { email: `x${email}`, profiles: ['test-admin'] } },
        ]) {
          const refused = await admin.inject(request);
          expect({ status: refused.statusCode, code: refused.json().code }, request.url).toEqual({
            status: 403,
            code: 'auth.forbidden',
          });
        }
        expect(
          (await api.app.inject(`/users/${userId}?minPosition=${added.json().position}`)).json().profiles,
        ).not.toContain('test-admin');

        // A profile the user already has stays when the whole list is sent again: only what is added is checked.
        const granted = await api.app.inject({
          method: 'PUT',
          url: `/users/${userId}/profiles/add`,
          payload: { profileIds: ['test-admin'] },
        });
        expect(granted.statusCode, granted.body).toBe(200);
        const resent = await admin.inject({
          method: 'PUT',
          url: `/users/${userId}`,
          payload: { name: 'Renamed', profiles: ['test-admin', created.json().id] },
        });
        expect(resent.statusCode, resent.body).toBe(200);
        // Taking it away is as far above its reach as giving it.
        const takenAway = await admin.inject({
          method: 'PUT',
          url: `/users/${userId}`,
          payload: { profiles: [created.json().id] },
        });
        expect(takenAway.statusCode).toBe(403);
        expect((await api.app.inject(`/users/${userId}?minPosition=${resent.json().position}`)).json()).toMatchObject({
          name: 'Renamed',
          profiles: expect.arrayContaining(['test-admin', created.json().id]),
        });
      });
    });

    describe('tokens', () => {
      it('issues tokens only with API access, unlimited ones only for internal (isGod) profiles', async () => {
        const plain = await api.as(`no-api-${Date.now()}`);
        const inOneDay = new Date(Date.now() + 86_400_000).toISOString();
        const denied = await plain.inject({ method: 'POST', url: '/tokens', payload: { expiresAt: inOneDay } });
        expect(denied.json().code).toBe('tokens.apiAccessDisabled');
        const withApi = await api.as(`api-${Date.now()}`, { apiAccess: true });
        const unlimited = await withApi.inject({
          method: 'POST',
          url: '/tokens',
          payload: { expiresAt: inOneDay, unlimitedRequests: true },
        });
        expect(unlimited.json().code).toBe('tokens.unlimitedInternalOnly');
        const past = await withApi.inject({
          method: 'POST',
          url: '/tokens',
          payload: { expiresAt: '2020-01-01T00:00:00Z' },
        });
        expect(past.json().code).toBe('tokens.expiryInPast');
        const issued = await withApi.inject({
          method: 'POST',
          url: '/tokens',
          payload: { expiresAt: inOneDay, name: 'ci' },
        });
        expect(issued.statusCode, issued.body).toBe(201);
        expect(issued.json()).toMatchObject({ status: 'Active', unlimitedRequests: false, rateLimitPerMinute: 5 });
        const listed = (await withApi.inject('/tokens')).json().list;
        expect(listed).toEqual([expect.objectContaining({ tokenId: issued.json().tokenId, status: 'Active' })]);
        expect(JSON.stringify(listed)).not.toContain(issued.json().clientSecret);
        const god = await api.app.inject({
          method: 'POST',
          url: '/tokens',
          payload: { expiresAt: inOneDay, unlimitedRequests: true },
        });
        expect(god.statusCode).toBe(201);
      });

      it('signs machine calls with a token, within its per-minute budget, until it is revoked', async () => {
        const owner = await api.as(`machine-${Date.now()}`, { apiAccess: true });
        const inOneDay = new Date(Date.now() + 86_400_000).toISOString();
        const issued = (
          await owner.inject({ method: 'POST', url: '/tokens', payload: { expiresAt: inOneDay } })
        ).json();
        const machine = signedClient(raw, issued);
        const answers = [];
        for (let i = 0; i < 6; i++) answers.push(await machine.inject('/tags'));
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
        // Each answer tells the budget left (RateLimit-* headers); the refusal also how long to wait.
        expect(answers.map((answer) => answer.headers['ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0', '0']);
        for (const answer of answers) {
          expect(answer.headers['ratelimit-limit']).toBe('5');
          expect(answer.headers['ratelimit-policy']).toBe('5;w=60');
          expect(Number(answer.headers['ratelimit-reset'])).toBeGreaterThan(0);
        }
        const limited = await machine.inject('/tags');
        expect(limited.json()).toMatchObject({ code: 'request.tooMany' });
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        expect(limited.headers['retry-after']).toBe(limited.headers['ratelimit-reset']);
        await owner.inject({ method: 'DELETE', url: `/tokens/${issued.tokenId}` });
        expect((await machine.inject('/tags')).json().code).toBe('auth.sessionExpired');
      });

      it('refuses an expired token with its own message', async () => {
        const owner = await api.as(`expiring-${Date.now()}`, { apiAccess: true });
        const soon = new Date(Date.now() + 1_500).toISOString();
        const issued = (await owner.inject({ method: 'POST', url: '/tokens', payload: { expiresAt: soon } })).json();
        await new Promise((resolve) => setTimeout(resolve, 1_600));
        const response = await signedClient(raw, issued).inject('/tags');
        expect({ status: response.statusCode, code: response.json().code }).toEqual({
          status: 401,
          code: 'tokens.expired',
        });
        expect((await owner.inject('/tokens')).json().list[0].status).toBe('Expired');
      });

      it('issues API client credentials that sign like sessions', async () => {
        const owner = await api.as(`client-${Date.now()}`, { apiAccess: true });
        const issued = (
          await owner.inject({ method: 'POST', url: '/api-credentials', payload: { name: 'etl' } })
        ).json();
        expect(issued.clientId).toMatch(/^c_/);
        expect((await signedClient(raw, issued).inject('/tags')).statusCode).toBe(200);
        expect((await owner.inject('/api-credentials')).json().list).toEqual([
          expect.objectContaining({ clientId: issued.clientId, name: 'etl' }),
        ]);
      });
    });
  });
}
