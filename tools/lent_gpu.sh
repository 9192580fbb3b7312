#!/bin/bash
# tools/lent_gpu.sh - one call's work on a lent GPU machine (CUDA driver, nvcc, PyTorch with
# torch.compile, no libtcc, nothing to fetch), in two halves:
#
#   bash tools/lent_gpu.sh build        here: the binaries linked statically with libtcc.a,
#                                       tools/gpubench built with nvcc, into build/dev/gpu
#   bash tools/lent_gpu.sh run [STEPS]  there (carry build/dev/gpu): the steps named, in order,
#                                       default "test gpubench side"; logs under $OUT
#
# Steps: test (test_cuda whole), sanitize (compute-sanitizer memcheck over the kernel shapes),
# gpubench (generated kernels beside hand-written ones and the roofline), mma (the tensor-core
# prototype's check against a reference, and its speed), mm (tools/gpubench/mm_side.py: 4096^3
# products beside cuBLAS, for each $B/cinductor* binary), side (bench_side's SUITE beside
# torch.compile, its table into $OUT/perf.md), unique, linalg and torch:NAME (run.py's PyTorch
# comparisons on the GPU, those whose name holds NAME), compile (nvrtctime --device: compile
# from the disk cache). Each step has a time limit, so one call's 600 s hold what is asked;
# the last lines printed are a summary. The machine keeps nothing: every call starts from
# what is carried.
set -u
B=build/dev/gpu
if [ "${1:-}" = build ]; then
    mkdir -p $B
    T=/usr/lib/x86_64-linux-gnu/libtcc.a
    F="-std=c99 -D_POSIX_C_SOURCE=200809L"
    gcc $F -O2 -o $B/cinductor tools/cinductor.c $T -lm -lpthread -ldl &&
    gcc $F -O1 -Itests -o $B/test_cuda tests/impl.c tests/test_cuda.c $T -lm -lpthread -ldl &&
    gcc $F -O1 -o $B/nvrtctime tools/nvrtctime.c $T -lm -lpthread -ldl || exit 1
    make -s build/cudaemu || exit 1
    python3 tools/gpubench/gen.py tools/gpubench/gen.cu new=build/cudaemu &&
    (cd tools/gpubench && ${NVCC:-/usr/local/cuda/bin/nvcc} -O3 -fmad=false -arch=sm_90 \
        -o ../../$B/gpubench main.cu) || exit 1
    git rev-parse --short HEAD > $B/commit
    ls -la $B
    exit 0
fi
[ "${1:-}" = run ] || { sed -n 2,18p "$0"; exit 2; }
: "${OUT:?run on the lent machine, where OUT is set}"
P=${PYTHON:-/opt/torch/.venv/bin/python3}
C=$(cat $B/commit 2>/dev/null || echo unknown)
export CINDUCTOR_CUDA_CACHE=/tmp/cubin PYTHONUNBUFFERED=1
mkdir -p "$OUT"
SUM=$OUT/summary.txt
: > $SUM
step() {   # name, limit in s, command...
    local n=$1 lim=$2 t0=$(date +%s) rc
    shift 2
    timeout $lim "$@" > $OUT/$n.log 2>&1
    rc=$?
    echo "$n rc $rc $(( $(date +%s) - t0 )) s: $(tail -1 $OUT/$n.log)" | tee -a $SUM
}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a $SUM
for s in ${2:-test gpubench side}; do
    case $s in
    test) step test 200 $B/test_cuda
          grep -v "^PASS\|^seed\|^ok" $OUT/test.log | tail -8 ;;
    sanitize) step sanitize 150 compute-sanitizer --tool memcheck --print-limit 5 \
                  $B/test_cuda test_cuda_kernel_shapes ;;
    gpubench) step gpubench 60 $B/gpubench 2 ;;
    mma) step mma 60 $B/gpubench 1 mma ;;
    mm) step mm 240 $P tools/gpubench/mm_side.py $OUT/mm $B/cinductor $(ls $B/cinductor_* 2>/dev/null)
        grep "TFLOP" $OUT/mm.log >> $SUM ;;
    side) step side 420 $P tools/bench_side.py --device cuda --python $P --cinductor $B/cinductor \
              --no-nets --reps 20 --section lent-cuda --commit $C --json $OUT/cuda.json \
              --md $OUT/perf.md
          grep "^|" $OUT/side.log | tail -14 >> $SUM ;;
    unique|linalg|torch:*) k=${s#torch:}
          step ${k//[^a-z0-9_]/_} 150 $P tests/torch/run.py --backends cuda \
              --cinductor $B/cinductor -j 16 -k $k
          grep "^FAIL" $OUT/${k//[^a-z0-9_]/_}.log | sed 's/(.*//' | sort | uniq -c | head >> $SUM ;;
    compile) step compile 60 $B/nvrtctime --device tests/bench/*.cig ;;
    *) echo "unknown step $s" | tee -a $SUM ;;
    esac
done
echo "== summary (commit $C)"
cat $SUM
