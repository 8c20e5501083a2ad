// The dashboard's status-page setup (slug, public URL, verification, custom domain): used by seed files and by the
// admin routes for setup and custom-domain state.
import { z } from 'zod';
import { CUSTOM_DOMAIN_STATUSES, VERIFICATION_STATUSES } from '../../api/index.js';
import type { ServiceContext } from '../context.js';
import { ApiError } from '../errors.js';
import { hex } from '../ids.js';
import { publicSnapshot, statusPageView } from '../render.js';
import type { MonitorRecord } from '../store.js';
import { monitorOf, ok, parse, type AdminRoutes } from './common.js';

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

const CustomDomainPatch = z
  .object({
    configured: z.boolean().optional(),
    enabled: z.boolean().optional(),
    status: StatusPageSetupInput.shape.customDomain.unwrap().shape.status,
    verificationStatus: StatusPageSetupInput.shape.verificationStatus,
  })
  .strict();

export const statusPageRoutes: AdminRoutes = (admin, svc) => {
  const { store } = svc;
  // ----- status pages: dashboard setup and custom-domain state -----
  admin.post('/monitors/:monitorId/status-page/setup', async (req, reply) => {
    const m = monitorOf(store, (req.params as { monitorId: string }).monitorId);
    setUpStatusPage(svc, m, parse(StatusPageSetupInput, req.body));
    return ok(reply, statusPageView(m, svc.origin));
  });
  admin.patch('/monitors/:monitorId/status-page/custom-domain', async (req, reply) => {
    const m = monitorOf(store, (req.params as { monitorId: string }).monitorId);
    const b = parse(CustomDomainPatch, req.body);
    store.mutateMonitor(m, (m) => {
      const { verificationStatus, ...domain } = b;
      for (const [k, v] of Object.entries(domain))
        if (v !== undefined) Object.assign(m.page.customDomain, { [k]: v });
      if (verificationStatus) m.page.verificationStatus = verificationStatus;
    });
    return ok(reply, statusPageView(m, svc.origin));
  });
};
