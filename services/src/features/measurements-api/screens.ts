import type { LayerId } from '@nq/contracts';
import { analysisLayers } from '@nq/platform/entities/configuration-entity';
import { layerAccess } from '@nq/platform/http/access-rule';

// The screens (docs/product/screens.md#access-and-navigation) that call each group of routes.

const access = (layers: LayerId[]) => ({ access: layerAccess(layers) });

/** KPI pickers and value lists: every screen that analyses measurements, and those configuring KPIs (scores, MOS, profiles). */
export const pickerScreens = access([...analysisLayers, 'scoreManagement', 'mos', 'profiles_management']);
export const evolutionScreen = access(['evolution']);
export const benchmarkScreen = access(['benchmark']);
export const byDestinationScreen = access(['bydestination']);
export const mapScreen = access(['maps']);
export const searchScreens = access(['measurementAnalysis', 'test_analysis']);
/** The measurement detail opens from the search, the test analysis and the maps' raw data grid. */
export const detailScreens = access(['measurementAnalysis', 'test_analysis', 'maps']);
export const testAnalysisScreen = access(['test_analysis']);
/** The screens that draw time charts, and so their change markers. */
export const timeChartScreens = access([
  'evolution',
  'benchmark',
  'bydestination',
  'scorecard_live',
  'scorecard_comparison',
  'storyboard',
  'smartPerformance',
  'test_analysis',
  'basic_graphic_generator',
  'advanced_graphic_generator',
]);
export const exportScreens = access([
  'csv_extractor',
  'basic_graphic_generator',
  'advanced_graphic_generator',
  'dashboards_personal',
]);
