import type { Position } from '@nq/contracts/configuration/polygon-measures';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BaseShape, cities, loadBaseMap } from '../base-map/base-map.ts';
import { formatDistance } from '../model/format.ts';
import {
  boundsOf,
  fitProjection,
  graticuleStep,
  gridValues,
  intersects,
  type Projection,
  scaleBar,
  svgPath,
} from '../model/projection.ts';

export interface PreviewShape {
  key: string;
  /** Shown on the map next to the shape when there are several. */
  label: string;
  coordinates: Position[][];
  /** Drawn highlighted (a polygon selected in a file with several). */
  selected?: boolean;
  /** `#rrggbb`; blue by default. */
  colour?: string;
}

export interface PolygonPreviewProps {
  shapes: readonly PreviewShape[];
  width?: number;
  height?: number;
}

const defaultColour = '#2563eb';
const selectedColour = '#d97706';

function useBaseMap() {
  const [shapes, setShapes] = useState<BaseShape[]>([]);
  useEffect(() => {
    let active = true;
    void loadBaseMap().then((loaded) => active && setShapes(loaded));
    return () => {
      active = false;
    };
  }, []);
  return shapes;
}

function BaseLayer({ projection, shapes }: { projection: Projection; shapes: readonly BaseShape[] }) {
  const visible = shapes.filter((shape) => intersects(shape.bounds, projection.visible));
  const land = svgPath(
    visible.filter((shape) => shape.kind === 'land').map((shape) => shape.positions),
    projection,
  );
  const borders = svgPath(
    visible.filter((shape) => shape.kind === 'border').map((shape) => shape.positions),
    projection,
    false,
  );
  return (
    <g>
      <path d={land} fill="#f3f1ea" stroke="#c9c3b3" strokeWidth={0.8} />
      <path d={borders} fill="none" stroke="#b8b2a4" strokeWidth={0.8} strokeDasharray="4 3" />
    </g>
  );
}

function Graticule({ projection }: { projection: Projection }) {
  const { visible, width, height } = projection;
  // About one line of longitude per 90 px, so their labels do not run into each other.
  const longitudes = gridValues(
    visible.west,
    visible.east,
    graticuleStep(visible.east - visible.west, Math.floor(width / 90)),
  );
  const latitudes = gridValues(visible.south, visible.north, graticuleStep(visible.north - visible.south, 6));
  return (
    <g className="text-[10px]" fill="#94a3b8">
      {longitudes.map((lon) => {
        const [x] = projection.project([lon, visible.south]);
        return (
          <g key={`lon${lon}`}>
            <line x1={x} x2={x} y1={0} y2={height} stroke="#dbe4ee" strokeWidth={0.6} />
            <text x={x + 2} y={height - 4}>
              {lon}°
            </text>
          </g>
        );
      })}
      {latitudes.map((lat) => {
        const [, y] = projection.project([visible.west, lat]);
        return (
          <g key={`lat${lat}`}>
            <line x1={0} x2={width} y1={y} y2={y} stroke="#dbe4ee" strokeWidth={0.6} />
            <text x={2} y={y - 2}>
              {lat}°
            </text>
          </g>
        );
      })}
    </g>
  );
}

function Cities({ projection }: { projection: Projection }) {
  const { visible } = projection;
  const shown = cities.filter(
    ({ position: [lon = 0, lat = 0] }) =>
      lon >= visible.west && lon <= visible.east && lat >= visible.south && lat <= visible.north,
  );
  return (
    <g className="text-[11px]">
      {shown.map(({ name, position }) => {
        const [x, y] = projection.project(position);
        return (
          <g key={name}>
            <circle cx={x} cy={y} r={2.5} fill="#475569" />
            <text x={x + 4} y={y - 4} fill="#475569">
              {name}
            </text>
          </g>
        );
      })}
    </g>
  );
}

function ScaleBar({ projection }: { projection: Projection }) {
  const { i18n } = useTranslation();
  const { pixels, metres } = scaleBar(projection);
  const x = projection.width - pixels - 12;
  const y = projection.height - 14;
  return (
    <g className="text-[10px]">
      <path d={`M${x} ${y - 4}V${y}H${x + pixels}V${y - 4}`} fill="none" stroke="#334155" strokeWidth={1.2} />
      <text x={x + pixels / 2} y={y - 6} textAnchor="middle" fill="#334155">
        {formatDistance(metres, i18n.language)}
      </text>
    </g>
  );
}

/**
 * Polygons drawn in SVG over a light offline base map (land, borders, graticule, cities), with an equirectangular
 * projection fitted to them; Madrid when there is nothing to show (docs/product/screens.md#maps, default map centre).
 */
export function PolygonPreview({ shapes, width = 640, height = 360 }: PolygonPreviewProps) {
  const { t } = useTranslation('geo');
  const titleId = useId();
  const baseShapes = useBaseMap();
  const projection = useMemo(
    () => fitProjection(boundsOf(shapes.flatMap((shape) => shape.coordinates)), width, height),
    [shapes, width, height],
  );
  const title = shapes.length ? t('preview.shapes', { count: shapes.length }) : t('preview.empty');
  return (
    <figure className="max-w-3xl overflow-hidden rounded-md border border-gray-200 bg-white">
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${width} ${height}`}
        className="block h-auto w-full"
        data-testid="polygon-preview"
      >
        <title id={titleId}>{title}</title>
        <rect width={width} height={height} fill="#e8f1f8" />
        <BaseLayer projection={projection} shapes={baseShapes} />
        <Graticule projection={projection} />
        {shapes.map((shape) => {
          const colour = shape.selected ? selectedColour : (shape.colour ?? defaultColour);
          return (
            <path
              key={shape.key}
              d={svgPath(shape.coordinates, projection)}
              fill={colour}
              fillOpacity={shape.selected ? 0.35 : 0.2}
              stroke={colour}
              strokeWidth={shape.selected ? 3 : 2}
              strokeLinejoin="round"
              data-shape={shape.key}
              data-selected={shape.selected ? 'true' : undefined}
            />
          );
        })}
        <Cities projection={projection} />
        {shapes.length > 1 &&
          shapes.map((shape) => {
            const bounds = boundsOf(shape.coordinates);
            if (!bounds) return null;
            const [x, y] = projection.project([(bounds.west + bounds.east) / 2, (bounds.south + bounds.north) / 2]);
            return (
              <text
                key={`label-${shape.key}`}
                x={x}
                y={y}
                textAnchor="middle"
                dominantBaseline="middle"
                className="text-[13px] font-semibold"
                fill="#1e293b"
                stroke="#ffffff"
                strokeWidth={3}
                paintOrder="stroke"
              >
                {shape.label}
              </text>
            );
          })}
        <ScaleBar projection={projection} />
      </svg>
      <figcaption className="flex justify-between px-2 py-1 text-[11px] text-gray-500">
        <span>{title}</span>
        <span>{t('preview.attribution')}</span>
      </figcaption>
    </figure>
  );
}
