import { alertFieldsSchema } from '@nq/contracts/configuration/alert';
import { campaignFieldsSchema } from '@nq/contracts/configuration/campaign';
import { cdnFieldsSchema } from '@nq/contracts/configuration/cdn';
import { clusterFieldsSchema } from '@nq/contracts/configuration/cluster';
import { csvTemplateFieldsSchema } from '@nq/contracts/configuration/csv-template';
import { cubeFieldsSchema } from '@nq/contracts/configuration/cube';
import { geofilterFieldsSchema } from '@nq/contracts/configuration/geofilter';
import { mosFieldsSchema } from '@nq/contracts/configuration/mos';
import { personalDashboardFieldsSchema } from '@nq/contracts/configuration/personal-dashboard';
import { providerFieldsSchema } from '@nq/contracts/configuration/provider';
import { regulatoryReportFieldsSchema } from '@nq/contracts/configuration/regulatory-report';
import { scorecardFieldsSchema } from '@nq/contracts/configuration/scorecard';
import { tagFieldsSchema } from '@nq/contracts/configuration/tag';
import { universeFieldsSchema } from '@nq/contracts/configuration/universe';
import type { AuditedKind, AuditNames } from '@nq/contracts/events/audit';
import { probeFieldsSchema } from '@nq/contracts/fleet/probe';
import { taskSuiteFieldsSchema } from '@nq/contracts/fleet/task-suite';
import { profileFieldsSchema } from '@nq/contracts/identity/profile';
import { userFieldsSchema } from '@nq/contracts/identity/user';
import { describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import { textsForTests } from '../../../shared/i18n/texts-for-tests.ts';
import { auditTexts, textLookupOf } from './audit-texts.ts';

const schemas: Record<AuditedKind, ZodType> = {
  tag: tagFieldsSchema,
  provider: providerFieldsSchema,
  cdn: cdnFieldsSchema,
  'task-suite': taskSuiteFieldsSchema,
  campaign: campaignFieldsSchema,
  geofilter: geofilterFieldsSchema,
  cluster: clusterFieldsSchema,
  universe: universeFieldsSchema,
  mos: mosFieldsSchema,
  scorecard: scorecardFieldsSchema,
  probe: probeFieldsSchema,
  profile: profileFieldsSchema,
  user: userFieldsSchema,
  'csv-template': csvTemplateFieldsSchema,
  alert: alertFieldsSchema,
  'personal-dashboard': personalDashboardFieldsSchema,
  cube: cubeFieldsSchema,
  'regulatory-report': regulatoryReportFieldsSchema,
};

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
}

/** Every field path of a stored entity (arrays stand for their elements), from its zod contract. */
function pathsOf(schema: JsonSchema | undefined | false, prefix = ''): string[] {
  if (!schema) return [];
  const nested = [
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.prefixItems ?? []),
    ...(schema.items ? [schema.items] : []),
  ];
  return [
    ...new Set([
      ...Object.entries(schema.properties ?? {}).flatMap(([key, value]) => [
        `${prefix}${key}`,
        ...pathsOf(value, `${prefix}${key}.`),
      ]),
      ...nested.flatMap((value) => pathsOf(value, prefix)),
    ]),
  ];
}

const textsIn = async (language: 'en' | 'es', kind: AuditedKind, names: AuditNames = {}, timeZone = 'Etc/UTC') =>
  auditTexts({ kind, language, timeZone, names, text: textLookupOf(await textsForTests(language)) });
const textOf = (lines: { text: string; depth: number }[]) =>
  lines.map((line) => `${'  '.repeat(line.depth)}${line.text}`).join('\n');

