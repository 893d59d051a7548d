import type { SqlClient } from '../sql/sql-client.ts';
import { openBullmqJobQueue } from './bullmq-job-queue.ts';
import type { JobKind, JobQueue } from './job-queue-port.ts';
import { openSqlJobQueue } from './sql-job-queue.ts';

export interface JobQueueSettings {
  adapter: 'bullmq' | 'embedded';
  redisUrl: string;
  /** Prefix of the BullMQ keys. */
  prefix: string;
  /** The platform's database, where the embedded adapter keeps its table. */
  sql: SqlClient;
  kinds: readonly JobKind<unknown>[];
}

/** The Jobs adapter chosen by configuration (JOBS_ADAPTER). */
export function openJobQueue(settings: JobQueueSettings): Promise<JobQueue> {
  const { adapter, kinds } = settings;
  if (adapter === 'bullmq') return openBullmqJobQueue({ redisUrl: settings.redisUrl, prefix: settings.prefix, kinds });
  return openSqlJobQueue(settings.sql, { kinds });
}
