import type { FilterMode } from '@nq/contracts/analytics/query-ir';
import type { TechnologyCode } from '@nq/contracts/configuration/common';
import { type MeasurementSource, testTypes } from '@nq/contracts/measurements/measurement';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import { useIspOptions } from '../../../shared/entity-screen/isp-options.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { sourceOptions, testTypeText } from '../../../shared/i18n/value-texts.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { DateRangeFields } from '../../../shared/ui/DateRangeFields.tsx';
import { CheckboxField, SelectField, TextField } from '../../../shared/ui/fields.tsx';
import { idsOfText, type MeasurementSearch, type MeasurementSection, type TestType } from '../api/search-params.ts';
import { FilterModeField } from './FilterModeField.tsx';
import { sections } from './SectionBadge.tsx';
import { TechnologyChecks } from './TechnologyChecks.tsx';

type Filters = Omit<MeasurementSearch, 'page' | 'pageSize' | 'sort' | 'order'>;

/**
 * The measurement search filters: probes by text, programs, ISPs (providers, picked: the ISP identity is the
 * provider's id, whatever name a probe reported), result sections, technologies, sources (the panel's or public
 * data), test type, KPI and dates.
 */
export function SearchForm({
  initial,
  kpis,
  onSearch,
}: {
  initial: Filters;
  kpis: readonly CatalogueKpi[];
  onSearch: (filters: Filters) => void;
}) {
  const { t } = useTranslation(['measurementAnalysis', 'analysis']);
  const [probes, setProbes] = useState(initial.probes?.join(', ') ?? '');
  const [programs, setPrograms] = useState(initial.programs?.join(', ') ?? '');
  const ispOptions = useIspOptions();
  const [isps, setIsps] = useState<string[]>(initial.isps ?? []);
  const [ispsCond, setIspsCond] = useState<FilterMode>(initial.ispsCond ?? 'include');
  const [technologies, setTechnologies] = useState<TechnologyCode[]>(initial.technologies ?? []);
  const [technologiesCond, setTechnologiesCond] = useState<FilterMode>(initial.technologiesCond ?? 'include');
  const [sources, setSources] = useState<MeasurementSource[]>(initial.sources ?? []);
  const [sourcesCond, setSourcesCond] = useState<FilterMode>(initial.sourcesCond ?? 'include');
  const [statuses, setStatuses] = useState<MeasurementSection[]>(initial.statuses ?? []);
  const [testType, setTestType] = useState(initial.testTypes?.[0] ?? '');
  const [kpi, setKpi] = useState<string>(initial.kpi ?? '');
  const [tsStart, setTsStart] = useState(initial.tsStart ?? '');
  const [tsEnd, setTsEnd] = useState(initial.tsEnd ?? '');
  const endBeforeStart = tsStart && tsEnd && tsEnd < tsStart ? errorMessage('validation.endBeforeStart') : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (endBeforeStart) return;
    const probeIds = idsOfText(probes);
    const programIds = idsOfText(programs);
    onSearch({
      ...(probeIds.length ? { probes: probeIds } : {}),
      ...(programIds.length ? { programs: programIds } : {}),
      ...(isps.length ? { isps, ispsCond } : {}),
      ...(technologies.length ? { technologies, technologiesCond } : {}),
      ...(sources.length ? { sources, sourcesCond } : {}),
      ...(statuses.length ? { statuses } : {}),
      ...(testType ? { testTypes: [testType as TestType] } : {}),
      ...(kpi ? { kpi: kpi as NonNullable<Filters['kpi']> } : {}),
      ...(tsStart ? { tsStart } : {}),
      ...(tsEnd ? { tsEnd } : {}),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('measurementAnalysis:filters')} className="space-y-3">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <TextField
          label={t('measurementAnalysis:probes')}
          hint={t('measurementAnalysis:probesHint')}
          value={probes}
          onChange={(event) => setProbes(event.target.value)}
        />
        <TextField
          label={t('measurementAnalysis:programs')}
          value={programs}
          onChange={(event) => setPrograms(event.target.value)}
        />
        <SelectField
          label={t('measurementAnalysis:isps')}
          hint={t('measurementAnalysis:ispsHint')}
          multiple
          size={Math.min(4, Math.max(2, ispOptions.length))}
          options={ispOptions}
          value={isps}
          onChange={(event) => setIsps([...event.target.selectedOptions].map((option) => option.value))}
        />
        <FilterModeField label={t('measurementAnalysis:ispsMode')} value={ispsCond} onChange={setIspsCond} />
        <SelectField
          label={t('measurementAnalysis:sources')}
          hint={t('measurementAnalysis:sourcesHint')}
          multiple
          size={3}
          options={sourceOptions(t)}
          value={sources}
          onChange={(event) =>
            setSources([...event.target.selectedOptions].map((option) => option.value as MeasurementSource))
          }
        />
        <FilterModeField label={t('measurementAnalysis:sourcesMode')} value={sourcesCond} onChange={setSourcesCond} />
        <SelectField
          label={t('measurementAnalysis:testType')}
          value={testType}
          onChange={(event) => setTestType(event.target.value as TestType | '')}
          placeholder={t('measurementAnalysis:any')}
          options={testTypes.map((value) => ({ value, label: testTypeText(t, value) }))}
        />
        <SelectField
          label={t('analysis:kpi')}
          value={kpi}
          onChange={(event) => setKpi(event.target.value)}
          placeholder={t('measurementAnalysis:any')}
          options={kpis.map((item) => ({ value: item.id, label: item.label }))}
        />
        <DateRangeFields start={tsStart} end={tsEnd} onStart={setTsStart} onEnd={setTsEnd} endError={endBeforeStart} />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-gray-700">{t('measurementAnalysis:sections')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {sections.map((section) => (
            <CheckboxField
              key={section}
              label={t(`analysis:sections.${section}`)}
              checked={statuses.includes(section)}
              onChange={(event) =>
                setStatuses(event.target.checked ? [...statuses, section] : statuses.filter((item) => item !== section))
              }
            />
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <TechnologyChecks checked={technologies} onChange={setTechnologies} />
        <div className="w-56">
          <FilterModeField
            label={t('measurementAnalysis:technologiesMode')}
            value={technologiesCond}
            onChange={setTechnologiesCond}
          />
        </div>
      </div>
      <Button type="submit">{t('common:search')}</Button>
    </form>
  );
}
