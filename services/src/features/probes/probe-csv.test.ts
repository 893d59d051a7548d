import { DomainError } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { MAX_PROBE_ROWS, namesUsed, probeFromRow, readProbeCsv, reportRepeatedIds } from './probe-csv.ts';
import type { KnownNames } from './probe-csv-columns.ts';

const known: KnownNames = {
  campaigns: new Map([['madrid 2026', 'campaign-1']]),
  taskSuites: new Map([['home speed', 'suite-1']]),
  tags: new Map([
    ['rural', 'tag-1'],
    ['cable docsis', 'tag-2'],
  ]),
};

/** The error a call throws: its code and details. */
function refusal(call: () => unknown) {
  try {
    call();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('expected a DomainError');
}

const draftsOf = (text: string) => {
  const csv = readProbeCsv(text);
  return reportRepeatedIds(csv.rows.map((row) => probeFromRow(csv.columns, row, known)));
};

describe('reading a probes CSV file', () => {
  it('reads the header and each row with the line it is on, past a BOM, CRLF, quotes and blank lines', () => {
    const csv = readProbeCsv(
      '\uFEFFprobeId,NAME,family,type\r\nabc1,"Calle Mayor, 1",Cube,mobile\r\n\r\n,,,\r\nabc2,B,Cube,mobile\r\n',
    );
    expect(csv.columns.map((column) => column.name)).toEqual(['probeId', 'name', 'family', 'type']);
    expect(csv.rows).toEqual([
      { line: 2, values: ['abc1', 'Calle Mayor, 1', 'Cube', 'mobile'] },
      { line: 5, values: ['abc2', 'B', 'Cube', 'mobile'] },
    ]);
  });

  it.each([
    ['semicolons', 'probeId;name;family;type\nabc1;A;Cube;mobile\n'],
    ['tabs', 'probeId\tname\tfamily\ttype\nabc1\tA\tCube\tmobile\n'],
  ])('refuses a file separated by %s as not comma separated', (_, text) =>
    expect(refusal(() => readProbeCsv(text))).toEqual({
      code: 'csvImport.invalidFileFormat',
      details: { reason: 'notCommaSeparated' },
    }),
  );

  it('refuses unknown and repeated columns, an empty file and a file without rows as an invalid format', () => {
    expect(refusal(() => readProbeCsv('probeId,name,family,type,colour,name\n'))).toEqual({
      code: 'csvImport.invalidFileFormat',
      details: { unknownColumns: ['colour'], repeatedColumns: ['name'] },
    });
    expect(refusal(() => readProbeCsv(''))).toMatchObject({ details: { reason: 'noHeader' } });
    expect(refusal(() => readProbeCsv('probeId,name,family,type\n'))).toMatchObject({ details: { reason: 'noRows' } });
  });

  it('refuses a header without the required columns, naming them', () =>
    expect(refusal(() => readProbeCsv('probeId,country\nabc1,Spain\n'))).toEqual({
      code: 'csvImport.requiredFieldsMissing',
      details: { columns: ['name', 'family', 'type'] },
    }));

  it('refuses bad quoting and bytes that are not UTF-8 as unreadable', () => {
    expect(refusal(() => readProbeCsv('probeId,name,family,type\nabc1,"A,Cube,mobile\n'))).toMatchObject({
      code: 'csvImport.readFailed',
      details: { reason: 'CSV_QUOTE_NOT_CLOSED' },
    });
    const windows1252 = Buffer.from('probeId,name,family,type\nabc1,M\xf3stoles,Cube,mobile\n', 'latin1');
    expect(refusal(() => readProbeCsv(windows1252.toString('utf8')))).toEqual({
      code: 'csvImport.readFailed',
      details: { reason: 'notUtf8' },
    });
  });

  it(`refuses more than ${MAX_PROBE_ROWS} rows`, () => {
    const rows = Array.from({ length: MAX_PROBE_ROWS + 1 }, (_, index) => `p${index},P,Cube,mobile`);
    expect(refusal(() => readProbeCsv(['probeId,name,family,type', ...rows].join('\n')))).toMatchObject({
      code: 'csvImport.tooManyRows',
    });
  });

  it('lists the campaign, task suite and tag names the file uses', () =>
    expect(
      namesUsed(readProbeCsv('probeId,name,family,type,campaign,taskSuite,tags\na1,A,Cube,mobile,X,S,r | c d\n')),
    ).toEqual({ campaigns: new Set(['X']), taskSuites: new Set(['S']), tags: new Set(['r', 'c d']) }));
});

describe('a probes CSV row as a probe', () => {
  it('maps every column to the probe fields, taking allowed values in any letter case and names to ids', () => {
    const [draft] = draftsOf(
      [
        'probeId,name,family,type,deployment,campaign,taskSuite,tags,userId,phoneNumber,phoneExtension,country,region,' +
          'town,address,postCode,firstName,lastName,latitude,longitude,timeZone,technology,input,operator,applyOperator',
        'mad01,Madrid 1,cube,Mobile,staging,MADRID 2026,Home speed,Rural|Cable DOCSIS,612345678,34612345678,34,spain,' +
          'Madrid,Madrid,"Calle Mayor, 1",28013,Ana,Pérez,40.4168,-3.7038,Europe/Madrid,wifi 5 ghz,wifi,Movistar,always',
      ].join('\n'),
    );
    expect(draft).toMatchObject({
      line: 2,
      probeId: 'mad01',
      problems: [],
      probe: {
        probeId: 'mad01',
        name: 'Madrid 1',
        family: 'Cube',
        type: 'mobile',
        status: 'Not ready',
        deployment: 'Staging',
        campaign: 'campaign-1',
        taskSuite: 'suite-1',
        tags: ['tag-1', 'tag-2'],
        userId: '612345678',
        phoneNumber: '34612345678',
        phoneExtension: '+34',
        country: 'Spain',
        address: 'Calle Mayor, 1',
        lastName: 'Pérez',
        latitude: 40.4168,
        longitude: -3.7038,
        timeZone: 'Europe/Madrid',
        device: { forceTechnology: 100 },
        connection: { accessType: 'Wifi', operator: 'Movistar', applyOperator: 'always' },
      },
    });
  });

  it('takes a technology by code as well as by label, and leaves optional columns out when empty', () => {
    const [draft] = draftsOf('probeId,name,family,type,technology,country\nabc1,A,Cube,landline,98,\n');
    expect(draft!.probe).toMatchObject({ device: { forceTechnology: 98 } });
    expect(draft!.probe).not.toHaveProperty('country');
  });

  it('reports every problem of a row under its column: required, allowed lists and probe rules', () => {
    const [draft] = draftsOf(
      'probeId,name,family,type,campaign,taskSuite,tags,userId,phoneExtension,country,latitude,timeZone,technology,' +
        'input,applyOperator\n' +
        'Bad Id,,Toaster,mobile,Other,Nope,Rural|Ghost,123,+1,Narnia,north,Mars/Olympus,6G,Fibre,sometimes\n',
    );
    expect(draft!.probe).toBeUndefined();
    expect(draft!.problems).toEqual([
      { column: 'name', code: 'csvImport.requiredFieldsMissing' },
      ...[
        ['family', 'Toaster'],
        ['campaign', 'Other'],
        ['taskSuite', 'Nope'],
        ['tags', 'Rural|Ghost'],
        ['phoneExtension', '+1'],
        ['country', 'Narnia'],
        ['timeZone', 'Mars/Olympus'],
        ['technology', '6G'],
        ['input', 'Fibre'],
        ['applyOperator', 'sometimes'],
      ].map(([column, value]) => ({
        column,
        code: 'csvImport.valueNotAllowed',
        params: { field: column },
        value,
      })),
      { column: 'probeId', code: 'probes.idInvalidFormat' },
      { column: 'userId', code: 'probes.userIdInvalid' },
      { column: 'latitude', code: 'probes.latitudeInvalid' },
    ]);
  });

  it('gives the limits of a value too long', () => {
    const [draft] = draftsOf(`probeId,name,family,type\nabc1,${'x'.repeat(129)},Cube,mobile\n`);
    expect(draft!.problems).toEqual([{ column: 'name', code: 'validation.tooLong', params: { max: 128 } }]);
  });

  it('reports a row with more or fewer values than the header has columns', () => {
    const drafts = draftsOf('probeId,name,family,type\nabc1,A,Cube\nabc2,B,Cube,mobile,extra\n');
    expect(drafts.map(({ line, probeId, problems }) => ({ line, probeId, problems }))).toEqual([
      {
        line: 2,
        probeId: 'abc1',
        problems: [{ code: 'csvImport.columnCountMismatch', params: { found: 3, expected: 4 } }],
      },
      {
        line: 3,
        probeId: 'abc2',
        problems: [{ code: 'csvImport.columnCountMismatch', params: { found: 5, expected: 4 } }],
      },
    ]);
  });

  it('reports a probe id repeated in the file on every row after the first', () => {
    const drafts = draftsOf('probeId,name,family,type\nabc1,A,Cube,mobile\nabc2,B,Cube,mobile\nabc1,C,Cube,mobile\n');
    expect(drafts.map((draft) => draft.problems)).toEqual([
      [],
      [],
      [{ column: 'probeId', code: 'csvImport.duplicateProbeId', params: { probeId: 'abc1' } }],
    ]);
    expect(drafts[2]!.probe).toBeUndefined();
  });
});
