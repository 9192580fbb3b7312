# cinductor: build and test. Everything is built under build/.
#
#   make                 build/libcinductor.o, build/cinductor (when tools/cinductor.c exists), build/demo,
#                        build/examples/test_NAME
#   make demo            build and run the demo (CINDUCTOR_DEBUG=1 make demo shows the generated C)
#   make test            the C tests, the examples and the compile checks; last line
#                        "N passed, M failed[, K skipped]"
#   make test-compile    only the compile checks of cinductor.h (gcc, clang, g++, clang++, tcc)
#   make test-san        the C tests built with ASan + UBSan, run with leak detection
#   make test-valgrind   the C tests run under valgrind (memcheck, leaks)
#   make test-cuda-source the C tests with each graph's CUDA source compiled by NVRTC too,
#                        then test-cuda-emu
#   make test-cuda-emu   the GPU test's graphs' CUDA source run on the CPU (g++,
#                        tools/cudaemu.c) against the interpreter; 60 random graphs too
#   make test-cuda       on a GPU: tests/test_cuda.c and the PyTorch comparisons on the GPU
#   make test-torch      the comparisons with PyTorch (needs /usr/bin/python3 with torch;
#                        TORCH_SEED=N replays a seed):
#                        tests/torch/run.py, then tests/test_fx2cig.py and tests/test_bench_side.py
#   make test-fx2cig     only the PyTorch exporter's tests (tools/fx2cig.py, tests/bench/*.cig)
#   make test-opinfo     every entry of PyTorch's OpInfo database (op_db) through fx2cig and
#                        cinductor run, against eager PyTorch (tests/torch/opinfo.py; a
#                        measurement: prints the pass rates, exits 0 with failures); writes
#                        docs/opinfo.md (OPINFO_ARGS="-k NAME" or "--jobs 2" instead)
#   make check-overloads every PyTorch overload of every registered op has a case in run.py
#                        (tests/torch/overloads.py; part of test-torch)
#   make bench           cinductor bench --json over tests/bench/*.cig (BENCH_ARGS="--threads 16")
#   make bench-side      cinductor and PyTorch side by side on the SUITE and exported networks
#                        (tools/bench_side.py; writes docs/performance.md; BENCH_SIDE_ARGS)
#   make bench-scale     parse + compile time and peak memory of large generated graphs (tools/scale.c)
#   make nvrtc-time      NVRTC's ms over the CUDA source of tests/bench/*.cig (tools/nvrtctime.c;
#                        no GPU needed; NVRTC_TIME_ARGS="--reps 9")
#   make fuzz            the .cig and .npy fuzzers (clang libFuzzer + ASan + UBSan), FUZZ_SECONDS each
#   make fuzz-graphs     random graphs: fused vs unfused, TCC vs interpreter, and vs PyTorch
#                        (FUZZ_SECONDS in all, FUZZ_SEED=N to replay)
#   make clean
#
# A source file that defines CINDUCTOR_IMPLEMENTATION itself (a white-box test, the demo) is
# not linked with build/libcinductor.o, which would define every function twice.

CFLAGS   ?= -O2 -g -Wall -Wextra -Wpedantic -Werror -std=c99
# POSIX 2008 for dlopen, pthreads and clock_gettime under -std=c99
CPPFLAGS ?= -D_POSIX_C_SOURCE=200809L
LDLIBS   ?= -ltcc -lm -lpthread -ldl
SAN      ?= -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
# The sanitizer build does not add -Werror: gcc's -O1 + ASan warnings (stringop, array-bounds)
# have false positives, and the normal build already holds the code to zero warnings.
SAN_CFLAGS ?= -O1 -g -Wall -Wextra -Wpedantic -std=c99
VALGRIND ?= valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect --quiet
PYTHON   ?= /usr/bin/python3

B := build

