import type { FileRecord } from '@nq/contracts/files/file-record';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ExtractionCall } from '../api/csv-extractor-api.ts';
import { extractionMachine, type Problem } from './extraction.machine.ts';

const problem = (code: string, fields: Record<string, string> = {}): Problem => ({ code, fields });

const inProgress: FileRecord = {
  id: 'file-extraction-01',
  service: 'csvExtractor',
  name: 'extraction.csv',
  status: 'inProgress',
  createdAt: '2026-03-01T10:00:00.000Z',
  attempts: 1,
};
const call: ExtractionCall = { service: 'mobile', programs: ['speedtest'], body: { templateId: 'mine' } };

/** An extractor whose file goes through `states` at each read (the last one stays); the calls are recorded. */
function start(states: Partial<FileRecord>[], options: { refuse?: Problem; retryFails?: Problem } = {}) {
  const reads: string[] = [];
  const submitted: ExtractionCall[] = [];
  const visited: string[] = [];
  let read = 0;
  const machine = extractionMachine.provide({
    delays: { followEvery: 5 },
    actors: {
      submit: fromPromise<FileRecord, ExtractionCall>(async ({ input }) => {
        submitted.push(input);
        if (options.refuse) throw options.refuse;
        return inProgress;
      }),
      readFile: fromPromise<FileRecord, string>(async ({ input }) => {
        reads.push(input);
        const state = states[Math.min(read++, states.length - 1)];
        if (state === undefined)
          throw input === inProgress.id
            ? { code: 'auth.forbidden', status: 403, fields: {} }
            : problem('resource.notFound');
        return { ...inProgress, id: input, ...state };
      }),
      retry: fromPromise<FileRecord, string>(async ({ input }) => {
        if (options.retryFails) throw options.retryFails;
        return { ...inProgress, id: input, attempts: 2 };
      }),
      downloadLink: fromPromise<string, string>(async ({ input }) => `/files-management/download?token=${input}`),
    },
    actions: { goTo: (_, url: string) => void visited.push(url) },
  });
  const actor = createActor(machine).start();
  return { actor, reads, submitted, visited };
}

describe('CSV extraction', () => {
  it('asks for the file, follows its progress until it is ready, and downloads it through a link', async () => {
    const { actor, submitted, reads, visited } = start([
      { progress: { percent: 40, rows: 400 } },
      { status: 'ready', size: 2048 },
    ]);
    actor.send({ type: 'EXTRACT', call });
    await waitFor(actor, (state) => state.matches('following'));
    expect(submitted).toEqual([call]);
    expect(actor.getSnapshot().context.fileId).toBe(inProgress.id);
    await waitFor(actor, (state) => state.context.file?.progress?.rows === 400);
    await waitFor(actor, (state) => state.matches('ready'));
    expect(reads.every((id) => id === inProgress.id)).toBe(true);

    actor.send({ type: 'DOWNLOAD' });
    await waitFor(actor, () => visited.length === 1);
    expect(visited).toEqual([`/files-management/download?token=${inProgress.id}`]);
    expect(actor.getSnapshot().matches('ready')).toBe(true);

    actor.send({ type: 'EXTRACT_AGAIN' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ fileId: '', file: undefined });
  });

  it('returns to the form with the refusal and the fields it names', async () => {
    const refusal = problem('validation.failed', { tsEnd: 'The end date is before the start date.' });
    const { actor } = start([], { refuse: refusal });
    actor.send({ type: 'EXTRACT', call });
    await waitFor(actor, (state) => state.matches('editing') && state.context.refusal !== undefined);
    expect(actor.getSnapshot().context.refusal).toMatchObject({
      code: 'validation.failed',
      fields: { tsEnd: 'The end date is before the start date.' },
    });
  });

  it('shows a failed file and follows it again once retried', async () => {
    const { actor } = start([{ status: 'error', errorCode: 'files.generationFailed' }, { status: 'ready' }]);
    actor.send({ type: 'FOLLOW', fileId: inProgress.id });
    await waitFor(actor, (state) => state.matches('failed'));
    expect(actor.getSnapshot().context.file?.errorCode).toBe('files.generationFailed');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (state) => state.matches('ready'));
  });

  it('stays on the failed file, with the reason, when the retry is refused', async () => {
    const { actor } = start([{ status: 'error' }], { retryFails: problem('files.notRetryable') });
    actor.send({ type: 'FOLLOW', fileId: inProgress.id });
    await waitFor(actor, (state) => state.matches('failed'));
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (state) => state.matches('failed') && state.context.problem !== undefined);
    expect(actor.getSnapshot().context.problem?.code).toBe('files.notRetryable');
  });

  it('says so when the file followed from the address is no longer listed, may not be read, or was deleted', async () => {
    const gone = start([]);
    gone.actor.send({ type: 'FOLLOW', fileId: 'file-unknown-001' });
    await waitFor(gone.actor, (state) => state.matches('lost'));
    expect(gone.actor.getSnapshot().context.problem?.code).toBe('resource.notFound');

    const refused = start([]);
    refused.actor.send({ type: 'FOLLOW', fileId: inProgress.id });
    await waitFor(refused.actor, (state) => state.matches('lost'));

    const deleted = start([{ status: 'ready', deletedAt: '2026-03-31T00:00:00.000Z' }]);
    deleted.actor.send({ type: 'FOLLOW', fileId: inProgress.id });
    await waitFor(deleted.actor, (state) => state.matches('lost'));
    expect(deleted.actor.getSnapshot().context.problem).toMatchObject({ code: 'files.deleted' });
  });

  it('keeps following through a failed read', async () => {
    let read = 0;
    const machine = extractionMachine.provide({
      delays: { followEvery: 5 },
      actors: {
        readFile: fromPromise<FileRecord, string>(async () => {
          if (read++ === 0) throw problem('dependency.unavailable');
          return { ...inProgress, status: 'ready' };
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'FOLLOW', fileId: inProgress.id });
    await waitFor(actor, (state) => state.context.unsteady);
    await waitFor(actor, (state) => state.matches('ready'));
  });
});
