#!/usr/bin/python3
"""Tests of tools/fx2cig.py, the PyTorch exporter: PyTorch functions and modules are traced with
make_fx, written as .cig, run with build/cinductor and compared with PyTorch eager.

Kinds of case:
  ok           export + `cinductor run` (each backend of --backends) must match PyTorch;
  unsupported  uses an op cinductor does not have yet (mm, avg_pool2d, ...): the run must fail
               with cinductor's error naming one of the listed ops (or, once the op exists,
               match PyTorch);
  bug          a known cinductor bug: the run must fail with the listed message (or, once fixed,
               match PyTorch);
  export-error fx2cig must refuse the function with ExportError naming the node and the op,
               and write nothing;
  bench        tests/bench/NAME.cig (the workload suite at full size) run with cinductor on
               random inputs against the same computation in PyTorch; graphs using an op
               cinductor lacks must fail naming it.
and one run of the command line (`fx2cig.py FILE:FUNC --shape ... --check`).

Usage: test_fx2cig.py [-k SUBSTRING] [--backends tcc,interp] [--no-bench] [--cinductor PATH] [-v]
Prints PASS/FAIL per case, last line `N passed, M failed[, K skipped]`; exit status 1 on failure.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))

try:
    import numpy as np
    import torch
    import torch.nn.functional as F
    from functorch import make_fx  # noqa: F401
except Exception as e:  # torch (or numpy, functorch) missing or broken
    print("SKIP test-fx2cig: PyTorch not found (install python3-torch): %s" % e)
    print("0 passed, 0 failed, 1 skipped")
    sys.exit(0)

import fx2cig  # noqa: E402
from fx2cig import ExportError, check, export  # noqa: E402


def g_(seed):
    return torch.Generator().manual_seed(seed)


def randn(*shape, seed=0):
    return torch.randn(*shape, generator=g_(seed))


def randint(lo, hi, *shape, dtype=torch.int64, seed=0):
    return torch.randint(lo, hi, shape, generator=g_(seed)).to(dtype)


# ---------------------------------------------------------------------------------------------
# the functions
# ---------------------------------------------------------------------------------------------
# SUITE.md workloads (anchor_torch.py's definitions), here at small sizes
def pointwise_gelu_bias(x, b):
    return F.gelu(x * 1.702 + b)


def softmax_lastdim(x):
    return torch.softmax(x, -1)


def layernorm(x, w, b):
    return F.layer_norm(x, (x.shape[-1],), w, b)


def rowsum(x):
    return x.sum(-1)


def colsum(x):
    return x.sum(0)


def transpose_add(x):
    return x.t() + x


def silu_mul_rmsnorm(a, c, w):
    h = F.silu(a) * c
    return h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + 1e-6) * w


def blur3x3_tonemap(img):
    y = F.avg_pool2d(img, 3, stride=1, padding=1)
    return (y / (1 + y.abs())).clamp(0, 1)


def mlp_b64(x, w1, b1, w3):
    return torch.relu(x @ w1 + b1) @ w3


def attention_small(q, k, v):
    return torch.softmax(q @ k.transpose(-1, -2) * 0.125, -1) @ v


# more
def mul_add_chain(x, w, b):
    y = x * w + b
    return torch.tanh(y * 2 - 1) + torch.sigmoid(y) * 0.5


class NoGradEval(torch.nn.Module):
    """a module run in eval mode under torch.no_grad(), where PyTorch's eager
    nn.TransformerEncoderLayer takes its fast path (_transformer_encoder_layer_fwd)"""

    def __init__(self, m):
        super().__init__()
        self.m = m.eval()

    def forward(self, *xs):
        with torch.no_grad():
            return self.m(*xs)


def encoder_layer(norm_first, act, seed):
    torch.manual_seed(seed)
    return torch.nn.TransformerEncoderLayer(8, 2, 16, activation=act, batch_first=True,
                                            norm_first=norm_first)


class EncoderLayerPadded(NoGradEval):
    def forward(self, x, pad):
        with torch.no_grad():
            return self.m(x, src_key_padding_mask=pad)


class EncoderLayerFastPath(NoGradEval):
    """the fast path's op called directly, with the layer's own weights"""

    def forward(self, x):
        m = self.m
        return torch._transformer_encoder_layer_fwd(
            x, 8, 2, m.self_attn.in_proj_weight, m.self_attn.in_proj_bias,
            m.self_attn.out_proj.weight, m.self_attn.out_proj.bias, m.activation_relu_or_gelu == 2,
            m.norm_first, m.norm1.eps, m.norm1.weight, m.norm1.bias, m.norm2.weight, m.norm2.bias,
            m.linear1.weight, m.linear1.bias, m.linear2.weight, m.linear2.bias, None, None)


class NormScale(torch.nn.Module):
    """LayerNorm with parameters, a learned scale (parameter) and a shift (buffer)"""

    def __init__(self, d):
        super().__init__()
        self.norm = torch.nn.LayerNorm(d)
        with torch.no_grad():
            self.norm.weight.copy_(torch.linspace(0.5, 1.5, d))
            self.norm.bias.copy_(torch.linspace(-0.1, 0.1, d))
        self.scale = torch.nn.Parameter(torch.full((d,), 1.25))
        self.register_buffer("shift", torch.arange(d, dtype=torch.float32) / d)

    def forward(self, x):
        return torch.relu(self.norm(x) * self.scale + self.shift)


class LinearNorm(torch.nn.Module):
    """LayerNorm then Linear: Linear needs addmm/mm"""

    def __init__(self, d, o):
        super().__init__()
        self.norm = torch.nn.LayerNorm(d)
        self.proj = torch.nn.Linear(d, o)

    def forward(self, x):
        return self.proj(self.norm(x))


def max_dim(x):
    vals, idx = x.max(1, keepdim=True)
    mn = x.min(0)
    return vals, idx, mn.values, mn.indices


def where_clamp(x):
    y = torch.where(x > 0, x, x * 0.1)
    return y.clamp(-1.0, 1.0), x.clamp(min=0.5), torch.maximum(x, y.clamp(max=0.2))


def normalize_no_var(x):
    c = x - x.mean(-1, keepdim=True)
    return c / (c.abs().amax(-1, keepdim=True) + 1e-6)


def argmax_argmin(x):
    return x.argmax(-1), x.argmin(0), x.argmax()


def view_permute_chain(x):
    y = x.view(4, 8, 16).permute(2, 0, 1).contiguous().view(16, 32)
    return y.t().unsqueeze(0).sum(-1) + 1, y.transpose(0, 1).exp()


def slice_select(x):
    return x[:, 1:9:2] * x[0, :4] + x[1:3, -4:].sum()


def dtype_casts(x):
    d = x.double() * 3
    i = (x * 10).to(torch.int32)
    return d.exp().float(), i * 2 + 1, (i > 0), x.to(torch.float64).sum(0)


def int_tensors(a, b):
    s = (a * 3 - b).abs() + torch.maximum(a, b)
    return s, s.sum(1), a.amax(0), (a == b).logical_or(a > 5)


def int_bool_ops(a):
    m = ~(a > 0) | (a < -5)
    return a // 3, a % 4, m, m & (a != 2), m ^ (a == 1)


def log_softmax_exp(x):
    return torch.log_softmax(x, -1).exp() - torch.softmax(x, -1)


def expand_reduce(x, b):
    return x.unsqueeze(0).expand(3, 6, 10).sum(0) * 2 + b.expand(6, 10), x.mean(), x.prod(1)


def logical_mask(x, y):
    m = torch.logical_and(x > 0, y < 0)
    return torch.where(m, x, y), m, torch.logical_not(m).any(1), m.all(0)


_CLOSED = torch.linspace(-1, 1, 10)


def closed_over_tensor(x):
    return x * _CLOSED + 0.5


def creation_ops(x):
    return x + torch.ones_like(x) * 2 + torch.full((1, 10), 0.25), torch.zeros(3, dtype=torch.int64)


def scalar_outputs(x):
    return x.sum(), x.mean(dim=[0, 1]), x.amax()


# expected unsupported (ops cinductor lacks) and known bugs
def reshape_contiguous(x):
    return x.reshape(8, 16) * 2


def tensor_literal(x):
    return x + torch.tensor([1.0, 2.0, 3.0, 4.0])


def concat(x):
    return torch.cat([x, x * 2], 1)


def where_python_scalar(x):
    return torch.where(x > 0, x, 0.0)


def split_chunks(x):
    a, b = x.split(2, 1)
    return a * b


def var_norm(x):
    return (x - x.mean(-1, keepdim=True)) / torch.sqrt(x.var(-1, keepdim=True) + 1e-5)


def broadcast_low_rank_first(x, b):
    return b + x


# linear algebra (>>lapack): what make_fx writes for torch.linalg (linalg_cholesky_ex and
# _linalg_check_errors, _linalg_solve_ex, _linalg_det, _linalg_svd, ...)
def spd(n, batch=(), seed=0):
    r = randn(*batch, n, n, seed=seed).double()
    return (r @ r.mT + n * torch.eye(n, dtype=torch.float64)).float()


def linalg_solve_chain(a, b):
    x = torch.linalg.solve(a, b)
    return x, torch.linalg.inv(a), torch.linalg.det(a), torch.linalg.slogdet(a)[1]


def linalg_cholesky_chain(a, b):
    l = torch.linalg.cholesky(a)
    return torch.cholesky_solve(b, l), torch.linalg.eigvalsh(a), torch.linalg.svdvals(a)


def linalg_norms(a):
    return torch.linalg.matrix_norm(a, "nuc"), torch.linalg.matrix_norm(a, 2), torch.linalg.cond(a)


def run_check_errors(args):
    """torch.linalg.cholesky's _linalg_check_errors becomes check_errors=True: a matrix that is not
    positive-definite fails the run with PyTorch's words"""
    d = tempfile.mkdtemp(prefix="fx2cig_e_")
    path = os.path.join(d, "g.cig")
    export(lambda a: torch.linalg.cholesky(a), (spd(3),), path, names=["a"])
    text = open(path).read()
    if "check_errors=True" not in text:
        return False, "no check_errors=True in\n" + text
    bad = -spd(3)
    np.save(os.path.join(d, "a.npy"), bad.numpy())
    p = subprocess.run([args.cinductor, "run", path, "--in", "a=" + os.path.join(d, "a.npy"),
                        "--out", os.path.join(d, "out")], capture_output=True, text=True)
    if p.returncode == 0 or "not positive-definite" not in p.stderr:
        return False, "exit %d: %s" % (p.returncode, p.stderr.strip())
    return True, ""


