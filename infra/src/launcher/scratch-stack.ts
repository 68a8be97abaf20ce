// A throw-away stack for load tests and benchmarks: free ports, a temporary data directory, quiet
// console; stopped and deleted when `run` is done, whatever happens.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack, type Stack } from './stack.js';

export async function withScratchStack<T>(
  env: NodeJS.ProcessEnv,
  run: (stack: Stack) => Promise<T>,
  { nodeArgs }: { nodeArgs?: string[] } = {},
): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hhp-scratch-'));
  try {
    const stack = await startStack({
      dataDir,
      port: 0,
      ports: 'free',
      throwawayData: true,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      output: { log: () => {}, error: (line) => console.error(line) },
      ...(nodeArgs ? { nodeArgs } : {}),
    });
    try {
      return await run(stack);
    } finally {
      await stack.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
