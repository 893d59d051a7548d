import { z } from 'zod';

// What the probe status answers: the fleet's lists stay light (a row per probe, tens of thousands in a CSV), so what
// the probe's agent says of itself is answered for one probe at a time.

/** A probe the caller sees with its last report (`GET /probes/status`, the probe maps, the active probes). */
export const probeStatusRowSchema = z.object({
  probeId: z.string(),
  name: z.string(),
  type: z.string(),
  /** The status set in its configuration. */
  status: z.string(),
  /** The state it last reported (null: it never reported). */
  state: z.string().nullable(),
  /** When its last report was made, by the probe's own clock. */
  lastReportAt: z.string().nullable(),
  technology: z.number().nullable(),
  operator: z.string().nullable(),
  battery: z.number().nullable(),
});
export type ProbeStatusRow = z.output<typeof probeStatusRowSchema>;

/** What the probe's agent said of itself in its last report, and when the gateway last heard from it. */
export const probeAgentStatusSchema = z.object({
  lastContactAt: z
    .string()
    .nullable()
    .describe("When the gateway received the probe's last status report, by the platform's clock"),
  softwareVersion: z.string().nullable().describe("The probe agent's software version"),
  bufferedResults: z
    .number()
    .int()
    .nullable()
    .describe("Results held on the probe's disk, not yet acknowledged by the gateway"),
  droppedResults: z
    .number()
    .int()
    .nullable()
    .describe('Results dropped since the agent started because its disk buffer was full'),
  clockOffsetMs: z.number().nullable().describe("The probe's clock minus the platform's, in ms"),
});
export type ProbeAgentStatus = z.output<typeof probeAgentStatusSchema>;

/** One probe's last report with its agent's status (`GET /probes/{id}/status`). */
export const probeStatusDetailSchema = probeStatusRowSchema.extend(probeAgentStatusSchema.shape);
export type ProbeStatusDetail = z.output<typeof probeStatusDetailSchema>;
