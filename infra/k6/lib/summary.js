// The end of every run of the kit: a short text summary on stdout (each threshold, passed or crossed, and
// the request figures), and the whole summary as JSON in SUMMARY_JSON when it is set, which the bench
// scripts (scripts/bench) read and BENCHMARKS.md quotes. No remote jslib: the kit runs with no network.
import { PROFILE } from './profile.js';

const ms = (value) => (value === undefined ? '-' : `${value.toFixed(1)} ms`);

function text(name, data) {
  const lines = [
    `${name} (PROFILE=${PROFILE}): ${data.state?.testRunDurationMs ? `${(data.state.testRunDurationMs / 1000).toFixed(1)} s` : ''}`,
  ];
  const reqs = data.metrics.http_reqs?.values;
  const duration = data.metrics.http_req_duration?.values;
  if (reqs) {
    lines.push(
      `  requests: ${reqs.count} (${reqs.rate.toFixed(1)}/s), p50 ${ms(duration?.med)}, p99 ${ms(duration?.['p(99)'])}, max ${ms(duration?.max)}`,
    );
  }
  const dropped = data.metrics.dropped_iterations?.values.count;
  if (dropped)
    lines.push(
      `  dropped iterations (no virtual user free when due: the stack or the generator fell behind): ${dropped}`,
    );
  let crossed = 0;
  for (const [metric, { thresholds, values }] of Object.entries(data.metrics)) {
    for (const [expression, { ok }] of Object.entries(thresholds || {})) {
      if (!ok) crossed++;
      const value = values.count ?? values.rate ?? values['p(99)'] ?? values.value;
      lines.push(`  ${ok ? 'ok     ' : 'CROSSED'} ${metric} ${expression} (${value})`);
    }
  }
  lines.push(crossed ? `  ${crossed} threshold(s) crossed: the run fails` : '  every threshold held');
  return `${lines.join('\n')}\n`;
}

/** `export const handleSummary = summaryHandler('quota');` in each script. */
export function summaryHandler(name) {
  return (data) => {
    const outputs = { stdout: text(name, data) };
    if (__ENV.SUMMARY_JSON) outputs[__ENV.SUMMARY_JSON] = JSON.stringify(data, null, 1);
    return outputs;
  };
}
