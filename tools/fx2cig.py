#!/usr/bin/python3
"""fx2cig: export a PyTorch function or nn.Module to a cinductor .cig graph (see CIG.md).

The function is traced with functorch.make_fx (PyTorch 1.13; decompositions off), which gives an
aten-level FX graph; every node becomes one .cig statement, with the op written as PyTorch prints
it (`aten.add.Tensor`, `aten.sum.dim_IntList`):

  - inputs are declared in order with the dtype and shape of the example inputs;
  - parameters and buffers of an nn.Module, and tensor constants the trace captured (get_attr
    nodes), are written as NAME.npy next to the .cig and declared
    `const NAME: DTYPE[...] = load("NAME.npy")` (module parameters are named after their
    qualified name, `norm.weight` -> `norm_weight`);
  - Python scalars and lists are written as literals, torch dtypes as dtype literals (`f32`),
    devices, layouts and memory formats as strings (`device="cpu"`); keyword args are kept;
  - `operator.getitem` on an op with several results becomes `a, b = OP(...)`, `_` for results
    nothing uses;
  - nodes no output depends on are left out; `output ...` comes last.

A value the traced code reads from a tensor (`if t.sum() > 0:`, `t.item()`, `int(n)` as a
size, torch.equal, F.one_hot's num_classes=-1, tensor_split with a tensor of indices, the
argument checks of gaussian_nll_loss, quantile, cov) is the value it has on the example inputs,
and the graph holds a guard on it, `NAME = aten._assert_async.default(COND)` (COND the
condition, its logical_not, eq(t, value) or isnan(t)), written though no output reads it: an
input for which the trace would have gone another way fails the run ("graph guard failed ...
in node NAME") instead of computing the traced branch.

The trace is functionalized first, so in-place ops (`ReLU(inplace=True)`, `+=`, `x[i] = v`)
export as their out-of-place forms (a PyTorch 2.x trace that still holds some is functionalized
once more; in-place ops on tensors computed from constants alone, which functionalization
leaves, are evaluated and their results written as constants). What cannot be exported raises ExportError naming the node
and the op, and nothing is written: complex dtypes, argument types without a .cig literal,
non-tensor example inputs or outputs. Ops cinductor does not know are written as they are: `check` (and
--check) then reports cinductor's "unknown op" error, naming the op.

Python:

    sys.path.insert(0, "tools"); from fx2cig import export, check
    export(fn_or_module, (x, b), "out.cig", names=["x", "b"])    # returns the .cig text
    res = check(fn_or_module, (x, b), "out.cig")   # export + `cinductor run` + compare with
    res.ok, res.message                            # PyTorch; prints "PASS name" / "FAIL name: ..."

Command line (run with /usr/bin/python3):

    tools/fx2cig.py MODULE:ATTR --shape f32[4,8] [--shape f32[8] ...] -o out.cig [--check]
                    [--names x,b] [--seed N] [--backend tcc|interp|cc] [--cinductor PATH]

MODULE is an importable module name or a path to a .py file; ATTR a function, an nn.Module
instance or an nn.Module class (constructed without arguments). Each --shape gives one example
input, DTYPE[d0,...] (f32[] is 0-d): random normal floats, integers in [0, 10), random bools.
--check runs the written graph with build/cinductor on those inputs and compares with PyTorch;
the last line is `PASS NAME` or `FAIL NAME: why`. Exit status: 0 ok, 1 check failed or export
error, 2 bad usage.
"""
import argparse
import importlib
import importlib.util
import inspect
import math
import operator
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np
import torch
from torch.utils._pytree import tree_flatten

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
DEFAULT_CINDUCTOR = os.environ.get("CINDUCTOR", os.path.join(ROOT, "build", "cinductor"))

# torch dtype -> (.cig name, numpy dtype used for .npy files)
DTYPES = {
    torch.bool: ("bool", np.bool_), torch.uint8: ("u8", np.uint8), torch.int8: ("i8", np.int8),
    torch.int16: ("i16", np.int16), torch.int32: ("i32", np.int32),
    torch.int64: ("i64", np.int64), torch.float16: ("f16", np.float16),
    torch.bfloat16: ("bf16", np.float32),   # NumPy has no bfloat16: cinductor run uses float32
    torch.float32: ("f32", np.float32), torch.float64: ("f64", np.float64),
}
CIG_DTYPES = {v[0]: k for k, v in DTYPES.items()}
# names a tensor may not take: the format's keywords and literals, dtype names
RESERVED = {"input", "const", "output", "load", "True", "False", "None", "inf", "nan", "_"} | \
    set(CIG_DTYPES)
NAME_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class ExportError(Exception):
    """A graph that cannot be written as .cig; the message names the node and the op."""


