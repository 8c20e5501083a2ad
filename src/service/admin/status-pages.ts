import { z } from 'zod';
import { CUSTOM_DOMAIN_STATUSES, VERIFICATION_STATUSES } from '../../api/index.js';
import type { ServiceContext } from '../context.js';
import { ApiError } from '../errors.js';
import { hex } from '../ids.js';
import { publicSnapshot } from '../render.js';
import type { MonitorRecord } from '../store.js';

/** The dashboard's one-time page setup (admin API and seed files). */
export const StatusPageSetupInput = z
  .object({
    slug: z
      .string()
      .regex(/^[a-z0-9-]{1,63}$/)
      .optional(),
    verificationStatus: z.enum(VERIFICATION_STATUSES).optional(),
    customDomain: z
      .object({
        configured: z.boolean().optional(),
        enabled: z.boolean().optional(),
        status: z.enum(CUSTOM_DOMAIN_STATUSES).optional(),
      })
      .strict()
      .optional(),
    content: z.unknown().optional(),
  })
  .strict();

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
