import { useState } from 'react';
import type { Query } from '../api/api-client.ts';
import { type Entity, useEntityList } from '../api/entities.ts';

/** A searchable, paged entity list: a new search or page size starts again from the first page. */
export function usePagedEntityList<T extends Entity>(
  basePath: string,
  query: Query,
  fetchErrorCode: string,
  firstPageSize = 25,
) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(firstPageSize);
  const [search, setSearch] = useState('');
  const list = useEntityList<T>(basePath, { page, pageSize, q: search, ...query }, fetchErrorCode);
  const fromFirstPage =
    <Value>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };
  return {
    list,
    page,
    pageSize,
    search,
    setPage,
    searchFor: fromFirstPage(setSearch),
    choosePageSize: fromFirstPage(setPageSize),
  };
}

export type PagedEntityList<T extends Entity> = ReturnType<typeof usePagedEntityList<T>>;