# ---------------------------------------------------------------------------------------------
# tracing
# ---------------------------------------------------------------------------------------------
def trace(fn, example_inputs):
    """the aten-level FX GraphModule of fn (a function or an nn.Module) on example_inputs,
    functionalized: an in-place op becomes its out-of-place form and a write through a view a
    *_scatter into its base (`relu_`, `x += y`, `x[:, 0] = v`); what wrote into an input or a
    buffer ends as a copy_ into it, which no output reads"""
    from functorch import make_fx
    try:
        from torch.func import functionalize          # PyTorch 2.x
    except ImportError:
        from functorch.experimental import functionalize
    with _guarded_reads():
        gm = make_fx(functionalize(fn))(*example_inputs)
    if any(_mutates(n) for n in gm.graph.nodes):
        # PyTorch 2.x decomposes some composite ops (gru, the rolls and pads of swin) below
        # functionalization, so their in-place steps stay in the trace: the traced graph,
        # whose ops are all aten ops now, is functionalized once more
        gm = make_fx(functionalize(gm))(*example_inputs)
    return gm


GUARD = "aten._assert_async.default"


def _is_guard(n):
    return n.op == "call_function" and _op_name(n.target) == GUARD


class _guarded_reads:
    """while make_fx traces: a tensor's value read in Python (`bool(t)`, `t.item()`, a tensor
    used as a size or an index: aten._local_scalar_dense, which PyTorch 1.13's tracer refuses)
    gives the value it has on the example inputs, and the trace records a guard checking at
    run time that the value is still that one: _assert_async(t) for True, of logical_not(t)
    for False, of eq(t, v) for a number (isnan(t) for NaN). What the trace then built on the
    value (the branch taken, a size) holds only for inputs passing the guard; the others fail
    the run with the guard's error. Under PyTorch 2.x, whose tracer differs, nothing changes:
    a read still fails the trace."""

    def __enter__(self):
        self.pt = None
        if not torch.__version__.startswith("1."):
            return self
        try:
            import torch.fx.experimental.proxy_tensor as pt
            self.pt, self.orig = pt, pt.proxy_call
            pt.get_proxy_slot
        except (ImportError, AttributeError):
            self.pt = None
            return self
        orig = self.orig

        def proxy_call(mode, func, args, kwargs):
            if func in (torch.ops.aten._local_scalar_dense.default,
                        torch.ops.aten.equal.default):
                r = _guard_read(pt, mode, func, args, kwargs)
                if r is not NotImplemented:
                    return r
            return orig(mode, func, args, kwargs)

        pt.proxy_call = proxy_call
        self.fmode = _IndexTensorsRead()
        self.fmode.__enter__()
        return self

    def __exit__(self, *exc):
        if self.pt is not None:
            self.fmode.__exit__(*exc)
            self.pt.proxy_call = self.orig
        return False


try:
    from torch.overrides import TorchFunctionMode as _TorchFunctionMode
except ImportError:
    _TorchFunctionMode = object


class _IndexTensorsRead(_TorchFunctionMode):
    """tensor_split with a tensor of indices reads the tensor's data in C++, past the tracer:
    here the indices are read first in Python, element by element (each read a guard)"""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func in (torch.tensor_split, torch.Tensor.tensor_split) and len(args) >= 2 and \
                isinstance(args[1], torch.Tensor) and args[1].dim() <= 1 and \
                args[1].dtype == torch.int64:
            t = args[1]
            ix = int(t) if t.dim() == 0 else [int(t[i]) for i in range(t.shape[0])]
            args = (args[0], ix) + tuple(args[2:])
        return func(*args, **kwargs)


def _guard_read(pt, mode, func, args, kwargs):
    """_local_scalar_dense(t) or equal(a, b) under make_fx: the value, with a guard on it in
    the trace (equal: on all(eq(a, b)); none where the shapes differ, which decides it)"""
    if kwargs or not args or not all(isinstance(t, torch.Tensor) and
                                     pt.has_proxy_slot(t, mode.tracer) for t in args):
        return NotImplemented
    slots = [pt.get_proxy_slot(t, mode.tracer, t) for t in args]
    if all(getattr(sl, "constant", None) is not None for sl in slots):
        return NotImplemented      # constants: make_fx reads them itself, nothing to guard
    v = func(*args)   # (inside the mode's dispatch: the real op on the real tensors)
    tr, aten = mode.tracer, torch.ops.aten

    def call(op, *a):
        return tr.create_proxy("call_function", op, a, {},
                               name=tr.graph._target_to_str(op.overloadpacket.__name__))
    if func is aten.equal.default:
        if len(args) != 2 or args[0].shape != args[1].shape or not isinstance(v, bool):
            return v if isinstance(v, bool) and len(args) == 2 else NotImplemented
        p = call(aten.all.default, call(aten.eq.Tensor, slots[0].proxy, slots[1].proxy))
    elif len(args) == 1:
        p = slots[0].proxy
    else:
        return NotImplemented
    if isinstance(v, bool):
        cond = p if v else call(aten.logical_not.default, p)
    elif isinstance(v, float) and v != v:
        cond = call(aten.isnan.default, p)
    elif isinstance(v, (bool, int, float)):
        cond = call(aten.eq.Scalar, p, v)
    else:
        return NotImplemented
    call(aten._assert_async.default, cond)
    return v


