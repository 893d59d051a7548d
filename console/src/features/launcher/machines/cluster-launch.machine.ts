import type { LaunchGroup } from '@nq/contracts/fleet/launch';
import { assign, fromPromise, setup } from 'xstate';

/** What to launch on a cluster: one task (as a task suite holds it) on every active probe of it. */
export interface ClusterLaunchRequest {
  clusterId: string;
  task: Record<string, unknown>;
}

export interface ClusterLaunchCallInput extends ClusterLaunchRequest {
  /** Cancel the measurements in progress on the cluster's probes (the user agreed). */
  confirm: boolean;
}

/** What POST /api/launches/clusters answers: the group launched, and how many launches in progress it cancelled. */
export interface ClusterLaunchAnswer {
  group: LaunchGroup;
  cancelled: number;
}

/** A refusal as the catalogue words it: its code and the values of its message's placeholders. */
export interface LaunchProblem {
  code: string;
  params: Record<string, string | number>;
}

interface Context {
  request?: ClusterLaunchRequest | undefined;
  /** The group launched last. */
  answer?: ClusterLaunchAnswer | undefined;
  /** The 409 that asks for a confirmation (how many of the cluster's probes are busy), while it is asked. */
  busy?: LaunchProblem | undefined;
  /** The user said no: nothing was launched, the measurements in progress go on. */
  kept: boolean;
  /** Why the launch was refused (422: no probe to launch on, too many probes), or failed. */
  problem?: LaunchProblem | undefined;
}

type Event = { type: 'LAUNCH'; request: ClusterLaunchRequest } | { type: 'CONFIRM' } | { type: 'CANCEL' };

/** The values of a message's placeholders, as an answer gives them: its strings and numbers. */
const paramsOf = (value: unknown): Record<string, string | number> =>
  typeof value === 'object' && value !== null
    ? Object.fromEntries(
        Object.entries(value).filter(
          (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
        ),
      )
    : {};

/** The refusal a failed call carries (an ApiError: its catalogue `code` and the `params` the server filled in). */
export function problemOf(error: unknown): LaunchProblem {
  const { code, params } = (error ?? {}) as { code?: unknown; params?: unknown };
  return { code: typeof code === 'string' ? code : 'generic.error', params: paramsOf(params) };
}

const answerOf = (event: unknown) => (event as { output: ClusterLaunchAnswer }).output;
const errorOf = (event: unknown) => (event as { error?: unknown }).error;

/**
 * A launch on every probe of a cluster (docs/product/states.md#measurement-launches). A first call never cancels
 * anything: when some of the cluster's probes have a measurement in progress the server launches nothing and answers
 * 409 measurements.inProgressOnProbes; the user is asked, and only after a yes is the same launch sent again with the
 * confirmation flag, which cancels those and launches on every probe.
 */
export const clusterLaunchMachine = setup({
  types: { context: {} as Context, events: {} as Event },
  actors: {
    launch: fromPromise<ClusterLaunchAnswer, ClusterLaunchCallInput>(async () => {
      throw new Error('provide the launch actor');
    }),
  },
  guards: {
    someInProgress: ({ event }) => problemOf(errorOf(event)).code === 'measurements.inProgressOnProbes',
  },
}).createMachine({
  id: 'clusterLaunch',
  context: { kept: false },
  initial: 'ready',
  states: {
    ready: {
      on: {
        LAUNCH: {
          target: 'launching',
          actions: assign({
            request: ({ event }) => event.request,
            answer: undefined,
            busy: undefined,
            kept: false,
            problem: undefined,
          }),
        },
      },
    },
    launching: {
      invoke: {
        src: 'launch',
        input: ({ context }) => ({
          clusterId: context.request?.clusterId ?? '',
          task: context.request?.task ?? {},
          confirm: false,
        }),
        onDone: { target: 'ready', actions: assign({ answer: ({ event }) => answerOf(event) }) },
        onError: [
          {
            guard: 'someInProgress',
            target: 'confirmingCancel',
            actions: assign({ busy: ({ event }) => problemOf(errorOf(event)) }),
          },
          { target: 'ready', actions: assign({ problem: ({ event }) => problemOf(errorOf(event)) }) },
        ],
      },
    },
    confirmingCancel: {
      on: {
        CONFIRM: 'relaunching',
        CANCEL: { target: 'ready', actions: assign({ kept: true, busy: undefined }) },
      },
    },
    relaunching: {
      invoke: {
        src: 'launch',
        input: ({ context }) => ({
          clusterId: context.request?.clusterId ?? '',
          task: context.request?.task ?? {},
          confirm: true,
        }),
        onDone: { target: 'ready', actions: assign({ answer: ({ event }) => answerOf(event), busy: undefined }) },
        onError: {
          target: 'ready',
          actions: assign({ problem: ({ event }) => problemOf(errorOf(event)), busy: undefined }),
        },
      },
    },
  },
});
