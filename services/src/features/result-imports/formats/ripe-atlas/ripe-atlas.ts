import { invalidField, isObject, notAResult, parsed, type ResultFormat, type RowOutcome } from '../result-format.ts';
import { readDns } from './dns.ts';
import { readHttp } from './http.ts';
import { readPing } from './ping.ts';
import { type RipeAtlasReading, ripeAtlasReading, ripeAtlasResultSchema } from './ripe-atlas-result.ts';
import { readSslcert } from './sslcert.ts';
import { readTraceroute } from './traceroute.ts';

const readers: Record<string, (reading: RipeAtlasReading, result: unknown) => RowOutcome> = {
  ping: readPing,
  traceroute: readTraceroute,
  dns: readDns,
  http: readHttp,
  sslcert: readSslcert,
};
const supported = Object.keys(readers).join(', ');

/**
 * RIPE Atlas results (https://atlas.ripe.net/docs/apis/result-format/), from the results API (a JSON array) or a daily
 * dump (one result per line), firmware 4400 and later. Each result's probe becomes a platform probe
 * (`ripeatlas<prb_id>`) and its measurement a program (`ripe-atlas-<msm_id>`), one address family each.
 */
export const ripeAtlasFormat: ResultFormat = {
  name: 'ripe-atlas',
  label: 'RIPE Atlas',
  source: 'ripe-atlas',
  namesItsProbes: true,
  read(result, settings) {
    if (!isObject(result)) return { refusal: notAResult(ripeAtlasFormat) };
    const common = parsed(ripeAtlasResultSchema, result);
    if ('refusal' in common) return common;
    const reader = readers[common.data.type];
    if (!reader) {
      return {
        refusal: {
          code: 'resultImports.unsupportedType',
          params: { type: common.data.type, supported },
          field: 'type',
        },
      };
    }
    const reading = ripeAtlasReading(ripeAtlasFormat, common.data, settings);
    const outcome = reader(reading, result);
    if ('refusal' in outcome) return outcome;
    if (outcome.measurements.length === 0) return { refusal: invalidField('result') };
    return { ...outcome, probes: [reading.probe] };
  },
};
