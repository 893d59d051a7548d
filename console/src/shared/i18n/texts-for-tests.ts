import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';

const folder = join(import.meta.dirname, '../../locales');

/** The console's texts from src/locales, for unit tests that run outside the browser (i18n.ts needs Vite). */
export async function textsForTests(language: 'en' | 'es') {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const lang of ['en', 'es'])
    resources[lang] = Object.fromEntries(
      readdirSync(join(folder, lang))
        .filter((file) => file.endsWith('.json'))
        .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(folder, lang, file), 'utf8'))]),
    );
  const instance = i18next.createInstance();
  await instance.init({
    resources: resources as never,
    lng: language,
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return instance;
}
