import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApi } from '../api/app.ts';
import { loadConfig } from '../config/config.ts';
import { openPlatform } from '../platform/platform.ts';

/** An API on the embedded profile with an in-memory database and a throwaway console build. */
export async function openTestApi(env: NodeJS.ProcessEnv = {}) {
  const consoleDir = mkdtempSync(join(tmpdir(), 'nq-console-'));
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
  const config = loadConfig({ CONSOLE_DIR: consoleDir, LOG_LEVEL: 'silent', ...env });
  const platform = await openPlatform(config, { inMemory: config.profile === 'embedded' });
  const app = await buildApi({ config, platform, logger: config.logLevel !== 'silent' });
  app.addHook('onClose', () => platform.close());
  await platform.projector.start();
  return { app, platform, config };
}
