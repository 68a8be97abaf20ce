import { detectCrisis } from '@hhp/crisis-rules';
import { readLabelled } from '@hhp/crisis-model';
for (const split of ['train', 'validation']) {
  const l = readLabelled(split);
  for (const lang of ['en', 'es']) {
    const c = l.filter((x) => x.label === 'crisis' && x.lang === lang),
      o = l.filter((x) => x.label === 'ordinary' && x.lang === lang);
    console.log(
      split,
      lang,
      'rules recall',
      c.filter((x) => detectCrisis(x.text).isCrisis).length,
      '/',
      c.length,
      'FP',
      o.filter((x) => detectCrisis(x.text).isCrisis).length,
      '/',
      o.length,
    );
  }
}
const t = readLabelled('train').filter((x) => x.label === 'crisis' && !detectCrisis(x.text).isCrisis);
const by = {};
for (const x of t) (by[x.category] ??= []).push(x.lang + ' ' + x.text);
for (const [k, v] of Object.entries(by)) console.log(k, v.length, '\n   ' + v.slice(0, 4).join('\n   '));
