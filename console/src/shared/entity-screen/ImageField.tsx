import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../i18n/i18n.ts';
import { Button } from '../ui/Button.tsx';
import { FieldFrame } from '../ui/fields.tsx';

export interface ImageFieldProps {
  label: string;
  /** A data URL, or '' for none. */
  value: string;
  error?: string | undefined;
  hint?: string | undefined;
  disabled?: boolean | undefined;
  /** The largest file accepted and the catalogue code a larger one gets (docs/product/rules.md#images). */
  rule?: { maxBytes: number; tooLarge: string } | undefined;
  onChange: (dataUrl: string) => void;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** A png/jpeg image picked from a file, previewed, sent as a data URL; a file over the limit is refused at once. */
export function ImageField({ label, value, error, hint, disabled, rule, onChange }: ImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [refused, setRefused] = useState<string | undefined>();

  async function pick(file: File | undefined) {
    if (!file) return;
    if (rule && file.size > rule.maxBytes) return setRefused(rule.tooLarge);
    setRefused(undefined);
    onChange(await readAsDataUrl(file));
  }

  return (
    <FieldFrame id={id} label={label} error={refused ? errorMessage(refused) : error} hint={hint}>
      <div className="flex items-center gap-3">
        {value && <img src={value} alt={label} className="h-12 w-12 rounded border object-contain" />}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg"
          disabled={disabled}
          className="text-sm"
          onChange={(event) => {
            void pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {value && (
          <Button variant="ghost" disabled={disabled} onClick={() => onChange('')}>
            {t('remove')}
          </Button>
        )}
      </div>
    </FieldFrame>
  );
}
