import type { z } from 'zod';
import type { ServiceContext } from '../context.js';
import { ApiError } from '../errors.js';
import { hex } from '../ids.js';
import { publicSnapshot } from '../render.js';
import type { MonitorRecord } from '../store.js';
import type { StatusPageSetupInput } from '../seed.js';

/** The dashboard's initial setup: assigns the slug and public URL and publishes a first snapshot. */
export function setUpStatusPage(
  svc: ServiceContext,
  m: MonitorRecord,
  input: z.output<typeof StatusPageSetupInput>,
): void {
  const slug = input.slug ?? m.page.slug ?? `page-${hex(4)}`;
  const owner = svc.store.pageBySlug(slug);
  if (owner && owner.id !== m.id) throw new ApiError('invalid_state', `the slug ${slug} is taken`);
  svc.store.mutateMonitor(m, (m) => {
    const p = m.page;
    p.setUp = true;
    p.slug = slug;
    if (input.verificationStatus) p.verificationStatus = input.verificationStatus;
    if (input.customDomain) Object.assign(p.customDomain, input.customDomain);
    p.snapshot = publicSnapshot(m, svc.clock.iso());
  });
}
