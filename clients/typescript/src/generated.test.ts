import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateClientFiles, generatedFiles } from '../scripts/generate-types.ts';

describe("the client's generated files", () => {
  it('are current with contracts/openapi.json (else: npm run generate -w @nq/client, or npm run openapi)', async () => {
    const generated = await generateClientFiles();
    for (const [name, file] of Object.entries(generatedFiles))
      expect(
        readFileSync(file, 'utf8') === generated[name as keyof typeof generated],
        `${file} is not what contracts/openapi.json generates: run \`npm run generate -w @nq/client\` and commit it`,
      ).toBe(true);
  }, 60_000);
});
