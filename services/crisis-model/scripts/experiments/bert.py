import os
WORK = os.environ.get('WORK', '/tmp/crisis-experiments')
import json, numpy as np, jax, jax.numpy as jnp
from safetensors.numpy import load_file
from tokenizers import Tokenizer

def load_params():
    w = load_file(WORK + '/st/model.safetensors')
    w = {k.removeprefix('bert.').removeprefix('0.auto_model.'): v for k, v in w.items()}
    p = {'emb': {'word': w['embeddings.word_embeddings.weight'], 'pos': w['embeddings.position_embeddings.weight'],
                 'type': w['embeddings.token_type_embeddings.weight'], 'ln_g': w['embeddings.LayerNorm.weight'], 'ln_b': w['embeddings.LayerNorm.bias']},
         'layers': []}
    for i in range(6):
        pre = f'encoder.layer.{i}.'
        g = lambda n: w[pre + n]
        p['layers'].append({
            'q_w': g('attention.self.query.weight').T, 'q_b': g('attention.self.query.bias'),
            'k_w': g('attention.self.key.weight').T, 'k_b': g('attention.self.key.bias'),
            'v_w': g('attention.self.value.weight').T, 'v_b': g('attention.self.value.bias'),
            'o_w': g('attention.output.dense.weight').T, 'o_b': g('attention.output.dense.bias'),
            'ln1_g': g('attention.output.LayerNorm.weight'), 'ln1_b': g('attention.output.LayerNorm.bias'),
            'i_w': g('intermediate.dense.weight').T, 'i_b': g('intermediate.dense.bias'),
            'f_w': g('output.dense.weight').T, 'f_b': g('output.dense.bias'),
            'ln2_g': g('output.LayerNorm.weight'), 'ln2_b': g('output.LayerNorm.bias')})
    return jax.tree_util.tree_map(jnp.asarray, p)

def ln(x, g, b, eps=1e-12):
    m = x.mean(-1, keepdims=True); v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) / jnp.sqrt(v + eps) * g + b

def encode(p, ids, mask):
    B, T = ids.shape
    x = p['emb']['word'][ids] + p['emb']['pos'][:T][None] + p['emb']['type'][0][None, None]
    x = ln(x, p['emb']['ln_g'], p['emb']['ln_b'])
    bias = (1.0 - mask[:, None, None, :]) * -1e9
    for L in p['layers']:
        def heads(t): return t.reshape(B, T, 12, 32).transpose(0, 2, 1, 3)
        q = heads(x @ L['q_w'] + L['q_b']); k = heads(x @ L['k_w'] + L['k_b']); v = heads(x @ L['v_w'] + L['v_b'])
        a = jax.nn.softmax(q @ k.transpose(0, 1, 3, 2) / np.sqrt(32) + bias, -1)
        h = (a @ v).transpose(0, 2, 1, 3).reshape(B, T, 384)
        x = ln(x + h @ L['o_w'] + L['o_b'], L['ln1_g'], L['ln1_b'])
        f = jax.nn.gelu(x @ L['i_w'] + L['i_b'], approximate=False) @ L['f_w'] + L['f_b']
        x = ln(x + f, L['ln2_g'], L['ln2_b'])
    s = (x * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
    return s / jnp.linalg.norm(s, axis=-1, keepdims=True)

tok = Tokenizer.from_file(WORK + '/st/tokenizer.json')
tok.no_padding(); tok.no_truncation()
def tokenize(texts, T=64):
    ids = np.zeros((len(texts), T), np.int32); mask = np.zeros((len(texts), T), np.float32)
    for i, e in enumerate(tok.encode_batch(texts)):
        n = min(len(e.ids), T)
        ids[i, :n] = e.ids[:n]; mask[i, :n] = 1
        if len(e.ids) > T: ids[i, T - 1] = e.ids[-1]
    return ids, mask
