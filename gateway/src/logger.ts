/** The slice of a structured logger the gateway needs; a pino logger fits it as is. */
export interface GatewayLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export const silentLogger: GatewayLogger = { info() {}, warn() {}, error() {} };

/** One JSON object a line on stdout, the shape the other services' pino loggers write. */
export function createJsonLogger(name: string): GatewayLogger {
  const write = (level: number) => (fields: object, message: string) => {
    const line = { level, time: Date.now(), name, msg: message, ...fields };
    process.stdout.write(`${JSON.stringify(line, errorReplacer)}\n`);
  };
  return { info: write(30), warn: write(40), error: write(50) };
}

// Error properties are not enumerable, so JSON.stringify would log `{}`.
function errorReplacer(_key: string, value: unknown): unknown {
  return value instanceof Error ? { type: value.name, message: value.message, stack: value.stack } : value;
}
