import {
  applyOperatorModes,
  callingCodes,
  countryNames,
  deployments,
  isTimeZone,
  probeAccessTypes,
  probeFamilies,
  probeTypes,
  technologyCodes,
  technologyLabels,
} from '@nq/contracts';
import { nameKey } from '@nq/platform/entities/configuration-rules';

/** The campaigns, task suites and tags the caller may name, by `nameKey` of their names, with their ids. */
export interface KnownNames {
  campaigns: ReadonlyMap<string, string>;
  taskSuites: ReadonlyMap<string, string>;
  tags: ReadonlyMap<string, string>;
}

/** What a reader answers for a value that is not in its column's allowed list. */
export const notAllowed = Symbol('notAllowed');

/** A cell (never empty) as the probe's fields take it, or `notAllowed`. */
type Read = (cell: string, known: KnownNames) => unknown;

/** A column naming other entities: which list it names them from, and whether a cell names several. */
export interface NameReference {
  list: keyof KnownNames;
  many: boolean;
}

export interface ProbeCsvColumn {
  name: string;
  /** Where the value goes in the probe's fields. */
  path: readonly [string, ...string[]];
  required: boolean;
  read: Read;
  names?: NameReference;
}

/** Several names in one cell are separated by `|`: tag names may hold spaces. */
export const NAME_SEPARATOR = '|';

export const namesInCell = (cell: string, { many }: NameReference) =>
  many
    ? cell
        .split(NAME_SEPARATOR)
        .map((name) => name.trim())
        .filter(Boolean)
    : [cell];

const asText: Read = (cell) => cell;
// Anything else stays text, for the probe schema to refuse with its own code (e.g. probes.latitudeInvalid).
const asNumber: Read = (cell) => (/^[+-]?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell);

/** One of `values`, in any letter case, answered as listed. */
const listed = (values: readonly string[], cell: string) =>
  values.find((value) => value.toLowerCase() === cell.toLowerCase()) ?? notAllowed;
const oneOf =
  (values: readonly string[]): Read =>
  (cell) =>
    listed(values, cell);

const technology: Read = (cell) =>
  technologyCodes.find(
    (code) => String(code) === cell || technologyLabels[code].toLowerCase() === cell.toLowerCase(),
  ) ?? notAllowed;

const callingCode: Read = (cell) => listed(callingCodes, cell.startsWith('+') ? cell : `+${cell}`);

const column = (name: string, read = asText, path: ProbeCsvColumn['path'] = [name]): ProbeCsvColumn => ({
  name,
  path,
  required: false,
  read,
});

/** The ids of the entities a cell names, or `notAllowed` when the caller has none of one of these names. */
const naming = (name: string, names: NameReference): ProbeCsvColumn => ({
  ...column(name, (cell, known) => {
    const ids = namesInCell(cell, names).map((entity) => known[names.list].get(nameKey(entity)));
    if (ids.some((id) => id === undefined)) return notAllowed;
    return names.many ? ids : ids[0];
  }),
  names,
});
const required = (name: string, read = asText): ProbeCsvColumn => ({ ...column(name, read), required: true });

/**
 * The columns of the probes CSV import (docs/product/rules.md#csv-import-of-probes), in the order the template lists
 * them; a file names the ones it uses in its header row, in any order and letter case. Every allowed list is checked
 * here: the campaigns, task suites and tags by name among those the caller sees.
 */
export const probeCsvColumns: readonly ProbeCsvColumn[] = [
  required('probeId'),
  required('name'),
  required('family', oneOf(probeFamilies)),
  required('type', oneOf(probeTypes)),
  column('deployment', oneOf(deployments)),
  naming('campaign', { list: 'campaigns', many: false }),
  naming('taskSuite', { list: 'taskSuites', many: false }),
  naming('tags', { list: 'tags', many: true }),
  column('userId'),
  column('phoneNumber'),
  column('phoneExtension', callingCode),
  column('country', oneOf(countryNames)),
  column('region'),
  column('town'),
  column('address'),
  column('postCode'),
  column('firstName'),
  column('lastName'),
  column('latitude', asNumber),
  column('longitude', asNumber),
  column('timeZone', (cell) => (isTimeZone(cell) ? cell : notAllowed)),
  column('technology', technology, ['device', 'forceTechnology']),
  column('input', oneOf(probeAccessTypes), ['connection', 'accessType']),
  column('operator', asText, ['connection', 'operator']),
  column('applyOperator', oneOf(applyOperatorModes), ['connection', 'applyOperator']),
];
