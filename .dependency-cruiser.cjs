// `npm run lint` (lint:cycles): no import cycles in src/, type-only imports included, and the provider never imports
// the tools built on it.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycle: move the shared piece to the module that owns it.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'provider-below-tools',
      severity: 'error',
      comment:
        'src/provider is below the tools built on it (uptimectl import, plan-report): what both need lives in src/provider (e.g. config-from-record.ts, monitor-filter.ts).',
      from: { path: '^src/provider/' },
      to: { path: '^src/(import|plan-report|cli)/' },
    },
    {
      name: 'checker-at-the-bottom',
      severity: 'error',
      comment:
        'src/checker (the HTTP check, address guard and alert rule) is below the local service and plan-report: it imports node and undici only.',
      from: { path: '^src/checker/' },
      to: { path: '^src/(?!checker/)' },
    },
    {
      name: 'http-at-the-bottom',
      severity: 'error',
      comment:
        'src/http (the outbound HTTP policy) is below the API client, the posting layer and the run task: it imports nothing of src/, and not undici (the API client loads undici on its first request).',
      from: { path: '^src/http/' },
      to: { path: '^(src/(?!http/)|node_modules/undici/)' },
    },
    {
      name: 'http-server-at-the-bottom',
      severity: 'error',
      comment:
        'src/http-server (how our HTTP servers guard their connections) is shared by the local service and run-task: it imports node only.',
      from: { path: '^src/http-server/' },
      to: { path: '^src/(?!http-server/)' },
    },
    {
      name: 'coverage-below-its-users',
      severity: 'error',
      comment:
        'src/coverage (the catalogue of public endpoints and the coverage rules) is below plan-report and the CDKTF constructs, which both use it: it imports the API model, the template quoting of src/protocol and the glob of src/provider/monitor-filter.ts, nothing of a tool or of cdktf.',
      from: { path: '^src/coverage/' },
      to: {
        path: '^src/|(^|/)node_modules/(cdktf|cdktn|constructs)/',
        pathNot: '^src/(coverage/|api/|protocol/template\\.ts$|provider/monitor-filter\\.ts$)',
      },
    },
    {
      name: 'run-task-on-top',
      severity: 'error',
      comment:
        'src/run-task (uptimectl run-task serve) is built on plan-report and the API; only src/cli starts it: nothing below imports it.',
      from: { path: '^src/(?!run-task/|cli/)' },
      to: { path: '^src/run-task/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
