const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * A refusal of the data itself: SQLSTATE class 22 (data exception: a NUL or a lone surrogate in JSON, a value out of
 * range) or 23 (integrity constraint violation). The same rows are refused again whenever they are sent; anything
 * else (a lost connection, a timeout, a lock, the server shutting down) may pass on another try.
 */
export function isDataRefusal(error: unknown) {
  const code = codeOf(error);
  return code !== undefined && /^2[23][0-9A-Z]{3}$/.test(code);
}

const connectionStates = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/; // connection exception, shutting down, too many clients
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const lostConnection =
  /Connection terminated|connection error|timeout exceeded when trying to connect|PGlite is closed/i;

/** The database cannot be reached, or is going away (pg and PGlite). */
export function isConnectionFailure(error: unknown) {
  const code = codeOf(error);
  if (code !== undefined && (connectionStates.test(code) || networkCodes.has(code))) return true;
  return error instanceof Error && lostConnection.test(error.message);
}
