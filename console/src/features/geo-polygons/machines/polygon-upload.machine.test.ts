import { measurePolygon, type PolygonGeometry } from '@nq/contracts/configuration/polygon-measures';
import { simplifyToFit } from '@nq/contracts/configuration/polygon-simplify';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { readGeoJsonFile } from '../model/geojson-file.ts';
import { type ChosenFile, polygonUploadMachine } from './polygon-upload.machine.ts';

const square = (lon: number, lat: number, half = 0.01): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon - half, lat - half],
      [lon + half, lat - half],
      [lon + half, lat + half],
      [lon - half, lat + half],
      [lon - half, lat - half],
    ],
  ],
});
const featureCollection = (...polygons: PolygonGeometry[]) => ({
  type: 'FeatureCollection',
  features: polygons.map((geometry) => ({ type: 'Feature', properties: {}, geometry })),
});
const file = (name: string, content: unknown): ChosenFile => ({
  name,
  text: async () => (typeof content === 'string' ? content : JSON.stringify(content)),
});

function start(options: { limit?: number; polygon?: PolygonGeometry } = {}) {
  const changes: (PolygonGeometry | undefined)[] = [];
  const machine = polygonUploadMachine.provide({
    actors: {
      readFile: fromPromise(async ({ input }: { input: ChosenFile }) =>
        readGeoJsonFile(input.name, await input.text()),
      ),
      simplify: fromPromise(
        async ({ input }: { input: { polygon: PolygonGeometry; limit: number } }) =>
          simplifyToFit(input.polygon, input.limit)?.polygon,
      ),
    },
    actions: { polygonChanged: ({ context }) => void changes.push(context.polygon) },
  });
  const actor = createActor(machine, {
    input: {
      ...(options.limit ? { limit: options.limit } : {}),
      ...(options.polygon ? { polygon: measurePolygon(options.polygon) } : {}),
    },
  }).start();
  const settled = () => waitFor(actor, (snapshot) => !snapshot.matches('reading') && !snapshot.matches('simplifying'));
  return { actor, changes, settled };
}

const madrid = square(-3.7038, 40.4168);
const sol = square(-3.7035, 40.4169, 0.002);
const retiro = square(-3.6823, 40.4153, 0.005);

