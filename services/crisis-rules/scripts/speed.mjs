// CPU time of detectCrisis (README, "Rules 1.1.0"): the first call (which compiles the rules), the mean per
// message over the corpus and over one 200-character question (medians of 41 rounds), and the worst of a
// few adversarial 10,000-character inputs. Each build runs alone in a fresh process, three times, in turn:
// two builds in one process slow each other down (the one loaded second measured up to 2× slower), and CPU
// time moves much less than wall time with the shared machine's load.
//   node services/crisis-rules/scripts/speed.mjs [other build's dist folder, e.g. a 1.0.2 build copied aside]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(import.meta.url);
const corpusDir = path.join(path.dirname(here), '../corpus');

if (process.argv[2] === '--measure') {
  const { detectCrisis } = await import(pathToFileURL(path.join(process.argv[3], 'index.js')).href);
  const cpuMs = (since) => {
    const { user, system } = process.cpuUsage(since);
    return (user + system) / 1000;
  };
  const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
  const corpus = ['crisis.txt', 'ordinary.txt'].flatMap((file) =>
    readFileSync(path.join(corpusDir, file), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
  );
  const question = (
    'I have had trouble sleeping for weeks and my digestion is a mess; is ashwagandha safe with my thyroid ' +
    'medication, and what does ayurveda say about waking up at 3am every night with a racing mind?'
  ).slice(0, 200);
  const perMessage = (messages) => {
    const repeats = Math.max(1, Math.round(2000 / messages.length));
    const rounds = Array.from({ length: 41 }, () => {
      const started = process.cpuUsage();
      for (let r = 0; r < repeats; r++) for (const message of messages) detectCrisis(message);
      return (cpuMs(started) * 1000) / (repeats * messages.length);
    });
    return median(rounds);
  };
  const started = process.cpuUsage();
  detectCrisis('warm up');
  const firstCallMs = cpuMs(started);
  const adversarial = ['he ', 'my husband hit ', 'quiero ', 'took a ', 'cut my ', 'been cutting ', 'ya no ', 'tell me ']
    .concat(['5 kms ', 'end it ', 'want ', 'overdose ', 'i ', 'a', 'took all ', 'me ', 'todo '])
    .map((unit) => unit.repeat(10_000).slice(0, 10_000));
  const worstMs = Math.max(
    ...adversarial.map((input) => {
      detectCrisis(input);
      return median(
        Array.from({ length: 9 }, () => {
          const s = process.cpuUsage();
          detectCrisis(input);
          return cpuMs(s);
        }),
      );
    }),
  );
  console.log(
    JSON.stringify({
      firstCallMs,
      corpusUs: perMessage(corpus),
      questionUs: perMessage([question]),
      worstMs,
      n: corpus.length,
    }),
  );
} else {
  const builds = [path.join(path.dirname(here), '../dist'), ...process.argv.slice(2).map((dir) => path.resolve(dir))];
  const runs = builds.map(() => []);
  for (let round = 0; round < 3; round++) {
    builds.forEach((dir, i) => {
      const out = execFileSync(process.execPath, [here, '--measure', dir], { encoding: 'utf8' });
      runs[i].push(JSON.parse(out));
    });
  }
  const range = (values, digits) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${sorted[0].toFixed(digits)}–${sorted.at(-1).toFixed(digits)}`;
  };
  builds.forEach((dir, i) => {
    const r = runs[i];
    console.log(
      `${i === 0 ? 'this build' : dir}: first call ${range(
        r.map((x) => x.firstCallMs),
        0,
      )} ms; ` +
        `${range(
          r.map((x) => x.corpusUs),
          1,
        )} µs per corpus message (${r[0].n}); ` +
        `${range(
          r.map((x) => x.questionUs),
          1,
        )} µs per 200-character question; ` +
        `worst adversarial input ${range(
          r.map((x) => x.worstMs),
          2,
        )} ms (CPU time, 3 processes)`,
    );
  });
}
