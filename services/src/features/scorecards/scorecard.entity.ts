import { DomainError, type ScorecardFields, scorecardFieldsSchema } from '@nq/contracts';
import { type ConfigurationEntity, named, sharedConfiguration } from '@nq/platform/entities/configuration-entity';
import { referencesTo, uniqueName } from '@nq/platform/entities/configuration-rules';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
import { campaignEntity } from '../campaigns/index.ts';
import { clusterEntity } from '../clusters/index.ts';
import { checkMosEntries, checkWeightsTotal } from '../moses/index.ts';
import { providerEntity } from '../providers/index.ts';
import { universeEntity } from '../universes/index.ts';
import { scorecardRoutes } from './scorecard.routes.ts';

type Fringe = ScorecardFields['kpis'][number]['fringes'][number];

/** Each fringe ends after it starts and no two overlap; touching ([0, 10] then [10, 20]) is allowed. */
function checkFringes(fringes: readonly Fringe[], field: string): void {
  fringes.forEach((fringe, index) => {
    if (fringe.end <= fringe.start)
      throw new DomainError('scorecards.fringeEndNotAfterStart', { details: { field: `${field}.${index}.end` } });
  });
  const byStart = fringes.map((fringe, index) => ({ ...fringe, index })).sort((a, b) => a.start - b.start);
  byStart.forEach((fringe, position) => {
    const next = byStart[position + 1];
    if (next && next.start < fringe.end)
      throw new DomainError('scorecards.fringesOverlap', { details: { field, fringes: [fringe.index, next.index] } });
  });
}

/** The entities a scorecard is about (ISPs are profile values, not entities); each must exist. */
const referenced = [
  { definition: campaignEntity, ids: (scorecard: ScorecardFields) => scorecard.campaigns },
  { definition: clusterEntity, ids: (scorecard: ScorecardFields) => scorecard.clusters },
  { definition: providerEntity, ids: (scorecard: ScorecardFields) => scorecard.providers },
  { definition: universeEntity, ids: (scorecard: ScorecardFields) => scorecard.universes },
];

export const scorecardEntity = {
  kind: 'scorecard',
  eventPrefix: 'Scorecard',
  schema: scorecardFieldsSchema,
  unique: [uniqueName('scorecard-name', 'scorecards.nameExists')],
  /** KPI and MOS weights add up to 100 when there are any; an empty list is a scorecard still being set up. */
  rules(scorecard) {
    for (const [index, kpi] of scorecard.kpis.entries()) checkFringes(kpi.fringes, `kpis.${index}.fringes`);
    if (scorecard.kpis.length > 0) checkWeightsTotal(scorecard.kpis, 'kpis', 'scorecards.kpiWeightsNotHundred');
    checkMosEntries(scorecard.mosEntries, 'mosEntries');
    if (scorecard.mosEntries.length > 0)
      checkWeightsTotal(scorecard.mosEntries, 'mosEntries', 'moses.weightsNotHundred');
  },
  references: referencesTo(referenced),
  cloneable: true,
  /** What a score is made of: its KPIs' weights and fringes, its MOS weights, its own weight and maximum. */
  fieldIntents: [{ fields: ['kpis', 'mosEntries', 'weight', 'maxScore'], events: ['WeightsChanged'] }],
} satisfies EntityDefinition<typeof scorecardFieldsSchema>;

/** How the platform serves it: its read model, routes, who reads and changes it, and whose it is. */
export const scorecardConfiguration: ConfigurationEntity = {
  definition: scorecardEntity,
  collection: 'scorecards',
  tag: 'Scorecards',
  ...named,
  routes: scorecardRoutes,
  ...sharedConfiguration('scoreManagement', ['scorecard_live', 'scorecard_comparison', 'storyboard']),
};
