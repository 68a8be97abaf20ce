// scripts/check-compose.mjs against the services manifest (proto/src/services.ts): the repository's files pass,
// and a compose file or Dockerfile that drifted from the manifest fails with the drift named.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/dev-servers.js';

const script = path.join(repoRoot, 'scripts', 'check-compose.mjs');
const compose = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');

describe('the compose check', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-compose-check-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the check on these texts (written to a temporary folder); its exit code and what it printed. */
  function check(composeText: string, dockerfileText: string) {
    writeFileSync(path.join(dir, 'docker-compose.yml'), composeText);
    writeFileSync(path.join(dir, 'Dockerfile'), dockerfileText);
    const args = [
      script,
      '--compose',
      path.join(dir, 'docker-compose.yml'),
      '--dockerfile',
      path.join(dir, 'Dockerfile'),
    ];
    const result = spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8' });
    return { code: result.status, output: result.stdout + result.stderr };
  }

  test("when the repository's docker-compose.yml and Dockerfile are checked, then they agree with the manifest", () => {
    const result = spawnSync(process.execPath, [script], { cwd: repoRoot, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  test('when a service listens on another port or connects as another NATS user, then the check names it', () => {
    const drifted = compose.replace("PORT: '4002'", "PORT: '4012'").replace('NATS_USER: content', 'NATS_USER: crisis');
    expect(drifted).not.toBe(compose);
    const { code, output } = check(drifted, dockerfile);
    expect(code).not.toBe(0);
    expect(output).toContain('crisis has PORT 4012, the manifest says 4002');
    expect(output).toContain("content's NATS_USER is not content");
  });

  test('when the services are health-checked on another path, then the check names each', () => {
    const drifted = compose.replace("/readyz'", "/status'");
    expect(drifted).not.toBe(compose);
    const { code, output } = check(drifted, dockerfile);
    expect(code).not.toBe(0);
    expect(output).toContain("voice's health check does not ask /readyz");
  });

  test('when the Dockerfile forgets a service, then the check names what is missing', () => {
    const drifted = dockerfile
      .replace('COPY services/voice/package.json services/voice/\n', '')
      .replace(/^(EXPOSE 4001 .*?) 4006\b/m, '$1')
      .replace('VOICE_UPSTREAM=voice:4006', 'VOICE_UPSTREAM=voice:4007');
    const { code, output } = check(compose, drifted);
    expect(code).not.toBe(0);
    expect(output).toContain('Dockerfile does not copy services/voice/package.json');
    expect(output).toContain("Dockerfile does not EXPOSE voice's port 4006");
    expect(output).toContain("Dockerfile's web image does not set VOICE_UPSTREAM=voice:4006");
  });
});
