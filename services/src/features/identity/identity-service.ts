import {
  type Actor,
  DomainError,
  type EntityState,
  type Language,
  landingLayer,
  type Profile,
  type ProfileFields,
  type StoredSession,
  technologiesOfProfile,
  type UserFields,
} from '@nq/contracts';
import type { CredentialKind } from '@nq/platform/access/viewer';
import type { EntityService } from '@nq/platform/entities/entity-service';
import type { EphemeralStore } from '@nq/platform/ephemeral/ephemeral-store-port';
import type { EventStore } from '@nq/platform/event-store/event-store-port';
import type { MailOutbox } from '@nq/platform/mail/mail-outbox';
import type { SqlExecutor } from '@nq/platform/sql/sql-client';
import type { Credential, IdentityStore } from './identity-store.ts';
import { type LoginGuard, loginGuard } from './login-guard.ts';
import { passwordMessage } from './password-mail.ts';
import { hashPassword, type PasswordPolicy, passwordPolicyProblem, verifyPassword } from './passwords.ts';
import { credentialSecret, newCredentialId, oneTimeToken, sha256 } from './signing-secrets.ts';

export interface IdentitySettings {
  publicUrl: string;
  sessionTtlMs: number;
  password: PasswordPolicy;
  /** log2 of scrypt's N for new hashes. */
  passwordHashCost: number;
  login: { maxFailures: number; failureWindowMs: number };
  tokenRatePerMinute: number;
  passwordLinkTtlMs: number;
  /**
   * How long a probe's credentials last (`ttlMs`) and how long after that they may still renew themselves
   * (`renewalGraceMs`). Default: 90 days and 30.
   */
  probeCredentials?: { ttlMs: number; renewalGraceMs: number };
  /** E-mails that may never log in, whatever their password (the demo accounts on a production platform). */
  loginsRefused?: readonly string[];
}

export interface IdentityDependencies {
  eventStore: EventStore;
  users: EntityService;
  profiles: EntityService;
  store: IdentityStore;
  ephemeral: EphemeralStore;
  mail: MailOutbox;
  secretKey: string;
  settings: IdentitySettings;
  /** For tests: the work of the login challenge. */
  challengeCost?: number;
}

type UserState = EntityState<UserFields>;
const INVITATION_TTL_MS = 7 * 24 * 3_600_000;
const APP_ID = 'nq-console';
const FOREVER = new Date('9999-12-31T23:59:59Z');
const DAY_MS = 86_400_000;
export const defaultProbeCredentials = { ttlMs: 90 * DAY_MS, renewalGraceMs: 30 * DAY_MS };
/**
 * How long credentials a probe renewed stay valid beside the new ones: a probe that dies before it has saved the new
 * ones renews again with the old.
 */
const RENEWAL_OVERLAP_MS = 10 * 60_000;

