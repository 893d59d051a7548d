import { DomainError, type EventMetadata } from '@nq/contracts';
import type { SqlExecutor } from '../sql/sql-client.ts';
import { eventIdFor } from './event-ids.ts';
import type { AppendConstraints, AppendRequest } from './event-store-port.ts';
import type { EventRow } from './sql-event-rows.ts';

// One statement per kind of write for all the requests of an append, whatever their number: a file of probes
// appends as many streams as a single command does statements.

const json = (value: unknown) => JSON.stringify(value);

/** Each stream's version moved on by its events, if it is the one its request expects; each one's first new version. */
async function advanceVersions(tx: SqlExecutor, requests: readonly AppendRequest[]): Promise<number[]> {
  const counted = (expected: (version: AppendRequest['expectedVersion']) => boolean) =>
    requests
      .filter((request) => expected(request.expectedVersion))
      .map(({ streamId, events, expectedVersion }) => ({ stream_id: streamId, count: events.length, expectedVersion }));
  const created = counted((version) => version === 0);
  const existing = counted((version) => typeof version === 'number' && version > 0);
  const anyVersion = counted((version) => version === 'any');
  const versions = new Map<string, number>();
  const record = (rows: { stream_id: string; version: number }[]) => {
    for (const row of rows) versions.set(row.stream_id, row.version);
  };
  if (created.length > 0)
    record(
      await tx.query(
        `insert into es_streams (stream_id, version)
         select s.stream_id, s.count from jsonb_to_recordset($1::jsonb) as s(stream_id text, count int)
         on conflict do nothing returning stream_id, version`,
        [json(created)],
      ),
    );
  if (existing.length > 0)
    record(
      await tx.query(
        `update es_streams e set version = e.version + s.count
         from jsonb_to_recordset($1::jsonb) as s(stream_id text, count int, "expectedVersion" int)
         where e.stream_id = s.stream_id and e.version = s."expectedVersion" returning e.stream_id, e.version`,
        [json(existing)],
      ),
    );
  if (anyVersion.length > 0)
    record(
      await tx.query(
        `insert into es_streams (stream_id, version)
         select s.stream_id, s.count from jsonb_to_recordset($1::jsonb) as s(stream_id text, count int)
         on conflict (stream_id) do update set version = es_streams.version + excluded.version
         returning stream_id, version`,
        [json(anyVersion)],
      ),
    );
  return requests.map(({ streamId, expectedVersion, events }) => {
    const version = versions.get(streamId);
    if (version === undefined) throw new DomainError('request.conflict', { details: { streamId, expectedVersion } });
    return version - events.length;
  });
}

