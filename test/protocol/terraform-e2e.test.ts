// Real Terraform drives the bundled providers: init, plan, apply, plan (no changes), update, drift, import,
// destroy with the test provider; and `providers schema -json` of the real provider vs `uptimectl schema`.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT, TEST_PROVIDER_ENTRY } from '../helpers/build.js';
import { requiredProviders, terraformAvailable, TerraformWorkspace } from '../helpers/terraform.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const haveTerraform = terraformAvailable();
const describeTf = haveTerraform ? describe : describe.skip;

function mainTf(store: string, name: string, extra = ''): string {
  return `${requiredProviders()}
variable "secret" {
  type      = string
  sensitive = true
  default   = "s3cret"
}

provider "uptime" {
  store_path = "${store}"
  token      = "SUPER-SECRET-TOKEN"
}

resource "uptime_test_thing" "a" {
  name        = "${name}"
  secret      = var.secret
  password_wo = "write-only-pw"
  big         = 123456789012345678901234567890
  ports       = [80, 443]
  tags        = { env = "e2e" }
  settings    = { mode = "fast" }
  rules       = [{ name = "r1" }, { name = "r2" }]
  ${extra}
}

data "uptime_test_echo" "e" {
  input = uptime_test_thing.a.id
}

output "echo" {
  value = data.uptime_test_echo.e.output
}
`;
}

describeTf('real terraform end to end', () => {
  let ws: TerraformWorkspace;
  let store: string;

  beforeAll(async () => {
    const bundle = await buildProvider(TEST_PROVIDER_ENTRY);
    ws = TerraformWorkspace.create({ providerBundle: bundle });
    store = join(ws.dir, 'store.json');
  }, HANG_GUARD_MS);

  afterAll(() => ws?.dispose());

  it(
    'init, apply, no-change plan, update, drift, import, destroy',
    async () => {
      ws.write({ 'main.tf': mainTf(store, 'alpha') });
      await ws.init();
      const created = await ws.apply();
      expect(created.stdout).toMatch(/Creation complete after .*\[id=thing-1\]/);
      expect(created.stdout).toMatch(/echo = "THING-1"/);

      const values = await ws.resourceValues('uptime_test_thing.a');
      expect(values).toMatchObject({
        id: 'thing-1',
        name: 'alpha',
        size: 1,
        revision: 1,
        settings: { mode: 'fast', level: 3 },
        rules: [
          { name: 'r1', priority: 10 },
          { name: 'r2', priority: 20 },
        ],
        password_wo: null,
      });
      const state = readFileSync(join(ws.workdir, 'terraform.tfstate'), 'utf8');
      expect(state).toContain('123456789012345678901234567890');
      expect(state).not.toContain('write-only-pw');
      expect(
        JSON.parse(state).resources.find((r: any) => r.type === 'uptime_test_thing').instances[0].private,
      ).toBeTruthy();

      expect((await ws.planHasChanges()).changes).toBe(false);

      ws.write({ 'main.tf': mainTf(store, 'beta') });
      const upd = await ws.planHasChanges();
      expect(upd.changes).toBe(true);
      expect(upd.output).toMatch(/~ name += "alpha" -> "beta"/);
      expect(upd.output).toMatch(/~ revision += 1 -> \(known after apply\)/);
      await ws.apply();
      expect(await ws.resourceValues('uptime_test_thing.a')).toMatchObject({
        name: 'beta',
        revision: 2,
        id: 'thing-1',
      });
      expect((await ws.planHasChanges()).changes).toBe(false);

      // requires_replace
      ws.write({ 'main.tf': mainTf(store, 'beta', 'kind = "a"') });
      const repl = await ws.planHasChanges();
      expect(repl.output).toMatch(/must be replaced/);
      expect(repl.output).toMatch(/# forces replacement/);
      ws.write({ 'main.tf': mainTf(store, 'beta') });

      // Drift: the remote object disappears; Read returns null and Terraform plans a create.
      writeFileSync(store, JSON.stringify({ seq: 1, things: {} }));
      const drift = await ws.planHasChanges();
      expect(drift.output).toMatch(/will be created/);
      await ws.apply();
      expect((await ws.resourceValues('uptime_test_thing.a'))?.id).toBe('thing-2');

      // Import into a fresh address, then a matching config plans no changes for it.
      await ws.must(['state', 'rm', 'uptime_test_thing.a']);
      await ws.must(['import', '-no-color', 'uptime_test_thing.a', 'thing-2']);
      expect(await ws.resourceValues('uptime_test_thing.a')).toMatchObject({ id: 'thing-2', name: 'beta' });

      await ws.destroy();
      expect(JSON.parse(readFileSync(store, 'utf8')).things).toEqual({});
    },
    HANG_GUARD_MS,
  );

  it(
    'reports validation errors with the attribute underlined',
    async () => {
      ws.write({ 'main.tf': mainTf(store, '') });
      const r = await ws.run(['validate', '-no-color']);
      expect(r.code).toBe(1);
      expect(r.stderr + r.stdout).toMatch(/Invalid Attribute Value[\s\S]*name\s+= ""/);
    },
    HANG_GUARD_MS,
  );
});

describeTf('real provider schema', () => {
  it(
    '`terraform providers schema -json` equals `uptimectl schema`',
    async () => {
      const bundle = await buildProvider(REAL_PROVIDER_ENTRY);
      const ws = TerraformWorkspace.create({ providerBundle: bundle });
      try {
        ws.write({ 'main.tf': `${requiredProviders()}\nprovider "uptime" {}\n` });
        await ws.init();
        const fromTerraform = await ws.providersSchemaJSON();
        const fromCli = execFileSync(
          process.execPath,
          ['--import', 'tsx', join(REPO_ROOT, 'test/protocol/fixtures/print-schema.ts')],
          {
            encoding: 'utf8',
          },
        );
        expect(JSON.parse(fromCli)).toEqual(JSON.parse(fromTerraform));
        expect(fromCli.trim()).toBe(fromTerraform.trim());
      } finally {
        ws.dispose();
      }
    },
    HANG_GUARD_MS,
  );
});
