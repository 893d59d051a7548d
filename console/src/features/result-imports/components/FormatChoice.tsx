import { type ImportFormat, importFormats } from '@nq/contracts/measurements/result-imports';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNames } from '../model/import-formats.ts';

/** The formats as radio buttons, each with a line on what it reads. */
export function FormatChoice({ value, onChange }: { value: ImportFormat; onChange: (format: ImportFormat) => void }) {
  const { t } = useTranslation('resultImports');
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-gray-700">{t('format')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {importFormats.map((format) => (
          <div
            key={format}
            className={`flex gap-2 rounded-md border px-3 py-2 ${
              value === format ? 'border-blue-400 bg-blue-50' : 'border-gray-200'
            }`}
          >
            <input
              type="radio"
              id={`${id}-${format}`}
              name={`${id}-format`}
              value={format}
              checked={value === format}
              onChange={() => onChange(format)}
              aria-describedby={`${id}-${format}-description`}
              className="mt-1"
            />
            <div>
              <label htmlFor={`${id}-${format}`} className="text-sm font-medium text-gray-900">
                {formatNames[format]}
              </label>
              <p id={`${id}-${format}-description`} className="text-xs text-gray-600">
                {t(`formats.${format}`)}
              </p>
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
