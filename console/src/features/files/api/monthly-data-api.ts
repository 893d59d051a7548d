import type { CalendarMonth, MonthlyDataAnswer } from '@nq/contracts/files/monthly-data';
import { api } from '../../../shared/api/api-client.ts';

/** Asks for a month's data for the regulator; the file it answers is made by a job (docs/product/api.md#files). */
export const generateMonthlyData = ({ year, month }: CalendarMonth) =>
  api.post<MonthlyDataAnswer>(`/api/sutel-backend/data/generate/${year}/${month}`);
