export * from './chart-model.ts';
export { GraphicChart } from './GraphicChart.tsx';
export { chartDataOf, type GraphicLabels, isEmptyGraphic, seriesName } from './graphic-data.ts';
export { bucketFormatter, graphicLabels } from './graphic-labels.ts';
