import { polygonSizeProblem } from '@nq/contracts/configuration/geojson';
import {
  type MeasuredPolygon,
  measurePolygon,
  type PolygonGeometry,
  polygonSizeLimit,
} from '@nq/contracts/configuration/polygon-measures';
import { vertexCount } from '@nq/contracts/configuration/polygon-simplify';
import { assign, fromPromise, setup } from 'xstate';
import type { FileReading, UploadProblem } from '../model/geojson-file.ts';

/** What the machine needs of a chosen file (a browser File has both). */
export interface ChosenFile {
  name: string;
  text(): Promise<string>;
}

export interface PolygonUploadInput {
  /** The entity's polygon, when it has one. */
  polygon?: MeasuredPolygon | undefined;
  /** Bytes (docs/product/limits.md#sizes, polygon size limit). */
  limit?: number;
}

interface Context {
  /** The polygon the form will send; replaced only by an upload that passes every rule. */
  polygon?: MeasuredPolygon | undefined;
  /** The polygons of the file being read that are still in play (several: the user picks). */
  candidates: PolygonGeometry[];
  /** Indexes into `candidates`. */
  selected: number[];
  /** The polygon over the size limit, while the size-limit dialog asks what to do. */
  oversized?: MeasuredPolygon | undefined;
  problem?: UploadProblem | undefined;
  /** Vertex counts before and after the last simplification, to tell the user. */
  simplified?: { from: number; to: number } | undefined;
  fileName?: string | undefined;
  limit: number;
}

type Event =
  | { type: 'FILE_CHOSEN'; file: ChosenFile }
  | { type: 'TOGGLE'; index: number }
  | { type: 'KEEP' }
  | { type: 'CUT' }
  | { type: 'SIMPLIFY' }
  | { type: 'CANCEL' }
  | { type: 'CLEAR' };

const unselected = (context: Context) => context.candidates.filter((_, index) => !context.selected.includes(index));
const selectedOnes = (context: Context) => context.candidates.filter((_, index) => context.selected.includes(index));
const noneSelected = { code: 'geojson.noPolygonSelected' } as const satisfies UploadProblem;

/**
 * GeoJSON upload (docs/product/rules.md#geojson-upload) for a campaign or geographic filter: the file is read by the
 * contracts' rules (a problem keeps the current polygon and shows the catalogue message); a file with several polygons
 * waits for the user to select some and keep them or cut them away ('Please select a polygon to cut' when none is
 * selected) until one is left; a polygon over the size limit opens the size-limit dialog, which simplifies it or gives
 * it up. `polygonChanged` (provided by the form) hears every change of the polygon.
 */
