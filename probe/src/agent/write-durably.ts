import { mkdir, open, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Writes a file whole or not at all: a temporary file beside it, synced, then renamed over it. Readable by its owner
 * only (results and credentials are the probe's). The rename is durable once the directory is synced (`syncDirectory`).
 */
export async function writeFileDurably(path: string, text: string) {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = join(dirname(path), `.${path.slice(dirname(path).length + 1)}.tmp`);
  const file = await open(temporary, 'w', 0o600);
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
}

export async function syncDirectory(directory: string) {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