# values a trace reads (fx2cig._guarded_reads): each becomes a run-time guard
def branch_on_sum(x):
    if x.sum() > 0:
        return x * 2
    return x - 1


def one_hot_auto(i):
    return torch.nn.functional.one_hot(i)   # num_classes -1: max(i) + 1, read from the data


def size_from_tensor(x, n):
    return x.narrow(0, 0, int(n)) * 3


def equal_branch(a, b):
    return a + 1 if torch.equal(a, b) else a * b


def split_at(x, i):
    return torch.tensor_split(x, i)[1]   # a tensor of indices: read element by element


def gaussian_nll(x, t, v):
    return torch.nn.functional.gaussian_nll_loss(x, t, v)   # raises for a negative variance


GUARD_CASES = [
    # fn, traced inputs, inputs on the same side of every read, inputs on the other side
    (branch_on_sum, (randn(7).abs() + 0.1,), (randn(7, seed=1).abs(),),
     (-randn(7, seed=2).abs() - 0.1,)),
    (branch_on_sum, (-randn(7).abs() - 0.1,), (-randn(7, seed=1).abs() - 0.1,),
     (randn(7, seed=2).abs() + 0.1,)),
    (one_hot_auto, (torch.tensor([0, 4, 2, 1]),), (torch.tensor([4, 4, 0, 3]),),
     (torch.tensor([0, 5, 2, 1]),)),
    (size_from_tensor, (randn(6, 3), torch.tensor(4)), (randn(6, 3, seed=1), torch.tensor(4)),
     (randn(6, 3), torch.tensor(2))),
    (equal_branch, (torch.ones(3), torch.ones(3)), (torch.zeros(3), torch.zeros(3)),
     (torch.ones(3), torch.zeros(3))),
    (equal_branch, (torch.ones(3), torch.zeros(3)), (torch.ones(3) * 2, torch.ones(3)),
     (torch.ones(3), torch.ones(3))),
    (split_at, (randn(9), torch.tensor([2, 5])), (randn(9, seed=1), torch.tensor([2, 5])),
     (randn(9), torch.tensor([3, 5]))),
    (gaussian_nll, (randn(5, 3), randn(5, 3, seed=1), randn(5, 3, seed=2).abs() + 0.1),
     (randn(5, 3, seed=3), randn(5, 3, seed=4), randn(5, 3, seed=5).abs() + 0.1),
     (randn(5, 3), randn(5, 3), -randn(5, 3).abs())),
]


