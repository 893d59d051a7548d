import { vi } from 'vitest';
import type { EntityPage } from '../api/entities.ts';

/** A request the console sent, as the fake API read it. */
export interface SentRequest {
  method: string;
  /** The path without the query string: `/tags/`. */
  path: string;
  query: URLSearchParams;
  /** The JSON body parsed (the raw text when it is not JSON), undefined without one. */
  body: unknown;
  headers: Headers;
  /** The request's signal: aborted when the console gives up on it (a query cancelled or left). */
  signal: AbortSignal | undefined;
}

const answerMark = Symbol('answer');
interface Answer {
  [answerMark]: true;
  status: number;
  body: unknown;
}

/** An answer other than 200 with JSON, e.g. `answer(400, { code: 'validation.required', details })`. */
export const answer = (status: number, body?: unknown): Answer => ({ [answerMark]: true, status, body });
const isAnswer = (value: unknown): value is Answer =>
  typeof value === 'object' && value !== null && answerMark in value;

/** What a route answers: a value (200 with it as JSON), an `answer(...)`, or either computed from the request. */
export type Route = ((request: SentRequest) => unknown) | object | string | number | boolean | null;

const parsed = (text: string | undefined) => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * The API at the `fetch` boundary: each route (method and path, the query aside) answers canned JSON; every request
 * is kept, so a test can check what a form sent. A request no route takes is answered 404 (resource.notFound).
 */
export function fakeApi() {
  const routes = new Map<string, Route>();
  const requests: SentRequest[] = [];

  vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), window.location.href);
    const request: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: parsed(typeof init.body === 'string' ? init.body : undefined),
      headers: new Headers(init.headers),
      signal: init.signal ?? undefined,
    };
    requests.push(request);
    const route = routes.get(`${request.method} ${request.path}`);
    const result =
      route === undefined
        ? answer(404, { code: 'resource.notFound' })
        : typeof route === 'function'
          ? await route(request)
          : route;
    const { status, body } = isAnswer(result) ? result : { status: 200, body: result };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });

  const on = (method: string) => (path: string, route: Route) => {
    routes.set(`${method} ${path}`, route);
    return api;
  };
  const api = {
    get: on('GET'),
    post: on('POST'),
    put: on('PUT'),
    delete: on('DELETE'),
    /** The requests sent so far to a method and path, oldest first. */
    sent: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path),
  };
  return api;
}

export type FakeApi = ReturnType<typeof fakeApi>;

/**
 * A route that answers only when the test says (`answer`): a long query left running, or one answered at the time the
 * test chose, on a faked clock at rest (its answer's work then done off the clock, whatever the machine's speed).
 */
export function heldAnswers<Answer>() {
  const waiting: ((answer: Answer) => void)[] = [];
  return {
    route: () => new Promise<Answer>((resolve) => waiting.push(resolve)),
    /** Answers every request waiting so far. */
    answer: (answer: Answer) => {
      for (const resolve of waiting.splice(0)) resolve(answer);
    },
  };
}

/**
 * An entity list as the API answers it (docs/product/api.md#conventions): the rows whose name holds the search `q` (any
 * case), one page of `pageSize` of them. The rows are read at each request, so a test may change them between two.
 */
export const pagedList =
  <Row extends { name?: unknown }>(rows: readonly Row[]) =>
  (request: SentRequest): EntityPage<Row> => {
    const search = (request.query.get('q') ?? '').toLowerCase();
    const page = Number(request.query.get('page') ?? 1);
    const pageSize = Number(request.query.get('pageSize') ?? 25);
    const found = rows.filter((row) =>
      String(row.name ?? '')
        .toLowerCase()
        .includes(search),
    );
    return { list: found.slice((page - 1) * pageSize, page * pageSize), count: found.length, page, pageSize };
  };
