import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { DeleteConfirmDialog } from '../../../shared/entity-screen/DeleteConfirmDialog.tsx';
import { PagedTable } from '../../../shared/entity-screen/PagedTable.tsx';
import { useActionsColumn } from '../../../shared/entity-screen/useActionsColumn.tsx';
import { useEntityDeletion } from '../../../shared/entity-screen/useEntityDeletion.ts';
import { usePagedEntityList } from '../../../shared/entity-screen/usePagedEntityList.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { type Column, DataTable } from '../../../shared/ui/DataTable.tsx';
import { SearchBox } from '../../../shared/ui/fields.tsx';
import { PageHeader } from '../../../shared/ui/screens.tsx';
import { saveFile } from '../../fleet/download.ts';
import { ghostLink, primaryLink, secondaryLink } from '../../fleet/link-styles.ts';
import { type Probe, probesApi, probesPath } from '../api/probes-api.ts';
import { ProbesByText } from './ProbesByText.tsx';

/**
 * Probes configuration (docs/product/screens.md#probes_configuration): the probes the profile sees, paged and
 * searchable, by text, exported as CSV.
 */
export default function ProbesPage() {
  const { t } = useTranslation('probes');
  const [found, setFound] = useState<Probe[] | undefined>();
  const paged = usePagedEntityList<Probe>(probesPath, { sort: 'probeId' }, 'probes.fetchFailed');
  const deletion = useEntityDeletion<Probe>(probesPath, (error) =>
    isApiError(error) && error.status < 500 ? error.code : 'probes.deleteFailed',
  );
  const exportCsv = useMutation({
    mutationFn: probesApi.exportCsv,
    onSuccess: (csv) => saveFile(csv, 'probes.csv'),
    meta: { errorCode: 'probes.fetchFailed' },
  });

  const actions = useActionsColumn<Probe>({
    labelOf: (probe) => probe.probeId,
    actions: (probe) => (
      <Link
        className={ghostLink}
        to={`/probes_configuration/${probe.id}`}
        aria-label={`${t('common:edit')} ${probe.probeId}`}
      >
        {t('common:edit')}
      </Link>
    ),
    onDelete: deletion.ask,
  });
  const columns: Column<Probe>[] = [
    {
      key: 'probeId',
      header: t('fleet:fields.probeId'),
      render: (probe) => (
        <Link className="font-medium text-blue-700 hover:underline" to={`/probes_configuration/${probe.id}`}>
          {probe.probeId}
        </Link>
      ),
    },
    { key: 'name', header: t('fleet:fields.name') },
    { key: 'family', header: t('fleet:fields.family') },
    { key: 'type', header: t('fleet:fields.type'), render: (probe) => t(`fleet:options.${probe.type}`) },
    {
      key: 'status',
      header: t('fleet:fields.status'),
      render: (probe) => (probe.status ? t(`fleet:options.${probe.status}`) : ''),
    },
    {
      key: 'deployment',
      header: t('fleet:fields.deployment'),
      render: (probe) => (probe.deployment ? t(`fleet:options.${probe.deployment}`) : ''),
    },
    { key: 'town', header: t('fleet:fields.town') },
    actions,
  ];

  return (
    <div>
      <PageHeader
        title={t('title')}
        actions={
          <>
            <Button variant="secondary" busy={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
              {t('exportCsv')}
            </Button>
            <Link className={secondaryLink} to="/probes_configuration/import">
              {t('importCsv')}
            </Link>
            <Link className={secondaryLink} to="/probes_configuration/measurement_imports">
              {t('resultImports:title')}
            </Link>
            <Link className={primaryLink} to="/probes_configuration/new">
              {t('newProbe')}
            </Link>
          </>
        }
      />
      <div className="mb-3 flex flex-wrap items-start gap-4">
        <SearchBox
          label={t('searchPlaceholder')}
          value={paged.search}
          onChange={(text) => {
            paged.searchFor(text);
            setFound(undefined);
          }}
        />
        <ProbesByText onFound={setFound} searching={found !== undefined} />
      </div>
      {found ? (
        <DataTable<Probe> columns={columns} rows={found} rowKey={(probe) => probe.id} caption={t('byTextResults')} />
      ) : (
        <PagedTable paged={paged} columns={columns} caption={t('title')} />
      )}
      <DeleteConfirmDialog {...deletion.dialog} labelOf={(probe) => probe.probeId} />
    </div>
  );
}
