import { configurationKinds } from '@nq/contracts';

// Every operation of the OpenAPI document has an `operationId`: the name a generated client gives its call. It is
// derived here, from the method and the path alone (so adding a route never renames another), unless the route names
// its own (`schema.operationId`). The rule (docs/api-from-your-tools.md, "Operation ids"):
//
// - The path's words: the leading `/api` and a version segment (`v1`) are dropped; a configuration entity's base path
//   reads as its kind in the plural (`/api/campaigns-management` → campaigns, `/moses` → moses); every other segment
//   gives its words (`task-suites` → task suites, `smartPerformance` → smart performance, `export.csv` → export csv).
// - A parameter that names an item of the segment before it — `{id}`, `{…Id}`, or that segment's own name in the
//   singular or plural (`names/{name}`, `programs/{programs}`) — makes that segment singular (`/probes/{id}` → probe);
//   any other parameter reads `By<Name>` (`/ready/{role}` → ready by role), the ones right after it `And<Name>`.
// - The verb: for a POST or PUT whose last segment (parameters aside) is one word that is an action (clone, send,
//   share, rebuild, retry, import, export, download, generate, backtest, login, logout, reset, set, change), that word
//   (`POST /task-suites/{id}/clone` → cloneTaskSuite, `POST /login` → login); otherwise the method's: GET is `list`
//   when the path ends in a plural segment, `get` otherwise; POST `create`, a last segment of one plural word made
//   singular (`POST /probes/` → createProbe); PUT `update`; PATCH `patch`; DELETE `delete`.
// - Camel case: `GET /probes/{id}` → getProbe, `POST /scorecards/{id}/report` → createScorecardReport.
//
// Where two operations would get one id (`GET /profile` and `GET /profiles/{id}`), one of the routes names its own;
// operation-ids.test.ts fails until it does.

const actions = new Set([
  'backtest',
  'change',
  'clone',
  'download',
  'export',
  'generate',
  'import',
  'login',
  'logout',
  'rebuild',
  'reset',
  'retry',
  'send',
  'set',
  'share',
]);

const methodVerbs: Record<string, string> = { put: 'update', patch: 'patch', delete: 'delete', post: 'create' };

const pluralOf = (word: string) =>
  /(s|x|ch|sh)$/.test(word) ? `${word}es` : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;

/** The last word of each configuration kind (`mos`, `suite`, `dashboard`), by its plural: their number is known. */
const kindWords = new Map(
  Object.keys(configurationKinds).map((kind) => {
    const word = kind.split('-').at(-1)!;
    return [pluralOf(word), word];
  }),
);
const kindSingulars = new Set(kindWords.values());

const isPlural = (word: string) =>
  kindWords.has(word) || (!kindSingulars.has(word) && /[^su]s$/.test(word) && !/is$/.test(word));

const singularOf = (word: string) =>
  kindWords.get(word) ??
  (!isPlural(word)
    ? word
    : /ies$/.test(word)
      ? `${word.slice(0, -3)}y`
      : /(ss|x|ch|sh)es$/.test(word)
        ? word.slice(0, -2)
        : word.slice(0, -1));

/** A segment of the path: its words, lower case, and how its last word reads in the singular. */
interface Segment {
  words: string[];
  /** A static segment's (a parameter's segment has none). */
  static?: {
    singular: string;
    plural: boolean;
    /** One word that is an action (`clone`): the verb of a POST or PUT to it. */
    action: boolean;
    /** One word, or an entity's base path: a POST to it, when plural, creates one (`createProbe`). */
    oneNoun: boolean;
  };
}

/** `smartPerformance`, `task-suites`, `export.csv`, `by{field}` → their words, lower case. */
const wordsOf = (text: string) =>
  text
    .replace(/\{(\w+)\}/g, '-$1')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const kindBasePaths = Object.entries(configurationKinds)
  .map(([kind, { basePath }]) => ({ kind, basePath }))
  .sort((a, b) => b.basePath.length - a.basePath.length);

const staticSegment = (words: string[], oneNoun = words.length === 1): Segment => {
  const last = words.at(-1) ?? '';
  return {
    words,
    static: {
      singular: singularOf(last),
      plural: isPlural(last),
      action: words.length === 1 && actions.has(last),
      oneNoun,
    },
  };
};

