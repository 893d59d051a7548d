import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SuiteDraft, TaskDraft } from '../api/task-suite-schema.ts';
import { familyChangeMachine, type SaveFailure, type SaveInput, type SaveOutput } from './family-change.machine.ts';

const ping: TaskDraft = { type: 'icmp-ping', id: 'ping', name: 'Ping', interval: 300_000, timeout: 30_000 };
const suite = (tasks: TaskDraft[] = [ping]): SuiteDraft => ({
  name: 'Landline',
  family: 'Cube',
  backendInfo: {},
  tasks,
  taskRules: {},
});
const storedSuite = { id: 's1', version: 3, family: 'Cube' as const, taskCount: 1 };

/** A machine whose save records what it was asked and answers (or refuses) as told. */
function start(options: {
  draft?: SuiteDraft;
  stored?: typeof storedSuite;
  answers?: ((input: SaveInput) => SaveOutput | SaveFailure)[];
}) {
  const calls: SaveInput[] = [];
  const answers = [...(options.answers ?? [() => ({ id: 's1', version: 4, warnings: [] })])];
  const machine = familyChangeMachine.provide({
    actors: {
      save: fromPromise<SaveOutput, SaveInput>(async ({ input }) => {
        calls.push(input);
        const answer = (answers.shift() ?? answers.at(-1))!(input);
        if ('code' in answer) throw answer;
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { input: { draft: options.draft ?? suite(), stored: options.stored } });
  const saved: unknown[] = [];
  actor.on('saved', (event) => saved.push(event));
  actor.start();
  return { actor, calls, saved };
}

describe('task suite family change', () => {
  it('asks before changing the family of a suite with tasks; yes erases the tasks, then the save confirms', async () => {
    const { actor, calls } = start({ stored: storedSuite });
    actor.send({ type: 'CHANGE_FAMILY', family: 'Agent' });
    expect(actor.getSnapshot().value).toBe('confirmingChange');
    expect(actor.getSnapshot().context.draft.family).toBe('Cube');

    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft).toMatchObject({ family: 'Agent', tasks: [] });

    actor.send({ type: 'SAVE' });
    await waitFor(actor, (state) => state.matches('editing') && calls.length === 1);
    expect(calls[0]).toMatchObject({ confirmFamilyChange: true, draft: { family: 'Agent', tasks: [] } });
    expect(actor.getSnapshot().context.stored).toMatchObject({ family: 'Agent', taskCount: 0, version: 4 });
    expect(actor.getSnapshot().context.confirmFamilyChange).toBe(false);
  });

  it('keeps the family and the tasks when the user says no', () => {
    const { actor, calls } = start({ stored: storedSuite });
    actor.send({ type: 'CHANGE_FAMILY', family: 'Agent' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft).toMatchObject({ family: 'Cube', tasks: [ping] });
    expect(actor.getSnapshot().context.pendingFamily).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('changes the family at once when no task is on screen', () => {
    const { actor } = start({ draft: suite([]) });
    actor.send({ type: 'CHANGE_FAMILY', family: 'Picoprobe' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft.family).toBe('Picoprobe');
  });

  it('does not ask when a new suite gets its first family, nor when the same family is chosen again', () => {
    const { actor } = start({ draft: { ...suite(), family: '' } });
    actor.send({ type: 'CHANGE_FAMILY', family: 'Cube' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft).toMatchObject({ family: 'Cube', tasks: [ping] });
    actor.send({ type: 'CHANGE_FAMILY', family: 'Cube' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('asks on save when the stored suite has tasks the change would erase (tasks removed on screen first)', async () => {
    const { actor, calls } = start({ stored: storedSuite, draft: suite([]) });
    actor.send({ type: 'CHANGE_FAMILY', family: 'Agent' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('confirmingSave');
    expect(calls).toEqual([]);

    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, () => calls.length === 1);
    expect(calls[0]?.confirmFamilyChange).toBe(true);
  });

  it('asks when the server says the change needs a confirmation, and sends it confirmed after a yes', async () => {
    const { actor, calls, saved } = start({
      stored: { ...storedSuite, taskCount: 0 },
      draft: suite([]),
      answers: [
        () => ({ code: 'taskSuites.familyChangeNeedsConfirmation' }),
        () => ({ id: 's1', version: 5, warnings: [] }),
      ],
    });
    actor.send({ type: 'CHANGE_FAMILY', family: 'Agent' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (state) => state.matches('confirmingSave'));
    expect(calls[0]?.confirmFamilyChange).toBe(false);

    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, () => saved.length === 1);
    expect(calls[1]?.confirmFamilyChange).toBe(true);
  });

  it('keeps the server refusal (code and fields) for the form, and the warnings of a save', async () => {
    const refusal = { code: 'taskSuites.serversRequired', fields: { 'tasks.0.servers': 'Add at least one server.' } };
    const warning = { code: 'taskSuites.shortTaskInterval', params: { task: 'Ping', field: 'tasks.0.interval' } };
    const { actor, saved } = start({
      answers: [() => refusal, () => ({ id: 'new-id', version: 1, warnings: [warning] })],
    });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (state) => state.context.failure !== undefined);
    expect(actor.getSnapshot().context.failure).toEqual(refusal);

    actor.send({ type: 'SAVE' });
    await waitFor(actor, () => saved.length === 1);
    expect(saved[0]).toEqual({ type: 'saved', id: 'new-id', created: true, warnings: [warning] });
    expect(actor.getSnapshot().context).toMatchObject({ failure: undefined, warnings: [warning] });
    expect(actor.getSnapshot().context.stored).toMatchObject({ id: 'new-id', family: 'Cube', taskCount: 1 });
  });
});
