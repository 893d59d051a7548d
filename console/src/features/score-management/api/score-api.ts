import type { fringeCodes } from '@nq/contracts/identity/profile';
import { api } from '../../../shared/api/api-client.ts';

export type FringeCode = (typeof fringeCodes)[number];

/**
 * PUT /profile/update/kpis/{id}/fringes (docs/product/api.md#profile): the fringes a KPI of the caller's profile is
 * shown in.
 */
export const setKpiFringes = (kpiId: string, fringes: FringeCode[]) =>
  api.put<{ id: string }>(`/profile/update/kpis/${encodeURIComponent(kpiId)}/fringes`, { fringes });
