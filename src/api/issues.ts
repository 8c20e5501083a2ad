import type { z } from 'zod';
import type { ErrorDetail } from './errors.js';

/**
 * Turns zod issues into error details that name the field, the rule and the allowed values.
 * Used by the local service for its 400 bodies and by the provider for plan-time diagnostics,
 * so a user reads the same words wherever a limit is hit.
 */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  prefix: (string | number)[] = [],
): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({
          field: formatPath([...path, key]),
          rule: 'unknown_field',
          message: `unknown field "${formatPath([...path, key])}" is not accepted`,
        });
      }
      continue;
    }
    if (issue.code === 'invalid_union') {
      // Report the first branch's issues: the branches here differ only in nullability.
      const first = issue.errors[0];
      if (first && first.length > 0) {
        out.push(...describeIssues(first, path));
        continue;
      }
    }
    out.push(detail(formatPath(path), issue));
  }
  return out;
}

function detail(field: string, issue: z.core.$ZodIssue): ErrorDetail {
  const name = field || 'body';
  switch (issue.code) {
    case 'invalid_type':
      return {
        field: name,
        rule: issue.input === undefined ? 'required' : 'type',
        message:
          issue.input === undefined ? `${name} is required` : `${name} must be of type ${issue.expected}`,
      };
    case 'too_big': {
      const what = issue.origin === 'string' ? 'characters' : issue.origin === 'array' ? 'items' : '';
      const max = Number(issue.maximum);
      return {
        field: name,
        rule: issue.origin === 'string' ? 'max_length' : issue.origin === 'array' ? 'max_items' : 'maximum',
        message: what ? `${name} must have at most ${max} ${what}` : `${name} must be at most ${max}`,
      };
    }
    case 'too_small': {
      const what = issue.origin === 'string' ? 'characters' : issue.origin === 'array' ? 'items' : '';
      const min = Number(issue.minimum);
      return {
        field: name,
        rule: issue.origin === 'string' ? 'min_length' : issue.origin === 'array' ? 'min_items' : 'minimum',
        message: what ? `${name} must have at least ${min} ${what}` : `${name} must be at least ${min}`,
      };
    }
    case 'invalid_value':
      return {
        field: name,
        rule: 'one_of',
        message: `${name} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`,
        allowed: issue.values.filter(isScalar),
      };
    case 'invalid_format':
      return {
        field: name,
        rule: 'format',
        message: issue.message.startsWith('must ')
          ? `${name} ${issue.message}`
          : `${name} must be a valid ${issue.format}`,
      };
    case 'custom': {
      const params = (issue.params ?? {}) as { rule?: string; allowed?: unknown[] };
      const allowed = params.allowed?.filter(isScalar);
      return {
        field: name,
        rule: params.rule ?? 'invalid',
        message: field ? `${name} ${issue.message}` : issue.message,
        ...(allowed ? { allowed } : {}),
      };
    }
    default:
      return { field: name, rule: issue.code, message: `${name}: ${issue.message}` };
  }
}

function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** `requestHeaders[2].name` */
export function formatPath(path: readonly (string | number)[]): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s ? `.${p}` : p;
  return s;
}
