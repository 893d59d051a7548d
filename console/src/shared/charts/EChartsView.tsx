import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ZoomState {
  startValue?: number;
  endValue?: number;
  start?: number;
  end?: number;
}

/**
 * Draws an ECharts option (SVG) in a box as wide as its container (and as high as `height`, else as the room its flex
 * container leaves it), loading ECharts on first use. Hands the instance to its owner (exports, reset zoom), reports
 * the zoomed range of the first axis, and a click on a change marker.
 */
export function EChartsView({
  option,
  height,
  title,
  description,
  onInstance,
  onZoom,
  onWidth,
  onMarkerClick,
}: {
  option: EChartsCoreOption;
  /** Pixels; without it, what the flex container leaves. */
  height?: number | undefined;
  title: string;
  /** What the chart shows, for screen readers (the drawing is one image to them). */
  description: string;
  onInstance: (chart: EChartsType | undefined) => void;
  /** The first axis' visible range (its values), or undefined when the whole axis shows. */
  onZoom: (range: [number, number] | undefined) => void;
  /** How wide the drawing is (px, in steps of 20 so that a resize by a few pixels does not redraw it). */
  onWidth?: (width: number) => void;
  onMarkerClick: (index: number) => void;
}) {
  const { t } = useTranslation('charts');
  const box = useRef<HTMLDivElement>(null);
  const described = useId();
  const [chart, setChart] = useState<EChartsType>();
  const [failed, setFailed] = useState(false);
  const handlers = useRef({ onZoom, onWidth, onMarkerClick, onInstance });
  handlers.current = { onZoom, onWidth, onMarkerClick, onInstance };

  useEffect(() => {
    let disposed = false;
    let drawn: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    import('./echarts-runtime.ts')
      .then(({ init }) => {
        if (disposed || !box.current) return;
        drawn = init(box.current, null, { renderer: 'svg' });
        drawn.on('datazoom', () => {
          const zoom = (drawn?.getOption() as { dataZoom?: ZoomState[] } | undefined)?.dataZoom?.[0];
          const whole = !zoom || ((zoom.start ?? 0) <= 0 && (zoom.end ?? 100) >= 100);
          handlers.current.onZoom(
            whole || zoom.startValue === undefined || zoom.endValue === undefined
              ? undefined
              : [zoom.startValue, zoom.endValue],
          );
        });
        drawn.on('click', (params) => {
          if (params.componentType === 'markLine') handlers.current.onMarkerClick(params.dataIndex);
        });
        const reportWidth = () => {
          const width = box.current?.clientWidth;
          if (width) handlers.current.onWidth?.(Math.round(width / 20) * 20);
        };
        observer = new ResizeObserver(() => {
          drawn?.resize();
          reportWidth();
        });
        observer.observe(box.current);
        reportWidth();
        setChart(drawn);
        handlers.current.onInstance(drawn);
      })
      .catch(() => !disposed && setFailed(true));
    return () => {
      disposed = true;
      observer?.disconnect();
      drawn?.dispose();
      handlers.current.onInstance(undefined);
    };
  }, []);

  useEffect(() => {
    // Series are replaced (a hidden one goes); the zoom and the rest are merged, so a refresh keeps the zoom.
    chart?.setOption(option, { replaceMerge: ['series'] });
  }, [chart, option]);

  return (
    <div
      className={`relative w-full min-w-0 ${height === undefined ? 'min-h-0 flex-1' : ''}`}
      style={height === undefined ? undefined : { height }}
    >
      <div
        ref={box}
        role="img"
        aria-label={title}
        aria-describedby={described}
        className="h-full w-full"
        data-testid="chart-drawing"
      />
      <p id={described} className="sr-only">
        {description}
      </p>
      {!chart && (
        <p
          role="status"
          className="absolute inset-0 flex items-center justify-center text-sm text-gray-500"
          aria-busy={!failed}
        >
          {failed ? t('drawFailed') : t('loading')}
        </p>
      )}
    </div>
  );
}
