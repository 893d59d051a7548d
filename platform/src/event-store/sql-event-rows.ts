import type { EventMetadata } from '@nq/contracts';

/** A row of es_events as the event store reads it. */
export interface EventRow {
  sequence: string;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recorded_at: Date | string;
}

// The output columns keep the names of the columns they cast: an ORDER BY must name the table's columns
// (`es_events.sequence`), or it would sort by the text output ("10" < "9") and readers would skip events.
export const eventColumns = `sequence::text, transaction_id::text, stream_id, stream_version, event_id::text, type,
  schema_version, data, metadata, recorded_at`;
