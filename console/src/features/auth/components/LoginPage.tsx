import { useMachine } from '@xstate/react';
import { type FormEvent, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fromPromise } from 'xstate';
import { queryClient } from '../../../shared/api/query-client.ts';
import { sessionStore } from '../../../shared/api/session-store.ts';
import { errorMessage, setLanguage } from '../../../shared/i18n/i18n.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { TextField } from '../../../shared/ui/fields.tsx';
import { LanguageSwitch } from '../../shell/components/LanguageSwitch.tsx';
import { accountApi } from '../api/account-api.ts';
import { solveVerification } from '../api/solve-verification.ts';
import { asFlowCall } from '../machines/call-failure.ts';
import { loginMachine } from '../machines/login.machine.ts';
import { DeniedNotice } from './DeniedNotice.tsx';

const formValues = (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  return Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
};

/** The console address a guard sent the visitor from (`next`), never another site's. */
const returnAddress = (next: string | null) => (next && /^\/(?![/\\])/.test(next) ? next : undefined);

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { params: search } = useAddressState();
  const denied = search.get('denied');
  const next = returnAddress(search.get('next'));
  const passwordToken = search.get('reset') ?? search.get('invitation') ?? undefined;
  const machine = useMemo(
    () =>
      loginMachine.provide({
        actors: {
          login: fromPromise(({ input }) =>
            asFlowCall(accountApi.login)({
              email: input.email,
              password: input.password,
              ...(input.verification ? { verification: input.verification } : {}),
            }),
          ),
          solveVerification: fromPromise(({ input }) => solveVerification(input.challenge)),
          requestReset: fromPromise(({ input }) => asFlowCall(accountApi.requestReset)(input.email)),
          setPassword: fromPromise(({ input }) => asFlowCall(accountApi.setPassword)(input)),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine, { input: { passwordToken } });
  const { failure, session } = state.context;

  useEffect(() => {
    if (!state.matches('loggedIn') || !session) return;
    queryClient.clear();
    sessionStore.set(session);
    // The interface opens in the language the user chose last (the language switch saves it).
    void setLanguage(session.preferedLanguage);
    void navigate(next ?? `/${session.landing}`, { replace: true });
  }, [state, session, navigate, next]);

  const failureText = failure && !failure.fields ? errorMessage(failure.code) : undefined;
  const fieldError = (name: string) => failure?.fields?.[name];
  const busy = (['loggingIn', 'verifying', 'sendingReset', 'settingPassword'] as const).some((name) =>
    state.matches(name),
  );

  return (
    <main className="flex min-h-full items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl border bg-white p-6 shadow-sm">
        <div className="mb-6 flex items-start justify-between">
          <div>
            <h1 className="text-xl font-semibold text-gray-900">{t('common:appName')}</h1>
            <p className="text-sm text-gray-500">{t('subtitle')}</p>
          </div>
          <LanguageSwitch compact />
        </div>
        {failureText && (
          <p role="alert" className="mb-4 rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {failureText}
          </p>
        )}
        {denied && state.matches('editing') && !failure && <DeniedNotice layer={denied} />}
        {search.get('passwordChanged') && state.matches('editing') && !failure && (
          <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            {t('passwordChangedLogIn')}
          </p>
        )}

        {(state.matches('editing') || state.matches('loggingIn') || state.matches('verifying')) && (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              const { email = '', password = '' } = formValues(event);
              send({ type: 'SUBMIT', email, password });
            }}
          >
            <TextField
              label={t('email')}
              name="email"
              type="email"
              autoComplete="username"
              defaultValue={state.context.email}
              error={fieldError('email')}
            />
            <TextField
              label={t('password')}
              name="password"
              type="password"
              autoComplete="current-password"
              error={fieldError('password')}
            />
            {state.matches('verifying') && <p className="text-xs text-gray-500">{t('verifying')}</p>}
            <Button type="submit" className="w-full" busy={busy}>
              {t('logIn')}
            </Button>
            <button
              type="button"
              className="w-full text-center text-sm text-blue-700 hover:underline"
              onClick={() => send({ type: 'FORGOT' })}
            >
              {t('forgot')}
            </button>
          </form>
        )}

        {(state.matches('recovery') || state.matches('sendingReset')) && (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => send({ type: 'SEND_RESET', email: formValues(event).email ?? '' })}
          >
            <h2 className="text-base font-medium">{t('recoveryTitle')}</h2>
            <p className="text-sm text-gray-600">{t('recoveryHelp')}</p>
            <TextField
              label={t('email')}
              name="email"
              type="email"
              defaultValue={state.context.email}
              error={fieldError('email')}
            />
            <div className="flex justify-between">
              <Button variant="secondary" onClick={() => send({ type: 'BACK' })}>
                {t('common:back')}
              </Button>
              <Button type="submit" busy={busy}>
                {t('sendLink')}
              </Button>
            </div>
          </form>
        )}

        {state.matches('resetSent') && (
          <div className="space-y-4" role="status">
            <p className="text-sm text-gray-700">{t('resetSent', { email: state.context.email })}</p>
            <Button variant="secondary" onClick={() => send({ type: 'BACK' })}>
              {t('backToLogin')}
            </Button>
          </div>
        )}

        {(state.matches('newPassword') || state.matches('settingPassword')) && (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              const { newPassword = '', repeatPassword = '' } = formValues(event);
              send({ type: 'SET_PASSWORD', newPassword, repeatPassword });
            }}
          >
            <h2 className="text-base font-medium">{t('newPasswordTitle')}</h2>
            <TextField
              label={t('newPassword')}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              error={fieldError('newPassword')}
            />
            <TextField
              label={t('repeatPassword')}
              name="repeatPassword"
              type="password"
              autoComplete="new-password"
              error={fieldError('repeatPassword')}
            />
            <div className="flex justify-between">
              <Button
                variant="secondary"
                onClick={() => {
                  void navigate('/login', { replace: true });
                  send({ type: 'BACK' });
                }}
              >
                {t('common:back')}
              </Button>
              <Button type="submit" busy={busy}>
                {t('setPassword')}
              </Button>
            </div>
          </form>
        )}

        {state.matches('passwordSet') && (
          <div className="space-y-4" role="status">
            <p className="text-sm text-gray-700">{t('passwordSet')}</p>
            <Button
              onClick={() => {
                void navigate('/login', { replace: true });
                send({ type: 'BACK' });
              }}
            >
              {t('backToLogin')}
            </Button>
          </div>
        )}
      </div>
    </main>
  );
}
