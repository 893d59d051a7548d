import type { Language } from '@nq/contracts';

/** The words every PDF's building blocks write, in the report's language. */
const texts = {
  en: {
    page: 'Page {page} of {pages}',
    generatedAt: 'Generated',
    profile: 'Profile',
    window: 'Data window',
    timeZone: 'time zone',
    notes: 'Notes',
    noData: 'No data',
  },
  es: {
    page: 'Página {page} de {pages}',
    generatedAt: 'Generado',
    profile: 'Perfil',
    window: 'Periodo de datos',
    timeZone: 'zona horaria',
    notes: 'Notas',
    noData: 'Sin datos',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type PdfText = keyof (typeof texts)['en'];

export function pdfText(language: Language, key: PdfText, params: Record<string, string | number> = {}): string {
  return texts[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** A date and time as a reader of the language writes it, in the given time zone. */
export const instantText = (at: Date | string, language: Language, timeZone: string) =>
  new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(at));

/** A calendar day as a reader of the language writes it, in the given time zone. */
export const dayText = (at: Date | string | number, language: Language, timeZone: string) =>
  new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', { dateStyle: 'medium', timeZone }).format(
    new Date(at),
  );

/** A number with at most `digits` decimals, grouped as the language groups thousands. */
export const numberText = (value: number, language: Language, digits = 2) =>
  new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB', { maximumFractionDigits: digits }).format(value);

/** A number with exactly `digits` decimals: the numbers of a column or an axis alike (123.60, 123.00, 120.49). */
export const decimalText = (value: number, language: Language, digits: number) =>
  new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);

const clockIn = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium', hourCycle: 'h23', timeZone }).format(new Date(at));

/** A window as its days when it runs from a day's first instant to a day's last, else as instants. */
export function windowText(window: { from: string; to: string; timeZone: string }, language: Language): string {
  const wholeDays =
    clockIn(window.from, window.timeZone) === '00:00:00' && clockIn(window.to, window.timeZone) === '23:59:59';
  const text = wholeDays ? dayText : instantText;
  return `${text(window.from, language, window.timeZone)} – ${text(window.to, language, window.timeZone)}`;
}
