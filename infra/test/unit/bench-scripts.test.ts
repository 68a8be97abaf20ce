// Every benchmark script (scripts/bench/**/*.mjs) parses, and every module it imports is there with the names it
// takes from it: a script is run by hand, months apart, so a module that moved or an export that was renamed
// must fail `npm test`, not the next person who measures. Nothing is run: `node --check` reads each script, and
// each import is resolved from the script's own folder. An import of a workspace's build output
// (`services/x/dist/a/b.js`) is held to the source it is built from (`services/x/src/a/b.ts`), so the check
// needs no build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const benchDir = path.join(root, 'scripts', 'bench');

function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return scripts(full);
    return entry.name.endsWith('.mjs') ? [full] : [];
  });
}

interface Import {
  specifier: string;
  /** The names taken (`import { a, b as c }`: a, b); empty for a default, a namespace or a bare import. */
  names: string[];
}

/** The static imports and the dynamic ones with a literal specifier. */
function importsOf(text: string): Import[] {
  const found: Import[] = [];
  // Comments may show an import without making one.
  const source = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const statement = /^\s*import\s+(?:(type\s+)?([\w$*\s{},]*?)\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const [, , clause = '', specifier] of source.matchAll(statement)) {
    const braces = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    const names = braces
      .split(',')
      .map((part) => part.trim().replace(/^type\s+/, ''))
      .filter(Boolean)
      .map((part) => part.split(/\s+as\s+/)[0]!);
    found.push({ specifier: specifier!, names });
  }
  for (const [, specifier] of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push({ specifier: specifier!, names: [] });
  }
  return found;
}

/**
 * The file an import loads, or the source it is built from: <ws>/dist/a/b.js → <ws>/src/a/b.ts(x); a `.js`
 * that is a `.ts` beside it (a sibling import inside a workspace's source, or a test helper loaded through
 * lib/ts-hooks.mjs) → that `.ts`.
 */
function sourceOf(file: string): string | undefined {
  const rel = path.relative(root, file).split(path.sep);
  const dist = rel.indexOf('dist');
  const built = dist < 0 ? file : path.join(root, ...rel.slice(0, dist), 'src', ...rel.slice(dist + 1));
  if (dist < 0 && existsSync(file)) return file;
  const base = built.replace(/\.js$/, '');
  return ['.ts', '.tsx'].map((ext) => base + ext).find((candidate) => existsSync(candidate));
}

/** The names a module exports, following `export * from` (a rough reading, enough for what scripts import). */
function exportsOf(file: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(file)) return names;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  const declared =
    /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:const|let|var|function\*?|class|interface|type|enum)\s+([\w$]+)/gm;
  for (const [, name] of source.matchAll(declared)) names.add(name!);
  for (const [, list] of source.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}/gm)) {
    for (const part of list!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .at(-1);
      if (name) names.add(name);
    }
  }
  for (const [, from] of source.matchAll(/^export\s+\*\s+from\s+['"]([^'"]+)['"]/gm)) {
    const target = sourceOf(path.resolve(path.dirname(file), from!));
    if (target) for (const name of exportsOf(target, seen)) names.add(name);
  }
  return names;
}

/** What is wrong with one import of `script`, or undefined. */
function problem(script: string, { specifier, names }: Import): string | undefined {
  if (specifier.startsWith('node:')) return undefined;
  if (!specifier.startsWith('.')) {
    // A package: installed (a workspace is linked into node_modules too).
    const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
    return existsSync(path.join(root, 'node_modules', name, 'package.json'))
      ? undefined
      : `${specifier}: not installed`;
  }
  const target = path.resolve(path.dirname(script), specifier);
  const source = sourceOf(target);
  if (!source) return `${specifier}: no such module (nor its source)`;
  if (!/\.(ts|tsx|js|mjs)$/.test(source)) return undefined;
  const exported = exportsOf(source);
  const missing = names.filter((name) => !exported.has(name));
  return missing.length ? `${specifier}: exports no ${missing.join(', ')}` : undefined;
}

describe('benchmark scripts', () => {
  const all = scripts(benchDir);

  test('when the bench folder is read, then it holds the scripts BENCHMARKS.md runs', () => {
    expect(all.length).toBeGreaterThan(10);
  });

  test.each(all.map((file) => [path.relative(root, file), file]))(
    'when %s is read, then it parses and every module it imports is there with the names it takes',
    (_name, file) => {
      execFileSync(process.execPath, ['--check', file], { stdio: 'pipe' });
      const problems = importsOf(readFileSync(file, 'utf8'))
        .map((entry) => problem(file, entry))
        .filter(Boolean);
      expect(problems).toEqual([]);
    },
  );

  test('when a script imports a module that moved or a name it does not export, then that is reported', () => {
    const script = path.join(benchDir, 'model-client.mjs');
    expect(problem(script, { specifier: '../../services/crisis/dist/moderation.js', names: [] })).toMatch(
      /no such module/,
    );
    expect(
      problem(script, { specifier: '../../services/crisis/dist/detection/moderation.js', names: ['nothingLikeThis'] }),
    ).toMatch(/exports no nothingLikeThis/);
    expect(problem(script, { specifier: 'no-such-package-here', names: [] })).toMatch(/not installed/);
  });
});
