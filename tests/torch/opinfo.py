#!/usr/bin/python3
"""cinductor against PyTorch's OpInfo database (a measurement of coverage, not a gate).

Every entry of PyTorch 1.13's `torch.testing._internal.common_methods_invocations.op_db`, for
the dtypes f32, i64 and bool among those the entry supports on the CPU: its sample inputs
(`op.sample_inputs("cpu", dtype, requires_grad=False)`, drawn from a fixed seed per entry and
dtype) are each traced with tools/fx2cig.py (make_fx of the functionalized call, every tensor of
the sample an input, every other argument baked into the trace), the samples of one entry and
dtype are joined into one .cig (names prefixed `sK_`), run once by `build/cinductor run
--backend tcc`, and every output compared with eager PyTorch (fx2cig.compare: dtype and shape
exact, integers and bools equal, floats within fx2cig.tolerance, NaN where PyTorch has NaN).
When the joined graph fails, the statement the error points at names the sample (an unknown op
fails every sample that uses it) and the rest run again; an error with no position, a crash or
a timeout runs the samples one by one.

Each entry ends as
  PASS  every sample that can be expressed passes;
  FAIL  with the first reason: unknown op X, the cinductor error, a mismatch (max abs err),
        a crash or a timeout, an export or trace error;
  SKIP  it cannot be expressed: no f32/i64/bool dtype on the CPU (complex-only, CUDA-only),
        random values (dropout, bernoulli, normal, ...) or uninitialized memory (empty), or
        every sample is inexpressible (sparse or complex tensors, non-tensor results, a failing
        sample whose eager values change with the seed).
Samples PyTorch itself rejects (eager raises) are skipped and counted; make_fx runs the real op,
so such a sample has no graph to give cinductor. SKIP entries are not in the denominators.

Usage: opinfo.py [-k SUBSTRING] [--dtype f32,i64,bool] [--jobs N] [--timeout S]
                 [--cinductor PATH] [--write-doc [PATH]] [--self-test] [-v]
Prints one line per entry, the pass rates, and last `N passed, M failed, K skipped` (entries).
Exit status 0 whatever the pass rate (1 only when the runner itself cannot run).
--write-doc writes docs/opinfo.md (only for a full run). --self-test runs three entries and
checks their classification (exit 1 if it is wrong); `make test-fx2cig` runs it.
"""
import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import types
import unittest
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))

try:
    import numpy as np
    import torch
    from torch.utils._pytree import tree_flatten, tree_unflatten
    import fx2cig
except Exception as e:  # torch missing or broken
    print("SKIP test-opinfo: PyTorch not found (install python3-torch): %s" % e)
    print("0 passed, 0 failed, 1 skipped")
    sys.exit(0)

DTYPES = {"f32": torch.float32, "i64": torch.int64, "bool": torch.bool}
DOC = os.path.join(ROOT, "docs", "opinfo.md")

# entries whose values cannot be compared: they draw random numbers (a seed of cinductor's is
# not PyTorch's) or return uninitialized memory
RANDOM = {
    "uniform", "randn", "randn_like", "rand_like", "randint_like", "multinomial", "normal",
    "normal.number_mean", "bernoulli", "nn.functional.dropout", "nn.functional.dropout2d",
    "nn.functional.dropout3d", "nn.functional.feature_alpha_dropout.with_train",
    "nn.functional.rrelu", "nn.functional.fractional_max_pool2d",
    "nn.functional.fractional_max_pool3d", "svd_lowrank", "pca_lowrank",
}
UNINITIALIZED = {"empty", "empty_like", "new_empty", "new_empty_strided", "resize_",
                 "resize_as_"}


def load_op_db():
    """op_db, imported without the test-only module expecttest (common_utils imports it for its
    TestCase base) and without common_utils parsing our command line"""
    try:
        import expecttest  # noqa: F401  (installed: used as it is)
    except ImportError:
        stub = types.ModuleType("expecttest")
        stub.TestCase = unittest.TestCase
        stub.ACCEPT = False
        sys.modules["expecttest"] = stub
    argv = sys.argv
    sys.argv = argv[:1]
    try:
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from torch.testing._internal.common_methods_invocations import op_db
    finally:
        sys.argv = argv
    return op_db


