// Playwright globalTeardown: stops the stack of global-setup.ts, keeps its logs under test-results/ for
// whoever reads a failure, and removes its data directory.
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../dev-servers.js';

export default async function globalTeardown(): Promise<void> {
  const running = globalThis.__e2eStack;
  if (!running) return;
  globalThis.__e2eStack = undefined;
  await running.stack.stop();
  const logs = path.join(running.dataDir, 'logs');
  if (existsSync(logs)) {
    const kept = path.join(repoRoot, 'test-results', 'e2e-stack-logs');
    rmSync(kept, { recursive: true, force: true });
    cpSync(logs, kept, { recursive: true });
  }
  rmSync(running.dataDir, { recursive: true, force: true });
}
