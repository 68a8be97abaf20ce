import { z } from 'zod';

/** What a 503 of the kit asks the visitor to wait, in seconds, unless the route set its own Retry-After. */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

export interface HttpErrorOptions extends ErrorOptions {
  /** Headers the answer carries (Allow on a 405, Retry-After on a 503 that knows better than the default). */
  headers?: Readonly<Record<string, string>>;
}

/** An error that knows the HTTP status it should be answered with. */
export class HttpError extends Error {
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly status: number,
    message: string,
    { headers = {}, ...options }: HttpErrorOptions = {},
  ) {
    super(message, options);
    this.name = 'HttpError';
    this.headers = headers;
  }
}

export function isZodError(err: unknown): err is z.core.$ZodError {
  return err instanceof z.core.$ZodError;
}

/**
 * Default messages that read well after a field name ("email: is required"). Schema-level messages
 * still win; this only replaces zod's generic ones.
 */
export const friendlyErrors: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${article(issue.expected)} ${issue.expected}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return undefined;
  }
};

function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}

/** Parse with the kit's readable messages; throws a ZodError that the error handler answers with 400. */
export function parse<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  return schema.parse(data, { error: friendlyErrors });
}

/** "email: must be a valid e-mail address; foo: is not allowed" */
export function formatZodError(err: z.core.$ZodError): string {
  const lines = err.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `${[...issue.path, key].join('.')}: is not allowed`);
    }
    const field = issue.path.map(String).join('.');
    if (!field) return [issue.message];
    // A schema message that already starts with the field name ("email must be …") reads "email: must be …".
    const message = issue.message.startsWith(`${field} `) ? issue.message.slice(field.length + 1) : issue.message;
    return [`${field}: ${message}`];
  });
  return [...new Set(lines)].join('; ');
}
