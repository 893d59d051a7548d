import { type ErrorCode, isErrorCode, isLanguage, type Language, translate } from '@nq/contracts/errors/index';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

// Interface texts live in src/locales/{en,es}/<namespace>.json, one namespace per feature; the error catalogue's
// messages come from contracts/ (the same en/es text the API answers with).
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, texts] of Object.entries(files)) {
  const [, language = '', namespace = ''] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path) ?? [];
  resources[language] ??= {};
  resources[language][namespace] = texts;
}
export const namespaces = Object.keys(resources.en ?? {});

const LANGUAGE_KEY = 'nq.language';
const storedLanguage = (): Language => {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : 'en';
};

void i18next.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'en',
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = i18next.language;

export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : 'en');

export async function setLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

/** A catalogue code's message in the interface language (unknown codes fall back to the generic error). */
export const errorMessage = (code: string, params?: Readonly<Record<string, string | number>>) =>
  translate(isErrorCode(code) ? code : ('generic.error' satisfies ErrorCode), currentLanguage(), params);

export { i18next };
