import os
WORK = os.environ.get('WORK', '/tmp/crisis-experiments')
import sys; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bert import *
p = load_params(); texts = json.load(open(WORK + '/texts.json'))
enc = jax.jit(encode); out = []
for i in range(0, len(texts), 64):
    ids, mask = tokenize(texts[i:i+64], 128); out.append(np.asarray(enc(p, ids, mask)))
np.save(WORK + '/base-emb.npy', np.concatenate(out))
