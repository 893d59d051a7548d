import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type LaunchCallInput, type LaunchOutcome, launchMachine } from './launch.machine.ts';

const task = { type: 'icmp-ping', id: 'ping', name: 'Ping' };

/** A launcher whose calls are recorded; probes in `busy` answer "in progress" unless the call confirms. */
function start(options: { busy?: string[]; failing?: Record<string, string>; callFails?: boolean } = {}) {
  const calls: LaunchCallInput[] = [];
  const machine = launchMachine.provide({
    actors: {
      launch: fromPromise<LaunchOutcome[], LaunchCallInput>(async ({ input }) => {
        calls.push(input);
        if (options.callFails) throw { code: 'dependency.unavailable' };
        return input.probeIds.map((probeId): LaunchOutcome => {
          const code = options.failing?.[probeId];
          if (code) return { probeId, result: 'failed', code };
          return options.busy?.includes(probeId) && !input.confirm
            ? { probeId, result: 'busy' }
            : { probeId, result: 'launched' };
        });
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

describe('measurement launcher', () => {
  it('launches without asking when nothing is in progress', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'LAUNCH', request: { probeIds: ['p1', 'p2'], task } });
    await waitFor(actor, (state) => state.matches('ready'));
    expect(calls).toEqual([{ probeIds: ['p1', 'p2'], task, confirm: false }]);
    expect(actor.getSnapshot().context).toMatchObject({ launched: ['p1', 'p2'], busy: [], kept: [], failed: [] });
  });

  it('asks before cancelling a measurement in progress, then relaunches only those probes confirmed', async () => {
    const { actor, calls } = start({ busy: ['p2'] });
    actor.send({ type: 'LAUNCH', request: { probeIds: ['p1', 'p2'], task } });
    await waitFor(actor, (state) => state.matches('confirmingCancel'));
    expect(actor.getSnapshot().context).toMatchObject({ launched: ['p1'], busy: ['p2'] });

    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (state) => state.matches('ready'));
    expect(calls[1]).toEqual({ probeIds: ['p2'], task, confirm: true });
    expect(actor.getSnapshot().context).toMatchObject({ launched: ['p1', 'p2'], busy: [], kept: [] });
  });

  it('keeps the measurement in progress when the user says no (nothing more is sent)', async () => {
    const { actor, calls } = start({ busy: ['p1'] });
    actor.send({ type: 'LAUNCH', request: { probeIds: ['p1'], task } });
    await waitFor(actor, (state) => state.matches('confirmingCancel'));
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ launched: [], busy: [], kept: ['p1'] });
    expect(calls).toHaveLength(1);
  });

  it('reports the probes that failed with their codes, and a call that failed as a whole', async () => {
    const some = start({ failing: { p2: 'probes.notFound' } });
    some.actor.send({ type: 'LAUNCH', request: { probeIds: ['p1', 'p2'], task } });
    await waitFor(some.actor, (state) => state.matches('ready') && some.calls.length === 1);
    expect(some.actor.getSnapshot().context.failed).toEqual([{ probeId: 'p2', code: 'probes.notFound' }]);

    const all = start({ callFails: true });
    all.actor.send({ type: 'LAUNCH', request: { probeIds: ['p1'], task } });
    await waitFor(all.actor, (state) => state.matches('ready') && all.calls.length === 1);
    expect(all.actor.getSnapshot().context.failed).toEqual([{ probeId: 'p1', code: 'dependency.unavailable' }]);
  });

  it('starts afresh on the next launch', async () => {
    const { actor } = start({ busy: ['p1'] });
    actor.send({ type: 'LAUNCH', request: { probeIds: ['p1'], task } });
    await waitFor(actor, (state) => state.matches('confirmingCancel'));
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'LAUNCH', request: { probeIds: ['p3'], task } });
    await waitFor(actor, (state) => state.matches('ready') && state.context.launched.length === 1);
    expect(actor.getSnapshot().context).toMatchObject({ launched: ['p3'], kept: [], busy: [] });
  });
});
