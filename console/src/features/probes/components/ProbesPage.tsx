import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useEntityList, useEntityWrite } from '../../../shared/api/entities.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { type Column, DataTable, Pagination } from '../../../shared/ui/DataTable.tsx';
import { SearchBox } from '../../../shared/ui/fields.tsx';
import { ConfirmDialog } from '../../../shared/ui/Modal.tsx';
import { PageHeader } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { saveFile } from '../../fleet/download.ts';
import { ghostLink, primaryLink, secondaryLink } from '../../fleet/link-styles.ts';
import { type Probe, probesApi, probesPath } from '../api/probes-api.ts';
import { ProbesByText } from './ProbesByText.tsx';

/** Probes configuration (spec §2): the probes the profile sees, paged and searchable, by text, exported as CSV. */
export default function ProbesPage() {
  const { t } = useTranslation('probes');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Probe[] | undefined>();
  const [deleting, setDeleting] = useState<Probe | undefined>();
  const list = useEntityList<Probe>(probesPath, { page, pageSize, q: search, sort: 'probeId' }, 'probes.fetchFailed');
  const write = useEntityWrite<Probe>(probesPath);
  const exportCsv = useMutation({
    mutationFn: probesApi.exportCsv,
    onSuccess: (csv) => saveFile(csv, 'probes.csv'),
    meta: { errorCode: 'probes.fetchFailed' },
  });

  async function remove(probe: Probe) {
    try {
      await write.mutateAsync({ kind: 'remove', id: probe.id });
      toast.success(t('common:deleted'));
    } catch (error) {
      toast.error(isApiError(error) && error.status < 500 ? error.code : 'probes.deleteFailed');
    } finally {
      setDeleting(undefined);
    }
  }

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
    { key: 'deployment', header: t('fleet:fields.deployment') },
    { key: 'town', header: t('fleet:fields.town') },
    {
      key: 'actions',
      header: t('common:actions'),
      className: 'whitespace-nowrap',
      render: (probe) => (
        <div className="flex gap-1">
          <Link
            className={ghostLink}
            to={`/probes_configuration/${probe.id}`}
            aria-label={`${t('common:edit')} ${probe.probeId}`}
          >
            {t('common:edit')}
          </Link>
          <Button
            variant="ghost"
            className="text-rose-700"
            aria-label={`${t('common:delete')} ${probe.probeId}`}
            onClick={() => setDeleting(probe)}
          >
            {t('common:delete')}
          </Button>
        </div>
      ),
    },
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
            <Link className={primaryLink} to="/probes_configuration/new">
              {t('newProbe')}
            </Link>
          </>
        }
      />
      <div className="mb-3 flex flex-wrap items-start gap-4">
        <SearchBox
          label={t('searchPlaceholder')}
          value={search}
          onChange={(text) => {
            setSearch(text);
            setFound(undefined);
            setPage(1);
          }}
        />
        <ProbesByText onFound={setFound} searching={found !== undefined} />
      </div>
      {found ? (
        <DataTable<Probe> columns={columns} rows={found} rowKey={(probe) => probe.id} caption={t('byTextResults')} />
      ) : (
        <>
          <DataTable<Probe>
            columns={columns}
            rows={list.data?.list}
            rowKey={(probe) => probe.id}
            loading={list.isFetching}
            caption={t('title')}
          />
          <Pagination
            page={page}
            pageSize={pageSize}
            count={list.data?.count ?? 0}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        danger
        title={t('common:delete')}
        message={t('common:confirmDelete', { name: deleting?.probeId ?? '' })}
        confirmLabel={t('common:delete')}
        busy={write.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </div>
  );
}
