import { DomainError, userFieldsSchema } from '@nq/contracts';
import type { EntityDefinition } from '../../platform/entities/entity-definition.ts';

/** Spec §3 User: the e-mail is unique ('This user is already in the DB') and within the allowed domains. */
export const userEntity = {
  kind: 'user',
  eventPrefix: 'User',
  schema: userFieldsSchema,
  systemFields: ['lastAccess', 'passwordChangedAt'],
  unique: [{ scope: 'user-email', valueOf: (user) => [user.email], conflict: 'users.alreadyExists' }],
  references: (user) => user.profiles.map((id) => ({ to: `profile-${id}`, missing: 'resource.notFound' as const })),
  rules(user, { settings }) {
    const domain = user.email.slice(user.email.lastIndexOf('@') + 1);
    const allowed = settings.emailDomains ?? [];
    if (allowed.length > 0 && !allowed.includes(domain))
      throw new DomainError('users.emailDomainNotAllowed', { details: { domain, allowed } });
  },
} satisfies EntityDefinition<typeof userFieldsSchema>;
