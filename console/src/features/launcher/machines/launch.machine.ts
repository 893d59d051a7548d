import { assign, fromPromise, setup } from 'xstate';

/** What to launch: one task (as a task suite holds it) on each probe chosen. */
export interface LaunchRequest {
  probeIds: string[];
  task: Record<string, unknown>;
}

/** How a launch on one probe went: launched, refused because one is in progress there, or failed with a code. */
export type LaunchOutcome =
  | { probeId: string; result: 'launched' }
  | { probeId: string; result: 'busy' }
  | { probeId: string; result: 'failed'; code: string };

export interface LaunchCallInput {
  probeIds: string[];
  task: Record<string, unknown>;
  /** Cancel the measurement in progress on these probes (the user agreed). */
  confirm: boolean;
}

interface Context {
  request?: LaunchRequest | undefined;
  launched: string[];
  /** Probes with a measurement in progress: asked about, then relaunched or left alone. */
  busy: string[];
  /** Probes whose measurement in progress the user chose to keep. */
  kept: string[];
  failed: { probeId: string; code: string }[];
}

type Event = { type: 'LAUNCH'; request: LaunchRequest } | { type: 'CONFIRM' } | { type: 'CANCEL' };

const outcomesOf = (event: unknown) => (event as { output: LaunchOutcome[] }).output;
const probesWith = (outcomes: LaunchOutcome[], result: LaunchOutcome['result']) =>
  outcomes.filter((outcome) => outcome.result === result).map((outcome) => outcome.probeId);
const failuresOf = (outcomes: LaunchOutcome[]) =>
  outcomes.flatMap((outcome) =>
    outcome.result === 'failed' ? [{ probeId: outcome.probeId, code: outcome.code }] : [],
  );
/** A call that failed as a whole fails on every probe it was for. */
const callFailed = (probeIds: string[]) => (event: unknown) => {
  const code = (event as { error?: { code?: string } }).error?.code ?? 'generic.error';
  return probeIds.map((probeId) => ({ probeId, code }));
};

/**
 * The measurement launcher (docs/product/states.md#measurement-launches): launching a new measurement cancels the one
 * in progress, after a confirmation. A first launch never cancels anything; the probes that answer "in progress" (409
 * measurements.inProgress) are listed for the user, and only after a yes are they launched again with the confirmation
 * flag.
 */
export const launchMachine = setup({
  types: { context: {} as Context, events: {} as Event },
  actors: {
    launch: fromPromise<LaunchOutcome[], LaunchCallInput>(async () => {
      throw new Error('provide the launch actor');
    }),
  },
  guards: {
    someBusy: ({ context }) => context.busy.length > 0,
  },
}).createMachine({
  id: 'launch',
  context: { launched: [], busy: [], kept: [], failed: [] },
  initial: 'ready',
  states: {
    ready: {
      on: {
        LAUNCH: {
          target: 'launching',
          actions: assign({ request: ({ event }) => event.request, launched: [], busy: [], kept: [], failed: [] }),
        },
      },
    },
    launching: {
      invoke: {
        src: 'launch',
        input: ({ context }) => ({
          probeIds: context.request?.probeIds ?? [],
          task: context.request?.task ?? {},
          confirm: false,
        }),
        onDone: {
          target: 'launched',
          actions: assign({
            launched: ({ event }) => probesWith(outcomesOf(event), 'launched'),
            busy: ({ event }) => probesWith(outcomesOf(event), 'busy'),
            failed: ({ event }) => failuresOf(outcomesOf(event)),
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({ failed: ({ context, event }) => callFailed(context.request?.probeIds ?? [])(event) }),
        },
      },
    },
    launched: { always: [{ guard: 'someBusy', target: 'confirmingCancel' }, { target: 'ready' }] },
    confirmingCancel: {
      on: {
        CONFIRM: 'relaunching',
        CANCEL: { target: 'ready', actions: assign({ kept: ({ context }) => context.busy, busy: [] }) },
      },
    },
    relaunching: {
      invoke: {
        src: 'launch',
        input: ({ context }) => ({ probeIds: context.busy, task: context.request?.task ?? {}, confirm: true }),
        onDone: {
          target: 'ready',
          actions: assign({
            launched: ({ context, event }) => [...context.launched, ...probesWith(outcomesOf(event), 'launched')],
            // With the confirmation nothing should still be busy; if a probe is, it is left as it was.
            kept: ({ event }) => probesWith(outcomesOf(event), 'busy'),
            failed: ({ context, event }) => [...context.failed, ...failuresOf(outcomesOf(event))],
            busy: [],
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({
            failed: ({ context, event }) => [...context.failed, ...callFailed(context.busy)(event)],
            busy: [],
          }),
        },
      },
    },
  },
});
