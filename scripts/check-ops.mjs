// `node scripts/check-ops.mjs`: the `ops` layer of `npm test`. The linters an operations team runs before it
// accepts a deployment, each on what it reads (installed by scripts/bootstrap.d/ops-linters.sh):
//   - kube-score 1.20 on every rendered overlay of deploy/k8s (rendered as scripts/check-k8s.mjs renders them):
//     no critical;
//   - pint 0.87, offline, on the Prometheus rules of deploy/observability: no problem of any severity;
//   - Spectral 6.16 with `spectral:oas` (.spectral.yaml) on proto/openapi.json: no warning;
//   - shellcheck on every tracked *.sh: no warning or error;
//   - gixy-ng 0.2.59 on nginx.conf as the web image renders it, against the nginx release of the Dockerfile
//     (its known CVEs too): no finding;
//   - and no image that docker-compose.yml builds runs as root (the last USER of its Dockerfile stage).
// What is accepted is written down, with its reason, in one file: deploy/lint-exceptions.yaml. A finding not
// there fails the layer, and so does an exception that matches nothing any more. Afterwards a self-test gives
// each linter a copy broken on purpose and requires each to fail (`--no-self-test` skips it).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { kustomizeBuild, stage } from './check-k8s.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: options } = parseArgs({ options: { 'no-self-test': { type: 'boolean' } } });
const tools = path.join(root, '.tools');
const TOOLS = {
  kubeScore: path.join(tools, 'bin', 'kube-score'),
  pint: path.join(tools, 'bin', 'pint'),
  spectral: path.join(root, '.tools', 'ops-npm', 'node_modules', '.bin', 'spectral'),
  shellcheck: 'shellcheck',
  gixy: path.join(tools, 'ops-venv', 'bin', 'gixy'),
  python: path.join(tools, 'ops-venv', 'bin', 'python'),
};
const OVERLAYS = ['deploy/k8s/overlays/dev', 'deploy/k8s/overlays/prod'];
const KUBERNETES_VERSION = 'v1.37';
const RULES = 'deploy/observability/prometheus/rules';
const OPENAPI = 'proto/openapi.json';
const EXCEPTIONS = 'deploy/lint-exceptions.yaml';

