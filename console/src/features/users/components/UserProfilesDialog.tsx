import { basePathOf } from '@nq/contracts/configuration/kinds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entityKeys } from '../../../shared/api/entities.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { Spinner } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { type ProfileEntry, type UserProfileAction, usersApi } from '../api/users-api.ts';

export interface UserProfilesDialogProps {
  user: { id: string; email: string } | undefined;
  onClose: () => void;
}

const keyOf = (userId: string, list: 'assigned' | 'assignable') => [
  ...entityKeys.all(basePathOf('user')),
  'profiles',
  userId,
  list,
];

/**
 * Users with their profiles (docs/product/roles.md#users-and-assignable-profiles): the ones assigned (removable) and
 * the ones the administrator may assign.
 */
export function UserProfilesDialog({ user, onClose }: UserProfilesDialogProps) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const userId = user?.id ?? '';
  const assigned = useQuery({
    queryKey: keyOf(userId, 'assigned'),
    queryFn: ({ signal }) => usersApi.profiles(userId, signal),
    enabled: Boolean(user),
    meta: { errorCode: 'users.profilesFetchFailed' },
  });
  const assignable = useQuery({
    queryKey: keyOf(userId, 'assignable'),
    queryFn: ({ signal }) => usersApi.assignableProfiles(userId, signal),
    enabled: Boolean(user),
    meta: { errorCode: 'users.profilesFetchFailed' },
  });
  const change = useMutation({
    mutationFn: ({ action, profileId }: { action: UserProfileAction; profileId: string }) =>
      usersApi.changeProfiles(userId, action, [profileId]),
    meta: { errorCode: 'users.saveFailed' },
    onSuccess: () => {
      toast.success(t('common:saved'));
      return queryClient.invalidateQueries({ queryKey: entityKeys.all(basePathOf('user')) });
    },
  });

  const section = (
    title: string,
    testId: string,
    query: typeof assigned,
    action: UserProfileAction,
    actionLabel: string,
    empty: string,
  ) => (
    <section className="space-y-2" data-testid={testId}>
      <h3 className="text-sm font-semibold text-gray-800">{title}</h3>
      {query.isPending ? (
        <Spinner />
      ) : query.data?.list.length ? (
        <ul className="divide-y rounded-md border">
          {query.data.list.map((profile: ProfileEntry) => (
            <li key={profile.id} className="flex items-center justify-between px-3 py-1.5 text-sm">
              <span>
                {profile.name}
                {profile.rol && <span className="ml-2 text-xs text-gray-500">{t(`rol.${profile.rol}`)}</span>}
              </span>
              <Button
                variant={action === 'add' ? 'secondary' : 'ghost'}
                className={action === 'remove' ? 'text-rose-700' : ''}
                disabled={change.isPending}
                aria-label={`${actionLabel} ${profile.name}`}
                onClick={() => change.mutate({ action, profileId: profile.id })}
              >
                {actionLabel}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-500">{empty}</p>
      )}
    </section>
  );

  return (
    <Modal
      open={user !== undefined}
      title={t('profilesOf', { email: user?.email ?? '' })}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('common:close')}</Button>}
    >
      <div className="space-y-5">
        {section(t('assignedProfiles'), 'assigned-profiles', assigned, 'remove', t('common:remove'), t('noProfiles'))}
        {section(
          t('assignableProfiles'),
          'assignable-profiles',
          assignable,
          'add',
          t('common:add'),
          t('noAssignableProfiles'),
        )}
      </div>
    </Modal>
  );
}
