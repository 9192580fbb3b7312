#!/usr/bin/python3
"""bench_side: cinductor and PyTorch side by side on the benchmark workloads, in one command.

Runs every workload through `cinductor bench --json` and through PyTorch on the same machine in
the same run, and prints (and writes into docs/performance.md) one table per thread count:
workload, input shapes, cinductor ms, PyTorch ms, ratio, GB/s and compile ms of each side, a
check that both compute the same numbers, the geomean; with the machine, the PyTorch version and
mode, the cinductor commit and the exact command.

Workloads: the SUITE (tests/bench/*.cig, SUITE order), `add_one` (y = x + 1 on f32[4096,4096],
outside the geomean), and the exported networks (resnet18, mobilenet_v3_small, efficientnet_b0
at batch 1 224x224 with torchvision, and a two-layer transformer encoder), exported with
tools/fx2cig.py into build/bench-side/nets/ at run time. Where the export fails (no torchvision,
a PyTorch fx2cig does not trace) the .cig files already in --nets-dir are used (export them on a
machine where it works and carry the directory), and the PyTorch side replays the .cig with
torch.ops.aten when it cannot build the module.

Method: every workload runs in a fresh process on each side (cinductor bench; a worker process of
this script for PyTorch), the two sides one after the other for each workload; same input shapes
(random normal floats, seeded); 3 warm-up calls, then the median of --reps timed calls. PyTorch
runs torch.compile where it has it (2.x; compile = the first call; the Inductor cache is empty
at the start of each thread count's pass, and no graph is compiled twice in it), eager
otherwise (1.x), under torch.no_grad(), with torch.set_num_threads(N) and OMP_NUM_THREADS=N.
The check runs `cinductor run` on PyTorch's inputs and compares with PyTorch eager's output:
max |difference| / max |PyTorch output| must be <= 1e-4 (networks 2e-3).
--device cuda: cinductor with `--device cuda` (CUDA events), PyTorch on the GPU timed with CUDA
events after an L2 flush; a side that has no GPU says "not available".

Usage: tools/bench_side.py [--device cpu|cuda] [--threads N,M] [--reps N] [--only A,B]
         [--no-suite] [--no-nets] [--nets-dir DIR] [--no-export] [--export-only [--no-weights]]
         [--no-check] [--quick]
         [--cinductor PATH] [--python PATH] [--torch-mode auto|eager|compile] [--bench-dir DIR]
         [--md FILE | --no-md] [--section NAME] [--json FILE] [--commit TEXT] [--timeout S]
Exit status: 0; 1 when a check failed or a side failed for another reason than "not available";
2 bad usage.
"""
import argparse
import ast
import datetime
import json
import math
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
RESULT_TAG = "BENCH_SIDE_RESULT "
# a side that cannot run at all here (no GPU, no driver, no NVRTC, no CUDA backend yet)
NA_RE = re.compile(r"not available|unavailable|not found|no CUDA|no NVIDIA|no device|NO_DEVICE|"
                   r"libcuda|libnvrtc|NVRTC|driver", re.I)
SUITE_ORDER = ["pointwise_gelu_bias", "softmax_lastdim", "layernorm", "rowsum", "colsum",
               "transpose_add", "silu_mul_rmsnorm", "blur3x3_tonemap", "mlp_b64",
               "attention_small"]
NETS = ["resnet18", "mobilenet_v3_small", "efficientnet_b0", "transformer_2l"]
# --quick: every dimension of the SUITE shrunk (consistently, so the graphs stay valid)
QUICK_DIMS = {4096: 64, 8192: 128, 2048: 32, 1024: 16, 64: 8}
DTYPE_SIZE = {"f64": 8, "f32": 4, "f16": 2, "bf16": 2, "i64": 8, "i32": 4, "i16": 2, "i8": 1,
              "u8": 1, "bool": 1}


# ---------------------------------------------------------------------------------------------
# .cig and .npy helpers shared by both processes (no numpy needed)
# ---------------------------------------------------------------------------------------------
def cig_inputs(text):
    """[(name, dtype, [dims])] of the input declarations"""
    out = []
    for m in re.finditer(r"^\s*input\s+([A-Za-z_]\w*)\s*:\s*([a-z0-9]+)\[([^\]]*)\]", text, re.M):
        dims = [int(d) for d in m.group(3).split(",") if d.strip()]
        out.append((m.group(1), m.group(2), dims))
    return out


def shrink_cig(text):
    """the SUITE graph with every listed dimension inside [...] replaced (QUICK_DIMS)"""
    def one(m):
        return "[" + re.sub(r"\b\d+\b", lambda d: str(QUICK_DIMS.get(int(d.group(0)),
                                                                     int(d.group(0)))),
                            m.group(1)) + "]"
    return re.sub(r"\[([^\[\]]*)\]", one, text)


def _statements(text):
    """the .cig's statements, comments removed and wrapped lines joined"""
    stmts, cur, depth = [], "", 0
    for line in text.splitlines():
        s, q = [], False
        for ch in line:
            if ch == '"':
                q = not q
            if ch == "#" and not q:
                break
            s.append(ch)
        s = "".join(s).strip()
        if not s:
            continue
        cur = (cur + " " + s) if cur else s
        depth = sum(cur.count(c) for c in "([") - sum(cur.count(c) for c in ")]")
        if depth <= 0:
            stmts.append(cur)
            cur = ""
    if cur:
        stmts.append(cur)
    return stmts


