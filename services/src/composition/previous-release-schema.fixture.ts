// The tables as the release before versioned migrations made them (commit cd4948e), copied verbatim: a database
// of that release is what an upgrade meets.
export const previousReleaseSchema = `
-- platform/src/event-store/sql-event-store.ts
create table if not exists es_events (
  sequence bigint generated always as identity primary key,
  transaction_id xid8 not null default pg_current_xact_id(),
  stream_id text not null,
  stream_version int not null,
  event_id uuid not null unique,
  type text not null,
  schema_version int not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  unique (stream_id, stream_version));
create index if not exists es_events_log_order on es_events (transaction_id, sequence);
create table if not exists es_streams (
  stream_id text primary key, version int not null, deleted boolean not null default false);
create table if not exists es_reservations (
  scope text not null, value text not null, stream_id text not null, primary key (scope, value));
create table if not exists es_references (
  from_stream text not null, to_stream text not null, primary key (from_stream, to_stream));
create index if not exists es_references_to on es_references (to_stream);
-- platform/src/read-store/sql-read-store.ts
create table if not exists rm_documents (
  collection text not null, id text not null, doc jsonb not null, version bigint not null,
  primary key (collection, id));
create table if not exists rm_checkpoints (projection text primary key, position text not null);
-- platform/src/log/embedded/embedded-log.ts
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
-- platform/src/measurements/sql-measurement-store.ts
create table if not exists measurements (
  measurement_id text primary key,
  probe_id text not null,
  measured_at timestamptz not null,
  received_at timestamptz not null,
  program text not null,
  test_type text not null,
  technology smallint not null,
  isp text,
  provider text,
  task_mode text not null,
  status text not null,
  probe_type text,
  hour smallint not null,
  weekday smallint not null,
  fringe smallint not null,
  campaigns text[] not null,
  clusters text[] not null,
  universes text[] not null,
  tags text[] not null,
  destination text,
  lat double precision,
  lon double precision,
  kpis jsonb not null,
  doc jsonb not null);
create index if not exists measurements_by_time on measurements (measured_at);
create index if not exists measurements_by_probe on measurements (probe_id, measured_at);
-- services/src/features/identity/identity-store.ts
create table if not exists iam_passwords (
  user_id text primary key, hash text not null, changed_at timestamptz not null);
create table if not exists iam_credentials (
  id text primary key, kind text not null, user_id text not null, profile_id text not null, name text,
  created_at timestamptz not null, expires_at timestamptz not null, revoked_at timestamptz,
  unlimited boolean not null default false, rate_limit integer);
create index if not exists iam_credentials_user on iam_credentials (user_id);
create table if not exists iam_password_links (
  token_hash text primary key, user_id text not null, purpose text not null,
  expires_at timestamptz not null, used_at timestamptz);
-- services/src/features/launcher/launch-store.ts
create table if not exists launches (
  id text primary key, probe_id text not null, task jsonb not null, state text not null, requested_by text not null,
  created_at timestamptz not null, updated_at timestamptz not null, measurement_id text, cancelled_by text);
create unique index if not exists launches_one_pending on launches (probe_id) where state = 'Pending';
create index if not exists launches_by_probe on launches (probe_id, created_at desc);
-- platform/src/secrets/platform-key.ts
create table if not exists platform_settings (name text primary key, value text not null);
`;