def _fold_constant_mutations(gm, example_inputs):
    """a trace's in-place ops on tensors computed from constants alone (PyTorch 2.x does not
    functionalize those: swin_v2_t's relative-position MLP, a q/k/v bias with a slice zeroed)
    are evaluated here: each such computation an input-dependent op reads becomes a constant
    holding the value it had, and the computation is dropped. Returns gm, changed in place."""
    nodes = list(gm.graph.nodes)
    const = set()
    for n in nodes:
        if n.op == "get_attr" or (n.op == "call_function" and
                                  all(a in const for a in n.all_input_nodes)):
            const.add(n)
    bad = [n for n in nodes if n in const and _mutates(n)]
    if not bad:
        return gm
    # the constant regions holding a mutation: connected through constant nodes
    region, stack = set(), list(bad)
    while stack:
        n = stack.pop()
        if n in region or n not in const or n.op == "get_attr":
            continue
        region.add(n)
        stack.extend(n.all_input_nodes)
        stack.extend(n.users)
    rec = _Recorder(gm)
    with torch.no_grad():
        rec.run(*example_inputs)
    out_node = [n for n in nodes if n.op == "output"][0]
    for i, n in enumerate([n for n in nodes if n in region]):
        readers = [u for u in n.users if u not in const or u is out_node]
        if not readers or not isinstance(rec.values.get(n), torch.Tensor):
            continue
        attr = "_folded_constant%d" % i
        gm.register_buffer(attr, rec.values[n].detach().clone())
        with gm.graph.inserting_before(n):
            g = gm.graph.get_attr(attr)
        for u in readers:
            u.replace_input_with(n, g)
    # what no output reads any more (the folded regions, their in-place ops) is dropped
    live, stack = set(), [out_node] + [n for n in nodes if _is_guard(n)]
    while stack:
        n = stack.pop()
        if n not in live:
            live.add(n)
            stack.extend(n.all_input_nodes)
    for n in reversed(list(gm.graph.nodes)):
        if n not in live and n.op != "placeholder":
            gm.graph.erase_node(n)
    gm.recompile()
    return gm


def _mutates(n):
    """an in-place op in a trace, other than functionalization's write back into an input"""
    if n.op != "call_function" or n.target is operator.getitem:
        return False
    sch = getattr(n.target, "_schema", None)
    if sch is None or not sch.is_mutable:
        return False
    return not (str(n.target).startswith("aten.copy_") and not n.users and
                n.args[0].op in ("placeholder", "get_attr"))


def _dtype_name(dt, where):
    if dt in DTYPES:
        return DTYPES[dt][0]
    if dt.is_complex:
        raise ExportError("%s: complex dtype %s is not supported by .cig" % (where, dt))
    raise ExportError("%s: dtype %s has no .cig equivalent" % (where, dt))


def _type_str(t, where):
    return "%s[%s]" % (_dtype_name(t.dtype, where), ", ".join(str(int(d)) for d in t.shape))


def _op_name(target):
    """aten.add.Tensor for an OpOverload, as PyTorch prints it"""
    if isinstance(target, torch._ops.OpOverload):
        return str(target)          # 'aten.add.Tensor', 'aten.gelu.default'
    if isinstance(target, torch._ops.OpOverloadPacket):
        return str(target)          # 'aten.add': the registry resolves the packet
    return None


def _sanitize(name):
    s = re.sub(r"[^A-Za-z0-9_]", "_", name)
    if not s or s[0].isdigit():
        s = "p" + s
    return s


class _Namer:
    def __init__(self, prefix=""):
        self.used = set(RESERVED)
        self.prefix = prefix

    def take(self, want):
        base = _sanitize(self.prefix + want)
        name, i = base, 1
        while name in self.used:
            name = "%s_%d" % (base, i)
            i += 1
        self.used.add(name)
        return name


