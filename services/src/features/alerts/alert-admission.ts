import { type AlertCondition, DomainError, kpisOfProgramType, type Profile } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { EntityLookup } from '@nq/platform/entities/configuration-entity';

// What an alert may name for the profile that writes it (docs/product/roles.md#data-restrictions: a profile sees its
// own programs, KPIs, technologies, providers and campaigns). That campaigns, universes and providers exist is checked
// with the append (the entity's references); isGod profiles may name anything that exists.

const restricts = <T>(allowed: readonly T[]) => allowed.length > 0;

/** Each condition's program is the profile's, measures the condition's KPI, and the profile analyses that KPI. */
export function admitAlertConditions(profile: Profile, conditions: readonly AlertCondition[]): void {
  conditions.forEach((condition, index) => {
    const field = `conditions.${index}`;
    const program = profile.programs.find((listed) => listed.id === condition.program);
    if (!program && !profile.isGod)
      throw new DomainError('alerts.programNotOffered', {
        params: { program: condition.program },
        details: { field: `${field}.program` },
      });
    if (program && !kpisOfProgramType(program.type).some((kpi) => kpi.id === condition.kpi))
      throw new DomainError('alerts.kpiNotOfProgram', {
        params: { program: program.id, kpi: condition.kpi },
        details: { field: `${field}.kpi` },
      });
    if (!profile.isGod && restricts(profile.kpis) && !profile.kpis.some((kpi) => kpi.id === condition.kpi))
      throw new DomainError('alerts.kpiNotInProfile', {
        params: { kpi: condition.kpi },
        details: { field: `${field}.kpi` },
      });
  });
}

/** The technologies and providers are among the profile's, when it restricts them. */
export function admitAlertScope(profile: Profile, technologies: readonly number[], providers: readonly string[]) {
  if (profile.isGod) return;
  const allowed: readonly number[] = profile.technologies;
  const technology = technologies.find((code) => restricts(allowed) && !allowed.includes(code));
  if (technology !== undefined)
    throw new DomainError('alerts.technologyNotInProfile', {
      params: { technology },
      details: { field: 'technologies' },
    });
  const isps = profile.isps.map((isp) => isp.id);
  const provider = providers.find((id) => restricts(isps) && !isps.includes(id));
  if (provider !== undefined)
    throw new DomainError('alerts.providerNotInProfile', { params: { provider }, details: { field: 'providers' } });
}

/** Every campaign is one the caller sees (its own or granted to its profile), read from its stream. */
async function admitAlertCampaigns(viewer: Viewer, campaigns: readonly string[], entityOf: EntityLookup) {
  if (viewer.profile.isGod) return;
  const { service, visibility } = entityOf('campaign');
  for (const id of new Set(campaigns)) {
    const { state } = await service.load(id);
    const seen = state.status === 'active' && visibility.sees(viewer, { ...state.fields, id, owner: state.owner });
    if (!seen)
      throw new DomainError('alerts.campaignNotInProfile', {
        params: { campaign: id },
        details: { field: 'campaigns' },
      });
  }
}

const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const conditionsOf = (value: unknown) =>
  listOf<Partial<AlertCondition>>(value).filter(
    (condition): condition is AlertCondition =>
      typeof condition?.program === 'string' && typeof condition.kpi === 'string',
  );

/** The checks on a create body or on the fields an update sends (those it leaves out were admitted before). */
export async function admitAlertBody(
  viewer: Viewer,
  body: Record<string, unknown>,
  _id?: string,
  entityOf?: EntityLookup,
): Promise<void> {
  admitAlertConditions(viewer.profile, conditionsOf(body.conditions));
  admitAlertScope(viewer.profile, listOf<number>(body.technologies), listOf<string>(body.providers));
  if (entityOf) await admitAlertCampaigns(viewer, listOf<string>(body.campaigns), entityOf);
}
