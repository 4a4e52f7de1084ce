import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while serving one request or running one job carries. */
export interface LogContext {
  /** The request's X-Request-Id (assigned or accepted by the gateway). */
  readonly requestId?: string;
  /** The correlation id a job was started with: the request id of the command that started it. */
  readonly correlationId?: string;
  readonly queue?: string;
  readonly jobId?: string;
}

const contexts = new AsyncLocalStorage<LogContext>();

/** Runs `run` (and everything it starts) with these fields on every log line, over any outer ones. */
export function withLogContext<T>(fields: LogContext, run: () => T): T {
  return contexts.run({ ...contexts.getStore(), ...fields }, run);
}

/** The fields of the request or job being served here, if any. */
export function currentLogContext(): LogContext | undefined {
  return contexts.getStore();
}
