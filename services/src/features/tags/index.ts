// Tags: the tag entity, its configuration and name scope.
export { tagsManifest } from './manifest.ts';
export { tagConfiguration, tagEntity, tagNameScope } from './tag.entity.ts';
