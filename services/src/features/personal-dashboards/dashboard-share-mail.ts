import type { Language } from '@nq/contracts';

const texts = {
  en: {
    subject: '{sharer} shared the dashboard "{dashboard}" with you',
    body: '{sharer} shared the personal dashboard "{dashboard}" with you. Open it, and save a copy to make it yours:',
    message: 'Their message:',
  },
  es: {
    subject: '{sharer} ha compartido contigo el panel «{dashboard}»',
    body: '{sharer} ha compartido contigo el panel personal «{dashboard}». Ábrelo y guarda una copia para hacerlo tuyo:',
    message: 'Su mensaje:',
  },
} as const satisfies Record<Language, Record<string, string>>;

const filled = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

/**
 * The e-mail telling the users a dashboard was shared with them (docs/product/api.md#personal-dashboards, share with
 * notify), in `lang`.
 */
export function dashboardSharedMessage(share: {
  sharer: string;
  dashboard: string;
  dashboardId: string;
  message?: string | undefined;
  language: Language;
  publicUrl: string;
}) {
  const words = texts[share.language];
  const params = { sharer: share.sharer, dashboard: share.dashboard };
  const link = `${share.publicUrl.replace(/\/$/, '')}/dashboards_personal?dashboard=${encodeURIComponent(share.dashboardId)}`;
  return {
    subject: filled(words.subject, params),
    text: [filled(words.body, params), link, ...(share.message ? ['', words.message, share.message] : [])].join('\n'),
  };
}
