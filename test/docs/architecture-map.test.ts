// docs/architecture.md is a map a newcomer reads in one sitting: at most 30 KB, and every code name it cites exists.
// A code name is an inline code span (fenced blocks are diagrams, not read) that is one of:
// - an npm script: `npm run <script>` (or `npm test`); the script must be in package.json (`*` matches any part);
// - a repository path: no whitespace, a `/`, and a first segment that is a top-level entry of the repository
//   (`src/…`, `test/…`, `docs/…`, `.ci/…`); it must exist. `*`, `**` and `<placeholder>` are wildcards that must
//   match something; a trailing `/` names a folder. Paths outside the repository (`../shared/…`), API paths
//   (`/monitors/{id}`) and package specifiers (`terraform-provider-uptime/cdktf`) are not repository paths;
// - a source file's bare name (ending in .ts, .js, .mjs, .cjs or .sh): some file of the repository has that name;
// - an identifier, optionally dotted (`Store.persist`) and optionally called (`review()`, `nextWait(…)`): each
//   camelCase or PascalCase part must be declared in src/, scripts/, test/helpers/ or bench/ (function, class,
//   const/let/var, type, interface, enum, an export list, or a member of a class, interface or object type), or be a
//   global of the JavaScript runtime (`TypeError`; another library's API is not a name of ours); each
//   UPPER_SNAKE part must be declared there or be read by the code as a string or environment variable
//   (`'GET'`, `env.UPTIME_BASE_URL`, `$TERRAFORM_BINARY_NAME`), anywhere in src/, scripts/, test/, bench/,
//   examples/ or .ci/; a lowercase word counts only when called (`until()`).
// Anything else in backticks is prose and is not checked: commands (`terraform plan`), Terraform and API names in
// snake_case (`uptime_monitor`, `interval_seconds`), options (`--check`), values (`429`, `${`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { REPO_ROOT } from '../helpers/build.js';

const MAP = join(REPO_ROOT, 'docs', 'architecture.md');
const MAX_BYTES = 30_000;
/** Never part of the repository as committed: dependencies, build output, test artifacts. */
const NOT_OURS = new Set(['node_modules', 'dist', 'artifacts', '.git']);
const SOURCE_EXT = /\.(?:ts|js|mjs|cjs|sh)$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (NOT_OURS.has(e.name)) continue;
    const p = join(dir, e.name);
    out.push(p);
    if (e.isDirectory()) walk(p, out);
  }
  return out;
}

const repoEntries = walk(REPO_ROOT).map((p) => relative(REPO_ROOT, p).split(sep).join('/'));
const topLevel = new Set(readdirSync(REPO_ROOT).filter((n) => !NOT_OURS.has(n)));
const fileNames = new Set(repoEntries.map((p) => p.slice(p.lastIndexOf('/') + 1)));
const codeIn = (...dirs: string[]) =>
  dirs.flatMap((d) =>
    repoEntries.filter(
      (p) => (p === d || p.startsWith(`${d}/`)) && /\.(?:ts|mjs|cjs|js|sh|ya?ml)$|\/run$/.test(p),
    ),
  );
const read = (p: string) => readFileSync(join(REPO_ROOT, p), 'utf8');

const MODIFIERS =
  '(?:(?:public|private|protected|readonly|static|async|abstract|override|declare|get|set)\\s+)*';
const DECLARATION_PATTERNS = [
  /\b(?:function\*?|class|const|let|var|type|interface|enum|namespace)\s+([A-Za-z_$][\w$]*)/g,
  // a property of an interface, a type or an object literal
  new RegExp(`^\\s*${MODIFIERS}#?([A-Za-z_$][\\w$]*)\\??:\\s`, 'gm'),
  // a method
  new RegExp(
    `^\\s*${MODIFIERS}#?\\*?([A-Za-z_$][\\w$]*)(?:<[^>\\n]*>)?\\((?:[^)\\n]*\\)[^\\n]*\\{\\s*$|$)`,
    'gm',
  ),
];

function declaredNames(): Set<string> {
  const names = new Set<string>();
  for (const file of codeIn('src', 'scripts', 'test/helpers', 'bench')) {
    const text = read(file);
    for (const re of DECLARATION_PATTERNS) for (const m of text.matchAll(re)) names.add(m[1]!);
    for (const m of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g))
      for (const part of m[1]!.split(','))
        for (const n of part.replace(/\btype\b/, '').split(/\s+as\s+/)) if (n.trim()) names.add(n.trim());
  }
  return names;
}

