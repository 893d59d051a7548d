import { z } from 'zod';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** One file of a backup folder, with what it holds and its checksum (checked before a restore writes anything). */
const part = z.object({ file: z.string(), rows: z.number().int().nonnegative(), sha256 });

/**
 * `manifest.json`, written last: a folder without it is no backup. It names every part, so that a damaged or
 * truncated part is found before anything is restored.
 */
export const backupManifestSchema = z.object({
  format: z.literal('nq-backup'),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  /** The profile and event-store adapter it was taken on (a backup restores into either). */
  source: z.object({ profile: z.string(), eventStore: z.string(), measurements: z.string() }),
  /**
   * Where the key material that sealed the stored secrets came from, and a fingerprint of it (never the key): a
   * configured SECRET_KEY must be configured again to restore; a generated one is in the backup's settings table.
   */
  keyMaterial: z.object({ source: z.enum(['configured', 'generated']), fingerprint: z.string() }),
  /** The event store's tables, by name. */
  tables: z.record(z.string(), part),
  /** The newest event in the backup (a restore that finds exactly these events already there goes on). */
  lastEventId: z.string().nullable(),
  /** Null when left out (`--without-measurements`): they come back from Elasticsearch's own snapshots instead. */
  measurements: part.nullable(),
  files: z.array(z.object({ name: z.string(), size: z.number().int().nonnegative(), sha256 })),
  seconds: z.number(),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;
