/**
 * The demo's logins, whose passwords the README prints: a production platform (NODE_ENV=production) refuses them,
 * should a database ever hold them.
 */
export const demoAccountEmails = { admin: 'admin@demo.nq', analyst: 'analyst@demo.nq' } as const;