def entry_name(op):
    return op.name + ("." + op.variant_test_name if op.variant_test_name else "")


class Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise Timeout()


class Sample:
    """one sample input, traced: its .cig lines (names prefixed), inputs and expected outputs"""

    def __init__(self, k, desc):
        self.k, self.desc = k, desc
        self.status, self.reason = None, ""     # pass / fail / inexpressible / raises
        self.decls, self.body, self.outs = [], [], []
        self.inputs, self.consts, self.expected = [], {}, []
        self.n_red = 1
        self.post, self.spec, self.ties = None, None, None


def _one_line(s, n=240):
    s = " ".join(str(s).split())
    return s if len(s) <= n else s[:n - 3] + "..."


def _describe(sample):
    parts = []
    for v in [sample.input] + list(sample.args):
        parts.append(_short(v))
    parts += ["%s=%s" % (k, _short(v)) for k, v in sample.kwargs.items()]
    return _one_line("(%s)" % ", ".join(parts), 160)


def _short(v):
    if isinstance(v, torch.Tensor):
        return "%s%s" % (fx2cig.DTYPES.get(v.dtype, (str(v.dtype),))[0], list(v.shape))
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_short(e) for e in v) + "]"
    return repr(v)


def _inexpressible_leaf(v, where):
    if isinstance(v, torch.Tensor):
        if v.layout != torch.strided:
            return "%s is a %s tensor" % (where, v.layout)
        if v.dtype.is_complex:
            return "%s is a complex tensor" % where
        if v.dtype not in fx2cig.DTYPES:
            return "%s has dtype %s" % (where, v.dtype)
        if v.is_quantized:
            return "%s is quantized" % where
    elif isinstance(v, complex):
        return "%s is a complex scalar" % where
    return None


def prepare(op, sample, k):
    """Sample k of op: eager result, trace and .cig lines; never raises"""
    s = Sample(k, _describe(sample))
    leaves, spec = tree_flatten([sample.input, list(sample.args), dict(sample.kwargs)])
    for v in leaves:
        why = _inexpressible_leaf(v, "an input")
        if why:
            s.status, s.reason = "inexpressible", why
            return s
    pos = [i for i, v in enumerate(leaves) if isinstance(v, torch.Tensor)]
    tensors = [leaves[i].detach().clone() for i in pos]

    def call(*ts):
        vals = list(leaves)
        for i, t in zip(pos, ts):
            vals[i] = t
        inp, args, kwargs = tree_unflatten(vals, spec)
        return op.op(inp, *args, **kwargs)

    try:
        with torch.no_grad():
            res = call(*[t.clone() for t in tensors])
    except Timeout:
        raise
    except Exception as e:
        s.status, s.reason = "raises", _one_line("%s: %s" % (type(e).__name__, e), 160)
        return s
    outs, out_spec = tree_flatten(res)
    for i, o in enumerate(outs):
        if not isinstance(o, torch.Tensor):
            s.status, s.reason = "inexpressible", "result %d is a %s, not a tensor" % (
                i, type(o).__name__)
            return s
        why = _inexpressible_leaf(o, "result %d" % i)
        if why:
            s.status, s.reason = "inexpressible", why
            return s
    if not outs:
        s.status, s.reason = "inexpressible", "no tensor result"
        return s
    names = ["x%d" % i for i in range(len(tensors))]
    try:
        text, consts = fx2cig.to_cig(call, tensors, names=names, prefix="s%d_" % k)
    except Timeout:
        raise
    except fx2cig.ExportError as e:
        msg = str(e)
        if re.search(r"complex|not a tensor|no \.cig literal|bf16 constants|no \.cig equivalent",
                     msg):
            s.status, s.reason = "inexpressible", _one_line("export: " + _unprefix(msg))
        else:
            s.status, s.reason = "fail", _one_line("export: " + _unprefix(msg))
        return s
    except Exception as e:
        s.status, s.reason = "fail", _one_line("trace: %s: %s" % (type(e).__name__, e))
        return s
    lines = text.splitlines()[1:]
    s.decls = [l for l in lines if l.startswith(("input ", "const "))]
    s.body = [l for l in lines if not l.startswith(("input ", "const ", "output "))]
    out_line = [l for l in lines if l.startswith("output ")][0]
    s.outs = [o.strip() for o in out_line[len("output "):].split(",")]
    if len(s.outs) != len(outs):
        s.status, s.reason = "fail", "export: %d outputs, PyTorch %d" % (len(s.outs), len(outs))
        return s
    s.inputs = [(re.match(r"input (\w+):", d).group(1), fx2cig._to_numpy(t))
                for d, t in zip([d for d in s.decls if d.startswith("input ")], tensors)]
    s.consts = consts
    s.expected = outs
    s.spec = out_spec
    s.post = getattr(sample, "output_process_fn_grad", None)
    s.ties = _ties_of(op.name, sample)
    s.n_red = max([t.numel() for t in tensors] + [1])
    return s


