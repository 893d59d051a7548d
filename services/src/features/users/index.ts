// Users: the user entity, the profiles a user may be given, the user profile routes.

export { type AssignableProfiles, assignableProfiles } from './assignable-profiles.ts';
export { administratorProfileId } from './first-administrator.ts';
export { usersManifest } from './manifest.ts';
export { userConfiguration, userEntity } from './user.entity.ts';
export { userProfileRoutes } from './user-profiles.routes.ts';
