import { z } from 'zod';
import { configurationName } from './common.ts';
import { measuredPolygonField } from './geojson.ts';

/**
 * Geographic filter (docs/product/entities.md#geographic-filter): a named polygon (stored with its derived `center` and
 * `size`, see geojson.ts).
 */
export const geofilterFieldsSchema = z.object({
  name: configurationName,
  polygon: measuredPolygonField,
  special: z.boolean({ error: 'validation.invalidOption' }).default(false),
});
export type GeofilterFields = z.output<typeof geofilterFieldsSchema>;
