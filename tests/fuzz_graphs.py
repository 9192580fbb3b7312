#!/usr/bin/python3
"""Random-graph differential fuzzer: cinductor against itself and against PyTorch.

Two sides share the time given (--seconds):
  C side     build/tests/test_random_graphs --fuzz: random graphs over every op family
             (tests/random_graph.h), each fused on TCC, fused on the interpreter and unfused on
             the interpreter, which must agree. Needs no PyTorch.
  PyTorch    the same generator's graphs (--emit SEED), each statement evaluated with
             torch.ops.aten, then a tail of ops drawn from the whole catalogue (docs/ops.md:
             every aten op whose arguments without a default are `self` or `self, other`, applied to the graph's values,
             kept where PyTorch accepts them); the .cig runs with build/cinductor on tcc and on
             the interpreter and is compared with PyTorch by tests/torch/run.py's rules (dtype
             and shape exact, integers and bools equal, floats close, NaN where PyTorch has
             NaN). A graph PyTorch rejects is dropped, and one cinductor refuses by design (a write
             through a view that the graph reads again; a statement of more than 64 results,
             the .cig format's limit).
Without PyTorch the C side takes the whole time.

A failure prints its seed and how to replay it, and saves the graph under --out
(build/fuzz/graphs/SEED/: case.cig, the inputs as .npy, PyTorch's outputs as expect<i>.npy).

Usage: fuzz_graphs.py [--seconds N] [--seed S] [--out DIR] [--torch-only | --c-only]
                      [--replay SEED] [-v]
Exit status 1 when a graph failed.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
GEN = os.path.join(ROOT, "build", "tests", "test_random_graphs")

try:
    import numpy as np
    import torch
    HAVE_TORCH = True
except Exception:
    HAVE_TORCH = False

if HAVE_TORCH:
    sys.path.insert(0, os.path.join(HERE, "torch"))
    import run as R   # tests/torch/run.py: input makers, torch_op, tolerance, compare, Runner

# catalogue ops left out of the tail: random, data-dependent, in place (the packets: the
# overloads, add_.Scalar, stay in), creation, aliasing
# with no copy, and ops PyTorch computes in another precision on purpose
# statements whose results nothing may read (docs/data-dependent.md): kept out of the tail's
# operands
DATA_DEPENDENT = re.compile(r"= aten\.(nonzero|masked_select|_unique2|unique_consecutive|unique_dim)\.")
SKIP_OPS = re.compile(r"rand|bernoulli|dropout|empty|nonzero|masked_select|unique|_$|lift|alias|"
                      r"detach|"
                      r"copy|as_strided|clone|view|fill|zeros|ones|full|scalar_tensor|where\.default|"
                      r"device_put|to_dtype|convert_element_type|iota|arange|linspace|eye|bitcast|"
                      # shifts by a negative amount or past the width: PyTorch 1.13's CPU result
                      # is the machine's (x86 masks the count), later PyTorch and cinductor give 0
                      r"shift|"
                      # the order of equal elements (a computed value has ties) is PyTorch's own
                      r"sort|"
                      # max/amax of -0.0 and 0.0 keep the later one in cinductor, PyTorch the
                      # first: only signbit tells them apart (reported, left as it is)
                      r"signbit|"
                      # PyTorch's var_mean/std_mean return the Welford mean: NaN where an element
                      # is infinite (-inf + inf); cinductor's is the sum's, -inf (reported)
                      r"var_mean|std_mean|"
                      # i0(-inf): PyTorch's series gives NaN, cinductor inf (I0 is even: inf)
                      r"i0|"
                      # linear algebra: factors unique up to signs (svd, eigh, qr), pivots among
                      # ties, and random matrices ill-conditioned enough to amplify a rounding;
                      # run.py compares them on well-conditioned inputs and sign-free
                      r"svd|eig|qr|geqrf|ormqr|householder|cholesky|linalg_lu|lu_unpack|ldl|"
                      r"lu_solve|det|linalg_inv|inverse|solve|pinv|lstsq|matrix_power|"
                      r"matrix_exp|matrix_norm|cond|"
                      # the median of an empty integer tensor: PyTorch 1.13 returns whatever the
                      # memory held, cinductor refuses
                      r"median|"
                      # _pdist_forward of a tensor that is not 2-D: PyTorch 1.13 returns a size
                      # that means nothing (pdist itself refuses), cinductor refuses
                      r"pdist|"
                      # bincount without minlength: its length is the data's maximum + 1, which
                      # cinductor must know when it compiles (it refuses)
                      r"bincount|"
                      # _assert_async: a run-time guard, no value (PyTorch returns None)
                      r"_assert_async")


# ops whose result jumps where their operand crosses a point (a sign, a comparison, a rounding,
# an index of the largest) or grows without bound near one (a pole of digamma, tan, 1/x): on a
# computed float, one rounding apart (a sum in another order, f32 against double, our formula
# against PyTorch's) moves the result, so the tail gives them inputs and integers only
DISCONTINUOUS = re.compile(r"sign|sgn|\.(eq|ne|lt|le|gt|ge)$|floor|ceil|round|trunc|frac|remainder|"
                           r"fmod|argmax|argmin|logical|isclose|digamma|lgamma|\.tan$|reciprocal|"
                           r"erfinv|atanh|logit|\.asin$|\.acos$|div|rsqrt|"
                           # the most frequent value: equal values among computed floats
                           r"\.mode")


# ops whose f64 reference in PyTorch 1.13 is less accurate than cinductor's (run.py's "loose")
LOOSE_REF = re.compile(r"special_bessel_[jy][01]\b|special_airy_ai\b")


def catalogue():
    """(name, arity) of every op in docs/ops.md whose arguments without a default are `self` or
    `self, other`"""
    ops = []
    path = os.path.join(ROOT, "docs", "ops.md")
    for line in open(path, encoding="utf-8"):
        m = re.match(r"\| `([\w.]+)` \| `([^`]*)` \|", line)
        if not m:
            continue
        name, args = m.groups()
        if SKIP_OPS.search(name) or not name.startswith("aten."):   # (prims in 1.13 eager check no dtypes)
            continue
        # the parameters without a default: `self` or `self, other` (the rest keep theirs)
        req = [p for p in args.split(", ") if p and p != "*" and "=" not in p]
        if req == ["self"]:
            ops.append((name, 1))
        elif req == ["self", "other"]:
            ops.append((name, 2))
    return ops


def parse_cig(text):
    """the generator's .cig: inputs [(name, dtype, shape)], consts {name: (dtype, shape, value)},
    statements [(lhs, op, args)], outputs [names]"""
    inputs, consts, stmts, outputs = [], {}, [], []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(r"input (\w+): (\w+)\[(.*)\]$", line)
        if m:
            inputs.append((m.group(1), m.group(2), [int(d) for d in m.group(3).split(",") if d.strip()]))
            continue
        m = re.match(r"const (\w+): (\w+)\[(.*)\] = (.*)$", line)
        if m:
            consts[m.group(1)] = (m.group(2), [int(d) for d in m.group(3).split(",") if d.strip()],
                                  eval(m.group(4), {}))
            continue
        if line.startswith("output "):
            outputs = [n.strip() for n in line[7:].split(",")]
            continue
        m = R.STMT.match(line)
        if not m:
            raise ValueError("cannot read: " + line)
        stmts.append(m.groups())
    return inputs, consts, stmts, outputs


class TorchFuzz:
    def __init__(self, args):
        self.args, self.ops = args, catalogue()
        ns = argparse.Namespace(cinductor=args.cinductor, timeout=60)
        self.runner = R.Runner(ns, 0)
        self.ngraphs = self.ndropped = self.nfail = self.ntail = 0

    def graph(self, seed, text=None, arrays_in=None, tail=True):
        """-> (cig text, {name: np array} inputs, [expected tensors]) or None (PyTorch refuses).
        TEXT (default: the generator's graph SEED) and ARRAYS_IN (default: random inputs)"""
        if text is None:
            text = subprocess.run([GEN, "--emit", str(seed)], capture_output=True, text=True,
                                  check=True).stdout
        inputs, consts, stmts, outputs = parse_cig(text)
        rng = np.random.default_rng(seed)
        env = dict(R.EVAL_NS)
        arrays, decls = {}, []
        for name, dt, shape in inputs:
            arr = arrays_in[name] if arrays_in and name in arrays_in else R.I(dt, shape, "n").make(rng)
            arrays[name] = arr
            env[name] = torch.from_numpy(arr.copy())
            decls.append("input %s: %s[%s]" % (name, dt, ", ".join(map(str, shape))))
        for name, (dt, shape, value) in consts.items():
            env[name] = torch.tensor(value, dtype=R.DTYPES[dt][1]).reshape(shape)
            decls.append("const %s: %s[%s] = %s" % (name, dt, ", ".join(map(str, shape)), R.fmt_list(value)))
        body = []
        for lhs, op, args in stmts:
            try:
                res = eval("__op(%s)" % args, dict(env, __op=R.torch_op(op)))
            except Exception as e:   # the generator wrote something PyTorch does not take
                if self.args.verbose:
                    print("# seed %d: PyTorch refuses %s = %s(%s): %s" % (
                        seed, lhs, op, args, str(e).splitlines()[0] if str(e) else type(e).__name__))
                return None
            vals = list(res) if isinstance(res, (tuple, list)) else [res]
            for n, v in zip([n.strip() for n in lhs.split(",")], vals):
                env[n] = v
            body.append("%s = %s(%s)" % (lhs, op, args))
        # the catalogue tail: a few ops of any kind on values of the graph
        trng = np.random.default_rng([seed, 1])
        names = [l.split("=")[0].strip() for l in body if not DATA_DEPENDENT.search(l)]
        names = [n for l in names for n in l.split(", ")] + [n for n, _, _ in inputs]
        k = 0
        for _ in range(int(trng.integers(0, 4)) if self.ops and tail else 0):
            op, arity = self.ops[int(trng.integers(len(self.ops)))]
            a = names[int(trng.integers(len(names)))]
            if arity == 1:
                args = a
            else:
                same = [n for n in names if tuple(env[n].shape) == tuple(env[a].shape)]
                b = same[int(trng.integers(len(same)))] if trng.random() < 0.7 else \
                    R.fmt_num([2, -1, 0.5, True, 3.25][int(trng.integers(5))])
                args = "%s, %s" % (a, b)
            if DISCONTINUOUS.search(op) and any(
                    n in env and isinstance(env[n], torch.Tensor) and env[n].is_floating_point() and
                    not re.match(r"x\d+$", n) for n in args.split(", ")):
                continue
            if env[a].dtype == torch.bool and (op.endswith(".Scalar") or args.endswith(", True")):
                continue   # PyTorch 1.13: a bool tensor with a bool number through a .Scalar overload
                           # (add, bitwise_xor ...) is int64; through .Tensor, bool (reported)
            full = op if op.count(".") == 2 else op + ".default"
            try:
                fn = R.torch_op(full)
            except AttributeError:
                try:
                    fn = R.torch_op(op)
                except AttributeError:
                    continue
            try:
                res = eval("__op(%s)" % args, dict(env, __op=fn))
            except Exception:
                continue   # PyTorch refuses this dtype or shape: no statement
            vals = list(res) if isinstance(res, (tuple, list)) else [res]
            if not vals or not all(isinstance(v, torch.Tensor) for v in vals):
                continue
            lhs = ["u%d" % (k + i) for i in range(len(vals))]
            k += len(vals)
            for n, v in zip(lhs, vals):
                env[n] = v
            names += lhs
            body.append("%s = %s(%s)" % (", ".join(lhs), op, args))
            outputs += lhs
            self.ntail += 1
        expected = [env[n] for n in outputs]
        cig = "# fuzz graph seed %d\n%s\n%s\noutput %s\n" % (seed, "\n".join(decls), "\n".join(body),
                                                           ", ".join(outputs))
        return cig, arrays, expected

    def one(self, seed, text=None, arrays_in=None):
        """runs graph SEED (or TEXT as it is); returns (status, message): PASS, FAIL or DROP"""
        try:
            g = self.graph(seed, text, arrays_in, tail=text is None)
        except subprocess.CalledProcessError as e:
            return "FAIL", "the generator failed: %s" % e
        if g is None:
            return "DROP", "PyTorch refuses the graph"
        cig, arrays, expected = g
        tmp = tempfile.mkdtemp(prefix="ci_fuzzg_")
        try:
            in_args = []
            for name, arr in arrays.items():
                np.save(os.path.join(tmp, name + ".npy"), arr)
                in_args += ["--in", "%s=%s" % (name, os.path.join(tmp, name + ".npy"))]
            with open(os.path.join(tmp, "case.cig"), "w") as f:
                f.write(cig)
            n_red = max([a.size for a in arrays.values()] + [1])
            case = R.Case("fuzz graph %d" % seed, [], [], red=True)
            if any(a.dtype == np.float32 for a in arrays.values()):
                # f32 values reach f64 outputs through promotion: f32's tolerance for all
                big = max([float(np.abs(t.detach().double().numpy()[np.isfinite(t.detach().double().numpy())]).max())
                           for t in expected if t.is_floating_point() and t.numel() and
                           np.isfinite(t.detach().double().numpy()).any()] + [1.0])
                case.tol = (1e-4, 1e-5 + 1e-6 * big * max(1.0, n_red ** 0.5))
            if LOOSE_REF.search(cig) and not any(
                    t.is_floating_point() and t.element_size() == 2 for t in expected):
                # PyTorch 1.13's f64 Bessel J and Y and Airy Ai are accurate to about 1e-6
                # (tests/torch/run.py's loose cases; seed 20271258: its Y1(4.1228) is 7e-10 from
                # mpmath's, cinductor's equal to it): their tolerance, or a looser one
                rtol, atol = case.tol if case.tol else (0.0, 0.0)
                case.tol = (max(rtol, 5e-5), max(atol, 5e-6))
            bad = []
            for be in ("tcc", "interp"):
                status, label, detail, _ = self.runner.run_backend(case, tmp, cig, in_args, expected,
                                                                   n_red, be)
                if status == "FAIL" and "does not write through views" in detail:
                    # an in-place op (an overload: add_.Scalar) wrote through a view that the
                    # graph reads again: cinductor refuses it by design (docs/cig.md)
                    return "DROP", "cinductor refuses a write through a view"
                if status == "FAIL" and "names on the left" in detail:
                    # a statement of more than 64 results (an unbind of a long dim): the .cig
                    # format's limit (docs/cig.md), refused with that message
                    return "DROP", "more than 64 results in one statement"
                if status == "FAIL":
                    bad.append("[%s] %s" % (be, detail))
            if not bad:
                return "PASS", ""
            dest = os.path.join(self.args.out, str(seed))
            shutil.rmtree(dest, ignore_errors=True)
            os.makedirs(dest)
            for f in os.listdir(tmp):
                if f.endswith(".npy") or f.endswith(".cig"):
                    shutil.copy(os.path.join(tmp, f), dest)
            for i, t in enumerate(expected):
                t = t.detach().contiguous().resolve_neg()
                np.save(os.path.join(dest, "expect%d.npy" % i),
                        t.float().numpy() if t.dtype == torch.bfloat16 else t.numpy())
            return "FAIL", "; ".join(bad) + "\n    saved %s/case.cig (inputs %s)" % (
                dest, " ".join(in_args).replace(tmp, dest))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


def c_side(args, seconds, seed):
    """the C fuzzer for SECONDS; returns its exit status"""
    os.makedirs(args.out, exist_ok=True)
    p = subprocess.run([GEN, "--fuzz", "%g" % seconds, "--seed", str(seed), "--save", args.out])
    return p.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "fuzz", "graphs"))
    ap.add_argument("--cinductor", default=os.path.join(ROOT, "build", "cinductor"))
    ap.add_argument("--torch-only", action="store_true")
    ap.add_argument("--c-only", action="store_true")
    ap.add_argument("--replay", type=int, default=None, help="run graph SEED against PyTorch, print it")
    ap.add_argument("--check", default=None, help="run FILE.cig (a saved graph, its inputs from the "
                    ".npy files beside it where there are) against PyTorch")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    for path in (GEN,) + ((args.cinductor,) if HAVE_TORCH and not args.c_only else ()):
        if not os.path.exists(path):
            print("FAIL fuzz-graphs: %s not found (make %s)" % (path, os.path.relpath(path, ROOT)))
            return 1
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(3), "little")
    os.makedirs(args.out, exist_ok=True)
    if args.check is not None:
        if not HAVE_TORCH:
            print("fuzz-graphs: --check needs PyTorch")
            return 2
        d = os.path.dirname(os.path.abspath(args.check))
        arrays = {f[:-4]: np.load(os.path.join(d, f)) for f in os.listdir(d)
                  if f.endswith(".npy") and not f.startswith("expect")}
        status, msg = TorchFuzz(args).one(0, open(args.check).read(), arrays)
        print("%s %s%s" % (status, args.check, ": " + msg if msg else ""))
        return 1 if status == "FAIL" else 0
    if args.replay is not None:
        if not HAVE_TORCH:
            return c_side(args, 0, args.replay)
        fz = TorchFuzz(args)
        g = fz.graph(args.replay)
        print(g[0] if g else "# PyTorch refuses graph %d" % args.replay, end="")
        status, msg = fz.one(args.replay)
        print("%s graph seed %d%s" % (status, args.replay, ": " + msg if msg else ""))
        return 1 if status == "FAIL" else 0
    if not HAVE_TORCH and not args.c_only:
        print("fuzz-graphs: PyTorch not found; the C side only")
    torch_time = 0 if (args.c_only or not HAVE_TORCH) else \
        (args.seconds if args.torch_only else args.seconds * 2 / 3)
    st = 0
    if torch_time < args.seconds:
        st = c_side(args, args.seconds - torch_time, seed)
    if torch_time > 0:
        fz = TorchFuzz(args)
        t0 = time.time()
        s = seed
        print("fuzz-graphs (PyTorch %s): seeds from %d for %g s, %d catalogue ops" % (
            torch.__version__, seed, torch_time, len(fz.ops)), flush=True)
        while time.time() - t0 < torch_time:
            status, msg = fz.one(s)
            fz.ngraphs += 1
            if status == "DROP":
                fz.ndropped += 1
            elif status == "FAIL":
                fz.nfail += 1
                print("FAIL graph seed %d: %s\n    replay: %s %s --replay %d" % (
                    s, msg, sys.executable, os.path.relpath(__file__), s), flush=True)
            s += 1
        print("fuzz-graphs (PyTorch): %d graphs (seeds %d..%d), %d failed, %d dropped (PyTorch "
              "refused, a write through a view, or over 64 results a statement), %d catalogue ops added, %.1f s" % (fz.ngraphs, seed, s - 1, fz.nfail, fz.ndropped, fz.ntail,
                                                   time.time() - t0))
        if fz.nfail:
            st = 1
    return 1 if st else 0


if __name__ == "__main__":
    sys.exit(main())
