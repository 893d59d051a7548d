import {
  type AlertGrouping,
  type AlertIntervalUnit,
  type AlertOperator,
  type AlertType,
  alertFieldsSchema,
  alertGroupingRefusal,
  alertGroupingsOfType,
} from '@nq/contracts/configuration/alert';
import type { activeStatuses } from '@nq/contracts/configuration/common';
import { type IssueFacts, issueParams } from '@nq/contracts/errors/issue-params';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import type { AlertView } from '../api/alerts-api.ts';

// The alert form holds what the user typed (numbers as text, lists as rows with keys); `bodyOf` turns it into the
// body the API takes, which the contract's schema checks before it is sent.

export interface ConditionRow {
  key: number;
  program: string;
  kpi: string;
  operator: AlertOperator;
  value: string;
}
export interface RecipientRow {
  key: number;
  address: string;
}

export interface AlertDraft {
  name: string;
  type: AlertType;
  status: (typeof activeStatuses)[number];
  conditions: ConditionRow[];
  intervalValue: string;
  intervalUnit: AlertIntervalUnit | '';
  eventsCount: string;
  technologies: number[];
  campaigns: string[];
  universes: string[];
  providers: string[];
  grouping: AlertGrouping;
  emailEnabled: boolean;
  recipients: RecipientRow[];
  pushEnabled: boolean;
  notifyOnlyNew: boolean;
  enabled: boolean;
}

let nextKey = 1;
export const newKey = () => nextKey++;

export const emptyCondition = (program = '', kpi = ''): ConditionRow => ({
  key: newKey(),
  program,
  kpi,
  operator: 'gt',
  value: '',
});

/** A new alert of the profile's service: one empty condition, an hour, grouped by probe. */
export const newDraft = (type: AlertType): AlertDraft => ({
  name: '',
  type,
  status: 'Active',
  conditions: [emptyCondition()],
  intervalValue: '1',
  intervalUnit: 'hour',
  eventsCount: '1',
  technologies: [],
  campaigns: [],
  universes: [],
  providers: [],
  grouping: 'probe',
  emailEnabled: false,
  recipients: [],
  pushEnabled: false,
  notifyOnlyNew: false,
  enabled: true,
});

export const draftOf = (alert: AlertView): AlertDraft => ({
  name: alert.name,
  type: alert.type,
  status: alert.status,
  conditions: alert.conditions.map((condition) => ({ ...condition, key: newKey(), value: String(condition.value) })),
  intervalValue: String(alert.interval.value),
  intervalUnit: alert.interval.unit,
  eventsCount: String(alert.eventsCount),
  technologies: [...alert.technologies],
  campaigns: [...alert.campaigns],
  universes: [...alert.universes],
  providers: [...alert.providers],
  grouping: alert.grouping,
  emailEnabled: alert.email.enabled,
  recipients: alert.email.recipients.map((address) => ({ key: newKey(), address })),
  pushEnabled: alert.push.enabled,
  notifyOnlyNew: alert.notifyOnlyNew,
  enabled: alert.enabled,
});

/** A number typed, or undefined when the box is empty (the schema then says it is required). */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The body the API takes (docs/product/entities.md#alert). */
export const bodyOf = (draft: AlertDraft) => ({
  name: draft.name,
  type: draft.type,
  status: draft.status,
  conditions: draft.conditions.map(({ program, kpi, operator, value }) => ({
    program,
    kpi,
    operator,
    value: numberOf(value),
  })),
  interval: { value: numberOf(draft.intervalValue), unit: draft.intervalUnit || undefined },
  eventsCount: numberOf(draft.eventsCount),
  technologies: draft.technologies,
  campaigns: draft.campaigns,
  universes: draft.universes,
  providers: draft.providers,
  grouping: draft.grouping,
  email: { enabled: draft.emailEnabled, recipients: draft.recipients.map((row) => row.address) },
  push: { enabled: draft.pushEnabled },
  notifyOnlyNew: draft.notifyOnlyNew,
  enabled: draft.enabled,
});

/** Problems by field path (`conditions.1`, `interval.unit`), each a message in the interface language. */
export type Problems = Record<string, string>;

/**
 * What the contract's schema and the grouping rule (docs/product/rules.md#alert) refuse in the draft, the first problem
 * of each path, in the words the server would answer.
 */
export function draftProblems(draft: AlertDraft): Problems {
  const problems: Problems = {};
  const result = alertFieldsSchema.safeParse(bodyOf(draft));
  for (const issue of result.success ? [] : result.error.issues) {
    const path = issue.path.map(String).join('.');
    problems[path] ??= errorMessage(issue.message, issueParams(issue as IssueFacts));
  }
  const grouping = alertGroupingRefusal(draft.type, draft.grouping);
  if (grouping) problems.grouping ??= errorMessage(grouping);
  return problems;
}

/** The groupings a type allows, and the draft's own when its type no longer allows it (its rule then shows). */
export const groupingChoices = (draft: Pick<AlertDraft, 'type' | 'grouping'>): readonly AlertGrouping[] => {
  const allowed = alertGroupingsOfType[draft.type];
  return allowed.includes(draft.grouping) ? allowed : [...allowed, draft.grouping];
};

/** The first problem at a path or under it (`interval` gathers `interval.value` and `interval.unit`). */
export const problemUnder = (problems: Problems, path: string): string | undefined =>
  problems[path] ?? Object.entries(problems).find(([at]) => at.startsWith(`${path}.`))?.[1];