def _run_cig(args, path, names, inputs, d):
    cmd = [args.cinductor, "run", path, "--out", os.path.join(d, "out")]
    for nm, t in zip(names, inputs):
        np.save(os.path.join(d, nm + ".npy"), t.numpy())
        cmd += ["--in", "%s=%s" % (nm, os.path.join(d, nm + ".npy"))]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def run_guards(args):
    """a trace reading a value (a branch on a tensor, a size from a tensor, torch.equal,
    gaussian_nll_loss's check of the variance) exports with a guard on it: the graph matches
    PyTorch on the traced inputs and on others reading the same, and fails with the guard's
    message on inputs that would have traced differently"""
    notes = []
    for fn, traced, same, other in GUARD_CASES:
        name = "%s(%s)" % (fn.__name__, ", ".join(str(list(t.shape)) for t in traced))
        d = tempfile.mkdtemp(prefix="fx2cig_g_")
        try:
            path = os.path.join(d, "g.cig")
            names = ["in%d" % i for i in range(len(traced))]
            text = export(fn, traced, path, names=names)
            if "aten._assert_async.default(" not in text:
                return False, "%s: no guard in\n%s" % (name, text)
            for ins in (traced, same):
                p = _run_cig(args, path, names, ins, d)
                if p.returncode != 0:
                    return False, "%s: exit %d: %s" % (name, p.returncode, p.stderr.strip())
                msg = fx2cig.compare(np.load(os.path.join(d, "out", "out0.npy")), fn(*ins))
                if msg:
                    return False, "%s: %s" % (name, msg)
            p = _run_cig(args, path, names, other, d)
            if p.returncode == 0 or "graph guard failed" not in p.stderr:
                return False, "%s on the other branch: exit %d: %s" % (name, p.returncode,
                                                                      p.stderr.strip())
            notes.append(fn.__name__)
        finally:
            import shutil
            shutil.rmtree(d, ignore_errors=True)
    return True, "%d graphs" % len(notes)


