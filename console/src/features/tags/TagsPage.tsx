import { basePathOf } from '@nq/contracts/configuration/kinds';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../shared/api/entities.ts';
import { EntityManagementScreen } from '../../shared/entity-screen/EntityManagementScreen.tsx';
import type { FieldSpec } from '../../shared/entity-screen/field-spec.ts';
import { ownerColumn } from '../../shared/entity-screen/owner-column.ts';

type Tag = Entity & { name: string; profiles?: string[]; owner?: string };

const fields: FieldSpec[] = [{ name: 'name', label: 'name', kind: 'text', required: true }];

/** /tags_management: tags are named labels for probes and measurements, unique by name. */
export default function TagsPage() {
  const { t } = useTranslation('tags');
  return (
    <EntityManagementScreen<Tag>
      namespace="tags"
      basePath={basePathOf('tag')}
      columns={[{ key: 'name', header: t('name') }, ownerColumn<Tag>(t('owner'))]}
      fields={fields}
      sort="name"
      errorCodes={{
        fetch: 'tags.fetchFailed',
        create: 'tags.createFailed',
        update: 'tags.updateFailed',
        delete: 'tags.deleteFailed',
      }}
    />
  );
}
