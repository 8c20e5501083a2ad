// Saved secrets are never read, so `uptimectl import` leaves them out and writes, above the block, how to manage them
// instead: in HCL the write-only attribute from a sensitive variable, in the CDKTF app the construct's prop from a
// sensitive variable's token (what the constructs accept, checked by synthesizing it). Whatever the service calls a
// monitor or a header (`*/`, `${`, backticks, line breaks), the advice stays comment text.
import { TerraformStack, TerraformVariable, Testing } from 'cdktf';
import ts from 'typescript';
import { DECIDED, type Monitor } from '../../src/api/index.js';
import { UptimeMonitor, provider } from '../../src/constructs/index.js';
import * as cdktf from '../../src/import/cdktf.js';
import * as hcl from '../../src/import/hcl.js';
import { plan } from '../../src/import/model.js';

const HOSTILE = 'a */ b ${var.x} `c` %{ if true }\nd\u2028e';

const monitor = {
  id: '00000000-0000-4000-8000-000000000001',
  name: `Shop ${HOSTILE}`,
  url: 'https://shop.test/',
  type: 'http',
  enabled: true,
  archived: false,
  status: 'up',
  ...DECIDED.monitorDefaults,
  acceptedStatusCodes: [],
  requestHeaders: [
    { name: 'X-Api-Key', valueSet: true },
    { name: `X-${HOSTILE}`, valueSet: true },
    { name: 'X-Plain', valueSet: false },
  ],
  authConfig: { type: 'basic', username: 'probe', passwordSet: true },
} as Monitor;

const set = plan(
  { monitors: [monitor], alertSettings: new Map(), statusPages: new Map(), destinations: [] },
  { names: {}, imported: new Set(), lookups: {} },
  cdktf.RESERVED_CONSTRUCT_IDS,
);
const tsFile = cdktf.files(set, 1, '0.1.0', {})[0]![1];
const hclFile = hcl.objects(set.objects);

/** The comments of a TypeScript source, as the compiler's scanner reads them. */
function tsComments(source: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, source);
  const out: string[] = [];
  for (let t = scanner.scan(); t !== ts.SyntaxKind.EndOfFileToken; t = scanner.scan())
    if (t === ts.SyntaxKind.SingleLineCommentTrivia || t === ts.SyntaxKind.MultiLineCommentTrivia)
      out.push(scanner.getTokenText());
  return out;
}

const SECRET_TOKEN =
  'new TerraformVariable(scope, "<name>", { type: "string", sensitive: true }).stringValue';

test('the CDKTF app advises the construct prop from a sensitive variable, as comments, never HCL', () => {
  const comments = tsComments(tsFile);
  const advice = [
    '    // Saved values of X-Api-Key, X-a */ b ${var.x} `c` %{ if true }\\nd\\u2028e are kept (the API never returns them). To manage a value here, set',
    `    // value: ${SECRET_TOKEN} in its item.`,
    '    // The saved password is kept. To manage it here, set',
    `    // password: ${SECRET_TOKEN}.`,
  ];
  for (const line of advice) {
    expect(tsFile.split('\n')).toContain(line);
    expect(comments).toContain(line.trimStart());
  }
  expect(tsFile).not.toMatch(/_wo\b|_wo_version|var\.<name>/);
  // Nothing the service named left its comment or string: the file parses.
  expect(ts.transpileModule(tsFile, { reportDiagnostics: true }).diagnostics).toEqual([]);
});

test('the HCL advises the write-only attribute from a sensitive variable', () => {
  expect(hclFile).toContain(
    [
      '  # Saved values of X-Api-Key, X-a */ b ${var.x} `c` %{ if true }\\nd\\u2028e are kept (the API never returns them). To manage a value here, set',
      '  # value_wo = var.<name> (a sensitive variable) and value_wo_version = 1.',
      '  request_headers = [',
    ].join('\n'),
  );
  expect(hclFile).toContain(
    '  # The saved password is kept. To manage it here: password_wo = var.<name>, password_wo_version = 1.\n  auth_config',
  );
  expect(hclFile).not.toContain('TerraformVariable');
});

test('followed as written, the CDKTF advice synthesizes: each prop it names takes the sensitive variable', () => {
  const props = [...tsFile.matchAll(/\/\/ (\w+): new TerraformVariable\(scope, "<name>", /g)].map(
    (m) => m[1]!,
  );
  expect(props).toEqual(['value', 'password']);
  const stack = new TerraformStack(Testing.app(), 'stack');
  new provider.UptimeProvider(stack, 'uptime', {});
  const secret = (name: string) =>
    new TerraformVariable(stack, name, { type: 'string', sensitive: true }).stringValue;
  new UptimeMonitor(stack, 'shop', {
    name: 'Shop',
    url: 'https://shop.test/',
    requestHeaders: [{ name: 'X-Api-Key', [props[0]!]: secret('api_key') }],
    basicAuth: { username: 'probe', [props[1]!]: secret('shop_password') },
  });
  const json = JSON.parse(Testing.synth(stack, true));
  const [m] = Object.values(json.resource.uptime_monitor) as Record<string, any>[];
  expect(m!.request_headers).toEqual([{ name: 'X-Api-Key', value: '${var.api_key}' }]);
  expect(m!.auth_config).toMatchObject({
    type: 'basic',
    username: 'probe',
    password: '${var.shop_password}',
  });
});
