import { Client, errors } from '@elastic/elasticsearch';
import { type ElasticsearchConnection, elasticsearchClientOptions } from '../read-store/elasticsearch-connection.ts';
import { BackupRefused } from './backup.ts';

/** Where and when Elasticsearch snapshots the measurements' monthly indices, and how long it keeps them. */
export interface MeasurementSnapshots {
  /** The snapshot repository's name, type (`s3`, `gcs`, `azure`, `fs`) and settings (bucket, base_path, location…). */
  repository: { name: string; type: string; settings: Record<string, string> };
  /** Elasticsearch's cron (seconds first), in UTC. */
  schedule: string;
  keepDays: number;
}

const reasonOf = (refused: errors.ResponseError) =>
  (refused.body as { error?: { reason?: string } } | undefined)?.error?.reason ?? refused.message;

/** The snapshot lifecycle policy's id for an index prefix. */
export const snapshotPolicyId = (indexPrefix: string) => `${indexPrefix}-measurements-nightly`;

/**
 * Registers the snapshot repository (Elasticsearch checks that every node can write to it) and the snapshot
 * lifecycle policy (SLM) that snapshots `<prefix>-measurements-*` on the schedule and deletes snapshots older than
 * `keepDays` (keeping at least 7). Run again, it replaces both with what it is given. The measurements are the one
 * store the event store cannot rebuild; their snapshots are incremental (each costs what changed since the last).
 */
export async function scheduleMeasurementSnapshots(
  connection: ElasticsearchConnection & { indexPrefix: string },
  snapshots: MeasurementSnapshots,
) {
  const client = new Client(elasticsearchClientOptions(connection));
  const { repository } = snapshots;
  const refusal = (error: unknown) => (error instanceof errors.ResponseError ? error : undefined);
  try {
    await client.snapshot
      .createRepository({
        name: repository.name,
        repository: { type: repository.type, settings: repository.settings } as never,
        verify: true,
      })
      .catch((error: unknown) => {
        const refused = refusal(error);
        if (!refused) throw error;
        throw new BackupRefused(
          `snapshot repository '${repository.name}' refused (${refused.statusCode}): ${reasonOf(refused)}`,
        );
      });
    const policy = snapshotPolicyId(connection.indexPrefix);
    await client.slm
      .putLifecycle({
        policy_id: policy,
        schedule: snapshots.schedule,
        name: `<${connection.indexPrefix}-measurements-{now/d}>`,
        repository: repository.name,
        config: { indices: [`${connection.indexPrefix}-measurements-*`], include_global_state: false },
        retention: { expire_after: `${snapshots.keepDays}d`, min_count: 7, max_count: 200 },
      })
      .catch((error: unknown) => {
        const refused = refusal(error);
        if (!refused) throw error;
        // A distribution without the x-pack modules (the test one) has no _slm endpoint at all.
        if (JSON.stringify(refused.body ?? '').includes('no handler found'))
          throw new BackupRefused(
            `snapshot repository '${repository.name}' registered, but this Elasticsearch has no snapshot lifecycle ` +
              'management: take the snapshots from a scheduled job instead (docs/operations.md, backups)',
          );
        throw new BackupRefused(`snapshot policy '${policy}' refused (${refused.statusCode}): ${reasonOf(refused)}`);
      });
    return { repository: repository.name, policy };
  } finally {
    await client.close();
  }
}