/** Upper-case names the code reads as strings or environment variables. */
function readUpperNames(): Set<string> {
  const names = new Set<string>();
  // test/docs holds this check's own samples of names that do not exist.
  const files = [
    ...codeIn('src', 'scripts', 'test', 'bench', 'examples', '.ci', 'bin'),
    'package.json',
  ].filter((f) => !f.startsWith('test/docs/'));
  for (const file of files)
    for (const m of read(file).matchAll(/(?:['"`]|\$\{?|env\.|env\[['"])([A-Z][A-Z0-9_]+)\b/g))
      names.add(m[1]!);
  return names;
}

const scripts = Object.keys(
  (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
);
const declared = declaredNames();
const upperRead = readUpperNames();

const CAMEL = /^[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/;
const PASCAL = /^[A-Z](?=[A-Za-z0-9]*[a-z])[A-Za-z0-9]*$/;
const UPPER = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
const wildcard = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split(/(\*\*|\*|<[^>/]+>)/)
      .map((part) =>
        part === '**'
          ? '.*'
          : part === '*'
            ? '[^/]*'
            : part.startsWith('<')
              ? '[^/]+'
              : part.replace(/[.+?^$()|[\]\\{}*<>]/g, '\\$&'),
      )
      .join('')}$`,
  );

/** Every inline code span outside fenced blocks. */
export function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
}

/** What a span names that does not exist (empty when it exists or is prose). */
export function missing(span: string): string[] {
  const npm = /^npm (?:run ([^\s]+)|(test))(?:\s|$)/.exec(span);
  if (npm) {
    const name = npm[1] ?? npm[2]!;
    return scripts.some((s) => wildcard(name).test(s)) ? [] : [`npm script ${name}`];
  }
  if (/\s/.test(span)) return [];
  const path = span.replace(/^\.\//, '');
  if (path.includes('/') && topLevel.has(path.split('/')[0]!)) {
    const bare = path.replace(/\/$/, '');
    if (/[*<]/.test(bare)) return repoEntries.some((p) => wildcard(bare).test(p)) ? [] : [`path ${span}`];
    const full = join(REPO_ROOT, bare);
    if (!existsSync(full)) return [`path ${span}`];
    return path.endsWith('/') && !statSync(full).isDirectory() ? [`folder ${span}`] : [];
  }
  if (!path.includes('/') && SOURCE_EXT.test(path))
    return [...fileNames].some((n) => wildcard(path).test(n)) ? [] : [`file ${span}`];
  const call = /^([A-Za-z_$][\w$.]*)\((?:…|\.\.\.)?\)$/.exec(span);
  const name = call ? call[1]! : span;
  if (!/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(name)) return [];
  const parts = name.split('.');
  return parts.flatMap((part, i) => {
    const calledWord = call !== null && i === parts.length - 1;
    if (UPPER.test(part) && part.length > 1)
      return declared.has(part) || upperRead.has(part) ? [] : [`name ${part}`];
    if (CAMEL.test(part) || PASCAL.test(part) || calledWord)
      return declared.has(part) || (i === 0 && part in globalThis) ? [] : [`name ${part}`];
    return [];
  });
}

export const problems = (markdown: string): string[] => [...new Set(codeSpans(markdown).flatMap(missing))];

describe('docs/architecture.md', () => {
  const map = readFileSync(MAP, 'utf8');

  test('is a map a newcomer reads in one sitting: at most 30 KB', () => {
    expect(Buffer.byteLength(map)).toBeLessThanOrEqual(MAX_BYTES);
  });

  test('every code name it cites exists: paths, identifiers, npm scripts', () => {
    expect(problems(map)).toEqual([]);
  });

  test('the check reports names that do not exist and leaves prose alone', () => {
    const sample = [
      'Real: `src/api/limits.ts`, `src/service/routes/*.ts`, `test/fixtures/upgrade/`, `ENDPOINTS`, `Store.persist()`,',
      '`monitorFromPlan`, `review()`, `npm run bench:*`, `npm run lint:cycles`, `UPTIME_BASE_URL`, `GET`, `store.ts`, `docs/guides/`.',
      'Prose: `terraform plan`, `uptime_monitor`, `--check`, `429`, `${`, `GET /monitors/{id}`, `../shared/bench`,',
      '`terraform-provider-uptime/cdktf`, `state.json`, `value`.',
      'Gone: `MONITOR_PLAN_FIELDS`, `src/provider/nothing.ts`, `docs/index.md/`, `npm run bench:nothing`,',
      '`noSuchFunction()`, `NoSuchClass`, `Store.noSuchMethod`, `gone.ts`.',
      '```',
      'a diagram naming `NOT_CHECKED_HERE`',
      '```',
    ].join('\n');
    expect(problems(sample)).toEqual([
      'name MONITOR_PLAN_FIELDS',
      'path src/provider/nothing.ts',
      'folder docs/index.md/',
      'npm script bench:nothing',
      'name noSuchFunction',
      'name NoSuchClass',
      'name noSuchMethod',
      'file gone.ts',
    ]);
  });
});
