// examples/ci/quiet-deploy.*: the pause / deploy / activate recipes read as GitHub Actions and GitLab read them:
// the activate step runs after a failed deploy too, and both steps run the same selection with uptimectl.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../helpers/build.js';

const read = (f: string) => parse(readFileSync(join(REPO_ROOT, 'examples', 'ci', f), 'utf8')) as any;

describe('quiet-deploy recipes', () => {
  test('GitHub Actions: pause, deploy, then activate with if: always()', () => {
    const steps = read('quiet-deploy.github.yml').jobs.deploy.steps as {
      name?: string;
      run?: string;
      if?: string;
    }[];
    const at = (n: string) => steps.findIndex((s) => s.name === n);
    expect(at('Pause monitors')).toBeLessThan(at('Deploy'));
    expect(at('Deploy')).toBeLessThan(at('Activate monitors'));
    expect(steps[at('Pause monitors')]!.run).toBe("npx uptimectl monitors pause --name 'api-*'");
    expect(steps[at('Activate monitors')]).toMatchObject({
      if: 'always()',
      run: "npx uptimectl monitors activate --name 'api-*'",
    });
    expect(steps[at('Deploy')]!.if).toBeUndefined();
  });

  test('GitLab: stages in order, activate when: always', () => {
    const ci = read('quiet-deploy.gitlab-ci.yml');
    expect(ci.stages).toEqual(['pause', 'deploy', 'activate']);
    expect(ci['pause-monitors'].script).toEqual(["npx uptimectl monitors pause --name 'api-*'"]);
    expect(ci['activate-monitors']).toMatchObject({
      stage: 'activate',
      when: 'always',
      script: ["npx uptimectl monitors activate --name 'api-*'"],
    });
    expect(ci.deploy.when).toBeUndefined();
  });
});
