import { addDataToMap, removeDataset, setFilter } from '@kepler.gl/actions';
import { KeplerGl } from '@kepler.gl/components';
import { MAP_CONTROLS } from '@kepler.gl/constants';
import { enhanceReduxMiddleware, keplerGlReducer } from '@kepler.gl/reducers';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Provider } from 'react-redux';
import { applyMiddleware, combineReducers, createStore } from 'redux';
import { StyleSheetManager } from 'styled-components';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { cspSafeStyleTarget } from './csp-compat.ts';
import { configureKepler, mapStyleState } from './kepler-setup.ts';
import {
  type BaseMap,
  fitPadding,
  keplerConfig,
  type MapView,
  type Outlines,
  type PointLayer,
  regionContext,
  viewAtSize,
} from './map-layers.ts';
import { type MapViewport, viewportOf } from './map-viewport.ts';
import { onlineStyleUrl } from './online-style.ts';
import { type LevelFilter, levelFilterId, levelOf, levelRange } from './zoom-levels.ts';

export interface KeplerMapProps {
  layers: readonly PointLayer[];
  view: MapView;
  /** Accessible name of the map region. */
  label: string;
  /** What the base map's parts are called in their tooltips (e.g. "Countries"). */
  baseLabels: BaseMapLabels;
  /** Told where the user looks whenever it changes (a pan, a zoom, a resize): for maps that ask the server by area. */
  onViewChange?: ((viewport: MapViewport) => void) | undefined;
}

export interface BaseMapLabels {
  outlines: string;
  boundaries: string;
  places: string;
}

const MAP_ID = 'map';
const OUTLINES_URL = '/geo/europe-outline.geojson';
const REGION_URL = '/geo/madrid-region.geojson';

type Collection = Outlines['collection'] & Parameters<typeof regionContext>[0];
const fetchCollection = (url: string): Promise<Collection | undefined> =>
  fetch(url)
    .then((response) => (response.ok ? response.json() : undefined))
    .catch(() => undefined);

interface BaseFiles {
  outlines?: Collection | undefined;
  region?: Collection | undefined;
}

let baseFiles: Promise<BaseFiles> | undefined;
/**
 * The shipped base map, fetched once (a missing file leaves that part out): country outlines and the demo region's
 * boundaries and places. An online style has its own base.
 */
const loadBaseFiles = (): Promise<BaseFiles> => {
  if (onlineStyleUrl) return Promise.resolve({});
  baseFiles ??= Promise.all([fetchCollection(OUTLINES_URL), fetchCollection(REGION_URL)]).then(
    ([outlines, region]) => ({ outlines, region }),
  );
  return baseFiles;
};

const regions = new WeakMap<Collection, ReturnType<typeof regionContext>>();
const regionOf = (collection: Collection) => {
  const region = regions.get(collection) ?? regionContext(collection);
  regions.set(collection, region);
  return region;
};

function baseMapOf(files: BaseFiles, labels: BaseMapLabels): BaseMap {
  const region = files.region && regionOf(files.region);
  return {
    outlines: files.outlines && { label: labels.outlines, collection: files.outlines },
    boundaries: region && { label: labels.boundaries, collection: region.boundaries },
    places: region && { label: labels.places, places: region.places },
  };
}

/** What of the map's kepler instance this component reads: where the user looks, and the filters it set. */
interface MapInstance {
  mapState: { zoom: number; latitude: number; longitude: number; width: number; height: number };
  visState: { filters: readonly { id: string }[] };
}
type MapStore = ReturnType<typeof createMapStore>;
const instanceOf = (store: MapStore) => (store.getState().keplerGl as Record<string, MapInstance | undefined>)[MAP_ID];

/** Each map has its own kepler store: kepler's state stays out of the app and goes with the map. */
function createMapStore() {
  configureKepler();
  const reducer = combineReducers({
    keplerGl: keplerGlReducer.initialState({
      uiState: {
        readOnly: true,
        currentModal: null,
        activeSidePanel: null,
        locale: currentLanguage(),
        // The page draws the legend; kepler's editing controls have no use on a read-only map.
        mapControls: Object.fromEntries(
          Object.keys(MAP_CONTROLS).map((control) => [control, { show: false, active: false }]),
        ),
      },
      mapStyle: mapStyleState(),
    }),
  });
  return createStore(reducer, {}, applyMiddleware(...enhanceReduxMiddleware([])));
}

/**
 * Keeps the level filters (zoom-levels.ts) on the level the user looks at: when a zoom crosses a level, each filter
 * moves to that level's rows. The level shown is also given back, for the page to tell (browser tests read it).
 */
