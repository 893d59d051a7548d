import { z } from 'zod';
import { queryIrSchema } from '../analytics/query-ir.ts';
import { configurationName, entityId } from './common.ts';
import { imageDataUrlSchema, megabyte } from './images.ts';

/** A graphic's id, a category's name in a path: plain text, no slashes. */
export const dashboardGraphicId = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'resource.notFound');

const cell = (max: number) => z.number({ error: 'validation.invalidOption' }).int().min(0).max(max);

/** Where a graphic sits on its category's grid (12 columns), as the user arranged it. */
export const dashboardGraphicLayoutSchema = z.object({
  x: cell(11),
  y: cell(1000),
  w: cell(12).min(1, 'validation.invalidOption'),
  h: cell(100).min(1, 'validation.invalidOption'),
});

/** What a graphic saves: its title, the graphic request as generated, its place; a scorecard's names its scorecard. */
export const dashboardGraphicBodySchema = z.object({
  title: z.string().trim().max(200, 'validation.tooBig').default(''),
  request: queryIrSchema,
  layout: dashboardGraphicLayoutSchema.default({ x: 0, y: 0, w: 6, h: 4 }),
  scorecardId: entityId
    .optional()
    .describe('Set when the graphic is one of a scorecard: deleting one deletes them all'),
});
export const dashboardGraphicSchema = dashboardGraphicBodySchema.extend({ id: dashboardGraphicId });
export type DashboardGraphic = z.output<typeof dashboardGraphicSchema>;

export const dashboardCategorySchema = z.object({
  name: configurationName,
  graphics: z.array(dashboardGraphicSchema).max(100, 'validation.tooBig').default([]),
});
export type DashboardCategory = z.output<typeof dashboardCategorySchema>;

export const dashboardImageMaxBytes = megabyte;
const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'dashboards.invalidEmails' }));

/**
 * Personal dashboard (docs/product/entities.md#personal-dashboard): its name (unique among its owner's), categories
 * (unique names) with their graphics, an image, and the users (e-mails) it is shared with, who read it and may clone
 * it. `sharedWith` and `readBy` (who has read the notification of the share) change only through `/share` and
 * `/notifications`.
 */
export const personalDashboardFieldsSchema = z.object({
  name: configurationName,
  categories: z.array(dashboardCategorySchema).max(50, 'validation.tooBig').default([]),
  image: imageDataUrlSchema({ maxBytes: dashboardImageMaxBytes, tooLarge: 'dashboards.imageTooLarge' }).optional(),
  sharedWith: z.array(emailSchema).max(500, 'validation.tooBig').default([]),
  shareMessage: z.string().trim().max(2000, 'validation.tooBig').optional(),
  sharedBy: z.string().optional().describe("The sharer's e-mail"),
  notified: z.array(z.string()).default([]).describe('The users whose share comes with a notification'),
  readBy: z.array(z.string()).default([]).describe('The notified users who read it'),
});
export type PersonalDashboardFields = z.output<typeof personalDashboardFieldsSchema>;
/** A dashboard as the API answers it: its fields, id and owner (a profile). */
export const personalDashboardViewSchema = personalDashboardFieldsSchema.extend({ id: z.string(), owner: z.string() });
export const personalDashboardSystemFields = ['sharedWith', 'shareMessage', 'sharedBy', 'notified', 'readBy'] as const;

/** Add, rename, reorder and remove categories: the list as it should be; `from` names a category renamed. */
export const dashboardCategoriesBodySchema = z.object({
  categories: z
    .array(z.object({ name: configurationName, from: configurationName.optional() }))
    .max(50, 'validation.tooBig'),
});

/**
 * Share (docs/product/api.md#personal-dashboards): the users (e-mails, each valid:
 * docs/product/rules.md#users-and-sharing), whether to notify them, a message, their language.
 */
export const dashboardShareBodySchema = z.object({
  users: z.array(emailSchema).min(1, 'validation.required').max(500, 'validation.tooBig'),
  notify: z.boolean({ error: 'validation.invalidOption' }).default(false),
  message: z.string().trim().max(2000, 'validation.tooBig').optional(),
  lang: z.enum(['en', 'es'], { error: 'validation.invalidOption' }).optional(),
});

/** The rows a table of a PDF report shows before it is cut (a report, not an export: the CSV carries every row). */
export const pdfTableRowLimit = 500;
/** The graphic types a dashboard's PDF draws as charts (a pie as bars); it writes every other graphic as a table. */
const graphicTypesChartedInPdf = ['bars', 'line', 'area', 'pie', 'boxplot', 'scatterplot'] as const;
export type GraphicTypeChartedInPdf = (typeof graphicTypesChartedInPdf)[number];
export const chartedInPdf = (type: string): type is GraphicTypeChartedInPdf =>
  (graphicTypesChartedInPdf as readonly string[]).includes(type);

/**
 * Send (docs/product/api.md#personal-dashboards): the dashboard as a PDF by e-mail, its times in the client's time
 * zone. Pinned when asked: its data as received until `receivedUntil` (default: when asked), the dashboard and the
 * sender's profile at the route's `?asOf=` (default: the log's head); the File record (`reproduce`) and the PDF name
 * both, and asked again with them, the same figures.
 */
export const dashboardSendBodySchema = z.object({
  timeZone: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'validation.invalidOption')
    .default('UTC'),
  receivedUntil: z.iso
    .datetime({ offset: true, error: 'validation.invalidDate' })
    .optional()
    .describe('Only the measurements received by then (default: when asked)'),
});

export const dashboardCloneBodySchema = z.object({
  name: z.string({ error: 'dashboards.cloneNameRequired' }).trim().min(1, 'dashboards.cloneNameRequired').max(64),
});

/**
 * The notification of a shared dashboard, to a user it was shared with (docs/product/entities.md#personal-dashboard).
 */
export const dashboardNotificationSchema = z.object({
  id: z.string().describe("The dashboard's id"),
  dashboard: z.string().describe("The dashboard's name"),
  sharer: z.string(),
  message: z.string().optional(),
  read: z.boolean(),
});
export type DashboardNotification = z.output<typeof dashboardNotificationSchema>;
export const dashboardNotificationReadBodySchema = z.object({
  read: z.boolean({ error: 'validation.invalidOption' }).default(true),
});
