import type { StoredSession } from '@nq/contracts/identity/session';
import { assign, fromPromise, setup } from 'xstate';

/** What a failed call tells the machine: the catalogue code, per-field problems and, for a verification, the challenge. */
export interface CallFailure {
  code: string;
  fields?: Record<string, string>;
  challenge?: unknown;
}

export interface LoginInput {
  /** A one-time token from a reset or invitation link (`/login?reset=…`): the flow starts at "set a new password". */
  passwordToken?: string | undefined;
}

interface Context {
  email: string;
  password: string;
  verification?: string | undefined;
  passwordToken?: string | undefined;
  failure?: CallFailure | undefined;
  session?: StoredSession | undefined;
}

type Event =
  | { type: 'SUBMIT'; email: string; password: string }
  | { type: 'FORGOT' }
  | { type: 'SEND_RESET'; email: string }
  | { type: 'SET_PASSWORD'; newPassword: string; repeatPassword: string }
  | { type: 'BACK' };

/**
 * Login with password recovery (docs/product/screens.md, rules.md and errors.md), in XState. Failures keep the form and
 * show the catalogue message; "security verification needed" solves the server's challenge and retries once with it;
 * recovery sends the e-mail; a link from that e-mail (or an invitation) sets a new password, after which the user logs
 * in.
 */
export const loginMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as LoginInput },
  actors: {
    login: fromPromise<StoredSession, { email: string; password: string; verification?: string | undefined }>(
      async () => {
        throw new Error('provide the login actor');
      },
    ),
    solveVerification: fromPromise<string, { challenge: unknown }>(async () => {
      throw new Error('provide the solveVerification actor');
    }),
    requestReset: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('provide the requestReset actor');
    }),
    setPassword: fromPromise<unknown, { token: string; newPassword: string; repeatPassword: string }>(async () => {
      throw new Error('provide the setPassword actor');
    }),
  },
  guards: {
    needsVerification: ({ context, event }) =>
      (event as { error?: CallFailure }).error?.code === 'login.securityVerificationRequired' &&
      context.verification === undefined &&
      (event as { error?: CallFailure }).error?.challenge !== undefined,
    hasPasswordToken: ({ context }) => Boolean(context.passwordToken),
  },
  actions: {
    keepFailure: assign({ failure: ({ event }) => (event as unknown as { error: CallFailure }).error }),
    clearFailure: assign({ failure: undefined }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({ email: '', password: '', passwordToken: input.passwordToken }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'hasPasswordToken', target: 'newPassword' }, { target: 'editing' }] },
    editing: {
      on: {
        SUBMIT: {
          target: 'loggingIn',
          actions: assign({
            email: ({ event }) => event.email,
            password: ({ event }) => event.password,
            verification: undefined,
            failure: undefined,
          }),
        },
        FORGOT: { target: 'recovery', actions: 'clearFailure' },
      },
    },
    loggingIn: {
      invoke: {
        src: 'login',
        input: ({ context }) => ({
          email: context.email,
          password: context.password,
          verification: context.verification,
        }),
        onDone: { target: 'loggedIn', actions: assign({ session: ({ event }) => event.output, password: '' }) },
        onError: [
          { guard: 'needsVerification', target: 'verifying' },
          { target: 'editing', actions: ['keepFailure', assign({ verification: undefined })] },
        ],
      },
    },
    verifying: {
      invoke: {
        src: 'solveVerification',
        input: ({ event }) => ({ challenge: (event as unknown as { error: CallFailure }).error.challenge }),
        onDone: { target: 'loggingIn', actions: assign({ verification: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ failure: { code: 'login.securityVerificationRequired' } }) },
      },
    },
    loggedIn: { type: 'final' },
    recovery: {
      on: {
        SEND_RESET: {
          target: 'sendingReset',
          actions: assign({ email: ({ event }) => event.email, failure: undefined }),
        },
        BACK: { target: 'editing', actions: 'clearFailure' },
      },
    },
    sendingReset: {
      invoke: {
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'resetSent',
        onError: { target: 'recovery', actions: 'keepFailure' },
      },
    },
    resetSent: { on: { BACK: 'editing' } },
    newPassword: {
      on: {
        SET_PASSWORD: { target: 'settingPassword', actions: 'clearFailure' },
        BACK: { target: 'editing', actions: [assign({ passwordToken: undefined }), 'clearFailure'] },
      },
    },
    settingPassword: {
      invoke: {
        src: 'setPassword',
        input: ({ context, event }) => ({
          token: context.passwordToken ?? '',
          newPassword: (event as Extract<Event, { type: 'SET_PASSWORD' }>).newPassword,
          repeatPassword: (event as Extract<Event, { type: 'SET_PASSWORD' }>).repeatPassword,
        }),
        onDone: { target: 'passwordSet', actions: assign({ passwordToken: undefined }) },
        onError: { target: 'newPassword', actions: 'keepFailure' },
      },
    },
    passwordSet: { on: { BACK: 'editing' } },
  },
});
