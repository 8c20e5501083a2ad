#!/usr/bin/env bash
# Drift detection on a schedule: a refresh-only plan of a Terraform or CDKTF project (nothing is changed), its drift
# rendered by `uptimectl plan-report --drift` (what changed, the service's updatedAt and version token), kept in ONE
# issue found by its hidden marker, whatever labels people give it or take from it: opened or updated while the
# service differs from the code, closed with a comment once it no longer does. GitHub Actions:
# examples/ci/drift-detection.yml; GitLab CI: the monitors:drift job of examples/ci/gitlab-ci.yml; any scheduler works.
#
#   drift-detect.sh [project-dir]
#
# Environment:
#   UPTIME_BASE_URL, UPTIME_API_TOKEN  the service and a token that can read what the configuration manages
#   Posting (`uptimectl post`):        GitHub Actions: GITHUB_TOKEN, GITHUB_REPOSITORY (issues: write); GitLab CI:
#                                      GITLAB_TOKEN (a project access token, api scope, Reporter role); any other
#                                      scheduler: UPTIME_POST_HOST=file. Without credentials the report is only written
#                                      to $DRIFT_FILE (default ./drift-report.md)
#   DRIFT_LABEL                        label of a new drift issue (default monitors-drift; the host creates it)
#   DRIFT_TITLE                        title of a new drift issue (default "Monitors changed outside Terraform")
#   DRIFT_FAIL=1                       exit 3 when there is drift (default: exit 0, the issue is the signal)
#   UPTIMECTL, CDKTF_SYNTH             as in plan-and-report.sh
#   TERRAFORM_BINARY_NAME              as in plan-and-report.sh: tofu runs OpenTofu (default: terraform, else tofu)
# Exit: 0 done (drift or not), 3 drift found with DRIFT_FAIL=1, anything else a failure (no issue is touched).
set -euo pipefail

dir="${1:-.}"
export CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1 TF_INPUT=0
uptimectl="${UPTIMECTL:-npx --no-install uptimectl}"
tf="${TERRAFORM_BINARY_NAME:-}"
if [ -z "$tf" ]; then
  if command -v terraform > /dev/null; then tf=terraform; elif command -v tofu > /dev/null; then tf=tofu; else
    echo "drift-detect.sh: neither terraform nor tofu is on the PATH (TERRAFORM_BINARY_NAME names the command)" >&2; exit 1
  fi
fi
report="$(realpath -m "${DRIFT_FILE:-drift-report.md}")"
label="${DRIFT_LABEL:-monitors-drift}"
title="${DRIFT_TITLE:-Monitors changed outside Terraform}"
cd "$dir"

workdirs=()
if [ -f cdktf.json ]; then
  ${CDKTF_SYNTH:-$uptimectl cdk synth}
  for stack in cdktf.out/stacks/*/; do workdirs+=("${stack%/}"); done
  [ "${#workdirs[@]}" -gt 0 ] || { echo "drift-detect.sh: synth wrote no stacks under cdktf.out/stacks" >&2; exit 1; }
else
  workdirs+=(".")
fi

plans=()
for w in "${workdirs[@]}"; do
  echo "== $tf plan -refresh-only in $w" >&2
  "$tf" -chdir="$w" init -input=false -no-color >&2
  "$tf" -chdir="$w" plan -refresh-only -input=false -no-color -out=drift.tfplan >&2
  "$tf" -chdir="$w" show -json drift.tfplan > "$w/drift.json"
  plans+=("$w/drift.json")
done

rc=0
$uptimectl plan-report --drift "${plans[@]}" --fail-on drift --out "$report" --full-out "${report%.md}-full.md" || rc=$?
[ "$rc" -eq 0 ] || [ "$rc" -eq 3 ] || exit "$rc"
drift=false
[ "$rc" -eq 3 ] && drift=true
echo "drift: $drift (report in $report)" >&2

if [ "$drift" = true ]; then
  $uptimectl post issue "$report" --title "$title" --label "$label"
else
  $uptimectl post issue "$report" \
    --close "No drift left at $(date -u +%Y-%m-%dT%H:%M:%SZ): the service matches the code again. Closing."
fi

[ "$drift" = true ] && [ "${DRIFT_FAIL:-}" = 1 ] && exit 3
exit 0
