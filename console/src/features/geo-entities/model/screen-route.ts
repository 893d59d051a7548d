// Campaigns, geographic filters and clusters show their list and their form on one route, chosen by query
// parameters: `?id=` for campaigns and clusters, `?id=&isCreate=` for geographic filters
// (docs/product/screens.md#access-and-navigation).

export type ScreenMode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; id: string };

export interface ScreenRouteScheme {
  read(params: URLSearchParams): ScreenMode;
  /** The search part of each mode's address. */
  search(mode: ScreenMode): string;
}

const editSearch = (id: string) => `?id=${encodeURIComponent(id)}`;

/** `?id=<id>` edits, `?id=new` creates (campaigns, clusters). */
export const idScheme: ScreenRouteScheme = {
  read(params) {
    const id = params.get('id');
    if (!id) return { kind: 'list' };
    return id === 'new' ? { kind: 'create' } : { kind: 'edit', id };
  },
  search: (mode) => (mode.kind === 'list' ? '' : mode.kind === 'create' ? '?id=new' : editSearch(mode.id)),
};

/** `?id=&isCreate=true` creates, `?id=<id>` edits (geographic filters). */
export const isCreateScheme: ScreenRouteScheme = {
  read(params) {
    if (params.get('isCreate') === 'true') return { kind: 'create' };
    const id = params.get('id');
    return id ? { kind: 'edit', id } : { kind: 'list' };
  },
  search: (mode) => (mode.kind === 'list' ? '' : mode.kind === 'create' ? '?id=&isCreate=true' : editSearch(mode.id)),
};
