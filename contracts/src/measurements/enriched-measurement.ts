import { z } from 'zod';
import { measurementSchema } from './measurement.ts';

/**
 * Fringes (docs/product/entities.md#value-lists): 0 morning (06:00–14:00), 1 afternoon (14:00–22:00), 2 night
 * (22:00–06:00), local time.
 */
export const fringeOfHour = (hour: number): 0 | 1 | 2 => (hour >= 6 && hour < 14 ? 0 : hour >= 14 && hour < 22 ? 1 : 2);

/**
 * A measurement as the read model keeps it, enriched at ingest. Times of day (hour, weekday, fringe) are
 * in the time zone of the probe's owning profile; memberships are those in force at the measurement's time.
 */
export const enrichedMeasurementSchema = measurementSchema.extend({
  receivedAt: z.iso.datetime({ offset: true }),
  /** 0–23, local. */
  hour: z.number().int().min(0).max(23),
  /** 1 Monday to 7 Sunday, local (docs/product/entities.md#value-lists). */
  weekday: z.number().int().min(1).max(7),
  fringe: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  probeType: z.enum(['landline', 'mobile']).optional(),
  campaigns: z.array(z.string()),
  clusters: z.array(z.string()),
  universes: z.array(z.string()),
  tags: z.array(z.string()),
  /** The provider owning the measurement's IMSI or IP address, when one does. */
  provider: z.string().optional(),
  /**
   * The measurement's ISP as a provider id, the one identity profiles, filters and breakdowns compare: the reported
   * `isp` name matched (in any letter case) with a provider's name, label or SPN, else the provider owning its IMSI or
   * IP address. `isp` keeps the name as reported, for display.
   */
  ispId: z.string().optional(),
  technologyLabel: z.string(),
  /**
   * Where ingest read it from `measurements.raw` (the first copy, when a probe sent it again): what tells a batch
   * delivered again from a measurement sent twice, so that each is counted once downstream (cubes, alerts).
   */
  ingestSource: z.object({ partition: z.number().int(), offset: z.number().int() }).optional(),
});
export type EnrichedMeasurement = z.output<typeof enrichedMeasurementSchema>;
