import { describe, expect, it } from 'vitest';
import {
  type CatalogueEntry,
  DomainError,
  defaultLanguage,
  type ErrorCode,
  errorBodySchema,
  errorCatalogue,
  errorCodeSchema,
  errorCodes,
  httpStatuses,
  isWarningCode,
  pickLanguage,
  translate,
  warning,
  warningBody,
  warningBodySchema,
  warningCodes,
} from './index.ts';

const entries = Object.entries(errorCatalogue) as [ErrorCode, CatalogueEntry][];

/** Codes whose Spanish text may equal the English one (none today; add a code here only on purpose). */
const sameInBothLanguages: readonly ErrorCode[] = [];

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1] ?? '').sort();

/** Messages the product has always shown in these words; their English must be present verbatim. */
const quotedSpecMessages = [
  'Already exists a tag with this name',
  'This user is already in the DB',
  'It is not possible to save the dashboard. You already have one with that name, try a different one.',
  'There is already a category with that name',
  "Selected filters don't apply over this graphic",
  'There is no data for applied filters',
  'There has been an error. Please, retry.',
  "Some of the email's list hasn't a valid format",
  'No data for selected values',
  'Campaign has not defined polygon',
  'No results found for the requested filters',
  'Please select a polygon to cut',
  'Cannot delete GeoFilter because is being used in at least one cluster',
  'The maximum allowed weight has been exceeded (1MB)',
  'Some of the date ranges overlap',
  'Only clusters created with current profile can be deleted',
  'None of the selected clusters is owned by the current profile',
  'profile has no layers',
];

describe('error catalogue', () => {
  it('has codes that are dotted lowerCamel names grouped by area', () => {
    for (const [code] of entries) expect(code).toMatch(/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/);
  });

  it('has a non-empty English and Spanish message for every entry', () => {
    for (const [code, entry] of entries) {
      expect(entry.en.trim(), code).not.toBe('');
      expect(entry.es.trim(), code).not.toBe('');
    }
  });

  it('translates every message unless the code is explicitly allowed to stay the same', () => {
    const untranslated = entries.filter(([code, e]) => e.en === e.es && !sameInBothLanguages.includes(code));
    expect(untranslated.map(([code]) => code)).toEqual([]);
  });

  it('uses the same placeholders in English and Spanish', () => {
    for (const [code, entry] of entries) expect(placeholders(entry.es), code).toEqual(placeholders(entry.en));
  });

  it('gives errors an allowed HTTP status and warnings none', () => {
    for (const [code, entry] of entries) {
      if ('severity' in entry) {
        expect(entry.severity, code).toBe('warning');
        expect('status' in entry, code).toBe(false);
      } else {
        expect(httpStatuses, code).toContain(entry.status);
      }
    }
  });

  it('keeps every message of a fixed wording verbatim in English', () => {
    const english = new Set(entries.map(([, entry]) => entry.en));
    for (const message of quotedSpecMessages) expect(english.has(message), message).toBe(true);
  });

  it('has the platform codes with their statuses', () => {
    const expected: Partial<Record<ErrorCode, number>> = {
      'request.invalid': 400,
      'auth.unauthenticated': 401,
      'auth.forbidden': 403,
      'resource.notFound': 404,
      'route.notFound': 404,
      'request.conflict': 409,
      'request.payloadTooLarge': 413,
      'request.tooMany': 429,
      'internal.error': 500,
      'dependency.unavailable': 503,
    };
    for (const [code, status] of Object.entries(expected) as [ErrorCode, number][]) {
      const entry: CatalogueEntry = errorCatalogue[code];
      expect('status' in entry ? entry.status : undefined, code).toBe(status);
    }
    expect(placeholders(errorCatalogue['dependency.unavailable'].en)).toEqual(['dependency']);
  });

  it('marks the product warnings as warnings', () => {
    for (const code of [
      'destinations.someProgramsWithoutTargets',
      'probes.noCoordinates',
      'maps.sampleLimitExceeded',
      'csvExtractor.defaultTemplateOnly',
      'csvExtractor.defaultTechnologies',
    ] as const) {
      expect(isWarningCode(code), code).toBe(true);
      expect(warningCodes).toContain(code);
    }
    expect(isWarningCode('destinations.noTargets')).toBe(false);
    expect(placeholders(errorCatalogue['maps.sampleLimitExceeded'].en)).toEqual(['limit']);
  });

  it('exposes every code through errorCodes and errorCodeSchema', () => {
    expect(errorCodes).toHaveLength(entries.length);
    expect(errorCodeSchema.safeParse('tags.nameExists').success).toBe(true);
    expect(errorCodeSchema.safeParse('tags.doesNotExist').success).toBe(false);
  });
});

