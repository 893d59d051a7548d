import type { StoredSession } from '@nq/contracts/identity/session';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type CallFailure, loginMachine } from './login.machine.ts';

const session = { landing: 'storyboard' } as StoredSession;

function start(
  calls: {
    login?: (input: { email: string; password: string; verification?: string | undefined }) => Promise<StoredSession>;
    requestReset?: () => Promise<unknown>;
    setPassword?: (input: { token: string; newPassword: string; repeatPassword: string }) => Promise<unknown>;
  },
  passwordToken?: string,
) {
  const seen: { logins: unknown[]; challenges: unknown[] } = { logins: [], challenges: [] };
  const machine = loginMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) => {
        seen.logins.push(input);
        return (calls.login ?? (async () => session))(input);
      }),
      solveVerification: fromPromise(async ({ input }) => {
        seen.challenges.push(input.challenge);
        return 'solved';
      }),
      requestReset: fromPromise(() => (calls.requestReset ?? (async () => ({ done: true })))()),
      setPassword: fromPromise(({ input }) => (calls.setPassword ?? (async () => ({ done: true })))(input)),
    },
  });
  const actor = createActor(machine, { input: { passwordToken } }).start();
  return { actor, seen };
}

const failing = (failure: CallFailure) => async (): Promise<never> => {
  throw failure;
};

describe('login flow', () => {
  it('given valid credentials, when submitted, then the session is kept and the flow ends', async () => {
    const { actor, seen } = start({});
    actor.send({ type: 'SUBMIT', email: 'a@b.c', password: 'secret' });
    await waitFor(actor, (state) => state.matches('loggedIn'));
    expect(actor.getSnapshot().context.session).toBe(session);
    expect(seen.logins).toEqual([{ email: 'a@b.c', password: 'secret', verification: undefined }]);
  });

  it('given wrong credentials, when submitted, then the form stays with the catalogue code', async () => {
    const { actor } = start({ login: failing({ code: 'login.invalidCredentials' }) });
    actor.send({ type: 'SUBMIT', email: 'a@b.c', password: 'wrong' });
    await waitFor(actor, (state) => state.matches('editing') && state.context.failure !== undefined);
    expect(actor.getSnapshot().context.failure).toEqual({ code: 'login.invalidCredentials' });
  });

  it('given a security verification is needed, then the challenge is solved and the login retried once with it', async () => {
    const { actor, seen } = start({
      login: async (input) => {
        if (input.verification) return session;
        throw { code: 'login.securityVerificationRequired', challenge: { nonce: 'n1' } } satisfies CallFailure;
      },
    });
    actor.send({ type: 'SUBMIT', email: 'a@b.c', password: 'secret' });
    await waitFor(actor, (state) => state.matches('loggedIn'));
    expect(seen.challenges).toEqual([{ nonce: 'n1' }]);
    expect(seen.logins).toHaveLength(2);
  });

  it('given the verified login is refused again, then it does not loop: the form shows the refusal', async () => {
    const { actor, seen } = start({
      login: failing({ code: 'login.securityVerificationRequired', challenge: { nonce: 'again' } }),
    });
    actor.send({ type: 'SUBMIT', email: 'a@b.c', password: 'secret' });
    await waitFor(actor, (state) => state.matches('editing') && state.context.failure !== undefined);
    expect(seen.logins).toHaveLength(2);
    expect(actor.getSnapshot().context.failure?.code).toBe('login.securityVerificationRequired');
  });

  it('given an unknown e-mail on recovery, then the recovery form shows it; a known one ends on "sent"', async () => {
    let known = false;
    const { actor } = start({
      requestReset: async () => {
        if (!known) throw { code: 'login.unknownUser' } satisfies CallFailure;
        return { done: true };
      },
    });
    actor.send({ type: 'FORGOT' });
    actor.send({ type: 'SEND_RESET', email: 'nobody@b.c' });
    await waitFor(actor, (state) => state.matches('recovery') && state.context.failure !== undefined);
    expect(actor.getSnapshot().context.failure?.code).toBe('login.unknownUser');
    known = true;
    actor.send({ type: 'SEND_RESET', email: 'someone@b.c' });
    await waitFor(actor, (state) => state.matches('resetSent'));
  });

  it('given a reset link, then the flow starts at the new password and sends the token with it', async () => {
    const sent: unknown[] = [];
    const { actor } = start(
      {
        setPassword: async (input) => {
          sent.push(input);
          return { done: true };
        },
      },
      'token-from-link',
    );
    expect(actor.getSnapshot().matches('newPassword')).toBe(true);
    actor.send({ type: 'SET_PASSWORD', newPassword: 'n3w-Password', repeatPassword: 'n3w-Password' });
    await waitFor(actor, (state) => state.matches('passwordSet'));
    expect(sent).toEqual([{ token: 'token-from-link', newPassword: 'n3w-Password', repeatPassword: 'n3w-Password' }]);
  });
});
