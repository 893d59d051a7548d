import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { nightlyBackupJob, nightlyBackupSchedule } from './nightly-backup.ts';

/** Scheduled backups (BACKUP_DIR): the platform backed up every night into a dated folder, the oldest deleted. */
export const backupsManifest: FeatureManifest = {
  name: 'backups',
  workers: [nightlyBackupSchedule],
  jobs: [nightlyBackupJob],
};
