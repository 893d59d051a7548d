import pg from 'pg';
import type { CommandedTag } from './command-load.ts';
import type { signedFetch } from './signed-fetch.ts';

export interface CommandCheck {
  tag: CommandedTag;
  /** Streams created under its name (1 expected). */
  streams: number;
  /** Events of its stream. */
  events: number;
  lost: boolean;
  duplicated: boolean;
  /** The read model's version and name differ from the event store's. */
  readModelBehind: boolean;
}

/**
 * Holds every commanded tag against the event store and the read model: an acknowledged command is stored exactly
 * once (one stream per name; as many events as commands acknowledged, plus at most the unacknowledged tries that may
 * have been applied), and the tags read model shows each stream at its stored version and name.
 */
export async function checkCommands(
  databaseUrl: string,
  admin: ReturnType<typeof signedFetch>,
  tags: CommandedTag[],
): Promise<CommandCheck[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; stream_id: string; events: string; version: number }>(
      `select created.data->'fields'->>'name' as name, created.stream_id, count(*) as events, max(every.stream_version) as version
         from es_events created join es_events every on every.stream_id = created.stream_id
        where created.stream_version = 1 and created.stream_id like 'tag-%' and created.data->'fields'->>'name' = any($1)
        group by created.data->'fields'->>'name', created.stream_id`,
      [tags.map((tag) => tag.name)],
    );
    const streamsOf = Map.groupBy(rows, (row) => row.name);
    const checks: CommandCheck[] = [];
    for (const tag of tags) {
      const streams = streamsOf.get(tag.name) ?? [];
      const events = streams.reduce((sum, stream) => sum + Number(stream.events), 0);
      const stored = streams[0];
      let readModelBehind = false;
      if (stored) {
        const id = stored.stream_id.slice('tag-'.length);
        const read = await admin('GET', `/tags/${id}`);
        readModelBehind = read.status !== 200 || read.body?.version !== stored.version;
      }
      checks.push({
        tag,
        streams: streams.length,
        events,
        lost: events < tag.acknowledgedVersion,
        duplicated: streams.length > 1 || events > tag.acknowledgedVersion + tag.unacknowledged,
        readModelBehind,
      });
    }
    return checks;
  } finally {
    await client.end();
  }
}
