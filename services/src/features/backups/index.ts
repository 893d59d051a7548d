export { backupsManifest } from './manifest.ts';
