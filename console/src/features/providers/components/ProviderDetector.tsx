import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { TextField } from '../../../shared/ui/fields.tsx';
import { Card } from '../../../shared/ui/screens.tsx';
import { detectProvider } from '../api/providers-api.ts';

/** A refused test says why (an IMSI of the wrong length…); any other failure is the catalogue's test error. */
function failureText(error: unknown) {
  if (!isApiError(error) || error.code === 'generic.error' || error.code === 'internal.error')
    return errorMessage('providers.testFailed');
  return Object.values(error.fieldProblems)[0] ?? error.localized;
}

/** The provider test: which provider an IP address (most specific range) or an IMSI (longest prefix) belongs to. */
export function ProviderDetector() {
  const { t } = useTranslation('providers');
  const [address, setAddress] = useState('');
  const detect = useMutation({
    mutationFn: (text: string) => detectProvider(/^\d+$/.test(text) ? { imsi: text } : { ip: text }),
    meta: { silent: true },
  });
  const failure = detect.error ? failureText(detect.error) : undefined;
  return (
    <Card className="mb-4">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (address.trim()) detect.mutate(address.trim());
        }}
      >
        <div className="w-80">
          <TextField
            label={t('detectLabel')}
            placeholder="80.58.12.1 / 21407000000001"
            value={address}
            error={failure}
            onChange={(event) => setAddress(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" busy={detect.isPending}>
          {t('detect')}
        </Button>
        {detect.isSuccess && (
          <p role="status" className="pb-1.5 text-sm text-gray-700" data-testid="detected-provider">
            {detect.data.provider ? t('detected', { name: detect.data.provider.name }) : t('notDetected')}
          </p>
        )}
      </form>
    </Card>
  );
}
