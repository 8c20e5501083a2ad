// Text from a request (ids, levels) in a log line: printable ASCII only, so a payload cannot forge log lines or send
// terminal escapes, and at most 100 characters.
export function logText(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?').slice(0, 100);
}
