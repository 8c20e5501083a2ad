// Framework handlers that change objects: PlanResourceChange (plan-time validators, defaults, computed unknowns,
// modifiers, replace, planned identity, 1.16's plan-time private data) and ApplyResourceChange (create/update/
// delete, merge checks, new identity).
import { isUnknown, valueEquals, type CtyValue } from '../cty/values.js';
import type { CtyType } from '../cty/types.js';
import { formatAttributePath, pathToWire, type Diagnostic } from '../diagnostics.js';
import type { ProviderHandlers } from '../server.js';
import { decodeDV, encodeDV, guarded, wire, type CompiledResource, type Framework } from './context.js';
import { identityChanged } from './identity.js';
import { PrivateState } from './private-state.js';
import { checkedIdentity } from './resource-handlers.js';
import { refuseWriteOnly, validateAtPlan } from './validate.js';
import {
  applyDefaults,
  clone,
  enforceConfig,
  markComputedUnknown,
  mergeApplied,
  normalize,
  nullWriteOnly,
  runPlanModifiers,
  type Obj,
} from './values.js';

type Problem = { path: (string | number | { key: string })[]; message: string };

const problemsToDiags = (
  typeName: string,
  problems: Problem[],
  severity: 'error' | 'warning',
): Diagnostic[] =>
  problems.map((p) => ({
    severity,
    summary:
      severity === 'error'
        ? 'Provider returned an incomplete object'
        : 'Provider handler changed a planned value',
    detail: `${typeName}: attribute ${formatAttributePath(p.path)} ${p.message}. This is a bug in the provider.`,
    path: p.path,
  }));

/** Terraform 1.16 (store_planned_private) sends the plan-time private data to the apply-time re-plan: keys the
 *  plan-time plan added are visible to the re-plan's handlers and kept, so a plan-time decision reaches Apply. */
function keepPlanTimePrivate(priv: PrivateState, plannedPrivate: Buffer | undefined): void {
  if (!plannedPrivate?.length) return;
  const earlier = new PrivateState(plannedPrivate);
  for (const k of earlier.keys())
    if (priv.get(k) === undefined && !k.startsWith('.')) priv.set(k, earlier.get(k));
}

