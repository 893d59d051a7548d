import { expectStatus, type PanelClient } from './panel-http.ts';

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const trimmed = (path: string) => path.replace(/\/$/, '') || '/';

/**
 * What the running platform's routes take, read from its own OpenAPI document (`GET /api/openapi.json`): the routes
 * change under the benchmark (paged status, clustered maps…), and it measures whichever form they have today.
 */
export async function routeFeatures(client: PanelClient) {
  const document = expectStatus<OpenApi>(await client('GET', '/api/openapi.json'), 200, 'the OpenAPI document');
  const operation = (method: string, path: string) =>
    Object.entries(document.paths).find(([candidate]) => trimmed(candidate) === trimmed(path))?.[1][method];
  return {
    /** The query parameters of an operation, with whether each is required; none when it does not exist. */
    query(method: string, path: string) {
      const parameters = operation(method, path)?.parameters ?? [];
      return new Map(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.required === true]));
    },
    /** The top-level fields of an operation's JSON body. */
    bodyFields(method: string, path: string) {
      const schema = operation(method, path)?.requestBody?.content?.['application/json']?.schema;
      return Object.keys(schema?.properties ?? {});
    },
  };
}

export type RouteFeatures = Awaited<ReturnType<typeof routeFeatures>>;

const pagingNames = ['page', 'pageSize', 'limit', 'offset', 'cursor', 'after'];

/** The query asking for a first page, from the paging parameters a route has ('' when it has none). */
export function firstPageQuery(parameters: Map<string, boolean>, size = 50) {
  const values: Record<string, string> = { page: '1', pageSize: String(size), limit: String(size), offset: '0' };
  return [...parameters.keys()]
    .filter((name) => pagingNames.includes(name) && values[name])
    .map((name) => `${name}=${values[name]}`)
    .join('&');
}

/** The query asking for a window at a zoom, from the parameters a map route has ('' when it takes neither). */
export function windowQuery(parameters: Map<string, boolean>, [west, south, east, north]: number[], zoom: number) {
  const values: Record<string, string> = {
    bbox: [west, south, east, north].join(','),
    west: String(west),
    south: String(south),
    east: String(east),
    north: String(north),
    zoom: String(zoom),
    z: String(zoom),
  };
  return [...parameters.keys()]
    .filter((name) => values[name] !== undefined)
    .map((name) => `${name}=${values[name]}`)
    .join('&');
}
