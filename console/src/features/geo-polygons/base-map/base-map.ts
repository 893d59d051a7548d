import type { Position } from '@nq/contracts/configuration/polygon-measures';
import { type Bounds, boundsOf } from '../model/projection.ts';

// The light offline base layer under the polygon previews: land and country borders from Natural Earth 1:110m
// (world-110m.txt, see generate-base-map.mjs) and a few cities for orientation. No network: it ships in the bundle,
// loaded with the first preview.

export interface BaseShape {
  kind: 'land' | 'border';
  positions: Position[];
  bounds: Bounds;
}

/** Lines of `L|B lon lat lon lat …` into shapes. */
export function parseBaseMap(text: string): BaseShape[] {
  return text
    .split('\n')
    .filter((line) => line.length > 2)
    .map((line) => {
      const [kind, ...numbers] = line.split(' ');
      const positions: Position[] = [];
      for (let index = 0; index + 1 < numbers.length; index += 2)
        positions.push([Number(numbers[index]), Number(numbers[index + 1])]);
      return { kind: kind === 'L' ? 'land' : 'border', positions, bounds: boundsOf([positions])! };
    });
}

let loading: Promise<BaseShape[]> | undefined;
export const loadBaseMap = () =>
  (loading ??= import('./world-110m.txt?raw').then((module) => parseBaseMap(module.default)));

/**
 * Capitals of the listed countries (docs/product/entities.md#value-lists) and the larger Iberian cities, where the demo
 * data lives.
 */
export const cities: { name: string; position: Position }[] = [
  { name: 'Madrid', position: [-3.7038, 40.4168] },
  { name: 'Barcelona', position: [2.1734, 41.3851] },
  { name: 'Valencia', position: [-0.3763, 39.4699] },
  { name: 'Sevilla', position: [-5.9845, 37.3891] },
  { name: 'Bilbao', position: [-2.935, 43.263] },
  { name: 'Lisboa', position: [-9.1393, 38.7223] },
  { name: 'Porto', position: [-8.6291, 41.1579] },
  { name: 'Andorra la Vella', position: [1.5218, 42.5063] },
  { name: 'Paris', position: [2.3522, 48.8566] },
  { name: 'London', position: [-0.1276, 51.5072] },
  { name: 'Berlin', position: [13.405, 52.52] },
  { name: 'Roma', position: [12.4964, 41.9028] },
  { name: 'Ciudad de México', position: [-99.1332, 19.4326] },
  { name: 'Bogotá', position: [-74.0721, 4.711] },
  { name: 'San José', position: [-84.0907, 9.9281] },
  { name: 'Dhaka', position: [90.4125, 23.8103] },
  { name: 'Islamabad', position: [73.0479, 33.6844] },
  { name: 'Khartoum', position: [32.5599, 15.5007] },
  { name: 'Kampala', position: [32.5825, 0.3476] },
  { name: 'Conakry', position: [-13.5784, 9.6412] },
];
