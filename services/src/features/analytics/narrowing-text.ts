import { type Language, type NarrowedBy, narrowingParts, narrowingSeparator } from '@nq/contracts';
import type { Content } from 'pdfmake';

/** The words documents and e-mails say it in (the console has the same in its locale files, `charts.narrowedBy`). */
const texts = {
  en: {
    sentence: 'Computed over your profile: {parts}',
    from: 'from {from}',
    to: 'until {to}',
    range: 'from {from} to {to}',
  },
  es: {
    sentence: 'Calculado sobre tu perfil: {parts}',
    from: 'desde el {from}',
    to: 'hasta el {to}',
    range: 'del {from} al {to}',
  },
} as const satisfies Record<Language, Record<string, string>>;

const filled = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

/** What narrowed an answer as one sentence in the reader's language: "Computed over your profile: Movistar · 4G, 5G". */
export function narrowingSentence(narrowedBy: NarrowedBy, language: Language): string {
  const text = texts[language];
  const parts = narrowingParts(narrowedBy, ({ from, to, timeZone }) => {
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone });
    const days = {
      ...(from ? { from: day.format(new Date(from)) } : {}),
      ...(to ? { to: day.format(new Date(to)) } : {}),
    };
    return filled(from && to ? text.range : from ? text.from : text.to, days);
  });
  return filled(text.sentence, { parts: parts.join(narrowingSeparator) });
}

/** The sentence as a PDF's note, under the chart or table it is about (none when nothing narrowed it). */
export const narrowingNote = (narrowedBy: NarrowedBy | undefined, language: Language): Content[] =>
  narrowedBy ? [{ text: narrowingSentence(narrowedBy, language), style: 'note', margin: [0, 0, 0, 14] }] : [];
