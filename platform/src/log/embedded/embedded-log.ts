import { EventEmitter } from 'node:events';
import { processLog } from '../../logging/process-log.ts';
import { migrate, type SchemaModule } from '../../sql/migrations.ts';
import type { SqlClient } from '../../sql/sql-client.ts';
import { isConnectionFailure } from '../../sql/sql-errors.ts';
import { coalescingSender } from '../coalescing-sender.ts';
import { consumerStatusTracker } from '../consumer-status.ts';
import { retryDelayMs } from '../kafka/shared.ts';
import {
  type ConsumerOptions,
  type LogConsumer,
  type LogMessage,
  type LogPort,
  type LogRecord,
  LogUnavailableError,
  type PartitionLag,
  type TopicSpec,
} from '../log-port.ts';
import { partitionOf } from '../partition-of.ts';
import { GroupCoordinator } from './group-coordinator.ts';

/** How long a produce call waits for others to share its append (the embedded database's write). */
const APPEND_LINGER_MS = 4;
/** The embedded log's appends have no deadline of their own: the database answers or fails. */
const neverAborted = new AbortController().signal;

const schema = `
create table if not exists log_partitions (
  topic text not null, partition int not null, next_offset bigint not null default 0,
  primary key (topic, partition));
create table if not exists log_records (
  topic text not null, partition int not null, "offset" bigint not null,
  key text not null, value text not null, headers jsonb, created_at timestamptz not null default now(),
  primary key (topic, partition, "offset"));
create table if not exists log_group_offsets (
  group_id text not null, topic text not null, partition int not null, next_offset bigint not null,
  primary key (group_id, topic, partition));
`;

/** The tables this adapter owns, step by step (a later change is a new step). */
export const embeddedLogSchema: SchemaModule = { name: 'embedded-log', migrations: [{ id: '1-tables', up: schema }] };

interface RecordRow {
  position: string;
  key: string;
  value: string;
  headers: Record<string, string> | null;
  created_at: Date | string;
}

/** How soon a partition is looked at again while its batch lingers or its handler waits to be retried. */
const WAIT_POLL_MS = 250;
/**
 * Every assigned partition is read again this often even when nothing was produced to it in this process: a safety
 * net only, since this process is the embedded database's one writer and tells its consumers of every write.
 */
const SWEEP_INTERVAL_MS = 5_000;

/**
 * The embedded profile's Log: topics as tables in the embedded database. Offsets are handed out under a row lock on
 * the partition, so they become visible in commit order and a reader never skips one. Consumer groups are
 * coordinated in process: this adapter serves the single-process embedded profile.
 */