def _unprefix(msg):
    return re.sub(r"\bs\d+_", "", msg)


class Cinductor:
    def __init__(self, path, timeout, verbose):
        self.path, self.timeout, self.verbose = path, timeout, verbose

    def run(self, samples):
        """sets status and reason of each of samples (all traced), one cinductor run when they
        all pass"""
        pending = list(samples)
        while pending:
            res = self._run(pending)
            if res is None:
                return
            kind, msg, line_owner = res
            if kind in ("crash", "timeout") or line_owner is None:
                if len(pending) == 1:
                    pending[0].status, pending[0].reason = "fail", msg
                    return
                for s in pending:
                    self.run([s])
                return
            m = re.search(r"unknown op '([^']+)'", msg)
            if m:
                stmt = re.compile(r"= %s\(" % re.escape(m.group(1)))
                bad = [s for s in pending if any(stmt.search(b) for b in s.body)]
                bad = bad or [line_owner]
                reason = "unknown op %s" % m.group(1)
            else:
                bad, reason = [line_owner], msg
            for s in bad:
                s.status, s.reason = "fail", reason
            pending = [s for s in pending if s not in bad]

    def _run(self, samples):
        """None when every sample ran (each then passes or fails its comparison), else
        (kind, message, sample the error points at or None)"""
        tmp = tempfile.mkdtemp(prefix="ci_opinfo_")
        try:
            lines, owner = ["# opinfo"], [None]
            cmd = [self.path, "run", os.path.join(tmp, "g.cig")]
            for s in samples:
                for d in s.decls:
                    lines.append(d)
                    owner.append(s)
                for nm, arr in s.inputs:
                    p = os.path.join(tmp, nm + ".npy")
                    np.save(p, arr)
                    cmd += ["--in", "%s=%s" % (nm, p)]
                for nm, arr in s.consts.items():
                    np.save(os.path.join(tmp, nm + ".npy"), arr)
            for s in samples:
                for b in s.body:
                    lines.append(b)
                    owner.append(s)
            lines.append("output " + ", ".join(o for s in samples for o in s.outs))
            with open(os.path.join(tmp, "g.cig"), "w") as f:
                f.write("\n".join(lines) + "\n")
            cmd += ["--out", os.path.join(tmp, "out"), "--backend", "tcc"]
            limit = self.timeout + 2 * len(samples)
            try:
                p = subprocess.run(cmd, capture_output=True, text=True, timeout=limit)
            except subprocess.TimeoutExpired:
                return "timeout", "timeout: cinductor ran past %ds" % limit, None
            err = (p.stderr or p.stdout or "").replace(tmp + "/", "")
            if p.returncode < 0:
                return "crash", _one_line("crash: cinductor killed by signal %d: %s" % (
                    -p.returncode, _unprefix(err) or "no message")), None
            if p.returncode != 0:
                first = [l for l in err.splitlines() if l.strip()][:2]
                msg = _one_line(_unprefix(" | ".join(first)) or "exit %d" % p.returncode)
                m = re.search(r"g\.cig:(\d+):\d+: error:", err)
                at = None
                if m and 1 <= int(m.group(1)) <= len(owner):
                    at = owner[int(m.group(1)) - 1]     # (lines count from 1)
                msg = re.sub(r"^g\.cig:\d+:\d+: error: (node t\d+ = )?", "", msg)
                return "error", msg, at
            i = 0
            for s in samples:
                got = []
                for j in range(len(s.expected)):
                    path = os.path.join(tmp, "out", "out%d.npy" % (i + j))
                    got.append(np.load(path) if os.path.exists(path) else None)
                i += len(s.expected)
                msg = judge(s, got)
                s.status, s.reason = ("fail", msg) if msg else ("pass", "")
            return None
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


