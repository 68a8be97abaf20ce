// What the voice benchmarks share: the voice service's test client (werift calls through /ws:
// services/voice/test/integration/voice-client.ts), and a throw-away stack whose nginx serves a placeholder page
// (the SPA is not what is measured).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '../../../infra/dist/launcher/stack.js';

/** The client is TypeScript outside dist, so it is loaded as it is (ts-hooks.mjs). */
export async function voiceClient() {
  await import('./ts-hooks.mjs');
  return import('../../../services/voice/test/integration/voice-client.js');
}

/**
 * Runs `run` against a stack on free ports with a temporary data directory (`name` names it), stopped and deleted
 * after, whatever happens. When the run fails, the end of the voice service's log is printed first: what it said
 * is the first thing to read.
 */
export async function withVoiceStack(name, env, run, { nodeArgs } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `hhp-${name}-`));
  const frontendRoot = path.join(dataDir, 'www');
  mkdirSync(frontendRoot);
  writeFileSync(path.join(frontendRoot, 'index.html'), '<!doctype html><title>voice bench</title>');
  let stack;
  try {
    stack = await startStack({
      dataDir,
      port: 0,
      ports: 'free',
      throwawayData: true,
      frontendRoot,
      env,
      ...(nodeArgs ? { nodeArgs } : {}),
      output: { log: () => {}, error: (line) => console.error(line) },
    });
    return await run(stack);
  } catch (error) {
    const voiceLog = stack?.services.find((s) => s.name === 'voice')?.logFile;
    if (voiceLog) console.error(`the end of the voice service's log:\n${readFileSync(voiceLog, 'utf8').slice(-4000)}`);
    throw error;
  } finally {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
