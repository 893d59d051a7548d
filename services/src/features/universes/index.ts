// Universes: the universe entity and its configuration.
export { universesManifest } from './manifest.ts';
export { universeConfiguration, universeEntity } from './universe.entity.ts';