describe('polygon upload', () => {
  it('accepts a file holding one polygon, measured, and tells the form', async () => {
    const { actor, changes, settled } = start();
    actor.send({ type: 'FILE_CHOSEN', file: file('madrid.geojson', featureCollection(madrid)) });
    const snapshot = await settled();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.polygon?.coordinates).toEqual(madrid.coordinates);
    expect(snapshot.context.polygon?.center).toEqual([-3.7038, 40.4168]);
    expect(snapshot.context.problem).toBeUndefined();
    expect(changes).toHaveLength(1);
  });

  it.each([
    ['a file that is not .geojson or .json', file('madrid.kml', featureCollection(madrid)), 'geojson.invalidFileType'],
    ['text that is not JSON', file('broken.geojson', '{"type": "FeatureCollection",'), 'geojson.invalidContent'],
    [
      'a multi-polygon',
      file('multi.json', { type: 'MultiPolygon', coordinates: [madrid.coordinates] }),
      'geojson.onlyPolygon',
    ],
    [
      'a ring that is not closed',
      file('open.geojson', { type: 'Polygon', coordinates: [madrid.coordinates[0]!.slice(0, -1)] }),
      'geojson.ringNotClosed',
    ],
    [
      'several coordinate arrays',
      file('holes.geojson', { type: 'Polygon', coordinates: [madrid.coordinates[0], sol.coordinates[0]] }),
      'geojson.singleCoordinatesArray',
    ],
    ['no feature with coordinates', file('empty.geojson', featureCollection()), 'geojson.noFeatures'],
  ])('refuses %s with its catalogue code and keeps the current polygon', async (_, chosen, code) => {
    const { actor, changes, settled } = start({ polygon: retiro });
    actor.send({ type: 'FILE_CHOSEN', file: chosen });
    const snapshot = await settled();
    expect(snapshot.context.problem).toEqual({ code });
    expect(snapshot.context.polygon?.coordinates).toEqual(retiro.coordinates);
    expect(changes).toEqual([]);
  });

  describe('a file with several polygons', () => {
    async function choosing() {
      const started = start();
      started.actor.send({ type: 'FILE_CHOSEN', file: file('three.geojson', featureCollection(madrid, sol, retiro)) });
      const snapshot = await started.settled();
      expect(snapshot.value).toBe('choosing');
      expect(snapshot.context.candidates).toHaveLength(3);
      return started;
    }

    it("asks to select a polygon first: 'Please select a polygon to cut'", async () => {
      const { actor } = await choosing();
      actor.send({ type: 'CUT' });
      expect(actor.getSnapshot().context.problem).toEqual({ code: 'geojson.noPolygonSelected' });
      actor.send({ type: 'KEEP' });
      expect(actor.getSnapshot().context.problem).toEqual({ code: 'geojson.noPolygonSelected' });
      actor.send({ type: 'TOGGLE', index: 1 });
      expect(actor.getSnapshot().context.problem).toBeUndefined();
    });

    it('keeps the one selected', async () => {
      const { actor, changes } = await choosing();
      actor.send({ type: 'TOGGLE', index: 2 });
      actor.send({ type: 'KEEP' });
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toBe('idle');
      expect(snapshot.context.polygon?.coordinates).toEqual(retiro.coordinates);
      expect(changes).toHaveLength(1);
    });

    it('cuts the selected ones away until one is left', async () => {
      const { actor } = await choosing();
      actor.send({ type: 'TOGGLE', index: 0 });
      actor.send({ type: 'CUT' });
      expect(actor.getSnapshot().value).toBe('choosing');
      expect(actor.getSnapshot().context.candidates).toEqual([sol, retiro]);
      actor.send({ type: 'TOGGLE', index: 1 });
      actor.send({ type: 'CUT' });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context.polygon?.coordinates).toEqual(sol.coordinates);
    });

    it('keeps choosing when several are kept, and a toggle twice unselects', async () => {
      const { actor } = await choosing();
      actor.send({ type: 'TOGGLE', index: 0 });
      actor.send({ type: 'TOGGLE', index: 2 });
      actor.send({ type: 'TOGGLE', index: 1 });
      actor.send({ type: 'TOGGLE', index: 1 });
      expect(actor.getSnapshot().context.selected).toEqual([0, 2]);
      actor.send({ type: 'KEEP' });
      expect(actor.getSnapshot().value).toBe('choosing');
      expect(actor.getSnapshot().context.candidates).toEqual([madrid, retiro]);
    });

    it('refuses to cut every polygon away', async () => {
      const { actor } = await choosing();
      for (const index of [0, 1, 2]) actor.send({ type: 'TOGGLE', index });
      actor.send({ type: 'CUT' });
      expect(actor.getSnapshot().value).toBe('choosing');
      expect(actor.getSnapshot().context.problem).toEqual({ code: 'geojson.noFeatures' });
    });

    it('can be given up, keeping the current polygon', async () => {
      const { actor, changes } = await choosing();
      actor.send({ type: 'CANCEL' });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context.candidates).toEqual([]);
      expect(changes).toEqual([]);
    });
  });

  describe('a polygon over the size limit', () => {
    const circle = Array.from({ length: 400 }, (_, index) => {
      const angle = (2 * Math.PI * index) / 400;
      return [-3.7 + 0.05 * Math.cos(angle), 40.4 + 0.05 * Math.sin(angle)];
    });
    const detailed: PolygonGeometry = { type: 'Polygon', coordinates: [[...circle, circle[0]!]] };
    const limit = 4_000;

    async function tooBig() {
      const started = start({ limit, polygon: retiro });
      started.actor.send({ type: 'FILE_CHOSEN', file: file('detailed.geojson', detailed) });
      const snapshot = await started.settled();
      expect(snapshot.value).toBe('tooBig');
      expect(snapshot.context.oversized?.size).toBeGreaterThan(limit);
      return started;
    }

    it('opens the size-limit dialog, whose simplification fits the limit and replaces the polygon', async () => {
      const { actor, changes, settled } = await tooBig();
      actor.send({ type: 'SIMPLIFY' });
      const snapshot = await settled();
      expect(snapshot.value).toBe('idle');
      expect(snapshot.context.polygon!.size).toBeLessThanOrEqual(limit);
      expect(snapshot.context.simplified?.from).toBe(400);
      expect(snapshot.context.simplified?.to).toBeLessThan(400);
      expect(changes).toHaveLength(1);
    });

    it('given up, keeps the current polygon and shows the size-limit error with its limit', async () => {
      const { actor, changes } = await tooBig();
      actor.send({ type: 'CANCEL' });
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toBe('idle');
      expect(snapshot.context.problem).toEqual({ code: 'geojson.polygonTooBig', params: { limit } });
      expect(snapshot.context.polygon?.coordinates).toEqual(retiro.coordinates);
      expect(changes).toEqual([]);
    });

    it('shows the size-limit error when even a triangle does not fit', async () => {
      const { actor, settled } = start({ limit: 50 });
      actor.send({ type: 'FILE_CHOSEN', file: file('detailed.geojson', detailed) });
      await settled();
      actor.send({ type: 'SIMPLIFY' });
      const snapshot = await settled();
      expect(snapshot.context.problem).toEqual({ code: 'geojson.polygonTooBig', params: { limit: 50 } });
      expect(snapshot.context.polygon).toBeUndefined();
    });
  });

  it('clears the polygon on request (a campaign may have none)', async () => {
    const { actor, changes } = start({ polygon: madrid });
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().context.polygon).toBeUndefined();
    expect(changes).toEqual([undefined]);
  });

  it('shows invalid content when the file cannot be read', async () => {
    const { actor, settled } = start();
    const unreadable: ChosenFile = { name: 'a.geojson', text: vi.fn().mockRejectedValue(new Error('disk')) };
    actor.send({ type: 'FILE_CHOSEN', file: unreadable });
    expect((await settled()).context.problem).toEqual({ code: 'geojson.invalidContent' });
  });
});
