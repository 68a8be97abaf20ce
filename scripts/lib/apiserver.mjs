// A throw-away Kubernetes API server on loopback, for a server-side dry run of the rendered overlays
// (scripts/check-k8s.mjs): the tools scripts/bootstrap.d/ops-apiserver.sh builds (kube-apiserver, kubectl, and
// etcdmin, etcd's embedded server). Everything lives in a temporary folder: etcd's data, the service-account key
// pair, the serving certificate the apiserver makes itself, a token file with one member of system:masters, and
// a kubeconfig for it. `stop()` ends both processes and removes the folder.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Starts etcd and kube-apiserver from `bin`; resolves once /readyz answers ok (rejects after `timeoutMs`). */
export async function startApiServer(bin, { timeoutMs = 60_000 } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-apiserver-'));
  const [etcdPort, apiPort] = [await freePort(), await freePort()];
  const token = randomBytes(24).toString('hex');
  const key = path.join(dir, 'sa.key');
  const pub = path.join(dir, 'sa.pub');
  for (const args of [
    ['genrsa', '-out', key, '2048'],
    ['rsa', '-in', key, '-pubout', '-out', pub],
  ]) {
    const made = spawnSync('openssl', args, { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`openssl ${args[0]} failed: ${made.stderr}`);
  }
  writeFileSync(path.join(dir, 'tokens.csv'), `${token},check-k8s,check-k8s,"system:masters"\n`, { mode: 0o600 });
  const kubeconfig = path.join(dir, 'kubeconfig');
  writeFileSync(
    kubeconfig,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters: [{ name: local, cluster: { server: "https://127.0.0.1:' +
        apiPort +
        '", insecure-skip-tls-verify: true } }]',
      'users: [{ name: check-k8s, user: { token: "' + token + '" } }]',
      'contexts: [{ name: local, context: { cluster: local, user: check-k8s } }]',
      'current-context: local',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );

  const logs = { etcd: [], apiserver: [] };
  const started = (name, command, args) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk) => logs[name].push(chunk.toString()) > 200 && logs[name].shift());
    return child;
  };
  const etcd = started('etcd', path.join(bin, 'etcdmin'), [path.join(dir, 'etcd'), `http://127.0.0.1:${etcdPort}`]);
  const apiserver = started('apiserver', path.join(bin, 'kube-apiserver'), [
    `--etcd-servers=http://127.0.0.1:${etcdPort}`,
    `--secure-port=${apiPort}`,
    '--bind-address=127.0.0.1',
    // No Service endpoint for the apiserver itself (its advertised address would have to leave loopback).
    '--endpoint-reconciler-type=none',
    `--cert-dir=${path.join(dir, 'certs')}`,
    `--token-auth-file=${path.join(dir, 'tokens.csv')}`,
    '--authorization-mode=AlwaysAllow',
    '--service-account-issuer=https://kubernetes.default.svc',
    `--service-account-key-file=${pub}`,
    `--service-account-signing-key-file=${key}`,
    '--service-cluster-ip-range=10.96.0.0/16',
    '--profiling=false',
  ]);

  const kubectl = (args, input) => {
    const result = spawnSync(path.join(bin, 'kubectl'), ['--kubeconfig', kubeconfig, ...args], {
      input,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return { ok: result.status === 0, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
  };
  const stop = async () => {
    for (const child of [apiserver, etcd]) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await once(child, 'exit');
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const [name, child] of [
      ['etcd', etcd],
      ['kube-apiserver', apiserver],
    ])
      if (child.exitCode !== null) {
        await stop();
        throw new Error(
          `${name} exited (code ${child.exitCode}): ${logs[name === 'etcd' ? 'etcd' : 'apiserver'].join('').slice(-2000)}`,
        );
      }
    if (kubectl(['get', '--raw', '/readyz']).stdout.trim() === 'ok') break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `kube-apiserver was not ready within ${timeoutMs / 1000} s: ${logs.apiserver.join('').slice(-2000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { kubectl, stop };
}

/**
 * A server-side dry run of `objects` (one overlay's rendered objects) with strict field validation: each
 * namespace they use is created for real first (a dry-run namespace does not exist for the objects in it). The
 * problems: each object the server refuses, and each warning it gives.
 */
export function serverDryRun(server, label, yaml, objects) {
  const problems = [];
  const namespaces = new Set(objects.map((o) => o.metadata?.namespace).filter(Boolean));
  for (const o of objects) if (o.kind === 'Namespace') namespaces.add(o.metadata.name);
  for (const namespace of namespaces) {
    const made = server.kubectl(['create', 'namespace', namespace, '--save-config']);
    if (!made.ok && !/AlreadyExists/.test(made.stderr))
      problems.push(`${label}: namespace ${namespace}: ${made.stderr.trim()}`);
  }
  const applied = server.kubectl(['apply', '--dry-run=server', '--validate=strict', '-o', 'name', '-f', '-'], yaml);
  for (const line of applied.stderr.split('\n').filter((l) => l.trim()))
    problems.push(`${label}: the API server ${/^Warning:/.test(line) ? 'warns' : 'refuses'}: ${line.trim()}`);
  const accepted = applied.stdout.split('\n').filter(Boolean).length;
  if (applied.ok && accepted !== objects.length)
    problems.push(`${label}: the API server accepted ${accepted} of ${objects.length} objects`);
  return { problems, accepted };
}