export function changeHandlers(fw: Framework): ProviderHandlers {
  const identityField = (r: CompiledResource, v: Obj | null) =>
    r.identityC && v ? r.identityC.encode(v) : undefined;

  return {
    PlanResourceChange: async (req) => {
      const r = fw.resource(req.type_name);
      const prior = decodeDV(r, req.prior_state) as Obj | null;
      const proposed = decodeDV(r, req.proposed_new_state) as Obj | null;
      const config = decodeDV(r, req.config) as Obj | null;
      const idc = r.identityC;
      const priorIdentity = idc?.decode(req.prior_identity) ?? null;
      const c = fw.ctx(req.prior_private);
      keepPlanTimePrivate(c.private, req.planned_private as Buffer | undefined);
      // Destroy (plan_destroy): planned must be null; private and identity carried.
      if (proposed === null || config === null) {
        if (prior !== null && r.planDestroy)
          await guarded(c, 'Plan failed', async () =>
            r.planDestroy!({ prior: clone(prior) as never, ctx: c }),
          );
        return {
          planned_state: encodeDV(r, null),
          requires_replace: [],
          planned_private: req.prior_private ?? Buffer.alloc(0),
          planned_identity: identityField(r, priorIdentity),
          diagnostics: wire(c.diagnostics.items),
        };
      }
      // A client that did not announce write-only support (OpenTofu 1.8–1.10 send no capabilities; Terraform's
      // plan always sends them) cannot take a write-only value: refused here, never planned or stored. Validation
      // lets it pass (Terraform's partial-expansion path validates without capabilities).
      const caps = req.client_capabilities as { write_only_attributes_allowed?: boolean } | null | undefined;
      if (!caps?.write_only_attributes_allowed) {
        const refused = refuseWriteOnly(r.attrs, config);
        if (refused.length) return { requires_replace: [], diagnostics: wire(refused) };
      }
      fw.trace('PlanResourceChange config', r, config, { tf_resource_type: r.typeName });
      c.diagnostics.add(...validateAtPlan(r.attrs, config));
      if (c.diagnostics.hasErrors())
        return {
          planned_state: encodeDV(r, proposed),
          requires_replace: [],
          planned_private: req.prior_private ?? Buffer.alloc(0),
          planned_identity: identityField(r, priorIdentity),
          diagnostics: wire(c.diagnostics.items),
        };
      const planned = clone(proposed);
      applyDefaults(r.attrs, config, planned);
      nullWriteOnly(r.attrs, planned);
      if (prior === null || !valueEquals(r.type, planned, prior))
        markComputedUnknown(r.attrs, config, planned);
      const mods = { requiresReplace: [] as (string | number | { key: string })[][] };
      runPlanModifiers(r.attrs, config, planned, prior, [], mods);
      let final: Obj = planned;
      if (r.modifyPlan) {
        const res = await guarded(c, 'Plan modification failed', async () =>
          r.modifyPlan!({ plan: planned as never, config: config as never, prior: prior as never, ctx: c }),
        );
        if (res) final = normalize(r.attrs, res as Record<string, unknown>);
      }
      enforceConfig(r.attrs, config, final);
      nullWriteOnly(r.attrs, final);
      const seen = new Set<string>();
      const replace =
        prior === null
          ? []
          : mods.requiresReplace.filter((p) => !seen.has(JSON.stringify(p)) && seen.add(JSON.stringify(p)));
      let plannedIdentity: Obj | null = null;
      if (idc) {
        if (prior === null || replace.length)
          plannedIdentity = idc.derive(final); // a new object: may be unknown
        else {
          const before = priorIdentity && idc.known(priorIdentity) ? priorIdentity : idc.derive(prior);
          const after = idc.derive(final);
          if (idc.known(after) && !idc.equal(before, after))
            c.diagnostics.add(identityChanged(r.typeName, 'plan', before, after));
          plannedIdentity = before;
        }
      }
      return {
        planned_state: encodeDV(r, final),
        requires_replace: replace.map(pathToWire),
        planned_private: c.private.toBytes(),
        planned_identity: identityField(r, plannedIdentity),
        diagnostics: wire(c.diagnostics.items),
      };
    },

    ApplyResourceChange: async (req) => {
      const r = fw.resource(req.type_name);
      const prior = decodeDV(r, req.prior_state) as Obj | null;
      const planned = decodeDV(r, req.planned_state) as Obj | null;
      const config = decodeDV(r, req.config) as Obj | null;
      const idc = r.identityC;
      const plannedIdentity = idc?.decode(req.planned_identity) ?? null;
      const c = fw.ctx(req.planned_private);
      const reply = (state: CtyValue, identity: Obj | null = null) => ({
        new_state: encodeDV(r, state),
        private: c.private.toBytes(),
        new_identity: state === null ? undefined : identityField(r, identity),
        diagnostics: wire(c.diagnostics.items),
      });
      const priorIdentity = prior && idc ? idc.derive(prior) : null;
      if (planned === null) {
        if (prior === null) return reply(null);
        fw.log.debug('Deleting', { tf_resource_type: r.typeName });
        await guarded(c, 'Delete failed', () => r.delete({ prior: prior as never, ctx: c }));
        return c.diagnostics.hasErrors() ? reply(prior, priorIdentity) : reply(null);
      }
      const cfg = config ?? normalize(r.attrs, {});
      fw.trace(prior === null ? 'Creating' : 'Updating', r, cfg, { tf_resource_type: r.typeName });
      // A value unknown at plan time is known now.
      c.diagnostics.add(...validateAtPlan(r.attrs, cfg));
      if (c.diagnostics.hasErrors()) return reply(prior, priorIdentity);
      const result =
        prior === null
          ? await guarded(c, 'Create failed', () =>
              r.create({ plan: clone(planned) as never, config: cfg as never, ctx: c }),
            )
          : await guarded(c, 'Update failed', () =>
              r.update({
                plan: clone(planned) as never,
                prior: clone(prior) as never,
                config: cfg as never,
                ctx: c,
              }),
            );
      if (result === undefined || result === null) {
        // Nothing usable came back: keep what Terraform already had.
        if (!c.diagnostics.hasErrors())
          c.diagnostics.error(
            'Provider returned no object',
            `${r.typeName}: ${prior === null ? 'create' : 'update'} returned nothing.`,
          );
        return reply(prior, priorIdentity);
      }
      const problems: Problem[] = [];
      const merged = mergeApplied(
        r.attrs,
        planned,
        normalize(r.attrs, result as Record<string, unknown>),
        [],
        problems,
      );
      const missing = problems.filter((p) => p.message.includes('unknown'));
      for (const p of problems.filter((x) => !x.message.includes('unknown')))
        fw.log.warn('Handler changed a planned value; the planned value is kept', {
          tf_resource_type: r.typeName,
          attribute: formatAttributePath(p.path),
        });
      if (missing.length) {
        c.diagnostics.add(...problemsToDiags(r.typeName, missing, 'error'));
        // Never hand unknowns back: fill them with null so the object is still stored (and tainted).
        return reply(stripUnknown(r.type, merged) as Obj, priorIdentity ?? plannedIdentity);
      }
      const identityProblems: Diagnostic[] = [];
      const before = prior === null ? plannedIdentity : (priorIdentity ?? plannedIdentity);
      const identity = checkedIdentity(
        r,
        merged,
        before,
        prior === null ? 'Create' : 'Update',
        identityProblems,
      );
      c.diagnostics.add(...identityProblems);
      return reply(merged, identity);
    },
  };
}

function stripUnknown(t: CtyType, v: CtyValue): CtyValue {
  if (isUnknown(v) || v === null) return null;
  switch (t.kind) {
    case 'list':
    case 'set':
      return (v as CtyValue[]).map((e) => stripUnknown(t.element, e));
    case 'map':
      return Object.fromEntries(Object.entries(v as Obj).map(([k, e]) => [k, stripUnknown(t.element, e)]));
    case 'object':
      return Object.fromEntries(
        Object.entries(t.attributes).map(([k, at]) => [k, stripUnknown(at, (v as Obj)[k] ?? null)]),
      );
    default:
      return v;
  }
}
