import { kpiCatalogue } from '@nq/contracts/measurements/kpis';
import { currentLanguage } from '../i18n/i18n.ts';
import type { Option } from '../ui/fields.tsx';

/** The KPI catalogue as select options, labelled in the interface language with their unit. */
export const kpiOptions = (): Option[] =>
  kpiCatalogue.map((kpi) => ({ value: kpi.id, label: `${kpi.label[currentLanguage()]} (${kpi.unit})` }));

/** A KPI's label in the interface language (its id when it is not in the catalogue). */
export const kpiLabel = (id: string) => kpiCatalogue.find((kpi) => kpi.id === id)?.label[currentLanguage()] ?? id;
