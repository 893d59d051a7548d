// Tags: the tag entity, its configuration and name scope.
export { tagConfiguration, tagEntity, tagNameScope } from './tag.entity.ts';
