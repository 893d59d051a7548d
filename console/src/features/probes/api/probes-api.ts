import { basePathOf } from '@nq/contracts/configuration/kinds';
import { probeFieldsSchema } from '@nq/contracts/fleet/probe';
import { api } from '../../../shared/api/api-client.ts';
import { type Entity, remember } from '../../../shared/api/entities.ts';
import { inputSchemaOf } from '../../../shared/schema-form/json-schema.ts';

export const probesPath = basePathOf('probe');

/** A probe as the API lists it: its fields (contracts/fleet/probe.ts) and the entity's own. */
export type Probe = Entity & {
  probeId: string;
  name: string;
  family: string;
  type: string;
  status?: string;
  deployment?: string;
  town?: string;
  latitude?: number;
  longitude?: number;
};

/** What the entity adds to the fields of the body; never sent back. */
export const systemFields = ['id', 'owner', 'createdAt', 'updatedAt', 'version'] as const;

/** The body a probe create or update takes, as JSON Schema: the form is drawn from it. */
export const probeSchema = inputSchemaOf(probeFieldsSchema);
export const probeFieldNames = Object.keys(probeSchema.properties ?? {});

export interface ProbesByText {
  list: Probe[];
  count: number;
  invalid: string[];
}

/** One row of a refused CSV file: its line (the header is line 1) and every problem found in it. */
export interface RejectedRow {
  row: number;
  probeId?: string;
  problems: { column?: string; code: string; message: string; value?: string }[];
}

export interface ImportResult {
  imported: number;
  probes: string[];
  position?: string;
}

export const probesApi = {
  /**
   * Probes by text (docs/product/rules.md#probes-by-text): ids separated by commas or spaces; the unknown or invalid
   * ones come back listed.
   */
  byText: (text: string) => api.post<ProbesByText>(`${probesPath}/by-text`, { text }),
  exportCsv: () => api.get<Blob>(`${probesPath}/export.csv`, { as: 'blob' }),
  async importCsv(csv: string) {
    const result = await api.post<ImportResult>(`${probesPath}/import`, csv, { contentType: 'text/csv' });
    remember(result.position);
    return result;
  },
};
