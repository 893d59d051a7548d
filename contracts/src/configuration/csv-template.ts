import { z } from 'zod';
import { profileServices } from '../identity/profile.ts';
import { kpiById, kpiCatalogue } from '../measurements/kpis.ts';
import type { testTypes } from '../measurements/measurement.ts';
import { configurationName, entityId, missingOr } from './common.ts';

type TestType = (typeof testTypes)[number];

/**
 * What a column writes of the values of a group of measurements. An extraction writes one row per group (a plain
 * extraction: one measurement per row, where `avg`, `min`, `max` and `sum` equal `value` and `count` is 1 or 0):
 * - `value`: the value itself (a group's first);
 * - `avg`, `min`, `max`, `sum`: over the group's values (numbers; `min` and `max` also times);
 * - `count`: how many of the group's measurements carry a value.
 */
export const csvColumnOperations = ['value', 'avg', 'min', 'max', 'sum', 'count'] as const;
export type CsvColumnOperation = (typeof csvColumnOperations)[number];

/** How a value is written and which operations fit it. */
export const csvValueKinds = {
  number: ['value', 'avg', 'min', 'max', 'sum', 'count'],
  time: ['value', 'min', 'max', 'count'],
  text: ['value', 'count'],
} as const satisfies Record<string, readonly CsvColumnOperation[]>;
export type CsvValueKind = keyof typeof csvValueKinds;

/** The measurement fields a template may write (the enriched measurement of the read model), in the default order. */
export const csvMeasurementFields = {
  measurementId: 'text',
  measuredAt: 'time',
  receivedAt: 'time',
  probeId: 'text',
  probeType: 'text',
  source: 'text',
  program: 'text',
  testType: 'text',
  status: 'text',
  taskMode: 'text',
  taskSuite: 'text',
  connectionId: 'text',
  destination: 'text',
  technology: 'number',
  technologyLabel: 'text',
  isp: 'text',
  ispName: 'text',
  ispId: 'text',
  provider: 'text',
  providerId: 'text',
  ip: 'text',
  latitude: 'number',
  longitude: 'number',
  hour: 'number',
  weekday: 'number',
  fringe: 'number',
  campaigns: 'text',
  clusters: 'text',
  universes: 'text',
  tags: 'text',
  deviceModel: 'text',
  appVersion: 'text',
} as const satisfies Record<string, CsvValueKind>;
export type CsvMeasurementField = keyof typeof csvMeasurementFields;
export const csvMeasurementFieldNames = Object.keys(csvMeasurementFields) as CsvMeasurementField[];

/**
 * Program types (1 URL, 2 server, 3 quality, 5 gaming, 6 video; docs/product/entities.md#profile) and the test types
 * they measure.
 */
export const testTypesOfProgramType: Record<number, readonly TestType[]> = {
  1: ['web-browsing'],
  2: ['http-download', 'http-upload', 'ftp-download', 'ftp-upload'],
  3: ['icmp-ping', 'tcp-ping', 'twamp', 'traceroute', 'dns'],
  5: ['gaming'],
  6: ['video'],
};

/**
 * One column: a measurement `field` or a KPI `key` (exactly one), of one `program` (absent: of every program), and
 * the `operation` written.
 */
export const csvTemplateColumnSchema = z
  .object({
    program: entityId.optional().describe('The program whose measurements fill the column; absent: every program'),
    field: z
      .enum(csvMeasurementFieldNames as [CsvMeasurementField, ...CsvMeasurementField[]], {
        error: missingOr('csvTemplates.unknownField'),
      })
      .optional(),
    key: z
      .string()
      .trim()
      .refine((key) => kpiById.has(key), 'csvTemplates.unknownKpi')
      .optional()
      .describe('A KPI id of the catalogue'),
    operation: z.enum(csvColumnOperations, { error: missingOr('validation.invalidOption') }).default('value'),
  })
  .refine((column) => (column.field === undefined) !== (column.key === undefined), {
    error: 'csvTemplates.fieldOrKey',
    path: ['field'],
  })
  .refine((column) => (csvValueKinds[csvValueKindOf(column)] as readonly string[]).includes(column.operation), {
    error: 'csvTemplates.operationNotAllowed',
    path: ['operation'],
  });
export type CsvTemplateColumn = z.output<typeof csvTemplateColumnSchema>;

/** How a column's values are written: a KPI's are numbers. */
export function csvValueKindOf(column: { field?: string | undefined; key?: string | undefined }): CsvValueKind {
  if (column.key !== undefined) return 'number';
  return csvMeasurementFields[column.field as CsvMeasurementField] ?? 'text';
}

