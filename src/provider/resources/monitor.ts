// uptime_monitor's lifecycle: create POST (one random Idempotency-Key per create call), read GET (version token),
// update PATCH with If-Match (+ pause/activate, reactivate, archive), destroy = archive (history kept).
// An update runs in this order: PATCH of the changed fields → reactivate (archived true → false, with the planned
// interval) → pause/activate → archive; each versioned step sends the version the previous one returned. A change
// of `enabled` alone (pause/activate take no If-Match) first reads the monitor and compares its version with the
// one the plan was made from.
// A version is not a verdict: it covers everything the service shows of the monitor, also what this resource does
// not manage (the slow-response settings its alert settings write, a pause undone by an activate). So when the
// version the plan was made from is no longer current (a 412 on the first versioned step, or the read before a
// pause/activate), the monitor is read, and the update goes on from its current version only when every attribute
// this resource manages still reads as in state (`managedValuesUnchanged`): a plan made now would be the same plan,
// and nothing of anyone's is overwritten. Otherwise it stops with "changed outside Terraform". Its own retried step
// carries If-Match again, so a change made between that read and the retry is refused too. So an apply with
// -refresh=false after one that wrote slow-response alert settings does not fail on Terraform's own change.
import type { Monitor } from '../../api/index.js';
import { ConflictError, NotFoundError, PreconditionFailedError } from '../../client/index.js';
import { uptimeResource } from '../declarations.js';
import { apiFailure } from '../api-errors.js';
import { requireClient, type Client } from '../client.js';
import { configured } from '../session.js';
import {
  managedValuesUnchanged,
  monitorCreateBody,
  monitorToModel,
  monitorUpdateBody,
} from '../mapping/monitor.js';
import { changedOutsideTerraform, checkImportMonitorId, goneOrHidden, stripUnknowns } from './common.js';
import { currentVersion, liveMonitorWith } from './existing-monitor.js';
import { quotedText } from '../../protocol/template.js';
import { monitorIdentity } from '../identity.js';
import { monitorDescription, monitorDocs } from './monitor-docs.js';
import { modifyMonitorPlan, validateMonitorConfigBlocks } from './monitor-plan.js';
import { monitorAttributes } from './monitor-schema.js';

export { monitorAttributes } from './monitor-schema.js';

/** Runs a versioned write; a 412 becomes the "changed outside Terraform" error. */
async function versioned<T>(id: string, what: string, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw apiFailure(what, e, { object: 'monitor', monitorId: id });
  }
}

/**
 * POST /monitors. The client creates one random Idempotency-Key for this call and reuses it only for the retries
 * of this request: a key never gives identity across resources, state directories or runs, so a
 * monitor that already exists is reported (409 duplicate, with its id and how to import it), never adopted.
 */
async function createMonitor(client: Client, body: Parameters<Client['createMonitor']>[0]): Promise<Monitor> {
  try {
    return (await client.createMonitor(body)).data;
  } catch (e) {
    // A 409 that does not say it is something else (capacity, an idempotency conflict): the monitor that holds this
    // URL and request method is read (by the id the answer names, else found through the listing) and named.
    let existing: Monitor | undefined;
    if (e instanceof ConflictError && (e.reason === 'unknown' || e.reason === 'duplicate_monitor')) {
      const named = e.existingMonitorId;
      existing = await (
        named
          ? client.getMonitor(named).then((r) => r.data)
          : liveMonitorWith(client, body.url, body.requestMethod ?? 'GET')
      ).catch(() => undefined);
    }
    throw apiFailure('Create failed', e, { creating: body, existing });
  }
}

