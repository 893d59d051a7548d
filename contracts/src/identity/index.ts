export * from './layers.ts';
export * from './profile.ts';
export * from './request-signing.ts';
export * from './selection-group.ts';
export * from './session.ts';
export * from './token.ts';
export * from './user.ts';
