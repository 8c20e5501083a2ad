// How references are read: instance keys in Terraform's HCL quoting (and older Terraform's Go quoting), module
// instance addresses, and the references of a Terraform JSON template (what a CDKTF stack synthesizes).
import { moduleSteps, modulePath, parseTraversal, urlHost } from '../../src/coverage/model.js';
import { templateExpressions, templateReferences } from '../../src/coverage/terraform-json.js';

test('instance keys read back to their text', () => {
  expect(parseTraversal('aws_lb.web["$${jndi:x}"].dns_name')).toEqual([
    { name: 'aws_lb' },
    { name: 'web' },
    { key: '${jndi:x}' },
    { name: 'dns_name' },
  ]);
  expect(parseTraversal('aws_lb.web["%%{ if a }b%%{ endif }"]')![2]).toEqual({ key: '%{ if a }b%{ endif }' });
  expect(parseTraversal('aws_lb.web["a\\"b\\\\c\\nd\\u00e9\\U0001f600"]')![2]).toEqual({
    key: 'a"b\\c\nd\u00e9\u{1f600}',
  });
  expect(parseTraversal('aws_lb.web["\\x41\\a"]')![2]).toEqual({ key: 'A\u0007' });
  expect(parseTraversal('aws_lb.web[12].x')![2]).toEqual({ key: 12 });
  for (const bad of ['', '.a', 'a.["x', 'a["x"', 'a[x]', 'a b'])
    expect([bad, parseTraversal(bad)]).toEqual([bad, null]);
});

test('module instances and their configuration path', () => {
  expect(moduleSteps('module.a["x.y"].module.b[0]')).toEqual([
    { name: 'a', key: 'x.y' },
    { name: 'b', key: 0 },
  ]);
  expect(modulePath('module.a["module.c"].module.b')).toBe('module.a.module.b');
  expect(modulePath('')).toBe('');
});

test('hosts compare as hostnames: case and the trailing dot do not matter; only http(s) URLs have one', () => {
  expect(urlHost('HTTPS://Api.Example.COM./x')).toBe('api.example.com');
  expect(urlHost('ftp://api.example.com/')).toBeNull();
  expect(urlHost('not a url')).toBeNull();
});

test('the references of a template: interpolations and directives, strings and braces inside them, escapes', () => {
  expect(templateExpressions('a ${b.c} $${d.e} %%{f} %{ if g.h }x%{ endif } ${ {k = "}"}["k"] }')).toEqual([
    'b.c',
    ' if g.h ',
    ' endif ',
    ' {k = "}"}["k"] ',
  ]);
  expect(templateReferences('https://${aws_lb.api.dns_name}/${var.path}')).toEqual([
    'aws_lb.api.dns_name',
    'var.path',
  ]);
  expect(templateReferences('${tolist(aws_cloudfront_distribution.x.aliases)[0]}')).toEqual([
    'aws_cloudfront_distribution.x.aliases',
  ]);
  expect(templateReferences('${aws_lb.web["a.b"].dns_name}')).toEqual(['aws_lb.web["a.b"].dns_name']);
  expect(templateReferences('${format("%s", "${each.value.host}")}')).toEqual(['each.value.host']);
  expect(templateReferences('$${aws_lb.api.dns_name}')).toEqual([]);
});
