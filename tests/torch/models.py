#!/usr/bin/env python3
"""models.py: every torchvision classification model and the nn blocks, exported with
tools/fx2cig.py and checked against PyTorch (`fx2cig.check`: `cinductor run` on a random input,
compared with eager in eval mode, no grad), one subprocess per model.

    /usr/bin/python3 tests/torch/models.py [--only a,b] [--skip a,b] [--jobs N]
                                           [--timeout S] [--cinductor PATH] [--list]

Prints `PASS name (s)` or `FAIL name: why` per model, then `N passed, M failed`. The models are
what the installed torchvision lists (list_models in its classification namespace), built with
random weights (seed 0), batch 1 at 224x224 (299 for inception_v3); the blocks are
nn.TransformerEncoderLayer, nn.LSTM, nn.GRU and nn.MultiheadAttention. Works under PyTorch
1.13 (torchvision 0.14) and 2.x."""
import argparse
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BLOCKS = ["nn.TransformerEncoderLayer", "nn.LSTM", "nn.GRU", "nn.MultiheadAttention"]


def model_names():
    import torchvision
    models = torchvision.models
    if hasattr(models, "list_models"):
        names = models.list_models(module=models)
    else:   # before 0.14: the lower-case builders of the package itself
        names = [n for n in dir(models) if n[0].islower() and callable(getattr(models, n))
                 and not n.startswith("get_")]
    return sorted(names) + BLOCKS


def one(name, cinductor, timeout):
    """runs in the child: builds, exports and checks one model; the last line is the verdict"""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import torch
    from fx2cig import check
    torch.manual_seed(0)
    if name == "nn.TransformerEncoderLayer":
        m = torch.nn.TransformerEncoderLayer(64, 4, 128, batch_first=True)
        x = (torch.randn(2, 10, 64),)
    elif name == "nn.LSTM":
        lstm = torch.nn.LSTM(16, 32, num_layers=2, batch_first=True)
        m = lambda x: lstm(x)[0]   # noqa: E731
        x = (torch.randn(2, 7, 16),)
        lstm.eval()
    elif name == "nn.GRU":
        gru = torch.nn.GRU(16, 32, num_layers=2, batch_first=True)
        m = lambda x: gru(x)[0]   # noqa: E731
        x = (torch.randn(2, 7, 16),)
        gru.eval()
    elif name == "nn.MultiheadAttention":
        mha = torch.nn.MultiheadAttention(64, 4, batch_first=True)
        m = lambda q, k, v: mha(q, k, v, need_weights=False)[0]   # noqa: E731
        x = (torch.randn(2, 10, 64), torch.randn(2, 12, 64), torch.randn(2, 12, 64))
        mha.eval()
    else:
        import torchvision
        build = getattr(torchvision.models, name)
        kw = {"weights": None} if "weights" in build.__code__.co_varnames else {}
        if name == "inception_v3" or name == "googlenet":
            kw["aux_logits"] = False
            kw["init_weights"] = True
        m = build(**kw)
        side = 299 if name == "inception_v3" else 224
        x = (torch.randn(1, 3, side, side),)
    if isinstance(m, torch.nn.Module):
        m.eval()
    with torch.no_grad():
        res = check(m, x, name=name, cinductor=cinductor, quiet=True, timeout=timeout)
    print(("PASS %s" % name) if res.ok else ("FAIL %s: %s" % (name, res.message)), flush=True)
    return 0 if res.ok else 1


def run_child(name, args):
    t0 = time.time()
    cmd = [sys.executable, os.path.abspath(__file__), "--child", name, "--cinductor",
           args.cinductor, "--timeout", str(args.timeout)]
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           timeout=args.timeout, cwd=ROOT)
        lines = [ln for ln in p.stdout.splitlines() if ln.startswith(("PASS ", "FAIL "))]
        verdict = lines[-1] if lines else "FAIL %s: %s" % (
            name, (p.stdout.strip().splitlines() or ["exit %d" % p.returncode])[-1][:300])
    except subprocess.TimeoutExpired:
        verdict = "FAIL %s: more than %d s" % (name, args.timeout)
    dt = time.time() - t0
    if verdict.startswith("PASS"):
        verdict += " (%.0f s)" % dt
    print(verdict, flush=True)
    return verdict.startswith("PASS")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="")
    ap.add_argument("--skip", default="")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=600, help="seconds per model")
    ap.add_argument("--cinductor", default=os.path.join(ROOT, "build", "cinductor"))
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    args.cinductor = os.path.abspath(args.cinductor)
    if args.child:
        return one(args.child, args.cinductor, args.timeout)
    names = model_names()
    if args.only:
        want = args.only.split(",")
        names = [n for n in names if n in want]
    skip = set(args.skip.split(",")) if args.skip else set()
    names = [n for n in names if n not in skip]
    if args.list:
        print("\n".join(names))
        return 0
    import torch
    print("# PyTorch %s, %d models" % (torch.__version__, len(names)), flush=True)
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        ok = list(ex.map(lambda n: run_child(n, args), names))
    print("%d passed, %d failed" % (sum(ok), len(ok) - sum(ok)))
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main())
