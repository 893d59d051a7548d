import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { PageHeader } from '../../../shared/ui/screens.tsx';
import { secondaryLink } from '../../fleet/link-styles.ts';
import { ImportForm } from './ImportForm.tsx';
import { ImportStatusPanel } from './ImportStatusPanel.tsx';
import { ImportsList } from './ImportsList.tsx';

const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/**
 * `probes_configuration/measurement_imports` (docs/product/screens.md#probes_configuration): results measured elsewhere
 * imported as measurements — the import to start, the one followed (`?id=`) with its progress and report, and the
 * profile's past imports (`?page=`).
 */
export default function ResultImportsPage() {
  const { t } = useTranslation('resultImports');
  const address = useAddressState();
  const followed = address.params.get('id') ?? undefined;
  const page = pageOf(address.params.get('page'));

  return (
    <div className="max-w-6xl space-y-4">
      <PageHeader
        title={t('title')}
        actions={
          <Link className={secondaryLink} to="/probes_configuration">
            {t('backToProbes')}
          </Link>
        }
      >
        <p className="mt-1 max-w-3xl text-sm text-gray-600">{t('intro')}</p>
      </PageHeader>
      <ImportForm onStarted={(id) => address.set({ id, page: undefined }, { history: 'push' })} />
      {followed && <ImportStatusPanel key={followed} id={followed} />}
      <ImportsList
        page={page}
        followed={followed}
        onPage={(to) => address.set({ page: String(to) })}
        onShow={(id) => address.set({ id }, { history: 'push' })}
      />
    </div>
  );
}