NPY_DT = {"<f8": "f64", "<f4": "f32", "<f2": "f16", "<i8": "i64", "<i4": "i32", "<i2": "i16",
          "|i1": "i8", "|u1": "u8", "|b1": "bool"}


def npy_write(path, t):
    """a torch tensor (on the CPU) as .npy, written without numpy"""
    import ctypes
    import torch
    t = t.detach().cpu().contiguous()
    if t.dtype == torch.bfloat16:
        t = t.float()
    descr = {v: k for k, v in NPY_DT.items()}[torch_dtype_name(t.dtype)]
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, "".join("%d, " % d for d in t.shape) if t.dim() != 1 else "%d," % t.shape[0])
    hdr = hdr.replace(", )", ")")
    pad = 64 - (10 + len(hdr) + 1) % 64
    hdr = hdr + " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(hdr).to_bytes(2, "little") + hdr.encode("latin1"))
        n = t.numel() * t.element_size()
        if n:
            f.write(ctypes.string_at(t.data_ptr(), n))


def npy_read(path):
    """a .npy file (C order, little-endian) as a torch tensor, read without numpy"""
    import torch
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise ValueError("%s: not a .npy file" % path)
    if data[6] == 1:
        hl, off = int.from_bytes(data[8:10], "little"), 10
    else:
        hl, off = int.from_bytes(data[8:12], "little"), 12
    hdr = ast.literal_eval(data[off:off + hl].decode("latin1"))
    if hdr["fortran_order"] or hdr["descr"] not in NPY_DT:
        raise ValueError("%s: unsupported .npy layout %r" % (path, hdr))
    dt = TORCH_DTYPES()[NPY_DT[hdr["descr"]]]
    body = bytearray(data[off + hl:])
    if not body:
        return torch.zeros(hdr["shape"], dtype=dt)
    return torch.frombuffer(body, dtype=dt).reshape(hdr["shape"]).clone()


def TORCH_DTYPES():
    import torch
    return {"f64": torch.float64, "f32": torch.float32, "f16": torch.float16,
            "bf16": torch.bfloat16, "i64": torch.int64, "i32": torch.int32, "i16": torch.int16,
            "i8": torch.int8, "u8": torch.uint8, "bool": torch.bool}


def torch_dtype_name(dt):
    return {v: k for k, v in TORCH_DTYPES().items()}[dt]


# ---------------------------------------------------------------------------------------------
# the PyTorch side: the workloads as a PyTorch user writes them
# ---------------------------------------------------------------------------------------------
def suite_fn(name):
    import torch
    import torch.nn.functional as F

    def gelu_bias(x, b):
        return F.gelu(x * 1.702 + b)

    def layernorm(x, w, b):
        return F.layer_norm(x, (x.shape[-1],), w, b, 1e-5)

    def silu_mul_rmsnorm(a, c, w):
        h = F.silu(a) * c
        return h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + 1e-6) * w

    def blur(img):
        y = F.avg_pool2d(img, 3, stride=1, padding=1)
        return (y / (1 + y.abs())).clamp(0, 1)

    fns = {
        "pointwise_gelu_bias": gelu_bias,
        "softmax_lastdim": lambda x: torch.softmax(x, -1),
        "layernorm": layernorm,
        "rowsum": lambda x: x.sum(-1),
        "colsum": lambda x: x.sum(0),
        "transpose_add": lambda x: x.t() + x,
        "silu_mul_rmsnorm": silu_mul_rmsnorm,
        "blur3x3_tonemap": blur,
        "mlp_b64": lambda x, w1, b1, w3: torch.relu(x @ w1 + b1) @ w3,
        "attention_small": lambda q, k, v: torch.softmax(q @ k.transpose(-1, -2) * 0.125, -1) @ v,
        "add_one": lambda x: x + 1,
    }
    return fns.get(name)


def make_net(name):
    """the network with its deterministic random weights (seed 0), eval mode, nothing in place"""
    import torch
    torch.manual_seed(0)
    if name == "transformer_2l":
        layer = torch.nn.TransformerEncoderLayer(256, 4, 1024, dropout=0.0, batch_first=True,
                                                 norm_first=True)
        m = torch.nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
        shape = [1, 128, 256]
    else:
        import torchvision
        m = getattr(torchvision.models, name)()
        shape = [1, 3, 224, 224]
    m.eval()
    for mod in m.modules():
        if hasattr(mod, "inplace"):
            mod.inplace = False
    return m, shape


