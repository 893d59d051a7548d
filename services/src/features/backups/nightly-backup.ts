import { backUp, backupStoresOf, datedBackupFolder, pruneBackups } from '@nq/platform/backup/backup';
import type { JobKind } from '@nq/platform/jobs/job-queue-port';
import { type PlatformWorker, platformJob } from '@nq/platform/platform';
import { z } from 'zod';

const CHECK_EVERY_MS = 3_600_000;

export const nightlyBackupKind: JobKind<Record<string, never>> = {
  name: 'nightly-backup',
  payload: z.object({}).strict(),
  concurrency: 1,
  retry: { attempts: 3, backoffMs: 10 * 60_000 },
  timeoutMs: 6 * 3_600_000,
};

/** The day a nightly backup is for (UTC): its job's id, so that however many processes enqueue it, it runs once. */
export const nightlyBackupId = (now: Date) => `nightly-backup-${now.toISOString().slice(0, 10)}`;

/**
 * BACKUP_DIR: what `nq backup --into BACKUP_DIR --keep BACKUP_KEEP` does, as a job of the jobs process, which has
 * every connection and mounts the files (and, in Kubernetes, the backups volume).
 */
export const nightlyBackupJob = platformJob(nightlyBackupKind, (platform) => async () => {
  const backups = platform.config.backups;
  if (!backups) return { folder: null };
  const folder = datedBackupFolder(backups.dir);
  const manifest = await backUp(backupStoresOf(platform), folder, { measurements: backups.measurements });
  const deleted = await pruneBackups(backups.dir, backups.keep);
  return {
    folder,
    events: manifest.tables.es_events?.rows ?? 0,
    measurements: manifest.measurements?.rows ?? null,
    files: manifest.files.length,
    seconds: manifest.seconds,
    deleted,
  };
});

/** Enqueues the day's backup once BACKUP_DIR is set: checked every hour, so the day's backup runs once it begins. */
export const nightlyBackupSchedule: PlatformWorker = {
  name: 'nightly-backup-schedule',
  runsIn: 'projector',
  async start(platform, options) {
    if (!platform.config.backups) return { stop: async () => {} };
    const enqueue = () =>
      platform.jobs
        .enqueue(nightlyBackupKind, {}, { jobId: nightlyBackupId(new Date()) })
        .catch((error: unknown) => options.log?.warn({ err: error }, 'nightly backup not enqueued'));
    await enqueue();
    const timer = setInterval(enqueue, CHECK_EVERY_MS);
    timer.unref();
    return { stop: async () => clearInterval(timer) };
  },
};