def _compare_all(got, expected, n_red):
    for j, (g, e) in enumerate(zip(got, expected)):
        if g is None:
            return "output %d missing" % j
        msg = fx2cig.compare(g, e, n_reduced=n_red)
        if msg:
            return _one_line("mismatch: output %d: %s" % (j, msg))
    return None


def judge(s, got):
    """None when cinductor's outputs got (NumPy arrays, None where missing) match sample s,
    else the reason. Where PyTorch's result is one of several right ones, a mismatch is looked
    at again: through the sample's output_process_fn_grad (OpInfo's sign-free views of svd, eigh,
    ... factors), and for the indices of sort, argsort, topk, kthvalue, mode and median by what
    they index (any order of ties is right)"""
    msg = _compare_all(got, s.expected, s.n_red)
    if msg is None or not msg.startswith("mismatch") or any(g is None for g in got):
        return msg
    try:
        got_t = [torch.from_numpy(g.copy()) for g in got]
        if s.post is not None:
            pg, _ = tree_flatten(s.post(tree_unflatten(got_t, s.spec)))
            pe, _ = tree_flatten(s.post(tree_unflatten(list(s.expected), s.spec)))
            if len(pg) == len(pe) and all(isinstance(t, torch.Tensor) for t in pg + pe) and \
                    _compare_all([fx2cig._to_numpy(t) for t in pg], pe, s.n_red) is None:
                return None
        if s.ties is not None and _ties_agree(s, got_t):
            return None
    except Exception:
        pass
    return msg


def _ties_agree(s, got_t):
    """cinductor's indices of sort/argsort/topk/kthvalue (mode and median too) pick PyTorch's
    values from the input (each index once along the dim for sort, argsort and topk)"""
    kind, x, dim, keep = s.ties
    if x.dim() == 0:
        return False
    dim = dim % x.dim()
    if kind == "argsort":
        idx, vals = got_t[0], torch.sort(x, dim=dim, descending=keep)[0]
    else:
        if _compare_all([fx2cig._to_numpy(got_t[0])], [s.expected[0]], s.n_red) is not None:
            return False
        idx, vals = got_t[1], s.expected[0]
    if kind == "kthvalue" and not keep:
        idx, vals = idx.unsqueeze(dim), vals.unsqueeze(dim)
    if idx.dtype != torch.int64 or (idx.numel() and (idx.min() < 0 or idx.max() >= x.shape[dim])):
        return False
    picked = torch.gather(x, dim, idx)
    if fx2cig.compare(fx2cig._to_numpy(picked), vals) is not None:
        return False
    if kind != "kthvalue":
        srt = torch.sort(idx, dim=dim)[0]
        if srt.shape[dim] > 1 and not bool((srt.diff(dim=dim) > 0).all()):
            return False
    return True


def _ties_of(name, sample):
    """(kind, input, dim, descending or keepdim) for the entries whose indices PyTorch does not
    define among equal values; None for the rest"""
    kind = name.split(".")[0]
    if kind not in ("sort", "argsort", "topk", "kthvalue", "mode", "median", "nanmedian") or \
            not isinstance(sample.input, torch.Tensor):
        return None
    a, kw = list(sample.args), dict(sample.kwargs)
    if kind in ("mode", "median", "nanmedian"):   # (self, dim, keepdim): values and indices
        if kind != "mode" and not a and "dim" not in kw:
            return None                            # median of all: one value, no index
        dim = a[0] if a else kw.get("dim", -1)
        keep = a[1] if len(a) > 1 else kw.get("keepdim", False)
        return "kthvalue", sample.input, dim, bool(keep)
    if kind in ("sort", "argsort"):
        dim = a[0] if a and isinstance(a[0], int) and not isinstance(a[0], bool) else \
            kw.get("dim", -1)
        desc = kw.get("descending", a[1] if len(a) > 1 else False)
        if a and isinstance(a[0], bool):
            desc = a[0]
        return kind, sample.input, dim, bool(desc)
    dim = a[1] if len(a) > 1 else kw.get("dim", -1)
    if kind == "topk":
        largest = a[2] if len(a) > 2 else kw.get("largest", True)
        return kind, sample.input, dim, bool(largest)
    keep = a[2] if len(a) > 2 else kw.get("keepdim", False)
    return kind, sample.input, dim, bool(keep)


