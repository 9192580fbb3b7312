#!/usr/bin/python3
"""Tests of tools/bench_side.py, the side-by-side benchmark, in its --quick mode (every dimension
of the SUITE shrunk, 3 reps): the table is produced (stdout, the docs section, the JSON), the
check finds cinductor and PyTorch agreeing on each workload's output, a graph that computes
something else than its PyTorch twin is caught (FAIL in the table, exit status 1), and
--device cuda on a machine without a GPU says "not available" instead of failing, and --rounds
gives each side's median over the rounds and the median of the rounds' ratios.

Usage: test_bench_side.py [--cinductor PATH]. Prints PASS/FAIL per case, last line
`N passed, M failed[, K skipped]`; skips (with the reason) where PyTorch is absent.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
SCRIPT = os.path.join(ROOT, "tools", "bench_side.py")

try:
    import torch  # noqa: F401
except Exception as e:  # torch missing or broken
    print("SKIP test-bench-side: PyTorch not found (install python3-torch): %s" % e)
    print("0 passed, 0 failed, 1 skipped")
    sys.exit(0)


def run(args, extra):
    cmd = [sys.executable, SCRIPT, "--quick", "--threads", "1", "--cinductor", args.cinductor,
           "--build", args.build] + extra
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    return p


def case_table(args):
    """three workloads: the table, the docs section and the JSON, every check ok"""
    md = os.path.join(args.tmp, "perf.md")
    with open(md, "w") as f:
        f.write("# perf\n\n<!-- bench_side:t begin -->\nold\n<!-- bench_side:t end -->\ntail\n")
    js = os.path.join(args.tmp, "r.json")
    names = ["softmax_lastdim", "layernorm", "rowsum"]   # SUITE order
    p = run(args, ["--only", ",".join(names), "--md", md, "--section", "t", "--json", js])
    if p.returncode != 0:
        return False, "exit %d: %s" % (p.returncode, (p.stdout + p.stderr)[-1500:])
    out = p.stdout
    for want in ["| workload | inputs | cinductor ms | PyTorch ms", "#### 1 thread",
                 "geomean, SUITE (3)", "PyTorch %s" % torch.__version__, "command: `"]:
        if want not in out:
            return False, "no %r in the output:\n%s" % (want, out)
    res = json.load(open(js))["results"]
    if [r["name"] for r in res] != names:
        return False, "JSON results %s" % [r["name"] for r in res]
    for n, r in zip(names, res):
        m = re.search(r"^\| %s \| ([^|]*) \| ([0-9.]+) \| ([0-9.]+) \| ([0-9.]+) \|" % n, out, re.M)
        if not m:
            return False, "no timed row for %s:\n%s" % (n, out)
        c, t = r["cinductor"]["run_ms_median"], r["torch"]["ms"]
        ratio = float(m.group(4))
        if c <= 0 or t <= 0 or abs(ratio - c / t) > 0.0051 + 1e-3 * ratio:
            return False, "%s: ratio %s is not %s / %s" % (n, ratio, c, t)
        if abs(float(m.group(2)) - c) > 1e-3 * c or abs(float(m.group(3)) - t) > 1e-3 * t:
            return False, "%s: the row's times are not the JSON's (%s, %s)" % (n, c, t)
    if "| rowsum | 64x64 |" not in out or "| layernorm | 128x16, 16, 16 |" not in out:
        return False, "quick shapes not in the table:\n%s" % out
    text = open(md).read()
    if "old" in text or not text.endswith("tail\n") or "| rowsum | 64x64 |" not in text:
        return False, "the section of %s was not replaced:\n%s" % (md, text)
    for r in res:
        ck = r["check"]
        if not ck or ck["status"] != "ok" or not 0 <= ck["err"] <= 1e-4:
            return False, "%s: check %s" % (r["name"], ck)
        if r["cinductor"]["status"] != "ok" or r["torch"]["status"] != "ok":
            return False, "%s: %s" % (r["name"], r)
    return True, "max check error %.1e" % max(r["check"]["err"] for r in res)


def case_mismatch(args):
    """a rowsum.cig that sums the other dim: same shapes, other numbers: the check must fail"""
    d = os.path.join(args.tmp, "wrong")
    os.makedirs(d)
    with open(os.path.join(d, "rowsum.cig"), "w") as f:
        f.write("input x: f32[4096, 4096]\ny = aten.sum.dim_IntList(x, [0])\noutput y\n")
    p = run(args, ["--only", "rowsum", "--bench-dir", d])
    if p.returncode != 1:
        return False, "exit %d, expected 1: %s" % (p.returncode, (p.stdout + p.stderr)[-1500:])
    if not re.search(r"^\| rowsum \|.*\*\*FAIL\*\*", p.stdout, re.M):
        return False, "no FAIL in the row:\n%s" % p.stdout
    return True, ""


def case_replay(args):
    """a graph with no PyTorch twin in the script: PyTorch replays the .cig op by op"""
    d = os.path.join(args.tmp, "replay")
    os.makedirs(d)
    shutil.copy(os.path.join(ROOT, "tests", "bench", "layernorm.cig"),
                os.path.join(d, "ln_copy.cig"))
    p = run(args, ["--only", "ln_copy", "--bench-dir", d])
    if p.returncode != 0:
        return False, "exit %d: %s" % (p.returncode, (p.stdout + p.stderr)[-1500:])
    if not re.search(r"^\| ln_copy \(replay\) \| 128x16, 16, 16 \|.*\| ok \(", p.stdout, re.M):
        return False, "unexpected row:\n%s" % p.stdout
    return True, ""


def case_cuda(args):
    """--device cuda: a side without a GPU says so, and the run still succeeds"""
    p = run(args, ["--only", "rowsum", "--device", "cuda"])
    if p.returncode != 0:
        return False, "exit %d: %s" % (p.returncode, (p.stdout + p.stderr)[-1500:])
    m = re.search(r"^\| rowsum \| 64x64 \| ([^|]*) \| ([^|]*) \|", p.stdout, re.M)
    if not m:
        return False, "no rowsum row:\n%s" % p.stdout
    if not torch.cuda.is_available() and m.group(2).strip() != "not available":
        return False, "PyTorch has no GPU, its column says %r" % m.group(2)
    if "#### GPU" not in p.stdout:
        return False, "no GPU table:\n%s" % p.stdout
    return True, "cinductor: %s, PyTorch: %s" % (m.group(1).strip(), m.group(2).strip())


def case_no_torch(args):
    """a python without PyTorch: the PyTorch column says not available, cinductor still runs"""
    p = run(args, ["--only", "rowsum", "--python", os.path.join(args.tmp, "no_such_python"),
                   "--no-check"])
    if p.returncode != 0:
        return False, "exit %d: %s" % (p.returncode, (p.stdout + p.stderr)[-1500:])
    if not re.search(r"^\| rowsum \| 64x64 \| [0-9.]+ \| not available \|", p.stdout, re.M):
        return False, "unexpected row:\n%s" % p.stdout
    return True, ""


def case_rounds(args):
    """--rounds 3: each side's time is the median of its three rounds (kept in the JSON), the
    ratio the median of the rounds' ratios, and the method line says so"""
    js = os.path.join(args.tmp, "rounds.json")
    p = run(args, ["--only", "rowsum", "--rounds", "3", "--no-md", "--json", js, "--no-check"])
    if p.returncode != 0:
        return False, "exit %d: %s" % (p.returncode, (p.stdout + p.stderr)[-1500:])
    r = json.load(open(js))["results"][0]
    c, t = r["cinductor"], r["torch"]
    cr, tr = c.get("rounds_ms"), t.get("rounds_ms")
    if not cr or not tr or len(cr) != 3 or len(tr) != 3:
        return False, "no three rounds in the JSON: %s" % r
    if c["run_ms_median"] != sorted(cr)[1] or t["ms"] != sorted(tr)[1]:
        return False, "the times are not the rounds' medians: %s" % r
    want = sorted(a / b for a, b in zip(cr, tr))[1]
    if abs(r["ratio"] - want) > 1e-12:
        return False, "ratio %s, the rounds' median ratio %s" % (r["ratio"], want)
    m = re.search(r"^\| rowsum \| 64x64 \| [0-9.]+ \| [0-9.]+ \| ([0-9.]+) \|", p.stdout, re.M)
    if not m or abs(float(m.group(1)) - want) > 0.0051:
        return False, "the table's ratio is not %.3f:\n%s" % (want, p.stdout)
    if "3 rounds in a row" not in p.stdout:
        return False, "the method line does not give the rounds:\n%s" % p.stdout
    return True, "ratio %.3f over rounds %s / %s" % (want, cr, tr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cinductor", default=os.environ.get(
        "CINDUCTOR", os.path.join(ROOT, "build", "cinductor")))
    args = ap.parse_args()
    if not os.path.exists(args.cinductor):
        print("FAIL test-bench-side: %s not found (run make first)" % args.cinductor)
        print("0 passed, 1 failed")
        return 1
    args.tmp = tempfile.mkdtemp(prefix="test_bench_side_")
    args.build = os.path.join(args.tmp, "build")
    npass = nfail = 0
    try:
        for name, fn in [("bench_side table and check", case_table),
                         ("bench_side catches a wrong graph", case_mismatch),
                         ("bench_side replays a .cig", case_replay),
                         ("bench_side --device cuda", case_cuda),
                         ("bench_side without PyTorch", case_no_torch),
                         ("bench_side --rounds", case_rounds)]:
            try:
                ok, detail = fn(args)
            except Exception as e:  # a bug in the script or the case
                ok, detail = False, "raised %s: %s" % (type(e).__name__, e)
            if ok:
                npass += 1
                print("PASS %s%s" % (name, (" (%s)" % detail) if detail else ""), flush=True)
            else:
                nfail += 1
                print("FAIL %s: %s" % (name, detail), flush=True)
    finally:
        shutil.rmtree(args.tmp, ignore_errors=True)
    print("%d passed, %d failed" % (npass, nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
