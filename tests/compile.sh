#!/usr/bin/env bash
# tests/compile.sh [OUTDIR] - compile-only checks of cinductor.h; one result line each:
#     PASS compile-NAME | FAIL compile-NAME: first errors (full log in OUTDIR/NAME.log)
#     SKIP compile-NAME: COMPILER is not installed
# The implementation (tests/compile/impl_c.c) as C99 with gcc and clang and as C++11 with g++
# and clang++, all with -Wall -Wextra -Wpedantic -Werror; the same without libtcc
# (-DCINDUCTOR_NO_TCC) and without pthreads (-DCINDUCTOR_NO_THREADS); the declarations alone
# (tests/compile/decls_c.c); and both under tcc itself (tcc -c, warnings shown in the log but
# not fatal: gcc and clang hold the code to zero warnings). C builds use -O2 -c, for the
# warnings that need data-flow analysis, and gcc also -O1 and -O3 (whose inlining finds other
# maybe-uninitialized and truncation paths) and g++ -O2; the other C++ builds check syntax and
# types only. Exit status 1
# if a check failed. CPPFLAGS defaults to the Makefile's.
set -u
cd "$(dirname "$0")/.." || exit 2
out=${1:-build/compile}
mkdir -p "$out"
W=(-Wall -Wextra -Wpedantic -Werror)
read -r -a cppflags <<< "${CPPFLAGS:--D_POSIX_C_SOURCE=200809L}"
impl=tests/compile/impl_c.c
decls=tests/compile/decls_c.c
status=0

# check NAME COMPILER ARGS...
check() {
    local name=$1 cc=$2; shift 2
    local log="$out/$name.log"
    if ! command -v "$cc" >/dev/null 2>&1; then
        echo "SKIP compile-$name: $cc is not installed"
        return
    fi
    if "$cc" "$@" >"$log" 2>&1; then
        echo "PASS compile-$name"
    else
        # the first error lines, on one line
        echo "FAIL compile-$name: $(grep -aiE 'error|warning' "$log" | awk '!seen[$0]++' | head -n 3 | tr '\n' ' ')(log: $log)"
        status=1
    fi
}

check gcc-c99            gcc     -std=c99 "${W[@]}" "${cppflags[@]}" -O2 -c "$impl" -o "$out/gcc-c99.o"
check clang-c99          clang   -std=c99 "${W[@]}" "${cppflags[@]}" -O2 -c "$impl" -o "$out/clang-c99.o"
check gcc-c99-O1         gcc     -std=c99 "${W[@]}" "${cppflags[@]}" -O1 -c "$impl" -o "$out/gcc-c99-O1.o"
check gcc-c99-O3         gcc     -std=c99 "${W[@]}" "${cppflags[@]}" -O3 -c "$impl" -o "$out/gcc-c99-O3.o"
check gxx-cxx11          g++     -x c++ -std=c++11 "${W[@]}" "${cppflags[@]}" -O2 -c "$impl" -o "$out/gxx-cxx11.o"
check clangxx-cxx11      clang++ -x c++ -std=c++11 "${W[@]}" "${cppflags[@]}" -fsyntax-only "$impl"
check gcc-c99-notcc      gcc     -std=c99 "${W[@]}" "${cppflags[@]}" -DCINDUCTOR_NO_TCC -O2 -c "$impl" -o "$out/gcc-c99-notcc.o"
check gcc-c99-nocuda     gcc     -std=c99 "${W[@]}" "${cppflags[@]}" -DCINDUCTOR_NO_CUDA -O2 -c "$impl" -o "$out/gcc-c99-nocuda.o"
check gcc-c99-nocc       gcc     -std=c99 "${W[@]}" "${cppflags[@]}" -DCINDUCTOR_NO_CC -O2 -c "$impl" -o "$out/gcc-c99-nocc.o"
check gcc-c99-notcc-nocc-nocuda gcc -std=c99 "${W[@]}" "${cppflags[@]}" -DCINDUCTOR_NO_TCC -DCINDUCTOR_NO_CC -DCINDUCTOR_NO_CUDA -O2 -c "$impl" -o "$out/gcc-c99-notcc-nocc-nocuda.o"
check gxx-cxx11-notcc    g++     -x c++ -std=c++11 "${W[@]}" "${cppflags[@]}" -DCINDUCTOR_NO_TCC -fsyntax-only "$impl"
check gcc-c99-nothreads  gcc     -std=c99 "${W[@]}" "${cppflags[@]}" -DCINDUCTOR_NO_THREADS -O2 -c "$impl" -o "$out/gcc-c99-nothreads.o"
check gcc-c99-decls      gcc     -std=c99 "${W[@]}" -c "$decls" -o "$out/gcc-c99-decls.o"
check tcc-decls          tcc     -Wall -c "$decls" -o "$out/tcc-decls.o"
check tcc-impl           tcc     -Wall "${cppflags[@]}" -c "$impl" -o "$out/tcc-impl.o"
check tcc-impl-notcc     tcc     -Wall "${cppflags[@]}" -DCINDUCTOR_NO_TCC -c "$impl" -o "$out/tcc-impl-notcc.o"
exit $status
