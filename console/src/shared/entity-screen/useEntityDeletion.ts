import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Entity, useEntityWrite } from '../api/entities.ts';
import { toast } from '../ui/toasts.ts';

/**
 * Deleting a row once the user confirms it: `ask` opens the confirmation, whose props `dialog` holds; the outcome is
 * toasted, a refusal with the catalogue code `failureCodeOf` picks.
 */
export function useEntityDeletion<T extends Entity>(basePath: string, failureCodeOf: (error: unknown) => string) {
  const { t } = useTranslation();
  const write = useEntityWrite<T>(basePath);
  const [target, setTarget] = useState<T | undefined>();

  async function remove(row: T) {
    try {
      const result = await write.mutateAsync({ kind: 'remove', id: row.id });
      for (const warning of result.warnings) toast.warning(warning.code, warning.params);
      toast.success(t('common:deleted'));
    } catch (error) {
      toast.error(failureCodeOf(error));
    } finally {
      setTarget(undefined);
    }
  }

  return {
    ask: (row: T) => setTarget(row),
    dialog: {
      target,
      busy: write.isPending,
      onCancel: () => setTarget(undefined),
      onConfirm: () => target && void remove(target),
    },
  };
}
