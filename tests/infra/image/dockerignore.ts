import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One .dockerignore pattern as a test of a context-relative path (Go's filepath.Match, plus `**` for any folders). */
function patternTest(pattern: string): (path: string) => boolean {
  let source = '';
  const cleaned = pattern.replace(/^\/+/, '').replace(/\/+$/, '');
  for (let i = 0; i < cleaned.length; i++) {
    const char = cleaned[i]!;
    if (cleaned.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (cleaned.startsWith('**', i)) {
      source += '.*';
      i += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  const regex = new RegExp(`^${source}$`);
  return (path) => regex.test(path);
}

/** Whether a context-relative path is left out; `hasExceptions`: some `!` pattern takes paths back. */
export type IgnoreRules = ((path: string) => boolean) & { hasExceptions: boolean };

/**
 * What Docker leaves out of the build context: a path is excluded when the last pattern matching it, or one of the
 * folders above it, is not a `!` exception.
 */
export function dockerIgnore(text: string): IgnoreRules {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => ({ include: line.startsWith('!'), test: patternTest(line.replace(/^!/, '')) }));
  const hasExceptions = rules.some((rule) => rule.include);
  const ignored = (path: string) => {
    const segments = path.split('/');
    const prefixes = segments.map((_, index) => segments.slice(0, index + 1).join('/'));
    let excluded = false;
    for (const rule of rules) if (prefixes.some((prefix) => rule.test(prefix))) excluded = !rule.include;
    return excluded;
  };
  return Object.assign(ignored, { hasExceptions });
}

/** The files of the context under `folder` (context-relative paths) that the ignore rules keep. */
export function contextFilesUnder(context: string, folder: string, ignored: IgnoreRules) {
  const files: string[] = [];
  const walk = (absolute: string) => {
    for (const entry of readdirSync(absolute, { withFileTypes: true })) {
      const path = join(absolute, entry.name);
      const inContext = relative(context, path);
      // An excluded folder is skipped whole unless an exception could take something back from it.
      if (ignored(inContext) && (entry.isFile() || !ignored.hasExceptions)) continue;
      if (entry.isDirectory()) walk(path);
      else files.push(inContext);
    }
  };
  walk(join(context, folder));
  return files;
}