function run(command, args, { cwd = root, input } = {}) {
  const result = spawnSync(command, args, { cwd, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return {
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? result.error?.message ?? '',
    missing: result.error?.code === 'ENOENT',
  };
}

for (const [name, file] of Object.entries(TOOLS)) {
  const found = file.includes('/') ? existsSync(file) : !run('sh', ['-c', `command -v ${file}`]).status;
  if (!found) {
    console.error(`ops: ${name} is not installed (${file}); run \`npm run bootstrap\``);
    process.exit(1);
  }
}

/** deploy/lint-exceptions.yaml, parsed by the ops venv's PyYAML (scripts/ops-requirements.txt). */
function readExceptions(file) {
  const parsed = run(
    TOOLS.python,
    ['-c', 'import sys, json, yaml; json.dump(yaml.safe_load(sys.stdin) or {}, sys.stdout)'],
    {
      input: readFileSync(file, 'utf8'),
    },
  );
  if (parsed.status !== 0) throw new Error(`${EXCEPTIONS} does not parse: ${parsed.stderr.trim()}`);
  const exceptions = JSON.parse(parsed.stdout);
  for (const [linter, entries] of Object.entries(exceptions))
    for (const entry of entries ?? [])
      if (!entry.check || !String(entry.reason ?? '').trim())
        throw new Error(
          `${EXCEPTIONS}: every ${linter} exception needs a check and a reason (${JSON.stringify(entry)})`,
        );
  return exceptions;
}

/** Splits findings into those an exception accepts and the rest; exceptions that matched nothing are stale. */
function sieve(findings, exceptions, matches) {
  const used = new Set();
  const open = findings.filter((finding) => {
    const exception = exceptions.find((e) => matches(e, finding));
    if (exception) used.add(exception);
    return !exception;
  });
  const stale = exceptions.filter((e) => !used.has(e));
  return { open, accepted: findings.length - open.length, stale };
}

/** kube-score on each overlay of a staged copy: its criticals (an exception's `objects` narrow it). */
function kubeScore(dir, exceptions = []) {
  const problems = [];
  const findings = [];
  let warnings = 0;
  for (const overlay of OVERLAYS) {
    const build = kustomizeBuild(dir, overlay);
    if (build.error) {
      problems.push(build.error);
      continue;
    }
    // The annotations that would hide a check on one object are off: every exception is in the one file.
    const score = run(TOOLS.kubeScore, [
      'score',
      '--output-format',
      'json',
      '--kubernetes-version',
      KUBERNETES_VERSION,
      '--disable-ignore-checks-annotations',
      build.file,
    ]);
    let objects;
    try {
      objects = JSON.parse(score.stdout);
    } catch {
      problems.push(`${overlay}: kube-score gave no report: ${score.stderr.trim()}`);
      continue;
    }
    for (const object of objects)
      for (const check of object.checks) {
        if (check.skipped || check.grade >= 10) continue;
        const finding = {
          overlay,
          object: `${object.type_meta.kind}/${object.object_meta.name}`,
          check: check.check.id,
          text: `${check.check.name}${check.comments?.length ? `: ${check.comments.map((c) => `${c.path ? `(${c.path}) ` : ''}${c.summary}`).join('; ')}` : ''}`,
        };
        // kube-score's grades: 1 critical, 5 warning, 7 almost OK, 10 all good.
        if (check.grade <= 1) findings.push(finding);
        else {
          warnings++;
          console.log(`  kube-score warning: ${overlay.split('/').at(-1)} ${finding.object}: ${finding.text}`);
        }
      }
  }
  const { open, accepted, stale } = sieve(
    findings,
    exceptions,
    (e, f) => e.check === f.check && (!e.objects || e.objects.includes(f.object)),
  );
  for (const f of open)
    problems.push(`kube-score critical: ${f.overlay.split('/').at(-1)} ${f.object}: [${f.check}] ${f.text}`);
  for (const e of stale) problems.push(`${EXCEPTIONS}: the kube-score exception for ${e.check} matches no finding`);
  return {
    problems,
    summary: `kube-score: ${open.length} criticals (${accepted} accepted in ${EXCEPTIONS}), ${warnings} warnings`,
  };
}

/** pint, offline (no Prometheus server to ask), on a folder of rule files. */
function pint(rules) {
  const result = run(TOOLS.pint, ['--offline', '--no-color', 'lint', '--min-severity=info', '--fail-on=info', rules]);
  const output = `${result.stdout}${result.stderr}`;
  const problems = result.status === 0 ? [] : [`pint found problems in ${rules}:\n${output.trim()}`];
  return { problems, summary: `pint: ${result.status === 0 ? 'no problem' : 'problems'} in ${rules}` };
}

/** Spectral's OpenAPI rules (.spectral.yaml): any warning or error fails. */
function spectral(document) {
  const result = run(TOOLS.spectral, [
    'lint',
    document,
    '--ruleset',
    path.join(root, '.spectral.yaml'),
    '--fail-severity',
    'warn',
    '--format',
    'text',
  ]);
  const lines = result.stdout.split('\n').filter((line) => /\s(error|warning)\s/.test(line));
  const problems =
    result.status === 0 ? [] : [`Spectral on ${document}:\n${(lines.join('\n') || result.stderr).trim()}`];
  return { problems, summary: `Spectral (spectral:oas): ${lines.length} errors and warnings in ${document}` };
}

/** shellcheck on scripts (warnings and errors; its notes and style hints are printed, not counted). */
function shellcheck(files, cwd = root) {
  if (files.length === 0) return { problems: ['shellcheck: no *.sh file found'], summary: 'shellcheck: nothing' };
  const result = run(TOOLS.shellcheck, ['--format=gcc', '--severity=warning', ...files], { cwd });
  const findings = result.stdout.split('\n').filter(Boolean);
  const notes = run(TOOLS.shellcheck, ['--format=gcc', ...files], { cwd })
    .stdout.split('\n')
    .filter(Boolean);
  for (const note of notes.filter((line) => !findings.includes(line))) console.log(`  shellcheck ${note}`);
  const problems = result.status === 0 ? [] : [`shellcheck:\n${(findings.join('\n') || result.stderr).trim()}`];
  return {
    problems,
    summary: `shellcheck: ${findings.length} warnings and errors in ${files.length} scripts (${notes.length - findings.length} notes)`,
  };
}

/** The web stage of a Dockerfile: its nginx release (ARG NGINX_VERSION) and the variables its template reads. */
function webImage(dockerfile) {
  const text = readFileSync(dockerfile, 'utf8');
  const version = /^ARG NGINX_VERSION=(\d+\.\d+\.\d+)\s*$/m.exec(text)?.[1];
  if (!version) throw new Error(`${dockerfile} has no ARG NGINX_VERSION=X.Y.Z`);
  if (!/^FROM nginx:\$\{NGINX_VERSION\}-alpine AS web$/m.test(text))
    throw new Error(`${dockerfile}'s web stage is not FROM nginx:\${NGINX_VERSION}-alpine (the version in one place)`);
  const stage = /^FROM \S+ AS web$([\s\S]*?)(?=^FROM |(?![\s\S]))/m.exec(text)?.[1] ?? '';
  const variables = Object.fromEntries(
    [...stage.matchAll(/^\s*(?:ENV\s+)?([A-Z][A-Z0-9_]*)=(\S+?)\s*\\?$/gm)].map((m) => [m[1], m[2]]),
  );
  return { version, variables };
}

/**
 * gixy on nginx.conf as the web image serves it: the template's ${…} filled with the image's values, inside
 * the http block the image includes it in; checked against the image's nginx release.
 */
function gixy(nginxConf, dockerfile, exceptions = []) {
  let image;
  try {
    image = webImage(dockerfile);
  } catch (error) {
    return { problems: [error.message], summary: 'gixy: no nginx release to check against' };
  }
  const { version, variables } = image;
  const problems = [];
  const template = readFileSync(nginxConf, 'utf8');
  const rendered = template.replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name) => {
    if (variables[name] === undefined) problems.push(`nginx.conf reads \${${name}}, which the web image does not set`);
    return variables[name] ?? whole;
  });
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'check-ops-gixy-'));
  try {
    const file = path.join(scratch, 'nginx.conf');
    writeFileSync(file, `events {}\nhttp {\n${rendered}\n}\n`);
    const result = run(TOOLS.gixy, ['--nginx-version', version, '--format', 'json', file]);
    let findings;
    try {
      findings = JSON.parse(result.stdout);
    } catch {
      return { problems: [...problems, `gixy gave no report: ${result.stderr.trim()}`], summary: 'gixy: failed' };
    }
    const { open, accepted, stale } = sieve(findings, exceptions, (e, f) => e.check === f.plugin);
    for (const f of open) problems.push(`gixy [${f.plugin}] ${f.severity}: ${f.reason ?? f.summary}`);
    for (const e of stale) problems.push(`${EXCEPTIONS}: the gixy exception for ${e.check} matches no finding`);
    return {
      problems,
      summary: `gixy (nginx ${version}): ${open.length} findings (${accepted} accepted in ${EXCEPTIONS})`,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The images docker-compose.yml builds (its `target:`s) each run as a user that is not root: the last `USER` of the
 * target's stage, or of the stage it is built `FROM`, names neither root nor 0.
 */
function imageUsers(dockerfile, compose) {
  const text = readFileSync(dockerfile, 'utf8');
  const stages = new Map(
    [...text.matchAll(/^FROM (\S+) AS (\S+)$([\s\S]*?)(?=^FROM |(?![\s\S]))/gm)].map((m) => [
      m[2],
      { base: m[1], users: [...m[3].matchAll(/^USER (\S+)\s*$/gm)].map((u) => u[1]) },
    ]),
  );
  const userOf = (name) => {
    const stage = stages.get(name);
    if (!stage) return undefined;
    return stage.users.at(-1) ?? userOf(stage.base);
  };
  const targets = [...new Set([...readFileSync(compose, 'utf8').matchAll(/^\s+target: (\S+)\s*$/gm)].map((m) => m[1]))];
  const problems = [];
  if (targets.length === 0) problems.push('docker-compose.yml builds no Dockerfile target');
  for (const target of targets) {
    const user = userOf(target);
    if (!stages.has(target)) problems.push(`the Dockerfile has no stage ${target}`);
    else if (!user || /^(root|0)(:|$)/.test(user))
      problems.push(`the Dockerfile's ${target} image runs as ${user ?? 'root (no USER)'}`);
  }
  return {
    problems,
    summary: `images: ${targets.length - problems.length} of ${targets.length} run as a user that is not root`,
  };
}

const trackedScripts = () =>
  run('git', ['ls-files', '*.sh'])
    .stdout.split('\n')
    .filter((file) => file && existsSync(path.join(root, file)));

let exceptions;
try {
  exceptions = readExceptions(path.join(root, EXCEPTIONS));
} catch (error) {
  console.error(`ops: ${error.message}`);
  process.exit(1);
}

const results = [];
const staged = stage();
try {
  results.push(kubeScore(staged, exceptions['kube-score'] ?? []));
} finally {
  rmSync(staged, { recursive: true, force: true });
}
results.push(pint(path.join(root, RULES)));
results.push(spectral(path.join(root, OPENAPI)));
results.push(shellcheck(trackedScripts()));
results.push(gixy(path.join(root, 'nginx.conf'), path.join(root, 'Dockerfile'), exceptions.gixy ?? []));
results.push(imageUsers(path.join(root, 'Dockerfile'), path.join(root, 'docker-compose.yml')));

let failed = 0;
for (const { problems, summary } of results) {
  console.log(summary);
  for (const problem of problems) console.error(`  - ${problem.replaceAll('\n', '\n    ')}`);
  if (problems.length) failed++;
}

/** Breakages each linter must catch: a copy of what it reads, broken on purpose. */
const BREAKAGES = [
  {
    what: "kube-score: a replica count on ai-query's Deployment, which its autoscaler owns",
    check: () => {
      const dir = stage();
      try {
        const file = path.join(dir, 'deploy/k8s/base/services/ai-query.yaml');
        const text = readFileSync(file, 'utf8');
        writeFileSync(file, text.replace('  revisionHistoryLimit: 5', '  replicas: 1\n  revisionHistoryLimit: 5'));
        return kubeScore(dir, exceptions['kube-score'] ?? []).problems;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    expect: /deployment-targeted-by-hpa-does-not-have-replicas-configured/,
  },
  {
    what: 'pint: a rule whose expression does not parse',
    check: (dir) => {
      cpSync(path.join(root, RULES), dir, { recursive: true });
      const file = path.join(dir, 'hhp.alerts.yml');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(/expr: up\{job=~"[^"]*"\} == 0/, 'expr: sum(up{job="crisis"}'),
      );
      return pint(dir).problems;
    },
    expect: /promql\/syntax/,
  },
  {
    what: 'Spectral: an operation without its operationId',
    check: (dir) => {
      const document = JSON.parse(readFileSync(path.join(root, OPENAPI), 'utf8'));
      delete document.paths['/api/videos'].get.operationId;
      writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(document, null, 2));
      return spectral(path.join(dir, 'openapi.json')).problems;
    },
    expect: /operation-operationId/,
  },
  {
    what: 'shellcheck: a script with no shell directive',
    check: (dir) => {
      writeFileSync(path.join(dir, 'sourced.sh'), 'echo "$1"\n');
      return shellcheck(['sourced.sh'], dir).problems;
    },
    expect: /SC2148/,
  },
  {
    what: 'gixy: an add_header in a location, which drops the headers of its server',
    check: (dir) => {
      const conf = readFileSync(path.join(root, 'nginx.conf'), 'utf8');
      const broken = conf.replace(/(\n\s*location \/assets\/ \{\n)/, '$1        add_header X-Broken yes;\n');
      writeFileSync(path.join(dir, 'nginx.conf'), broken);
      return gixy(path.join(dir, 'nginx.conf'), path.join(root, 'Dockerfile'), exceptions.gixy ?? []).problems;
    },
    expect: /add_header_redefinition/,
  },
  {
    what: 'gixy: the web image on nginx 1.27 (known CVEs)',
    check: (dir) => {
      const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
      writeFileSync(
        path.join(dir, 'Dockerfile'),
        dockerfile.replace(/^ARG NGINX_VERSION=.*$/m, 'ARG NGINX_VERSION=1.27.5'),
      );
      return gixy(path.join(root, 'nginx.conf'), path.join(dir, 'Dockerfile'), exceptions.gixy ?? []).problems;
    },
    expect: /nginx_cves.*CVE-/,
  },
  {
    what: 'images: the web stage without its USER (nginx as root)',
    check: (dir) => {
      const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
      writeFileSync(path.join(dir, 'Dockerfile'), dockerfile.replace(/^USER 101:101\n/m, ''));
      return imageUsers(path.join(dir, 'Dockerfile'), path.join(root, 'docker-compose.yml')).problems;
    },
    expect: /the Dockerfile's web image runs as root \(no USER\)/,
  },
];

if (!options['no-self-test'])
  for (const breakage of BREAKAGES) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'check-ops-'));
    try {
      const problems = breakage.check(dir);
      const caught = problems.some((p) => breakage.expect.test(p));
      console.log(`  self-test: ${breakage.what}: ${caught ? 'caught' : 'NOT CAUGHT'}`);
      if (!caught) {
        failed++;
        console.error(`    expected ${breakage.expect}; got:\n      ${problems.join('\n      ') || '(nothing)'}`);
      }
    } catch (error) {
      failed++;
      console.error(`  self-test: ${breakage.what}: ${error.message}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

const total = results.length + (options['no-self-test'] ? 0 : BREAKAGES.length);
console.log(failed ? `ops: ${failed} of ${total} checks failed` : `ops: all ${total} checks passed`);
process.exit(failed ? 1 : 0);
