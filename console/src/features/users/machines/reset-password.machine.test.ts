import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type ResetTarget, resetPasswordMachine } from './reset-password.machine.ts';

const user = { id: 'u1', email: 'ana@demo.nq' };

function start(reset: (target: ResetTarget) => Promise<unknown>) {
  const calls: ResetTarget[] = [];
  const announced: string[] = [];
  const actor = createActor(
    resetPasswordMachine.provide({
      actors: {
        resetPassword: fromPromise(({ input }) => {
          calls.push(input);
          return reset(input);
        }),
      },
      actions: { announceSent: (_, params) => announced.push(params.email) },
    }),
  ).start();
  return { actor, calls, announced };
}

describe('reset password flow', () => {
  it('asks for a confirmation before calling, and a cancel calls nothing', () => {
    const { actor, calls } = start(async () => ({ done: true }));
    actor.send({ type: 'REQUEST', user });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual([]);
  });

  it('resets after the confirmation and announces the e-mail sent', async () => {
    const { actor, calls, announced } = start(async () => ({ done: true }));
    actor.send({ type: 'REQUEST', user });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(calls).toEqual([user]);
    expect(announced).toEqual(['ana@demo.nq']);
  });

  it('keeps a refusal in the confirmation with its code, and retries', async () => {
    let attempt = 0;
    const { actor, calls } = start(async () => {
      if (attempt++ === 0) throw { code: 'auth.adminOnly' };
      return { done: true };
    });
    actor.send({ type: 'REQUEST', user });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (state) => state.matches('confirming') && state.context.failure !== undefined);
    expect(actor.getSnapshot().context.failure).toBe('auth.adminOnly');
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(calls).toHaveLength(2);
  });
});
