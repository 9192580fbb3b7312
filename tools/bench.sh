#!/bin/sh
# tools/bench.sh [CINDUCTOR_BENCH_ARGS...]: runs `cinductor bench --json` over every
# tests/bench/*.cig (the workload suite) and prints one JSON line per workload. A workload that
# fails (an op cinductor lacks, a compile error) gets a line {"graph": NAME, "error": MESSAGE}
# and the run goes on. Extra arguments go to every `cinductor bench` (--threads 16, --reps 50,
# --backend interp, ...). CINDUCTOR=PATH picks the binary (default build/cinductor), BENCH_DIR
# the directory of graphs (default tests/bench).
# Exit status: 0, or 1 when a workload failed for another reason than an unknown (missing) op.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CI=${CINDUCTOR:-$ROOT/build/cinductor}
DIR=${BENCH_DIR:-$ROOT/tests/bench}
if [ ! -x "$CI" ]; then echo "bench: $CI not found (run make first)" >&2; exit 2; fi
status=0
err=$(mktemp) || exit 2
trap 'rm -f "$err"' EXIT
for f in "$DIR"/*.cig; do
    [ -e "$f" ] || { echo "bench: no .cig files in $DIR" >&2; exit 2; }
    name=$(basename "$f" .cig)
    if "$CI" bench "$f" --json "$@" 2>"$err"; then
        continue
    fi
    rc=$?
    # the first lines of the message, as one JSON string
    msg=$(head -n 3 "$err" | tr '\n\t\r' '   ' | sed -e 's/[[:space:]]*$//' -e 's/\\/\\\\/g' -e 's/"/\\"/g' \
          | LC_ALL=C tr -d '\000-\037')
    [ -n "$msg" ] || msg="exit status $rc"
    printf '{"graph": "%s", "error": "%s"}\n' "$name" "$msg"
    case "$msg" in *"unknown op"*) ;; *) status=1 ;; esac
done
exit $status
