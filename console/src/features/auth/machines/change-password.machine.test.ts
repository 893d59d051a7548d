import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { changePasswordMachine, type PasswordChange } from './change-password.machine.ts';

function start(changePassword: (change: PasswordChange) => Promise<unknown>) {
  const calls: PasswordChange[] = [];
  const actor = createActor(
    changePasswordMachine.provide({
      actors: {
        changePassword: fromPromise(({ input }) => {
          calls.push(input);
          return changePassword(input);
        }),
      },
    }),
  ).start();
  return { actor, calls };
}

const change = (newPassword: string, repeatPassword = newPassword) => ({
  currentPassword: 'current-1',
  newPassword,
  repeatPassword,
});

describe('change password flow', () => {
  it('refuses different new passwords without calling the server', () => {
    const { actor, calls } = start(async () => ({ done: true }));
    actor.send({ type: 'SUBMIT', change: change('first-pass', 'second-pass') });
    expect(actor.getSnapshot().context.failure).toEqual({ code: 'password.notEqual' });
    expect(calls).toEqual([]);
  });

  it('shows the server refusal (wrong current password) and lets the user retry', async () => {
    let attempt = 0;
    const { actor } = start(async () => {
      if (attempt++ === 0) throw { code: 'password.wrongCurrent' };
      return { done: true };
    });
    actor.send({ type: 'SUBMIT', change: change('new-pass-1') });
    await waitFor(actor, (state) => state.matches('editing') && state.context.failure !== undefined);
    expect(actor.getSnapshot().context.failure?.code).toBe('password.wrongCurrent');
    actor.send({ type: 'SUBMIT', change: change('new-pass-1') });
    await waitFor(actor, (state) => state.matches('changed'));
  });
});
