import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { changeMarkerRoutes } from './change-markers.routes.ts';
import { changeMarkerFinder } from './change-markers.ts';

/** Change markers: the configuration changes drawn on a chart's time axis. */
export const changeMarkersManifest: FeatureManifest = {
  name: 'change-markers',
  async routes(api, platform) {
    const { entities } = platform;
    const changeMarkers = changeMarkerFinder({
      eventStore: platform.eventStore,
      entityOf: (kind) => ({
        service: entities.service(kind),
        visibility: entities.entity(kind).visibility,
        access: entities.entity(kind).access,
      }),
    });
    await api.register(changeMarkerRoutes, { changeMarkers });
  },
};
