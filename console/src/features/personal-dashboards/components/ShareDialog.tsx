import { basePathOf } from '@nq/contracts/configuration/kinds';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api-client.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import type { EntityPage } from '../../../shared/api/entities.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { currentLanguage, errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { CheckboxField, TextAreaField, TextField } from '../../../shared/ui/fields.tsx';
import { DialogActions, Modal } from '../../../shared/ui/Modal.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { dashboardsApi, type PersonalDashboard } from '../api/dashboards-api.ts';
import { useDashboardWrite } from '../api/useDashboards.ts';

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
/** The e-mails typed, separated by commas, semicolons, spaces or lines. */
export const emailsIn = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);

/** The users a profile that manages users may pick from; others type the e-mails. */
function useUserEmails(enabled: boolean) {
  return useQuery({
    queryKey: ['personal-dashboards', 'share', 'users'],
    queryFn: ({ signal }) =>
      api.get<EntityPage<{ id: string; email: string }>>(`${basePathOf('user')}/`, {
        query: { pageSize: 500 },
        signal,
      }),
    select: (page) => page.list.map((user) => user.email).sort(),
    enabled,
    meta: { errorCode: 'dashboards.userListFailed' },
  });
}

/**
 * Share the dashboard with users (e-mails), optionally notifying them with a message
 * (docs/product/screens.md#dashboards_personal).
 */
export function ShareDialog({
  dashboard,
  open,
  onClose,
}: {
  dashboard: PersonalDashboard;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('personalDashboards');
  const mayListUsers = useProfile()?.layers.some((layer) => layer.id === 'users_management') ?? false;
  const users = useUserEmails(open && mayListUsers);
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const togglePicked = (email: string) =>
    setPicked((before) => {
      const after = new Set(before);
      if (!after.delete(email)) after.add(email);
      return after;
    });
  const [notify, setNotify] = useState(true);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string>();
  const share = useDashboardWrite((body: Parameters<typeof dashboardsApi.share>[1]) =>
    dashboardsApi.share(dashboard.id, body),
  );
  useEffect(() => {
    if (!open) return;
    setTyped('');
    setPicked(new Set());
    setNotify(true);
    setMessage('');
    setProblem(undefined);
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const emails = [...new Set([...picked, ...emailsIn(typed)])];
    if (emails.length === 0) return setProblem('validation.required');
    if (!emails.every((email) => EMAIL.test(email))) return setProblem('dashboards.invalidEmails');
    setProblem(undefined);
    share.mutate(
      {
        users: emails,
        notify,
        ...(notify && message.trim() ? { message: message.trim() } : {}),
        lang: currentLanguage(),
      },
      {
        onSuccess: () => {
          toast.success(t('shared', { count: emails.length }));
          onClose();
        },
        onError: (error) =>
          setProblem(
            isApiError(error) && error.code === 'dashboards.invalidEmails' ? error.code : 'dashboards.shareFailed',
          ),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('shareTitle', { name: dashboard.name })}
      onClose={onClose}
      footer={
        <DialogActions onCancel={onClose}>
          <Button type="submit" form="share-dashboard" busy={share.isPending}>
            {t('share')}
          </Button>
        </DialogActions>
      }
    >
      <form id="share-dashboard" onSubmit={submit} className="space-y-3" noValidate>
        <TextField
          label={t('shareUsers')}
          hint={mayListUsers ? t('shareUsersPickHint') : t('shareUsersHint')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={problem ? errorMessage(problem) : undefined}
        />
        {mayListUsers && (users.data?.length ?? 0) > 0 && (
          <fieldset className="max-h-40 space-y-1 overflow-auto rounded-md border border-gray-200 p-2">
            <legend className="px-1 text-xs font-medium text-gray-600">{t('shareUsersList')}</legend>
            {users.data?.map((email) => (
              <label key={email} className="flex items-center gap-2 text-sm text-gray-700">
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-gray-300"
                  checked={picked.has(email)}
                  onChange={() => togglePicked(email)}
                />
                {email}
              </label>
            ))}
          </fieldset>
        )}
        {dashboard.sharedWith.length > 0 && (
          <p className="text-xs text-gray-500">{t('alreadySharedWith', { users: dashboard.sharedWith.join(', ') })}</p>
        )}
        <CheckboxField label={t('notify')} checked={notify} onChange={(event) => setNotify(event.target.checked)} />
        <TextAreaField
          label={t('shareMessage')}
          rows={3}
          maxLength={2000}
          disabled={!notify}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </form>
    </Modal>
  );
}
