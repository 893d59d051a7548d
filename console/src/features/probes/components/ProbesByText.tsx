import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { type Probe, probesApi } from '../api/probes-api.ts';

/**
 * Probes by text (docs/product/rules.md#probes-by-text): paste ids separated by commas or spaces; those not valid or
 * not found are listed.
 */
export function ProbesByText({
  onFound,
  searching,
}: {
  onFound: (probes: Probe[] | undefined) => void;
  searching: boolean;
}) {
  const { t } = useTranslation('probes');
  const [text, setText] = useState('');
  const find = useMutation({
    mutationFn: probesApi.byText,
    onSuccess: ({ list, invalid }) => {
      onFound(list);
      if (invalid.length) toast.warning('probes.invalidIdsIgnored', { ids: invalid.join(', ') });
    },
    meta: { errorCode: 'probes.fetchFailed' },
  });
  return (
    <form
      className="flex flex-1 items-start gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) find.mutate(text);
      }}
    >
      <textarea
        aria-label={t('byText')}
        placeholder={t('byTextPlaceholder')}
        rows={1}
        className="min-w-64 flex-1 rounded-md border border-gray-300 px-2.5 py-1.5 text-sm"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="secondary" busy={find.isPending}>
        {t('findByText')}
      </Button>
      {searching && (
        <Button
          variant="ghost"
          onClick={() => {
            setText('');
            onFound(undefined);
          }}
        >
          {t('clearByText')}
        </Button>
      )}
    </form>
  );
}
