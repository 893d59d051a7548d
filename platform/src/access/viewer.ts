import type { Profile } from '@nq/contracts';
import type { RequestBudget } from '../http/request-budget.ts';

/**
 * How a caller signed: sessions sign the console's calls; tokens and API clients machine calls
 * (docs/product/entities.md#token); probes sign for the gateway.
 */
export type CredentialKind = 'session' | 'token' | 'client' | 'probe';

/** The caller of a signed request: its user, the profile it works under, and the credential it signed with. */
export interface Viewer {
  userId: string;
  email: string;
  /** Profiles assigned to the user. */
  userProfiles: string[];
  profileId: string;
  profile: Profile;
  credential: { id: string; kind: CredentialKind; unlimited: boolean; rateLimit?: number };
  /** A token's or API client's budget after this request (sessions have none). */
  requestBudget?: RequestBudget;
}

export const isAdmin = (viewer: Viewer) => viewer.profile.rol === 'admin' || viewer.profile.isGod;

/** Who a background job acts for: the user who asked, under the profile they asked with, as their request would. */
export const jobViewer = (job: { userId: string; profile: Profile; jobId: string }): Viewer => ({
  userId: job.userId,
  email: '',
  userProfiles: [job.profile.id],
  profileId: job.profile.id,
  profile: job.profile,
  credential: { id: `job:${job.jobId}`, kind: 'session', unlimited: false },
});
