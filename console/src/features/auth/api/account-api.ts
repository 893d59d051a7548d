import type { StoredSession } from '@nq/contracts/identity/session';
import { api } from '../../../shared/api/api-client.ts';

export const accountApi = {
  login: (body: { email: string; password: string; verification?: string }) =>
    api.post<StoredSession>('/login', body, { unsigned: true }),
  requestReset: (email: string) => api.post<{ done: true }>('/account/password/reset', { email }, { unsigned: true }),
  setPassword: (body: { token: string; newPassword: string; repeatPassword: string }) =>
    api.post<{ done: true }>('/account/password/set', body, { unsigned: true }),
  changePassword: (body: { currentPassword: string; newPassword: string; repeatPassword: string }) =>
    api.post<{ done: true }>('/account/password/change', body),
  logout: () => api.post<{ done: true }>('/logout'),
};
