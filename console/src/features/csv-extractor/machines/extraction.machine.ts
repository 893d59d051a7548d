import type { FileRecord } from '@nq/contracts/files/file-record';
import { assign, fromPromise, setup } from 'xstate';
import type { ExtractionCall } from '../api/csv-extractor-api.ts';

/** A refusal or failure as a catalogue message, with the body fields it names (field → message). */
export interface Problem {
  code: string;
  /** The answer's HTTP status, when the API gave one. */
  status?: number | undefined;
  params?: Record<string, string | number> | undefined;
  fields: Record<string, string>;
}

const isProblem = (error: unknown): error is Problem =>
  typeof error === 'object' && error !== null && typeof (error as Problem).code === 'string';
/** The actors reject with a Problem (see asProblemCall); anything else is the generic error. */
const problemOf = (error: unknown): Problem => (isProblem(error) ? error : { code: 'generic.error', fields: {} });

/** How often the file is read again while it is being made. */
export const FOLLOW_EVERY_MS = 1_000;

interface Context {
  /** The file followed (empty while editing). */
  fileId: string;
  file?: FileRecord | undefined;
  /** Why the extraction was refused (shown on the form). */
  refusal?: Problem | undefined;
  /** Why a download or retry failed, or why the file can no longer be followed. */
  problem?: Problem | undefined;
  /** A read of the file failed for a moment; following goes on. */
  unsteady: boolean;
}

type Event =
  | { type: 'EXTRACT'; call: ExtractionCall }
  | { type: 'FOLLOW'; fileId: string }
  | { type: 'DOWNLOAD' }
  | { type: 'RETRY' }
  | { type: 'EXTRACT_AGAIN' };

const fileOf = (event: unknown) => (event as { output: FileRecord }).output;
const errorOf = (event: unknown) => (event as { error: unknown }).error;

/**
 * The CSV extractor's submit-and-follow (docs/product/screens.md and states.md): an extraction asked for becomes a file
 * in progress, read again until it is ready (download it: ask for a link and go to it) or failed (retry it). A refusal
 * returns to the form with its message. A file id from the address is followed the same way.
 */
export const extractionMachine = setup({
  types: { context: {} as Context, events: {} as Event },
  actors: {
    submit: fromPromise<FileRecord, ExtractionCall>(async () => {
      throw new Error('provide the submit actor');
    }),
    readFile: fromPromise<FileRecord, string>(async () => {
      throw new Error('provide the readFile actor');
    }),
    retry: fromPromise<FileRecord, string>(async () => {
      throw new Error('provide the retry actor');
    }),
    downloadLink: fromPromise<string, string>(async () => {
      throw new Error('provide the downloadLink actor');
    }),
  },
  actions: {
    goTo: (_, _url: string) => {},
  },
  delays: { followEvery: FOLLOW_EVERY_MS },
  guards: {
    isReady: ({ event }) => fileOf(event).status === 'ready',
    isDeleted: ({ event }) => Boolean(fileOf(event).deletedAt),
    isFailed: ({ event }) => fileOf(event).status === 'error',
    /** Not found, or not the caller's to see: reading it again would not change that. */
    isGone: ({ event }) => {
      const { code, status } = problemOf(errorOf(event));
      return code === 'resource.notFound' || status === 401 || status === 403 || status === 404;
    },
  },
}).createMachine({
  id: 'extraction',
  context: { fileId: '', unsteady: false },
  initial: 'editing',
  on: {
    FOLLOW: {
      target: '.following',
      actions: assign({ fileId: ({ event }) => event.fileId, file: undefined, problem: undefined, refusal: undefined }),
    },
    EXTRACT_AGAIN: {
      target: '.editing',
      actions: assign({ fileId: '', file: undefined, problem: undefined }),
    },
  },
  states: {
    editing: {
      on: {
        EXTRACT: { target: 'submitting', actions: assign({ refusal: undefined }) },
      },
    },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ event }) => (event as Extract<Event, { type: 'EXTRACT' }>).call,
        onDone: {
          target: 'following.waiting',
          actions: assign({ file: ({ event }) => event.output, fileId: ({ event }) => event.output.id }),
        },
        onError: { target: 'editing', actions: assign({ refusal: ({ event }) => problemOf(event.error) }) },
      },
    },
    following: {
      initial: 'checking',
      entry: assign({ unsteady: false }),
      states: {
        checking: {
          invoke: {
            src: 'readFile',
            input: ({ context }) => context.fileId,
            onDone: [
              {
                guard: 'isDeleted',
                target: '#extraction.lost',
                actions: assign({
                  file: ({ event }) => fileOf(event),
                  problem: ({ event }): Problem => ({
                    code: 'files.deleted',
                    params: { name: fileOf(event).name },
                    fields: {},
                  }),
                }),
              },
              {
                guard: 'isReady',
                target: '#extraction.ready',
                actions: assign({ file: ({ event }) => event.output }),
              },
              {
                guard: 'isFailed',
                target: '#extraction.failed',
                actions: assign({ file: ({ event }) => event.output, problem: undefined }),
              },
              { target: 'waiting', actions: assign({ file: ({ event }) => event.output, unsteady: false }) },
            ],
            onError: [
              {
                guard: 'isGone',
                target: '#extraction.lost',
                actions: assign({ problem: ({ event }) => problemOf(event.error) }),
              },
              { target: 'waiting', actions: assign({ unsteady: true }) },
            ],
          },
        },
        waiting: { after: { followEvery: 'checking' } },
      },
    },
    ready: {
      on: { DOWNLOAD: { target: 'downloading', actions: assign({ problem: undefined }) } },
    },
    downloading: {
      invoke: {
        src: 'downloadLink',
        input: ({ context }) => context.fileId,
        onDone: { target: 'ready', actions: { type: 'goTo', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
    },
    failed: {
      on: { RETRY: { target: 'retrying', actions: assign({ problem: undefined }) } },
    },
    retrying: {
      invoke: {
        src: 'retry',
        input: ({ context }) => context.fileId,
        onDone: { target: 'following.waiting', actions: assign({ file: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
    },
    /** The file is no longer listed (or may not be read), or was deleted: only a new extraction is left. */
    lost: {},
  },
});
