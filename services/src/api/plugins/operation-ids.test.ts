import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationIdOf, operationsById, withOperationIds } from './operation-ids.ts';

const committed = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../contracts/openapi.json'), 'utf8'));

describe('operation ids', () => {
  it.each([
    ['GET', '/probes/{id}', 'getProbe'],
    ['GET', '/probes/:id', 'getProbe'],
    ['GET', '/probes/', 'listProbes'],
    ['POST', '/probes/', 'createProbe'],
    ['PUT', '/probes/{id}', 'updateProbe'],
    ['DELETE', '/tokens/{id}', 'deleteToken'],
    ['POST', '/scorecards/{id}/report', 'createScorecardReport'],
    ['GET', '/scorecards/{id}/versions', 'listScorecardVersions'],
    // A configuration entity's base path reads as its kind.
    ['GET', '/api/campaigns-management/{id}', 'getCampaign'],
    ['GET', '/moses/', 'listMoses'],
    ['POST', '/moses/', 'createMos'],
    ['GET', '/api/audit/mos/{id}', 'getAuditMos'],
    // Actions, parameters that are not an item's, `/api` and versions left out.
    ['POST', '/task-suites/{id}/clone', 'cloneTaskSuite'],
    ['POST', '/api/cubes/{id}/rebuild', 'rebuildCube'],
    ['POST', '/login', 'login'],
    ['POST', '/api/sutel-backend/data/generate/{year}/{month}', 'generateSutelBackendDataByYearAndMonth'],
    ['GET', '/ready/{role}', 'getReadyByRole'],
    ['GET', '/technologies/by{field}', 'getTechnologiesByField'],
    ['GET', '/test-analysis/{probeId}/programs/{program}/results', 'listTestAnalysisProgramResults'],
    ['GET', '/gateway/v1/configuration', 'getGatewayConfiguration'],
    // An action word only as a command: a read of the same path is a get.
    ['GET', '/files-management/download', 'getFilesManagementDownload'],
    ['POST', '/files-management/download', 'downloadFilesManagement'],
    ['GET', '/measurements/imports/{id}', 'getMeasurementsImport'],
  ])('names %s %s %s', (method, path, id) => {
    expect(operationIdOf(method, path)).toBe(id);
  });

  it("keeps a route's own operationId, first among the operation's fields", () => {
    const document = withOperationIds({
      paths: {
        '/profile': { get: { summary: 'mine', operationId: 'getCurrentProfile' } },
        '/profiles/{id}': { get: { summary: 'one' }, parameters: [] },
      },
    });
    expect(document.paths).toEqual({
      '/profile': { get: { operationId: 'getCurrentProfile', summary: 'mine' } },
      '/profiles/{id}': { get: { operationId: 'getProfile', summary: 'one' }, parameters: [] },
    });
    expect(Object.keys(document.paths['/profiles/{id}']!.get as object)[0]).toBe('operationId');
  });

  it('tells clashing and missing ids apart', () => {
    const { byId, missing } = operationsById({
      paths: { '/a': { get: { operationId: 'same' }, put: {} }, '/b': { get: { operationId: 'same' } } },
    });
    expect(byId.get('same')).toEqual(['GET /a', 'GET /b']);
    expect(missing).toEqual(['PUT /a']);
  });

  it('gives every operation of the API its own operationId (contracts/openapi.json, kept current by nq openapi --check)', () => {
    const { byId, missing } = operationsById(committed);
    expect(missing, 'operations without an operationId').toEqual([]);
    const clashes = [...byId].filter(([, operations]) => operations.length > 1);
    expect(
      clashes,
      'operations sharing an operationId: give one of them its own (schema.operationId) or rename its path',
    ).toEqual([]);
    expect(byId.size).toBeGreaterThan(200);
    for (const id of byId.keys()) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });
});
