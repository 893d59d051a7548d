import { signRequest } from '@nq/contracts/identity/request-signing';
import { currentLanguage } from '../i18n/i18n.ts';
import { ApiError } from './api-error.ts';
import { sessionStore } from './session-store.ts';

export type Query = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** How to read a 2xx answer: JSON (default), text (CSV) or a blob (downloads). */
  as?: 'json' | 'text' | 'blob';
  /** Login and password reset go unsigned. */
  unsigned?: boolean;
  /** A raw body (CSV upload) sent as is with this content type. */
  contentType?: string;
}

export function withQuery(path: string, query: Query | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

let onSessionEnded: () => void = () => {};
/** What the app does when the API says the session is over (401): set once by the router. */
export const whenSessionEnds = (handler: () => void) => {
  onSessionEnded = handler;
};

/**
 * The one way the console calls the API: signs with the stored session's credentials, sends the interface
 * language, honours the abort signal (queries abort on navigation), and turns any non-2xx into an ApiError carrying
 * the catalogue code.
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const url = withQuery(path, options.query);
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string' && options.contentType
        ? options.body
        : JSON.stringify(options.body);
  const headers: Record<string, string> = { 'accept-language': currentLanguage() };
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  if (!options.unsigned) {
    const session = sessionStore.get();
    if (!session) {
      onSessionEnded();
      throw new ApiError(401, 'auth.unauthenticated');
    }
    headers.authorization = await signRequest(session.data, { method, url, ...(body === undefined ? {} : { body }) });
  }

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: body ?? null, signal: options.signal ?? null });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'generic.fetchFailed');
  }

  if (!response.ok) {
    const answer = (await response.json().catch(() => undefined)) as
      | { code?: string; details?: unknown; params?: Record<string, string | number> }
      | undefined;
    const error = new ApiError(response.status, answer?.code ?? 'generic.error', answer?.details, answer?.params);
    if (response.status === 401 && !options.unsigned) {
      sessionStore.clear();
      onSessionEnded();
    }
    throw error;
  }
  if (options.as === 'text') return (await response.text()) as T;
  if (options.as === 'blob') return (await response.blob()) as T;
  if (response.status === 204 || response.status === 304) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('DELETE', path, options),
};
