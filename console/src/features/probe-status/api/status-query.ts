import type { AddressChanges } from '../../../shared/routing/address-params.ts';
import { type ProbeStatusQuery, type ProbeStatusSortField, probeStatusSortFields } from './probe-status-api.ts';

/** The filters the screen offers, each kept in the address under its own name (a link can open the screen filtered). */
export const statusFilterNames = ['q', 'state', 'status', 'type', 'technology', 'operator', 'located'] as const;
export type StatusFilterName = (typeof statusFilterNames)[number];

export const statusPageSizes = [25, 50, 100, 200];
const defaultPageSize = 50;

const sortOf = (value: string | null): ProbeStatusSortField =>
  probeStatusSortFields.includes(value as ProbeStatusSortField) ? (value as ProbeStatusSortField) : 'probeId';
const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

/** The page the address asks for. */
export function statusQueryOf(params: URLSearchParams): ProbeStatusQuery {
  const filters = Object.fromEntries(statusFilterNames.map((name) => [name, params.get(name) || undefined]));
  const located = params.get('located');
  return {
    ...filters,
    located: located === 'true' || located === 'false' ? located : undefined,
    sort: sortOf(params.get('sort')),
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: positive(params.get('page'), 1),
    pageSize: statusPageSizes.includes(Number(params.get('pageSize')))
      ? Number(params.get('pageSize'))
      : defaultPageSize,
  };
}

/** A filter changed: back to the first page. */
export const filterChange = (name: StatusFilterName, value: string): AddressChanges => ({
  [name]: value,
  page: undefined,
});

/** A column's header clicked: sorted by it, ascending first, the other way on a second click. */
export function sortChange(query: ProbeStatusQuery, sort: ProbeStatusSortField): AddressChanges {
  const order = query.sort === sort && query.order === 'asc' ? 'desc' : 'asc';
  return { sort: sort === 'probeId' ? undefined : sort, order: order === 'asc' ? undefined : order, page: undefined };
}
