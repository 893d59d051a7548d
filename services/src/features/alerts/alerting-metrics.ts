import { Histogram, type Registry } from 'prom-client';

const lagBuckets = [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 30, 60];

/**
 * How far behind the gateway the evaluator is, on /metrics: per measurement applied, from its arrival at the gateway
 * (receivedAt) to the commit that counted it; per history entry a measurement decided (the first of a later window
 * for its group), from that measurement's arrival to the commit that recorded the entry. Entries the clock decides
 * (a silent group) are not in the second: their time is the grace's.
 */
export function alertingMetrics(registry: Registry | undefined) {
  const registers = registry ? [registry] : [];
  const existing = (name: string) => registry?.getSingleMetric(name) as Histogram | undefined;
  return {
    evaluationLag:
      existing('nq_alert_evaluation_lag_seconds') ??
      new Histogram({
        name: 'nq_alert_evaluation_lag_seconds',
        help: 'Time from a result reaching the gateway to the commit of the alert evaluation that counted it',
        buckets: lagBuckets,
        registers,
      }),
    decisionLag:
      existing('nq_alert_decision_lag_seconds') ??
      new Histogram({
        name: 'nq_alert_decision_lag_seconds',
        help: 'Time from the result that closed an alert window reaching the gateway to the commit of its history entry',
        buckets: lagBuckets,
        registers,
      }),
  };
}
