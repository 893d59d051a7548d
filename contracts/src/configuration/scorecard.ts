import { z } from 'zod';
import { measurementSources } from '../measurements/measurement.ts';
import {
  activeStatus,
  configurationName,
  entityId,
  entityIds,
  numberValue,
  percentage,
  positiveNumber,
} from './common.ts';
import { mosEntrySchema } from './mos.ts';

/** A fringe of a KPI: from start to end (0 ≤ start < end); the fringes of a KPI do not overlap. */
export const scorecardFringeSchema = z.object({
  start: numberValue.min(0, 'validation.tooSmall'),
  end: numberValue,
});

export const scorecardKpiSchema = z.object({
  kpi: entityId,
  weight: percentage,
  fringes: z.array(scorecardFringeSchema).default([]),
});

/** Scorecard (docs/product/entities.md#scorecard). The name is unique (case-insensitive); KPI weights add up to 100. */
export const scorecardFieldsSchema = z.object({
  name: configurationName,
  status: activeStatus,
  weight: percentage,
  maxScore: positiveNumber,
  campaigns: entityIds,
  clusters: entityIds,
  providers: entityIds,
  isps: entityIds,
  universes: entityIds,
  /** Whose measurements it scores: the panel's, public data's, or (none listed) all of them. */
  sources: z.array(z.enum(measurementSources, { error: 'validation.invalidOption' })).default([]),
  kpis: z.array(scorecardKpiSchema).default([]),
  mosEntries: z.array(mosEntrySchema).default([]),
});
export type ScorecardFields = z.output<typeof scorecardFieldsSchema>;
