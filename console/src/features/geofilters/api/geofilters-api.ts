import type { GeofilterFields } from '@nq/contracts/configuration/geofilter';
import { basePathOf } from '@nq/contracts/configuration/kinds';
import type { MeasuredPolygon } from '@nq/contracts/configuration/polygon-measures';
import type { Entity } from '../../../shared/api/entities.ts';

/** Geofilters (docs/product/api.md#geographic-filters). */
export const geofiltersPath = basePathOf('geofilter');

export type Geofilter = Entity &
  Omit<GeofilterFields, 'polygon'> & {
    polygon: MeasuredPolygon;
    owner: string;
    updatedAt: string;
  };

export const geofilterErrorCodes = {
  fetch: 'geofilters.fetchFailed',
  create: 'geofilters.createFailed',
  update: 'geofilters.updateFailed',
  delete: 'geofilters.deleteFailed',
  clone: 'geofilters.saveFailed',
} as const;

/** What the list and the form of the screen share. */
export const geofilterScreen = { namespace: 'geofilters', basePath: geofiltersPath, errorCodes: geofilterErrorCodes };