def _input_names(fn, n):
    """the parameter names of fn (or fn.forward for a module), when there are n of them"""
    try:
        f = fn.forward if isinstance(fn, torch.nn.Module) else fn
        ps = [p for p in inspect.signature(f).parameters.values()
              if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        if len(ps) >= n:
            return [p.name for p in ps[:n]]
    except (TypeError, ValueError):
        pass
    return None


def _module_tensor_names(module):
    """data_ptr/shape/stride/dtype -> qualified name of each parameter and buffer"""
    table = {}
    if isinstance(module, torch.nn.Module):
        items = list(module.named_parameters()) + list(module.named_buffers())
        for qname, t in items:
            if t is None:
                continue
            key = (t.data_ptr(), tuple(t.shape), tuple(t.stride()), t.dtype)
            table.setdefault(key, qname)
    return table


class _Recorder(torch.fx.Interpreter):
    """runs the traced graph once, keeping every node's value (result counts, constant data)"""

    def __init__(self, gm):
        super().__init__(gm)
        self.values = {}
        self.initial = {}   # get_attr tensors as they were before the run wrote into any

    def run_node(self, n):
        v = super().run_node(n)
        self.values[n] = v
        if n.op == "get_attr" and isinstance(v, torch.Tensor):
            self.initial[n] = v.detach().clone()
        return v


def _bn_training_stats(n, opn):
    """native_batch_norm(training=True) with running statistics, which PyTorch 1.13's trace keeps
    in place (it writes them into its arguments): (running_mean, running_var) nodes, else None.
    It is written as aten._native_batch_norm_legit_functional, whose results 3 and 4 (the new
    statistics) later reads of the arguments read."""
    if opn != "aten.native_batch_norm.default":
        return None
    args = list(n.args) + [None] * (8 - len(n.args))
    for i, k in enumerate(("input", "weight", "bias", "running_mean", "running_var", "training",
                           "momentum", "eps")):
        if k in n.kwargs:
            args[i] = n.kwargs[k]
    if not args[5] or (args[3] is None and args[4] is None):
        return None
    if not isinstance(args[3], torch.fx.Node) or not isinstance(args[4], torch.fx.Node):
        raise ExportError("node %s: %s in training mode with only one of running_mean and "
                          "running_var" % (n.name, opn))
    return args[3], args[4]


def _dead_write_back(n, nodes):
    """an in-place op whose result nothing uses, writing into an input, a constant or an alias
    of one that nothing reads afterwards (a module buffer's update, num_batches_tracked += 1):
    cinductor writes no input or constant, and nothing sees the write"""
    if n.users or not n.args or not isinstance(n.args[0], torch.fx.Node):
        return False
    targets, t = [], n.args[0]
    while True:
        targets.append(t)
        if t.op == "call_function" and _op_name(t.target) == "aten.alias.default":
            t = t.args[0]
            continue
        break
    if t.op not in ("placeholder", "get_attr"):
        return False
    later = nodes[nodes.index(n) + 1:]
    return not any(u in later for x in targets for u in x.users)


# ---------------------------------------------------------------------------------------------
# formatting values
# ---------------------------------------------------------------------------------------------
def _fmt_float(v):
    if v != v:
        return "nan"
    if v in (math.inf, -math.inf):
        return "inf" if v > 0 else "-inf"
    s = repr(float(v))
    return s


def _fmt_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") \
        .replace("\t", "\\t").replace("\r", "\\r") + '"'


class _Formatter:
    def __init__(self, names, multi):
        self.names, self.multi = names, multi

    def fmt(self, v, where):
        if isinstance(v, torch.fx.Node):
            if v in self.multi:
                raise ExportError("%s: uses the multi-result node %s as a tensor" % (where, v.name))
            if v not in self.names:
                raise ExportError("%s: argument %s has no value (op %s)" % (where, v.name, v.op))
            return self.names[v]
        if isinstance(v, bool):
            return "True" if v else "False"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, float):
            return _fmt_float(v)
        if v is None:
            return "None"
        if isinstance(v, str):
            return _fmt_str(v)
        if isinstance(v, (list, tuple)):
            return "[" + ", ".join(self.fmt(e, where) for e in v) + "]"
        if isinstance(v, torch.dtype):
            return _dtype_name(v, where)
        if isinstance(v, torch.device):
            return _fmt_str(str(v))
        if isinstance(v, (torch.layout, torch.memory_format)):
            return _fmt_str(str(v).replace("torch.", ""))
        if isinstance(v, torch.Tensor):
            raise ExportError("%s: a tensor value inlined as an argument (not a graph node)" % where)
        raise ExportError("%s: argument of type %s has no .cig literal (%r)"
                          % (where, type(v).__name__, v))


