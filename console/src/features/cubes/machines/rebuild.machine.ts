import type { CubeRebuild, CubeRebuildBody } from '@nq/contracts/analytics/cube-status';
import { assign, fromPromise, setup } from 'xstate';

export interface RebuildTarget {
  id: string;
  name: string;
}

/** Why the server refused a rebuild: its catalogue code (with its placeholders' values) and problems by field. */
export interface RebuildFailure {
  code: string;
  params?: Record<string, string | number> | undefined;
  /** Catalogue messages by body field (`from`, `to`). */
  fields?: Record<string, string>;
}

/**
 * Rebuild a cube over a range (POST /api/cubes/:id/rebuild): the administrator picks the range, the server queues the
 * job (202) and the dialog then follows its progress until closed. A refusal goes back to the range, with its reason.
 */
export const rebuildMachine = setup({
  types: {
    context: {} as { cube?: RebuildTarget | undefined; failure?: RebuildFailure | undefined; rebuild?: CubeRebuild },
    events: {} as
      | { type: 'OPEN'; cube: RebuildTarget }
      | { type: 'SUBMIT'; range: CubeRebuildBody }
      | { type: 'CLOSE' },
  },
  actors: {
    rebuild: fromPromise<CubeRebuild, { cubeId: string; range: CubeRebuildBody }>(async () => {
      throw new Error('provide the rebuild actor');
    }),
  },
  actions: {
    announceRequested: () => {},
  },
}).createMachine({
  id: 'cubeRebuild',
  context: {},
  initial: 'idle',
  states: {
    idle: {
      on: {
        OPEN: {
          target: 'choosing',
          actions: assign({ cube: ({ event }) => event.cube, failure: undefined, rebuild: undefined }),
        },
      },
    },
    choosing: {
      on: {
        SUBMIT: { target: 'sending', actions: assign({ failure: undefined }) },
        CLOSE: { target: 'idle', actions: assign({ cube: undefined, failure: undefined }) },
      },
    },
    sending: {
      invoke: {
        src: 'rebuild',
        input: ({ context, event }) => ({
          cubeId: context.cube?.id ?? '',
          range: (event as { range: CubeRebuildBody }).range,
        }),
        onDone: {
          target: 'following',
          actions: [assign({ rebuild: ({ event }) => event.output }), 'announceRequested'],
        },
        onError: { target: 'choosing', actions: assign({ failure: ({ event }) => event.error as RebuildFailure }) },
      },
    },
    following: {
      on: { CLOSE: { target: 'idle', actions: assign({ cube: undefined, rebuild: undefined }) } },
    },
  },
});
