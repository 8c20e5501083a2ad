// Retry-After values and what RFC 9110 says they announce, shared by the policy's checks in this zone and in others.

/** Sun, 06 Nov 1994 08:49:00 GMT */
export const NOW = Date.UTC(1994, 10, 6, 8, 49, 0);

/** Values and what they announce, in milliseconds from NOW (null: nothing). */
export const RETRY_AFTER_CASES: [string, number | null][] = [
  // RFC 9110's own examples of the three formats, 37 s after NOW.
  ['Sun, 06 Nov 1994 08:49:37 GMT', 37_000],
  ['Sunday, 06-Nov-94 08:49:37 GMT', 37_000],
  ['Sun Nov  6 08:49:37 1994', 37_000],
  // asctime pads a one-digit day with a space; a two-digit day has none.
  ['Thu Nov 10 08:49:00 1994', 4 * 86_400_000],
  // A date in the past asks for no wait.
  ['Sat, 05 Nov 1994 08:49:37 GMT', 0],
  ['Mon 1', null], // Date.parse would take it for a day of 2001
  ['mon, 99', null],
  ['Monday', null],
  ['Sun, 06 Nov 1994 08:49:37 PST', null], // an HTTP-date is GMT
  ['Sun, 06 Nov 1994 08:49:37', null], // IMF-fixdate without its zone
  ['Sun, 31 Feb 1994 08:49:37 GMT', null], // no such day
  ['Sun, 06 Nov 1994 24:00:00 GMT', null],
  ['-30', null],
  ['1.5', null],
  ['30, 60', null], // two Retry-After fields joined by fetch's Headers
  ['\u0661\u0662', null], // Arabic-Indic digits are no DIGIT
];
