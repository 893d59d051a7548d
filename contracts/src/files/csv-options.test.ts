import { describe, expect, it } from 'vitest';
import { translate } from '../errors/index.ts';
import { probeStatusQuerySchema } from '../fleet/probe-fleet.ts';
import {
  csvDefaultsFor,
  csvInstant,
  csvNumber,
  csvOptionsFor,
  csvOptionsRequestSchema,
  csvOptionsSchema,
  csvSeparatorsProblem,
} from './csv-options.ts';

describe('CSV options', () => {
  it('default to the language: English `,` `.` without BOM, Spanish `;` `,` with it; instants in the zone given', () => {
    expect(csvDefaultsFor('en')).toEqual({
      delimiter: ',',
      decimalSeparator: '.',
      bom: false,
      timeZone: 'Etc/UTC',
      headerLanguage: 'en',
    });
    expect(csvDefaultsFor('es', 'Europe/Madrid')).toEqual({
      delimiter: ';',
      decimalSeparator: ',',
      bom: true,
      timeZone: 'Europe/Madrid',
      headerLanguage: 'es',
    });
    for (const language of ['en', 'es'] as const)
      expect(csvOptionsSchema.safeParse(csvDefaultsFor(language)).success).toBe(true);
  });

  it('take what a request asks for and the language defaults for the rest, keeping the separators apart', () => {
    expect(csvOptionsFor('es', 'Europe/Madrid', { bom: false, headerLanguage: 'en' })).toEqual({
      delimiter: ';',
      decimalSeparator: ',',
      bom: false,
      timeZone: 'Europe/Madrid',
      headerLanguage: 'en',
    });
    // The comma delimiter asked alone takes the decimal point; a decimal comma asked alone the `;` delimiter.
    expect(csvOptionsFor('es', 'Etc/UTC', { delimiter: ',' })).toMatchObject({ delimiter: ',', decimalSeparator: '.' });
    expect(csvOptionsFor('en', 'Etc/UTC', { decimalSeparator: ',' })).toMatchObject({
      delimiter: ';',
      decimalSeparator: ',',
    });
    expect(csvOptionsFor('en', 'Etc/UTC', { delimiter: ';' })).toMatchObject({ delimiter: ';', decimalSeparator: '.' });
    expect(csvOptionsFor('en', 'America/Lima', { timeZone: 'Asia/Tokyo' }).timeZone).toBe('Asia/Tokyo');
  });

  it('refuse a decimal comma with the comma delimiter, with a catalogue message whose params fill it', () => {
    const parsed = csvOptionsRequestSchema.safeParse({ delimiter: ',', decimalSeparator: ',' });
    expect(parsed.success).toBe(false);
    const [issue] = parsed.error!.issues;
    expect(issue).toMatchObject({
      path: ['decimalSeparator'],
      message: 'csvExport.decimalCommaNeedsSemicolon',
      params: { decimalSeparator: ',', delimiter: ',', required: ';' },
    });
    const { code, params } = csvSeparatorsProblem({ delimiter: ',', decimalSeparator: ',' })!;
    expect(translate(code, 'en', params)).toBe(
      'The decimal separator “,” needs the delimiter “;”: with the delimiter “,” every decimal number would be split into two cells.',
    );
    expect(translate(code, 'es', params)).toBe(
      'El separador decimal «,» necesita el delimitador «;»: con el delimitador «,» cada número decimal se partiría en dos celdas.',
    );
    expect(csvOptionsSchema.safeParse({ ...csvDefaultsFor('en'), decimalSeparator: ',' }).success).toBe(false);
    expect(csvOptionsRequestSchema.safeParse({ delimiter: ';', decimalSeparator: ',' }).success).toBe(true);
    expect(csvOptionsRequestSchema.safeParse({ decimalSeparator: ',' }).success).toBe(true);
  });

  it('take an IANA time zone and the known values only', () => {
    expect(csvOptionsRequestSchema.safeParse({ timeZone: 'Europe/Madrid' }).success).toBe(true);
    expect(csvOptionsRequestSchema.safeParse({ timeZone: 'Etc/UTC' }).success).toBe(true);
    for (const wrong of [
      { timeZone: 'Europe/Atlantis' },
      { timeZone: '+02:00' },
      { delimiter: '\t' },
      { decimalSeparator: "'" },
      { headerLanguage: 'fr' },
      { bom: 'yes' },
    ]) {
      const parsed = csvOptionsRequestSchema.safeParse(wrong);
      expect(parsed.success, JSON.stringify(wrong)).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBe('validation.invalidOption');
    }
  });

  it('are query parameters of a CSV a GET answers', () => {
    const query = probeStatusQuerySchema.parse({ format: 'csv', delimiter: ';', bom: 'false', timeZone: 'Asia/Tokyo' });
    expect(query).toMatchObject({ delimiter: ';', bom: false, timeZone: 'Asia/Tokyo' });
    const refused = probeStatusQuerySchema.safeParse({ format: 'csv', delimiter: ',', decimalSeparator: ',' });
    expect(refused.error?.issues[0]?.message).toBe('csvExport.decimalCommaNeedsSemicolon');
  });

  it('write numbers and instants as their cells', () => {
    expect([csvNumber(-3.75, ','), csvNumber(1234, ','), csvNumber(0.5, '.')]).toEqual(['-3,75', '1234', '0.5']);
    expect(csvInstant('2026-10-01T10:00:00Z', 'Europe/Madrid')).toBe('2026-10-01T12:00:00+02:00');
    expect(csvInstant('2026-12-01T10:00:00.5Z', 'Europe/Madrid')).toBe('2026-12-01T11:00:00.500+01:00');
    expect(csvInstant('2026-10-01', 'Europe/Madrid')).toBeUndefined();
    expect(csvInstant('12', 'Europe/Madrid')).toBeUndefined();
  });
});