/** An event as the append writes it. */
interface WrittenEvent {
  streamId: string;
  streamVersion: number;
  eventId: string;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

/**
 * Writes the events; answers their rows, their data and metadata as the JSON written holds them (what a read finds)
 * rather than read back.
 */
async function insertEvents(tx: SqlExecutor, requests: readonly AppendRequest[], firstVersions: number[]) {
  const text = json(
    requests.flatMap(({ streamId, events, metadata }, request) =>
      events.map(
        (event, index): WrittenEvent => ({
          streamId,
          streamVersion: firstVersions[request]! + index + 1,
          eventId: eventIdFor(metadata.commandId, index),
          type: event.type,
          schemaVersion: event.schemaVersion,
          data: event.data,
          metadata,
        }),
      ),
    ),
  );
  const rows = await tx.query<Pick<EventRow, 'sequence' | 'transaction_id' | 'event_id' | 'recorded_at'>>(
    `insert into es_events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
     select e->>'streamId', (e->>'streamVersion')::int, (e->>'eventId')::uuid, e->>'type',
            (e->>'schemaVersion')::int, e->'data', e->'metadata'
     from jsonb_array_elements($1::jsonb) with ordinality as x(e, ordinality) order by x.ordinality
     returning sequence::text, transaction_id::text, event_id::text, recorded_at`,
    [text],
  );
  const byId = new Map(rows.map((row) => [row.event_id, row]));
  return (JSON.parse(text) as WrittenEvent[]).map(
    (event): EventRow => ({
      ...byId.get(event.eventId)!,
      stream_id: event.streamId,
      stream_version: event.streamVersion,
      type: event.type,
      schema_version: event.schemaVersion,
      data: event.data,
      metadata: event.metadata,
    }),
  );
}

/** What the requests' constraints list, each with the stream that asks for it, in the requests' order. */
const constraintsOf = <T>(
  requests: readonly AppendRequest[],
  pick: (constraints: AppendConstraints) => T[] | undefined,
) =>
  requests.flatMap(({ streamId, constraints }) =>
    (constraints ? (pick(constraints) ?? []) : []).map((item) => ({ stream_id: streamId, ...item })),
  );

async function enforce(tx: SqlExecutor, requests: readonly AppendRequest[]) {
  const releases = constraintsOf(requests, (constraints) => constraints.release);
  if (releases.length > 0)
    await tx.query(
      `delete from es_reservations r using jsonb_to_recordset($1::jsonb) as w(scope text, value text, stream_id text)
       where r.scope = w.scope and r.value = w.value and r.stream_id = w.stream_id`,
      [json(releases)],
    );

  const claims = constraintsOf(requests, (constraints) => constraints.claim);
  if (claims.length > 0) {
    const keyOf = ({ scope, value }: { scope: string; value: string }) => `${scope}\u0000${value}`;
    const claimants = new Map<string, (typeof claims)[number]>();
    for (const claim of claims) {
      const first = claimants.get(keyOf(claim));
      // Two streams of the append claiming one value: the first holds it, as two appends one after the other would.
      if (first && first.stream_id !== claim.stream_id)
        throw new DomainError(claim.conflict, { details: { field: claim.scope, value: claim.value } });
      claimants.set(keyOf(claim), claim);
    }
    // Waits for a concurrent claim of the same value to commit or roll back, then decides.
    const held = await tx.query<{ scope: string; value: string }>(
      `insert into es_reservations (scope, value, stream_id)
       select w.scope, w.value, w.stream_id from jsonb_to_recordset($1::jsonb) as w(scope text, value text, stream_id text)
       on conflict (scope, value) do update set stream_id = excluded.stream_id
       where es_reservations.stream_id = excluded.stream_id returning scope, value`,
      [json([...claimants.values()].map(({ scope, value, stream_id }) => ({ scope, value, stream_id })))],
    );
    const heldKeys = new Set(held.map(keyOf));
    const refused = claims.find((claim) => !heldKeys.has(keyOf(claim)));
    if (refused) throw new DomainError(refused.conflict, { details: { field: refused.scope, value: refused.value } });
  }

  const removed = constraintsOf(requests, (constraints) => constraints.removeReferences);
  if (removed.length > 0)
    await tx.query(
      `delete from es_references r using jsonb_to_recordset($1::jsonb) as w(stream_id text, "to" text)
       where r.from_stream = w.stream_id and r.to_stream = w."to"`,
      [json(removed)],
    );

  const added = constraintsOf(requests, (constraints) => constraints.addReferences);
  if (added.length > 0) {
    // The shared lock makes a concurrent deletion of a target wait for this append, and then see the reference.
    const targets = await tx.query<{ stream_id: string; deleted: boolean }>(
      'select stream_id, deleted from es_streams where stream_id = any($1::text[]) order by stream_id for share',
      [[...new Set(added.map(({ to }) => to))]],
    );
    const live = new Set(targets.filter(({ deleted }) => !deleted).map(({ stream_id }) => stream_id));
    const missing = added.find(({ to }) => !live.has(to));
    if (missing) throw new DomainError(missing.missing, { details: { reference: missing.to } });
    await tx.query(
      `insert into es_references (from_stream, to_stream)
       select w.stream_id, w."to" from jsonb_to_recordset($1::jsonb) as w(stream_id text, "to" text)
       on conflict do nothing`,
      [json(added.map(({ stream_id, to }) => ({ stream_id, to })))],
    );
  }

  for (const { streamId, constraints } of requests) {
    if (!constraints?.refuseIfReferenced) continue;
    const referrers = await tx.query<{ from_stream: string }>(
      'select from_stream from es_references where to_stream = $1 order by from_stream limit 20',
      [streamId],
    );
    if (referrers.length > 0)
      throw new DomainError(constraints.refuseIfReferenced, {
        details: { referencedBy: referrers.map((r) => r.from_stream) },
      });
  }

  const deleted = requests.filter(({ constraints }) => constraints?.markDeleted).map(({ streamId }) => streamId);
  if (deleted.length > 0) {
    await tx.query('update es_streams set deleted = true where stream_id = any($1::text[])', [deleted]);
    await tx.query('delete from es_references where from_stream = any($1::text[])', [deleted]);
  }
}

/**
 * Appends the requests' events in the caller's transaction (one request per stream), with what their constraints
 * must make true: every one, or a refusal (a `DomainError`) that rolls the transaction back. Answers the rows written.
 */
export async function appendWithin(tx: SqlExecutor, requests: readonly AppendRequest[]): Promise<EventRow[]> {
  const firstVersions = await advanceVersions(tx, requests);
  const rows = await insertEvents(tx, requests, firstVersions);
  await enforce(tx, requests);
  return rows;
}
