import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Entity, useEntity } from '../../../shared/api/entities.ts';
import { MessagePanel, Spinner } from '../../../shared/ui/screens.tsx';

export interface LoadedEntityProps<T extends Entity> {
  basePath: string;
  /** The entity to load; none for a new one. */
  id: string | undefined;
  fetchErrorCode: string;
  children: (entity: T | undefined) => ReactNode;
}

/** A form's entity, loaded first: a spinner meanwhile, "not found" when it does not exist. */
export function LoadedEntity<T extends Entity>({ basePath, id, fetchErrorCode, children }: LoadedEntityProps<T>) {
  const { t } = useTranslation();
  const entity = useEntity<T>(basePath, id, fetchErrorCode);
  if (id && entity.isPending) return <Spinner label={t('common:loading')} />;
  if (id && !entity.data) return <MessagePanel title={t('common:notFoundTitle')} body={t('common:notFoundBody')} />;
  return children(entity.data);
}