export async function openEmbeddedLog(sql: SqlClient): Promise<LogPort> {
  await migrate(sql, embeddedLogSchema);
  const produced = new EventEmitter().setMaxListeners(0);
  const coordinator = new GroupCoordinator();
  const partitionCounts = new Map<string, number>();

  async function partitionsOf(topic: string): Promise<number> {
    const known = partitionCounts.get(topic);
    if (known !== undefined) return known;
    const [row] = await sql.query<{ count: number }>(
      'select count(*)::int as count from log_partitions where topic = $1',
      [topic],
    );
    if (!row || row.count === 0) throw new Error(`unknown topic '${topic}': create it with ensureTopics first`);
    partitionCounts.set(topic, row.count);
    return row.count;
  }

  async function produce(topic: string, messages: LogMessage[]) {
    if (messages.length === 0) return;
    try {
      // An unknown topic fails its own call, not the append it would have joined.
      await partitionsOf(topic);
      await append(
        messages.map((message) => ({ topic, message })),
        neverAborted,
      );
    } catch (error) {
      if (isConnectionFailure(error)) throw new LogUnavailableError(error);
      throw error;
    }
  }

  // Each write transaction of the embedded database costs most of a millisecond (its write-ahead log on disk) whatever
  // it holds, and holds the event loop meanwhile: the produce calls of a few milliseconds (a gateway's requests, many
  // at once) go together in one append. A heartbeat a minute from 100,000 probes is 1,667 calls a second.
  const append = coalescingSender<{ topic: string; message: LogMessage }>(
    async (items) => {
      const byTopic = Map.groupBy(items, (item) => item.topic);
      const partitionsByTopic = new Map<string, number>();
      for (const topic of byTopic.keys()) partitionsByTopic.set(topic, await partitionsOf(topic));
      const batches = [...byTopic].flatMap(([topic, topicItems]) =>
        [...Map.groupBy(topicItems, (item) => partitionOf(item.message.key, partitionsByTopic.get(topic)!))].map(
          ([partition, batch]) => ({ topic, partition, messages: batch.map((item) => item.message) }),
        ),
      );
      // Partitions locked in one order by every append: two appends never wait on each other's locks.
      batches.sort((a, b) => a.topic.localeCompare(b.topic) || a.partition - b.partition);
      await sql.transaction(async (tx) => {
        for (const { topic, partition, messages } of batches) {
          const [reserved] = await tx.query<{ first: string }>(
            `update log_partitions set next_offset = next_offset + $3
           where topic = $1 and partition = $2 returning next_offset - $3 as first`,
            [topic, partition, messages.length],
          );
          await tx.query(
            `insert into log_records (topic, partition, "offset", key, value, headers)
           select $1, $2, $3::bigint + m.ordinality - 1, m.message->>'key', m.message->>'value',
                  nullif(m.message->'headers', 'null'::jsonb)
           from jsonb_array_elements($4::jsonb) with ordinality as m(message, ordinality)`,
            [
              topic,
              partition,
              reserved!.first,
              JSON.stringify(messages.map(({ key, value, headers }) => ({ key, value, headers: headers ?? null }))),
            ],
          );
        }
      });
      for (const [topic, topicBatches] of Map.groupBy(batches, (batch) => batch.topic))
        produced.emit(
          topic,
          topicBatches.map(({ partition, messages }) => ({ partition, count: messages.length })),
        );
    },
    { lingerMs: APPEND_LINGER_MS },
  );

  async function startingOffset(groupId: string, topic: string, partition: number, startFrom: 'earliest' | 'latest') {
    await sql.query(
      `insert into log_group_offsets (group_id, topic, partition, next_offset)
       select $1, $2, $3, case when $4 = 'latest' then next_offset else 0 end
       from log_partitions where topic = $2 and partition = $3
       on conflict do nothing`,
      [groupId, topic, partition, startFrom],
    );
    const [row] = await sql.query<{ next_offset: string }>(
      'select next_offset from log_group_offsets where group_id = $1 and topic = $2 and partition = $3',
      [groupId, topic, partition],
    );
    return BigInt(row!.next_offset);
  }

  async function consume(options: ConsumerOptions): Promise<LogConsumer> {
    const {
      groupId,
      topics,
      handle,
      maxBatchSize = 500,
      startFrom = 'earliest',
      partitionsAtOnce = 1,
      lingerMs = 0,
    } = options;
    const assignable = (
      await Promise.all(topics.map(async (topic) => ({ topic, count: await partitionsOf(topic) })))
    ).flatMap(({ topic, count }) => Array.from({ length: count }, (_, partition) => ({ topic, partition })));
    const member = coordinator.join(groupId, assignable);
    // Start positions are fixed before consume() resolves: a 'latest' group sees whatever is produced next.
    await Promise.all(
      member.assignment().map(({ topic, partition }) => startingOffset(groupId, topic, partition, startFrom)),
    );
    const tracker = consumerStatusTracker('embedded log', groupId);
    const abortController = new AbortController();
    let stopping = false;
    let wake: () => void = () => undefined;
    // The partitions worth reading: written to since they were last read empty, or waiting on a linger or a retry.
    // Reading every partition of every group at each turn kept an idle platform's database busy.
    const due = new Set<string>();
    const known = new Set<string>();
    // Where this member reads each of its partitions next: read from the database when it is assigned one, then
    // kept as it commits (the group's members are all in this process, and only the partition's owner commits).
    const nextOffsets = new Map<string, bigint>();
    // A partition's batch not full yet: when it has lingered long enough, and how many records it holds by now.
    const lingering = new Map<string, { until: number; records: number }>();
    let producedCount = 0;
    const listeners = topics.map((topic) => {
      const onProduce = (written: { partition: number; count: number }[]) => {
        for (const { partition, count } of written) {
          const key = `${topic}:${partition}`;
          due.add(key);
          const lingers = lingering.get(key);
          if (lingers) lingers.records += count;
        }
        producedCount++;
        wake();
      };
      produced.on(topic, onProduce);
      return () => produced.off(topic, onProduce);
    });
    // Per partition whose handler failed: the failures in a row and when it is tried again (the others go on).
    const retries = new Map<string, { failures: number; at: number }>();

    const aborted = new Promise<never>((_, reject) =>
      abortController.signal.addEventListener('abort', () => reject(new Error('consumer aborted')), { once: true }),
    );
    aborted.catch(() => undefined);

    /** Reads and handles a partition's next batch; answers whether it handled one. */
    async function pollPartition(topic: string, partition: number): Promise<boolean> {
      const key = `${topic}:${partition}`;
      // Taken off before the read: a record produced during it marks the partition due again.
      due.delete(key);
      const retry = retries.get(key);
      if (retry && Date.now() < retry.at) {
        due.add(key);
        return false;
      }
      // A batch lingering for more is not read again before its time or until it is full: every record produced
      // meanwhile would read it.
      const lingers = lingering.get(key);
      if (lingers && Date.now() < lingers.until && lingers.records < maxBatchSize) {
        due.add(key);
        return false;
      }
      const from = nextOffsets.get(key) ?? (await startingOffset(groupId, topic, partition, startFrom));
      nextOffsets.set(key, from);
      const rows = await sql.query<RecordRow>(
        `select "offset"::text as position, key, value, headers, created_at from log_records
         where topic = $1 and partition = $2 and "offset" >= $3 order by "offset" limit $4`,
        [topic, partition, from.toString(), maxBatchSize],
      );
      if (rows.length === 0) return false;
      // The partition may hold more than this batch, or this batch may fail: read it again next turn.
      due.add(key);
      // A batch not full yet waits for more until its oldest record has lingered long enough.
      const lingersUntil = new Date(rows[0]!.created_at).getTime() + lingerMs;
      if (rows.length < maxBatchSize && lingersUntil > Date.now()) {
        lingering.set(key, { until: lingersUntil, records: rows.length });
        return false;
      }
      lingering.delete(key);
      const records: LogRecord[] = rows.map((row) => ({
        topic,
        partition,
        offset: row.position,
        key: row.key,
        value: row.value,
        ...(row.headers ? { headers: row.headers } : {}),
        timestamp: new Date(row.created_at).getTime(),
      }));
      try {
        await Promise.race([handle(records, { signal: abortController.signal }), aborted]);
      } catch (error) {
        if (abortController.signal.aborted) return false;
        const failures = (retry?.failures ?? 0) + 1;
        const waitMs = retryDelayMs(failures - 1);
        retries.set(key, { failures, at: Date.now() + waitMs });
        processLog().warn(
          { topic, partition, offset: records[0]!.offset, err: error },
          `log handler failed on ${topic}/${partition} at offset ${records[0]!.offset}, retrying in ${waitMs} ms`,
        );
        return false;
      }
      retries.delete(key);
      const next = BigInt(records.at(-1)!.offset) + 1n;
      await sql.query(
        `update log_group_offsets set next_offset = greatest(next_offset, $4)
         where group_id = $1 and topic = $2 and partition = $3`,
        [groupId, topic, partition, next.toString()],
      );
      nextOffsets.set(key, next);
      return true;
    }

    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });

    const loop = (async () => {
      let failures = 0;
      let sweptAt = 0;
      while (!stopping && !abortController.signal.aborted) {
        let progressed = false;
        const producedBefore = producedCount;
        try {
          const sweep = Date.now() - sweptAt >= SWEEP_INTERVAL_MS;
          if (sweep) sweptAt = Date.now();
          const assigned = member.assignment();
          const keys = new Set(assigned.map(({ topic, partition }) => `${topic}:${partition}`));
          for (const key of keys) {
            // A partition newly assigned (another member left the group) is read at once.
            if (known.has(key)) continue;
            due.add(key);
            nextOffsets.delete(key);
            lingering.delete(key);
          }
          for (const key of [...due, ...known]) {
            if (keys.has(key)) continue;
            due.delete(key);
            known.delete(key);
            nextOffsets.delete(key);
            lingering.delete(key);
          }
          for (const key of keys) known.add(key);
          const assignment = assigned.filter(({ topic, partition }) => sweep || due.has(`${topic}:${partition}`));
          for (let first = 0; first < assignment.length; first += partitionsAtOnce) {
            if (stopping || abortController.signal.aborted) break;
            const polled = await Promise.all(
              assignment
                .slice(first, first + partitionsAtOnce)
                .map(({ topic, partition }) => pollPartition(topic, partition)),
            );
            progressed = polled.includes(true) || progressed;
          }
          failures = 0;
          tracker.up();
        } catch (error) {
          // The database did not answer: tried again, further apart, until it does.
          if (stopping || abortController.signal.aborted) break;
          tracker.down(error);
          await pause(retryDelayMs(failures++));
          continue;
        }
        if (!progressed && producedBefore === producedCount)
          await pause(due.size > 0 ? WAIT_POLL_MS : SWEEP_INTERVAL_MS - (Date.now() - sweptAt));
      }
    })();

    const leave = () => {
      for (const stopListening of listeners) stopListening();
      member.leave();
      wake();
    };
    return {
      stop: async () => {
        stopping = true;
        wake();
        await loop;
        leave();
      },
      abort: async () => {
        abortController.abort();
        leave();
        await loop.catch(() => undefined);
      },
      status: tracker.status,
    };
  }

  return {
    adapter: 'embedded',
    ensureTopics: async (topics: TopicSpec[]) => {
      for (const { name, partitions } of topics) {
        await sql.query(
          `insert into log_partitions (topic, partition)
           select $1, generate_series(0, $2 - 1) on conflict do nothing`,
          [name, partitions],
        );
        partitionCounts.delete(name);
      }
    },
    produce,
    consume,
    groupLag: (groupId: string) =>
      sql.query<PartitionLag>(
        `select g.topic, g.partition, greatest(p.next_offset - g.next_offset, 0)::int as records,
           g.next_offset::float8 as "committedOffset"
         from log_group_offsets g join log_partitions p on p.topic = g.topic and p.partition = g.partition
         where g.group_id = $1 order by g.topic, g.partition`,
        [groupId],
      ),
    ping: async () => {
      await sql.query('select 1');
    },
    close: async () => {
      produced.removeAllListeners();
    },
  };
}
