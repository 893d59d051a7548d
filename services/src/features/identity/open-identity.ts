import type { EntityState, UserFields } from '@nq/contracts';
import { pickLanguage } from '@nq/contracts';
import type { Config } from '@nq/platform/config/config';
import type { EntityService } from '@nq/platform/entities/entity-service';
import type { Platform } from '@nq/platform/platform';
import type { FastifyRequest } from 'fastify';
import { demoAccountEmails } from './demo-accounts.ts';
import { defaultProbeCredentials, identityService } from './identity-service.ts';
import { openIdentityStore } from './identity-store.ts';
import { probeAuthenticator } from './probe-authenticator.ts';
import { requestAuthenticator, signatureVerifier } from './request-authenticator.ts';

/** Identity on the platform's adapters: the service, the request authenticator and the users' lifecycle e-mails. */
export async function openIdentity(options: {
  config: Config;
  platform: Platform;
  users: EntityService;
  profiles: EntityService;
  challengeCost?: number;
}) {
  const { config, platform } = options;
  const store = await openIdentityStore(platform.sql);
  const { secretKey } = platform;
  const service = identityService({
    eventStore: platform.eventStore,
    users: options.users,
    profiles: options.profiles,
    store,
    ephemeral: platform.ephemeral,
    mail: platform.mailOutbox,
    secretKey,
    settings: {
      ...config.identity,
      publicUrl: config.http.publicUrl,
      loginsRefused: config.production ? Object.values(demoAccountEmails) : [],
    },
    ...(options.challengeCost ? { challengeCost: options.challengeCost } : {}),
  });
  const verification = {
    identity: service,
    ephemeral: platform.ephemeral,
    maxClockSkewMs: config.identity.maxClockSkewMs,
  };
  const authenticate = requestAuthenticator(verification);
  const authenticateProbe = probeAuthenticator(
    signatureVerifier(verification),
    (config.identity.probeCredentials ?? defaultProbeCredentials).renewalGraceMs,
  );
  const userLifecycle = {
    /** A new user gets an invitation to choose a password. */
    created: (request: FastifyRequest, state: EntityState) =>
      service.sendPasswordLink(
        state as EntityState<UserFields>,
        'invitation',
        pickLanguage(request.headers['accept-language']),
      ),
    /** A deleted user's sessions, tokens and API clients end. */
    deleted: (_request: FastifyRequest, state: EntityState) => service.endEverythingOf(state.id),
  };
  return { service, authenticate, authenticateProbe, userLifecycle, store, secretKey };
}

export type Identity = Awaited<ReturnType<typeof openIdentity>>;

const opened = new WeakMap<Platform, Promise<Identity>>();

/**
 * The platform's identity, opened once however many features ask (the API's authentication, the users' and probes'
 * routes, the first administrator): its users and profiles are the catalog's.
 */
export function identityOf(platform: Platform): Promise<Identity> {
  let identity = opened.get(platform);
  if (!identity) {
    identity = openIdentity({
      config: platform.config,
      platform,
      users: platform.entities.service('user'),
      profiles: platform.entities.service('profile'),
    });
    opened.set(platform, identity);
    identity.catch(() => opened.delete(platform));
  }
  return identity;
}
