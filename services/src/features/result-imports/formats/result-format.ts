import { createHash } from 'node:crypto';
import type {
  ErrorCode,
  ImportFormat,
  MeasurementSource,
  MessageParams,
  measurementSchema,
  TechnologyCode,
} from '@nq/contracts';
import type { z } from 'zod';

/** A measurement as a format makes it: the contract's input (its schema fills the defaults and checks it). */
export type ImportedMeasurement = z.input<typeof measurementSchema>;

/** Why a result is refused: a catalogue code, its params, and the field at fault when one is. */
export interface Refusal {
  code: ErrorCode;
  params?: MessageParams;
  field?: string;
}

/** A probe a result names (RIPE Atlas), created for it when the platform has none. */
export interface ProbeSeed {
  probeId: string;
  name: string;
}

/** One result of the file: the measurements it makes (none for a line the tool prints besides), or its refusal. */
export type RowOutcome = { measurements: ImportedMeasurement[]; probes?: ProbeSeed[] } | { refusal: Refusal };

/** Which way a transfer went, from the probe's side. */
export type TransferDirection = 'download' | 'upload';

/** The test type of a transfer's measurement. */
export const transferTestType = (direction: TransferDirection) =>
  direction === 'download' ? 'http-download' : 'http-upload';

/** What the import tells a format, the importer's options resolved. */
export interface FormatSettings {
  /** The probe of formats whose results name none. */
  probeId: string;
  technology: TechnologyCode;
  program?: string;
  direction?: TransferDirection;
  measuredAt?: string;
}

/** A format: a pure function from one parsed result to measurements, with what the import needs to know of it. */
export interface ResultFormat {
  name: ImportFormat;
  /** How messages and probe names call it ("RIPE Atlas"). */
  label: string;
  source: MeasurementSource;
  /** Its results name their probe themselves (RIPE Atlas); otherwise the import names one. */
  namesItsProbes: boolean;
  read(result: unknown, settings: FormatSettings): RowOutcome;
}

/**
 * The same result imported again gets the same id, whichever file, request or process brings it: ingest keeps the
 * first copy, and the import finds it already stored.
 */
export const importedMeasurementId = (source: MeasurementSource, sourceRef: string) =>
  `${source}-${createHash('sha256').update(`${source}\n${sourceRef}`).digest('hex').slice(0, 40)}`;

type Imported = Omit<ImportedMeasurement, 'measurementId' | 'source' | 'technology' | 'taskMode'>;

/** A measurement of an imported result: its deterministic id, its source, tool and reference at the source. */
export function importedMeasurement(
  format: Pick<ResultFormat, 'source'>,
  settings: FormatSettings,
  origin: { sourceRef: string; tool: string },
  measurement: Imported,
): ImportedMeasurement {
  return {
    ...measurement,
    measurementId: importedMeasurementId(format.source, origin.sourceRef),
    technology: settings.technology,
    taskMode: 'active',
    source: format.source,
    details: { ...measurement.details, tool: origin.tool.slice(0, 64), sourceRef: origin.sourceRef.slice(0, 256) },
  };
}

export const invalidField = (field: string): Refusal => ({
  code: 'resultImports.invalidField',
  params: { field },
  field,
});

export const notAResult = (format: Pick<ResultFormat, 'label'>): Refusal => ({
  code: 'resultImports.notAResult',
  params: { format: format.label },
});

/** The result read as `schema`, or its refusal naming the first field that is missing or wrong. */
export function parsed<Schema extends z.ZodType>(
  schema: Schema,
  result: unknown,
): { data: z.output<Schema> } | { refusal: Refusal } {
  const outcome = schema.safeParse(result);
  if (outcome.success) return { data: outcome.data };
  const [issue] = outcome.error.issues;
  return { refusal: invalidField(issue?.path.map(String).join('.') || 'result') };
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A Unix time in seconds as an instant. */
export const instantOf = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A value rounded to what a measurement shows (µs for milliseconds, kbit/s for Mbit/s). */
export const rounded = (value: number) => Math.round(value * 1000) / 1000;

/** Text cut to what a field of the contract holds. */
export const clipped = (text: string, max: number) => text.trim().slice(0, max);