def replay_fn(cig_path, device):
    """a function that runs the .cig's statements with torch.ops.aten (for a graph whose PyTorch
    source is not at hand)"""
    import torch
    text = open(cig_path).read()
    base = os.path.dirname(os.path.abspath(cig_path))
    dts = TORCH_DTYPES()
    consts, inputs, calls, outputs = {}, [], [], []
    for st in _statements(text):
        m = re.match(r"input\s+(\w+)\s*:", st)
        if m:
            inputs.append(m.group(1))
            continue
        m = re.match(r"const\s+(\w+)\s*:\s*([a-z0-9]+)\[([^\]]*)\]\s*=\s*(.*)$", st)
        if m:
            dims = [int(d) for d in m.group(3).split(",") if d.strip()]
            val = m.group(4).strip()
            lm = re.match(r'load\(\s*"([^"]*)"\s*\)$', val)
            if lm:
                t = npy_read(os.path.join(base, lm.group(1)))
            else:
                v = ast.literal_eval(val.replace("inf", "1e999"))
                t = torch.full(dims, v) if not isinstance(v, list) else torch.tensor(v)
            consts[m.group(1)] = t.to(dts[m.group(2)]).reshape(dims).to(device)
            continue
        m = re.match(r"output\s+(.*)$", st)
        if m:
            outputs = [o.strip() for o in m.group(1).split(",")]
            continue
        lhs, rhs = st.split("=", 1)
        calls.append(([x.strip() for x in lhs.split(",")],
                      ast.parse(rhs.strip(), mode="eval").body))
    # the graph as the source of one Python function (which torch.compile traces like any)
    glob = {"torch": torch, "DEVICE": torch.device(device), "INF": math.inf, "NAN": math.nan}
    glob.update(("DT_" + k, v) for k, v in dts.items())
    glob.update(("v_" + k, v) for k, v in consts.items())
    known = set(inputs) | set(consts)

    def expr(node, key=None):
        if isinstance(node, ast.Constant):
            v = node.value
            if isinstance(v, str):
                if key == "device" or v == "cpu" or v.startswith("cuda"):
                    return "DEVICE"
                if key in ("layout", "memory_format", None) and \
                        isinstance(getattr(torch, v, None), (torch.layout, torch.memory_format)):
                    return "torch." + v
            if isinstance(v, float) and not math.isfinite(v):
                return "NAN" if v != v else ("INF" if v > 0 else "-INF")
            return repr(v)
        if isinstance(node, ast.Name):
            if node.id in known:
                return "v_" + node.id
            if node.id in ("True", "False", "None"):
                return node.id
            if node.id in ("inf", "nan"):
                return node.id.upper()
            if node.id in dts:
                return "DT_" + node.id
            raise ValueError("%s: unknown name %s" % (cig_path, node.id))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return "(-%s)" % expr(node.operand)
        if isinstance(node, ast.List):
            return "[%s]" % ", ".join(expr(e) for e in node.elts)
        raise ValueError("%s: cannot replay %s" % (cig_path, ast.unparse(node)))
    body = []
    for k, (names, call) in enumerate(calls):
        op = torch.ops
        for part in ast.unparse(call.func).split("."):
            op = getattr(op, part)
        glob["OP%d" % k] = op
        args = [expr(a) for a in call.args] + ["%s=%s" % (kw.arg, expr(kw.value, kw.arg))
                                                for kw in call.keywords]
        body.append("    %s = OP%d(%s)" % (", ".join("_" if n == "_" else "v_" + n
                                                    for n in names), k, ", ".join(args)))
        known.update(n for n in names if n != "_")
    outs = ", ".join("v_" + o for o in outputs)
    src = "def replay(%s):\n%s\n    return %s\n" % (
        ", ".join("v_" + n for n in inputs), "\n".join(body),
        outs + ("," if len(outputs) > 1 else "") if len(outputs) > 1 else outs)
    exec(compile(src, cig_path + " (replayed)", "exec"), glob)
    return glob["replay"]


def _flat(out):
    return list(out) if isinstance(out, (tuple, list)) else [out]


def make_inputs(decls, device, seed):
    import torch
    g = torch.Generator().manual_seed(seed)
    dts = TORCH_DTYPES()
    xs = []
    for _, dt, dims in decls:
        if dt == "bool":
            t = torch.randint(0, 2, dims, generator=g).bool()
        elif dt in ("i64", "i32", "i16", "i8", "u8"):
            t = torch.randint(0, 10, dims, generator=g).to(dts[dt])
        else:
            t = torch.randn(dims, generator=g).to(dts[dt])
        xs.append(t.to(device))
    return xs