/** Sessions, passwords, tokens and API credentials (docs/product/entities.md, rules.md and api.md#account). */
export function identityService(dependencies: IdentityDependencies) {
  const { eventStore, users, profiles, store, ephemeral, mail, secretKey, settings } = dependencies;
  const guard: LoginGuard = loginGuard(ephemeral, secretKey, {
    ...settings.login,
    ...(dependencies.challengeCost ? { challengeCost: dependencies.challengeCost } : {}),
  });

  const idOf = (streamId: string) => streamId.slice(streamId.indexOf('-') + 1);
  const systemActor = (user: UserState, profileId = user.fields.profiles[0] ?? 'system'): Actor => ({
    userId: user.id,
    profileId,
  });

  async function userByEmail(email: string): Promise<UserState | undefined> {
    const stream = await eventStore.holderOf('user-email', email);
    if (!stream) return undefined;
    const { state } = await users.load(idOf(stream));
    return state.status === 'active' ? (state as UserState) : undefined;
  }

  async function loadUser(id: string): Promise<UserState | undefined> {
    const { state } = await users.load(id);
    return state.status === 'active' ? (state as UserState) : undefined;
  }

  async function loadProfile(id: string): Promise<Profile | undefined> {
    const { state } = await profiles.load(id);
    return state.status === 'active' ? ({ ...(state.fields as ProfileFields), id: state.id } as Profile) : undefined;
  }

  /** Records what only the platform sees happen to a user (an access, a password change). */
  async function recordOnUser(
    user: UserState,
    intent: 'recordAccess' | 'recordPasswordChange',
    at: Date,
    actor: Actor,
  ) {
    await users.execute(
      { type: 'intent', intent, id: user.id, payload: { at: at.toISOString() } },
      { actor, commandId: crypto.randomUUID(), correlationId: crypto.randomUUID(), now: new Date() },
    );
  }

  const probeCredential = (userId: string, profileId: string, createdAt: Date): Credential => ({
    id: newCredentialId('probe'),
    kind: 'probe',
    userId,
    profileId,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + (settings.probeCredentials ?? defaultProbeCredentials).ttlMs),
    unlimited: true,
  });
  /** What a probe is given of its credentials (the secret, shown once). */
  const issued = (credential: Credential) => ({
    clientId: credential.id,
    clientSecret: credentialSecret(secretKey, credential.id),
    expiresAt: credential.expiresAt.toISOString(),
  });

  async function issueProbe(userId: string, profileId: string) {
    const credential = probeCredential(userId, profileId, new Date());
    await store.insertCredential(credential);
    return issued(credential);
  }

  function storedSession(credential: Credential, user: UserState, profile: Profile): StoredSession {
    return {
      data: {
        appId: APP_ID,
        key: credential.id,
        email: user.fields.email,
        id_user: user.id,
        name: user.fields.name ?? user.fields.email,
        clientId: credential.id,
        clientSecret: credentialSecret(secretKey, credential.id),
      },
      profile,
      technologies: technologiesOfProfile(profile),
      preferedLanguage: user.fields.preferredLanguage,
      landing: landingLayer(profile),
      expiresAt: credential.expiresAt.toISOString(),
    };
  }

  async function workableProfile(user: UserState, profileId: string): Promise<Profile> {
    if (!user.fields.profiles.includes(profileId)) throw new DomainError('profiles.notAssigned');
    const profile = await loadProfile(profileId);
    if (!profile) throw new DomainError('profiles.notAssigned');
    if (profile.layers.length === 0) throw new DomainError('profiles.noLayers');
    return profile;
  }

  async function issue(
    kind: CredentialKind,
    user: UserState,
    profileId: string,
    options: { expiresAt: Date; name?: string; unlimited?: boolean },
  ): Promise<Credential> {
    const credential: Credential = {
      id: newCredentialId(kind),
      kind,
      userId: user.id,
      profileId,
      ...(options.name ? { name: options.name } : {}),
      createdAt: new Date(),
      expiresAt: options.expiresAt,
      unlimited: options.unlimited ?? false,
      ...(kind !== 'session' && !options.unlimited ? { rateLimit: settings.tokenRatePerMinute } : {}),
    };
    await store.insertCredential(credential);
    return credential;
  }

  async function setPassword(user: UserState, password: string, actor: Actor) {
    const now = new Date();
    await store.setPasswordHash(user.id, await hashPassword(password, settings.passwordHashCost), now);
    await store.revoke({ userId: user.id, kinds: ['session'] }, now);
    await recordOnUser(user, 'recordPasswordChange', now, actor);
  }

  function refusePolicy(newPassword: string, repeatPassword: string) {
    if (newPassword !== repeatPassword) throw new DomainError('password.notEqual');
    const problem = passwordPolicyProblem(newPassword, settings.password);
    if (problem) throw new DomainError(problem.code, problem.params ? { params: problem.params } : {});
  }

  /** A new one-time link to choose a password (a reset, or an invitation); `keep` stores it. */
  function newPasswordLink(user: UserState, purpose: 'reset' | 'invitation') {
    const { token, hash } = oneTimeToken();
    const ttl = purpose === 'reset' ? settings.passwordLinkTtlMs : INVITATION_TTL_MS;
    return {
      hash,
      ttl,
      url: `${settings.publicUrl}/login?${purpose === 'reset' ? 'reset' : 'invitation'}=${token}`,
      keep: (executor?: SqlExecutor) =>
        store.insertPasswordLink(
          { tokenHash: hash, userId: user.id, purpose, expiresAt: new Date(Date.now() + ttl) },
          executor,
        ),
    };
  }

  /** Stores a one-time link and queues the e-mail that carries it, both or neither; the mail server is not waited for. */
  async function sendPasswordLink(user: UserState, purpose: 'reset' | 'invitation', language: 'en' | 'es') {
    const link = newPasswordLink(user, purpose);
    await mail.enqueue(
      { to: [user.fields.email], ...passwordMessage(purpose, language, link.url, link.ttl) },
      { idempotencyKey: `password-link:${link.hash}`, alongside: (tx) => link.keep(tx) },
    );
  }

  /** Stores a one-time link for the caller to hand over itself (`nq admin create` prints it) and answers it. */
  async function passwordLinkToHandOver(user: UserState, purpose: 'reset' | 'invitation') {
    const link = newPasswordLink(user, purpose);
    await link.keep();
    return link.url;
  }

  const resetsInFlight = new Set<Promise<void>>();

  return {
    loadUser,
    loadProfile,
    credentialSecret: (id: string) => credentialSecret(secretKey, id),
    credential: (id: string) => store.credential(id),

    async login(body: { email: string; password: string; verification?: string | undefined }) {
      await guard.admit(body.email, body.verification);
      if (settings.loginsRefused?.includes(body.email)) throw new DomainError('login.demoAccountRefused');
      const user = await userByEmail(body.email);
      const hash = user ? await store.passwordHash(user.id) : undefined;
      if (!(await verifyPassword(body.password, hash, settings.passwordHashCost)) || !user) {
        await guard.failed(body.email);
        throw new DomainError('login.invalidCredentials');
      }
      await guard.succeeded(body.email);
      const [first] = user.fields.profiles;
      if (!first) throw new DomainError('profiles.notAssigned');
      const profile = await workableProfile(user, first);
      const session = await issue('session', user, profile.id, {
        expiresAt: new Date(Date.now() + settings.sessionTtlMs),
      });
      await recordOnUser(user, 'recordAccess', new Date(), systemActor(user, profile.id));
      return storedSession(session, user, profile);
    },

    logout: (credentialId: string) => store.revoke({ id: credentialId }, new Date()),

    async switchProfile(credential: Credential, profileId: string) {
      const user = await loadUser(credential.userId);
      if (!user) throw new DomainError('auth.sessionExpired');
      const profile = await workableProfile(user, profileId);
      await store.switchProfile(credential.id, profile.id);
      return storedSession({ ...credential, profileId: profile.id }, user, profile);
    },

    async currentSession(credential: Credential) {
      const user = await loadUser(credential.userId);
      const profile = await loadProfile(credential.profileId);
      if (!user || !profile) throw new DomainError('auth.sessionExpired');
      return storedSession(credential, user, profile);
    },

    /** The user's own interface language, which every later login answers as `preferedLanguage`. */
    async chooseLanguage(userId: string, language: Language, actor: Actor) {
      const user = await loadUser(userId);
      if (!user) throw new DomainError('auth.sessionExpired');
      if (user.fields.preferredLanguage === language) return;
      await users.execute(
        { type: 'intent', intent: 'chooseLanguage', id: user.id, payload: { language } },
        { actor, commandId: crypto.randomUUID(), correlationId: crypto.randomUUID(), now: new Date() },
      );
    },

    async changePassword(
      userId: string,
      body: { currentPassword: string; newPassword: string; repeatPassword: string },
      actor: Actor,
    ) {
      const user = await loadUser(userId);
      if (!user) throw new DomainError('auth.sessionExpired');
      if (body.newPassword !== body.repeatPassword) throw new DomainError('password.notEqual');
      if (body.newPassword === body.currentPassword) throw new DomainError('password.sameAsCurrent');
      if (!(await verifyPassword(body.currentPassword, await store.passwordHash(user.id), settings.passwordHashCost)))
        throw new DomainError('password.wrongCurrent');
      refusePolicy(body.newPassword, body.repeatPassword);
      await setPassword(user, body.newPassword, actor);
    },

    /**
     * Looks the address up and, for an active user, queues the reset e-mail, off the request path: the caller's answer,
     * and how long it takes, tell nothing of whether the address belongs to a user. `onError` hears of a reset that
     * could not be queued.
     */
    requestPasswordReset(email: string, language: 'en' | 'es', onError: (error: unknown) => void) {
      const work: Promise<void> = userByEmail(email)
        .then((user) => user && sendPasswordLink(user, 'reset', language))
        .catch(onError)
        .finally(() => resetsInFlight.delete(work));
      resetsInFlight.add(work);
    },

    /** Resolves once every reset requested so far is queued (or has failed): before the database closes. */
    settleResets: async () => void (await Promise.allSettled([...resetsInFlight])),

    /** Completes a reset or an invitation from its e-mailed link: the link works once, before it expires. */
    async setPasswordFromLink(body: { token: string; newPassword: string; repeatPassword: string }) {
      refusePolicy(body.newPassword, body.repeatPassword);
      const userId = await store.consumePasswordLink(sha256(body.token), new Date());
      const user = userId ? await loadUser(userId) : undefined;
      if (!user) throw new DomainError('password.linkInvalid');
      await setPassword(user, body.newPassword, systemActor(user));
    },

    sendPasswordLink,
    passwordLinkToHandOver,

    /** A deleted user's sessions, tokens and API clients end with it. */
    endEverythingOf: (userId: string) => store.revoke({ userId }, new Date()),

    async issueToken(
      viewer: { userId: string; profileId: string; profile: Profile },
      request: { name?: string | undefined; expiresAt: string; unlimitedRequests: boolean },
    ) {
      if (!viewer.profile.apiAccess && !viewer.profile.isGod) throw new DomainError('tokens.apiAccessDisabled');
      if (request.unlimitedRequests && !viewer.profile.isGod) throw new DomainError('tokens.unlimitedInternalOnly');
      const expiresAt = new Date(request.expiresAt);
      if (expiresAt.getTime() <= Date.now()) throw new DomainError('tokens.expiryInPast');
      const user = await loadUser(viewer.userId);
      if (!user) throw new DomainError('auth.sessionExpired');
      const credential = await issue('token', user, viewer.profileId, {
        expiresAt,
        unlimited: request.unlimitedRequests,
        ...(request.name ? { name: request.name } : {}),
      });
      return { credential, secret: credentialSecret(secretKey, credential.id) };
    },

    async issueClient(viewer: { userId: string; profileId: string; profile: Profile }, name?: string) {
      if (!viewer.profile.apiAccess && !viewer.profile.isGod) throw new DomainError('tokens.apiAccessDisabled');
      const user = await loadUser(viewer.userId);
      if (!user) throw new DomainError('auth.sessionExpired');
      const credential = await issue('client', user, viewer.profileId, {
        expiresAt: FOREVER,
        ...(name ? { name } : {}),
      });
      return { credential, secret: credentialSecret(secretKey, credential.id) };
    },

    /** New credentials for a probe (any previous ones stop working): the secret is shown once. */
    async issueProbeCredentials(probeId: string, ownerProfileId: string) {
      const userId = `probe:${probeId}`;
      await store.revoke({ userId, kinds: ['probe'] }, new Date());
      return issueProbe(userId, ownerProfileId);
    },

    /** Credentials for many probes at once (a panel's provisioning): each probe's earlier ones end. */
    async issueManyProbeCredentials(probes: readonly { probeId: string; ownerProfileId: string }[]) {
      const now = new Date();
      const credentials = probes.map(({ probeId, ownerProfileId }) =>
        probeCredential(`probe:${probeId}`, ownerProfileId, now),
      );
      if (credentials.length > 0) await store.replaceProbeCredentials(credentials, now);
      return credentials.map((credential, index) => ({ probeId: probes[index]!.probeId, ...issued(credential) }));
    },

    /**
     * A probe renews the credentials it signed with: new ones, while those it signed with stay valid a few minutes
     * more (never longer than they had) and any older ones end.
     */
    async renewProbeCredentials(caller: { credentialId: string; probeId: string; profileId: string }) {
      const userId = `probe:${caller.probeId}`;
      const now = Date.now();
      await store.revoke({ userId, kinds: ['probe'], exceptId: caller.credentialId }, new Date(now));
      await store.shortenExpiry(caller.credentialId, new Date(now + RENEWAL_OVERLAP_MS));
      return issueProbe(userId, caller.profileId);
    },

    listCredentials: (kind: CredentialKind, filter: { userId?: string; profileId?: string }) =>
      store.credentialsOf({ kind, ...filter }),
    revokeCredential: (id: string) => store.revoke({ id }, new Date()),
  };
}

export type IdentityService = ReturnType<typeof identityService>;
