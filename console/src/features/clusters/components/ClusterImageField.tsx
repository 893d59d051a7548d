import { clusterImageMaxBytes } from '@nq/contracts/configuration/cluster';
import { imageProblem } from '@nq/contracts/configuration/images';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';

const imageRule = { maxBytes: clusterImageMaxBytes, tooLarge: 'clusters.imageTooLarge' } as const;

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export interface ClusterImageFieldProps {
  image: string | undefined;
  onChange: (image: string | undefined) => void;
  /** A problem the form or the server found (a catalogue message). */
  error?: string | undefined;
}

/**
 * A cluster image is PNG or JPEG of at most 1 MB; a larger file is refused before it is read, with 'The
 * maximum allowed weight has been exceeded (1MB)'; the contract's imageProblem checks type and content
 * (docs/product/rules.md#images).
 */
export function ClusterImageField({ image, onChange, error }: ClusterImageFieldProps) {
  const { t } = useTranslation('clusters');
  const inputId = useId();
  const [problem, setProblem] = useState<string | undefined>();
  const message = problem ? errorMessage(problem) : error;

  async function choose(file: File) {
    if (file.size > clusterImageMaxBytes) return setProblem(imageRule.tooLarge);
    const dataUrl = await readDataUrl(file).catch(() => undefined);
    const found = dataUrl ? imageProblem(dataUrl, imageRule) : 'images.invalidType';
    setProblem(found);
    if (!found) onChange(dataUrl);
  }

  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-gray-700">
        {t('image.label')}
      </label>
      <div className="flex items-center gap-3">
        {image && <img src={image} alt={t('image.alt')} className="h-12 w-12 rounded border object-cover" />}
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-error` : undefined}
          className="block text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-blue-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-blue-700"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void choose(file);
            event.target.value = '';
          }}
        />
        {image && (
          <Button variant="ghost" onClick={() => onChange(undefined)}>
            {t('image.remove')}
          </Button>
        )}
      </div>
      {message && (
        <p id={`${inputId}-error`} role="alert" className="text-xs text-rose-600">
          {message}
        </p>
      )}
    </div>
  );
}
