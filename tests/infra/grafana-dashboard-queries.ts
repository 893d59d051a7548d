/** A Grafana dashboard as its JSON model holds it, as far as queries go (panels may nest inside collapsed rows). */
export interface DashboardModel {
  schemaVersion: number;
  templating: { list: { name: string; type: string; query?: unknown }[] };
  panels: PanelModel[];
}
interface PanelModel {
  id: number;
  title: string;
  datasource?: { type?: string; uid?: string };
  targets?: { refId: string; expr?: string; datasource?: { type?: string; uid?: string } }[];
  panels?: PanelModel[];
}

export interface PanelQuery {
  panel: string;
  refId: string;
  expr: string;
  datasource: { type?: string; uid?: string } | undefined;
}

const panelsOf = (panels: PanelModel[]): PanelModel[] =>
  panels.flatMap((panel) => [panel, ...panelsOf(panel.panels ?? [])]);

export const panelQueriesOf = (dashboard: DashboardModel): PanelQuery[] =>
  panelsOf(dashboard.panels).flatMap((panel) =>
    (panel.targets ?? [])
      .filter((target) => target.expr !== undefined)
      .map((target) => ({
        panel: `${panel.id} ${panel.title}`,
        refId: target.refId,
        expr: target.expr!,
        datasource: target.datasource ?? panel.datasource,
      })),
  );

/** Grafana's interval variables as a duration; any other variable (in a regex matcher) as every value. */
const intervals: Record<string, string> = { __rate_interval: '5m', __interval: '1m', __range: '1h' };

/** The query as Prometheus receives it once Grafana has put its variables in. */
export const withVariablesFilledIn = (expr: string) =>
  expr.replace(/\$\{(\w+)(?::\w+)?\}|\$(\w+)/g, (_, braced?: string, plain?: string) => {
    const name = braced ?? plain ?? '';
    return intervals[name] ?? '.*';
  });