def worker_torch(spec):
    """one workload timed in PyTorch (this process is fresh); returns the result dict"""
    import torch
    dev, res = spec["device"], {"torch": torch.__version__}
    if dev == "cuda" and not torch.cuda.is_available():
        return dict(res, status="na", error="not available: this PyTorch sees no CUDA device")
    if dev == "cpu":
        torch.set_num_threads(spec["threads"])
    res["cpu_threads"] = torch.get_num_threads()
    if dev == "cuda":
        res["gpu"] = torch.cuda.get_device_name(0)
    text = open(spec["cig"]).read()
    decls = cig_inputs(text)
    src = spec["source"]
    fn = None
    if src == "suite":
        fn = suite_fn(spec["name"])
    elif src == "module":
        try:
            m, _ = make_net(spec["name"])
            st = spec.get("state")
            if st and os.path.exists(st):
                m.load_state_dict(torch.load(st))
            fn = m.to(dev)
        except Exception as e:  # no torchvision here: run the .cig itself
            res["note"] = "module not built (%s): .cig replayed" % type(e).__name__
    if fn is None:
        fn = replay_fn(spec["cig"], dev)
        res["source"] = "replay"
    else:
        res["source"] = src
    xs = make_inputs(decls, dev, spec["seed"])
    mode = spec["mode"]
    if mode == "auto":
        mode = "compile" if hasattr(torch, "compile") else "eager"
    res["mode"] = mode

    def sync():
        if dev == "cuda":
            torch.cuda.synchronize()
    with torch.no_grad():
        ref = _flat(fn(*xs))
        sync()
        run = fn
        if mode == "compile":
            run = torch.compile(fn)
            t0 = time.perf_counter()
            run(*xs)
            sync()
            res["compile_ms"] = (time.perf_counter() - t0) * 1e3
        for _ in range(3):
            run(*xs)
        sync()
        ts = []
        if dev == "cuda":
            flush = torch.empty(256 << 20, dtype=torch.int8, device="cuda")
            for _ in range(spec["reps"]):
                flush.zero_()
                a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                a.record()
                run(*xs)
                b.record()
                b.synchronize()
                ts.append(a.elapsed_time(b))
        else:
            for _ in range(spec["reps"]):
                t0 = time.perf_counter()
                run(*xs)
                ts.append((time.perf_counter() - t0) * 1e3)
    ts.sort()
    n = len(ts)
    res["ms"] = ts[n // 2] if n % 2 else 0.5 * (ts[n // 2 - 1] + ts[n // 2])
    res["ms_min"] = ts[0]
    res["bytes"] = sum(t.numel() * t.element_size() for t in xs + ref)
    res["status"] = "ok"
    if spec.get("check"):
        res["check"] = check_against_cinductor(spec, decls, xs, ref)
    return res


def check_against_cinductor(spec, decls, xs, ref):
    """`cinductor run` on these inputs against PyTorch eager's outputs"""
    import torch
    d = tempfile.mkdtemp(prefix="bench_side_")
    try:
        cmd = [spec["cinductor"], "run", spec["cig"], "--out", os.path.join(d, "out")]
        if spec["device"] == "cuda":
            cmd += ["--device", "cuda"]
        else:
            cmd += ["--threads", str(spec["threads"])]
        for (nm, _, _), t in zip(decls, xs):
            p = os.path.join(d, nm + ".npy")
            npy_write(p, t)
            cmd += ["--in", "%s=%s" % (nm, p)]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=spec["timeout"])
        if p.returncode != 0:
            msg = " | ".join(p.stderr.strip().splitlines()[:2])
            na = "not available" in msg or (spec["device"] == "cuda" and NA_RE.search(msg))
            return {"status": "na" if na else "error", "error": msg}
        worst = 0.0
        for i, e in enumerate(ref):
            g = npy_read(os.path.join(d, "out", "out%d.npy" % i))
            e = e.detach().cpu()
            if tuple(g.shape) != tuple(e.shape):
                return {"status": "fail", "error": "output %d: shape %s, PyTorch %s"
                        % (i, list(g.shape), list(e.shape))}
            g, e = g.double(), e.double()
            if not torch.equal(torch.isnan(g), torch.isnan(e)):
                return {"status": "fail", "error": "output %d: NaN where PyTorch has none" % i}
            ok = ~torch.isnan(e)
            if ok.any():
                diff = (g[ok] - e[ok]).abs().max().item()
                scale = max(e[ok].abs().max().item(), 1e-30)
                worst = max(worst, diff / scale)
        tol = spec["tol"]
        return {"status": "ok" if worst <= tol else "fail", "err": worst, "tol": tol}
    finally:
        shutil.rmtree(d, ignore_errors=True)