export const polygonUploadMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as PolygonUploadInput },
  actors: {
    readFile: fromPromise<FileReading, ChosenFile>(async () => {
      throw new Error('provide the readFile actor');
    }),
    simplify: fromPromise<PolygonGeometry | undefined, { polygon: PolygonGeometry; limit: number }>(async () => {
      throw new Error('provide the simplify actor');
    }),
  },
  guards: {
    nothingSelected: ({ context }) => context.selected.length === 0,
    keepsOne: ({ context }) => context.selected.length === 1,
    cutsAll: ({ context }) => context.selected.length === context.candidates.length,
    leavesOne: ({ context }) => unselected(context).length === 1,
    tooBig: ({ context }) =>
      context.candidates[0] !== undefined &&
      polygonSizeProblem(measurePolygon(context.candidates[0]), context.limit) !== undefined,
  },
  actions: {
    polygonChanged: () => {},
    showNoneSelected: assign({ problem: noneSelected }),
    keepSelected: assign({ candidates: ({ context }) => selectedOnes(context), selected: [], problem: undefined }),
    cutSelected: assign({ candidates: ({ context }) => unselected(context), selected: [], problem: undefined }),
    forgetCandidates: assign({ candidates: [], selected: [], oversized: undefined }),
  },
}).createMachine({
  id: 'polygonUpload',
  context: ({ input }) => ({
    polygon: input.polygon,
    candidates: [],
    selected: [],
    limit: input.limit ?? polygonSizeLimit,
  }),
  initial: 'idle',
  on: {
    FILE_CHOSEN: {
      target: '.reading',
      actions: assign({
        fileName: ({ event }) => event.file.name,
        problem: undefined,
        simplified: undefined,
        candidates: [],
        selected: [],
      }),
    },
  },
  states: {
    idle: {
      on: {
        CLEAR: {
          actions: [assign({ polygon: undefined, problem: undefined, simplified: undefined }), 'polygonChanged'],
        },
      },
    },
    reading: {
      invoke: {
        src: 'readFile',
        input: ({ event }) => (event as Extract<Event, { type: 'FILE_CHOSEN' }>).file,
        onDone: [
          {
            guard: ({ event }) => !event.output.ok,
            target: 'idle',
            actions: assign({ problem: ({ event }) => (event.output.ok ? undefined : event.output.problem) }),
          },
          {
            guard: ({ event }) => event.output.ok && event.output.polygons.length > 1,
            target: 'choosing',
            actions: assign({ candidates: ({ event }) => (event.output.ok ? event.output.polygons : []) }),
          },
          {
            target: 'checking',
            actions: assign({ candidates: ({ event }) => (event.output.ok ? event.output.polygons : []) }),
          },
        ],
        onError: { target: 'idle', actions: assign({ problem: { code: 'geojson.invalidContent' } }) },
      },
    },
    choosing: {
      on: {
        TOGGLE: {
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.includes(event.index)
                ? context.selected.filter((index) => index !== event.index)
                : [...context.selected, event.index].sort((a, b) => a - b),
            problem: undefined,
          }),
        },
        KEEP: [
          { guard: 'nothingSelected', actions: 'showNoneSelected' },
          { guard: 'keepsOne', target: 'checking', actions: 'keepSelected' },
          { actions: 'keepSelected' },
        ],
        CUT: [
          { guard: 'nothingSelected', actions: 'showNoneSelected' },
          { guard: 'cutsAll', actions: assign({ problem: { code: 'geojson.noFeatures' } }) },
          { guard: 'leavesOne', target: 'checking', actions: 'cutSelected' },
          { actions: 'cutSelected' },
        ],
        CANCEL: { target: 'idle', actions: 'forgetCandidates' },
      },
    },
    checking: {
      always: [
        {
          guard: 'tooBig',
          target: 'tooBig',
          actions: assign({ oversized: ({ context }) => measurePolygon(context.candidates[0]!) }),
        },
        {
          target: 'idle',
          actions: [
            assign({ polygon: ({ context }) => measurePolygon(context.candidates[0]!) }),
            'forgetCandidates',
            'polygonChanged',
          ],
        },
      ],
    },
    tooBig: {
      on: {
        SIMPLIFY: 'simplifying',
        CANCEL: {
          target: 'idle',
          actions: [
            assign({ problem: ({ context }) => ({ code: 'geojson.polygonTooBig', params: { limit: context.limit } }) }),
            'forgetCandidates',
          ],
        },
      },
    },
    simplifying: {
      invoke: {
        src: 'simplify',
        input: ({ context }) => ({ polygon: context.oversized!, limit: context.limit }),
        onDone: [
          {
            guard: ({ event }) => event.output === undefined,
            target: 'idle',
            actions: [
              assign({
                problem: ({ context }) => ({ code: 'geojson.polygonTooBig', params: { limit: context.limit } }),
              }),
              'forgetCandidates',
            ],
          },
          {
            target: 'idle',
            actions: [
              assign({
                polygon: ({ event }) => measurePolygon(event.output!),
                simplified: ({ context, event }) => ({
                  from: vertexCount(context.oversized!),
                  to: vertexCount(event.output!),
                }),
              }),
              'forgetCandidates',
              'polygonChanged',
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            assign({ problem: ({ context }) => ({ code: 'geojson.polygonTooBig', params: { limit: context.limit } }) }),
            'forgetCandidates',
          ],
        },
      },
    },
  },
});
