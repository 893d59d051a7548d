import { useTranslation } from 'react-i18next';
import type { Entity } from '../api/entities.ts';
import { SearchBox } from '../ui/fields.tsx';
import type { PagedEntityList } from './usePagedEntityList.ts';

/** The search above an entity list. */
export function ListSearchBox({ paged }: { paged: Pick<PagedEntityList<Entity>, 'search' | 'searchFor'> }) {
  const { t } = useTranslation();
  return (
    <SearchBox className="mb-3 max-w-xs" label={t('common:search')} value={paged.search} onChange={paged.searchFor} />
  );
}