function useLevelFilters(store: MapStore) {
  const filters = useRef<readonly LevelFilter[]>([]);
  const level = useRef<number>(undefined);
  const [shownLevel, setShownLevel] = useState<number>();
  useEffect(
    () =>
      store.subscribe(() => {
        const instance = instanceOf(store);
        if (!instance) return;
        const now = levelOf(instance.mapState.zoom);
        if (now === level.current) return;
        const indices = filters.current.map((filter) =>
          instance.visState.filters.findIndex((shown) => shown.id === levelFilterId(filter)),
        );
        // kepler adds a dataset's filters once it has made the dataset: until then, the next change looks again.
        if (indices.includes(-1)) return;
        level.current = now;
        setShownLevel(now);
        filters.current.forEach((filter, at) => {
          store.dispatch(setFilter(indices[at]!, 'value', levelRange(filter, now)));
        });
      }),
    [store],
  );
  /** The filters of new data, set at `at`. */
  const shownAt = useCallback((next: readonly LevelFilter[], at: number) => {
    filters.current = next;
    level.current = at;
    setShownLevel(at);
  }, []);
  return { shownAt, shownLevel };
}

/**
 * Follows where the user looks (the map's area and zoom), telling each change once: from the first view the map was
 * given on (kepler's own start is elsewhere).
 */
function useViewport(store: MapStore, onViewChange: KeplerMapProps['onViewChange'], placed: { current: boolean }) {
  const told = useRef<string>(undefined);
  const tell = useRef(onViewChange);
  tell.current = onViewChange;
  useEffect(
    () =>
      store.subscribe(() => {
        const state = instanceOf(store)?.mapState;
        if (!tell.current || !placed.current || !state?.width || !state.height) return;
        const viewport = viewportOf(state);
        const key = JSON.stringify(viewport);
        if (key === told.current) return;
        told.current = key;
        tell.current(viewport);
      }),
    [store, placed],
  );
}

function useElementSize() {
  const ref = useRef<HTMLElement>(null);
  const [size, setSize] = useState<{ width: number; height: number }>();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}

/**
 * A kepler.gl map of point layers over the shipped base map (offline: country outlines, the demo region's boundaries
 * and places), read-only. Replacing the layers replaces the datasets; the view moves only when the caller's view
 * changes, fitted to the map's size when it has bounds to show.
 */
export default function KeplerMap({ layers, view, label, baseLabels, onViewChange }: KeplerMapProps) {
  const store = useMemo(createMapStore, []);
  const styleTarget = useMemo(cspSafeStyleTarget, []);
  const { ref, size } = useElementSize();
  const shown = useRef<string[]>([]);
  const placedAt = useRef<string>(undefined);
  const { shownAt: levelFiltersAt, shownLevel } = useLevelFilters(store);
  const placedOnce = useRef(false);
  useViewport(store, onViewChange, placedOnce);
  // Read when data arrives, not a reason to hand it again: a resize keeps what the user looks at.
  const sizeNow = useRef(size);
  sizeNow.current = size;
  // kepler ignores data sent before its instance registers in the store (on mount): wait for it.
  const [registered, setRegistered] = useState(false);
  useEffect(() => {
    const check = () => setRegistered(Boolean((store.getState().keplerGl as Record<string, unknown>)[MAP_ID]));
    check();
    return store.subscribe(check);
  }, [store]);

  useEffect(() => {
    if (!registered) return;
    let cancelled = false;
    void loadBaseFiles().then((files) => {
      if (cancelled) return;
      for (const id of shown.current) store.dispatch(removeDataset(id));
      // New data (a refresh) keeps the user's pan and zoom; a new view (other filters) moves the map.
      const viewKey = JSON.stringify(view);
      const target = sizeNow.current ? viewAtSize(view, sizeNow.current, fitPadding(layers, view.lat)) : view;
      const moveTo = viewKey === placedAt.current ? undefined : target;
      placedAt.current = viewKey;
      const level = levelOf(moveTo?.zoom ?? instanceOf(store)?.mapState.zoom ?? target.zoom);
      const { datasets, config, levelFilters } = keplerConfig(layers, moveTo, baseMapOf(files, baseLabels), level);
      shown.current = datasets.map((dataset) => dataset.info.id);
      levelFiltersAt(levelFilters, level);
      placedOnce.current = true;
      store.dispatch(
        addDataToMap({ datasets, config, options: { centerMap: false, readOnly: true, keepExistingConfig: false } }),
      );
    });
    return () => {
      cancelled = true;
    };
  }, [store, registered, layers, view, baseLabels, levelFiltersAt]);

  return (
    <section
      ref={ref}
      aria-label={label}
      className="relative h-full w-full overflow-hidden"
      data-testid="kepler-map"
      data-zoom-level={shownLevel}
    >
      <StyleSheetManager target={styleTarget}>
        <Provider store={store}>
          {size && size.width > 0 && (
            <KeplerGl id={MAP_ID} mapboxApiAccessToken="offline" width={size.width} height={size.height} />
          )}
        </Provider>
      </StyleSheetManager>
    </section>
  );
}
