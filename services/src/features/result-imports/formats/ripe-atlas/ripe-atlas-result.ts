import { z } from 'zod';
import { clientOf, destinationOf } from '../measurement-ends.ts';
import {
  type FormatSettings,
  type ImportedMeasurement,
  importedMeasurement,
  instantOf,
  type ProbeSeed,
  type ResultFormat,
} from '../result-format.ts';

/** What every RIPE Atlas result carries, whatever its type (https://atlas.ripe.net/docs/apis/result-format/). */
export const ripeAtlasResultSchema = z.looseObject({
  type: z.string(),
  prb_id: z.number().int().nonnegative(),
  msm_id: z.number().int().nonnegative(),
  /** Unix seconds. */
  timestamp: z.number().int().nonnegative(),
  fw: z.number().optional(),
  /** The probe's public address, as RIPE Atlas saw it. */
  from: z.string().optional(),
  dst_addr: z.string().optional(),
  dst_name: z.string().optional(),
});
export type RipeAtlasResult = z.output<typeof ripeAtlasResultSchema>;

/** A probe id is lowercase letters and digits only, so RIPE Atlas probe 6001 is `ripeatlas6001`. */
export const ripeAtlasProbeId = (prbId: number) => `ripeatlas${prbId}`;

type Fields = Pick<ImportedMeasurement, 'testType' | 'status'> &
  Partial<Pick<ImportedMeasurement, 'kpis' | 'details' | 'failure' | 'destination' | 'measuredAt'>>;

/** What each type's reader builds on: the result's probe, and its measurements with what every one shares. */
export interface RipeAtlasReading {
  result: RipeAtlasResult;
  probe: ProbeSeed;
  /** `part` tells apart the measurements of one result (a DNS result's resolvers, an HTTP result's exchanges). */
  measurement(fields: Fields, part?: string): ImportedMeasurement;
}

export function ripeAtlasReading(
  format: Pick<ResultFormat, 'source' | 'label'>,
  result: RipeAtlasResult,
  settings: FormatSettings,
): RipeAtlasReading {
  const probeId = ripeAtlasProbeId(result.prb_id);
  const destination = destinationOf(result.dst_name || result.dst_addr, result.dst_addr);
  const reference = `msm_id=${result.msm_id} prb_id=${result.prb_id} timestamp=${result.timestamp}`;
  const tool = result.fw === undefined ? format.label : `${format.label} firmware ${result.fw}`;
  return {
    result,
    probe: { probeId, name: `${format.label} probe ${result.prb_id}` },
    measurement: (fields, part) =>
      importedMeasurement(
        format,
        settings,
        { sourceRef: part ? `${reference} ${part}` : reference, tool },
        {
          probeId,
          program: settings.program ?? `ripe-atlas-${result.msm_id}`,
          measuredAt: instantOf(result.timestamp),
          ...clientOf(result.from),
          ...destination,
          ...fields,
        },
      ),
  };
}
