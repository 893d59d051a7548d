import type { ConfigurationKind } from '@nq/contracts';

const layout = (x: number, y: number) => ({ x, y, w: 6, h: 4 });

/**
 * The demo analyst's personal dashboard: Speed (download by day on bars, upload by day as a line) and Latency (by day
 * as a line, by ISP as a table), all on its campaign, so that it opens with data and can be sent and shared.
 */
export function personalDashboardItems(): {
  kind: ConfigurationKind;
  key: string;
  owner: string;
  fields: (ids: Map<string, string>) => Record<string, unknown>;
}[] {
  return [
    {
      kind: 'personal-dashboard',
      key: 'analyst-overview',
      owner: 'demo-analyst',
      fields: (ids) => {
        const campaigns = [ids.get('campaign:madrid')];
        const graphic = (id: string, title: string, request: object, at: { x: number; y: number }) => ({
          id,
          title,
          request: { programs: ['speedtest'], campaigns, ...request },
          layout: layout(at.x, at.y),
        });
        return {
          name: 'Madrid overview',
          categories: [
            {
              name: 'Speed',
              graphics: [
                graphic('download-by-day', 'Download by day', { kpi: 'download', granularity: 'day' }, { x: 0, y: 0 }),
                graphic(
                  'upload-by-day',
                  'Upload by day',
                  { kpi: 'upload', granularity: 'day', graphicType: 'line' },
                  { x: 6, y: 0 },
                ),
              ],
            },
            {
              name: 'Latency',
              graphics: [
                graphic(
                  'latency-by-day',
                  'Latency by day',
                  { programs: ['ping'], kpi: 'latency', granularity: 'day', graphicType: 'line' },
                  { x: 0, y: 0 },
                ),
                graphic(
                  'latency-by-isp',
                  'Latency by ISP',
                  { programs: ['ping'], kpi: 'latency', graphicType: 'table', breakdowns: ['isp'] },
                  { x: 6, y: 0 },
                ),
              ],
            },
          ],
        };
      },
    },
  ];
}
