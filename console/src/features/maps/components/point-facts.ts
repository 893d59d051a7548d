import type { Language } from '@nq/contracts/errors/index';
import type { TFunction } from 'i18next';
import { kpiText, sourceText, technologyText, testTypeText } from '../../../shared/i18n/value-texts.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';

/**
 * A map point's measurement (a CSV row of `POST /maps`) as the measurement detail names it: each column under its
 * label in the interface language and its value as people read it; the KPI column by its catalogue name, the program
 * by `programName` (useProgramName's).
 */
export function pointFacts(
  point: Record<string, string>,
  kpi: string,
  t: TFunction,
  language: Language,
  timeZone: string,
  programName: (id: string) => string,
) {
  const field = (name: string) => t(`measurementAnalysis:detail.fields.${name}`);
  const value = (name: string) => point[name] ?? '';
  const facts: [string, string][] = [
    [t('measurementAnalysis:detail.general'), value('measurementId')],
    [field('probeId'), value('probeId')],
    [field('probeType'), value('probeType') ? t(`measurementAnalysis:detail.probeTypes.${value('probeType')}`) : ''],
    [field('source'), value('source') ? sourceText(t, value('source')) : ''],
    [field('program'), value('program') ? programName(value('program')) : ''],
    [field('testType'), value('testType') ? testTypeText(t, value('testType')) : ''],
    [
      t('measurementAnalysis:columns.status'),
      value('status') ? t(`analysis:sections.${value('status')}`, { defaultValue: value('status') }) : '',
    ],
    [field('taskMode'), value('taskMode') ? t(`measurementAnalysis:detail.taskModes.${value('taskMode')}`) : ''],
    [field('measuredAt'), formatDateTime(value('measuredAt'), timeZone)],
    [field('receivedAt'), formatDateTime(value('receivedAt'), timeZone)],
    [field('technology'), value('technology') ? technologyText(t, value('technology')) : value('technologyLabel')],
    [field('isp'), value('isp')],
    [field('provider'), value('provider')],
    [field('destination'), value('destination')],
    [field('location'), value('lat') && value('lon') ? `${value('lat')}, ${value('lon')}` : ''],
    ...(['campaigns', 'clusters', 'universes', 'tags'] as const).map((name): [string, string] => [
      field(name),
      value(name).split(';').filter(Boolean).join(', '),
    ]),
    [kpiText(kpi, language), value(kpi)],
  ];
  return facts;
}