export const csvTemplateMaxColumns = 200;

/**
 * CSV template of a profile (docs/product/entities.md#csv-template): its name, the service its measurements are of, its
 * columns in order and whether the extractor offers it (`active`). Favourite and order are the profile's
 * (`/profile/csvTemplates/…`); `body`, the header row it writes, follows from the columns: templates are answered with
 * the three of them.
 */
export const csvTemplateFieldsSchema = z.object({
  name: configurationName,
  service: z.enum(profileServices, { error: missingOr('validation.invalidOption') }),
  columns: z
    .array(csvTemplateColumnSchema)
    .min(1, 'csvTemplates.noColumns')
    .max(csvTemplateMaxColumns, 'validation.tooBig'),
  active: z.boolean({ error: 'validation.invalidOption' }).default(true),
});
export type CsvTemplateFields = z.output<typeof csvTemplateFieldsSchema>;

/** What a create or update under `/api/types/{service}/programs/{programs}/csv/templates` sends (the path names the service). */
export const csvTemplateBodySchema = csvTemplateFieldsSchema.omit({ service: true });

export const csvFavoriteChangeSchema = z.object({ favorite: z.boolean({ error: 'validation.invalidOption' }) });
/** What the profile records when one of its templates is marked or unmarked favourite. */
export const csvFavoriteIntentSchema = csvFavoriteChangeSchema.extend({ templateId: entityId });
export const csvTemplateOrderSchema = z.object({
  templateIds: z.array(entityId).max(1000, 'validation.tooBig').describe('Template ids, first to last'),
});

/** A template as the API answers it: its fields, with the profile's favourite and order and the header it writes. */
export const csvTemplateViewSchema = csvTemplateFieldsSchema.extend({
  id: z.string(),
  builtIn: z.boolean().describe('The default template: not stored, never deleted'),
  favorite: z.boolean(),
  order: z.number().int().describe('Its place in the list, the default template being 0'),
  body: z.string().describe('The header row the template writes'),
  version: z.number().int().optional(),
});
export type CsvTemplateView = z.output<typeof csvTemplateViewSchema>;

const operationSuffix = (operation: CsvColumnOperation) => (operation === 'value' ? '' : ` (${operation})`);

/** A column's header: `program key (operation)`, e.g. `speedtest download (avg)`; stable whatever the language. */
export const csvHeaderOf = (column: CsvTemplateColumn) =>
  `${column.program ? `${column.program} ` : ''}${column.key ?? column.field}${operationSuffix(column.operation)}`;

/** The header row a template writes (its `body`): the headers, comma-separated, quoted where needed. */
export const csvBodyOf = (columns: readonly CsvTemplateColumn[]) =>
  columns
    .map(csvHeaderOf)
    .map((header) => (/[",\n\r]/.test(header) ? `"${header.replaceAll('"', '""')}"` : header))
    .join(',');

/** The KPIs a program of this type measures (untyped programs: none). */
export const kpisOfProgramType = (type: number | undefined) => {
  const measured = type === undefined ? [] : (testTypesOfProgramType[type] ?? []);
  return kpiCatalogue.filter((kpi) => kpi.testTypes.some((testType) => measured.includes(testType)));
};

/**
 * The default template's columns for some programs: every measurement field, then each program's KPIs (those the
 * profile analyses, when it lists any).
 */
export function defaultCsvColumns(
  programs: readonly { id: string; type?: number }[],
  profileKpis: readonly string[] = [],
): CsvTemplateColumn[] {
  const allowed = (kpi: string) => profileKpis.length === 0 || profileKpis.includes(kpi);
  return [
    ...csvMeasurementFieldNames.map((field) => ({ field, operation: 'value' as const })),
    ...programs.flatMap((program) =>
      kpisOfProgramType(program.type)
        .filter((kpi) => allowed(kpi.id))
        .map((kpi) => ({ program: program.id, key: kpi.id, operation: 'value' as const })),
    ),
  ];
}

/** The path of the CSV routes (`/api/types/{service}/programs/{programs}/csv…`): a service and its programs. */
export const csvScopeParamsSchema = z.object({
  service: z.enum(profileServices, { error: 'validation.invalidOption' }),
  programs: z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((program) => program.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string()).min(1, 'validation.required').max(100, 'validation.tooBig'))
    .describe('Comma-separated program ids of the profile'),
});
