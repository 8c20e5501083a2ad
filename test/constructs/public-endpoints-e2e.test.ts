// MonitorPublicEndpoints from the built package, on cdktf and on cdktn: an app of its own (public-endpoints-app.ts,
// synthesizing twice) adds exactly the missing monitors and none twice; real Terraform plans the synthesized stack
// with the stand-ins of the cloud providers, and `uptimectl plan-report --coverage --fail-on uncovered` finds nothing
// uncovered (the aspect and the review decide alike: one catalogue, one set of rules). Added to the App, the aspect
// adds nothing and the app's output says why.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NOT_RUN_WARNING } from '../../src/constructs/public-endpoints.js';
import { REPO_ROOT } from '../helpers/build.js';
import { terraformAvailable } from '../helpers/terraform.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';
import { coverageMirror, run, type CoverageMirror } from '../coverage/providers/mirror.js';

const describeTf = terraformAvailable() || process.env.CI ? describe : describe.skip;
jest.setTimeout(HANG_GUARD_MS);
const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const APP = join(__dirname, 'public-endpoints-app.ts');

let mirror: CoverageMirror;

beforeAll(async () => {
  for (const built of ['dist/cjs/constructs/public-endpoints.js', 'dist/cjs/cdktn/public-endpoints.js'])
    if (!existsSync(join(REPO_ROOT, built))) throw new Error(`${built} is missing: run npm run build first`);
  mirror = await coverageMirror();
}, HANG_GUARD_MS);
afterAll(async () => {
  await mirror?.dispose();
});

async function synth(lib: string, where: 'stack' | 'app') {
  const outdir = join(mirror.dir, `${lib}-${where}.out`);
  const r = await run(process.execPath, [TSX, APP, lib, outdir, where], REPO_ROOT, mirror.env);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const dir = join(outdir, 'stacks', 'endpoints');
  return { ...r, dir, json: JSON.parse(readFileSync(join(dir, 'cdk.tf.json'), 'utf8')) };
}

const monitorUrls = (json: any) =>
  Object.values(json.resource.uptime_monitor ?? {})
    .map((m: any) => m.url as string)
    .sort();

describeTf.each(['cdktf', 'cdktn'])('the %s build', (lib) => {
  it('adds exactly the missing monitors, none twice on the second synth; the review then finds none uncovered', async () => {
    const s = await synth(lib, 'stack');
    expect(monitorUrls(s.json)).toEqual([
      '${google_cloud_run_v2_service.search.uri}',
      'https://${aws_route53_record.api-record.fqdn}/',
      'https://${azurerm_linux_web_app.portal.default_hostname}/healthz',
      'https://${kubernetes_ingress_v1.web.spec[0].rule[0].host}/',
    ]);
    expect(s.stdout).not.toContain(NOT_RUN_WARNING);

    const env = { ...mirror.env, TF_VAR_lb_internal: 'true' };
    const tf = (args: string[]) => run('terraform', args, s.dir, env);
    expect((await tf(['init', '-no-color', '-input=false'])).code).toBe(0);
    const plan = await tf(['plan', '-no-color', '-input=false', '-out=tfplan']);
    expect(plan.stderr).toBe('');
    const r = await run(
      process.execPath,
      [
        TSX,
        join(REPO_ROOT, 'src/cli/uptimectl.ts'),
        'plan-report',
        'tfplan',
        '--format',
        'json',
        '--fail-on',
        'uncovered',
      ],
      s.dir,
      env,
    );
    expect(r.code).toBe(0);
    const c = JSON.parse(r.stdout).coverage;
    expect(Object.fromEntries(c.endpoints.map((e: any) => [e.address, e.status]))).toEqual({
      'aws_route53_record.api-record': 'covered',
      'kubernetes_ingress_v1.web': 'covered',
      'azurerm_linux_web_app.portal': 'covered',
      'google_cloud_run_v2_service.search': 'covered',
      'aws_lb.internal': 'not-public',
      'aws_lb.undecided': 'not-public',
      'aws_lambda_function_url.signed': 'not-public',
      'aws_cloudfront_distribution.off': 'not-public',
    });
    expect(c.ignored.map((i: any) => i.address)).toEqual(['aws_lb.ignored']);
  });

  it('added to the App it adds nothing, and the app says so when it ends', async () => {
    const s = await synth(lib, 'app');
    expect(monitorUrls(s.json)).toEqual(['${google_cloud_run_v2_service.search.uri}']);
    expect(s.stdout).toContain(NOT_RUN_WARNING);
  });
});
