import type { AlertBacktestBody, AlertBacktestResult } from '@nq/contracts/alerts/alert-backtest';
import { api } from '../../../shared/api/api-client.ts';
import { alertsPath } from './alerts-api.ts';

export type { AlertBacktestResult };

/** What the alert as the form has it would have done over the last days (nothing is saved). */
export const backtestAlert = (body: AlertBacktestBody) => api.post<AlertBacktestResult>(`${alertsPath}/backtest`, body);
