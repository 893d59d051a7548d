import { randomUUID } from 'node:crypto';
import { DomainError, type EntityState, layerIds, type UserFields } from '@nq/contracts';
import type { Platform } from '@nq/platform/platform';
import { identityOf } from '../identity/index.ts';

/** The profile of the administrators `nq admin create` makes: every screen and every datum (isGod), API access. */
export const administratorProfileId = 'platform-administrator';
const administratorProfile = {
  name: 'Platform administrator',
  rol: 'admin',
  isGod: true,
  apiAccess: true,
  layers: layerIds.map((id) => ({ id, groups: [] })),
};

export type AdministratorCreation =
  | { outcome: 'created'; userId: string; email: string; link?: string }
  | { outcome: 'exists'; email: string };

/**
 * Creates an administrator through the ordinary commands — the administrators' profile the first time, then the user
 * working under it — and the one-time link to choose its password, the invitation link a user created in the console
 * gets (7 days, once). `send` e-mails it through the mail outbox; otherwise it is answered, for the operator to hand
 * over. An e-mail address already in use changes nothing.
 */
export async function createAdministrator(
  platform: Platform,
  request: { email: string; name?: string | undefined; send: boolean },
): Promise<AdministratorCreation> {
  const { email } = request;
  if (await platform.eventStore.holderOf('user-email', email)) return { outcome: 'exists', email };
  const services = { profile: platform.entities.service('profile'), user: platform.entities.service('user') };
  const correlationId = randomUUID();
  const metadata = () => ({
    actor: { userId: 'nq-admin-create', profileId: administratorProfileId },
    commandId: randomUUID(),
    correlationId,
    now: new Date(),
  });
  const profile = await services.profile.load(administratorProfileId);
  if (profile.state.status === 'absent')
    await services.profile.execute(
      { type: 'create', id: administratorProfileId, fields: administratorProfile },
      metadata(),
    );
  else if (profile.state.status !== 'active')
    throw new Error(`the profile '${administratorProfileId}' was deleted: an administrator cannot be given it`);
  const userId = randomUUID();
  try {
    await services.user.execute(
      {
        type: 'create',
        id: userId,
        fields: { email, profiles: [administratorProfileId], ...(request.name ? { name: request.name } : {}) },
      },
      metadata(),
    );
  } catch (error) {
    // Another process took the address in the meantime.
    if (error instanceof DomainError && error.code === 'users.alreadyExists') return { outcome: 'exists', email };
    throw error;
  }
  const { service: identity } = await identityOf(platform);
  const user = (await services.user.load(userId)).state as EntityState<UserFields>;
  if (request.send) {
    await identity.sendPasswordLink(user, 'invitation', user.fields.preferredLanguage);
    return { outcome: 'created', userId, email };
  }
  return { outcome: 'created', userId, email, link: await identity.passwordLinkToHandOver(user, 'invitation') };
}
