import { vertexCount } from '@nq/contracts/configuration/polygon-simplify';
import type { Language } from '@nq/contracts/errors/index';
import { type AuditedKind, type AuditNames, type AuditReference, auditReferences } from '@nq/contracts/events/audit';
import { kpiCatalogue } from '@nq/contracts/measurements/kpis';
import type { i18n as I18n } from 'i18next';
import { countryDisplayName } from '../../../shared/i18n/countries.ts';
import { formatBytes, formatCount, formatDegrees } from '../../geo-polygons/model/format.ts';

/** A console text at `namespace:key` with its placeholders filled, or undefined when there is no such text. */
export type TextLookup = (key: string, params?: Record<string, unknown>) => string | undefined;

/** Texts only (a key naming a group of texts is no text), in the interface language. */
export const textLookupOf =
  (i18n: Pick<I18n, 'getResource' | 't' | 'language'>): TextLookup =>
  (key, params) => {
    const [namespace = '', path = ''] = key.split(':');
    const found = i18n.getResource(i18n.language, namespace, path) ?? i18n.getResource('en', namespace, path);
    return typeof found === 'string' ? i18n.t(key, params) : undefined;
  };

/**
 * Where each kind's form keeps its labels and value texts: its namespaces, searched in order, then the settings
 * history's own (fields no form shows). `labels` names the keys that are not the field's path or its last name.
 */
const formTexts: Record<AuditedKind, { namespaces: string[]; labels?: Record<string, string> }> = {
  tag: { namespaces: ['tags'] },
  provider: { namespaces: ['providers'] },
  cdn: {
    namespaces: ['cdns'],
    labels: { 'httpHeaders.name': 'cdns:headerName', 'httpHeaders.value': 'cdns:headerValue' },
  },
  'task-suite': { namespaces: ['taskSuites', 'fleet'] },
  campaign: { namespaces: ['campaigns', 'geo'], labels: { name: 'geo:form.name' } },
  geofilter: { namespaces: ['geofilters', 'geo'], labels: { name: 'geo:form.name' } },
  cluster: {
    namespaces: ['clusters', 'geo'],
    labels: { name: 'geo:form.name', geoFilters: 'clusters:geoFilters.title' },
  },
  universe: { namespaces: ['universes'], labels: { attributes: 'universes:attributesTitle' } },
  mos: { namespaces: ['mos'] },
  scorecard: {
    namespaces: ['scoreManagement', 'mos'],
    labels: { 'kpis.weight': 'scoreManagement:kpiWeight', 'kpis.fringes': 'scoreManagement:hourFringes' },
  },
  probe: { namespaces: ['fleet'] },
  profile: {
    namespaces: ['profilesManagement'],
    labels: {
      'programs.id': 'profilesManagement:programId',
      'programs.type': 'profilesManagement:programType',
      'programs.groups': 'profilesManagement:programGroups',
      csvTemplates: 'settingsHistory:fields.csvTemplates',
      'csvTemplates.favorites': 'settingsHistory:fields.csvTemplateFavorites',
      'csvTemplates.order': 'settingsHistory:fields.csvTemplateOrder',
      ...Object.fromEntries(
        ['default', 'server', 'gaming', 'video'].flatMap((destinations) => [
          [`${destinations}Destinations.name`, 'profilesManagement:destinationName'],
          [`${destinations}Destinations.ip`, 'profilesManagement:destinationIp'],
        ]),
      ),
    },
  },
  user: { namespaces: ['users'] },
  'csv-template': { namespaces: ['csvTemplates'], labels: { 'columns.field': 'csvTemplates:sources.field' } },
  alert: { namespaces: ['alerts'] },
  cube: { namespaces: ['cubes'] },
  'regulatory-report': { namespaces: ['regulatoryReports'] },
  'personal-dashboard': {
    namespaces: ['dashboards'],
    labels: {
      'categories.graphics.layout.x': 'dashboards:fields.layoutX',
      'categories.graphics.layout.y': 'dashboards:fields.layoutY',
      'categories.graphics.layout.w': 'dashboards:fields.layoutW',
      'categories.graphics.layout.h': 'dashboards:fields.layoutH',
      'categories.graphics.request.axes.x': 'dashboards:fields.axisX',
      'categories.graphics.request.axes.y': 'dashboards:fields.axisY',
    },
  },
};