/** The operationId the rule above gives `method` on `path` (`/probes/{id}` or Fastify's `/probes/:id`). */
export function operationIdOf(method: string, path: string): string {
  let rest = path.replace(/:(\w+)/g, '{$1}');
  const segments: Segment[] = [];
  const entity = kindBasePaths.find(({ basePath }) => rest === basePath || rest.startsWith(`${basePath}/`));
  if (entity) {
    const words = wordsOf(entity.kind);
    segments.push(staticSegment([...words.slice(0, -1), pluralOf(words.at(-1)!)], true));
    rest = rest.slice(entity.basePath.length);
  }
  const parts = rest.split('/').filter(Boolean);
  if (!entity && parts[0] === 'api') parts.shift();
  for (const part of parts) {
    if (/^v\d+$/.test(part)) continue;
    const parameter = /^\{(\w+)\}$/.exec(part)?.[1];
    if (parameter === undefined) {
      segments.push(staticSegment(wordsOf(part)));
      continue;
    }
    const previous = segments.at(-1);
    const before = previous?.static;
    const previousLast = previous?.words.at(-1);
    const named = parameter.toLowerCase();
    if (
      previous &&
      before &&
      (parameter === 'id' || /[a-z]Id$/.test(parameter) || named === previousLast || named === before.singular)
    ) {
      // An item of the segment: it reads in the singular, unless the parameter is its own name in the plural
      // (`programs/{programs}`); what follows does not read as its plural.
      if (named !== previousLast) previous.words = [...previous.words.slice(0, -1), before.singular];
      segments.push({ words: [] });
      continue;
    }
    // After another parameter that is not an item's: `And<Name>`.
    const after = previous && !previous.static && previous.words.length > 0;
    segments.push({ words: [after ? 'and' : 'by', ...wordsOf(parameter)] });
  }

  const lower = method.toLowerCase();
  const last = segments.at(-1);
  // The path's last static segment, when only parameters follow it.
  const lastStatic = segments.findLast((segment) => segment.static);
  const words = (without?: Segment) =>
    segments.flatMap((segment) => (segment === without ? [] : segment.words)).map(capitalized);
  if (lastStatic?.static?.action && (lower === 'post' || lower === 'put'))
    return lastStatic.words[0]! + words(lastStatic).join('');
  if (lower === 'get') return (last?.static?.plural ? 'list' : 'get') + words().join('');
  const named = words();
  if (lower === 'post' && last?.static?.plural && last.static.oneNoun)
    named[named.length - 1] = capitalized(last.static.singular);
  return (methodVerbs[lower] ?? lower) + named.join('');
}

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Operation = { operationId?: string } & Record<string, unknown>;
type Paths = Record<string, Record<string, unknown>>;
export type OpenApiDocument = { paths?: Paths } & Record<string, unknown>;

/** The document with an operationId on every operation that has none, first among its fields. */
export function withOperationIds<Document extends { paths?: Paths }>(document: Document): Document {
  if (!document.paths) return document;
  const paths: Paths = {};
  for (const [path, item] of Object.entries(document.paths)) {
    paths[path] = Object.fromEntries(
      Object.entries(item).map(([key, value]) => {
        if (!(httpMethods as readonly string[]).includes(key) || typeof value !== 'object' || value === null)
          return [key, value];
        const operation = value as Operation;
        return [key, { operationId: operation.operationId ?? operationIdOf(key, path), ...operation }];
      }),
    );
  }
  return { ...document, paths };
}

/** Each operation of the document as `METHOD path`, by its operationId: more than one where ids clash, none missing. */
export function operationsById(document: { paths?: Paths }) {
  const byId = new Map<string, string[]>();
  const missing: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const [key, value] of Object.entries(item)) {
      if (!(httpMethods as readonly string[]).includes(key)) continue;
      const id = (value as Operation).operationId;
      const operation = `${key.toUpperCase()} ${path}`;
      if (!id) missing.push(operation);
      else byId.set(id, [...(byId.get(id) ?? []), operation]);
    }
  return { byId, missing };
}
