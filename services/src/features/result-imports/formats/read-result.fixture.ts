import { measurementSchema } from '@nq/contracts';
import type { FormatSettings, ImportedMeasurement, ResultFormat } from './result-format.ts';

/** What the formats' tests read with: a probe the import names, measured over Ethernet. */
export const testSettings: FormatSettings = { probeId: 'lab1', technology: 98 };

/** The measurements a format makes of a result, each one the gateway would take; fails on a refusal. */
export function measurementsOf(format: ResultFormat, result: unknown, settings = testSettings): ImportedMeasurement[] {
  const outcome = format.read(result, settings);
  if ('refusal' in outcome) throw new Error(`refused: ${JSON.stringify(outcome.refusal)}`);
  for (const measurement of outcome.measurements) measurementSchema.parse(measurement);
  return outcome.measurements;
}

/** Why a format refuses a result (undefined when it does not). */
export function refusalOf(format: ResultFormat, result: unknown, settings = testSettings) {
  const outcome = format.read(result, settings);
  return 'refusal' in outcome ? outcome.refusal : undefined;
}
