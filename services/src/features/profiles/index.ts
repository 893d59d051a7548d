// Profiles: the profile configuration.
export { profilesManifest } from './manifest.ts';
export { profileConfiguration } from './profile.entity.ts';
