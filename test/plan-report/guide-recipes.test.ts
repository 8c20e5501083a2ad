// The guides show the CI recipe files whole, and they are the files the tests run (gitlab-ci-e2e, atlantis-e2e):
// each file is one of its guide's code blocks, byte for byte, so the docs cannot drift from what is tested.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/build.js';

const GUIDES = join(REPO_ROOT, 'docs', 'guides');
const blocks = (guide: string) =>
  [...readFileSync(join(GUIDES, guide), 'utf8').matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => m[1]);

test.each([
  ['reviewing-changes-in-pull-requests.md', 'gitlab-ci.yml'],
  ['reviewing-changes-in-pull-requests.md', 'atlantis.yaml'],
  ['reviewing-changes-in-pull-requests.md', 'atlantis-repos.yaml'],
  ['detecting-drift.md', 'gitlab-ci.yml'],
  ['quiet-monitors-during-deployments.md', 'quiet-deploy.github.yml'],
  ['quiet-monitors-during-deployments.md', 'quiet-deploy.gitlab-ci.yml'],
])('%s shows examples/ci/%s whole', (guide, file) => {
  expect(blocks(guide)).toContain(readFileSync(join(REPO_ROOT, 'examples', 'ci', file), 'utf8'));
});
