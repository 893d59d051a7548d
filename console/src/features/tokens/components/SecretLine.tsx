import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button.tsx';
import { inputClass } from '../../../shared/ui/fields.tsx';
import { toast } from '../../../shared/ui/toasts.ts';

/** A value shown read-only with a copy button; without clipboard access the text is selected for the user to copy. */
export function SecretLine({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('tokens');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('copied', { what: label }));
    } catch {
      input.current?.select();
      toast.success(t('copyManually'));
    }
  }
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input id={id} ref={input} readOnly value={value} className={`${inputClass(undefined)} font-mono`} />
        <Button variant="secondary" onClick={() => void copy()} aria-label={`${t('copy')} ${label}`}>
          {t('copy')}
        </Button>
      </div>
    </div>
  );
}