# in-place ops: functionalized by the exporter
def inplace_add(x):
    return x.add_(1)


class ReluInplaceBlock(torch.nn.Module):
    """torchvision's pattern: ReLU(inplace=True) and `out += identity`"""
    def __init__(self, n):
        super().__init__()
        self.lin = torch.nn.Linear(n, n)
        self.act = torch.nn.ReLU(inplace=True)

    def forward(self, x):
        out = self.act(self.lin(x))
        out += x
        return self.act(out)


class MhaFastPath(torch.nn.Module):
    """nn.MultiheadAttention in eval mode without grad: PyTorch's fast path, one
    aten._native_multi_head_attention"""
    def __init__(self, e, h):
        super().__init__()
        torch.manual_seed(70)
        self.m = torch.nn.MultiheadAttention(e, h, batch_first=True).eval()

    def forward(self, q):
        with torch.no_grad():
            return self.m(q, q, q)[0]


class ConstMutations(torch.nn.Module):
    """in-place ops on tensors computed from a buffer and a parameter alone (functionalization
    leaves them: the exporter folds those computations into constants)"""
    def __init__(self):
        super().__init__()
        torch.manual_seed(72)
        self.register_buffer("w", torch.randn(4, 4))
        self.bias = torch.nn.Parameter(torch.randn(12))

    def forward(self, x):
        b = self.w @ self.w
        b.add_(1)
        b = torch.relu_(b)
        qb = self.bias.clone()
        qb[4:8].zero_()
        return x + b, x[:, :3] * qb[3:6]


def write_through_view(x):
    y = x.clone()
    y[:, 0] += 1
    y.t()[1].mul_(2)
    return y * 2


def batch_norm_train_reads_stats(x, rm, rv):
    """F.batch_norm in training mode writes the new running statistics into rm and rv: fx2cig
    writes _native_batch_norm_legit_functional and the later reads read its new statistics"""
    y = F.batch_norm(x, rm, rv, training=True, momentum=0.2)
    return y, rm * 2, rv + 1


def bn_train_module(bn):
    torch.manual_seed(5)
    with torch.no_grad():
        bn.running_mean.uniform_()
        bn.running_var.uniform_(0.5, 1.5)
        if bn.weight is not None:
            bn.weight.uniform_()
            bn.bias.uniform_()
    return bn.train()


class UpDecoder(torch.nn.Module):
    """a GAN / U-Net decoder block: transposed convolution, batch norm (training), ReLU"""

    def __init__(self):
        super().__init__()
        self.up = torch.nn.ConvTranspose2d(8, 4, 4, 2, 1)
        self.bn = bn_train_module(torch.nn.BatchNorm2d(4))

    def forward(self, x):
        return torch.relu(self.bn(self.up(x)))


# export errors


def complex_abs(x):
    return x.to(torch.complex64).abs()


def python_scalar_output(x):
    return x * 2, 3


def cli_target(x, b):
    """used by the command-line case"""
    return torch.softmax(x * 2 + b, -1)


# ---------------------------------------------------------------------------------------------
# the cases
# ---------------------------------------------------------------------------------------------
class Case:
    def __init__(self, name, fn, inputs, kind="ok", expect=(), names=None):
        self.name, self.fn, self.inputs, self.kind = name, fn, inputs, kind
        self.expect, self.names = tuple(expect), names


