import { Component, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Spinner } from '../../../shared/ui/screens.tsx';
import type { KeplerMapProps } from '../kepler/KeplerMap.tsx';
import { loadKeplerMap } from '../kepler/load-kepler-map.ts';
import { onlineStyleUrl } from '../kepler/online-style.ts';

const KeplerMap = lazy(loadKeplerMap);

/** A map that cannot start (no WebGL) says so in place instead of taking the page down. */
class MapFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed)
      return (
        <p role="alert" className="p-6 text-sm text-rose-700">
          {errorMessage('generic.refreshRequired')}
        </p>
      );
    return this.props.children;
  }
}

export function LazyMap(props: Omit<KeplerMapProps, 'baseLabels'> & { className?: string }) {
  const { t } = useTranslation('maps');
  const { className = 'h-[32rem]', ...map } = props;
  const baseLabels = useMemo(
    () => ({ outlines: t('countries'), boundaries: t('boundaries'), places: t('places') }),
    [t],
  );
  return (
    <figure className="flex flex-col gap-1">
      <div className={`overflow-hidden rounded-lg border border-gray-200 bg-slate-200 ${className}`}>
        <MapFailure>
          <Suspense
            fallback={
              <div className="flex h-full items-center justify-center">
                <Spinner label={t('loadingMap')} />
              </div>
            }
          >
            <KeplerMap {...map} baseLabels={baseLabels} />
          </Suspense>
        </MapFailure>
      </div>
      {/* The shipped base map's sources ask to be credited (CC BY 4.0); an online style credits its own. */}
      {!onlineStyleUrl && (
        <figcaption className="text-right text-xs text-gray-500">{t('baseMapAttribution')}</figcaption>
      )}
    </figure>
  );
}
