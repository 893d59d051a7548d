// Measurements API: the caller's scope and language, filters, the measurement stream, the screens and the routes.

export { analyticsScopeOf, csvOptionsOf, languageOf, translated } from './caller.ts';
export { clientAbortSignal } from './engine-call.ts';
export { measurementsApiManifest } from './manifest.ts';
export { including, narrowedSelection } from './measurement-filters.ts';
export { visibleIn } from './measurement-scope.ts';
export { csvStream } from './measurement-stream.ts';
export { measurementsApiRoutes } from './routes.ts';
export { timeChartScreens } from './screens.ts';
