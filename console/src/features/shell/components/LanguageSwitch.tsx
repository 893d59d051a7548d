import { languages } from '@nq/contracts/errors/index';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../../shared/api/language-preference.ts';

/** en/es switch: every text and catalogue message follows at once (default en); a signed-in user's choice is saved. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <label className="inline-flex items-center gap-1 text-sm text-gray-600">
      <span className={compact ? 'sr-only' : undefined}>{t('language')}</span>
      <select
        aria-label={t('language')}
        data-testid="language-switch"
        className="rounded border border-gray-300 bg-white px-1.5 py-1 text-sm"
        value={i18n.language}
        onChange={(event) => void chooseLanguage(event.target.value as (typeof languages)[number])}
      >
        {languages.map((language) => (
          <option key={language} value={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
