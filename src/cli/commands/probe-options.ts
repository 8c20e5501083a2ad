// The probe's options, shared by `uptimectl plan-report` and `uptimectl run-task serve` (the same review): declared
// once, and read once into what planReport takes (UPTIME_PROBE_ALLOW added, CA files read, seconds as ms).
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { collect } from './repeatable-option.js';

export interface ProbeOptions {
  probe?: boolean;
  probeAllow: string[];
  probeCa: string[];
  probeTimeout?: string;
}

/** Adds --probe (with the command's own description), --probe-allow, --probe-ca and --probe-timeout. */
export function addProbeOptions(cmd: Command, probeDescription: string, timeoutDescription: string): Command {
  return cmd
    .option('--probe', probeDescription)
    .option(
      '--probe-allow <cidrs>',
      'CIDR ranges the probe may request although they are not public (default: none; also UPTIME_PROBE_ALLOW)',
      collect,
      [] as string[],
    )
    .option(
      '--probe-ca <file>',
      'extra trusted certificate authority (PEM) for the probe, e.g. an internal CA',
      collect,
      [] as string[],
    )
    .option('--probe-timeout <seconds>', timeoutDescription);
}

export function probeSettings(
  opts: ProbeOptions,
  env: NodeJS.ProcessEnv = process.env,
): { probe: boolean; probeAllow: string[]; probeCa: string[]; probeTotalMs?: number } {
  return {
    probe: !!opts.probe,
    probeAllow: [...opts.probeAllow, ...(env.UPTIME_PROBE_ALLOW ? [env.UPTIME_PROBE_ALLOW] : [])],
    probeCa: opts.probeCa.map((f) => readFileSync(f, 'utf8')),
    ...(opts.probeTimeout ? { probeTotalMs: Math.round(Number(opts.probeTimeout) * 1000) } : {}),
  };
}
