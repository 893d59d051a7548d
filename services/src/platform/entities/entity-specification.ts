import { specification, testContext } from '../decider/specification.ts';
import { entityDecider } from './entity-decider.ts';
import { defaultConfigurationSettings, type EntityDefinition, type RuleContext } from './entity-definition.ts';

export const testRuleContext: RuleContext = { ...testContext, settings: defaultConfigurationSettings };

/** Given/when/then over an entity definition's decider. */
export const entitySpecification = (definition: EntityDefinition) =>
  specification(entityDecider(definition), testRuleContext);
