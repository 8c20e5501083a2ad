#!/usr/bin/env bash
# Plans a Terraform or CDKTF project and keeps ONE comment about its monitor changes on the pull or merge request;
# with `apply`, applies the plan it made instead. The same script runs in GitHub Actions (examples/ci/github-actions.yml),
# GitLab CI (examples/ci/gitlab-ci.yml) and any other CI; Atlantis runs its own workflow (examples/ci/atlantis.yaml).
#
#   plan-and-report.sh [project-dir] [plan|apply]
#
# Environment:
#   UPTIME_BASE_URL, UPTIME_API_TOKEN  the service and a token (the provider reads them; plan-report uses them for
#                                      destination labels and --check)
#   PLAN_REPORT_FAIL_ON                e.g. "archive,replace,no-alerts": exit 3 when the plan contains such a change
#   PLAN_REPORT_APPROVAL_LABEL         e.g. "monitors-approved": when the pull/merge request has this label (read from
#                                      the host at run time), matched gates are reported as approved and pass
#   PLAN_REPORT_CHECK=1                add the preflight against the account (capacity, intervals, request budget)
#   PLAN_REPORT_PROBE=0                skip the probe (on by default: each monitor the plan creates or whose request
#                                      changes is requested once from this runner, and changed alert settings are
#                                      backtested against recent checks); public addresses only unless
#   UPTIME_PROBE_ALLOW                 e.g. "10.20.0.0/16" names the private ranges the probe may request
#                                      (add probe-down to PLAN_REPORT_FAIL_ON to require the label for a red monitor)
#   PLAN_REPORT_COVERAGE=1             also review monitoring coverage (off by default): which public endpoints the
#                                      plan creates or changes (load balancers, API stages, DNS records, Cloud Run,
#                                      ingresses, web apps) no monitor watches, each with a suggested monitor; add
#                                      uncovered to PLAN_REPORT_FAIL_ON to require the label for them, and leave
#                                      endpoints out with UPTIME_COVERAGE_IGNORE (address globs, comma-separated)
#   Posting (`uptimectl post`):        GitHub Actions: GITHUB_TOKEN (GITHUB_REPOSITORY, PR_NUMBER); GitLab CI:
#                                      GITLAB_TOKEN, a project access token with the api scope (CI_JOB_TOKEN can read
#                                      labels, not post); any other CI: UPTIME_POST_HOST=file. Without credentials the
#                                      comment is only written to $COMMENT_FILE (default ./plan-report.md)
#   UPTIMECTL                          how to run uptimectl (default: npx --no-install uptimectl)
#   CDKTF_SYNTH                        how to synthesize a CDKTF project (default: uptimectl cdk synth, which runs
#                                      cdktf-cli where it works on this Node, else cdktn-cli)
#   TERRAFORM_BINARY_NAME              terraform or tofu (OpenTofu); default: terraform, or tofu when only tofu is on
#                                      the PATH. The CDK CLIs (cdktf, cdktn) read the same variable
# Exit: 0 done, 3 a --fail-on gate matched (the comment is still posted), anything else a failure.
set -euo pipefail

dir="${1:-.}"
mode="${2:-plan}"
case "$mode" in plan | apply) ;; *) echo "plan-and-report.sh: mode must be plan or apply, not '$mode'" >&2; exit 2 ;; esac
export CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1 TF_INPUT=0
uptimectl="${UPTIMECTL:-npx --no-install uptimectl}"
tf="${TERRAFORM_BINARY_NAME:-}"
if [ -z "$tf" ]; then
  if command -v terraform > /dev/null; then tf=terraform; elif command -v tofu > /dev/null; then tf=tofu; else
    echo "plan-and-report.sh: neither terraform nor tofu is on the PATH (TERRAFORM_BINARY_NAME names the command)" >&2; exit 1
  fi
fi
comment_file="$(realpath -m "${COMMENT_FILE:-plan-report.md}")"
cd "$dir"

# The Terraform working directories: the project itself, or one per synthesized CDKTF stack.
workdirs=()
if [ -f cdktf.json ]; then
  ${CDKTF_SYNTH:-$uptimectl cdk synth}
  for stack in cdktf.out/stacks/*/; do workdirs+=("${stack%/}"); done
  [ "${#workdirs[@]}" -gt 0 ] || { echo "plan-and-report.sh: synth wrote no stacks under cdktf.out/stacks" >&2; exit 1; }
else
  workdirs+=(".")
fi

plans=()
for w in "${workdirs[@]}"; do
  echo "== $tf plan in $w" >&2
  "$tf" -chdir="$w" init -input=false -no-color >&2
  "$tf" -chdir="$w" plan -input=false -no-color -out=tfplan >&2
  if [ "$mode" = apply ]; then
    "$tf" -chdir="$w" apply -input=false -no-color tfplan >&2
  else
    "$tf" -chdir="$w" show -json tfplan > "$w/plan.json"
    plans+=("$w/plan.json")
  fi
done
[ "$mode" = apply ] && exit 0

args=(plan-report "${plans[@]}" --out "$comment_file" --full-out "${comment_file%.md}-full.md")
if [ -n "${PLAN_REPORT_FAIL_ON:-}" ]; then
  args+=(--fail-on "$PLAN_REPORT_FAIL_ON")
  # The label as it is now, not as the CI event saw it: adding it and re-running the job is enough.
  if [ -n "${PLAN_REPORT_APPROVAL_LABEL:-}" ]; then
    labels="$($uptimectl post labels)"
    if printf '%s\n' "$labels" | grep -qxF -- "$PLAN_REPORT_APPROVAL_LABEL"; then
      args+=(--approved "label $PLAN_REPORT_APPROVAL_LABEL")
    fi
  fi
fi
[ "${PLAN_REPORT_CHECK:-}" = 1 ] && args+=(--check)
[ "${PLAN_REPORT_PROBE:-1}" = 0 ] || args+=(--probe)
[ "${PLAN_REPORT_COVERAGE:-0}" = 1 ] && args+=(--coverage)
rc=0
$uptimectl "${args[@]}" || rc=$?
[ "$rc" -eq 0 ] || [ "$rc" -eq 3 ] || exit "$rc"

$uptimectl post comment "$comment_file"
exit "$rc"