def cases():
    C = []

    def ok(name, fn, *inputs, names=None):
        C.append(Case(name, fn, inputs, names=names))

    def unsupported(name, fn, inputs, ops):
        C.append(Case(name, fn, inputs, "unsupported", ops))

    def bug(name, fn, inputs, msgs):
        C.append(Case(name, fn, inputs, "bug", msgs))

    def export_error(name, fn, inputs, msgs):
        C.append(Case(name, fn, inputs, "export-error", msgs))

    # the SUITE workloads cinductor runs, small
    ok("pointwise_gelu_bias", pointwise_gelu_bias, randn(64, 128, seed=1), randn(128, seed=2))
    ok("softmax_lastdim", softmax_lastdim, randn(64, 129, seed=3) * 3)
    ok("layernorm", layernorm, randn(64, 96, seed=4), randn(96, seed=5), randn(96, seed=6))
    ok("rowsum", rowsum, randn(65, 300, seed=7))
    ok("colsum", colsum, randn(300, 65, seed=8))
    ok("transpose_add", transpose_add, randn(65, 65, seed=9))
    ok("silu_mul_rmsnorm", silu_mul_rmsnorm, randn(32, 64, seed=10), randn(32, 64, seed=11),
       randn(64, seed=12))
    # more
    ok("mul_add_chain", mul_add_chain, randn(16, 33, seed=13), randn(33, seed=14),
       randn(16, 1, seed=15))
    # nn.TransformerEncoderLayer in eval mode under no_grad: eager PyTorch takes the fast path
    # (_transformer_encoder_layer_fwd), make_fx's trace the composite one; both forms run
    for nf in (False, True):
        for act in ("relu", "gelu"):
            m = encoder_layer(nf, act, 70)
            ok("module TransformerEncoderLayer norm_first=%s %s, eval, no_grad" % (nf, act),
               NoGradEval(m), randn(3, 5, 8, seed=71))
            ok("module TransformerEncoderLayer norm_first=%s %s, key padding mask" % (nf, act),
               EncoderLayerPadded(m), randn(3, 5, 8, seed=72),
               torch.tensor([[False] * 5, [False] * 3 + [True] * 2, [False, True] * 2 + [False]]))
            ok("_transformer_encoder_layer_fwd norm_first=%s %s" % (nf, act),
               EncoderLayerFastPath(m), randn(3, 5, 8, seed=73))
    ok("module NormScale (LayerNorm, parameter, buffer)", NormScale(24).eval(), randn(8, 24, seed=16))
    ok("max_dim/min_dim (getitem destructuring)", max_dim, randn(12, 17, seed=17))
    # batch norm in training mode (PyTorch 1.13's trace writes the running statistics in place)
    ok("module BatchNorm2d train()", bn_train_module(torch.nn.BatchNorm2d(5)), randn(3, 5, 4, 6, seed=60))
    ok("module InstanceNorm2d", torch.nn.InstanceNorm2d(5), randn(3, 5, 4, 6, seed=61))
    ok("module InstanceNorm1d affine, tracking", bn_train_module(
        torch.nn.InstanceNorm1d(5, affine=True, track_running_stats=True)), randn(3, 5, 9, seed=62))
    ok("batch_norm training, its statistics read after", batch_norm_train_reads_stats,
       randn(6, 4, 3, seed=63), randn(4, seed=64), torch.rand(4, generator=g_(65)) + 0.5)
    ok("module UpDecoder (ConvTranspose2d, BatchNorm2d train, ReLU)", UpDecoder(),
       randn(2, 8, 7, 5, seed=66))
    ok("module ConvTranspose3d groups", torch.nn.ConvTranspose3d(4, 6, 3, 2, 1, 1, groups=2),
       randn(1, 4, 3, 4, 2, seed=67))
    ok("module Conv2d padding_mode=circular", torch.nn.Conv2d(3, 4, 3, padding=1, padding_mode="circular"),
       randn(2, 3, 6, 5, seed=68))
    ok("where_clamp", where_clamp, randn(9, 31, seed=18) * 2)
    ok("normalize_no_var", normalize_no_var, randn(10, 40, seed=19))
    ok("argmax_argmin", argmax_argmin, randn(11, 23, seed=20))
    ok("view_permute_chain", view_permute_chain, randn(32, 16, seed=21))
    ok("slice_select", slice_select, randn(6, 10, seed=22))
    ok("dtype_casts", dtype_casts, randn(7, 9, seed=23))
    ok("int_tensors i64", int_tensors, randint(-10, 10, 8, 6, seed=24), randint(-10, 10, 8, 6, seed=25))
    ok("int_tensors i32", int_tensors, randint(-10, 10, 8, 6, dtype=torch.int32, seed=26),
       randint(-10, 10, 6, dtype=torch.int32, seed=27))
    ok("int_bool_ops (//, %, ~, |, &, ^)", int_bool_ops, randint(-20, 20, 9, 7, seed=61))
    ok("log_softmax_exp", log_softmax_exp, randn(5, 70, seed=28))
    ok("expand_reduce", expand_reduce, randn(6, 10, seed=29), randn(10, seed=30))
    ok("logical_mask", logical_mask, randn(7, 8, seed=31), randn(7, 8, seed=32))
    ok("closed_over_tensor (get_attr constant)", closed_over_tensor, randn(4, 10, seed=33))
    ok("creation_ops", creation_ops, randn(4, 10, seed=34))
    ok("scalar_outputs", scalar_outputs, randn(13, 21, seed=35))
    ok("f64 softmax", softmax_lastdim, randn(9, 40, seed=36).double())
    ok("in-place add_ on an input (functionalized)", inplace_add, randn(3, seed=56))
    ok("module with ReLU(inplace=True) and +=", ReluInplaceBlock(12).eval(), randn(5, 12, seed=62))
    ok("writes through views (y[:, 0] += 1, a row of y.t())", write_through_view,
       randn(4, 6, seed=63))
    ok("nn.MultiheadAttention fast path (_native_multi_head_attention)", MhaFastPath(16, 4),
       randn(2, 7, 16, seed=71))
    ok("in-place ops on constants alone (folded into constants)", ConstMutations(),
       randn(4, 4, seed=73))
    ok("named inputs", mul_add_chain, randn(4, 5, seed=37), randn(5, seed=38), randn(4, 1, seed=39),
       names=["inp", "weight", "bias"])

    ok("linalg solve, inv, det, slogdet", linalg_solve_chain, spd(5, (2,), seed=64),
       randn(2, 5, 3, seed=65))
    ok("linalg cholesky, cholesky_solve, eigvalsh, svdvals", linalg_cholesky_chain,
       spd(6, (3,), seed=66), randn(3, 6, 2, seed=67))
    ok("linalg matrix norms nuc and 2, cond", linalg_norms, spd(4, (2,), seed=68))

    # ops cinductor does not have yet: the error must name the op
    unsupported("module LinearNorm (nn.Linear)", LinearNorm(16, 8).eval(), (randn(4, 16, seed=40),),
                ["aten.addmm.default"])
    unsupported("mlp_b64", mlp_b64, (randn(4, 16, seed=41), randn(16, 32, seed=42),
                                     randn(32, seed=43), randn(32, 8, seed=44)), ["aten.mm.default"])
    unsupported("attention_small", attention_small, (randn(2, 8, 4, seed=45), randn(2, 8, 4, seed=46),
                                                     randn(2, 8, 4, seed=47)),
                ["aten._reshape_alias.default", "aten.bmm.default"])
    unsupported("blur3x3_tonemap", blur3x3_tonemap, (randn(1, 3, 16, 16, seed=48),),
                ["aten.avg_pool2d.default"])
    unsupported("reshape of a contiguous tensor", reshape_contiguous, (randn(4, 32, seed=49),),
                ["aten._reshape_alias.default"])
    unsupported("torch.tensor literal", tensor_literal, (randn(3, 4, seed=50),),
                ["aten.lift_fresh_copy.default"])
    unsupported("cat", concat, (randn(3, 4, seed=51),), ["aten.cat.default"])
    unsupported("where with a Python scalar", where_python_scalar, (randn(3, 4, seed=52),),
                ["aten.scalar_tensor.default"])
    unsupported("split", split_chunks, (randn(3, 4, seed=60),), ["aten.split.Tensor"])
    unsupported("var", var_norm, (randn(3, 8, seed=53),), ["aten.var.correction"])

    # known cinductor bugs
    bug("broadcast [8] + [4, 8]", broadcast_low_rank_first, (randn(4, 8, seed=54), randn(8, seed=55)),
        ["cannot be broadcast"])

    # what fx2cig refuses
    export_error("complex dtype", complex_abs, (randn(3, seed=57),), ["complex"])
    export_error("non-tensor output", python_scalar_output, (randn(3, seed=58),), ["output 1"])
    export_error("non-tensor input", pointwise_gelu_bias, (randn(3, seed=59), 2.0), ["example input 1"])
    return C


