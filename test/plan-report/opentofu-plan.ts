// A plan JSON that Terraform wrote, rewritten as OpenTofu writes the same plan (`tofu show -json`), from the list
// of differences read in OpenTofu's source (../shared/reference/opentofu.md §5: internal/command/jsonplan/plan.go,
// resource.go, v1.8.0–v1.11.0) and not from our reader: what OpenTofu lacks is removed, what it writes otherwise is
// rewritten, and 1.11's ephemeral resources are added.

const TF_HOST = 'registry.terraform.io/';
const TOFU_HOST = 'registry.opentofu.org/';
/** Action reasons Terraform has and OpenTofu does not (deferred instances). */
const TERRAFORM_ONLY_REASONS = new Set(['resource_config_unknown', 'resource_instance_unknown']);

type Json = any;

export interface TofuOptions {
  /** OpenTofu's version, written to terraform_version. 1.11+ lists ephemeral resources. */
  version?: string;
}

const onTofuHost = (name: unknown) =>
  typeof name === 'string' && name.startsWith(TF_HOST) ? TOFU_HOST + name.slice(TF_HOST.length) : name;

function stateModule(m: Json): void {
  if (!m) return;
  for (const r of m.resources ?? []) if (r.provider_name) r.provider_name = onTofuHost(r.provider_name);
  for (const c of m.child_modules ?? []) stateModule(c);
}

function resourceChange(rc: Json): void {
  delete rc.index_unknown;
  if (rc.provider_name) rc.provider_name = onTofuHost(rc.provider_name);
  if (TERRAFORM_ONLY_REASONS.has(rc.action_reason)) delete rc.action_reason;
  if (rc.change?.importing) delete rc.change.importing.unknown;
}

/** Ephemeral resources as OpenTofu 1.11 lists them: mode "ephemeral", action "open", no values (nulled). */
export const TOFU_EPHEMERALS = [
  {
    address: 'ephemeral.random_password.db',
    mode: 'ephemeral',
    type: 'random_password',
    name: 'db',
    provider_name: 'registry.opentofu.org/hashicorp/random',
    change: { actions: ['open'], before: null, after: null, after_unknown: {} },
  },
  {
    // Another provider's ephemeral resource whose type shares our prefix: still not a monitor change.
    address: 'ephemeral.uptime_monitor.probe_token',
    mode: 'ephemeral',
    type: 'uptime_monitor',
    name: 'probe_token',
    provider_name: 'registry.opentofu.org/uptime-monitoring/uptime',
    change: { actions: ['open'], after_unknown: {} },
  },
];

const newer = (v: string, than: [number, number]) => {
  const [major = 0, minor = 0] = v.split('.').map(Number);
  return major > than[0] || (major === than[0] && minor >= than[1]);
};

export function asOpenTofuPlan(terraformPlan: Json, o: TofuOptions = {}): Json {
  const version = o.version ?? '1.11.0';
  const plan = structuredClone(terraformPlan);
  plan.terraform_version = version;
  for (const k of ['applyable', 'complete', 'deferred_changes', 'action_invocations']) delete plan[k];
  for (const rc of plan.resource_changes ?? []) resourceChange(rc);
  for (const rc of plan.resource_drift ?? []) resourceChange(rc);
  stateModule(plan.prior_state?.values?.root_module);
  stateModule(plan.planned_values?.root_module);
  for (const p of Object.values<Json>(plan.configuration?.provider_config ?? {}))
    if (p.full_name) p.full_name = onTofuHost(p.full_name);
  if (newer(version, [1, 11])) {
    // OpenTofu sorts resource_changes by address (MarshalResourceChanges).
    plan.resource_changes = [...(plan.resource_changes ?? []), ...structuredClone(TOFU_EPHEMERALS)].sort(
      (a: Json, b: Json) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0),
    );
  }
  return plan;
}
