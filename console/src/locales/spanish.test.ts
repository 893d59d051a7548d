import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorCatalogue } from '@nq/contracts/errors/catalogue';
import { describe, expect, it } from 'vitest';
import glossary from './glossary.json' with { type: 'json' };

interface Text {
  /** `namespace:key` of a console text, or the catalogue code. */
  id: string;
  en: string;
  es: string;
}

const folder = import.meta.dirname;
const read = (language: string, file: string) =>
  JSON.parse(readFileSync(join(folder, language, file), 'utf8')) as Record<string, unknown>;
const entriesOf = (texts: Record<string, unknown>, prefix = ''): [string, string][] =>
  Object.entries(texts).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? entriesOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [[`${prefix}${key}`, String(value)] as [string, string]],
  );

const consoleTexts: Text[] = readdirSync(join(folder, 'en'))
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) => {
    const namespace = file.replace(/\.json$/, '');
    const spanish = new Map(entriesOf(read('es', file)));
    return entriesOf(read('en', file)).map(([key, en]) => ({
      id: `${namespace}:${key}`,
      en,
      es: spanish.get(key) ?? '',
    }));
  });
const catalogueTexts: Text[] = Object.entries(errorCatalogue).map(([code, { en, es }]) => ({ id: code, en, es }));
const everyText = [...consoleTexts, ...catalogueTexts];

/** Placeholders (`{{name}}`, `{name}`) are filled in later: they are neither English nor Spanish. */
// Placeholders ({{name}}) and nested texts ($t(layers:cubes), translated where they are defined) are not words.
const withoutPlaceholders = (text: string) => text.replace(/\{\{?\w+\}\}?|\$t\([\w:.-]+\)/g, ' ');

/**
 * Words that really are the same in both languages: names (brands, the palette, each language's own name) and the
 * loanwords Spanish uses as they are. Acronyms, codes and units (KPI, 4G, IPv6, GHz, ms) pass on their own.
 */
const sameInBothLanguages = new Set([
  'No',
  'Error',
  'Personal',
  'Percentiles',
  'Jitter',
  'Host',
  'Tokens',
  'Series',
  'Traceroute',
  'Ping',
  'Viridis',
  'English',
  'Español',
  'Ethernet',
  'WiFi',
  'Wifi',
  'VoIP',
  'Facebook',
  'Messenger',
  'Twitter',
  'Netflix',
  'WhatsApp',
  'Telegram',
  'Signal',
  'YouTube',
  'Atlas',
  'M-Lab',
  'Ookla',
]);
const isAcronymCodeOrUnit = (word: string) =>
  /^[A-Z0-9][A-Z0-9.-]*s?$/.test(word) || /\d/.test(word) || /^(GHz|MHz|kbit|ms|px)$/.test(word);
const words = (text: string) => withoutPlaceholders(text).match(/[\p{L}\p{N}][\p{L}\p{N}.-]*/gu) ?? [];

/** A form as a whole word or phrase, any case, in a Spanish or English text. */
const formsPattern = (forms: readonly string[]) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}_])(${forms.map((form) => form.replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}_])`,
    'iu',
  );

interface Term {
  en: string[];
  es: string[];
  notEs?: string[];
  except?: string[];
}

describe('Spanish texts', () => {
  it('leave no English text untranslated: a text the same in both languages holds only names, codes and units', () => {
    const untranslated = consoleTexts
      .filter(({ en, es }) => en === es)
      .filter(({ en }) => !words(en).every((word) => isAcronymCodeOrUnit(word) || sameInBothLanguages.has(word)))
      .map(({ id, en }) => `${id} = ${en}`);
    expect(untranslated).toEqual([]);
  });

  describe.each(glossary.terms as Term[])('glossary: "$en.0" is "$es.0"', (term) => {
    const english = formsPattern(term.en);
    const spanish = formsPattern(term.es);

    it('where the English text names it, the Spanish text uses the glossary’s term', () => {
      const other = everyText
        .filter(({ id }) => !term.except?.includes(id))
        .filter(({ en, es }) => english.test(withoutPlaceholders(en)) && !spanish.test(withoutPlaceholders(es)))
        .map(({ id, es }) => `${id} = ${es}`);
      expect(other).toEqual([]);
    });

    const { notEs } = term;
    if (notEs)
      it('no Spanish text uses another word for it, nor the English one', () => {
        const forbidden = formsPattern(notEs);
        const other = everyText
          .filter(({ es }) => forbidden.test(withoutPlaceholders(es)))
          .map(({ id, es }) => `${id} = ${es}`);
        expect(other).toEqual([]);
      });
  });
});
