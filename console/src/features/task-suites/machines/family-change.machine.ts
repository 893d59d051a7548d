import { assign, emit, fromPromise, setup } from 'xstate';
import type { ProbeFamily, SuiteDraft } from '../api/task-suite-schema.ts';

/** The suite as the server has it: what a change of family would erase. */
export interface StoredSuite {
  id: string;
  version?: number | undefined;
  family: ProbeFamily | '';
  taskCount: number;
}

export interface SaveInput {
  draft: SuiteDraft;
  stored?: StoredSuite | undefined;
  confirmFamilyChange: boolean;
}

export interface SuiteWarning {
  code: string;
  params?: Record<string, string | number>;
}

export interface SaveOutput {
  id: string;
  version: number;
  warnings: SuiteWarning[];
}

/** A refused save: the catalogue code and the problems per field (`tasks.0.timeout`). */
export interface SaveFailure {
  code: string;
  fields?: Record<string, string>;
}

interface Context {
  draft: SuiteDraft;
  stored?: StoredSuite | undefined;
  /** The family chosen while the confirmation is asked. */
  pendingFamily?: ProbeFamily | undefined;
  /** The user agreed that the tasks the server holds may be erased. */
  confirmFamilyChange: boolean;
  failure?: SaveFailure | undefined;
  warnings: SuiteWarning[];
}

type Event =
  | { type: 'EDIT'; draft: SuiteDraft }
  | { type: 'CHANGE_FAMILY'; family: ProbeFamily }
  | { type: 'SAVE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

const needsConfirmationCode = 'taskSuites.familyChangeNeedsConfirmation';
const failureOf = (event: unknown) => (event as { error: SaveFailure }).error;

/**
 * Editing and saving a task suite (docs/product/states.md#task-suite-family-change): changing the probe family of a
 * suite that has tasks erases them, so it asks first. Asked while editing (tasks on screen), a yes erases them at
 * once; asked on save (the server's suite has tasks, or the server says so), a yes sends the update with
 * `confirmFamilyChange`. A no keeps everything as it was.
 */
export const familyChangeMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as { draft: SuiteDraft; stored?: StoredSuite | undefined; warnings?: SuiteWarning[] },
    emitted: {} as { type: 'saved'; id: string; created: boolean; warnings: SuiteWarning[] },
  },
  actors: {
    save: fromPromise<SaveOutput, SaveInput>(async () => {
      throw new Error('provide the save actor');
    }),
  },
  guards: {
    /** A family is being replaced (not chosen for the first time) under tasks written for it. */
    tasksWrittenForAnotherFamily: ({ context, event }) =>
      context.draft.tasks.length > 0 &&
      context.draft.family !== '' &&
      context.draft.family !== (event as Extract<Event, { type: 'CHANGE_FAMILY' }>).family,
    storedTasksAtStake: ({ context }) =>
      !context.confirmFamilyChange &&
      context.stored !== undefined &&
      context.stored.taskCount > 0 &&
      context.draft.family !== context.stored.family,
    serverAsksConfirmation: ({ event }) => failureOf(event).code === needsConfirmationCode,
  },
}).createMachine({
  id: 'familyChange',
  context: ({ input }) => ({
    draft: input.draft,
    stored: input.stored,
    confirmFamilyChange: false,
    warnings: input.warnings ?? [],
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        EDIT: { actions: assign({ draft: ({ event }) => event.draft }) },
        CHANGE_FAMILY: [
          {
            guard: 'tasksWrittenForAnotherFamily',
            target: 'confirmingChange',
            actions: assign({ pendingFamily: ({ event }) => event.family }),
          },
          { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, family: event.family }) }) },
        ],
        SAVE: [{ guard: 'storedTasksAtStake', target: 'confirmingSave' }, { target: 'saving' }],
      },
    },
    confirmingChange: {
      on: {
        CONFIRM: {
          target: 'editing',
          actions: assign({
            draft: ({ context }) => ({
              ...context.draft,
              family: context.pendingFamily ?? context.draft.family,
              tasks: [],
            }),
            confirmFamilyChange: true,
            pendingFamily: undefined,
          }),
        },
        CANCEL: { target: 'editing', actions: assign({ pendingFamily: undefined }) },
      },
    },
    confirmingSave: {
      on: {
        CONFIRM: { target: 'saving', actions: assign({ confirmFamilyChange: true }) },
        CANCEL: 'editing',
      },
    },
    saving: {
      entry: assign({ failure: undefined }),
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          draft: context.draft,
          stored: context.stored,
          confirmFamilyChange: context.confirmFamilyChange,
        }),
        onDone: {
          target: 'editing',
          actions: [
            emit(({ context, event }) => ({
              type: 'saved' as const,
              id: event.output.id,
              created: context.stored === undefined,
              warnings: event.output.warnings,
            })),
            assign({
              stored: ({ context, event }) => ({
                id: event.output.id,
                version: event.output.version,
                family: context.draft.family,
                taskCount: context.draft.tasks.length,
              }),
              warnings: ({ event }) => event.output.warnings,
              confirmFamilyChange: false,
            }),
          ],
        },
        onError: [
          { guard: 'serverAsksConfirmation', target: 'confirmingSave' },
          { target: 'editing', actions: assign({ failure: ({ event }) => failureOf(event), warnings: [] }) },
        ],
      },
    },
  },
});