describe('pickLanguage', () => {
  it.each([
    ['es-ES,es;q=0.9,en;q=0.8', 'es'],
    ['fr, en;q=0.5', 'en'],
    ['fr, es;q=0.5, en;q=0.4', 'es'],
    ['en;q=0.2, es;q=0.8', 'es'],
    ['ES', 'es'],
    ['es-419', 'es'],
    ['en-GB,en;q=0.9', 'en'],
    ['es;q=0', 'en'],
    ['en;q=0, es', 'es'],
    ['fr, *;q=0.1', 'en'],
    ['es;q=1.5, en;q=0.3', 'en'],
    ['es;q=abc', 'en'],
    ['de', 'en'],
    [';;;,,,==', 'en'],
    ['', 'en'],
  ] as const)('%j → %s', (header, language) => {
    expect(pickLanguage(header)).toBe(language);
  });

  it('defaults to English when the header is missing', () => {
    expect(pickLanguage(undefined)).toBe('en');
    expect(defaultLanguage).toBe('en');
  });
});

describe('translate', () => {
  it('returns the message in the requested language', () => {
    expect(translate('tags.nameExists', 'en')).toBe('Already exists a tag with this name');
    expect(translate('tags.nameExists', 'es')).toBe('Ya existe una etiqueta con este nombre');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('maps.sampleLimitExceeded', 'en', { limit: 50000 })).toContain('(50000)');
    expect(translate('maps.sampleLimitExceeded', 'es', { limit: 50000 })).toContain('(50000)');
    expect(translate('maps.sampleLimitExceeded', 'en')).toContain('{limit}');
    expect(translate('maps.sampleLimitExceeded', 'en', { other: 1 })).toContain('{limit}');
    expect(translate('validation.outOfRange', 'en', { min: 0 })).toBe('The value must be between 0 and {max}.');
  });

  it('does not pick up inherited properties as parameters', () => {
    expect(translate('maps.sampleLimitExceeded', 'en', Object.create({ limit: 7 }))).toContain('{limit}');
  });
});

describe('DomainError', () => {
  it('carries code, status, params and details', () => {
    const cause = new Error('unique violation');
    const error = new DomainError('tags.nameExists', { details: { name: 'x' }, cause });
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('tags.nameExists');
    expect(error.status).toBe(409);
    expect(error.details).toEqual({ name: 'x' });
    expect(error.cause).toBe(cause);
    expect(error.message).toBe('Already exists a tag with this name');
    expect(error.name).toBe('DomainError');
  });

  it('looks up the status for each kind of failure', () => {
    expect(new DomainError('request.invalid').status).toBe(400);
    expect(new DomainError('geofilters.inUse').status).toBe(422);
    expect(new DomainError('dependency.unavailable', { params: { dependency: 'Kafka' } }).status).toBe(503);
  });

  it('maps to a translated error body that matches the schema', () => {
    const error = new DomainError('dependency.unavailable', { params: { dependency: 'Kafka' } });
    expect(error.params).toEqual({ dependency: 'Kafka' });
    const body = error.toBody('es');
    // The params travel too, so a client can show the message again in another language.
    expect(body).toEqual({
      code: 'dependency.unavailable',
      message: expect.stringContaining('(Kafka)'),
      params: { dependency: 'Kafka' },
    });
    expect(body.message).toBe(translate('dependency.unavailable', 'es', { dependency: 'Kafka' }));
    expect(errorBodySchema.parse(body)).toEqual(body);
    const withDetails = new DomainError('request.invalid', { details: [{ path: 'name' }] }).toBody();
    expect(withDetails.details).toEqual([{ path: 'name' }]);
    expect(errorBodySchema.safeParse({ code: 'nope', message: 'x' }).success).toBe(false);
  });
});

describe('warning', () => {
  it('returns the code and its parameters for the API to translate', () => {
    expect(warning('maps.sampleLimitExceeded', { limit: 10 })).toEqual({
      code: 'maps.sampleLimitExceeded',
      params: { limit: 10 },
    });
    expect(warning('probes.noCoordinates')).toEqual({ code: 'probes.noCoordinates' });
  });

  it('becomes a body in the caller’s language, keeping its parameters', () => {
    const body = warningBody(warning('maps.sampleLimitExceeded', { limit: 10 }), 'es');
    expect(body).toEqual({
      code: 'maps.sampleLimitExceeded',
      message: translate('maps.sampleLimitExceeded', 'es', { limit: 10 }),
      params: { limit: 10 },
    });
    expect(warningBodySchema.parse(body)).toEqual(body);
    expect(warningBody(warning('probes.noCoordinates'), 'en')).toEqual({
      code: 'probes.noCoordinates',
      message: translate('probes.noCoordinates', 'en'),
    });
  });
});
