"""Matrix products on the GPU beside PyTorch: f16, bf16 + relu, f32, and f32 as TF32, each
4096 x 4096 x 4096, timed as torch (cuBLAS), torch.compile and `cinductor bench --device cuda`
(--tf32 for the TF32 row) of each binary named: CUDA events after a 256 MB write that flushes
L2, medians of 50. Run on a lent GPU machine (tools/lent_gpu.sh's `mm` step):

    python3 tools/gpubench/mm_side.py DIR CINDUCTOR [CINDUCTOR ...]

DIR receives the .cig graphs; each CINDUCTOR is a binary to time (two builds compare)."""
import json
import os
import subprocess
import sys

import torch

N = 4096
GRAPHS = {
    "mm_f16": "input a: f16[%d, %d]\ninput b: f16[%d, %d]\ny = aten.mm.default(a, b)\noutput y\n",
    "mm_bf16_relu": "input a: bf16[%d, %d]\ninput b: bf16[%d, %d]\ny = aten.mm.default(a, b)\n"
                    "r = aten.relu.default(y)\noutput r\n",
    "mm_f32": "input a: f32[%d, %d]\ninput b: f32[%d, %d]\ny = aten.mm.default(a, b)\noutput y\n",
}
ROWS = (("mm_f16", torch.float16, False, False), ("mm_bf16_relu", torch.bfloat16, True, False),
        ("mm_f32", torch.float32, False, False), ("mm_f32", torch.float32, False, True))
FLUSH = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")


def timed(f, *a):
    for _ in range(5):
        f(*a)
    ts = []
    for _ in range(50):
        FLUSH.zero_()
        e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        e0.record()
        f(*a)
        e1.record()
        torch.cuda.synchronize()
        ts.append(e0.elapsed_time(e1))
    ts.sort()
    return ts[len(ts) // 2]


def main():
    out, bins = sys.argv[1], sys.argv[2:]
    os.makedirs(out, exist_ok=True)
    for name, text in GRAPHS.items():
        with open(os.path.join(out, name + ".cig"), "w") as f:
            f.write(text % (N, N, N, N))
    tflop = 2.0 * N ** 3 / 1e9
    for name, dt, relu, tf32 in ROWS:
        torch.backends.cuda.matmul.allow_tf32 = tf32
        torch._dynamo.reset()
        a = torch.randn(N, N, device="cuda", dtype=dt)
        b = torch.randn(N, N, device="cuda", dtype=dt)
        f = (lambda x, y: torch.relu(x @ y)) if relu else (lambda x, y: x @ y)
        te, tc = timed(f, a, b), timed(torch.compile(f), a, b)
        line = "%s%s: torch %.3f ms (%.0f TFLOP/s), torch.compile %.3f" % (
            name, " tf32" if tf32 else "", te, tflop / te, tc)
        for exe in bins:
            cmd = [exe, "bench", os.path.join(out, name + ".cig"), "--device", "cuda", "--json",
                   "--reps", "50"] + (["--tf32"] if tf32 else [])
            r = subprocess.run(cmd, capture_output=True, text=True)
            try:
                ms = json.loads(r.stdout.strip().splitlines()[-1])["run_ms_median"]
                line += "; %s %.3f ms (%.0f TFLOP/s)" % (os.path.basename(exe), ms, tflop / ms)
            except (ValueError, IndexError, KeyError):
                line += "; %s failed: %s" % (os.path.basename(exe), (r.stdout + r.stderr)[-300:])
        print(line, flush=True)


if __name__ == "__main__":
    main()