# ---------------------------------------------------------------------------------------------
# export
# ---------------------------------------------------------------------------------------------
def to_cig(fn, example_inputs, names=None, gm=None, title=None, prefix=""):
    """traces fn and returns (cig text, {const name: numpy array}); writes nothing. prefix
    (a name start, `s3_`) leads every name the graph declares, inputs and constants included,
    so that several exported graphs can be joined into one .cig"""
    example_inputs = tuple(example_inputs)
    for i, a in enumerate(example_inputs):
        if not isinstance(a, torch.Tensor):
            raise ExportError("example input %d is a %s, not a tensor: make_fx bakes Python values "
                              "into the trace (close over them instead)" % (i, type(a).__name__))
    # fresh copies: make_fx maps one tensor object passed twice to one placeholder
    example_inputs = tuple(t.detach().clone() for t in example_inputs)
    if gm is None:
        gm = _fold_constant_mutations(trace(fn, example_inputs), example_inputs)
    graph = gm.graph
    nodes = list(graph.nodes)
    placeholders = [n for n in nodes if n.op == "placeholder"]
    if len(placeholders) != len(example_inputs):
        raise ExportError("the trace has %d inputs, %d example inputs were given"
                          % (len(placeholders), len(example_inputs)))

    # in-place ops and what FX nodes cannot be written, before anything else
    for n in nodes:
        if n.op == "call_function":
            if n.target is operator.getitem:
                continue
            opn = _op_name(n.target)
            if opn is None:
                raise ExportError("node %s: %s is not an aten op (only torch.ops overloads and "
                                  "getitem can be exported)" % (n.name, getattr(n.target, "__name__", n.target)))
            if _bn_training_stats(n, opn) is not None or _dead_write_back(n, nodes):
                continue
            if _mutates(n):
                raise ExportError("node %s: %s mutates its arguments (in-place ops cannot be "
                                  "exported; use the out-of-place op)" % (n.name, opn))
        elif n.op in ("call_method", "call_module"):
            raise ExportError("node %s: %s %s is not an aten op" % (n.name, n.op, n.target))

    rec = _Recorder(gm)
    with torch.no_grad():
        rec.run(*example_inputs)
    values = rec.values

    out_node = [n for n in nodes if n.op == "output"][0]
    outs, _ = tree_flatten(out_node.args[0])
    for i, o in enumerate(outs):
        if not isinstance(o, torch.fx.Node) or not isinstance(values.get(o), torch.Tensor):
            raise ExportError("output %d is %r, not a tensor: only tensor outputs can be exported"
                              % (i, o))

    # liveness: nodes the outputs and the guards (_guarded_reads) depend on
    live = set()
    stack = list(outs) + [n for n in nodes if _is_guard(n)]
    while stack:
        n = stack.pop()
        if n in live:
            continue
        live.add(n)
        stack.extend(n.all_input_nodes)
    # multi-result nodes and their getitem users
    multi = {}
    for n in nodes:
        if n.op == "call_function" and n.target is not operator.getitem and \
                isinstance(values.get(n), (tuple, list)):
            multi[n] = len(values[n])
    for n in nodes:
        if n.op == "call_function" and n.target is operator.getitem:
            src = n.args[0]
            if src not in multi or not isinstance(n.args[1], int):
                raise ExportError("node %s: getitem on %s (only the results of multi-result ops "
                                  "can be indexed)" % (n.name, getattr(src, "name", src)))

    if prefix and not NAME_RE.match(prefix):
        raise ExportError("prefix: %r cannot start a .cig name" % prefix)
    namer = _Namer(prefix)
    names_of = {}
    # inputs: given names, the function's parameter names, or the placeholder's
    if names is not None:
        names = list(names)
        if len(names) != len(placeholders):
            raise ExportError("names: %d names for %d inputs" % (len(names), len(placeholders)))
        for nm in names:
            if not NAME_RE.match(nm) or nm in RESERVED:
                raise ExportError("names: %r is not a valid .cig name" % nm)
    else:
        names = _input_names(fn, len(placeholders)) or \
            [re.sub(r"_1$", "", p.name) for p in placeholders]
    decls = []
    for p, nm, ex in zip(placeholders, names, example_inputs):
        names_of[p] = namer.take(nm)
        decls.append("input %s: %s" % (names_of[p], _type_str(ex, "input %s" % names_of[p])))

    # constants (get_attr)
    modnames = _module_tensor_names(fn)
    consts, seen = {}, {}
    for n in nodes:
        if n.op != "get_attr" or n not in live:
            continue
        t = values[n]
        if not isinstance(t, torch.Tensor):
            raise ExportError("node %s: get_attr %s is a %s, not a tensor"
                              % (n.name, n.target, type(t).__name__))
        key = (t.data_ptr(), tuple(t.shape), tuple(t.stride()), t.dtype)
        if key in seen:        # one tensor read twice (a shared parameter): one constant
            names_of[n] = seen[key]
            continue
        nm = seen[key] = namer.take(modnames.get(key, str(n.target)))
        names_of[n] = nm
        where = "constant %s (node %s)" % (nm, n.name)
        typ = _type_str(t, where)
        if t.dtype == torch.bfloat16:
            raise ExportError("%s: bf16 constants cannot be written (.npy has no bfloat16)" % where)
        t = rec.initial.get(n, t)
        consts[nm] = t.detach().cpu().contiguous().numpy().copy()
        decls.append('const %s: %s = load("%s.npy")' % (nm, typ, nm))

    # aten._linalg_check_errors(info, api, is_matrix) returns nothing, so no output depends on
    # it: the factorization whose info it checks is written with check_errors=True instead (it
    # then raises, as the check would have)
    checked = set()
    for n in nodes:
        if n.op == "call_function" and _op_name(n.target) == "aten._linalg_check_errors.default":
            info = n.args[0]
            if isinstance(info, torch.fx.Node) and info.target is operator.getitem:
                checked.add(info.args[0])

    # calls
    body = []
    fmt = _Formatter(names_of, multi)
    for n in nodes:
        if n.op != "call_function" or n.target is operator.getitem:
            continue
        if n not in live:
            continue
        opn = _op_name(n.target)
        where = "node %s (%s)" % (n.name, opn)
        stats = _bn_training_stats(n, opn)
        if n in multi:
            k = multi[n]
            lhs = ["_"] * k
            if stats:
                opn = "aten._native_batch_norm_legit_functional.default"
                lhs += [namer.take(stats[0].name + "_new"), namer.take(stats[1].name + "_new")]
            for u in n.users:
                if u in live:
                    idx = u.args[1]
                    if not 0 <= idx < k:
                        raise ExportError("%s: getitem %d of %d results" % (where, idx, k))
                    if lhs[idx] == "_":
                        lhs[idx] = namer.take(u.name)
                    names_of[u] = lhs[idx]
            if k == 0:
                raise ExportError("%s: returns an empty list" % where)
            for i, r in enumerate(values[n]):
                if r is None and lhs[i] == "_":
                    continue   # a result the op leaves out (mkldnn_rnn_layer's workspace)
                if not isinstance(r, torch.Tensor):
                    raise ExportError("%s: result %d is a %s, not a tensor"
                                      % (where, i, type(r).__name__))
                _dtype_name(r.dtype, "%s result %d" % (where, i))
            target = ", ".join(lhs)
        elif _is_guard(n):   # no result; named, so that its run-time error names it
            target = namer.take(n.name)
        else:
            v = values.get(n)
            if not isinstance(v, torch.Tensor):
                raise ExportError("%s: returns a %s, not a tensor" % (where, type(v).__name__))
            _dtype_name(v.dtype, where)
            target = namer.take(n.name)
        args = [fmt.fmt(a, where) for a in n.args]
        args += ["%s=%s" % (key, fmt.fmt(val, where)) for key, val in n.kwargs.items()]
        if n in checked and "check_errors" not in n.kwargs:
            args.append("check_errors=True")
        body.append("%s = %s(%s)" % (target, opn, ", ".join(args)))
        if n not in multi:
            names_of[n] = target
        if stats:   # later reads of the running statistics read the new ones
            names_of[stats[0]], names_of[stats[1]] = lhs[3], lhs[4]

    out_names = [fmt.fmt(o, "output") for o in outs]
    head = "# exported from PyTorch %s by tools/fx2cig.py%s" % (
        torch.__version__, (": " + title) if title else "")
    text = "\n".join([head] + decls + body + ["output " + ", ".join(out_names)]) + "\n"
    return text, consts