def worker_copy(spec):
    """PyTorch's copy bandwidth, bytes read + written (the roofline of a pointwise kernel)"""
    import torch
    dev = spec["device"]
    if dev == "cuda":
        if not torch.cuda.is_available():
            return {"status": "na"}
        x = torch.empty(1 << 28, device="cuda")
        y = torch.empty_like(x)
        ts = []
        for i in range(13):
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record()
            y.copy_(x)
            b.record()
            b.synchronize()
            if i >= 3:
                ts.append(a.elapsed_time(b))
    else:
        torch.set_num_threads(spec["threads"])
        x = torch.randn(spec["numel"])
        y = torch.empty_like(x)
        ts = []
        for i in range(13):
            t0 = time.perf_counter()
            y.copy_(x)
            if i >= 3:
                ts.append((time.perf_counter() - t0) * 1e3)
    ts.sort()
    ms = ts[len(ts) // 2]
    return {"status": "ok", "gbps": 2 * x.numel() * 4 / ms / 1e6}


def worker_export(spec):
    """exports one network with fx2cig into spec['dir'] (written atomically)"""
    import torch
    sys.path.insert(0, HERE)
    import fx2cig
    try:
        from torch.func import functionalize
        from torch.fx.experimental.proxy_tensor import make_fx
    except ImportError:
        from functorch import functionalize, make_fx
    m, shape = make_net(spec["name"])
    x = torch.randn(shape, generator=torch.Generator().manual_seed(0))
    # in-place ops (a residual `out += x`) become out-of-place ones
    gm = make_fx(functionalize(m))(x)
    text, consts = fx2cig.to_cig(m, (x,), names=["x"], gm=gm, title=spec["name"])
    final = spec["dir"]
    tmp = final + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    import numpy as np
    for nm, arr in consts.items():
        np.save(os.path.join(tmp, nm + ".npy"), arr)
    with open(os.path.join(tmp, spec["name"] + ".cig"), "w") as f:
        f.write(text)
    torch.save(m.state_dict(), os.path.join(tmp, "state.pt"))
    shutil.rmtree(final, ignore_errors=True)
    os.replace(tmp, final)
    return {"status": "ok", "torch": torch.__version__}


def worker_weights(spec):
    """writes the network's weights the .cig loads and that are not on disk (an export carried
    without them, --no-weights), from the module built with the same seed"""
    text = open(spec["cig"]).read()
    base = os.path.dirname(os.path.abspath(spec["cig"]))
    need = [(nm, dims, f) for nm, dims, f in re.findall(
        r'^\s*const\s+(\w+)\s*:\s*[a-z0-9]+\[([^\]]*)\]\s*=\s*load\("([^"]*)"\)', text, re.M)
        if not os.path.exists(os.path.join(base, f))]
    if not need:
        return {"status": "ok", "written": 0}
    m, _ = make_net(spec["name"])
    table = {re.sub(r"[^A-Za-z0-9_]", "_", q): t
             for q, t in list(m.named_parameters()) + list(m.named_buffers())}
    for nm, dims, f in need:
        t = table.get(nm)
        want = [int(d) for d in dims.split(",") if d.strip()]
        if t is None or list(t.shape) != want:
            return {"status": "error", "error": "constant %s %s: no such weight in %s"
                    % (nm, want, spec["name"])}
        npy_write(os.path.join(base, f), t)
    return {"status": "ok", "written": len(need)}


def worker_main(spec):
    try:
        kind = spec["worker"]
        if kind == "torch":
            res = worker_torch(spec)
        elif kind == "copy":
            res = worker_copy(spec)
        elif kind == "weights":
            res = worker_weights(spec)
        else:
            res = worker_export(spec)
    except Exception as e:
        import traceback
        traceback.print_exc()
        res = {"status": "error", "error": "%s: %s" % (type(e).__name__, str(e).splitlines()[0]
                                                        if str(e) else "")}
    print(RESULT_TAG + json.dumps(res), flush=True)
    return 0


# ---------------------------------------------------------------------------------------------
# the driver (imports no torch)
# ---------------------------------------------------------------------------------------------
def run_worker(args, spec, threads=None, cache=None):
    env = dict(os.environ)
    if threads:
        env["OMP_NUM_THREADS"] = str(threads)
    # an Inductor cache empty at the start of each thread count's pass: every graph differs, so
    # its compile is cold, while what all graphs share (headers) is built once, as in one process
    own = cache is None
    if own:
        cache = tempfile.mkdtemp(prefix="bench_side_inductor_")
    env["TORCHINDUCTOR_CACHE_DIR"] = cache
    env["TRITON_CACHE_DIR"] = os.path.join(cache, "triton")
    try:
        p = subprocess.run([args.python, os.path.abspath(__file__), "--worker", json.dumps(spec)],
                           capture_output=True, text=True, timeout=args.timeout, env=env)
    except FileNotFoundError:
        return {"status": "na", "error": "not available: %s not found" % args.python}
    except subprocess.TimeoutExpired:
        return {"status": "error", "error": "timed out after %d s" % args.timeout}
    finally:
        if own:
            shutil.rmtree(cache, ignore_errors=True)
    for line in reversed(p.stdout.splitlines()):
        if line.startswith(RESULT_TAG):
            return json.loads(line[len(RESULT_TAG):])
    err = (p.stderr.strip().splitlines() or ["exit status %d" % p.returncode])[-1]
    if "No module named 'torch'" in p.stderr:
        return {"status": "na", "error": "not available: PyTorch is not installed for %s"
                % args.python}
    return {"status": "error", "error": err}


def run_cinductor(args, cig, threads):
    cmd = [args.cinductor, "bench", cig, "--json", "--reps", str(args.reps)]
    if args.device == "cuda":
        cmd += ["--device", "cuda"]
    else:
        cmd += ["--threads", str(threads)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return {"status": "error", "error": "timed out after %d s" % args.timeout}
    if p.returncode != 0:
        msg = " | ".join(p.stderr.strip().splitlines()[:2]) or "exit status %d" % p.returncode
        na = "not available" in msg or (args.device == "cuda" and NA_RE.search(msg) is not None)
        return {"status": "na" if na else "error", "error": msg}
    r = json.loads(p.stdout.strip().splitlines()[-1])
    r["status"] = "ok"
    return r


def collect_workloads(args, notes):
    """[(name, cig path, kind, source, state)]; kind: suite, extra, net"""
    out = []
    qdir = os.path.join(args.build, "quick")
    if args.suite:
        found = {os.path.splitext(f)[0]: os.path.join(args.bench_dir, f)
                 for f in os.listdir(args.bench_dir) if f.endswith(".cig")}
        names = [n for n in SUITE_ORDER if n in found] + \
            sorted(n for n in found if n not in SUITE_ORDER)
        extra = os.path.join(args.build, "extra", "add_one.cig")
        os.makedirs(os.path.dirname(extra), exist_ok=True)
        with open(extra, "w") as f:
            f.write("# y = x + 1 (bench_side.py): a copy's traffic, the pointwise roofline\n"
                    "input x: f32[4096, 4096]\ny = aten.add.Tensor(x, 1)\noutput y\n")
        found["add_one"] = extra
        names.append("add_one")
        for n in names:
            path = found[n]
            if args.quick:
                os.makedirs(qdir, exist_ok=True)
                q = os.path.join(qdir, n + ".cig")
                with open(path) as f:
                    text = shrink_cig(f.read())
                with open(q, "w") as f:
                    f.write(text)
                path = q
            src = "suite" if suite_fn_known(n) else "replay"
            out.append((n, path, "extra" if n == "add_one" else "suite", src, None))
    keep = set(args.only.split(",")) if args.only else None
    if args.nets:
        for n in NETS:
            if keep is not None and n not in keep:
                continue
            d = os.path.join(args.nets_dir, n)
            cig = os.path.join(d, n + ".cig")
            how = "pre-exported"
            if args.export:
                r = run_worker(args, {"worker": "export", "name": n, "dir": d})
                if r.get("status") == "ok":
                    how = "exported by PyTorch %s in this run" % r["torch"]
                else:
                    notes.append("%s: export failed (%s)%s" % (
                        n, r.get("error"), "; the .cig already in %s is used" % d
                        if os.path.exists(cig) else ""))
            if not os.path.exists(cig):
                notes.append("%s: left out: no %s" % (n, cig))
                continue
            if args.no_weights:
                for f in os.listdir(d):
                    if f.endswith(".npy") or f == "state.pt":
                        os.remove(os.path.join(d, f))
                notes.append("%s: weights removed (rebuilt from the seed where it runs)" % n)
                continue
            r = run_worker(args, {"worker": "weights", "name": n, "cig": cig})
            if r.get("status") != "ok":
                notes.append("%s: left out: its weights: %s" % (n, r.get("error")))
                continue
            if r.get("written"):
                how += ", its weights rebuilt from the seed here"
            notes.append("%s: %s (%s)" % (n, how, cig))
            out.append((n, cig, "net", "module", os.path.join(d, "state.pt")))
    if keep is not None:
        out = [w for w in out if w[0] in keep]
    return out


def suite_fn_known(name):
    return name in SUITE_ORDER or name == "add_one"


def fmt_shapes(cig):
    parts = []
    for _, dt, dims in cig_inputs(open(cig).read()):
        s = "x".join(str(d) for d in dims) or "scalar"
        parts.append(s if dt == "f32" else "%s %s" % (dt, s))
    return ", ".join(parts)


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def git_commit():
    try:
        h = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                           capture_output=True, text=True, timeout=10)
        if h.returncode == 0:
            d = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10)
            return h.stdout.strip() + ("-dirty" if d.stdout.strip() else "")
    except (OSError, subprocess.TimeoutExpired):
        pass
    return None


