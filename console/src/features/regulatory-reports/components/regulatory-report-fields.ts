import type { TFunction } from 'i18next';
import type { FieldSpec } from '../../../shared/entity-screen/field-spec.ts';
import { kpiOptions } from '../../../shared/entity-screen/kpi-options.ts';
import { technologyField } from '../../../shared/entity-screen/technology-field.ts';
import { sourceOptions } from '../../../shared/i18n/value-texts.ts';
import type { Option } from '../../../shared/ui/fields.tsx';
import { kpisField, pickedKinds } from '../model/kpi-rows.ts';
import { isSpeedKpi } from '../model/statistics.ts';

// Intl lists canonical zones only; Etc/UTC (the default) is an alias it leaves out.
const timeZones = ['Etc/UTC', ...Intl.supportedValuesOf('timeZone')];
const hours = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

/** A whole day as the API keeps it (`YYYY-MM-DD`), not the instant a date field sends by default. */
const dayField = (name: string, label: string, section?: string): FieldSpec => ({
  name,
  label,
  kind: 'date',
  required: true,
  ...(section ? { section } : {}),
  convert: {
    toForm: (value) => (typeof value === 'string' ? value.slice(0, 10) : ''),
    toApi: (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
  },
});

/** A local hour of the peak hours (both empty: the whole day). */
const hourField = (name: string, label: string, hint?: string): FieldSpec => ({
  name,
  label,
  kind: 'select',
  options: hours,
  ...(hint ? { hint } : {}),
  convert: {
    toForm: (value) => (typeof value === 'number' ? String(value) : ''),
    toApi: (value) => (typeof value === 'string' && value !== '' ? Number(value) : undefined),
  },
});

export interface ReportFieldOptions {
  universes: Option[];
  campaigns: Option[];
  clusters: Option[];
  providers: Option[];
  technologies: Option[];
}

/** The statistics a KPI's row offers from its list: consistent speed (80/80) only of download and upload speeds. */
export const statisticOptions = (t: TFunction) => (kpi: string) =>
  pickedKinds
    .filter((kind) => kind !== 'consistent' || isSpeedKpi(kpi))
    .map((kind) => ({ value: kind, label: t(`regulatoryReports:kinds.${kind}`) }));

/**
 * The editor of a regulatory report: what it is, its population (every list narrows it; none listed: all), its period
 * and peak hours, the figures it publishes per KPI, and the rules a figure must meet (minimum sample, bootstrap).
 */
export function regulatoryReportFields(t: TFunction, options: ReportFieldOptions): FieldSpec[] {
  return [
    { name: 'name', label: 'fields.name', kind: 'text', required: true },
    { name: 'description', label: 'fields.description', kind: 'textarea' },
    {
      name: 'universes',
      label: 'fields.universes',
      kind: 'multiselect',
      options: options.universes,
      section: 'sections.population',
      hint: 'populationHint',
    },
    { name: 'campaigns', label: 'fields.campaigns', kind: 'multiselect', options: options.campaigns },
    { name: 'clusters', label: 'fields.clusters', kind: 'multiselect', options: options.clusters },
    { name: 'providers', label: 'fields.providers', kind: 'multiselect', options: options.providers },
    technologyField('technologies', 'fields.technologies', options.technologies, true),
    {
      name: 'sources',
      label: 'fields.sources',
      kind: 'multiselect',
      options: sourceOptions(t),
      hint: 'sourcesHint',
      convert: {
        toForm: (value) => (Array.isArray(value) ? value.map(String) : ['panel']),
        toApi: (value) => (Array.isArray(value) ? value : []),
      },
    },
    dayField('from', 'fields.from', 'sections.period'),
    dayField('to', 'fields.to'),
    {
      name: 'timeZone',
      label: 'fields.timeZone',
      kind: 'select',
      options: timeZones.map((zone) => ({ value: zone, label: zone })),
      convert: {
        toForm: (value) => (typeof value === 'string' && value !== '' ? value : 'Etc/UTC'),
        toApi: (value) => (typeof value === 'string' && value !== '' ? value : undefined),
      },
    },
    hourField('peakHours.from', 'fields.peakFrom', 'peakHoursHint'),
    hourField('peakHours.to', 'fields.peakTo'),
    {
      name: 'byTechnology',
      label: 'fields.byTechnology',
      kind: 'checkbox',
      hint: 'byTechnologyHint',
      section: 'sections.figures',
    },
    kpisField({ kpiOptions: kpiOptions(), statisticOptions: statisticOptions(t) }),
    {
      name: 'minimumMeasurements',
      label: 'fields.minimumMeasurements',
      kind: 'number',
      placeholder: '100',
      section: 'sections.method',
      hint: 'minimumHint',
    },
    { name: 'minimumProbes', label: 'fields.minimumProbes', kind: 'number', placeholder: '5' },
    { name: 'resamples', label: 'fields.resamples', kind: 'number', placeholder: '1000', hint: 'resamplesHint' },
    { name: 'seed', label: 'fields.seed', kind: 'number', placeholder: '1', hint: 'seedHint' },
  ];
}
