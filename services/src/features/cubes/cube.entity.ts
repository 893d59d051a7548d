import { cubeFieldsSchema, isUtcZone } from '@nq/contracts';
import { shared } from '@nq/platform/access/visibility';
import { type ConfigurationEntity, managedOn, named } from '@nq/platform/entities/configuration-entity';
import { uniqueName } from '@nq/platform/entities/configuration-rules';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
import { fieldProblem, validationError } from '@nq/platform/entities/validation-error';

const builtWith = { error: 'cubes.definitionChanged' } as const;

/**
 * A cube definition: what its rows keep. Its rows were built with its dimensions, KPIs and buckets, so
 * those never change; its name and description may.
 */
export const cubeEntity = {
  kind: 'cube',
  eventPrefix: 'Cube',
  schema: cubeFieldsSchema,
  unique: [uniqueName('cube-name', 'cubes.nameExists')],
  immutableFields: (['grain', 'timeZone', 'dimensions', 'kpis'] as const).map((field) => ({ field, ...builtWith })),
  cloneable: true,
  rules(cube) {
    if (cube.grain === 'hour' && !isUtcZone(cube.timeZone))
      throw validationError([fieldProblem(['timeZone'], 'cubes.hourGrainIsUtc')]);
  },
} satisfies EntityDefinition<typeof cubeFieldsSchema>;

/** Administrators define cubes on the cubes screen; the analytics engine reads them to route queries. */
export const cubeConfiguration: ConfigurationEntity = {
  definition: cubeEntity,
  collection: 'cubes',
  tag: 'Cubes',
  ...named,
  ...managedOn('cubes_configuration', [], { adminReads: true }),
  visibility: shared,
};
