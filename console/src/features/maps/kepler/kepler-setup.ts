import { initApplicationConfig } from '@kepler.gl/utils';
import { onlineStyleUrl } from './online-style.ts';

// kepler.gl's settings for a console that works offline: no tiles unless a deployment names a style, and kepler's
// asset "CDN" (its icon list) served by the app itself.

const ONLINE_STYLE_ID = 'online';
const NO_MAP_STYLE_ID = 'no_map';

/** Where the map's light background shows (sea, outside the outlines): slate-200. */
export const backgroundColour: [number, number, number] = [226, 232, 240];

let configured = false;
/** Once per page: kepler's application config is a module-level singleton. */
export function configureKepler() {
  if (configured) return;
  configured = true;
  initApplicationConfig({
    cdnUrl: `${window.location.origin}/kepler`,
    showReleaseBanner: false,
    enableRasterTileLayer: false,
    enableWMSLayer: false,
    useArrowProgressiveLoading: false,
  });
}

/** The map style part of kepler's initial state: the chosen style only, so kepler never offers (or fetches) others. */
export function mapStyleState() {
  if (!onlineStyleUrl)
    return {
      styleType: NO_MAP_STYLE_ID,
      backgroundColor: backgroundColour,
      mapStylesReplaceDefault: true,
      mapStyles: {},
    };
  return {
    styleType: ONLINE_STYLE_ID,
    mapStylesReplaceDefault: true,
    mapStyles: {
      [ONLINE_STYLE_ID]: { id: ONLINE_STYLE_ID, label: 'Map', url: onlineStyleUrl, icon: '', layerGroups: [] },
    },
  };
}
