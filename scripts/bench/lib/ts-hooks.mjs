// Lets a benchmark import the voice service's TypeScript test helpers (test/ is not compiled to dist) as they
// are, in this process: a `.js` specifier that names no file but a `.ts` beside it loads the `.ts`, with its
// types taken out by Node's own stripTypeScriptTypes (transform mode: the helpers use parameter properties).
// Nothing is written to disk. Import this module before the helpers, e.g. `await import('./lib/ts-hooks.mjs')`.
import { existsSync, readFileSync } from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import { fileURLToPath } from 'node:url';

// The helpers' own import of stripTypeScriptTypes is experimental in Node 24: say so once, not per file.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name !== 'ExperimentalWarning') console.warn(warning);
});

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.endsWith('.js') && (specifier.startsWith('.') || specifier.startsWith('file:'))) {
      const url = new URL(specifier, context.parentURL);
      if (!existsSync(fileURLToPath(url))) {
        const ts = new URL(url.href.replace(/\.js$/, '.ts'));
        if (existsSync(fileURLToPath(ts))) return { url: ts.href, shortCircuit: true, format: 'module' };
      }
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (url.startsWith('file:') && url.endsWith('.ts')) {
      const source = readFileSync(fileURLToPath(url), 'utf8');
      return {
        format: 'module',
        source: stripTypeScriptTypes(source, { mode: 'transform', sourceUrl: url }),
        shortCircuit: true,
      };
    }
    return nextLoad(url, context);
  },
});