/** Value texts that are not `<namespace>:<field>s.<value>` of the form (e.g. technologies, shared by every form). */
const valueKeys: Record<string, string> = {
  technology: 'fleet:technologies',
  technologies: 'fleet:technologies',
  forceTechnology: 'fleet:technologies',
  preferredLanguage: 'common:languages',
  // The entity's own status (created, deleted); a CDN's or scorecard's Active/Inactive comes from its form.
  status: 'settingsHistory:statuses',
  category: 'layers:categories',
  'programs.type': 'profilesManagement:programTypes',
  'kpis.fringes': 'scoreManagement:fringes',
  dimensions: 'cubes:dimensionLabels',
};

const isInstant = (text: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
const isPolygon = (
  value: object,
): value is { type: string; coordinates: number[][][]; center?: number[]; size?: number } =>
  'type' in value && (value.type === 'Polygon' || value.type === 'MultiPolygon') && 'coordinates' in value;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isScalar = (value: unknown) => !isRecord(value) && !Array.isArray(value);
/** A value shown after its label on the same line: a single value, a list of them, or a polygon's summary. */
const readsAsOneValue = (value: unknown) =>
  Array.isArray(value) ? value.every(isScalar) : !isRecord(value) || isPolygon(value);
const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isRecord(value) && Object.values(value).every(isEmpty));
/** The entity's own status (it did not exist, it exists, it was deleted): the history lists it as `status`. */
const recordStatuses = new Set(['absent', 'active', 'deleted']);

/** One line of a formatted value; `depth` indents the lines of a nested object. */
export interface ValueLine {
  text: string;
  depth: number;
}

export interface AuditTextContext {
  kind: AuditedKind;
  language: Language;
  /** The profile's time zone: instants show in it. */
  timeZone: string;
  names: AuditNames;
  text: TextLookup;
}

/**
 * How the settings history shows an entity's fields: the labels of its form, in the interface language, and values
 * formatted for people — names for ids, dates in the language and time zone, Yes/No, the form's option texts,
 * country names, lists, and nested objects as `label: value` lines. Never JSON, never a field key.
 */
