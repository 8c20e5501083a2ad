// hclog-compatible JSON lines on stderr. Level from TF_LOG_PROVIDER, else TF_LOG (off when neither is set).
// Timestamps carry exactly 6 fractional digits (Go layout 2006-01-02T15:04:05.000000Z07:00); every @-key is a
// string. Callers must pass only redacted values (see framework/redact.ts).

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel | 'off', number> = { trace: 0, debug: 1, info: 2, warn: 3, error: 4, off: 5 };

export function levelFromEnv(env: NodeJS.ProcessEnv = process.env): LogLevel | 'off' {
  const raw = (env.TF_LOG_PROVIDER || env.TF_LOG || '').trim().toLowerCase();
  if (!raw || raw === 'off') return 'off';
  if (raw === 'json') return 'trace'; // TF_LOG=JSON means trace in JSON format
  if (raw === 'warning') return 'warn';
  return raw in ORDER ? (raw as LogLevel) : 'trace'; // Terraform treats unknown levels as trace
}

export function hclogTimestamp(d: Date = new Date()): string {
  const iso = d.toISOString(); // 2026-01-02T03:04:05.123Z
  return `${iso.slice(0, 23)}000Z`;
}

export class Logger {
  constructor(
    private readonly level: LogLevel | 'off' = levelFromEnv(),
    private readonly module = 'provider',
    private readonly write: (line: string) => void = (l) => process.stderr.write(l),
  ) {}

  named(module: string): Logger {
    return new Logger(this.level, `${this.module}.${module}`, this.write);
  }

  enabled(level: LogLevel): boolean {
    return ORDER[level] >= ORDER[this.level];
  }

  log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
    if (!this.enabled(level)) return;
    const entry: Record<string, unknown> = {
      '@level': level,
      '@message': String(message),
      '@module': this.module,
      '@timestamp': hclogTimestamp(),
    };
    for (const [k, v] of Object.entries(fields)) if (!k.startsWith('@')) entry[k] = v;
    this.write(`${JSON.stringify(entry, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}\n`);
  }

  trace(m: string, f?: Record<string, unknown>): void {
    this.log('trace', m, f);
  }
  debug(m: string, f?: Record<string, unknown>): void {
    this.log('debug', m, f);
  }
  info(m: string, f?: Record<string, unknown>): void {
    this.log('info', m, f);
  }
  warn(m: string, f?: Record<string, unknown>): void {
    this.log('warn', m, f);
  }
  error(m: string, f?: Record<string, unknown>): void {
    this.log('error', m, f);
  }
}