def _random_values(op, sample):
    """True when two eager calls from different seeds differ (the op draws random numbers).
    OpInfo's wrapper_set_seed seeds 42 inside the call (so its dropout samples repeat); that
    seeding is switched off here, or it would hide the draw"""
    seed = torch.manual_seed
    try:
        torch.manual_seed = lambda s: torch.default_generator
        with torch.no_grad():
            seed(1)
            a, _ = tree_flatten(op.op(sample.input, *sample.args, **sample.kwargs))
            seed(2)
            b, _ = tree_flatten(op.op(sample.input, *sample.args, **sample.kwargs))
    except Exception:
        return False
    finally:
        torch.manual_seed = seed
    for x, y in zip(a, b):
        if isinstance(x, torch.Tensor) and isinstance(y, torch.Tensor) and \
                x.layout == torch.strided and x.shape == y.shape and x.numel():
            try:
                if not torch.equal(torch.nan_to_num(x), torch.nan_to_num(y)):
                    return True
            except Exception:
                pass
    return False


def run_entry(op, dtypes, cind, sample_timeout):
    """the result of one OpInfo entry: a dict (see summary())"""
    name = entry_name(op)
    r = {"name": name, "status": None, "reason": "", "dtypes": [], "n": 0, "ok": 0,
         "inexpressible": 0, "inexpressible_reason": "", "raises": 0, "raise_reason": "",
         "seconds": 0.0}
    t0 = time.time()
    try:
        supported = op.supported_dtypes("cpu")
    except Exception as e:
        supported = set()
        r["status"], r["reason"] = "fail", _one_line("supported_dtypes: %s" % e)
        return r
    dts = [k for k in dtypes if DTYPES[k] in supported]
    r["dtypes"] = dts
    if name in RANDOM:
        r["status"], r["reason"] = "skip", "random values (cannot be compared)"
        return r
    if name in UNINITIALIZED:
        r["status"], r["reason"] = "skip", "uninitialized memory (cannot be compared)"
        return r
    if not dts:
        have = sorted(str(d).replace("torch.", "") for d in supported)
        r["status"] = "skip"
        r["reason"] = "no %s dtype on the CPU (%s)" % (
            "/".join(dtypes), ", ".join(have) if have else "none: CUDA only")
        return r
    first_fail, inexpressible_reason = None, None
    old = signal.signal(signal.SIGALRM, _alarm)
    try:
        for dk in dts:
            dt = DTYPES[dk]
            seed = zlib.crc32(("%s/%s" % (name, dk)).encode())
            torch.manual_seed(seed)
            np.random.seed(seed)       # (some sample functions draw from NumPy, random)
            random.seed(seed)
            try:
                raw = list(op.sample_inputs("cpu", dt, requires_grad=False))
            except Exception as e:
                first_fail = first_fail or _one_line("sample_inputs(%s) raised %s: %s" % (
                    dk, type(e).__name__, e))
                continue
            if raw and dk == dts[0] and _random_values(op, raw[0]):
                r["status"], r["reason"] = "skip", "random values (cannot be compared)"
                return r
            samples = []
            for k, smp in enumerate(raw):
                signal.alarm(sample_timeout)
                try:
                    s = prepare(op, smp, k)
                except Timeout:
                    s = Sample(k, "")
                    s.status, s.reason = "fail", "timeout: eager + trace past %ds" % sample_timeout
                finally:
                    signal.alarm(0)
                samples.append(s)
            traced = [s for s in samples if s.status is None]
            if traced:
                cind.run(traced)
            for s in traced:   # a failing sample whose eager values change with the seed
                if s.status == "fail" and _random_values(op, raw[s.k]):   # (dropout_p > 0)
                    s.status, s.reason = "inexpressible", "random values (cannot be compared)"
            for s in samples:
                if s.status == "inexpressible":
                    r["inexpressible"] += 1
                    inexpressible_reason = inexpressible_reason or s.reason
                    r["inexpressible_reason"] = inexpressible_reason
                elif s.status == "raises":
                    r["raises"] += 1
                    r["raise_reason"] = r["raise_reason"] or s.reason
                else:
                    r["n"] += 1
                    if s.status == "pass":
                        r["ok"] += 1
                    elif first_fail is None:
                        first_fail = "%s (%s sample %d %s)" % (s.reason, dk, s.k, s.desc)
                        if cind.verbose:
                            print("    %s sample %d: %s" % (dk, s.k, "\n    ".join(
                                s.decls + s.body + ["output " + ", ".join(s.outs)])))
    finally:
        signal.signal(signal.SIGALRM, old)
        r["seconds"] = time.time() - t0
    if first_fail:
        r["status"], r["reason"] = "fail", _one_line(first_fail, 400)
    elif r["n"]:
        r["status"] = "pass"
    else:
        r["status"] = "skip"
        r["reason"] = ("every sample: " + inexpressible_reason) if inexpressible_reason else \
            ("PyTorch raises on every sample: " + r["raise_reason"]) if r["raises"] else \
            "no samples"
    return r


