/** Errors any service may raise; the HTTP layer maps each to a status and its message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export interface FieldIssue {
  readonly field: string;
  readonly message: string;
}

export class ValidationError extends AppError {
  constructor(readonly issues: readonly FieldIssue[]) {
    super(400, issues[0]?.message ?? 'The request is invalid.', { errors: issues });
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue.') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have access to this.', extra: Record<string, unknown> = {}) {
    super(403, message, extra);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(409, message, extra);
  }
}

/** A dependency is away or a change is still settling: the client may retry after `retryAfterSeconds`. */
export class ServiceUnavailableError extends AppError {
  constructor(
    message = 'The service is temporarily unavailable. Please try again in a moment.',
    readonly retryAfterSeconds = 1,
  ) {
    super(503, message);
  }
}
