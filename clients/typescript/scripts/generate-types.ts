import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

/** The API's OpenAPI document, which `node services/src/cli.ts openapi` keeps current with the routes. */
export const documentFile = resolve(import.meta.dirname, '../../../contracts/openapi.json');
/** What `npm run generate -w @nq/client` writes from it, and a test holds current. */
export const generatedFiles = {
  types: resolve(import.meta.dirname, '../src/generated/openapi.ts'),
  operations: resolve(import.meta.dirname, '../src/generated/operations.ts'),
};

const header = (what: string) =>
  '// Generated from contracts/openapi.json by `npm run generate -w @nq/client` (clients/typescript/scripts/generate.ts):\n' +
  `// ${what}. Do not edit: regenerate it (a test fails while it is not current).\n\n`;

type Document = OpenAPI3 & { paths: Record<string, Record<string, { operationId?: string }>> };

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The two generated files' text: openapi-typescript's types, and each operation's method and path by its id. */
export async function generateClientFiles(): Promise<{ types: string; operations: string }> {
  const document = JSON.parse(readFileSync(documentFile, 'utf8')) as Document;
  const types = astToString(await openapiTS(structuredClone(document), { silent: true }));
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    methods.flatMap((method) => {
      const id = item[method]?.operationId;
      return id ? [`  ${id}: { method: '${method}', path: '${path}' },`] : [];
    }),
  );
  return {
    types: `${header('the types of every path, operation and schema (openapi-typescript)')}${types}`,
    operations:
      header('the method and path of each operation, by its operationId') +
      `export const operations = {\n${operations.sort().join('\n')}\n} as const;\n`,
  };
}
