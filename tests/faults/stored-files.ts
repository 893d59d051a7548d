import pg from 'pg';
import type { RequestedFile } from './job-load.ts';
import type { signedFetch } from './signed-fetch.ts';

export interface FileCheck {
  file: RequestedFile;
  /** Its stream has no request, or never became ready. */
  lost: boolean;
  /** More than one request or more than one ready event: the job's work was recorded twice. */
  duplicated: boolean;
  /** The files read model does not show it ready. */
  readModelBehind: boolean;
}

/** The files the analyst's list shows ready, page by page. */
async function readyFilesListed(admin: ReturnType<typeof signedFetch>) {
  const readyInList = new Set<string>();
  for (let page = 1; ; page++) {
    const listed = await admin('GET', `/files-management?status=ready&pageSize=200&page=${page}`);
    const list = (listed.body?.list ?? []) as { id: string }[];
    for (const record of list) readyInList.add(record.id);
    if (list.length < 200) return readyInList;
  }
}

/**
 * Holds every acknowledged extraction against the event store and the files read model: its file stream records one
 * request and one `FileReady` (a job that ran again after its process died must not record a second), and the
 * analyst's file list shows it ready. Waits up to `timeoutMs` for the jobs still running and the list to show them.
 */
export async function checkFiles(
  databaseUrl: string,
  admin: ReturnType<typeof signedFetch>,
  files: RequestedFile[],
  timeoutMs = 180_000,
): Promise<FileCheck[]> {
  const acknowledged = files.filter((file) => file.fileId);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ stream_id: string; requested: string; ready: string }>(
        `select stream_id, count(*) filter (where type = 'FileRequested') as requested,
                count(*) filter (where type = 'FileReady') as ready
           from es_events where stream_id = any($1) group by stream_id`,
        [acknowledged.map((file) => file.fileId)],
      );
      const streams = new Map(rows.map((row) => [row.stream_id, row]));
      const allReady = acknowledged.every((file) => Number(streams.get(file.fileId!)?.ready ?? 0) > 0);
      if (!allReady && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        continue;
      }
      // The list is the files read model, which applies the last `FileReady` a moment after the event store holds it
      // (longer on a busy machine): read it until it shows every file the event store has ready, up to the deadline.
      let readyInList = await readyFilesListed(admin);
      while (
        acknowledged.some((file) => Number(streams.get(file.fileId!)?.ready ?? 0) > 0 && !readyInList.has(file.fileId!))
      ) {
        if (Date.now() >= deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        readyInList = await readyFilesListed(admin);
      }
      return acknowledged.map((file) => {
        const stream = streams.get(file.fileId!);
        return {
          file,
          lost: !stream || Number(stream.ready) === 0,
          duplicated: Number(stream?.requested ?? 0) > 1 || Number(stream?.ready ?? 0) > 1,
          readModelBehind: !readyInList.has(file.fileId!),
        };
      });
    }
  } finally {
    await client.end();
  }
}
