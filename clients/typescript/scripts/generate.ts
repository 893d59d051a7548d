import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { generateClientFiles, generatedFiles } from './generate-types.ts';

// `npm run generate -w @nq/client` (and `npm run openapi`, after the document): the client's types from
// contracts/openapi.json.
const files = await generateClientFiles();
for (const [name, file] of Object.entries(generatedFiles)) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, files[name as keyof typeof files]);
  console.info(`wrote ${relative(process.cwd(), file)}`);
}
