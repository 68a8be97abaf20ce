import os
WORK = os.environ.get('WORK', '/tmp/crisis-experiments')
import json, sys, numpy as np
meta = json.load(open(WORK + '/meta.json'))
def rows(s): return [m for m in meta if m['set'] == s]
def evaluate(name, per_text, fp_rate=0.03, show_misses=False):
    res = {s: np.array([per_text[m['first']:m['first'] + m['n']].max() if m['n'] else -99 for m in rows(s)]) for s in ['validation', 'test', 'traffic']}
    out = [name]
    for lang in ['en', 'es']:
        val = [(m, sc) for m, sc in zip(rows('validation'), res['validation']) if m['language'] == lang]
        nord = sum(1 for m, sc in val if m['label'] == 'ordinary')
        ords = sorted([sc for m, sc in val if m['label'] == 'ordinary' and not m['rules']], reverse=True)
        allowed = int(nord * fp_rate) - sum(1 for m, sc in val if m['label'] == 'ordinary' and m['rules'])
        floor = 99 if allowed < 0 else (ords[allowed] if allowed < len(ords) else -99)
        tra = sorted([sc for m, sc in zip(rows('traffic'), res['traffic']) if not m['rules'] and m['language'] == lang], reverse=True)
        if tra: floor = max(floor, tra[int(len(tra) * 0.02)])
        thr = floor + 1e-4
        test = [(m, sc) for m, sc in zip(rows('test'), res['test']) if m['language'] == lang]
        cr = [(m['rules'] or sc >= thr) for m, sc in test if m['label'] == 'crisis']
        fp = [(m['rules'] or sc >= thr) for m, sc in test if m['label'] == 'ordinary']
        vcr = [(m['rules'] or sc >= thr) for m, sc in val if m['label'] == 'crisis']
        vfp = [(m['rules'] or sc >= thr) for m, sc in val if m['label'] == 'ordinary']
        trf = np.mean([sc >= thr for m, sc in zip(rows('traffic'), res['traffic'])])
        out.append(f"{lang}: thr {thr:.3f} val R {np.mean(vcr):.3f} FP {np.mean(vfp):.3f} | TEST R {np.mean(cr):.3f} ({sum(cr)}/{len(cr)}) FP {np.mean(fp):.3f} ({sum(fp)}/{len(fp)}) | traffic {trf:.3f}")
        if show_misses:
            for m, sc in test:
                if (m['label'] == 'crisis') != (m['rules'] or sc >= thr): print('   MISS' if m['label']=='crisis' else '   FALSE', lang, f'{sc:.2f}', m['category'], m['text'][:100])
    print(' || '.join(out), flush=True)
    return res
if __name__ == '__main__':
    tag = sys.argv[1]
    evaluate(tag, np.load(fWORK + '/{tag}-logits.npy'), show_misses='-v' in sys.argv)
