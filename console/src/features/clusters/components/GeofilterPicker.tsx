import { useTranslation } from 'react-i18next';
import { PolygonPreview } from '../../geo-polygons/components/PolygonPreview.tsx';
import { useGeofilterOptions, useGeofilterPolygons } from '../api/cluster-options.ts';

export interface GeofilterPickerProps {
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  colour: string;
  error?: string | undefined;
}

/** The cluster's geographic filters: chosen by name, their polygons drawn on the map preview in the cluster's colour. */
export function GeofilterPicker({ selected, onChange, colour, error }: GeofilterPickerProps) {
  const { t } = useTranslation('clusters');
  const options = useGeofilterOptions();
  const polygons = useGeofilterPolygons(selected);
  const toggle = (id: string) =>
    onChange(selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id]);

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-gray-800">{t('geoFilters.title')}</legend>
      {options.data?.length === 0 && <p className="text-sm text-gray-500">{t('geoFilters.none')}</p>}
      <div className="flex flex-wrap gap-x-5 gap-y-1">
        {options.data?.map((option) => (
          <label key={option.id} className="inline-flex items-center gap-2 text-sm text-gray-700">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={selected.includes(option.id)}
              onChange={() => toggle(option.id)}
            />
            {option.name}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-xs text-rose-600">
          {error}
        </p>
      )}
      <PolygonPreview
        shapes={polygons
          .filter((geofilter) => selected.includes(geofilter.id))
          .map((geofilter) => ({
            key: geofilter.id,
            label: geofilter.name,
            coordinates: geofilter.polygon.coordinates,
            colour,
          }))}
      />
    </fieldset>
  );
}
