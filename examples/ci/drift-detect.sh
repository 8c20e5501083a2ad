#!/usr/bin/env bash
# Drift detection on a schedule: a refresh-only plan of a Terraform or CDKTF project (nothing is changed), its drift
# rendered by `uptimectl plan-report --drift` (what changed, the service's updatedAt and version token), kept in ONE
# GitHub issue found by a hidden marker: opened or updated while the service differs from the code, closed with a
# comment once it no longer does. GitHub Actions: examples/ci/drift-detection.yml; any scheduler works.
#
#   drift-detect.sh [project-dir]
#
# Environment:
#   UPTIME_BASE_URL, UPTIME_API_TOKEN  the service and a token that can read what the configuration manages
#   GITHUB_TOKEN, GITHUB_REPOSITORY    keep the drift issue (needs issues: write); without them the report is only
#                                      written to $DRIFT_FILE (default ./drift-report.md)
#   GITHUB_API_URL                     default https://api.github.com (GitHub Enterprise: https://<host>/api/v3)
#   DRIFT_LABEL                        label of the drift issue (default monitors-drift; created by GitHub if missing)
#   DRIFT_TITLE                        its title (default "Monitors changed outside Terraform")
#   DRIFT_FAIL=1                       exit 3 when there is drift (default: exit 0, the issue is the signal)
#   UPTIMECTL, CDKTF_SYNTH             as in plan-and-report.sh
# Exit: 0 done (drift or not), 3 drift found with DRIFT_FAIL=1, anything else a failure (no issue is touched).
set -euo pipefail

dir="${1:-.}"
export CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1 TF_INPUT=0
uptimectl="${UPTIMECTL:-npx --no-install uptimectl}"
report="$(realpath -m "${DRIFT_FILE:-drift-report.md}")"
label="${DRIFT_LABEL:-monitors-drift}"
title="${DRIFT_TITLE:-Monitors changed outside Terraform}"
marker='<!-- uptimectl:drift -->'
cd "$dir"

workdirs=()
if [ -f cdktf.json ]; then
  ${CDKTF_SYNTH:-npx --no-install cdktf synth}
  for stack in cdktf.out/stacks/*/; do workdirs+=("${stack%/}"); done
  [ "${#workdirs[@]}" -gt 0 ] || { echo "drift-detect.sh: cdktf synth wrote no stacks under cdktf.out/stacks" >&2; exit 1; }
else
  workdirs+=(".")
fi

plans=()
for w in "${workdirs[@]}"; do
  echo "== terraform plan -refresh-only in $w" >&2
  terraform -chdir="$w" init -input=false -no-color >&2
  terraform -chdir="$w" plan -refresh-only -input=false -no-color -out=drift.tfplan >&2
  terraform -chdir="$w" show -json drift.tfplan > "$w/drift.json"
  plans+=("$w/drift.json")
done

rc=0
$uptimectl plan-report --drift "${plans[@]}" --fail-on drift --out "$report" --full-out "${report%.md}-full.md" || rc=$?
[ "$rc" -eq 0 ] || [ "$rc" -eq 3 ] || exit "$rc"
drift=false
[ "$rc" -eq 3 ] && drift=true
echo "drift: $drift (report in $report)" >&2

if [ -n "${GITHUB_TOKEN:-}" ] && [ -n "${GITHUB_REPOSITORY:-}" ]; then
  api="${GITHUB_API_URL:-https://api.github.com}/repos/$GITHUB_REPOSITORY"
  auth=(-H "Authorization: Bearer $GITHUB_TOKEN" -H "Accept: application/vnd.github+json")
  # The label keeps the list short; the marker tells our issue from any other with that label.
  existing="$(curl -fsS -G "${auth[@]}" "$api/issues" --data-urlencode state=open \
    --data-urlencode "labels=$label" --data-urlencode per_page=100 |
    jq -r --arg m "$marker" '[.[] | select(.pull_request == null) | select((.body // "") | startswith($m))][0].number // empty')"
  if [ "$drift" = true ]; then
    body="$(jq -Rs --arg t "$title" --arg l "$label" '{title: $t, body: ., labels: [$l]}' < "$report")"
    if [ -n "$existing" ]; then
      curl -fsS -X PATCH "${auth[@]}" "$api/issues/$existing" -d "$body" > /dev/null
      echo "updated the drift issue #$existing" >&2
    else
      number="$(curl -fsS -X POST "${auth[@]}" "$api/issues" -d "$body" | jq -r .number)"
      echo "opened the drift issue #$number" >&2
    fi
  elif [ -n "$existing" ]; then
    note="No drift left at $(date -u +%Y-%m-%dT%H:%M:%SZ): the service matches the code again. Closing."
    curl -fsS -X POST "${auth[@]}" "$api/issues/$existing/comments" -d "$(jq -n --arg b "$note" '{body: $b}')" > /dev/null
    curl -fsS -X PATCH "${auth[@]}" "$api/issues/$existing" -d '{"state":"closed","state_reason":"completed"}' > /dev/null
    echo "closed the drift issue #$existing" >&2
  else
    echo "no drift and no open drift issue: nothing to do" >&2
  fi
else
  echo "no GITHUB_TOKEN/GITHUB_REPOSITORY: the drift report is in $report" >&2
fi

[ "$drift" = true ] && [ "${DRIFT_FAIL:-}" = 1 ] && exit 3
exit 0