def export(fn, example_inputs, out_path, names=None, title=None):
    """traces fn (function or nn.Module) on example_inputs and writes out_path (.cig) and the
    constants' NAME.npy files beside it. Returns the .cig text. Raises ExportError (nothing
    written) for what cannot be exported."""
    if title is None:
        title = getattr(fn, "__name__", None) or type(fn).__name__
    text, consts = to_cig(fn, example_inputs, names=names, title=title)
    d = os.path.dirname(os.path.abspath(out_path))
    os.makedirs(d, exist_ok=True)
    for nm, arr in consts.items():
        np.save(os.path.join(d, nm + ".npy"), arr)
    tmp = out_path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, out_path)
    return text


# ---------------------------------------------------------------------------------------------
# check: run the .cig with cinductor and compare with PyTorch
# ---------------------------------------------------------------------------------------------
class CheckResult:
    def __init__(self, ok, message, text=None):
        self.ok, self.message, self.text = ok, message, text

    def __bool__(self):
        return self.ok

    def __repr__(self):
        return "CheckResult(ok=%r, message=%r)" % (self.ok, self.message)


def _to_numpy(t):
    t = t.detach().cpu().contiguous()
    if t.dtype == torch.bfloat16:
        t = t.float()
    return t.numpy()


def tolerance(dtype, n_reduced=1, big=1.0):
    """(rtol, atol) for outputs of a torch dtype; sums of n terms drift like sqrt(n)"""
    spread = max(1.0, big) * max(1.0, n_reduced ** 0.5)
    if dtype == torch.float64:
        return 1e-9, 1e-10 + 1e-14 * spread
    if dtype == torch.float32:
        return 1e-4, 1e-5 + 1e-6 * spread
    if dtype == torch.float16:
        return 1e-2, 1e-3 + 1e-3 * spread
    if dtype == torch.bfloat16:
        return 2e-2, 1e-2 + 1e-2 * spread
    return 0.0, 0.0


