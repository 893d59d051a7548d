import { basePathOf } from '@nq/contracts/configuration/kinds';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { Entity } from '../../../shared/api/entities.ts';
import { EntityManagementScreen } from '../../../shared/entity-screen/EntityManagementScreen.tsx';
import { useEntityOptions } from '../../../shared/entity-screen/entity-options.ts';
import type { FieldSpec } from '../../../shared/entity-screen/field-spec.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { ConfirmDialog } from '../../../shared/ui/Modal.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { usersApi } from '../api/users-api.ts';
import { resetPasswordMachine } from '../machines/reset-password.machine.ts';
import { UserProfilesDialog } from './UserProfilesDialog.tsx';

type User = Entity & {
  email: string;
  name?: string;
  profiles?: string[];
  preferredLanguage?: string;
  lastAccess?: string;
  createdAt?: string;
};

/** A generic failure reads as the screen's own message. */
const failureText = (code: string) =>
  errorMessage(code === 'generic.error' || code === 'internal.error' ? 'users.resetPasswordFailed' : code);

/** /users_management: users (e-mail unique), their profiles, and password resets by e-mail. */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const dates = useDateFormat();
  const profileOptions = useEntityOptions(basePathOf('profile'));
  const profileNames = useMemo(() => new Map(profileOptions.map((o) => [o.value, o.label])), [profileOptions]);
  const [profilesOf, setProfilesOf] = useState<User | undefined>();

  const machine = useMemo(
    () =>
      resetPasswordMachine.provide({
        actors: { resetPassword: fromPromise(({ input }) => usersApi.resetPassword(input.id)) },
        actions: { announceSent: (_, { email }) => toast.success(t('resetSent', { email })) },
      }),
    [t],
  );
  const [reset, send] = useMachine(machine);

  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'email', label: 'email', kind: 'text', required: true, placeholder: 'name@example.com' },
      { name: 'name', label: 'name', kind: 'text' },
      {
        name: 'preferredLanguage',
        label: 'preferredLanguage',
        kind: 'select',
        options: [
          { value: 'en', label: 'English' },
          { value: 'es', label: 'Español' },
        ],
      },
      {
        name: 'profiles',
        label: 'profiles',
        kind: 'multiselect',
        options: profileOptions,
        fixedOnEdit: true,
        hint: 'profilesHint',
      },
    ],
    [profileOptions],
  );

  return (
    <>
      <EntityManagementScreen<User>
        namespace="users"
        basePath={basePathOf('user')}
        sort="email"
        adminOnlyWrites
        labelOf={(row) => row.email}
        createdMessage={(values) => t('invitationSent', { email: String(values.email ?? '').trim() })}
        columns={[
          { key: 'email', header: t('email') },
          { key: 'name', header: t('name') },
          {
            key: 'profiles',
            header: t('profiles'),
            // A profile the viewer does not see (another administrator's) is said to be one, not shown by its id.
            render: (row) => (row.profiles ?? []).map((id) => profileNames.get(id) ?? t('unseenProfile')).join(', '),
          },
          { key: 'lastAccess', header: t('lastAccess'), render: (row) => dates.dateTime(row.lastAccess) || t('never') },
          { key: 'createdAt', header: t('createdAt'), render: (row) => dates.dateTime(row.createdAt) },
        ]}
        fields={fields}
        codeFields={{ 'users.alreadyExists': 'email', 'users.emailDomainNotAllowed': 'email' }}
        errorCodes={{
          fetch: 'users.fetchFailed',
          create: 'users.createFailed',
          update: 'users.saveFailed',
          delete: 'users.deleteFailed',
        }}
        rowActions={(row) => (
          <>
            <Button variant="ghost" onClick={() => setProfilesOf(row)} aria-label={`${t('profiles')} ${row.email}`}>
              {t('profiles')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => send({ type: 'REQUEST', user: { id: row.id, email: row.email } })}
              aria-label={`${t('resetPassword')} ${row.email}`}
            >
              {t('resetPassword')}
            </Button>
          </>
        )}
      />
      <UserProfilesDialog user={profilesOf} onClose={() => setProfilesOf(undefined)} />
      <ConfirmDialog
        open={reset.matches('confirming') || reset.matches('sending')}
        title={t('resetPassword')}
        message={
          <>
            <p>{t('resetConfirm', { email: reset.context.user?.email ?? '' })}</p>
            {reset.context.failure && (
              <p role="alert" className="mt-3 rounded-md bg-rose-50 px-3 py-2 text-rose-700">
                {failureText(reset.context.failure)}
              </p>
            )}
          </>
        }
        confirmLabel={t('resetPassword')}
        busy={reset.matches('sending')}
        onCancel={() => send({ type: 'CANCEL' })}
        onConfirm={() => send({ type: 'CONFIRM' })}
      />
    </>
  );
}
