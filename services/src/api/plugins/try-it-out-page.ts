import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SwaggerRequest } from './try-it-out.ts';

// What /docs needs for "Try it out" to sign its requests in the browser (try-it-out.ts says how), under the page's
// Content-Security-Policy (`script-src 'self'`, security-headers.ts): every script is a file of this origin.
//
//   /docs/static/nq/request-signing.js   the contracts' signRequest, the very module every client signs with
//   /docs/static/nq/try-it-out.js        the request interceptor (try-it-out.ts)
//   /docs/static/theme/try-it-out.js     a classic script Swagger UI's page loads: imports both on first use
//
// The two modules are served from their TypeScript sources with the types stripped (Node's own stripping, which runs
// the server's sources too): nothing to build, and nothing that could fall behind the sources.

/** Where Swagger UI's page finds the two modules, beside its own static files. */
const modulesPrefix = '/docs/static/nq';

const sources = {
  'request-signing.js': resolve(import.meta.dirname, '../../../../contracts/src/identity/request-signing.ts'),
  'try-it-out.js': resolve(import.meta.dirname, 'try-it-out.ts'),
} as const;

/** A TypeScript module as JavaScript: its types blanked out (positions kept), nothing else changed. */
function javaScriptOf(file: string) {
  // Node says once that the function is experimental; the server's own modules go through the same stripping.
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (!String(warning).includes('stripTypeScriptTypes'))
      (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return stripTypeScriptTypes(readFileSync(file, 'utf8'));
  } finally {
    process.emitWarning = emitWarning;
  }
}

const served = new Map<string, string>();
/** The module's JavaScript, stripped once. */
export function tryItOutModule(name: keyof typeof sources): string {
  if (!served.has(name)) served.set(name, javaScriptOf(sources[name]));
  return served.get(name)!;
}

/** The classic script Swagger UI's page runs (its theme script): the interceptor, loading the modules on first use. */
export const tryItOutLoader = `// "Try it out" signs each request in this page: services/src/api/plugins/try-it-out.ts.
(() => {
  const here = document.currentScript.src;
  let modules;
  globalThis.nqSignTryItOutRequest = (request) => {
    modules ??= Promise.all([
      import(new URL('../nq/request-signing.js', here).href),
      import(new URL('../nq/try-it-out.js', here).href),
    ]);
    return modules.then(([signing, tryItOut]) => tryItOut.signTryItOutRequest(request, signing.signRequest));
  };
})();
`;

type Page = { nqSignTryItOutRequest: (request: SwaggerRequest) => Promise<SwaggerRequest> };

/**
 * Swagger UI's `requestInterceptor`. Its source text is what the page runs (Swagger UI's initializer script holds it),
 * so it names only what the page has: the loader's function.
 */
export const requestInterceptor = (request: SwaggerRequest) =>
  (globalThis as unknown as Page).nqSignTryItOutRequest(request);

/** The security scheme of the page's copy of the document: the Authorize dialog's two fields. */
export const tryItOutScheme = {
  type: 'http',
  scheme: 'basic',
  description:
    'Try it out signs each request in this page: give the client id (as user name) and secret (as password) of a ' +
    'session — `POST /login` answers them as `data.clientId` and `data.clientSecret` — a token or an API client. ' +
    'The page signs every request with them exactly as `signRequest` does (`Authorization: NQ-HMAC-SHA256 ' +
    'Credential=…, Timestamp=…, Nonce=…, Signature=…`, docs/api-access.md) and sends neither. This scheme is the ' +
    "page's only: the API takes the signature, as /api/openapi.json states (its `signature` scheme).",
};

type Operation = { security?: Record<string, string[]>[] } & Record<string, unknown>;
type Document = {
  paths?: Record<string, Record<string, unknown>>;
  components?: { securitySchemes?: Record<string, unknown> } & Record<string, unknown>;
} & Record<string, unknown>;

const forPage = new WeakMap<object, Document>();

/**
 * The document as the page reads it (`/docs/json`): the `tryItOut` scheme where operations take the signature, so
 * that Authorize asks for a client id and secret and Swagger UI hands them to the interceptor. Made once per document.
 */
export function withTryItOutScheme(document: Document): Document {
  const cached = forPage.get(document);
  if (cached) return cached;
  const { signature: _signature, ...schemes } = document.components?.securitySchemes ?? {};
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, value]) => {
          const operation = value as Operation;
          const signed = Array.isArray(operation?.security) && operation.security.some((rule) => 'signature' in rule);
          return [method, signed ? { ...operation, security: [{ tryItOut: [] }] } : value];
        }),
      ),
    ]),
  );
  const page = {
    ...document,
    components: { ...document.components, securitySchemes: { tryItOut: tryItOutScheme, ...schemes } },
    paths,
  };
  forPage.set(document, page);
  return page;
}

/** The two modules' routes (public, as the rest of /docs; outside the document). */
export function serveTryItOutModules(app: FastifyInstance) {
  for (const name of Object.keys(sources) as (keyof typeof sources)[])
    app.get(`${modulesPrefix}/${name}`, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(tryItOutModule(name)),
    );
}
