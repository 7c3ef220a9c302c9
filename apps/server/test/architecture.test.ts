import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hooksRegisteredTooLate } from './hooks-in-tests.ts';

/**
 * The layout's rules, read from the sources' import lines: which folder may import which (see
 * docs/contributing.md, Architecture) and how long a source file may grow; and the tests' rule
 * that a test body registers no hook.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER = join(ROOT, 'apps/server/src');
const WEB = join(ROOT, 'apps/web/src');
const MAX_LINES = 400;

/** Every TypeScript file below `dir`, as paths relative to the repository. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort();
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes('test-fixtures');

/** The repository paths a file imports by a relative path (packages are left out). */
function relativeImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map(
    (match) => match[1]!,
  );
  return specifiers.map((specifier) => relative(ROOT, resolve(ROOT, dirname(file), specifier)));
}

/** What a file imports with `import … from` or `export … from`: its lazy `import()`s aside. */
function staticImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)\b[^;]*?\sfrom\s*'(\.[^']+)'/gm)].map((match) =>
    relative(ROOT, resolve(ROOT, dirname(file), match[1]!)),
  );
}

/** `file`'s folder one level below `base` (`modules/posts`), or its first folder (`db`). */
function areaOf(file: string, base: string): string | undefined {
  const parts = relative(base, file).split('/');
  if (parts[0]?.startsWith('..') || parts.length < 2) return undefined;
  return parts[0] === 'modules' || parts[0] === 'features' ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Import edges between areas: `from → to` for each import that crosses a folder. */
function crossings(files: string[], base: string) {
  return files.flatMap((file) => {
    const from = areaOf(join(ROOT, file), base);
    return relativeImports(file).flatMap((target) => {
      const to = areaOf(join(ROOT, target), base);
      return from && to && from !== to ? [{ file, target, from, to }] : [];
    });
  });
}

const serverSources = sourceFiles(SERVER).filter((file) => !isTest(file));
const webSources = sourceFiles(WEB).filter((file) => !isTest(file));
const serverEdges = crossings(serverSources, SERVER);
const describeEdge = (edge: { file: string; target: string }) => `${edge.file} → ${edge.target}`;

/**
 * What each server folder may import besides itself and the top-level files (config, errors,
 * context). `content` is the layer categories and posts share, with its rooms (review, schedule,
 * publish): a module (`modules/<name>`) and the pipeline may use it, it uses neither; a module
 * never imports another module.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  db: ['lib'],
  lib: [],
  jobs: ['db', 'lib'],
  plugins: ['db', 'lib'],
  lists: ['db', 'lib'],
  resources: ['lists', 'db', 'plugins', 'lib'],
  events: ['db', 'lib'],
  notifications: ['db', 'lib', 'jobs', 'events'],
  content: ['db', 'lib', 'jobs', 'lists', 'plugins', 'events', 'notifications'],
  module: [
    'content',
    'db',
    'lib',
    'lists',
    'resources',
    'jobs',
    'plugins',
    'events',
    'notifications',
  ],
  pipeline: ['content', 'modules/*', 'db', 'lib', 'jobs', 'events', 'notifications'],
};

function allowed(from: string, to: string) {
  const rule =
    MAY_IMPORT[from] ?? (from.startsWith('modules/') ? MAY_IMPORT.module : undefined) ?? [];
  return rule.includes(to) || (rule.includes('modules/*') && to.startsWith('modules/'));
}

describe('architecture', () => {
  it('keeps each server folder to what it may import: no module imports another', () => {
    const wrong = serverEdges.filter((edge) => !allowed(edge.from, edge.to));
    expect(wrong.map(describeEdge)).toEqual([]);
  });

  it('has no cycle between the server folders', () => {
    const graph = new Map<string, Set<string>>();
    for (const edge of serverEdges) {
      if (!graph.has(edge.from)) graph.set(edge.from, new Set());
      graph.get(edge.from)!.add(edge.to);
    }
    const cycles: string[] = [];
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
      for (const next of graph.get(from) ?? []) {
        if (next === to) return true;
        if (!seen.has(next)) {
          seen.add(next);
          if (reaches(next, to, seen)) return true;
        }
      }
      return false;
    };
    for (const [from, targets] of graph) {
      for (const to of targets) if (reaches(to, from)) cycles.push(`${from} ⇄ ${to}`);
    }
    expect(cycles).toEqual([]);
  });

  it("only jobs/ names pg-boss's tables", () => {
    const jobs = relative(ROOT, join(SERVER, 'jobs'));
    const naming = serverSources.filter(
      (file) =>
        !file.startsWith(`${jobs}/`) && readFileSync(join(ROOT, file), 'utf8').includes('pgboss.'),
    );
    expect(naming).toEqual([]);
  });

  it('makes outbound HTTP calls only through lib/outbound.ts, where the address guard is', () => {
    const guard = relative(ROOT, join(SERVER, 'lib/outbound.ts'));
    // A bare fetch: the guard's own `outbound.fetch(` is how every other file calls out.
    const outbound = /(?<!\.)\bfetch\(|['"]undici['"]|['"]node:(https?|http2|net|tls)['"]/;
    const calling = serverSources.filter(
      (file) => file !== guard && outbound.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(calling).toEqual([]);
  });

  it('keeps each web feature to itself', () => {
    const wrong = crossings(webSources, WEB).filter(
      (edge) => edge.from.startsWith('features/') && edge.to.startsWith('features/'),
    );
    expect(wrong.map(describeEdge)).toEqual([]);
  });

  it("lets the rest of the web app use a feature only through its index.ts (the route table's lazy screens aside)", () => {
    const wrong = webSources.flatMap((file) => {
      const from = areaOf(join(ROOT, file), WEB);
      return staticImports(file)
        .filter((target) => {
          const to = areaOf(join(ROOT, target), WEB);
          return to?.startsWith('features/') && to !== from && !target.endsWith(`/${to}/index.ts`);
        })
        .map((target) => `${file} → ${target}`);
    });
    expect(wrong).toEqual([]);
  });

  it(`keeps every source file under ${MAX_LINES} lines`, () => {
    const sources = [
      ...sourceFiles(SERVER),
      ...sourceFiles(WEB),
      ...sourceFiles(join(ROOT, 'packages/contract/src')),
    ].filter((file) => !isTest(file));
    const long = sources.flatMap((file) => {
      const lines = readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1;
      return lines > MAX_LINES ? [`${file}: ${lines} lines`] : [];
    });
    expect(long).toEqual([]);
  });

  it('registers no hook (afterAll, beforeEach…) inside a test or a hook body, where vitest never runs it', () => {
    const sources = [
      SERVER,
      join(ROOT, 'apps/server/test'),
      WEB,
      join(ROOT, 'packages/contract/src'),
      join(ROOT, 'e2e/tests'),
    ].flatMap((dir) =>
      sourceFiles(dir).map((file) => ({
        path: join(ROOT, file),
        text: readFileSync(join(ROOT, file), 'utf8'),
      })),
    );
    const isTestFile = (path: string) => /\.(test|spec)\.tsx?$/.test(path);
    const found = hooksRegisteredTooLate(sources, isTestFile).map((line) =>
      line.replace(`${ROOT}/`, ''),
    );
    expect(found).toEqual([]);

    // The rule sees a hook registered directly and one registered by a helper of another file, in
    // a test and in another hook.
    const sample = [
      {
        path: '/sample/helpers.ts',
        text: 'export function serve() { afterAll(() => {}); }\nexport const plain = () => 1;',
      },
      {
        path: '/sample/a.test.ts',
        text: [
          "import { plain, serve as start } from './helpers.ts';",
          'start();',
          "it('direct', () => { plain(); afterEach(() => {}); });",
          "it.runIf(true)('through a helper', async () => { start(); });",
          "it('clean', () => { plain(); onTestFinished(() => {}); });",
          'beforeAll(async () => { start(); });',
        ].join('\n'),
      },
    ];
    expect(hooksRegisteredTooLate(sample, isTestFile)).toEqual([
      '/sample/a.test.ts:3: afterEach',
      '/sample/a.test.ts:4: start, which registers a hook',
      '/sample/a.test.ts:6: start, which registers a hook',
    ]);
  });
});
