// Universes: the universe entity and its configuration.
export { universeConfiguration, universeEntity } from './universe.entity.ts';
