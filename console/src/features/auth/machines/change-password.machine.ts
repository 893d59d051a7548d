import { assign, fromPromise, setup } from 'xstate';
import type { CallFailure } from './login.machine.ts';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  repeatPassword: string;
}

/**
 * Change password (docs/product/rules.md and errors.md): the two new passwords must be equal (checked here first, and
 * by the server), then the server checks the current one and its rules. A change ends every session of the user, this
 * one included.
 */
export const changePasswordMachine = setup({
  types: {
    context: {} as { failure?: CallFailure | undefined },
    events: {} as { type: 'SUBMIT'; change: PasswordChange },
  },
  actors: {
    changePassword: fromPromise<unknown, PasswordChange>(async () => {
      throw new Error('provide the changePassword actor');
    }),
  },
  guards: {
    repeatDiffers: ({ event }) => event.change.newPassword !== event.change.repeatPassword,
  },
}).createMachine({
  id: 'changePassword',
  context: {},
  initial: 'editing',
  states: {
    editing: {
      on: {
        SUBMIT: [
          { guard: 'repeatDiffers', actions: assign({ failure: { code: 'password.notEqual' } }) },
          { target: 'submitting', actions: assign({ failure: undefined }) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'changePassword',
        input: ({ event }) => (event as { change: PasswordChange }).change,
        onDone: 'changed',
        onError: {
          target: 'editing',
          actions: assign({ failure: ({ event }) => event.error as CallFailure }),
        },
      },
    },
    changed: { type: 'final' },
  },
});
