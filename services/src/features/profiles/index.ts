// Profiles: the profile configuration.
export { profileConfiguration } from './profile.entity.ts';
