import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChangeMarker } from './chart-model.ts';

/** Where a change marker leads: the entity's settings history as of the change. */
export const settingsHistoryPath = (marker: ChangeMarker) =>
  `/settings_history?${new URLSearchParams({ kind: marker.kind, id: marker.entityId, asOf: marker.at })}`;

/** The changes drawn on a time chart, as links a keyboard reaches (the chart's marks are for the pointer). */
export function ChangeMarkerList({
  markers,
  describe,
}: {
  markers: readonly ChangeMarker[];
  /** A change as one line of text. */
  describe: (marker: ChangeMarker) => string;
}) {
  const { t } = useTranslation('charts');
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="text-sm">
      <h3 id={heading} className="mb-1 font-medium text-gray-700">
        {t('changes')}
      </h3>
      <ul className="flex flex-col gap-0.5">
        {markers.map((marker) => (
          <li key={`${marker.kind}-${marker.entityId}-${marker.at}`} data-testid="change-marker">
            <Link to={settingsHistoryPath(marker)} className="text-blue-700 underline hover:text-blue-900">
              {describe(marker)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
