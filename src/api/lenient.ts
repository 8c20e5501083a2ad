// Reading records whose fields the spec does not show (summary, check results, export jobs, download links): another
// service may send other or fewer fields. Every field of every object is taken when it has the type our model gives
// it and left out otherwise, never an error; only the fields the spec shows as required stay required.
import { z } from 'zod';

/** `T` with every field of every (nested) object optional. */
export type Lenient<T> = T extends readonly (infer E)[]
  ? Lenient<E>[]
  : T extends object
    ? { [K in keyof T]?: Lenient<T[K]> }
    : T;

function lenientType(t: z.ZodType): z.ZodType {
  if (t instanceof z.ZodObject) return leniently(t);
  if (t instanceof z.ZodArray) {
    const element = (t as unknown as { element: z.ZodType }).element;
    // Elements that are not what our model says are dropped, not the whole list.
    return z.array(z.unknown()).transform((items) =>
      items.flatMap((i) => {
        const r = lenientType(element).safeParse(i);
        return r.success ? [r.data] : [];
      }),
    );
  }
  return t;
}

/** A reader of `schema` that keeps what it recognises; `required` top-level fields (with their type) must be there. */
export function leniently<T extends z.ZodObject>(
  schema: T,
  required: readonly (keyof z.infer<T> & string)[] = [],
): z.ZodType<Lenient<z.infer<T>> & Pick<z.infer<T>, (typeof required)[number]>> {
  const shape = schema.shape as Record<string, z.ZodType>;
  const fields = Object.fromEntries(
    Object.entries(shape).map(([k, t]) => [
      k,
      required.includes(k as never) ? t : lenientType(t).optional().catch(undefined),
    ]),
  );
  return z.object(fields) as never;
}
