import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type ClusterLaunchAnswer,
  type ClusterLaunchCallInput,
  clusterLaunchMachine,
  problemOf,
} from './cluster-launch.machine.ts';

const task = { type: 'icmp-ping', id: 'ping', name: 'Ping' };
const group = (states: ClusterLaunchAnswer['group']['states']) => ({
  id: 'g1',
  clusterId: 'c1',
  task,
  requestedBy: 'user-1',
  createdAt: '2026-03-02T10:00:00.000Z',
  probes: 40,
  states,
});
/** The 409 as the console's API client throws it (an ApiError's fields). */
const inProgress = {
  status: 409,
  code: 'measurements.inProgressOnProbes',
  params: { count: 3, probes: 40, clusterName: 'Madrid' },
  details: { clusterId: 'c1', inProgress: ['p1', 'p2', 'p3'] },
};

/** A launcher whose calls are recorded; each call answers the next of `answers` (an object with `code` fails). */
function start(...answers: (ClusterLaunchAnswer | { code: string })[]) {
  const calls: ClusterLaunchCallInput[] = [];
  const machine = clusterLaunchMachine.provide({
    actors: {
      launch: fromPromise<ClusterLaunchAnswer, ClusterLaunchCallInput>(async ({ input }) => {
        calls.push(input);
        const next = answers[calls.length - 1];
        if (!next || 'code' in next) throw next ?? { code: 'generic.error' };
        return next;
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

describe('launch on a cluster', () => {
  it('launches without asking when no probe of the cluster has a measurement in progress', async () => {
    const launched = { group: group({ Pending: 40 }), cancelled: 0 };
    const { actor, calls } = start(launched);
    actor.send({ type: 'LAUNCH', request: { clusterId: 'c1', task } });
    await waitFor(actor, (state) => state.matches('ready') && calls.length === 1);
    expect(calls).toEqual([{ clusterId: 'c1', task, confirm: false }]);
    expect(actor.getSnapshot().context).toMatchObject({ answer: launched, kept: false });
    expect(actor.getSnapshot().context.problem).toBeUndefined();
  });

  it('asks before cancelling the measurements in progress, then sends the same launch confirmed', async () => {
    const launched = { group: group({ Pending: 40 }), cancelled: 3 };
    const { actor, calls } = start(inProgress, launched);
    actor.send({ type: 'LAUNCH', request: { clusterId: 'c1', task } });
    await waitFor(actor, (state) => state.matches('confirmingCancel'));
    expect(actor.getSnapshot().context.busy).toEqual({
      code: 'measurements.inProgressOnProbes',
      params: { count: 3, probes: 40, clusterName: 'Madrid' },
    });
    expect(actor.getSnapshot().context.answer).toBeUndefined();

    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (state) => state.matches('ready'));
    expect(calls).toEqual([
      { clusterId: 'c1', task, confirm: false },
      { clusterId: 'c1', task, confirm: true },
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ answer: launched, busy: undefined, kept: false });
  });

  it('launches nothing when the user says no', async () => {
    const { actor, calls } = start(inProgress);
    actor.send({ type: 'LAUNCH', request: { clusterId: 'c1', task } });
    await waitFor(actor, (state) => state.matches('confirmingCancel'));
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ kept: true, busy: undefined, answer: undefined });
    expect(calls).toHaveLength(1);
  });

  it('keeps a refusal (422) with its message’s values, and starts afresh on the next launch', async () => {
    const refused = {
      status: 422,
      code: 'measurements.noProbesToLaunch',
      params: { clusterName: 'Empty' },
      details: { clusterId: 'c1' },
    };
    const launched = { group: group({ Pending: 2 }), cancelled: 0 };
    const { actor, calls } = start(refused, launched);
    actor.send({ type: 'LAUNCH', request: { clusterId: 'c1', task } });
    await waitFor(actor, (state) => state.matches('ready') && calls.length === 1);
    expect(actor.getSnapshot().context.problem).toEqual({
      code: 'measurements.noProbesToLaunch',
      params: { clusterName: 'Empty' },
    });

    actor.send({ type: 'LAUNCH', request: { clusterId: 'c2', task } });
    await waitFor(actor, (state) => state.matches('ready') && calls.length === 2);
    expect(calls[1]).toEqual({ clusterId: 'c2', task, confirm: false });
    expect(actor.getSnapshot().context).toMatchObject({ answer: launched, problem: undefined, kept: false });
  });

  it('reads a refusal’s code and the values its message takes; a failure without a code is generic', () => {
    expect(problemOf({ code: 'x', params: { count: 1, clusterName: 'A', list: [1] }, details: { count: 2 } })).toEqual({
      code: 'x',
      params: { count: 1, clusterName: 'A' },
    });
    expect(problemOf(new Error('network'))).toEqual({ code: 'generic.error', params: {} });
    expect(problemOf(undefined)).toEqual({ code: 'generic.error', params: {} });
  });
});