export const monitorResource = uptimeResource({
  typeName: 'uptime_monitor',
  description: monitorDescription,
  attributes: monitorAttributes,
  docs: monitorDocs,
  validateConfig: validateMonitorConfigBlocks,
  modifyPlan: modifyMonitorPlan,
  planDestroy: ({ prior, ctx }) => {
    if (prior.archived) return;
    ctx.diagnostics.warning(
      'Destroy archives the monitor',
      `Destroying uptime_monitor ${prior.id} (${quotedText(prior.name ?? '')}) archives it: checks stop and its history is kept; the service has no permanent delete. To bring it back later, import it and apply.`,
    );
  },
  importState: async (id) => ({ id: checkImportMonitorId(id) }),
  identity: monitorIdentity,
  create: async ({ plan, config, ctx }) => {
    const client = requireClient(ctx.providerData);
    const planned = stripUnknowns(plan);
    const body = monitorCreateBody(planned, config);
    let m = await createMonitor(client, body);
    if (plan.archived === true) {
      const ifMatch = m.version || (await currentVersion(client, m.id));
      m = (await versioned(m.id, 'Archive failed', () => client.archiveMonitor(m.id, { ifMatch }))).data;
    }
    return monitorToModel(m, planned);
  },
  read: async ({ state, ctx }) => {
    const client = requireClient(ctx.providerData);
    let m: Monitor | undefined = await configured(ctx.providerData).listings.monitor(state.id!);
    if (!m) {
      try {
        m = (await client.getMonitor(state.id!)).data;
      } catch (e) {
        if (e instanceof NotFoundError)
          return goneOrHidden(ctx.providerData, ctx.diagnostics, state.id!, 'monitor');
        throw apiFailure('Read failed', e);
      }
    }
    // Always mapped from what the service holds: an unchanged version token says nothing about a state that was
    // planned rather than read (after an update, state holds the planned values).
    return monitorToModel(m, state);
  },
  update: async ({ plan, prior, config, ctx }) => {
    const client = requireClient(ctx.providerData);
    const id = prior.id!;
    const planned = stripUnknowns(plan);
    const before = prior;
    // State holds the version the plan was made from; a service that reported none is asked for it now.
    // A pause/activate action of this run (before_update) moved it on: continue from there (actions.ts).
    let etag: string = prior.version
      ? configured(ctx.providerData).actionVersions.after(id, prior.version)
      : await currentVersion(client, id).catch((e: unknown) => Promise.reject(apiFailure('Read failed', e)));
    const planVersion = etag;
    // The monitor as the last call answered (null until one did).
    const last: { monitor: Monitor | null } = { monitor: null };
    const take = (r: { data: Monitor; etag?: string | null }): Monitor => {
      last.monitor = r.data;
      etag = r.etag ?? r.data.version ?? etag;
      return r.data;
    };
    const read = () =>
      client.getMonitor(id).catch((e: unknown) => Promise.reject(apiFailure('Read failed', e)));
    /** A versioned step (sent with `etag`). The first one carries the plan's version: refused (412) while every
     *  managed attribute is as in state, it is sent again with the current version (see the header). */
    const step = async (what: string, f: () => Promise<{ data: Monitor; etag?: string | null }>) => {
      const first = last.monitor === null;
      try {
        return take(await f());
      } catch (e) {
        if (!first || !(e instanceof PreconditionFailedError))
          throw apiFailure(what, e, { object: 'monitor', monitorId: id });
        const now = await read();
        if (!managedValuesUnchanged(now.data, prior)) throw changedOutsideTerraform('monitor', id);
        take(now);
        return take(await versioned(id, what, f));
      }
    };
    const body = monitorUpdateBody(planned, before, config);
    if (body) await step('Update failed', () => client.updateMonitor(id, body, { ifMatch: etag }));
    const wantArchived = planned.archived === true;
    if (prior.archived && !wantArchived) {
      const interval = planned.interval_seconds;
      await step('Reactivate failed', () =>
        client.reactivateMonitor(id, interval !== null ? { intervalSeconds: interval } : {}, {
          ifMatch: etag,
        }),
      );
    }
    if (!wantArchived) {
      const want = planned.enabled !== false;
      const current = last.monitor;
      let isEnabled: boolean;
      if (current) isEnabled = current.enabled;
      else {
        // Nothing versioned ran yet: check that the monitor is still what the plan was made from.
        const g = await read();
        const fresh = g.data;
        if (
          prior.version &&
          fresh.version &&
          fresh.version !== planVersion &&
          !managedValuesUnchanged(fresh, prior)
        )
          throw changedOutsideTerraform('monitor', id);
        take(g);
        isEnabled = fresh.enabled;
      }
      if (want !== isEnabled) {
        const op = want ? 'activateMonitor' : 'pauseMonitor';
        take(await versioned(id, want ? 'Activate failed' : 'Pause failed', () => client[op](id)));
      }
    } else if (!prior.archived) {
      await step('Archive failed', () => client.archiveMonitor(id, { ifMatch: etag }));
    }
    const m = last.monitor ?? take(await read());
    return monitorToModel(m, planned);
  },
  delete: async ({ prior, ctx }) => {
    const client = requireClient(ctx.providerData);
    const id = prior.id!;
    if (prior.archived) return;
    let ifMatch = prior.version ?? '';
    // No version in state (a service that lists none), or restoring the alert settings changed it: read it first.
    if (!ifMatch || configured(ctx.providerData).staleMonitorVersions.has(id)) {
      const current = await archiveVersion(client, id);
      if (current === null) return;
      ifMatch = current;
    }
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await client.archiveMonitor(id, { ifMatch });
        return;
      } catch (e) {
        if (e instanceof NotFoundError) return;
        if (e instanceof PreconditionFailedError && attempt === 0) {
          // Destroy was planned; archiving keeps history, so archive the current version.
          const current = await archiveVersion(client, id);
          if (current === null) return;
          ifMatch = current;
          continue;
        }
        // An archive that happened is success, even when its answer was lost (a 503 or a dropped connection
        // after the service ran it, then retries that failed).
        if (await isArchived(client, id)) return;
        throw apiFailure('Archive failed', e);
      }
    }
  },
});

/** The monitor's current version for an archive, or null when it is gone. */
function archiveVersion(client: Client, id: string): Promise<string | null> {
  return currentVersion(client, id).catch((err: unknown) => {
    if (err instanceof NotFoundError) return null;
    throw apiFailure('Archive failed', err);
  });
}

async function isArchived(client: Client, id: string): Promise<boolean> {
  try {
    return (await client.getMonitor(id)).data.archived === true;
  } catch {
    return false;
  }
}
