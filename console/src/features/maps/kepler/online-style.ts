/**
 * A MapLibre style URL for online deployments (build-time `VITE_MAP_STYLE_URL`, absolute or relative to the console's
 * origin); unset: no tiles at all, the shipped base map instead. kepler only loads styles from absolute http(s) URLs.
 * Kept apart from kepler's setup so that pages can ask without loading kepler.
 */
const configuredStyleUrl: string | undefined = import.meta.env.VITE_MAP_STYLE_URL || undefined;
export const onlineStyleUrl = configuredStyleUrl && new URL(configuredStyleUrl, window.location.origin).href;