def entry_line(r):
    counts = "%d/%d samples" % (r["ok"], r["n"])
    extra = []
    if r["inexpressible"]:
        extra.append("%d inexpressible" % r["inexpressible"])
    if r["raises"]:
        extra.append("%d PyTorch rejects" % r["raises"])
    if extra:
        counts += ", " + ", ".join(extra)
    dt = ",".join(r["dtypes"])
    if r["status"] == "pass":
        return "PASS %s [%s] (%s)" % (r["name"], dt, counts)
    if r["status"] == "fail":
        return "FAIL %s [%s] (%s): %s" % (r["name"], dt, counts, r["reason"])
    return "SKIP %s: %s" % (r["name"], r["reason"])


def category(reason):
    """the group of a failure reason, for the summary and the doc"""
    for prefix, cat in (("unknown op", "unknown op"), ("mismatch", "mismatch"),
                        ("crash", "crash"), ("timeout", "timeout"), ("export", "export"),
                        ("trace", "trace"), ("output", "missing output"),
                        ("runner", "runner")):
        if reason.startswith(prefix):
            return cat
    return "cinductor error"


def summary(results):
    counted = [r for r in results if r["status"] in ("pass", "fail")]
    npass = sum(1 for r in counted if r["status"] == "pass")
    nskip = len(results) - len(counted)
    ns = sum(r["n"] for r in counted)
    ok = sum(r["ok"] for r in counted)
    return {"ops": len(counted), "ops_pass": npass, "skip": nskip, "samples": ns,
            "samples_pass": ok,
            "raises": sum(r["raises"] for r in results),
            "inexpressible_samples": sum(r["inexpressible"] for r in counted)}


def pct(a, b):
    return 100.0 * a / b if b else 0.0


def rate_lines(S):
    return [
        "ops passing every sample: %d / %d (%.1f%%)" % (S["ops_pass"], S["ops"],
                                                        pct(S["ops_pass"], S["ops"])),
        "samples passing: %d / %d (%.1f%%)" % (S["samples_pass"], S["samples"],
                                               pct(S["samples_pass"], S["samples"])),
        "entries that cannot be expressed: %d; samples PyTorch rejects: %d; inexpressible "
        "samples of counted entries: %d" % (S["skip"], S["raises"], S["inexpressible_samples"]),
    ]


def _md(s):
    return s.replace("|", "\\|").replace("\n", " ")


