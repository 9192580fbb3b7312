#!/usr/bin/env bash
# tests/run.sh [DIR...] - runs cinductor's tests and prints one summary line, last.
#
# First the compile checks (tests/compile.sh; CI_NO_COMPILE=1 leaves them out), then, when
# CI_CLI names a build of the cinductor command, its end-to-end checks (tests/test_cli.sh), then the
# header's naming rules (tests/test_style.py, skipped without python3), then every
# executable DIR/test_* in name order. Each program prints result lines on stdout:
#     PASS name | FAIL name: file:line: message | SKIP name: reason
# which are echoed here as "PASS test_file/name" ... and counted. A program that exits with a
# status other than 0 (or 1 after printing a FAIL line: ci_test_done's "a test failed"),
# that dies on a signal, runs past CI_TEST_TIMEOUT seconds (default 600), or prints no result
# line at all, counts as one more failure named after the program, and the end of its output
# is shown. The last line is "N passed, M failed" (", K skipped" when K > 0); the exit status
# is 1 when M > 0.
#
# A program without its source tests/NAME.c (left in DIR by an older build) is not run.
#
# CI_RUN_PREFIX: words put before each program (make test-valgrind puts valgrind there).
set -u

pass=0 fail=0 skip=0
failed=()
timeout_s=${CI_TEST_TIMEOUT:-600}
read -r -a prefix <<< "${CI_RUN_PREFIX:-}"
logdir=$(mktemp -d "${TMPDIR:-/tmp}/ci-run.XXXXXX")
trap 'rm -rf "$logdir"' EXIT

show_tail() { # FILE...: the last lines of a program's output, indented
    cat "$@" 2>/dev/null | grep -avE '^(PASS|FAIL|SKIP) ' | tail -n 40 | sed 's/^/    | /'
}

# run_one NAME LABEL CMD...: runs CMD, named NAME; LABEL ("" = none) prefixes its results
run_one() {
    local name=$1 label=$2; shift 2
    local out="$logdir/out" err="$logdir/err" rc=0 nres=0 nfail=0 line tag rest why=""
    # (the braces' 2>/dev/null keeps bash's own "Segmentation fault" notice out of our output)
    if command -v timeout >/dev/null 2>&1; then
        { timeout -k 10 "$timeout_s" "$@" >"$out" 2>"$err" </dev/null || rc=$?; } 2>/dev/null
    else
        { "$@" >"$out" 2>"$err" </dev/null || rc=$?; } 2>/dev/null
    fi
    while IFS= read -r line; do
        tag=${line%% *}
        rest=${line#* }
        [ -n "$label" ] && rest="$label/$rest"
        echo "$tag $rest"
        nres=$((nres + 1))
        case $tag in
            PASS) pass=$((pass + 1)) ;;
            FAIL) fail=$((fail + 1)); nfail=$((nfail + 1)); failed+=("${rest%%:*}") ;;
            SKIP) skip=$((skip + 1)) ;;
        esac
    done < <(grep -aE '^(PASS|FAIL|SKIP) ' "$out")

    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
        why="timed out after ${timeout_s}s"
    elif [ "$rc" -gt 128 ]; then
        why="crashed (signal $((rc - 128)) $(kill -l $((rc - 128)) 2>/dev/null || true))"
    elif [ "$rc" -eq 99 ] && [ ${#prefix[@]} -gt 0 ]; then
        why="${prefix[0]##*/} reported errors (exit 99)"
    elif [ "$rc" -ne 0 ] && ! { [ "$rc" -eq 1 ] && [ "$nfail" -gt 0 ]; }; then
        why="exited with status $rc"
    elif [ "$nres" -eq 0 ]; then
        why="printed no result line"
    fi
    if [ -n "$why" ]; then
        echo "FAIL $name: $why"
        fail=$((fail + 1))
        failed+=("$name")
    fi
    if [ -n "$why" ] || [ "$nfail" -gt 0 ]; then
        show_tail "$out" "$err"
    fi
}

cd "$(dirname "$0")/.." || exit 2

if [ "${CI_NO_COMPILE:-0}" != 1 ]; then
    run_one compile.sh "" bash tests/compile.sh build/compile
fi

# CI_CLI=PATH (make test, make test-san): the end-to-end checks of the cinductor command built
# at PATH (tests/test_cli.sh), named test_cli/...
if [ -n "${CI_CLI:-}" ] && [ -f tests/test_cli.sh ]; then
    run_one test_cli.sh test_cli bash tests/test_cli.sh "$CI_CLI"
fi

# the naming and layout rules of cinductor.h (tests/test_style.py), named test_style/...
if [ -f tests/test_style.py ]; then
    if command -v python3 >/dev/null 2>&1; then
        run_one test_style.py test_style python3 tests/test_style.py cinductor.h
    else
        echo "SKIP test_style: no python3"
        skip=$((skip + 1))
    fi
fi

for dir in "$@"; do
    if [ ! -d "$dir" ]; then
        echo "FAIL $dir: no such directory"
        fail=$((fail + 1)); failed+=("$dir")
        continue
    fi
    for bin in "$dir"/test_*; do
        if [ ! -f "$bin" ] || [ ! -x "$bin" ]; then continue; fi
        # a program whose source is gone (test_ops before its split) is a stale build: skip it
        # (build/.../examples/test_NAME comes from examples/NAME.c)
        name=$(basename "$bin")
        src="tests/$name.c"
        case "$dir" in */examples) src="examples/${name#test_}.c" ;; esac
        if [ ! -f "$src" ]; then
            echo "note: $bin has no $src (a stale build), not run"
            continue
        fi
        run_one "$(basename "$bin")" "$(basename "$bin")" "${prefix[@]}" "$bin"
    done
done

if [ "$fail" -gt 0 ]; then
    echo "failed: ${failed[*]}"
fi
if [ "$skip" -gt 0 ]; then
    echo "$pass passed, $fail failed, $skip skipped"
else
    echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
