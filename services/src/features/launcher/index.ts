// Launcher: the launch store, the launcher routes and the probe commands.

export { launchesSchema, openLaunchStore } from './launch-store.ts';
export { launcherRoutes } from './launcher.routes.ts';
export { launcherManifest } from './manifest.ts';
export { probeCommandRoutes } from './probe-commands.routes.ts';
