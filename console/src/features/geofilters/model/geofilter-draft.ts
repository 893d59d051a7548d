import { geofilterFieldsSchema } from '@nq/contracts/configuration/geofilter';
import type { MeasuredPolygon } from '@nq/contracts/configuration/polygon-measures';
import type { DraftModel } from '../../geo-entities/model/draft-model.ts';
import { schemaProblems } from '../../geo-entities/model/form-problems.ts';
import type { Geofilter } from '../api/geofilters-api.ts';

export interface GeofilterDraft {
  name: string;
  special: boolean;
  polygon?: MeasuredPolygon | undefined;
}

export const geofilterFormFields = ['name', 'special', 'polygon'] as const;

export const geofilterDraft = (geofilter?: Geofilter): GeofilterDraft => ({
  name: geofilter?.name ?? '',
  special: geofilter?.special ?? false,
  polygon: geofilter?.polygon,
});

export const geofilterBody = (draft: GeofilterDraft): Record<string, unknown> => ({
  name: draft.name.trim(),
  special: draft.special,
  polygon: draft.polygon ? { type: 'Polygon', coordinates: draft.polygon.coordinates } : undefined,
});

/** The contract's rules before any call: a name, and a polygon (a geographic filter is one). */
export const geofilterProblems = (draft: GeofilterDraft) =>
  schemaProblems(geofilterFieldsSchema, geofilterBody(draft), geofilterFormFields);

export const geofilterDraftModel: DraftModel<Geofilter, GeofilterDraft> = {
  fields: geofilterFormFields,
  draftOf: geofilterDraft,
  bodyOf: geofilterBody,
  problemsOf: geofilterProblems,
};
