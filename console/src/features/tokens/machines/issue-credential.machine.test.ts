import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { issueCredentialMachine } from './issue-credential.machine.ts';

function start(issue: (request: Record<string, unknown>) => Promise<{ clientId: string; clientSecret: string }>) {
  const actor = createActor(
    issueCredentialMachine.provide({ actors: { issue: fromPromise(({ input }) => issue(input)) } }),
  ).start();
  return actor;
}

describe('issue credential flow', () => {
  it('shows the secret once, and forgets it when closed', async () => {
    const actor = start(async () => ({ clientId: 'tok-1', clientSecret: 's3cret' }));
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT', request: { name: 'ci' } });
    await waitFor(actor, (state) => state.matches('showingSecret'));
    expect(actor.getSnapshot().context.issued).toEqual({ clientId: 'tok-1', clientSecret: 's3cret' });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.issued).toBeUndefined();
  });

  it('goes back to the form with the refusal, then issues on a second try', async () => {
    let attempt = 0;
    const actor = start(async () => {
      if (attempt++ === 0) throw { code: 'tokens.expiryInPast' };
      return { clientId: 'tok-2', clientSecret: 'x' };
    });
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT', request: { expiresAt: '2020-01-01T00:00:00Z' } });
    await waitFor(actor, (state) => state.matches('editing') && state.context.failure !== undefined);
    expect(actor.getSnapshot().context.failure).toEqual({ code: 'tokens.expiryInPast' });
    actor.send({ type: 'SUBMIT', request: { expiresAt: '2099-01-01T00:00:00Z' } });
    await waitFor(actor, (state) => state.matches('showingSecret'));
  });

  it('cancels the form without issuing anything', () => {
    let calls = 0;
    const actor = start(async () => {
      calls++;
      return { clientId: 'x', clientSecret: 'y' };
    });
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toBe(0);
  });
});