def compare(got, exp_t, rtol=None, atol=None, n_reduced=1):
    """None if got (numpy) matches exp_t (torch tensor), else a message"""
    exp = _to_numpy(exp_t)
    if got.dtype != exp.dtype:
        return "dtype %s, PyTorch %s" % (got.dtype, exp_t.dtype)
    if got.shape != exp.shape:
        return "shape %s, PyTorch %s" % (list(got.shape), list(exp.shape))
    if got.size == 0:
        return None
    if exp.dtype.kind == "f":
        g, e = got.astype(np.float64), exp.astype(np.float64)
        fin = np.abs(e[np.isfinite(e)])
        big = float(fin.max()) if fin.size else 1.0
        r, a = tolerance(exp_t.dtype, n_reduced, big)
        rtol = r if rtol is None else rtol
        atol = a if atol is None else atol
        gn, en = np.isnan(g), np.isnan(e)
        bad = gn != en
        both = ~(gn | en)
        inf = both & (np.isinf(g) | np.isinf(e))
        bad |= inf & (g != e)
        close = both & ~inf
        with np.errstate(invalid="ignore", over="ignore"):
            bad |= close & (np.abs(g - e) > atol + rtol * np.abs(e))
    else:
        bad = got != exp
    if not bad.any():
        return None
    idx = np.argwhere(bad)
    first = tuple(int(v) for v in idx[0])
    msg = "%d of %d differ; at %s got %r expected %r" % (
        len(idx), got.size, list(first), got[first].item(), exp[first].item())
    if exp.dtype.kind == "f":
        with np.errstate(invalid="ignore", over="ignore"):
            d = np.abs(got.astype(np.float64) - exp.astype(np.float64)).reshape(-1)
            d[~np.isfinite(d)] = 0   # (reshaped: a 0-d difference is a NumPy scalar)
        msg += " (max abs err %.3g, rtol %g atol %g)" % (d.max(), rtol, atol)
    return msg


def _clean_error(stderr, cig=None, text=None):
    """cinductor's message, led by the unsupported op and the .cig statement it points at"""
    lines = [l for l in stderr.strip().splitlines() if l.strip()]
    msg = " | ".join(lines[:3]) or "no message"
    stmt = None
    m = re.search(r":(\d+):\d+: error:", msg)
    if m and text is not None:
        src = text.splitlines()
        k = int(m.group(1))
        if 1 <= k <= len(src):
            stmt = src[k - 1].strip()
    m = re.search(r"unknown op '([^']+)'", msg)
    if m:
        msg = "cinductor does not support %s (%s): %s" % (m.group(1), stmt, msg)
    elif stmt:
        msg = "%s [at: %s]" % (msg, stmt)
    return msg


def check(fn, example_inputs, out_path=None, names=None, name=None, cinductor=None,
          backend=None, rtol=None, atol=None, quiet=False, timeout=600):
    """exports fn (to out_path, or a temporary directory), runs it with `cinductor run` on
    example_inputs and compares every output with PyTorch eager (dtype and shape exactly,
    integers and bools equal, floats within dtype-appropriate tolerances). Prints
    `PASS name` or `FAIL name: why` unless quiet; returns a CheckResult (truthy when it passed).
    Export errors are reported as failures, not raised."""
    name = name or getattr(fn, "__name__", None) or type(fn).__name__
    cinductor = cinductor or DEFAULT_CINDUCTOR
    example_inputs = tuple(example_inputs)
    tmp = tempfile.mkdtemp(prefix="fx2cig_")
    text = None
    try:
        try:
            if out_path is None:
                out_path_ = os.path.join(tmp, "graph.cig")
            else:
                out_path_ = out_path
            text = export(fn, example_inputs, out_path_, names=names, title=name)
        except ExportError as e:
            res = CheckResult(False, "export: %s" % e)
        else:
            res = _run_and_compare(fn, example_inputs, out_path_, text, tmp, cinductor, backend,
                                   rtol, atol, timeout)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if not quiet:
        print(("PASS %s" % name) if res.ok else ("FAIL %s: %s" % (name, res.message)), flush=True)
    return res


