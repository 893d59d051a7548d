import {
  type ImportFormat,
  type ImportOptions,
  type ImportReport,
  LISTED_REFUSALS,
  type Measurement,
  measurementSchema,
} from '@nq/contracts';
import { issueProblem } from '@nq/platform/entities/validation-error';
import type { MeasurementStore } from '@nq/platform/measurements/measurement-store-port';
import type { Platform } from '@nq/platform/platform';
import { resultFormats } from './formats/formats.ts';
import type { FormatSettings, ProbeSeed, Refusal, ResultFormat, RowOutcome } from './formats/result-format.ts';
import { type ImportParties, importProbes } from './import-probes.ts';
import { type JsonRow, jsonRows } from './json-rows.ts';

export interface ImportRun extends ImportParties {
  format: ImportFormat;
  /** The file's text. */
  text: string;
  options: ImportOptions;
  signal?: AbortSignal;
  onProgress?(progress: { rows: number; percent: number }): Promise<void> | void;
  /** Told the ids of each batch once it is on `measurements.raw` (`nq import` waits for them to be stored). */
  onProduced?(measurementIds: string[]): void;
}

export type ImportPlatform = Pick<Platform, 'entities' | 'measurements' | 'log' | 'topics'>;

/** Results read, checked and sent on at a time: the progress moves on after each batch. */
const ROWS_PER_BATCH = 500;
/** Messages per call of the log (the gateway's batches are at most as large). */
const MESSAGES_PER_PRODUCE = 1_000;
/** Measurements looked up in the store at once. */
const STORE_LOOKUPS_AT_ONCE = 8;
const LISTED_PROGRAMS = 100;

/** The probe a format's results are given when the import names none (`importedndt7`). */
const defaultProbeOf = (format: ResultFormat): ProbeSeed => ({
  probeId: `imported${format.name.replace(/[^a-z0-9]/g, '')}`,
  name: `Imported ${format.label} results`,
});

/** A row read by its format, each measurement checked against the contract the gateway and ingest hold it to. */
function readRow(format: ResultFormat, row: JsonRow, settings: FormatSettings): RowOutcome {
  if ('unreadable' in row) return { refusal: { code: 'resultImports.notJson' } };
  const outcome = format.read(row.value, settings);
  if ('refusal' in outcome) return outcome;
  const measurements: Measurement[] = [];
  for (const measurement of outcome.measurements) {
    const checked = measurementSchema.safeParse(measurement);
    if (checked.success) {
      measurements.push(checked.data);
      continue;
    }
    const problem = issueProblem(checked.error.issues[0]!);
    const refusal: Refusal = problem.code
      ? { code: problem.code, field: problem.field, ...(problem.params ? { params: problem.params } : {}) }
      : { code: 'resultImports.invalidField', params: { field: problem.field }, field: problem.field };
    return { refusal };
  }
  return { ...outcome, measurements };
}

/** The ids among these that the store holds already. */
export async function storedAmong(store: MeasurementStore, ids: string[]): Promise<Set<string>> {
  const stored = new Set<string>();
  let next = 0;
  const lookUp = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      if (await store.get(id)) stored.add(id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(STORE_LOOKUPS_AT_ONCE, ids.length) }, lookUp));
  return stored;
}

async function produce(platform: ImportPlatform, measurements: Measurement[]) {
  const receivedAt = new Date().toISOString();
  for (let start = 0; start < measurements.length; start += MESSAGES_PER_PRODUCE) {
    const messages = measurements
      .slice(start, start + MESSAGES_PER_PRODUCE)
      .map((measurement) => ({ key: measurement.probeId, value: JSON.stringify({ ...measurement, receivedAt }) }));
    await platform.log.produce(platform.topics.measurementsRaw, messages);
  }
}

interface Screening {
  usable(probeId: string): boolean;
  /** The ids of the file's measurements met so far. */
  seen: Set<string>;
  refuse(row: JsonRow, refusal: Refusal): void;
  report: ImportReport;
}

