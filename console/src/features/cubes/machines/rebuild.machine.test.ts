import type { CubeRebuild } from '@nq/contracts/analytics/cube-status';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type RebuildFailure, rebuildMachine } from './rebuild.machine.ts';

const cube = { id: 'cube-1', name: 'national-daily' };
const range = { from: '2025-01-01', to: '2025-03-31' };
const queued: CubeRebuild = {
  rebuildId: 'rb-1',
  state: 'queued',
  from: '2025-01-01T00:00:00.000Z',
  to: '2025-04-01T00:00:00.000Z',
  done: 0,
  requestedAt: '2026-01-02T09:00:00.000Z',
};

function start(rebuild: () => Promise<CubeRebuild>) {
  const calls: unknown[] = [];
  let announced = 0;
  const actor = createActor(
    rebuildMachine.provide({
      actors: {
        rebuild: fromPromise(({ input }) => {
          calls.push(input);
          return rebuild();
        }),
      },
      actions: { announceRequested: () => announced++ },
    }),
  ).start();
  return { actor, calls, announced: () => announced };
}

describe('cube rebuild flow', () => {
  it('asks the range first; closing then asks nothing', () => {
    const { actor, calls } = start(async () => queued);
    actor.send({ type: 'OPEN', cube });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual([]);
  });

  it('posts the range for the cube, announces it and follows the rebuild the server queued until closed', async () => {
    const { actor, calls, announced } = start(async () => queued);
    actor.send({ type: 'OPEN', cube });
    actor.send({ type: 'SUBMIT', range });
    await waitFor(actor, (state) => state.matches('following'));
    expect(calls).toEqual([{ cubeId: 'cube-1', range }]);
    expect(actor.getSnapshot().context.rebuild).toEqual(queued);
    expect(announced()).toBe(1);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.rebuild).toBeUndefined();
  });

  it('goes back to the range with the refusal, and a new try clears it', async () => {
    const refusal: RebuildFailure = {
      code: 'cubes.rebuildRange',
      params: { maxDays: 3660 },
      fields: { to: 'too long' },
    };
    let answer: () => Promise<CubeRebuild> = () => Promise.reject(refusal);
    const { actor } = start(() => answer());
    actor.send({ type: 'OPEN', cube });
    actor.send({ type: 'SUBMIT', range });
    await waitFor(actor, (state) => state.matches('choosing') && state.context.failure !== undefined);
    expect(actor.getSnapshot().context.failure).toEqual(refusal);

    answer = async () => queued;
    actor.send({ type: 'SUBMIT', range });
    expect(actor.getSnapshot().context.failure).toBeUndefined();
    await waitFor(actor, (state) => state.matches('following'));
  });
});
