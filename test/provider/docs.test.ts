// The reference docs under docs/ are generated from the declarations (`npm run docs`): the committed pages must
// equal what the declarations render, every resource and data source has a page with an example (resources: an
// import section), every attribute is described, and relative links between the pages resolve.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { renderProviderDocs } from '../../src/protocol/framework/docs.js';
import { staleDocs } from '../../scripts/generate-docs.js';
import type { Attributes } from '../../src/protocol/framework/attributes.js';
import { uptimeProvider } from '../../src/provider/index.js';

const DOCS = resolve(__dirname, '..', '..', 'docs');
const pages = renderProviderDocs(uptimeProvider);
const short = (t: string) => t.replace(/^uptime_/, '');

/** Every attribute path with its declaration, nested ones included. */
function walk(attrs: Attributes, prefix = ''): [string, Attributes[string]][] {
  return Object.entries(attrs).flatMap(([name, a]) => [
    [`${prefix}${name}`, a] as [string, Attributes[string]],
    ...(a.nested ? walk(a.nested.attributes, `${prefix}${name}.`) : []),
  ]);
}

describe('generated reference docs', () => {
  it('are committed and up to date (run `npm run docs` after changing a declaration)', () => {
    expect(staleDocs()).toEqual([]);
  });

  it('render deterministically', () => {
    expect(renderProviderDocs(uptimeProvider)).toEqual(pages);
  });

  it('have a page per resource with Example Usage, Schema and both import forms', () => {
    const resources = uptimeProvider.resources ?? [];
    expect(resources.map((r) => r.typeName).sort()).toEqual([
      'uptime_monitor',
      'uptime_monitor_alert_settings',
      'uptime_status_page',
    ]);
    for (const r of resources) {
      const page = pages[`resources/${short(r.typeName)}.md`]!;
      expect(page).toContain(`# ${r.typeName} (Resource)`);
      expect(page).toMatch(/\n## Example Usage\n\n[\s\S]*```terraform\n/);
      expect(page).toContain('\n## Schema\n');
      expect(r.importState).toBeDefined();
      const imp = r.docs?.import;
      expect(imp).toBeDefined();
      expect(imp!.id).toMatch(/monitor id/);
      expect(page).toContain('\n## Import\n');
      expect(page).toContain(`terraform import ${r.typeName}.${imp!.resourceName} ${imp!.exampleId}`);
      expect(page).toContain(
        `import {\n  to = ${r.typeName}.${imp!.resourceName}\n  id = "${imp!.exampleId}"\n}`,
      );
      // The import address names a resource the examples declare (the docs-examples test validates them together).
      expect(
        r.docs!.examples!.some((e) => e.hcl.includes(`resource "${r.typeName}" "${imp!.resourceName}"`)),
      ).toBe(true);
    }
  });

  it('each resource page says how to import by identity and how to find monitors with terraform query', () => {
    const identityAttr: Record<string, string> = {
      uptime_monitor: 'id',
      uptime_monitor_alert_settings: 'monitor_id',
      uptime_status_page: 'monitor_id',
    };
    for (const r of uptimeProvider.resources ?? []) {
      const page = pages[`resources/${short(r.typeName)}.md`]!;
      const imp = r.docs!.import!;
      const attr = identityAttr[r.typeName]!;
      expect(page).toContain('\n## Import by identity\n');
      expect(page).toContain(
        `\`\`\`hcl\nimport {\n  to = ${r.typeName}.${imp.resourceName}\n  identity = {\n    ${attr} = "${imp.exampleId}"\n  }\n}\n\`\`\``,
      );
      expect(page).toContain(`- \`${attr}\` (String, required for import)`);
      expect(page).toContain('\n## Finding monitors with terraform query\n');
      expect(page).toContain('list "uptime_monitor"');
      for (const filter of ['name', 'status', 'enabled', 'include_archived'])
        expect(page).toContain(`- \`${filter}\` (`);
    }
  });

  it('have a page per data source with Example Usage and Schema', () => {
    const ds = uptimeProvider.dataSources ?? [];
    expect(ds.map((d) => d.typeName).sort()).toEqual([
      'uptime_alert_destinations',
      'uptime_capabilities',
      'uptime_incidents',
      'uptime_monitor',
      'uptime_monitor_alerts',
      'uptime_monitor_checks',
      'uptime_monitor_summary',
      'uptime_monitors',
      'uptime_status_page',
      'uptime_usage',
    ]);
    for (const d of ds) {
      const page = pages[`data-sources/${short(d.typeName)}.md`]!;
      expect(page).toContain(`# ${d.typeName} (Data Source)`);
      expect(page).toMatch(/\n## Example Usage\n\n```terraform\n/);
      expect(page).toContain(`data "${d.typeName}"`);
      expect(page).toContain('\n## Schema\n');
    }
  });

  it('describe every attribute, group it, and mark sensitive and write-only ones', () => {
    const all: [string, Attributes, string][] = [
      ['provider', uptimeProvider.schema.attributes, pages['index.md']!],
      ...(uptimeProvider.resources ?? []).map(
        (r) =>
          [r.typeName, r.attributes, pages[`resources/${short(r.typeName)}.md`]!] as [
            string,
            Attributes,
            string,
          ],
      ),
      ...(uptimeProvider.dataSources ?? []).map(
        (d) =>
          [d.typeName, d.attributes, pages[`data-sources/${short(d.typeName)}.md`]!] as [
            string,
            Attributes,
            string,
          ],
      ),
    ];
    const undescribed: string[] = [];
    for (const [type, attrs, page] of all) {
      for (const [path, a] of walk(attrs)) {
        if (!a.description?.trim()) undescribed.push(`${type}.${path}`);
        const name = path.split('.').pop()!;
        const flags = [a.sensitive ? 'Sensitive' : '', a.writeOnly ? 'Write-only' : ''].filter(Boolean);
        const line = page
          .split('\n')
          .find((l) => l.startsWith(`- \`${name}\` (`) && l.includes(a.description ?? ''));
        expect(line).toBeDefined();
        for (const f of flags) expect(line).toContain(f);
        if (a.nested) expect(page).toContain(`### Nested Schema for \`${path}\``);
      }
    }
    expect(undescribed).toEqual([]);
    const monitor = pages['resources/monitor.md']!;
    expect(monitor).toMatch(/### Required\n\n- `url`/);
    expect(monitor).toMatch(/- `password_wo` \(String, Sensitive, Write-only\)/);
    expect(monitor).toMatch(/- `value` \(String, Sensitive\)/);
    expect(pages['index.md']).toMatch(/- `token` \(String, Sensitive\)/);
  });

  it('say what destroy does and cover the provider configuration and scopes', () => {
    expect(pages['resources/monitor.md']).toContain('## Destroy archives the monitor');
    expect(pages['resources/monitor.md']).toContain('Destroy archives the monitor');
    expect(pages['resources/monitor_alert_settings.md']).toContain('Destroy restores the service defaults');
    expect(pages['resources/status_page.md']).toContain('Destroy disables the page');
    const index = pages['index.md']!;
    for (const s of [
      'UPTIME_BASE_URL',
      'UPTIME_API_TOKEN',
      'request_timeout_ms',
      'max_retries',
      '## Token scopes',
    ])
      expect(index).toContain(s);
    for (const scope of [
      'monitors:read',
      'monitors:create',
      'monitors:update',
      'monitors:control',
      'monitors:archive',
      'alerts:write',
      'status-pages:write',
    ])
      expect(index).toContain(`\`${scope}\``);
  });

  it('link only to pages that exist', () => {
    const files = [
      ...Object.keys(pages).map((rel) => join(DOCS, rel)),
      ...readdirSync(join(DOCS, 'guides')).map((n) => join(DOCS, 'guides', n)),
    ];
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\]\((?!https?:|#)([^)#\s]+)(#[^)]*)?\)/g)) {
        const target = resolve(dirname(file), m[1]!);
        // docs/install.md is written separately (installation guide); every other target must exist.
        if (!existsSync(target) && !target.endsWith('/docs/install.md')) broken.push(`${file}: ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
    expect(existsSync(join(DOCS, 'guides', 'importing-existing-monitors.md'))).toBe(true);
    expect(existsSync(join(DOCS, 'guides', 'reviewing-changes-in-pull-requests.md'))).toBe(true);
    expect(existsSync(join(DOCS, 'guides', 'local-service.md'))).toBe(true);
  });
});