def _run_and_compare(fn, example_inputs, cig, text, tmp, cinductor, backend, rtol, atol, timeout):
    if not os.path.exists(cinductor):
        return CheckResult(False, "%s not found (run make first)" % cinductor, text)
    decl_names = re.findall(r"^input ([A-Za-z_][A-Za-z0-9_]*):", text, re.M)
    cmd = [cinductor, "run", cig]
    for nm, t in zip(decl_names, example_inputs):
        p = os.path.join(tmp, "in_%s.npy" % nm)
        np.save(p, _to_numpy(t))
        cmd += ["--in", "%s=%s" % (nm, p)]
    outdir = os.path.join(tmp, "out")
    cmd += ["--out", outdir]
    if backend:
        cmd += ["--backend", backend]
    with torch.no_grad():
        expected = fn(*[t.clone() for t in example_inputs])
    expected, _ = tree_flatten(expected)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return CheckResult(False, "cinductor timed out after %ds" % timeout, text)
    if p.returncode != 0:
        why = "crashed (signal %d)" % -p.returncode if p.returncode < 0 else "exit %d" % p.returncode
        return CheckResult(False, "cinductor %s: %s" % (why, _clean_error(p.stderr or p.stdout, cig, text)),
                           text)
    n_red = max([t.numel() for t in example_inputs] + [1])
    for i, e in enumerate(expected):
        path = os.path.join(outdir, "out%d.npy" % i)
        if not os.path.exists(path):
            return CheckResult(False, "out%d.npy missing" % i, text)
        msg = compare(np.load(path), e, rtol, atol, n_red)
        if msg:
            return CheckResult(False, "output %d: %s" % (i, msg), text)
    if os.path.exists(os.path.join(outdir, "out%d.npy" % len(expected))):
        return CheckResult(False, "more outputs than PyTorch's %d" % len(expected), text)
    return CheckResult(True, "", text)


# ---------------------------------------------------------------------------------------------
# command line
# ---------------------------------------------------------------------------------------------
SHAPE_RE = re.compile(r"^\s*([a-z0-9]+)\s*\[\s*([0-9,\s]*)\]\s*$")


def parse_shape(s):
    """'f32[4,8]' -> (torch.float32, [4, 8])"""
    m = SHAPE_RE.match(s)
    if not m or m.group(1) not in CIG_DTYPES:
        raise ValueError("bad --shape %r: want DTYPE[d0,d1,...] with DTYPE one of %s"
                         % (s, " ".join(CIG_DTYPES)))
    dims = [int(d) for d in m.group(2).replace(" ", "").split(",") if d]
    return CIG_DTYPES[m.group(1)], dims


def make_input(dtype, shape, gen):
    if dtype == torch.bool:
        return torch.randint(0, 2, shape, generator=gen).bool()
    if dtype.is_floating_point:
        return torch.randn(shape, generator=gen).to(dtype)
    return torch.randint(0, 10, shape, generator=gen).to(dtype)


def load_target(spec):
    mod, sep, attr = spec.rpartition(":")
    if not sep or not mod or not attr:
        raise ValueError("want MODULE:ATTR, got %r" % spec)
    if mod.endswith(".py") or os.sep in mod:
        name = os.path.splitext(os.path.basename(mod))[0]
        sp = importlib.util.spec_from_file_location(name, mod)
        m = importlib.util.module_from_spec(sp)
        sys.path.insert(0, os.path.dirname(os.path.abspath(mod)))
        sp.loader.exec_module(m)
    else:
        sys.path.insert(0, os.getcwd())
        m = importlib.import_module(mod)
    obj = m
    for part in attr.split("."):
        obj = getattr(obj, part)
    if isinstance(obj, type) and issubclass(obj, torch.nn.Module):
        obj = obj()
    if isinstance(obj, torch.nn.Module):
        obj.eval()
    return obj


def main(argv=None):
    ap = argparse.ArgumentParser(prog="fx2cig.py", description=__doc__.splitlines()[0])
    ap.add_argument("target", help="MODULE:ATTR (MODULE a module name or a .py path)")
    ap.add_argument("--shape", action="append", default=[], metavar="DTYPE[d0,...]",
                    help="one example input (repeat, in order)")
    ap.add_argument("-o", "--out", required=True, help="the .cig file to write")
    ap.add_argument("--names", default=None, help="input names, comma separated")
    ap.add_argument("--check", action="store_true", help="run with cinductor and compare")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--backend", default=None, help="cinductor backend for --check")
    ap.add_argument("--cinductor", default=DEFAULT_CINDUCTOR)
    args = ap.parse_args(argv)
    try:
        fn = load_target(args.target)
        specs = [parse_shape(s) for s in args.shape]
    except (ValueError, ImportError, AttributeError, OSError) as e:
        print("fx2cig: %s" % e, file=sys.stderr)
        return 2
    gen = torch.Generator().manual_seed(args.seed)
    inputs = [make_input(dt, sh, gen) for dt, sh in specs]
    names = args.names.split(",") if args.names else None
    label = args.target.rpartition(":")[2]
    if args.check:
        res = check(fn, inputs, args.out, names=names, name=label, cinductor=args.cinductor,
                    backend=args.backend)
        return 0 if res.ok else 1
    try:
        export(fn, inputs, args.out, names=names, title=label)
    except ExportError as e:
        print("fx2cig: %s" % e, file=sys.stderr)
        return 1
    print("wrote %s" % args.out, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