export function auditTexts({ kind, language, timeZone, names, text }: AuditTextContext) {
  const { namespaces, labels = {} } = formTexts[kind];
  const references: Readonly<Record<string, AuditReference>> = auditReferences[kind];
  const withoutPlaceholders = (key: string) => {
    const found = text(key);
    return found !== undefined && !found.includes('{{') ? found : undefined;
  };
  const first = (keys: string[]) => keys.map(withoutPlaceholders).find((found) => found !== undefined);
  const referenceName = (target: AuditReference) =>
    target === 'kpi'
      ? text('settingsHistory:fields.kpi')
      : target === 'layer'
        ? text('settingsHistory:fields.screen')
        : text(`settingsHistory:kinds.${target}`);

  /** The label of a field, by its dotted path without indexes (`probes.probeId`). */
  function label(path: string): string {
    const last = path.split('.').at(-1) ?? path;
    const target = references[path];
    const explicit = labels[path] ? withoutPlaceholders(labels[path]) : undefined;
    return (
      explicit ??
      (target && path.includes('.') ? referenceName(target) : undefined) ??
      first(
        namespaces.flatMap((namespace) => [
          `${namespace}:${path}`,
          `${namespace}:${path}.title`,
          `${namespace}:${path}.label`,
          `${namespace}:fields.${last}`,
          `${namespace}:form.${last}`,
          `${namespace}:columns.${last}`,
          `${namespace}:${last}`,
        ]),
      ) ??
      first([`settingsHistory:fields.${path}`, `settingsHistory:fields.${last}`]) ??
      path
    );
  }

  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 6 });

  function referenceText(target: AuditReference, id: string): string {
    if (target === 'kpi') return kpiCatalogue.find((kpi) => kpi.id === id)?.label[language] ?? id;
    if (target === 'layer') return withoutPlaceholders(`layers:${id}`) ?? id;
    return names[target]?.[id] ?? id;
  }

  /** A single value's text: an option of the form, a name, a date, a number, Yes/No… */
  function scalarText(path: string, value: string | number | boolean): string {
    const last = path.split('.').at(-1) ?? path;
    const target = references[path];
    if (target && typeof value === 'string') return referenceText(target, value);
    if (typeof value === 'boolean') return text(value ? 'common:yes' : 'common:no') ?? String(value);
    const valueKey = valueKeys[path] ?? valueKeys[last];
    const option = first([
      ...(valueKey ? [`${valueKey}.${value}`] : []),
      ...namespaces.flatMap((namespace) => [
        `${namespace}:${last}s.${value}`,
        `${namespace}:${last}es.${value}`,
        `${namespace}:options.${value}`,
      ]),
    ]);
    if (option) return option;
    if (typeof value === 'number') return number.format(value);
    if (last === 'country') return countryDisplayName(value, language);
    if (isInstant(value)) return dateTime.format(new Date(value));
    if (value.startsWith('data:image/'))
      return text('settingsHistory:image', { size: formatBytes(Math.round((value.length * 3) / 4), language) }) ?? '';
    return value;
  }

  /** A field's value as lines: a list item or an object's `label: value` per line, nested objects indented. */
  function lines(path: string, value: unknown, depth = 0): ValueLine[] {
    if (isEmpty(value)) return [{ text: '—', depth }];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      return [{ text: scalarText(path, value), depth }];
    if (Array.isArray(value)) {
      if (value.every(isScalar))
        return [{ text: value.map((item) => scalarText(path, item as string | number | boolean)).join(', '), depth }];
      return value.flatMap((item, index) => {
        const [head, ...rest] = lines(path, item, depth + 1);
        return head ? [{ text: `${index + 1}. ${head.text}`, depth }, ...rest] : [];
      });
    }
    if (isRecord(value) && isPolygon(value)) {
      const polygon = value as Parameters<typeof vertexCount>[0] & { center?: number[]; size?: number };
      return [
        {
          text:
            text('geo:upload.summary', {
              vertices: formatCount(vertexCount(polygon), language),
              lon: formatDegrees(polygon.center?.[0] ?? 0, language),
              lat: formatDegrees(polygon.center?.[1] ?? 0, language),
              size: formatBytes(polygon.size ?? 0, language),
            }) ?? '',
          depth,
        },
      ];
    }
    if (isRecord(value))
      return Object.entries(value)
        .filter(([, nested]) => !isEmpty(nested))
        .flatMap(([key, nested]) => {
          const nestedPath = `${path}.${key}`;
          const nestedLines = lines(nestedPath, nested, depth + 1);
          const [only] = nestedLines;
          const inline = only && nestedLines.length === 1 && readsAsOneValue(nested);
          return inline
            ? [{ text: `${label(nestedPath)}: ${only.text}`, depth }]
            : [{ text: `${label(nestedPath)}:`, depth }, ...nestedLines];
        });
    return [{ text: String(value), depth }];
  }

  /**
   * A changed field's label; the entity's own status is told apart from a field named `status` (a probe's, a CDN's).
   */
  function changeLabel({ field, before, after }: { field: string; before?: unknown; after?: unknown }): string {
    const ownStatus = field === 'status' && [before, after].some((value) => recordStatuses.has(String(value)));
    return ownStatus ? (text('settingsHistory:fields.recordStatus') ?? label(field)) : label(field);
  }

  /** Whether a change shows as one: values that read the same (an empty group set up at creation) are left out. */
  const shows = ({ field, before, after }: { field: string; before?: unknown; after?: unknown }) =>
    JSON.stringify(lines(field, before)) !== JSON.stringify(lines(field, after));

  return { label, lines, changeLabel, shows };
}
