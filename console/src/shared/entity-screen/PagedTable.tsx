import type { Entity } from '../api/entities.ts';
import { type Column, Pagination } from '../ui/DataTable.tsx';
import { QueryTable } from './QueryTable.tsx';
import type { PagedEntityList } from './usePagedEntityList.ts';

export interface PagedTableProps<T extends Entity> {
  paged: PagedEntityList<T>;
  columns: readonly Column<T>[];
  caption: string;
  /**
   * The screen sets the page size (docs/product/limits.md#samples-and-pages: clusters 25): the user gets no choice of
   * it.
   */
  fixedPageSize?: boolean;
}

/** An entity list's current page, and the paging under it. */
export function PagedTable<T extends Entity>({ paged, columns, caption, fixedPageSize = false }: PagedTableProps<T>) {
  return (
    <>
      <QueryTable<T> query={paged.list} columns={columns} rowKey={(row) => row.id} caption={caption} />
      <Pagination
        page={paged.page}
        pageSize={paged.pageSize}
        count={paged.list.data?.count ?? 0}
        onPage={paged.setPage}
        onPageSize={fixedPageSize ? undefined : paged.choosePageSize}
      />
    </>
  );
}
