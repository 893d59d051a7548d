import { assign, fromPromise, setup } from 'xstate';

export interface ResetTarget {
  id: string;
  email: string;
}

/**
 * Reset a user's password (docs/product/api.md#users, PUT /users/{id}/reset-password): the administrator confirms
 * first; the server then e-mails the user a one-time link. A refusal stays in the dialog with its catalogue code, to
 * retry or cancel.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as { user?: ResetTarget | undefined; failure?: string | undefined },
    events: {} as { type: 'REQUEST'; user: ResetTarget } | { type: 'CONFIRM' } | { type: 'CANCEL' },
  },
  actors: {
    resetPassword: fromPromise<unknown, ResetTarget>(async () => {
      throw new Error('provide the resetPassword actor');
    }),
  },
  actions: {
    announceSent: (_, _params: { email: string }) => {},
  },
}).createMachine({
  id: 'resetPassword',
  context: {},
  initial: 'idle',
  states: {
    idle: {
      on: {
        REQUEST: { target: 'confirming', actions: assign({ user: ({ event }) => event.user, failure: undefined }) },
      },
    },
    confirming: {
      on: {
        CONFIRM: { target: 'sending', actions: assign({ failure: undefined }) },
        CANCEL: { target: 'idle', actions: assign({ user: undefined, failure: undefined }) },
      },
    },
    sending: {
      invoke: {
        src: 'resetPassword',
        input: ({ context }) => context.user as ResetTarget,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'announceSent', params: ({ context }) => ({ email: context.user?.email ?? '' }) },
            assign({ user: undefined }),
          ],
        },
        onError: {
          target: 'confirming',
          actions: assign({
            failure: ({ event }) => (event.error as { code?: string } | undefined)?.code ?? 'users.resetPasswordFailed',
          }),
        },
      },
    },
  },
});