# the bench graphs: name -> (PyTorch function of the declared inputs, ops cinductor lacks)
BENCH = {
    "pointwise_gelu_bias": (pointwise_gelu_bias, ()),
    "softmax_lastdim": (softmax_lastdim, ()),
    "layernorm": (layernorm, ()),
    "rowsum": (rowsum, ()),
    "colsum": (colsum, ()),
    "transpose_add": (transpose_add, ()),
    "silu_mul_rmsnorm": (silu_mul_rmsnorm, ()),
    "blur3x3_tonemap": (blur3x3_tonemap, ("aten.avg_pool2d.default",)),
    "mlp_b64": (mlp_b64, ("aten.mm.default",)),
    "attention_small": (attention_small, ("aten.bmm.default",)),
}


# ---------------------------------------------------------------------------------------------
# running
# ---------------------------------------------------------------------------------------------
def run_case(c, args):
    """returns (ok, detail)"""
    if c.kind == "export-error":
        d = tempfile.mkdtemp(prefix="fx2cig_t_")
        out = os.path.join(d, "g.cig")
        try:
            export(c.fn, c.inputs, out, names=c.names)
        except ExportError as e:
            msg = str(e)
            if os.listdir(d):
                return False, "ExportError, but it wrote %s" % os.listdir(d)
            missing = [m for m in c.expect if m not in msg]
            if missing:
                return False, "ExportError without %r: %s" % (missing, msg)
            return True, "refused: %s" % msg
        except Exception as e:
            return False, "raised %s instead of ExportError: %s" % (type(e).__name__, e)
        return False, "exported without error"

    backends = args.backends if c.kind == "ok" else args.backends[:1]
    notes = []
    for be in backends:
        res = check(c.fn, c.inputs, names=c.names, name=c.name, cinductor=args.cinductor,
                    backend=be, quiet=True)
        if c.kind == "ok":
            if not res.ok:
                return False, "[%s] %s%s" % (be, res.message, _cig(res, args))
            continue
        if res.ok:
            notes.append("now runs and matches PyTorch (was listed as %s)" % c.kind)
            continue
        if c.kind == "unsupported":
            hit = [op for op in c.expect if ("does not support %s " % op) in res.message]
            if not hit:
                return False, "expected an unknown-op error naming one of %s, got: %s%s" % (
                    ", ".join(c.expect), res.message, _cig(res, args))
            notes.append("unsupported as expected: %s" % hit[0])
        else:  # bug
            if not any(m in res.message for m in c.expect):
                return False, "expected the known bug (%s), got: %s%s" % (
                    " / ".join(c.expect), res.message, _cig(res, args))
            notes.append("known cinductor bug: %s" % res.message)
    return True, "; ".join(notes)


