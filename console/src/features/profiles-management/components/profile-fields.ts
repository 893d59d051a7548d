import { type LayerId, layerIds } from '@nq/contracts/identity/layers';
import {
  type Profile,
  profileImageMaxBytes,
  profileRoles,
  profileServices,
  programTypes,
} from '@nq/contracts/identity/profile';
import type { TFunction } from 'i18next';
import type { FieldSpec, FormValue } from '../../../shared/entity-screen/field-spec.ts';
import { kpiOptions } from '../../../shared/entity-screen/kpi-options.ts';
import { technologyField } from '../../../shared/entity-screen/technology-field.ts';
import type { Option } from '../../../shared/ui/fields.tsx';

export interface ProfileFieldOptions {
  campaigns: Option[];
  clusters: Option[];
  probes: Option[];
  providers: Option[];
  tags: Option[];
  /** The technologies the caller's profile sees: a profile it manages restricts within them. */
  technologies: Option[];
}

type WithId = { id: string };
const ids = (value: FormValue) => (Array.isArray(value) ? value : []);

/**
 * A multi-select of ids for a list of objects: the objects already there keep what the select does not show (a
 * layer's groups, a KPI's fringes, a campaign's dates); new ones are made by `create`.
 */
const objectsById = <T extends WithId>(create: (id: string) => T): FieldSpec['convert'] => ({
  toForm: (value) => (Array.isArray(value) ? (value as WithId[]).map((item) => item.id) : []),
  toApi: (value, previous) =>
    ids(value).map((id) => (previous as T[] | undefined)?.find((item) => item.id === id) ?? create(id)),
});

const labelOf = (options: Option[], id: string) => options.find((option) => option.value === id)?.label ?? id;

// Intl lists canonical zones only; Etc/UTC (the default) is an alias it leaves out.
const timeZones = ['Etc/UTC', ...Intl.supportedValuesOf('timeZone')];

const destinationsField = (name: keyof Profile & `${string}Destinations`, section?: string): FieldSpec => ({
  name,
  label: name,
  kind: 'rows',
  ...(section ? { section } : {}),
  columns: [
    { name: 'name', label: 'destinationName', kind: 'text', required: true },
    { name: 'ip', label: 'destinationIp', kind: 'text', required: true },
  ],
});

/**
 * The form of a profile (docs/product/entities.md#profile): who it is, the screens it reaches, and the data it
 * restricts them to.
 */
export function profileFields(t: TFunction, options: ProfileFieldOptions): FieldSpec[] {
  const layerOptions = layerIds.map((id: LayerId) => ({ value: id, label: `${t(`layers:${id}`)} (${id})` }));
  return [
    { name: 'name', label: 'name', kind: 'text', required: true },
    {
      name: 'rol',
      label: 'rol',
      kind: 'select',
      options: profileRoles.map((rol) => ({ value: rol, label: t(`roles.${rol}`) })),
    },
    {
      name: 'service',
      label: 'service',
      kind: 'select',
      options: profileServices.map((service) => ({ value: service, label: t(`services.${service}`) })),
    },
    { name: 'startPage', label: 'startPage', kind: 'select', options: layerOptions, hint: 'startPageHint' },
    {
      name: 'timeZone',
      label: 'timeZone',
      kind: 'select',
      options: timeZones.map((zone) => ({ value: zone, label: zone })),
    },
    { name: 'timeZoneOffset', label: 'timeZoneOffset', kind: 'number', hint: 'timeZoneOffsetHint' },
    { name: 'tsStart', label: 'tsStart', kind: 'date', hint: 'tsHint' },
    {
      name: 'tsEnd',
      label: 'tsEnd',
      kind: 'date',
      // An end date covers its whole day (23:59:59; docs/product/limits.md#times).
      convert: {
        toForm: (value) => (typeof value === 'string' ? value.slice(0, 10) : ''),
        toApi: (value) => (typeof value === 'string' && value ? `${value}T23:59:59.000Z` : undefined),
      },
    },
    {
      name: 'image',
      label: 'image',
      kind: 'image',
      hint: 'imageHint',
      image: { maxBytes: profileImageMaxBytes, tooLarge: 'profiles.imageTooLarge' },
    },
    { name: 'isGod', label: 'isGod', kind: 'checkbox', hint: 'isGodHint', section: 'flagsTitle' },
    { name: 'useClusters', label: 'useClusters', kind: 'checkbox', hint: 'useClustersHint' },
    { name: 'apiAccess', label: 'apiAccess', kind: 'checkbox', hint: 'apiAccessHint' },
    { name: 'isAgent', label: 'isAgent', kind: 'checkbox' },
    {
      name: 'layers',
      label: 'layers',
      kind: 'multiselect',
      section: 'layersTitle',
      hint: 'layersHint',
      options: layerOptions,
      convert: objectsById((id) => ({ id, groups: [] })),
    },
    {
      ...technologyField('technologies', 'technologies', options.technologies, true),
      section: 'restrictionsTitle',
      hint: 'restrictionsHint',
    },
    {
      name: 'kpis',
      label: 'kpis',
      kind: 'multiselect',
      options: kpiOptions(),
      convert: objectsById((id) => ({ id, fringes: [0, 1, 2], inverse: false })),
    },
    {
      name: 'campaigns',
      label: 'campaigns',
      kind: 'multiselect',
      options: options.campaigns,
      convert: objectsById((id) => ({ id, name: labelOf(options.campaigns, id) })),
    },
    { name: 'clusters', label: 'clusters', kind: 'multiselect', options: options.clusters },
    { name: 'probes', label: 'probes', kind: 'multiselect', options: options.probes },
    {
      name: 'isps',
      label: 'isps',
      kind: 'multiselect',
      options: options.providers,
      convert: objectsById((id) => ({ id, label: labelOf(options.providers, id) })),
    },
    { name: 'tags', label: 'tags', kind: 'multiselect', options: options.tags },
    destinationsField('defaultDestinations', 'destinationsTitle'),
    destinationsField('serverDestinations'),
    destinationsField('gamingDestinations'),
    destinationsField('videoDestinations'),
    {
      name: 'programs',
      label: 'programs',
      kind: 'rows',
      section: 'programsTitle',
      columns: [
        { name: 'id', label: 'programId', kind: 'text', required: true },
        {
          name: 'type',
          label: 'programType',
          kind: 'select',
          required: true,
          options: programTypes.map((type) => ({ value: String(type), label: t(`programTypes.${type}`) })),
          convert: {
            toForm: (value) => (value === undefined ? '' : String(value)),
            toApi: (value) => (typeof value === 'string' && value ? Number(value) : undefined),
          },
        },
        { name: 'program', label: 'program', kind: 'text', required: true },
        { name: 'groups', label: 'programGroups', kind: 'list' },
      ],
    },
  ];
}
