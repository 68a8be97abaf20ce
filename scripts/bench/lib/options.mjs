// What the benchmarks read alike: their command-line options, and the figures they print.
import { parseArgs } from 'node:util';

/**
 * The options from their defaults: a string is `--name value` (undefined: no default), a number `--name value` read
 * as a number, a boolean a flag. An option the script does not know, or a number that is not one, fails the run
 * (node:util's parseArgs).
 */
export function benchOptions(defaults) {
  const options = Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [
      name,
      typeof value === 'boolean'
        ? { type: 'boolean', default: value }
        : { type: 'string', ...(value !== undefined && { default: String(value) }) },
    ]),
  );
  const { values } = parseArgs({ options });
  for (const [name, value] of Object.entries(defaults)) {
    if (typeof value !== 'number') continue;
    values[name] = Number(values[name]);
    if (!Number.isFinite(values[name])) throw new Error(`--${name} must be a number`);
  }
  return values;
}

/** The sample at percentile `p` (nearest rank) of samples sorted in ascending order. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Milliseconds as the reports print them: "12.3 ms". */
export const ms = (n) => `${n.toFixed(1)} ms`;