def write_doc(results, path, dtypes):
    S = summary(results)
    fails = [r for r in results if r["status"] == "fail"]
    skips = [r for r in results if r["status"] == "skip"]
    passes = [r for r in results if r["status"] == "pass"]
    wrap = textwrap.fill
    out = ["# PyTorch OpInfo coverage", "",
           "Generated by `make test-opinfo` (`tests/torch/opinfo.py --write-doc`); do not edit "
           "by hand.", "",
           wrap("Every entry of PyTorch %s's OpInfo database (`torch.testing._internal."
           "common_methods_invocations.op_db`, Debian's python3-torch), for the dtypes %s that "
           "the entry supports on the CPU: each sample input (`op.sample_inputs(\"cpu\", dtype, "
           "requires_grad=False)`, fixed seed per entry and dtype) is traced with "
           "`tools/fx2cig.py` (make_fx of the functionalized call), run by `cinductor run "
           "--backend tcc` and compared with eager PyTorch (dtype and shape exact, integers and "
           "bools equal, floats within `fx2cig.tolerance`, NaN where PyTorch has NaN). Where "
           "PyTorch's result is one of several right ones, a mismatch is looked at again "
           "through the sample's `output_process_fn_grad` (OpInfo's sign-free view of svd and "
           "eigh factors) and, for the indices of sort, argsort, topk, kthvalue, mode and median, "
           "by what they pick from the input (ties in any order)."
           % (torch.__version__.split("+")[0], ", ".join(dtypes)), 100), "",
           wrap("An entry passes when every sample that can be expressed passes; a failing entry "
           "shows its first failure. Entries that cannot be expressed (random or uninitialized "
           "values, no f32/i64/bool dtype, only sparse/complex/non-tensor samples) are listed "
           "apart and are not counted, as are failing samples whose eager values change with "
           "the seed (attention's dropout_p > 0); samples PyTorch itself rejects are left out.",
           100), "",
           "**%s**" % "; ".join(rate_lines(S)[:2]) + ".", ""]
    cats = {}
    for r in fails:
        cats.setdefault(category(r["reason"]), []).append(r)
    out += ["## Failing entries (%d)" % len(fails), ""]
    for cat in sorted(cats, key=lambda c: (-len(cats[c]), c)):
        out.append("- %s: %d" % (cat, len(cats[cat])))
    out.append("")
    out += ["| entry | kind | dtypes | samples passing | first failure |",
            "|---|---|---|---|---|"]
    for cat in sorted(cats, key=lambda c: (-len(cats[c]), c)):
        for r in sorted(cats[cat], key=lambda r: r["name"]):
            out.append("| `%s` | %s | %s | %d/%d | %s |" % (
                r["name"], cat, ",".join(r["dtypes"]), r["ok"], r["n"], _md(r["reason"])))
    out += ["", "## Entries that cannot be expressed (%d)" % len(skips), "",
            "| entry | why |", "|---|---|"]
    for r in sorted(skips, key=lambda r: r["name"]):
        out.append("| `%s` | %s |" % (r["name"], _md(r["reason"])))
    part = [r for r in results if r["status"] in ("pass", "fail") and r["inexpressible"]]
    out += ["", "## Samples left out of counted entries", "",
            "Samples that cannot be expressed, of entries counted above (%d entries):" % len(part),
            "", "| entry | samples left out | first reason |", "|---|---|---|"]
    for r in sorted(part, key=lambda r: r["name"]):
        out.append("| `%s` | %d | %s |" % (r["name"], r["inexpressible"],
                                           _md(r["inexpressible_reason"])))
    rej = [r for r in results if r["raises"]]
    out += ["", "Samples PyTorch itself rejects (eager raises; make_fx runs the real op, so they "
            "have no graph) (%d entries):" % len(rej), "",
            "| entry | samples | first error |", "|---|---|---|"]
    for r in sorted(rej, key=lambda r: r["name"]):
        out.append("| `%s` | %d | %s |" % (r["name"], r["raises"], _md(r["raise_reason"])))
    out += ["", "## Passing entries (%d)" % len(passes), "",
            ", ".join("`%s`" % r["name"] for r in sorted(passes, key=lambda r: r["name"])), ""]
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(out))
    os.replace(tmp, path)


_WORKER = {}


def _work(i):
    """run_entry, and a failure of the runner itself (a bug here or in fx2cig) as the entry's
    failure: one entry never stops the run"""
    w = _WORKER
    op = w["ops"][i]
    try:
        return run_entry(op, w["dtypes"], w["cind"], w["sample_timeout"])
    except Exception as e:
        import traceback
        where = traceback.extract_tb(e.__traceback__)[-1]
        return {"name": entry_name(op), "status": "fail", "dtypes": [], "n": 0, "ok": 0,
                "inexpressible": 0, "inexpressible_reason": "", "raises": 0,
                "raise_reason": "", "seconds": 0.0,
                "reason": _one_line("runner: %s: %s (%s:%d)" % (
                    type(e).__name__, e, os.path.basename(where.filename), where.lineno))}


