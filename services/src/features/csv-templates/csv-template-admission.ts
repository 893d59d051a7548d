import { type CsvTemplateColumn, DomainError, kpisOfProgramType, type Profile, servicesOfProfile } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';

/**
 * What a template may hold for the profile that writes it (docs/product/roles.md#data-restrictions: a profile sees its
 * own programs, KPIs and service): each column's program is one of the profile's (and of the request's `programs`,
 * when it names some), a KPI is one the profile analyses and the column's program measures. isGod profiles may name
 * any program and KPI.
 */
export function admitCsvTemplateColumns(
  profile: Profile,
  columns: readonly CsvTemplateColumn[],
  requestedPrograms?: readonly string[],
): void {
  columns.forEach((column, index) => {
    const program = column.program ? profile.programs.find((listed) => listed.id === column.program) : undefined;
    if (column.program) {
      const requested = !requestedPrograms || requestedPrograms.includes(column.program);
      if (!requested || (!program && !profile.isGod))
        throw new DomainError('csvTemplates.programNotOffered', {
          params: { program: column.program },
          details: { field: `columns.${index}.program` },
        });
    }
    if (column.key === undefined || profile.isGod) return;
    if (profile.kpis.length > 0 && !profile.kpis.some((kpi) => kpi.id === column.key))
      throw new DomainError('csvTemplates.kpiNotInProfile', {
        params: { kpi: column.key },
        details: { field: `columns.${index}.key` },
      });
    if (program && !kpisOfProgramType(program.type).some((kpi) => kpi.id === column.key))
      throw new DomainError('csvTemplates.kpiNotOfProgram', {
        params: { program: program.id, kpi: column.key },
        details: { field: `columns.${index}.key` },
      });
  });
}

/** A template's (and an extraction's) service is one the profile may see: its own, for administrators every one. */
export function admitCsvTemplateService(profile: Profile, service: string | undefined): void {
  if (service !== undefined && !(servicesOfProfile(profile) as string[]).includes(service))
    throw new DomainError('csvTemplates.serviceNotOfProfile', { details: { field: 'service', service } });
}

/** The same checks on a body of the entity's own paths (`/api/csv-templates`). */
export async function admitCsvTemplateBody(viewer: Viewer, body: Record<string, unknown>): Promise<void> {
  admitCsvTemplateService(viewer.profile, body.service as string | undefined);
  if (Array.isArray(body.columns)) admitCsvTemplateColumns(viewer.profile, body.columns as CsvTemplateColumn[]);
}
