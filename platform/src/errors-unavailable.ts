/**
 * Whether an error means a dependency (PostgreSQL, Redis, EventStoreDB, MongoDB) is away for the
 * moment rather than that the request or the code is wrong: the caller gets a 503 with
 * Retry-After, and a job is retried later. The classes are PostgreSQL's own SQLSTATEs and the
 * socket errors of Node; nothing here matches on a product rule.
 */
export function isUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, name, message, errors, cause } = error as { code?: unknown; name?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string') {
    // 08: connection exception; 57P01-57P03: the server is shutting down, crashed or starting; 53300: too many connections.
    if (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (SOCKET_CODES.has(code)) return true;
  }
  if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Node reports a refused dual-stack connect as an AggregateError; drivers wrap the socket error.
  if (Array.isArray(errors) && errors.some((inner) => isUnavailable(inner, depth + 1))) return true;
  return cause !== undefined && isUnavailable(cause, depth + 1);
}

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

// ioredis gives up on a command after maxRetriesPerRequest reconnects; MongoDB and EventStoreDB name theirs.
const UNAVAILABLE_NAMES = new Set(['MaxRetriesPerRequestError', 'MongoNetworkError', 'MongoServerSelectionError', 'UnavailableError', 'NotLeaderError']);

const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /Client has encountered a connection error and is not queryable/,
  /^Connection is closed\.?$/,
  /Stream isn't writeable and enableOfflineQueue options is false/,
  /^timeout exceeded when trying to connect$/,
];
