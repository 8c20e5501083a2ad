import { z } from 'zod';
import { lazySchema } from './lazy.js';
import { ID_FORMATS, type IdKind } from './ids.js';
import { PAGE_SIZE } from './limits.js';

/** Response timestamps: RFC 3339 date-time strings, kept as strings. */
export const DateTime = lazySchema(() => z.string());
export const NullableDateTime = lazySchema(() => DateTime.nullable());

/** Request-side date-time (query filters, export ranges): must parse as RFC 3339 with an offset or Z. */
export const DateTimeInput = lazySchema(() => z.iso.datetime({ offset: true }));

/** A string in one of the API's id formats, refused with that format's message. */
export const idString = (kind: IdKind) =>
  z.string().regex(ID_FORMATS[kind].pattern, ID_FORMATS[kind].message);

export const MonitorId = lazySchema(() => idString('monitorId'));

export const Pagination = lazySchema(() =>
  z.object({
    limit: z.number().int(),
    nextCursor: z.string().nullable(),
  }),
);
export type Pagination = z.infer<typeof Pagination>;

/** `{ data: [record], pagination }` */
export function listEnvelope<T extends z.ZodType>(record: T) {
  return z.object({ data: z.array(record), pagination: Pagination });
}
/** `{ data: record }` */
export function singleEnvelope<T extends z.ZodType>(record: T) {
  return z.object({ data: record });
}

/**
 * An integer query parameter: decimal digits only (no sign, no leading zero, no `0x`, no exponent), in range.
 * Anything else is 400 naming the parameter (`rule: integer`, or `minimum` / `maximum`).
 */
export function QueryInteger(min: number, max: number) {
  return z
    .string()
    .refine((v) => /^(0|[1-9][0-9]{0,15})$/.test(v), {
      message: `must be a decimal integer from ${min} to ${max}`,
      params: { rule: 'integer' },
      abort: true,
    })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

export const PageQuery = lazySchema(() =>
  z
    .object({
      limit: QueryInteger(PAGE_SIZE.min, PAGE_SIZE.max).default(PAGE_SIZE.default),
      cursor: z.string().min(1).optional(),
    })
    .strict(),
);
export type PageQuery = z.input<typeof PageQuery>;

/** Query-string booleans: only `true` and `false`. */
export const QueryBoolean = lazySchema(() => z.enum(['true', 'false']).transform((v) => v === 'true'));

/** An integer from a fixed value set; the issue carries the allowed values for error details. */
export function oneOf<T extends readonly number[]>(values: T) {
  return z
    .number()
    .int()
    .refine((v) => (values as readonly number[]).includes(v), {
      message: `must be one of ${values.join(', ')}`,
      params: { rule: 'one_of', allowed: [...values] },
    });
}