def cell(x, fmt):
    return fmt % x if isinstance(x, (int, float)) else "-"


def side_ms(r):
    if r["status"] == "ok":
        return r.get("run_ms_median", r.get("ms"))
    return None


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else 0.5 * (xs[n // 2 - 1] + xs[n // 2])


def merge_rounds(cs, ts):
    """one workload's rounds (each a cinductor run, then a PyTorch one): each side's first
    result with its time the median over the rounds, and the median of the rounds' ratios (the
    machine's drift between rounds cancels in each round's ratio)"""
    c, t = dict(cs[0]), dict(ts[0])
    cm = [side_ms(r) for r in cs]
    tm = [side_ms(r) for r in ts]
    if len(cs) > 1:
        for r, ms in ((c, cm), (t, tm)):
            if all(m is not None for m in ms):
                r["run_ms_median" if "run_ms_median" in r else "ms"] = median(ms)
                r["rounds_ms"] = ms
    rs = [a / b for a, b in zip(cm, tm) if a and b]
    return c, t, (median(rs) if len(rs) == len(cs) else None)


def row_ratio(w):
    return w.get("ratio") if w.get("ratio") is not None else (
        side_ms(w["cinductor"]) / side_ms(w["torch"])
        if side_ms(w["cinductor"]) and side_ms(w["torch"]) else None)


def render(args, meta, tables):
    """the markdown block: the header lines and one table per thread count"""
    L = []
    dev = "GPU" if args.device == "cuda" else "CPU"
    L.append("### %s: %s, %s" % (dev, meta["machine"], meta["when"]))
    L.append("")
    for k in ("machine_line", "torch_line", "cinductor_line", "method_line", "copy_line",
              "command_line"):
        if meta.get(k):
            L.append("- " + meta[k])
    for n in meta["notes"]:
        L.append("- " + n)
    for title, rows in tables:
        L.append("")
        L.append("#### " + title)
        L.append("")
        L.append("| workload | inputs | cinductor ms | PyTorch ms (%s) | ratio | cinductor GB/s | "
                 "PyTorch GB/s | cinductor compile ms | PyTorch compile ms | check |"
                 % meta["mode"])
        L.append("|---|---|---|---|---|---|---|---|---|---|")
        foot = []
        for w in rows:
            c, t = w["cinductor"], w["torch"]
            cm, tm = side_ms(c), side_ms(t)
            nbytes = c.get("bytes_min") or t.get("bytes")
            net = w["kind"] == "net"

            def txt(r, ms, name):
                if ms is not None:
                    return "%.0f" % ms if ms >= 1000 else "%.4g" % ms
                if r["status"] == "na":
                    return "not available"
                foot.append("%s, %s: %s" % (w["name"], name, r.get("error")))
                return "error [%d]" % len(foot)
            ratio = row_ratio(w)
            ck = w.get("check")
            if not ck:
                cks = "-"
            elif ck["status"] == "ok":
                cks = "ok (%.0e)" % ck["err"]
            elif ck["status"] == "fail":
                cks = "**FAIL** (%s)" % (("%.1e > %.0e" % (ck["err"], ck["tol"]))
                                        if "err" in ck else ck.get("error"))
            elif ck["status"] == "na":
                cks = "not available"
            else:
                foot.append("%s, check: %s" % (w["name"], ck.get("error")))
                cks = "error [%d]" % len(foot)
            name = w["name"] + (" (replay)" if t.get("source") == "replay" else "")
            L.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                name, w["shapes"], txt(c, cm, "cinductor"), txt(t, tm, "PyTorch"),
                cell(ratio, "%.2f"),
                "-" if net or not cm else "%.1f" % (nbytes / cm / 1e6),
                "-" if net or not tm else "%.1f" % (nbytes / tm / 1e6),
                cell(c.get("compile_ms"), "%.1f"),
                cell(t.get("compile_ms"), "%.0f") if t.get("mode") != "eager" else "(eager)",
                cks))
        for kind, label in (("suite", "SUITE"), ("net", "networks")):
            rs = [row_ratio(w) for w in rows if w["kind"] == kind and row_ratio(w)]
            if rs:
                L.append("| **geomean, %s (%d)** | | | | **%.2f** | | | | | |"
                         % (label, len(rs), geomean(rs)))
        for i, f in enumerate(foot):
            L.append("")
            L.append("[%d] %s" % (i + 1, f))
    L.append("")
    L.append("ratio = cinductor ms / PyTorch ms (below 1: cinductor is faster). GB/s: the bytes "
             "of the inputs and outputs (each read or written once) over the median time; "
             "networks' weights are not counted, so they have none. check: max |cinductor - "
             "PyTorch eager| / max |PyTorch eager| over the outputs, on the same inputs.")
    return "\n".join(L) + "\n"


