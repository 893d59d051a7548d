import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LayerId } from '@nq/contracts';
import type { JsonSchema, SchemaResolver } from '../api/fuzz/schema-arbitrary.ts';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

/** Who may call an operation, as the document's `x-access` states it. */
export interface Access {
  public?: boolean;
  signedIn?: boolean;
  probe?: boolean;
  layers?: LayerId[];
  andLayers?: LayerId[];
  admin?: boolean;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  parameters: Parameter[];
  body?: { contentType: string; schema: JsonSchema };
  access: Access;
}

interface Document {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const methods = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** Every operation of the API's OpenAPI document (contracts/openapi.json, kept current by `nq openapi --check`). */
export function readOperations(root: string): { operations: Operation[]; resolve: SchemaResolver } {
  const document = JSON.parse(readFileSync(join(root, 'contracts/openapi.json'), 'utf8')) as Document;
  const resolve: SchemaResolver = (ref) => {
    const name = ref.replace('#/components/schemas/', '');
    const schema = document.components?.schemas?.[name];
    if (!schema) throw new Error(`unresolved schema reference ${ref}`);
    return schema;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths))
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const content = (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content;
      const [contentType, media] = Object.entries(content ?? {})[0] ?? [];
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: (operation.parameters as Parameter[] | undefined) ?? [],
        ...(contentType && media ? { body: { contentType, schema: media.schema } } : {}),
        access: (operation['x-access'] as Access | undefined) ?? {},
      });
    }
  return { operations, resolve };
}

/** Whether a signed-in profile with these layers, administrator or not, may call the operation at all. */
export function mayCall(access: Access, profile: { layers: readonly LayerId[]; admin: boolean }) {
  if (access.public || access.signedIn) return true;
  if (access.probe) return false;
  if (access.admin && !profile.admin) return false;
  const reaches = (layers: readonly LayerId[] | undefined) =>
    (layers ?? []).some((layer) => profile.layers.includes(layer));
  return reaches(access.layers) && (access.andLayers === undefined || reaches(access.andLayers));
}
