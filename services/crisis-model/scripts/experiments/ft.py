import os
WORK = os.environ.get('WORK', '/tmp/crisis-experiments')
import sys, time, pickle; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bert import *
import optax
EPOCHS = int(sys.argv[1]) if len(sys.argv) > 1 else 3
LR = float(sys.argv[2]) if len(sys.argv) > 2 else 3e-5
TAG = sys.argv[3] if len(sys.argv) > 3 else 'ft'
meta = json.load(open(WORK + '/meta.json')); texts = json.load(open(WORK + '/texts.json'))
tr = [m for m in meta if m['set'] == 'train']
Xt = [texts[m['first']] for m in tr]; y = np.array([m['label'] == 'crisis' for m in tr], np.float32)
p = load_params()
params = {'enc': p, 'w': jnp.zeros(384), 'b': jnp.zeros(()), 's': jnp.array(10.0)}
def logits(params, ids, mask):
    e = encode(params['enc'], ids, mask)
    return params['s'] * (e @ params['w']) + params['b'], e
def loss(params, ids, mask, y):
    l, _ = logits(params, ids, mask)
    return optax.sigmoid_binary_cross_entropy(l, y).mean()
steps = EPOCHS * (len(Xt) // 32)
sched = optax.warmup_cosine_decay_schedule(0, LR, steps // 10, steps)
head_lr = optax.warmup_cosine_decay_schedule(0, 1e-2, steps // 10, steps)
opt = optax.multi_transform({'enc': optax.adamw(sched, weight_decay=0.01), 'head': optax.adam(head_lr)},
                            {'enc': 'enc', 'w': 'head', 'b': 'head', 's': 'head'})
state = opt.init(params)
@jax.jit
def step(params, state, ids, mask, y):
    l, g = jax.value_and_grad(loss)(params, ids, mask, y)
    u, state = opt.update(g, state, params)
    return optax.apply_updates(params, u), state, l
rng = np.random.default_rng(0)
lens = np.array([len(e.ids) for e in tok.encode_batch(Xt)])
t0 = time.time()
for ep in range(EPOCHS):
    order = rng.permutation(len(Xt)); tot = 0
    for bi in range(len(Xt) // 32):
        idx = order[bi * 32:(bi + 1) * 32]
        T = 32 if lens[idx].max() <= 32 else 64
        ids, mask = tokenize([Xt[i] for i in idx], T)
        params, state, l = step(params, state, ids, mask, y[idx]); tot += float(l)
    print(f'epoch {ep} loss {tot / (len(Xt)//32):.4f} {time.time()-t0:.0f}s', flush=True)
pickle.dump(jax.tree_util.tree_map(np.asarray, params), open(f'{WORK}/{TAG}.pkl', 'wb'))
# embed every text (segments) with the tuned encoder
enc = jax.jit(lambda p, i, m: logits(p, i, m))
outs = []; embs = []
for i in range(0, len(texts), 64):
    ids, mask = tokenize(texts[i:i + 64], 64)
    l, e = enc(params, ids, mask); outs.append(np.asarray(l)); embs.append(np.asarray(e))
np.save(f'{WORK}/{TAG}-logits.npy', np.concatenate(outs)); np.save(f'{WORK}/{TAG}-emb.npy', np.concatenate(embs))
print('done', time.time() - t0)