describe('settings history texts', () => {
  it.each(['en', 'es'] as const)('%s: every audited kind the picker offers has a name', async (language) => {
    const texts = await textsForTests(language);
    // Read in the language itself: falling back to English would hide a missing Spanish name.
    const names = texts.getResource(language, 'settingsHistory', 'kinds') as Record<string, string>;
    const unnamed = Object.keys(schemas).filter((kind) => !names[kind]);
    expect(unnamed).toEqual([]);
  });

  it.each(['en', 'es'] as const)(
    '%s: every field of every audited kind has a label from its form or the history, never its key',
    async (language) => {
      const unlabelled: string[] = [];
      for (const [kind, schema] of Object.entries(schemas) as [AuditedKind, ZodType][]) {
        const texts = await textsIn(language, kind);
        const paths = pathsOf(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema);
        for (const path of ['status', ...paths]) {
          const label = texts.label(path);
          if (label === path || label === path.split('.').at(-1) || label.includes('{{'))
            unlabelled.push(`${kind} ${path}`);
        }
      }
      expect(unlabelled).toEqual([]);
    },
  );

  it('uses the labels of the entity’s form', async () => {
    expect((await textsIn('es', 'cluster')).label('attributes.country')).toBe('País');
    expect((await textsIn('es', 'cdn')).label('httpHeaders.name')).toBe('Cabecera');
    expect((await textsIn('en', 'probe')).label('deployment')).toBe('Deployment');
    expect((await textsIn('en', 'scorecard')).label('kpis.kpi')).toBe('KPI');
  });

  it('names referenced ids, KPIs and screens, and leaves an id it has no name for', async () => {
    const names = { provider: { p1: 'Movistar' }, campaign: { c1: 'Madrid drive test' } };
    expect(textOf((await textsIn('es', 'cdn', names)).lines('provider', 'p1'))).toBe('Movistar');
    expect(textOf((await textsIn('es', 'scorecard', names)).lines('campaigns', ['c1', 'c2']))).toBe(
      'Madrid drive test, c2',
    );
    expect(textOf((await textsIn('es', 'mos')).lines('entries', [{ kpi: 'download', weight: 60 }]))).toBe(
      '1. KPI: Velocidad de descarga\n  Peso (%): 60',
    );
    expect(textOf((await textsIn('es', 'profile')).lines('startPage', 'evolution'))).toBe('Evolución');
  });

  it('formats values for people: dates in the time zone, Yes/No, options, countries, nested lines', async () => {
    const madrid = await textsIn('es', 'campaign', {}, 'Europe/Madrid');
    expect(textOf(madrid.lines('startDate', '2026-03-01T09:00:00.000Z'))).toBe('1 mar 2026, 10:00');
    expect(textOf(madrid.lines('special', true))).toBe('Sí');
    expect(textOf((await textsIn('en', 'campaign')).lines('special', false))).toBe('No');
    expect(textOf((await textsIn('es', 'probe')).lines('deployment', 'Production'))).toBe('Producción');
    expect(textOf((await textsIn('es', 'probe')).lines('type', 'landline'))).toBe('Fija');
    expect(textOf((await textsIn('es', 'provider')).lines('country', 'United Kingdom'))).toBe('Reino Unido');
    expect(textOf((await textsIn('es', 'cluster')).lines('attributes', { country: 'Spain', region: 'Madrid' }))).toBe(
      'País: España\nRegión: Madrid',
    );
    expect(
      textOf((await textsIn('es', 'cdn')).lines('technologies', [{ technology: 4, trigger: 0.5, size: 10 }])),
    ).toBe('1. Tecnología: 4G\n  Disparo: 0,5\n  Tamaño: 10');
    expect(textOf((await textsIn('es', 'cdn')).lines('location', { latitude: 40.4168, longitude: -3.7038 }))).toBe(
      'Latitud: 40,4168\nLongitud: -3,7038',
    );
    expect(textOf((await textsIn('es', 'tag')).lines('status', 'active'))).toBe('activa');
    expect(textOf((await textsIn('es', 'cube')).lines('dimensions', ['provider', 'hour']))).toBe(
      'Proveedor, Hora del día',
    );
    expect(textOf((await textsIn('en', 'cube')).lines('grain', 'day'))).toBe('Day');
    expect(textOf((await textsIn('en', 'tag')).lines('profiles', []))).toBe('—');
  });

  it('tells the entity’s own status from a status field, and leaves out changes that read the same', async () => {
    const probe = await textsIn('es', 'probe');
    expect(probe.changeLabel({ field: 'status', before: 'absent', after: 'active' })).toBe('Estado del registro');
    expect(probe.changeLabel({ field: 'status', before: 'Available', after: 'Ready' })).toBe('Estado');
    expect(probe.shows({ field: 'backend', after: {} })).toBe(false);
    expect(probe.shows({ field: 'credentials', before: {}, after: { voip: {} } })).toBe(false);
    expect(probe.shows({ field: 'deployment', before: 'Staging', after: 'Production' })).toBe(true);
  });

  it('never shows JSON: a probe’s nested settings read as label: value lines', async () => {
    const probe = await textsIn('es', 'probe');
    const text = textOf(
      probe.lines('device', { reboot: { enabled: true, intervalHours: 24 }, dns: { primary: '8.8.8.8' }, wifi: [] }),
    );
    expect(text).toBe('Reinicio:\n  Activado: Sí\n  Intervalo (horas): 24\nDNS:\n  Primario: 8.8.8.8');
    expect(text).not.toMatch(/[{}"]/);
  });
});