TEST_SRCS := $(sort $(wildcard tests/test_*.c))
TESTS     := $(TEST_SRCS:tests/%.c=$(B)/tests/%)
SAN_TESTS := $(TEST_SRCS:tests/%.c=$(B)/san/tests/%)
HDRS      := cinductor.h
# examples/NAME.c other than the demo are programs that check themselves (PASS/FAIL lines, as the
# tests): built as build/examples/test_NAME and run with the tests
EXAMPLE_SRCS := $(filter-out examples/demo.c,$(sort $(wildcard examples/*.c)))
EXAMPLES     := $(EXAMPLE_SRCS:examples/%.c=$(B)/examples/test_%)
SAN_EXAMPLES := $(EXAMPLE_SRCS:examples/%.c=$(B)/san/examples/test_%)
# the tests' shared headers (ci_test.h, ops_cases.h, random_graph.h)
TEST_HDRS := $(wildcard tests/*.h)

# $(call self_impl,FILE): non-empty when FILE defines CINDUCTOR_IMPLEMENTATION itself
HASH := \#
self_impl = $(shell grep -lE '^[[:space:]]*$(HASH)[[:space:]]*define[[:space:]]+CINDUCTOR_IMPLEMENTATION' $(1) 2>/dev/null)
# $(call lib_for,FILE,LIBOBJ): LIBOBJ, unless FILE carries the implementation
lib_for = $(if $(call self_impl,$(1)),,$(2))

ALL := $(B)/libcinductor.o $(B)/demo $(EXAMPLES) $(if $(wildcard tools/cinductor.c),$(B)/cinductor)

.PHONY: all demo test test-c test-compile test-san test-valgrind test-torch clean
.PHONY: test-cuda test-cuda-source test-cuda-emu
.PHONY: test-fx2cig test-opinfo bench bench-side bench-scale check-ops-doc check-overloads
.PHONY: nvrtc-time
.PHONY: fuzz fuzz-graphs
.DELETE_ON_ERROR:

all: $(ALL)

# ---- the library object ----
$(B)/libcinductor.o: tests/impl.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ tests/impl.c

$(B)/san/libcinductor.o: tests/impl.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(SAN_CFLAGS) $(SAN) -c -o $@ tests/impl.c

# ---- the tool and the demo ----
$(B)/cinductor: tools/cinductor.c $(HDRS) $(call lib_for,tools/cinductor.c,$(B)/libcinductor.o)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ tools/cinductor.c $(call lib_for,tools/cinductor.c,$(B)/libcinductor.o) $(LDFLAGS) $(LDLIBS)

$(B)/demo: examples/demo.c $(HDRS) $(call lib_for,examples/demo.c,$(B)/libcinductor.o)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ examples/demo.c $(call lib_for,examples/demo.c,$(B)/libcinductor.o) $(LDFLAGS) $(LDLIBS)

demo: $(B)/demo
	./$(B)/demo

$(B)/examples/test_%: examples/%.c $(HDRS) $(B)/libcinductor.o
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< $(call lib_for,$<,$(B)/libcinductor.o) $(LDFLAGS) $(LDLIBS)

$(B)/san/examples/test_%: examples/%.c $(HDRS) $(B)/san/libcinductor.o
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(SAN_CFLAGS) $(SAN) -o $@ $< $(call lib_for,$<,$(B)/san/libcinductor.o) $(LDFLAGS) $(LDLIBS)

# ---- tests ----
$(B)/tests/%: tests/%.c $(TEST_HDRS) $(HDRS) $(B)/libcinductor.o
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< $(call lib_for,$<,$(B)/libcinductor.o) $(LDFLAGS) $(LDLIBS)

$(B)/san/tests/%: tests/%.c $(TEST_HDRS) $(HDRS) $(B)/san/libcinductor.o
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(SAN_CFLAGS) $(SAN) -o $@ $< $(call lib_for,$<,$(B)/san/libcinductor.o) $(LDFLAGS) $(LDLIBS)

# the tile primitives' other builds: 8 lanes without the AVX-512 math (the AVX2 code, on a CPU
# that has AVX-512), 4 lanes without the AVX2 clones, and plain loops
TILE_VARIANTS := $(B)/tests/test_tile_avx2 $(B)/tests/test_tile_lanes4 $(B)/tests/test_tile_plain
$(B)/tests/test_tile_avx2: tests/test_tile.c $(TEST_HDRS) $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -DCINDUCTOR_NO_AVX512 $(CFLAGS) -o $@ $< $(LDFLAGS) $(LDLIBS)
$(B)/tests/test_tile_lanes4: tests/test_tile.c $(TEST_HDRS) $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -DCINDUCTOR_NO_TILE_CLONES $(CFLAGS) -o $@ $< $(LDFLAGS) $(LDLIBS)
$(B)/tests/test_tile_plain: tests/test_tile.c $(TEST_HDRS) $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -DCINDUCTOR_NO_SIMD $(CFLAGS) -o $@ $< $(LDFLAGS) $(LDLIBS)

# tests/run.sh runs tests/compile.sh (the compile checks) and then every binary of the
# directories (the tests, then the examples), and closes with the summary line;
# CI_NO_COMPILE=1 leaves the compile checks out.
test: $(TESTS) $(TILE_VARIANTS) $(EXAMPLES)
	CPPFLAGS="$(CPPFLAGS)" bash tests/run.sh $(B)/tests $(B)/examples
# CI_CLI: run.sh also runs tests/test_cli.sh, the end-to-end checks of that build of the tool
test: $(if $(wildcard tools/cinductor.c),$(B)/cinductor)
test: export CI_CLI = $(B)/cinductor

test-c: $(TESTS) $(TILE_VARIANTS) $(EXAMPLES)
	CI_NO_COMPILE=1 bash tests/run.sh $(B)/tests $(B)/examples

test-compile:
	CPPFLAGS="$(CPPFLAGS)" bash tests/run.sh

test-san: $(SAN_TESTS) $(SAN_EXAMPLES)
	CI_NO_COMPILE=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	bash tests/run.sh $(B)/san/tests $(B)/san/examples
# ... and tests/test_cli.sh on the tool built with the sanitizers: no malformed file may crash it
test-san: $(if $(wildcard tools/cinductor.c),$(B)/san/cinductor)
test-san: export CI_CLI = $(B)/san/cinductor

$(B)/san/cinductor: tools/cinductor.c $(HDRS) $(call lib_for,tools/cinductor.c,$(B)/san/libcinductor.o)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(SAN_CFLAGS) $(SAN) -o $@ tools/cinductor.c $(call lib_for,tools/cinductor.c,$(B)/san/libcinductor.o) $(LDFLAGS) $(LDLIBS)

# the C tests again, with the CUDA source of every graph they compile written and compiled by
# NVRTC as well (CINDUCTOR_CHECK_CUDA; no GPU needed, NVRTC from the CUDA toolkit)
NVRTC_FOUND = $(shell (ldconfig -p 2>/dev/null | grep -q 'libnvrtc\.so') || \
                      [ -e /usr/local/cuda/lib64/libnvrtc.so ] && echo yes)
test-cuda-source: $(TESTS) $(EXAMPLES) $(B)/cudaemu
	@if [ -n "$(NVRTC_FOUND)" ]; then \
	  CI_NO_COMPILE=1 CINDUCTOR_CHECK_CUDA=90 CINDUCTOR_CUDA_CACHE=$(B)/cubin \
	  bash tests/run.sh $(B)/tests $(B)/examples; \
	else echo "SKIP test-cuda-source: NVRTC is not installed (the CUDA toolkit's libnvrtc)"; fi
	$(MAKE) --no-print-directory test-cuda-emu

# the CUDA source of the GPU test's graphs run on the CPU against the interpreter
# (tools/cudaemu.c: g++ and C++20's std::barrier stand in for the GPU; no GPU, no toolkit)
# (and CUDA_EMU_RANDOM of the random graphs, tests/random_graph.h, from seed 7001: every op
# family through the GPU's emitter; one the interpreter refuses is skipped)
CUDA_EMU_RANDOM ?= 60
test-cuda-emu: $(B)/cudaemu $(B)/tests/test_random_graphs
	@if command -v $${CXX:-g++} >/dev/null; then ./$(B)/cudaemu --cases || exit 1; \
	  [ $(CUDA_EMU_RANDOM) -gt 0 ] || exit 0; d=$$(mktemp -d); trap 'rm -rf $$d' EXIT; \
	  for s in $$(seq 7001 $$((7000 + $(CUDA_EMU_RANDOM)))); do \
	    ./$(B)/tests/test_random_graphs --emit $$s > $$d/random_$$s.cig || exit 1; done; \
	  ./$(B)/cudaemu --rejects-skip $$d/*.cig > $$d/log; r=$$?; cat $$d/log; [ $$r = 0 ] && \
	  awk 'END { if ($$1 < 0.8 * $(CUDA_EMU_RANDOM)) { print "too few random graphs passed"; \
	    exit 1 } }' $$d/log; \
	else echo "SKIP test-cuda-emu: no C++ compiler ($${CXX:-g++})"; fi

$(B)/cudaemu: tools/cudaemu.c $(HDRS) tests/cuda_cases.h
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ tools/cudaemu.c $(LDFLAGS) $(LDLIBS)

# on a machine with a GPU: the CUDA backend against the interpreter (tests/test_cuda.c), and
# the PyTorch comparisons run on the GPU (run.py --backends cuda)
test-cuda: $(B)/tests/test_cuda $(if $(wildcard tools/cinductor.c),$(B)/cinductor)
	$(B)/tests/test_cuda
	$(PYTHON) tests/torch/run.py --backends cuda $(TORCH_ARGS)

# (the cc backend's objects for the baseline CPU: valgrind knows no AVX-512)
test-valgrind: $(TESTS) $(EXAMPLES)
	@if command -v valgrind >/dev/null 2>&1; then \
	  CINDUCTOR_CC_FLAGS=-O2 CINDUCTOR_SPIN=0 CI_NO_COMPILE=1 CI_RUN_PREFIX="$(VALGRIND)" CI_TEST_TIMEOUT=1800 \
	    bash tests/run.sh $(B)/tests $(B)/examples; \
	else echo "SKIP test-valgrind: valgrind is not installed"; fi

# run.py drives build/cinductor (the .cig runner) when there is one; its random inputs come
# from a fresh seed each run (printed), or TORCH_SEED=N
test-torch: $(if $(wildcard tools/cinductor.c),$(B)/cinductor)
	@st=0; \
	if [ -f tests/torch/run.py ]; then \
	  $(PYTHON) tests/torch/run.py $(if $(TORCH_SEED),--seed $(TORCH_SEED)) || st=1; \
	else echo "SKIP test-torch: tests/torch/run.py is absent"; fi; \
	$(PYTHON) tests/test_fx2cig.py || st=1; \
	$(PYTHON) tests/test_bench_side.py || st=1; \
	$(PYTHON) tests/torch/overloads.py || st=1; \
	exit $$st

# the overloads PyTorch 1.13 has for the ops of docs/ops.md, each named by a case of run.py
check-overloads:
	$(PYTHON) tests/torch/overloads.py

# the PyTorch exporter (tools/fx2cig.py) against PyTorch, and the tests/bench graphs
test-fx2cig: $(if $(wildcard tools/cinductor.c),$(B)/cinductor)
	$(PYTHON) tests/test_fx2cig.py

# PyTorch's OpInfo database: the pass rates of cinductor on every entry's sample inputs, and
# docs/opinfo.md with the failures (not part of `make test` or test-torch: a measurement)
OPINFO_ARGS ?= --write-doc
test-opinfo: $(if $(wildcard tools/cinductor.c),$(B)/cinductor)
	$(PYTHON) tests/torch/opinfo.py $(OPINFO_ARGS)

# one JSON line per tests/bench/*.cig workload ({"graph", "error"} for one that fails);
# not part of `make test`
BENCH_ARGS ?=
bench: $(if $(wildcard tools/cinductor.c),$(B)/cinductor)
	@sh tools/bench.sh $(BENCH_ARGS)

# cinductor and PyTorch side by side (tools/bench_side.py): the SUITE, add_one and the exported
# networks, each workload in a fresh process on each side; prints the tables and writes them into
# docs/performance.md (section local-cpu). BENCH_SIDE_ARGS="--threads 16,1 --section NAME", or
# "--device cuda", or "--quick" (tiny shapes, nothing written). Not part of `make test`.
BENCH_SIDE_ARGS ?=
bench-side: $(if $(wildcard tools/cinductor.c),$(B)/cinductor)
	$(PYTHON) tools/bench_side.py $(BENCH_SIDE_ARGS)

# large generated graphs (tools/scale.c): a pointwise chain and an MLP-like graph of N ops or
# layers, N = 10^3, 10^4, 10^5, each parsed, compiled (interpreter backend) and run once in its
# own process, on a thread with a 256 KB stack; one line each with the times, the peak RSS and
# the process's CPU time. Not part of `make test`.
SCALE_NS ?= 1000 10000 100000
SCALE_KINDS ?= chain mlp
SCALE_BACKEND ?= interp
$(B)/scale: tools/scale.c $(HDRS) $(B)/libcinductor.o
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ tools/scale.c $(B)/libcinductor.o $(LDFLAGS) $(LDLIBS)
bench-scale: $(B)/scale
	@st=0; for k in $(SCALE_KINDS); do for n in $(SCALE_NS); do \
	  ./$(B)/scale bench $$k $$n $(SCALE_BACKEND) || st=1; \
	done; done; exit $$st

# NVRTC's compile ms of each SUITE graph's CUDA source, as the CUDA backend compiles it and
# whole, and its load from the CUBIN cache (tools/nvrtctime.c: no GPU needed)
$(B)/nvrtctime: tools/nvrtctime.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ tools/nvrtctime.c $(LDFLAGS) $(LDLIBS)
nvrtc-time: $(B)/nvrtctime
	./$(B)/nvrtctime $(NVRTC_TIME_ARGS) tests/bench/*.cig

# ---- fuzzing ----
# tests/fuzz/fuzz_NAME.c are libFuzzer targets, built with clang and ASan + UBSan (each carries
# the implementation, built without libtcc). `make fuzz` runs each for FUZZ_SECONDS (default 60)
# on a copy of its seed corpus tests/fuzz/corpus/NAME in build/fuzz/NAME/corpus, with
# tests/fuzz/NAME.dict; a crash is saved in build/fuzz/NAME/artifacts/ and fails the target.
# One target for longer: build/fuzz/fuzz_cig -max_total_time=600 -dict=tests/fuzz/cig.dict DIR
FUZZ_SECONDS ?= 60
FUZZ_CC ?= clang
FUZZ_CFLAGS ?= -g -O1 -std=c99 -Wall -Wextra -Wpedantic -fno-omit-frame-pointer \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_ARGS ?= -rss_limit_mb=3072 -timeout=60 -max_len=16384 -print_final_stats=1
FUZZERS := cig npy

$(B)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(HDRS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -o $@ $< -lm -lpthread -ldl

fuzz: $(FUZZERS:%=$(B)/fuzz/fuzz_%)
	@set -e; for f in $(FUZZERS); do \
	  d=$(B)/fuzz/$$f; rm -rf $$d; mkdir -p $$d/corpus $$d/artifacts; \
	  cp tests/fuzz/corpus/$$f/* $$d/corpus/; \
	  echo "fuzz_$$f: $(FUZZ_SECONDS) s on $$d/corpus"; \
	  ./$(B)/fuzz/fuzz_$$f $(FUZZ_ARGS) -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=$$d/artifacts/ \
	    $$(test -f tests/fuzz/$$f.dict && echo -dict=tests/fuzz/$$f.dict) $$d/corpus 2>$$d/log || \
	    { tail -n 60 $$d/log; echo "FAIL fuzz_$$f: see $$d/log and $$d/artifacts/"; exit 1; }; \
	  grep -E '^stat::(number_of_executed_units|peak_rss_mb)|^Done' $$d/log || true; \
	  echo "PASS fuzz_$$f"; \
	done

# `make fuzz-graphs`: the random-graph differential fuzzer (tests/fuzz_graphs.py) for
# FUZZ_SECONDS: graphs over every op family and the op catalogue, fused against unfused on TCC
# and the interpreter (build/tests/test_random_graphs --fuzz) and, where PyTorch is installed,
# both backends against PyTorch. FUZZ_SEED=N starts from graph N (default: a random seed, printed);
# a failing graph's seed is printed and the graph saved under build/fuzz/graphs/.
FUZZ_SEED ?=
fuzz-graphs: $(B)/tests/test_random_graphs $(if $(wildcard tools/cinductor.c),$(B)/cinductor)
	$(PYTHON) tests/fuzz_graphs.py --seconds $(FUZZ_SECONDS) $(if $(FUZZ_SEED),--seed $(FUZZ_SEED))

# docs/ops.md: the op table, written from the registry (CI checks it is current)
$(B)/opsdoc: tools/opsdoc.c cinductor.h
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ tools/opsdoc.c $(LDLIBS)
docs/ops.md: $(B)/opsdoc
	$(B)/opsdoc > $@
check-ops-doc: $(B)/opsdoc
	@$(B)/opsdoc | diff -q - docs/ops.md > /dev/null || { echo "docs/ops.md is out of date: run make docs/ops.md"; exit 1; }
	@echo "docs/ops.md is current"

clean:
	rm -rf $(B)