def _cig(res, args):
    if args.verbose and res.text:
        return "\n    " + res.text.rstrip().replace("\n", "\n    ")
    return ""


def run_bench(path, args):
    """one tests/bench/NAME.cig at its full size against PyTorch"""
    name = os.path.splitext(os.path.basename(path))[0]
    if name not in BENCH:
        return False, "no PyTorch reference for %s in test_fx2cig.py" % name
    fn, missing_ops = BENCH[name]
    text = open(path).read()
    decls = re.findall(r"^input ([A-Za-z_]\w*):\s*([a-z0-9]+\[[^\]]*\])", text, re.M)
    if not decls or not re.search(r"^output ", text, re.M):
        return False, "no input or output declarations"
    gen = torch.Generator().manual_seed(0)
    inputs = [fx2cig.make_input(*fx2cig.parse_shape(t), gen) for _, t in decls]
    d = tempfile.mkdtemp(prefix="fx2cig_b_")
    cmd = [args.cinductor, "run", path, "--out", os.path.join(d, "out")]
    for (nm, _), t in zip(decls, inputs):
        p = os.path.join(d, nm + ".npy")
        np.save(p, t.numpy())
        cmd += ["--in", "%s=%s" % (nm, p)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            err = " | ".join(p.stderr.strip().splitlines()[:2])
            hit = [op for op in missing_ops if "unknown op '%s'" % op in err]
            if hit:
                return True, "unsupported as expected: %s" % hit[0]
            return False, "cinductor exit %d: %s" % (p.returncode, err)
        with torch.no_grad():
            exp = fn(*inputs)
        got = np.load(os.path.join(d, "out", "out0.npy"))
        msg = fx2cig.compare(got, exp, n_reduced=max(t.shape[-1] for t in inputs))
        if msg:
            return False, msg
        return True, ("runs (an op listed as missing now exists)" if missing_ops else "")
    finally:
        import shutil
        shutil.rmtree(d, ignore_errors=True)


def run_cli(args):
    d = tempfile.mkdtemp(prefix="fx2cig_c_")
    out = os.path.join(d, "cli.cig")
    tool = os.path.join(ROOT, "tools", "fx2cig.py")
    cmd = [sys.executable, tool, os.path.abspath(__file__) + ":cli_target", "--shape", "f32[6,20]",
           "--shape", "f32[20]", "-o", out, "--check", "--cinductor", args.cinductor]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if p.returncode != 0 or "PASS cli_target" not in p.stdout:
        return False, "exit %d: %s %s" % (p.returncode, p.stdout.strip(), p.stderr.strip()[-500:])
    text = open(out).read()
    if "input x: f32[6, 20]" not in text or "input b: f32[20]" not in text:
        return False, "unexpected .cig:\n" + text
    p = subprocess.run([sys.executable, tool, "nosuchmodule_xyz:f", "-o", out],
                       capture_output=True, text=True)
    if p.returncode != 2:
        return False, "bad target: exit %d, expected 2" % p.returncode
    return True, ""


def run_prefix(args):
    """to_cig(prefix=...) names every input, constant and statement with the prefix, so that
    two exported graphs joined into one .cig (as tests/torch/opinfo.py does) run together"""
    x = randn(4, 10)
    t1, c1 = fx2cig.to_cig(closed_over_tensor, (x,), names=["x"], prefix="s0_")
    t2, c2 = fx2cig.to_cig(softmax_lastdim, (x,), names=["x"], prefix="s1_")
    for t, consts, pre in ((t1, c1, "s0_"), (t2, c2, "s1_")):
        for m in re.finditer(r"^(?:input|const) (\w+):|^([\w, ]+) = ", t, re.M):
            for nm in (m.group(1) or m.group(2)).split(","):
                if nm.strip() not in ("_",) and not nm.strip().startswith(pre):
                    return False, "name %r has no prefix %s:\n%s" % (nm, pre, t)
        if any(not k.startswith(pre) for k in consts):
            return False, "constants %r not prefixed" % list(consts)
    if not c1:
        return False, "closed_over_tensor has no constant"
    try:
        fx2cig.to_cig(softmax_lastdim, (x,), prefix="0bad")
        return False, "prefix 0bad accepted"
    except ExportError:
        pass
    d = tempfile.mkdtemp(prefix="fx2cig_p_")
    try:
        lines = [l for t in (t1, t2) for l in t.splitlines()[1:] if not l.startswith("output")]
        decls = [l for l in lines if l.startswith(("input", "const"))]
        body = [l for l in lines if not l.startswith(("input", "const"))]
        outs = [t.splitlines()[-1][len("output "):] for t in (t1, t2)]
        with open(os.path.join(d, "g.cig"), "w") as f:
            f.write("\n".join(decls + body + ["output " + ", ".join(outs)]) + "\n")
        for nm, arr in list(c1.items()) + list(c2.items()):
            np.save(os.path.join(d, nm + ".npy"), arr)
        np.save(os.path.join(d, "x.npy"), x.numpy())
        p = subprocess.run([args.cinductor, "run", os.path.join(d, "g.cig"), "--in",
                            "s0_x=" + os.path.join(d, "x.npy"), "--in",
                            "s1_x=" + os.path.join(d, "x.npy"), "--out", os.path.join(d, "o")],
                           capture_output=True, text=True, timeout=120)
        if p.returncode != 0:
            return False, "joined graph: exit %d: %s" % (p.returncode, p.stderr.strip())
        for i, exp in enumerate((closed_over_tensor(x), softmax_lastdim(x))):
            msg = fx2cig.compare(np.load(os.path.join(d, "o", "out%d.npy" % i)), exp)
            if msg:
                return False, "joined graph output %d: %s" % (i, msg)
    finally:
        import shutil
        shutil.rmtree(d, ignore_errors=True)
    return True, ""


def run_compare_0d(args):
    """fx2cig.compare reports a mismatch of 0-d float outputs (it raised a TypeError)"""
    msg = fx2cig.compare(np.array(1.0, dtype=np.float32), torch.tensor(2.0))
    if not msg or "max abs err 1" not in msg:
        return False, "compare of 0-d 1.0 and 2.0: %r" % msg
    if fx2cig.compare(np.array(2.0, dtype=np.float32), torch.tensor(2.0)) is not None:
        return False, "compare of 0-d 2.0 and 2.0 reports a difference"
    return True, ""


def run_opinfo_self_test(args):
    """tests/torch/opinfo.py --self-test: three OpInfo entries (abs passes, dropout is random,
    fft.fft complex), so that the OpInfo runner cannot rot unseen"""
    tool = os.path.join(ROOT, "tests", "torch", "opinfo.py")
    p = subprocess.run([sys.executable, tool, "--self-test", "--cinductor", args.cinductor],
                       capture_output=True, text=True, timeout=300)
    last = (p.stdout.strip().splitlines() or [""])[-1]
    if p.returncode != 0 or last != "1 passed, 0 failed, 2 skipped":
        return False, "exit %d: %s %s" % (p.returncode, p.stdout.strip()[-800:],
                                           p.stderr.strip()[-500:])
    return True, ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-k", dest="filter", default=None)
    ap.add_argument("--backends", default="tcc,interp")
    ap.add_argument("--no-bench", action="store_true", help="leave out the tests/bench graphs")
    ap.add_argument("--cinductor", default=fx2cig.DEFAULT_CINDUCTOR)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    args.backends = [b for b in args.backends.split(",") if b]
    if not os.path.exists(args.cinductor):
        print("FAIL test-fx2cig: %s not found (run make first)" % args.cinductor)
        print("0 passed, 1 failed")
        return 1
    print("# PyTorch %s, backends %s" % (torch.__version__, "/".join(args.backends)), flush=True)

    work = [("case", c.name, lambda c=c: run_case(c, args)) for c in cases()]
    if not args.no_bench:
        for path in sorted(glob.glob(os.path.join(ROOT, "tests", "bench", "*.cig"))):
            name = "bench/" + os.path.basename(path)
            work.append(("bench", name, lambda p=path: run_bench(p, args)))
    work.append(("cli", "command line fx2cig.py --check", lambda: run_cli(args)))
    work.append(("check", "linalg check_errors", lambda: run_check_errors(args)))
    work.append(("guards", "guards on values the trace read", lambda: run_guards(args)))
    work.append(("prefix", "to_cig prefix: two graphs joined", lambda: run_prefix(args)))
    work.append(("compare", "compare: 0-d float mismatch", lambda: run_compare_0d(args)))
    work.append(("opinfo", "tests/torch/opinfo.py --self-test", lambda: run_opinfo_self_test(args)))

    npass = nfail = 0
    for kind, name, fn in work:
        if args.filter and args.filter not in name:
            continue
        try:
            ok, detail = fn()
        except Exception as e:  # a bug in fx2cig or in the case
            import traceback
            ok, detail = False, "raised %s: %s\n%s" % (type(e).__name__, e, traceback.format_exc())
        if ok:
            npass += 1
            print("PASS %s%s" % (name, (" (%s)" % detail) if detail else ""), flush=True)
        else:
            nfail += 1
            print("FAIL %s: %s" % (name, detail), flush=True)
    print("%d passed, %d failed" % (npass, nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
