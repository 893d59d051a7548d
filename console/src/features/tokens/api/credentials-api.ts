import type { tokenSchema } from '@nq/contracts/identity/token';
import { api } from '../../../shared/api/api-client.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import type { IssuedCredential, IssueFailure } from '../machines/issue-credential.machine.ts';

export type Token = ReturnType<typeof tokenSchema.parse>;
export interface ApiClient {
  clientId: string;
  name?: string;
  profileId: string;
  createdAt: string;
}

/**
 * Tokens and API credentials of the caller's profile (docs/product/entities.md#token): list, generate (secret shown
 * once), revoke.
 */
export const credentialsApi = (path: '/tokens' | '/api-credentials') => ({
  list: <Row>(signal?: AbortSignal) => api.get<{ list: Row[] }>(path, { signal }),
  issue: async (request: Record<string, unknown>): Promise<IssuedCredential> => {
    try {
      return await api.post<IssuedCredential>(path, request);
    } catch (error) {
      throw failureOf(error);
    }
  },
  revoke: (id: string) => api.delete<{ done: true }>(`${path}/${encodeURIComponent(id)}`),
});

function failureOf(error: unknown): IssueFailure {
  if (!isApiError(error)) return { code: 'tokens.generateFailed' };
  const generic = error.code === 'generic.error' || error.code === 'internal.error';
  const fields = error.fieldProblems;
  return { code: generic ? 'tokens.generateFailed' : error.code, ...(Object.keys(fields).length ? { fields } : {}) };
}
