import { specification, testContext } from '../decider/specification.ts';
import { entityDecider } from './entity-decider.ts';
import { defaultConfigurationSettings, type EntityDefinition, type RuleContext } from './entity-definition.ts';

/** Seals by marking (tests compare events exactly; the real sealer's random IV would not allow it). */
const testSeal = (clear: string) => ({ sealed: `v1:test-${Buffer.from(clear).toString('base64url')}` });

export const testRuleContext: RuleContext = { ...testContext, settings: defaultConfigurationSettings, seal: testSeal };

/** Given/when/then over an entity definition's decider. */
export const entitySpecification = (definition: EntityDefinition) =>
  specification(entityDecider(definition), testRuleContext);