def run_all(ops, dtypes, cind, jobs, sample_timeout, verbose):
    _WORKER.update(ops=ops, dtypes=dtypes, cind=cind, sample_timeout=sample_timeout)
    results = []
    if jobs <= 1:
        it = map(_work, range(len(ops)))
        pool = None
    else:
        import multiprocessing
        pool = multiprocessing.get_context("fork").Pool(jobs)
        it = pool.imap(_work, range(len(ops)), chunksize=1)
    try:
        for r in it:
            results.append(r)
            print(entry_line(r) + (" %.1fs" % r["seconds"] if verbose else ""), flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return results


SELF_TEST = {"abs": "pass", "nn.functional.dropout": "skip", "fft.fft": "skip"}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-k", dest="filter", default=None,
                    help="only entries whose name contains this")
    ap.add_argument("--dtype", default="f32,i64,bool", help="f32, i64, bool, comma separated")
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=30,
                    help="seconds for one sample (eager + trace; cinductor's run)")
    ap.add_argument("--cinductor", default=os.environ.get(
        "CINDUCTOR", os.path.join(ROOT, "build", "cinductor")))
    ap.add_argument("--write-doc", nargs="?", const=DOC, default=None, metavar="PATH")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    dtypes = [d for d in args.dtype.split(",") if d]
    for d in dtypes:
        if d not in DTYPES:
            print("opinfo: --dtype %s: want %s" % (d, ", ".join(DTYPES)), file=sys.stderr)
            return 2
    if args.write_doc and (args.filter or args.self_test or dtypes != list(DTYPES)):
        print("opinfo: --write-doc is for a full run (no -k, --dtype or --self-test)",
              file=sys.stderr)
        return 2
    if not os.path.exists(args.cinductor):
        print("FAIL test-opinfo: %s not found (run make first)" % args.cinductor)
        print("0 passed, 1 failed")
        return 1
    t0 = time.time()
    import warnings
    warnings.filterwarnings("ignore")   # (deprecations of torch.lu, torch.qr, ...)
    op_db = load_op_db()
    if args.self_test:
        ops = [op for op in op_db if entry_name(op) in SELF_TEST]
    else:
        ops = [op for op in op_db if not args.filter or args.filter in entry_name(op)]
    print("# PyTorch %s OpInfo: %d of %d entries, dtypes %s, cinductor run --backend tcc" % (
        torch.__version__, len(ops), len(op_db), ",".join(dtypes)), flush=True)
    cind = Cinductor(args.cinductor, args.timeout, args.verbose)
    results = run_all(ops, dtypes, cind, args.jobs, args.timeout, args.verbose)
    S = summary(results)
    fails = [r for r in results if r["status"] == "fail"]
    if fails:
        groups = {}
        for r in fails:
            groups.setdefault(category(r["reason"]), []).append(r["name"])
        print("# failures by kind:")
        for cat in sorted(groups, key=lambda c: (-len(groups[c]), c)):
            print("#   %s (%d): %s" % (cat, len(groups[cat]), " ".join(groups[cat])))
    for line in rate_lines(S):
        print("# " + line)
    print("# %.0f s" % (time.time() - t0))
    if args.write_doc:
        write_doc(results, args.write_doc, dtypes)
        print("# wrote %s" % os.path.relpath(args.write_doc, ROOT))
    status = 0
    if args.self_test:
        got = {r["name"]: r["status"] for r in results}
        for name, want in sorted(SELF_TEST.items()):
            if got.get(name) != want:
                print("FAIL self-test: %s is %s, expected %s" % (name, got.get(name), want))
                status = 1
    print("%d passed, %d failed, %d skipped" % (S["ops_pass"], S["ops"] - S["ops_pass"],
                                               S["skip"]))
    return status


if __name__ == "__main__":
    sys.exit(main())
