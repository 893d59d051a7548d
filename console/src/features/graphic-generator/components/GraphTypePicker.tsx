import type { GraphicType } from '@nq/contracts/analytics/query-ir';
import { useTranslation } from 'react-i18next';

/** The graph types a generator offers, by the names the product gives them; the chosen one is pressed. */
export function GraphTypePicker({
  types,
  value,
  onChange,
}: {
  types: readonly GraphicType[];
  value: GraphicType;
  onChange: (type: GraphicType) => void;
}) {
  const { t } = useTranslation('graphicGenerator');
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-gray-700">{t('graphType')}</legend>
      <div className="flex flex-wrap gap-2">
        {types.map((type) => (
          <label
            key={type}
            className={`cursor-pointer rounded-md border px-3 py-1.5 text-sm font-medium focus-within:ring-2 focus-within:ring-blue-500 ${
              type === value
                ? 'border-blue-600 bg-blue-600 text-white'
                : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50'
            }`}
          >
            <input
              type="radio"
              name="graph-type"
              className="sr-only"
              value={type}
              checked={type === value}
              onChange={() => onChange(type)}
            />
            {t(`types.${type}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
