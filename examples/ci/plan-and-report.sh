#!/usr/bin/env bash
# Plans a Terraform or CDKTF project and writes (or posts) one pull-request comment about its monitor changes;
# with `apply`, applies the plan it made instead. The same steps run in any CI: GitHub Actions
# (examples/ci/github-actions.yml), GitLab, an Atlantis custom workflow.
#
#   plan-and-report.sh [project-dir] [plan|apply]
#
# Environment:
#   UPTIME_BASE_URL, UPTIME_API_TOKEN  the service and a token (the provider reads them; plan-report uses them for
#                                      destination labels and --check)
#   PLAN_REPORT_FAIL_ON                e.g. "archive,replace,no-alerts": exit 3 when the plan contains such a change
#   PLAN_REPORT_CHECK=1                add the preflight against the account (capacity, intervals, request budget)
#   GITHUB_TOKEN, GITHUB_REPOSITORY,   create or update ONE comment on the pull request (found by a hidden marker);
#   PR_NUMBER                          without them the comment body is written to $COMMENT_FILE (default
#                                      ./plan-report.md) and nothing is posted
#   UPTIMECTL                          how to run uptimectl (default: npx --no-install uptimectl)
#   CDKTF_SYNTH                        how to synthesize a CDKTF project (default: npx --no-install cdktf synth)
# Exit: 0 done, 3 a --fail-on gate matched (the comment is still written), anything else a failure.
set -euo pipefail

dir="${1:-.}"
mode="${2:-plan}"
case "$mode" in plan | apply) ;; *) echo "plan-and-report.sh: mode must be plan or apply, not '$mode'" >&2; exit 2 ;; esac
export CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1 TF_INPUT=0
uptimectl="${UPTIMECTL:-npx --no-install uptimectl}"
comment_file="$(realpath -m "${COMMENT_FILE:-plan-report.md}")"
cd "$dir"

# The Terraform working directories: the project itself, or one per synthesized CDKTF stack.
workdirs=()
if [ -f cdktf.json ]; then
  ${CDKTF_SYNTH:-npx --no-install cdktf synth}
  for stack in cdktf.out/stacks/*/; do workdirs+=("${stack%/}"); done
  [ "${#workdirs[@]}" -gt 0 ] || { echo "plan-and-report.sh: cdktf synth wrote no stacks under cdktf.out/stacks" >&2; exit 1; }
else
  workdirs+=(".")
fi

plans=()
for w in "${workdirs[@]}"; do
  echo "== terraform plan in $w" >&2
  terraform -chdir="$w" init -input=false -no-color >&2
  terraform -chdir="$w" plan -input=false -no-color -out=tfplan >&2
  if [ "$mode" = apply ]; then
    terraform -chdir="$w" apply -input=false -no-color tfplan >&2
  else
    terraform -chdir="$w" show -json tfplan > "$w/plan.json"
    plans+=("$w/plan.json")
  fi
done
[ "$mode" = apply ] && exit 0

args=(plan-report "${plans[@]}" --out "$comment_file" --full-out "${comment_file%.md}-full.md")
[ -n "${PLAN_REPORT_FAIL_ON:-}" ] && args+=(--fail-on "$PLAN_REPORT_FAIL_ON")
[ "${PLAN_REPORT_CHECK:-}" = 1 ] && args+=(--check)
rc=0
$uptimectl "${args[@]}" || rc=$?
[ "$rc" -eq 0 ] || [ "$rc" -eq 3 ] || exit "$rc"

if [ -n "${GITHUB_TOKEN:-}" ] && [ -n "${GITHUB_REPOSITORY:-}" ] && [ -n "${PR_NUMBER:-}" ]; then
  api="${GITHUB_API_URL:-https://api.github.com}/repos/$GITHUB_REPOSITORY"
  auth=(-H "Authorization: Bearer $GITHUB_TOKEN" -H "Accept: application/vnd.github+json")
  body="$(jq -Rs '{body: .}' < "$comment_file")"
  existing="$(curl -fsS "${auth[@]}" "$api/issues/$PR_NUMBER/comments?per_page=100" |
    jq -r '[.[] | select(.body | startswith("<!-- uptimectl:plan-report -->"))][0].id // empty')"
  if [ -n "$existing" ]; then
    curl -fsS -X PATCH "${auth[@]}" "$api/issues/comments/$existing" -d "$body" > /dev/null
    echo "updated the plan-report comment $existing on #$PR_NUMBER" >&2
  else
    curl -fsS -X POST "${auth[@]}" "$api/issues/$PR_NUMBER/comments" -d "$body" > /dev/null
    echo "posted the plan-report comment on #$PR_NUMBER" >&2
  fi
else
  echo "no GITHUB_TOKEN/GITHUB_REPOSITORY/PR_NUMBER: the comment body is in $comment_file" >&2
fi
exit "$rc"
