// Diagnostics (severity, summary, detail, attribute path) and their tfplugin6 wire form.

/** A path step: attribute name (string), list index (number) or map key ({ key }). */
export type PathStep = string | number | { key: string };
export type AttributePath = PathStep[];

export interface Diagnostic {
  severity: 'error' | 'warning';
  summary: string;
  detail?: string;
  path?: AttributePath;
}

export const errorDiag = (summary: string, detail?: string, path?: AttributePath): Diagnostic => ({
  severity: 'error',
  summary,
  ...(detail !== undefined ? { detail } : {}),
  ...(path ? { path } : {}),
});

export const warningDiag = (summary: string, detail?: string, path?: AttributePath): Diagnostic => ({
  severity: 'warning',
  summary,
  ...(detail !== undefined ? { detail } : {}),
  ...(path ? { path } : {}),
});

/** A collector handed to handlers. */
export class Diagnostics {
  readonly items: Diagnostic[] = [];
  error(summary: string, detail?: string, path?: AttributePath): this {
    this.items.push(errorDiag(summary, detail, path));
    return this;
  }
  warning(summary: string, detail?: string, path?: AttributePath): this {
    this.items.push(warningDiag(summary, detail, path));
    return this;
  }
  add(...d: Diagnostic[]): this {
    this.items.push(...d);
    return this;
  }
  hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error');
  }
}

/** Throw from a handler to report one error diagnostic. */
export class DiagnosticError extends Error {
  constructor(
    readonly summary: string,
    readonly detail?: string,
    readonly path?: AttributePath,
  ) {
    super(detail ? `${summary}: ${detail}` : summary);
  }
}

export interface WireStep {
  attribute_name?: string;
  element_key_string?: string;
  element_key_int?: string;
}

export function pathToWire(path: AttributePath): { steps: WireStep[] } {
  return {
    steps: path.map((s) =>
      typeof s === 'string'
        ? { attribute_name: s }
        : typeof s === 'number'
          ? { element_key_int: String(s) }
          : { element_key_string: s.key },
    ),
  };
}

export function pathFromWire(p: { steps?: WireStep[] } | null | undefined): AttributePath {
  return (p?.steps ?? []).map((s) =>
    s.attribute_name !== undefined && s.attribute_name !== null
      ? s.attribute_name
      : s.element_key_string !== undefined && s.element_key_string !== null
        ? { key: s.element_key_string }
        : Number(s.element_key_int),
  );
}

export function diagnosticToWire(d: Diagnostic): Record<string, unknown> {
  return {
    severity: d.severity === 'error' ? 'ERROR' : 'WARNING',
    summary: d.summary,
    detail: d.detail ?? '',
    ...(d.path && d.path.length ? { attribute: pathToWire(d.path) } : {}),
  };
}

/** Converts anything thrown by a handler into a diagnostic. */
export function diagnosticFromError(err: unknown, context: string): Diagnostic {
  if (err instanceof DiagnosticError) return errorDiag(err.summary, err.detail, err.path);
  const msg = err instanceof Error ? err.message : String(err);
  return errorDiag(context, msg);
}

export function formatAttributePath(path: AttributePath): string {
  return path
    .map((s, i) =>
      typeof s === 'string'
        ? i === 0
          ? s
          : `.${s}`
        : typeof s === 'number'
          ? `[${s}]`
          : `[${JSON.stringify(s.key)}]`,
    )
    .join('');
}
