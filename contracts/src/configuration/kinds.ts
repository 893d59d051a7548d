/**
 * Every configuration entity, by kind (its streams are `<kind>-<id>`; the settings history names it so): where its API
 * lives (docs/product/api.md; CDNs, task suites and universes' writes have none there, and CSV templates' are under the
 * programs of an extraction, so ours are documented) and the field that names one to users. Server routes, the console and the audit answers all read it from here.
 */
export const configurationKinds = {
  tag: { basePath: '/tags', nameField: 'name' },
  provider: { basePath: '/api/providers', nameField: 'name' },
  cdn: { basePath: '/api/cdns', nameField: 'name' },
  'task-suite': { basePath: '/task-suites', nameField: 'name' },
  campaign: { basePath: '/api/campaigns-management', nameField: 'name' },
  geofilter: { basePath: '/api/geofilters', nameField: 'name' },
  cluster: { basePath: '/api/clusters-management', nameField: 'name' },
  universe: { basePath: '/universes', nameField: 'name' },
  mos: { basePath: '/moses', nameField: 'name' },
  scorecard: { basePath: '/scorecards', nameField: 'name' },
  probe: { basePath: '/probes', nameField: 'name' },
  profile: { basePath: '/profiles', nameField: 'name' },
  user: { basePath: '/users', nameField: 'email' },
  'csv-template': { basePath: '/api/csv-templates', nameField: 'name' },
  alert: { basePath: '/api/alert-config', nameField: 'name' },
  'personal-dashboard': { basePath: '/dashboards/personal', nameField: 'name' },
  cube: { basePath: '/api/cubes', nameField: 'name' },
  'regulatory-report': { basePath: '/regulatory-reports', nameField: 'name' },
} as const satisfies Record<string, { basePath: string; nameField: string }>;

export type ConfigurationKind = keyof typeof configurationKinds;

export const isConfigurationKind = (kind: unknown): kind is ConfigurationKind =>
  typeof kind === 'string' && Object.hasOwn(configurationKinds, kind);

/** The base path of a kind's API. */
export const basePathOf = (kind: ConfigurationKind) => configurationKinds[kind].basePath;
