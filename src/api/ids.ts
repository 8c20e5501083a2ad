// The id formats of Monitoring Service API v1, each with the words a refusal uses. The zod schemas, the local
// service's path checks and the client's reading of error messages use these; nothing else spells an id pattern.
// Monitor ids are UUIDs of any version (the spec's path parameters have format uuid); the other ids are a prefix and
// lowercase hex digits.

export interface IdFormat {
  readonly pattern: RegExp;
  /** What a value that does not match is told, e.g. `must be a UUID`. */
  readonly message: string;
}

const format = (pattern: RegExp, message = `must match ${pattern.source}`): IdFormat => ({
  pattern,
  message,
});

export const ID_FORMATS = {
  emailDestination: format(/^dest_email_[a-f0-9]{24}$/),
  smsDestination: format(/^dest_sms_[a-f0-9]{24}$/),
  exportId: format(/^exp_[a-f0-9]{32}$/),
  monitorId: format(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID'),
} as const satisfies Record<string, IdFormat>;
export type IdKind = keyof typeof ID_FORMATS;

/** The patterns alone. */
export const ID_PATTERNS = Object.fromEntries(Object.entries(ID_FORMATS).map(([k, f]) => [k, f.pattern])) as {
  readonly [K in IdKind]: RegExp;
};

const MONITOR_ID_IN_TEXT = new RegExp(
  ID_FORMATS.monitorId.pattern.source.slice(1, -1),
  ID_FORMATS.monitorId.pattern.flags,
);

/** The first monitor id written in a text (e.g. a service's error message), or null. */
export function findMonitorId(text: string): string | null {
  return MONITOR_ID_IN_TEXT.exec(text)?.[0] ?? null;
}
