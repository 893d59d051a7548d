import { tolerateBlockedWasm } from './csp-compat.ts';

// kepler.gl is a few MB: it loads in its own chunk the first time a map is shown, never with the first page.
let loading: Promise<typeof import('./KeplerMap.tsx')> | undefined;

/** The map's chunk, asked once: by the first map shown, or earlier by a screen about to show one. */
export function loadKeplerMap() {
  loading ??= (async () => {
    tolerateBlockedWasm();
    return import('./KeplerMap.tsx');
  })();
  return loading;
}

/**
 * Starts loading the map's chunk as a map screen opens, beside its first request: the chunk asked only once the
 * answer was in put its load and evaluation (about 0.6 s) after the answer, before the first draw.
 */
export const preloadKeplerMap = () => void loadKeplerMap().catch(() => undefined);