def write_md(path, section, block):
    begin = "<!-- bench_side:%s begin -->" % section
    end = "<!-- bench_side:%s end -->" % section
    text = open(path).read() if os.path.exists(path) else "# Performance\n"
    new = begin + "\n" + block + end
    i, j = text.find(begin), text.find(end)
    if i >= 0 and j > i:
        text = text[:i] + new + text[j + len(end):]
    else:
        text = text.rstrip("\n") + "\n\n" + new + "\n"
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        return worker_main(json.loads(argv[1]))
    ap = argparse.ArgumentParser(prog="bench_side.py", description=__doc__.splitlines()[0])
    ap.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
    ap.add_argument("--threads", default=None,
                    help="thread counts, comma separated (default: all cores, then 1)")
    ap.add_argument("--reps", type=int, default=None, help="timed runs (default 15; quick 3)")
    ap.add_argument("--rounds", type=int, default=1,
                    help="each workload's pair of runs (cinductor, then PyTorch) this many "
                    "times in a row; the table gives each side's median over them and the "
                    "median of the rounds' ratios (default 1)")
    ap.add_argument("--only", default=None, help="workloads to run, comma separated")
    ap.add_argument("--no-suite", dest="suite", action="store_false")
    ap.add_argument("--no-nets", dest="nets", action="store_false")
    ap.add_argument("--nets-dir", default=None, help="default build/bench-side/nets")
    ap.add_argument("--no-export", dest="export", action="store_false",
                    help="use the .cig files in --nets-dir as they are")
    ap.add_argument("--export-only", action="store_true",
                    help="export the networks into --nets-dir and stop")
    ap.add_argument("--no-weights", action="store_true",
                    help="with --export-only: keep only the .cig files (the weights are rebuilt "
                    "from the seed where the script runs: smaller to carry)")
    ap.add_argument("--no-check", dest="check", action="store_false")
    ap.add_argument("--quick", action="store_true",
                    help="tiny shapes, 3 reps, no networks, no docs (the test's mode)")
    ap.add_argument("--cinductor", default=os.environ.get("CINDUCTOR",
                                                         os.path.join(ROOT, "build", "cinductor")))
    ap.add_argument("--python", default=sys.executable, help="the python with PyTorch")
    ap.add_argument("--torch-mode", choices=["auto", "eager", "compile"], default="auto")
    ap.add_argument("--bench-dir", default=os.path.join(ROOT, "tests", "bench"))
    ap.add_argument("--md", default=None, help="default docs/performance.md (quick: none)")
    ap.add_argument("--no-md", action="store_true")
    ap.add_argument("--section", default=None, help="the block of --md to replace "
                    "(default: local-DEVICE)")
    ap.add_argument("--json", default=None, help="write every result as JSON to this file")
    ap.add_argument("--commit", default=None, help="cinductor's commit, where git cannot tell")
    ap.add_argument("--timeout", type=int, default=1800, help="seconds per process")
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "bench-side"))
    args = ap.parse_args(argv)
    if args.quick:
        args.nets = args.nets and args.only is not None
        args.reps = args.reps or 3
    args.reps = args.reps or 15
    if args.reps < 1:
        ap.error("--reps takes a positive integer")
    if args.rounds < 1:
        ap.error("--rounds takes a positive integer")
    args.nets_dir = args.nets_dir or os.path.join(args.build, "nets")
    if args.md is None and not args.quick:
        args.md = os.path.join(ROOT, "docs", "performance.md")
    if args.no_md:
        args.md = None
    try:
        ncpu = os.cpu_count() or 1
        threads = [int(t) for t in args.threads.split(",")] if args.threads else \
            sorted({ncpu, 1}, reverse=True)
        if any(t < 1 for t in threads):
            raise ValueError
    except ValueError:
        ap.error("--threads takes positive integers, comma separated")
    if args.device == "cuda":
        threads = [1]
    if not os.path.exists(args.cinductor):
        print("bench_side: %s not found (run make build/cinductor)" % args.cinductor,
              file=sys.stderr)
        return 2
    os.makedirs(args.build, exist_ok=True)
    notes = []
    if args.no_weights and not args.export_only:
        ap.error("--no-weights goes with --export-only")
    if args.export_only:
        args.suite, args.nets, args.export = False, True, True
        work = collect_workloads(args, notes)
        print("\n".join(notes))
        return 0 if not any("failed" in n or "left out" in n for n in notes) else 1
    work = collect_workloads(args, notes)
    if not work:
        print("bench_side: no workload to run", file=sys.stderr)
        return 2
    vp = subprocess.run([args.cinductor, "--version"], capture_output=True, text=True)
    commit = args.commit or git_commit() or "unknown (pass --commit)"
    cmdline = " ".join(shlex.quote(a) for a in [sys.executable,
                                                 os.path.relpath(os.path.abspath(__file__))]
                       + argv)
    tables, results, copies, torch_seen = [], [], [], {}
    bad = False
    for T in threads:
        rows = []
        cache = tempfile.mkdtemp(prefix="bench_side_inductor_")
        tag = "GPU" if args.device == "cuda" else "%d thread%s" % (T, "s" if T > 1 else "")
        for name, cig, kind, src, state in work:
            cs, ts = [], []
            for rd in range(args.rounds):
                cs.append(run_cinductor(args, cig, T))
                spec = {"worker": "torch", "name": name, "cig": cig, "device": args.device,
                        "threads": T, "reps": args.reps, "mode": args.torch_mode, "seed": 0,
                        "source": src, "state": state, "check": args.check and rd == 0,
                        "cinductor": args.cinductor, "timeout": args.timeout,
                        "tol": 2e-3 if kind == "net" else 1e-4}
                ts.append(run_worker(args, spec, T, cache))
            c, t, ratio = merge_rounds(cs, ts)
            if t.get("torch"):
                torch_seen = t
            w = {"name": name, "kind": kind, "shapes": fmt_shapes(cig), "threads": T,
                 "cinductor": c, "torch": t, "check": t.pop("check", None), "ratio": ratio}
            rows.append(w)
            results.append(w)
            for r in (c, t):
                if r["status"] == "error" and "unknown op" not in r.get("error", ""):
                    bad = True
            if w["check"] and w["check"]["status"] in ("fail", "error"):
                bad = True
            print("%-8s %-22s cinductor %-14s PyTorch %-14s check %s" % (
                tag, name, cell(side_ms(c), "%.3f ms") if side_ms(c) else c["status"],
                cell(side_ms(t), "%.3f ms") if side_ms(t) else t["status"],
                (w["check"] or {}).get("status", "-")), file=sys.stderr, flush=True)
        tables.append((tag, rows))
        shutil.rmtree(cache, ignore_errors=True)
        if args.device == "cpu":
            cp = run_worker(args, {"worker": "copy", "device": "cpu", "threads": T,
                                   "numel": 4096 * 4096 if not args.quick else 1 << 16}, T)
            if cp.get("status") == "ok":
                copies.append("%s %.1f GB/s" % (tag, cp["gbps"]))
    if args.device == "cuda":
        cp = run_worker(args, {"worker": "copy", "device": "cuda"})
        if cp.get("status") == "ok":
            copies.append("device-to-device %.0f GB/s" % cp["gbps"])
    mode = torch_seen.get("mode")
    mode_txt = {"compile": "torch.compile", "eager": "eager"}.get(mode, "not available")
    gpu = torch_seen.get("gpu")
    machine = gpu if gpu else cpu_model()
    meta = {
        "machine": machine,
        "when": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "mode": mode_txt,
        "machine_line": "machine: %s; %d logical CPUs (os.cpu_count), %s %s; threads used: %s"
        % (cpu_model(), os.cpu_count() or 1, platform.system(), platform.release(),
           ", ".join(str(t) for t in threads) if args.device == "cpu" else "-")
        + ("; GPU: %s" % gpu if gpu else ""),
        "torch_line": "PyTorch %s, %s%s (%s)" % (
            torch_seen.get("torch", "not available"), mode_txt,
            " (this PyTorch has no torch.compile)" if mode == "eager" and
            args.torch_mode == "auto" else "", args.python),
        "cinductor_line": "cinductor %s, commit %s (%s), backend %s" % (
            (vp.stdout.strip().split() or ["?", "?"])[-1], commit, args.cinductor,
            next((w["cinductor"].get("backend") for w in results
                  if w["cinductor"].get("backend")), "-")),
        "method_line": "each workload in a fresh process on each side, one side after the other%s; "
        "3 warm-up runs, then the median of %d timed runs%s" % (
            ", %d rounds in a row (the ms: each side's median over the rounds; the ratio: the "
            "median of the rounds' ratios)" % args.rounds if args.rounds > 1 else "",
            args.reps, " (CUDA events; PyTorch's after an L2 flush)" if args.device == "cuda"
            else "") + ("; torch.compile's compile ms: its first call, the Inductor cache "
                        "emptied at the start of each thread count" if mode == "compile" else ""),
        "copy_line": ("PyTorch's copy (bytes read + written): " + ", ".join(copies))
        if copies else None,
        "command_line": "command: `%s`" % cmdline,
        "notes": notes,
    }
    block = render(args, meta, tables)
    print(block)
    if args.md:
        section = args.section or "local-%s" % args.device
        write_md(args.md, section, block)
        print("bench_side: wrote section %s of %s" % (section, args.md), file=sys.stderr)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "results": results}, f, indent=1)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
