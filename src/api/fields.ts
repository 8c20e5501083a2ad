// The fields a record's model declares, read from the zod model itself: the one place a field is written is its
// model, so whoever needs "every field" or "the required fields" of a record (the client completing a write, the
// local service's profiles) derives them here instead of keeping a list.
import type { z } from 'zod';

type Shape = Record<string, { isOptional?: () => boolean }>;
const shapeOf = (schema: z.ZodType): Shape => (schema as unknown as { shape?: Shape }).shape ?? {};

/** The fields an object model declares (none for other models). */
export function fieldsOf(schema: z.ZodType): string[] {
  return Object.keys(shapeOf(schema));
}

/** The fields an object model requires: present in every record (null where nullable), as the spec's "Required". */
export function requiredFieldsOf(schema: z.ZodType): string[] {
  return Object.entries(shapeOf(schema))
    .filter(([, field]) => !field.isOptional?.())
    .map(([name]) => name);
}
