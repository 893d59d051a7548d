import type { Credentials, PanelClient } from './panel-http.ts';
import type { Panel } from './panel-model.ts';
import type { Session } from './panel-platform.ts';

/** What the steps share: the panel, the platform and what earlier steps learnt of it. */
export interface PanelRun {
  panel: Panel;
  address: string;
  session: Session;
  /** Signed as the administrator. */
  admin: PanelClient;
  /** Requests in flight at most for the steps that create or issue one thing a request. */
  concurrency: number;
  /** Gateway credentials by probe id, as step 4 issued them. */
  probeCredentials: Map<string, Credentials>;
  /** Cluster ids by name, as step 3 created them (or found them in a kept run). */
  clusterIds: Map<string, string>;
}
