import { type KpiDefinition, kpiCatalogue, type Language, type Profile } from '@nq/contracts';
import { z } from 'zod';

export const kpiViewSchema = z.object({
  id: z.string(),
  label: z.string(),
  unit: z.string(),
  /** Lower is better. */
  inverse: z.boolean(),
  testTypes: z.array(z.string()),
  /** The fringes it is shown in: the profile's for it, else the catalogue's default. */
  fringes: z.array(z.number().int()),
});
export type KpiView = z.output<typeof kpiViewSchema>;

/** The KPIs among these that the profile analyses (all of them when it lists none), in catalogue order. */
export function profileKpis(
  profile: Profile,
  language: Language,
  among: readonly KpiDefinition[] = kpiCatalogue,
): KpiView[] {
  const own = new Map(profile.kpis.map((kpi) => [kpi.id, kpi]));
  return among
    .filter((kpi) => own.size === 0 || own.has(kpi.id))
    .map((kpi) => ({
      id: kpi.id,
      label: kpi.label[language],
      unit: kpi.unit,
      inverse: kpi.inverse,
      testTypes: [...kpi.testTypes],
      fringes: [...(own.get(kpi.id)?.fringes ?? kpi.defaultFringes)],
    }));
}
