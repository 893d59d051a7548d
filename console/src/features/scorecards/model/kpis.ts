import { kpiCatalogue } from '@nq/contracts/measurements/kpis';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';

/** A KPI of the catalogue as the scorecard screens show it: label in the interface language, unit, direction. */
export function kpiInfo(id: string) {
  const kpi = kpiCatalogue.find((item) => item.id === id);
  return {
    id,
    label: kpi?.label[currentLanguage()] ?? id,
    unit: kpi?.unit ?? '',
    lowerIsBetter: kpi?.inverse ?? false,
  };
}

/** A fringe of local hours [start, end) written as a time range. */
export const fringeText = (fringe: { start: number; end: number }) =>
  `${String(fringe.start).padStart(2, '0')}:00–${String(fringe.end).padStart(2, '0')}:00`;