/** The measurements of a batch's results that may go on: refusals and what the file repeats told to the report. */
function acceptedOf(read: { row: JsonRow; outcome: RowOutcome }[], screening: Screening): Measurement[] {
  const { seen, report } = screening;
  const accepted: Measurement[] = [];
  for (const { row, outcome } of read) {
    if ('refusal' in outcome) {
      screening.refuse(row, outcome.refusal);
      continue;
    }
    const gone = outcome.measurements.find((measurement) => !screening.usable(measurement.probeId));
    if (gone) {
      screening.refuse(row, { code: 'measurements.unknownProbe', params: { probeId: gone.probeId }, field: 'prb_id' });
      continue;
    }
    for (const measurement of outcome.measurements as Measurement[]) {
      if (seen.has(measurement.measurementId)) report.duplicates.inFile++;
      else {
        seen.add(measurement.measurementId);
        accepted.push(measurement);
      }
    }
  }
  return accepted;
}

function emptyReport(format: ImportFormat): ImportReport {
  return {
    format,
    read: 0,
    imported: 0,
    duplicates: { stored: 0, inFile: 0 },
    refused: 0,
    refusals: [],
    probesCreated: [],
    programs: [],
  };
}

/**
 * Imports a file of results measured elsewhere (docs/features/result-imports.md): each result read by its format,
 * its measurements checked as the gateway checks a probe's, the probes they name created, and those not stored yet
 * put on `measurements.raw` — ingest enriches and stores them as it does a probe's. Measurement ids are derived from
 * each result's reference at its source, so a file imported again adds nothing: what the store already holds is
 * counted as duplicate, and so is what the file repeats. A result that cannot be imported is refused with its place
 * and reason; the others go on. Batch by batch: what was sent stays sent if the run stops, and a run again sends
 * nothing twice.
 */
export async function runImport(platform: ImportPlatform, run: ImportRun): Promise<ImportReport> {
  const format = resultFormats[run.format];
  const probes = importProbes(platform.entities.service('probe'), platform.entities.entity('probe').visibility, run);
  const report = emptyReport(run.format);
  const { options } = run;
  const named = options.probe ? { probeId: options.probe, name: `Imported ${format.label} results` } : undefined;
  const probe = format.namesItsProbes ? undefined : (named ?? defaultProbeOf(format));
  if (probe) report.probesCreated.push(...(await probes.named(probe)));
  const settings: FormatSettings = {
    probeId: probe?.probeId ?? '',
    technology: options.technology ?? 0,
    ...(options.program ? { program: options.program } : {}),
    ...(options.direction ? { direction: options.direction } : {}),
    ...(options.measuredAt ? { measuredAt: options.measuredAt } : {}),
  };
  const refuse = (row: JsonRow, refusal: Refusal) => {
    report.refused++;
    if (report.refusals.length < LISTED_REFUSALS)
      report.refusals.push({ index: row.index, line: row.line, ...refusal });
  };
  const rows = jsonRows(run.text);
  const seen = new Set<string>();
  const programs = new Set<string>();
  for (let start = 0; start < rows.length; start += ROWS_PER_BATCH) {
    run.signal?.throwIfAborted();
    const batch = rows.slice(start, start + ROWS_PER_BATCH);
    const read = batch.map((row) => ({ row, outcome: readRow(format, row, settings) }));
    const seeds = read.flatMap(({ outcome }) => ('probes' in outcome ? (outcome.probes ?? []) : []));
    report.probesCreated.push(...(await probes.ensure(seeds)));
    const candidates = acceptedOf(read, { usable: probes.usable, seen, refuse, report });
    const stored = await storedAmong(
      platform.measurements,
      candidates.map((measurement) => measurement.measurementId),
    );
    const fresh = candidates.filter((measurement) => !stored.has(measurement.measurementId));
    await produce(platform, fresh);
    run.onProduced?.(fresh.map((measurement) => measurement.measurementId));
    for (const { program } of fresh) if (programs.size < LISTED_PROGRAMS) programs.add(program);
    report.duplicates.stored += stored.size;
    report.imported += fresh.length;
    report.read += batch.length;
    await run.onProgress?.({ rows: report.read, percent: Math.floor((report.read / rows.length) * 100) });
  }
  report.programs = [...programs];
  return report;
}
