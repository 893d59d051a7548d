import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemaTexts } from '../../shared/schema-form/SchemaFields.tsx';

/** The labels of probe and task-suite fields and their allowed values (the `fleet` namespace). */
export function useFleetTexts(): SchemaTexts {
  const { t } = useTranslation('fleet');
  return useMemo(
    () => ({
      label: (name) => t(`fields.${name}`, { defaultValue: name }),
      option: (name, value) =>
        name === 'forceTechnology'
          ? t(`technologies.${value}`, { defaultValue: String(value) })
          : t(`options.${value}`, { defaultValue: String(value) }),
      add: t('add'),
      remove: t('remove'),
      sealed: t('sealed'),
      replace: t('replace'),
    }),
    [t],
  );
}
