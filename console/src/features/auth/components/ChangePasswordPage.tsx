import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fromPromise } from 'xstate';
import { queryClient } from '../../../shared/api/query-client.ts';
import { sessionStore } from '../../../shared/api/session-store.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { TextField } from '../../../shared/ui/fields.tsx';
import { Card, PageHeader } from '../../../shared/ui/screens.tsx';
import { accountApi } from '../api/account-api.ts';
import { asFlowCall } from '../machines/call-failure.ts';
import { changePasswordMachine } from '../machines/change-password.machine.ts';

export default function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      changePasswordMachine.provide({
        actors: { changePassword: fromPromise(({ input }) => asFlowCall(accountApi.changePassword)(input)) },
      }),
    [],
  );
  const [state, send] = useMachine(machine);
  const { failure } = state.context;

  useEffect(() => {
    if (!state.matches('changed')) return;
    sessionStore.clear();
    queryClient.clear();
    void navigate('/login?passwordChanged=1', { replace: true });
  }, [state, navigate]);

  return (
    <div className="max-w-md">
      <PageHeader title={t('changePasswordTitle')} />
      <Card>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
            send({
              type: 'SUBMIT',
              change: {
                currentPassword: values.currentPassword ?? '',
                newPassword: values.newPassword ?? '',
                repeatPassword: values.repeatPassword ?? '',
              },
            });
          }}
        >
          {failure && !failure.fields && (
            <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700">
              {errorMessage(failure.code === 'login.internalError' ? 'password.changeFailed' : failure.code)}
            </p>
          )}
          <TextField
            label={t('currentPassword')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            error={failure?.fields?.currentPassword}
          />
          <TextField
            label={t('newPassword')}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            error={failure?.fields?.newPassword}
          />
          <TextField
            label={t('repeatPassword')}
            name="repeatPassword"
            type="password"
            autoComplete="new-password"
            error={failure?.fields?.repeatPassword}
          />
          <p className="text-xs text-gray-500">{t('changeEndsSessions')}</p>
          <Button type="submit" busy={state.matches('submitting')}>
            {t('changePassword')}
          </Button>
        </form>
      </Card>
    </div>
  );
}
