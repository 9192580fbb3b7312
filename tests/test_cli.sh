#!/usr/bin/env bash
# tests/test_cli.sh [CINDUCTOR] - end-to-end checks of the `cinductor` command (docs/cli.md),
# CINDUCTOR defaulting to build/cinductor. One result line per check, as tests/run.sh reads them:
#     PASS name | FAIL name: why | SKIP name: reason
# and exit status 1 when a check failed. tests/run.sh runs it (as test_cli/...) in `make test`.
#
#   run       --in/--out: out<i>.npy written, compared byte for byte with the .npy files that a
#             second graph (its constants as outputs) writes; the .npy header; --out created;
#             --opt=value; bf16 through float32 files; 0-size and 0-d tensors; backends, threads
#   emit      the generated C on stdout
#   explain   graph, IR, kernels and source on stdout
#   bench     --json: one JSON object with the fields of the contract (checked with python3's
#             json when there is one), bytes_min computed by hand
#   exit 2    a dozen malformed files (empty, binary garbage, a 1 MB line, 1 MB of nested
#             lists, NUL bytes, ...) give FILE:LINE:COL: error: on stderr, nothing on stdout,
#             and never a crash; /dev/zero, endless pipes and a FIFO end at once or at
#             --max-read; bad usage of every option, a repeated option
#   exit 1    runtime errors: --device cuda, an output file that cannot be written
#
# No NumPy needed: input .npy files are written by cinductor itself from constants.
set -u
cd "$(dirname "$0")/.." || exit 2
bin=${1:-build/cinductor}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
if [ ! -x "$bin" ]; then
    echo "SKIP cli: $bin is not built (run make)"
    exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/ci-cli.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
export CINDUCTOR_CC_CACHE="$work/cc-cache"   # (the cc backend's objects go away with it)

status=0
name=""
why=""
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; status=1; }

# t NAME: starts a check; ok / bad WHY record its outcome; done_ prints it
t() { name=$1; why=""; }
bad() { [ -z "$why" ] && why=$1; }
done_() { if [ -z "$why" ]; then pass "$name"; else fail "$name" "$why"; fi; }

# c ARGS...: runs the tool (stdout -> out, stderr -> err, status -> rc), with a time limit
to=()
if command -v timeout >/dev/null 2>&1; then to=(timeout -k 5 120); fi
c() {
    rc=0
    { ${to[@]+"${to[@]}"} "$bin" "$@" >out 2>err </dev/null || rc=$?; } 2>/dev/null
}
one_line() { tr '\n' ' ' < "$1" | cut -c1-300; }
expect_rc() { # WANT: rc must be WANT
    if [ "$rc" -ne "$1" ]; then
        if [ "$rc" -ge 124 ]; then bad "exit status $rc (crashed or timed out; want $1): $(one_line err)"
        else bad "exit status $rc, want $1: $(one_line err)"; fi
    fi
}
expect_out() { grep -qF -- "$1" out || bad "stdout lacks '$1': $(one_line out)"; }
expect_err() { grep -qF -- "$1" err || bad "stderr lacks '$1': $(one_line err)"; }
expect_no_out() { [ ! -s out ] || bad "stdout not empty: $(one_line out)"; }
same_file() { cmp -s "$1" "$2" || bad "$1 differs from $2"; }

# ---- the graphs ----
cat > gen.cig <<'EOF'
# the inputs of g.cig, written by `cinductor run gen.cig --out in`
const x: f32[2, 3] = [[1, 2, 3], [4, 5, 6]]
const b: f32[3] = [0.5, -1, 2]
const i: i64[2, 3] = [[0, -1, 2], [3, 4, -5]]
const e: f32[0, 3] = []
const h: f32[4] = [1.5, -2, 0.25, 256]
output x, b, i, e, h
EOF
cat > g.cig <<'EOF'
input x: f32[2, 3]
input b: f32[3]
t = aten.mul.Tensor(x, 2)
y = aten.add.Tensor(t, b)
z = aten.sum.dim_IntList(x, [1])
am = aten.argmax.default(y, 1)
gt = aten.gt.Tensor(x, 3)
output y, z, am, gt
EOF
cat > want.cig <<'EOF'
const y: f32[2, 3] = [[2.5, 3, 8], [8.5, 9, 14]]
const z: f32[2] = [6, 15]
const am: i64[2] = [2, 2]
const gt: bool[2, 3] = [[False, False, False], [True, True, True]]
output y, z, am, gt
EOF

# ---- run ----
t run_writes_inputs
c run gen.cig --out in
expect_rc 0
for k in 0 1 2 3 4; do [ -f in/out$k.npy ] || bad "in/out$k.npy not written"; done
[ ! -e in/out5.npy ] || bad "in/out5.npy written"
done_

t run_npy_header
if [ -f in/out0.npy ]; then
    [ "$(head -c 8 in/out0.npy | od -An -tx1 | tr -d ' \n')" = 934e554d50590100 ] || bad "bad magic/version"
    hdr=$(head -c 128 in/out0.npy | tail -c +11)
    case $hdr in "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"*) ;;
        *) bad "header: $hdr" ;; esac
    [ "$(wc -c < in/out0.npy)" -eq $((128 + 24)) ] || bad "size $(wc -c < in/out0.npy), want 152"
    [ "$(tail -c 24 in/out0.npy | od -An -tx1 | tr -d ' \n')" = 0000803f0000004000004040000080400000a0400000c040 ] ||
        bad "data bytes: $(tail -c 24 in/out0.npy | od -An -tx1)"
    head -c 128 in/out2.npy | grep -qF "'descr': '<i8'" || bad "i64 descr"
    head -c 128 in/out3.npy | grep -qF "'shape': (0, 3)" || bad "0-size shape"
    [ "$(wc -c < in/out3.npy)" -eq 128 ] || bad "0-size file has data"
else
    bad "no in/out0.npy"
fi
done_

t run_computes
c run want.cig --out want
expect_rc 0
c run g.cig --in x=in/out0.npy --in b=in/out1.npy --out out1
expect_rc 0
expect_no_out
for k in 0 1 2 3; do same_file out1/out$k.npy want/out$k.npy; done
[ ! -e out1/out4.npy ] || bad "out1/out4.npy written"
done_

t run_option_spellings
c run --out=out2 --in=b=in/out1.npy g.cig --in x=in/out0.npy
expect_rc 0
for k in 0 1 2 3; do same_file out2/out$k.npy want/out$k.npy; done
done_

t run_interp_reference_and_cc
bes="interp interp-ref"
if command -v "${CINDUCTOR_CC:-cc}" >/dev/null 2>&1; then bes="$bes cc"; fi
for be in $bes; do
    c run g.cig --in x=in/out0.npy --in b=in/out1.npy --out out_$be --backend $be
    expect_rc 0
    for k in 0 1 2 3; do same_file out_$be/out$k.npy want/out$k.npy; done
done
done_

t run_creates_out_dir
c run g.cig --in x=in/out0.npy --in b=in/out1.npy --out deep/er/dir
expect_rc 0
for k in 0 1 2 3; do same_file deep/er/dir/out$k.npy want/out$k.npy; done
done_

t run_overwrites_outputs
c run g.cig --in x=in/out0.npy --in b=in/out1.npy --out deep/er/dir
expect_rc 0
same_file deep/er/dir/out0.npy want/out0.npy
done_

for be in interp tcc; do
    for th in 1 3; do
        t "run_backend_${be}_threads_$th"
        c run g.cig --in x=in/out0.npy --in b=in/out1.npy --out "o_${be}_$th" --backend "$be" --threads "$th"
        expect_rc 0
        for k in 0 1 2 3; do same_file "o_${be}_$th/out$k.npy" "want/out$k.npy"; done
        done_
    done
done

t run_zero_size_and_0d
cat > e.cig <<'EOF'
input e: f32[0, 3]
input h: f32[4]
n = aten.neg.default(e)
s = aten.sum.default(h)
m = aten.mul.Tensor(s, 0.5)
output n, m
EOF
cat > e_want.cig <<'EOF'
const n: f32[0, 3] = []
const m: f32[] = 127.875
output n, m
EOF
c run e_want.cig --out e_want
expect_rc 0
c run e.cig --in e=in/out3.npy --in h=in/out4.npy --out e_out
expect_rc 0
same_file e_out/out0.npy e_want/out0.npy
same_file e_out/out1.npy e_want/out1.npy
head -c 128 e_out/out1.npy 2>/dev/null | grep -qF "'shape': (), }" || bad "0-d shape"
done_

t run_bf16_through_f32_files
cat > bf.cig <<'EOF'
input h: bf16[4]
y = aten.mul.Tensor(h, 2)
output y
EOF
cat > bf_want.cig <<'EOF'
const y: f32[4] = [3, -4, 0.5, 512]
output y
EOF
c run bf_want.cig --out bf_want
expect_rc 0
c run bf.cig --in h=in/out4.npy --out bf_out
expect_rc 0
same_file bf_out/out0.npy bf_want/out0.npy
done_

t run_integer_inputs
cat > int.cig <<'EOF'
input i: i64[2, 3]
a = aten.abs.default(i)
m = aten.amax.default(a, [0, 1])
output a, m
EOF
cat > int_want.cig <<'EOF'
const a: i64[2, 3] = [[0, 1, 2], [3, 4, 5]]
const m: i64[] = 5
output a, m
EOF
c run int_want.cig --out int_want
expect_rc 0
c run int.cig --in i=in/out2.npy --out int_out
expect_rc 0
same_file int_out/out0.npy int_want/out0.npy
same_file int_out/out1.npy int_want/out1.npy
done_

t run_load_relative_to_the_file
mkdir -p sub
cp in/out1.npy sub/bias.npy
cat > sub/l.cig <<'EOF'
input x: f32[2, 3]
const b: f32[3] = load("bias.npy")
t = aten.mul.Tensor(x, 2)
y = aten.add.Tensor(t, b)
output y
EOF
c run sub/l.cig --in x=in/out0.npy --out l_out
expect_rc 0
same_file l_out/out0.npy want/out0.npy
done_

# ---- emit, explain ----
t emit_prints_c
c emit g.cig
expect_rc 0
expect_out "/* generated by cinductor"
expect_out "int ci_main(void **B, void *rt)"
[ ! -s err ] || bad "stderr: $(one_line err)"
[ ! -e out0.npy ] || bad "emit wrote a file"
done_

t emit_interp
c emit g.cig --backend interp
expect_rc 0
expect_out "ci_main"
done_

t explain_prints_every_stage
c explain g.cig
expect_rc 0
expect_out "== graph =="
expect_out "input x: f32[2, 3]"
expect_out "= aten.argmax.default("
expect_out "== ir =="
expect_out "buffers:"
expect_out "kernels:"
expect_out "== source =="
expect_out "ci_main"
tail -n 1 out | grep -qE '^# g\.cig: 2 input\(s\), 4 output\(s\), [0-9]+ kernel\(s\), arena [0-9]+ bytes$' ||
    bad "last line: $(tail -n 1 out)"
done_

# ---- bench ----
check_json() { # LINE BACKEND THREADS BYTES
    local line=$1
    case $line in "{"*"}") ;; *) bad "not one JSON object: $line"; return ;; esac
    if command -v python3 >/dev/null 2>&1; then
        python3 - "$line" "$2" "$3" "$4" <<'EOF' > pyerr 2>&1 || bad "$(one_line pyerr)"
import json, sys
line, backend, threads, nbytes = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
o = json.loads(line)
keys = ["graph", "device", "backend", "threads", "compile_ms", "run_ms_median", "run_ms_min",
        "kernels", "bytes_min"]
assert list(o) == keys, "keys %s, want %s" % (list(o), keys)
assert o["graph"] == "g", o["graph"]
assert o["device"] == "cpu", o["device"]
assert o["backend"] == backend, (o["backend"], backend)
assert o["threads"] == threads, (o["threads"], threads)
for k in ("compile_ms", "run_ms_median", "run_ms_min"):
    assert isinstance(o[k], (int, float)) and o[k] >= 0, (k, o[k])
assert o["run_ms_min"] <= o["run_ms_median"], "min > median"
assert isinstance(o["kernels"], int) and o["kernels"] >= 1, o["kernels"]
assert o["bytes_min"] == nbytes, ("bytes_min", o["bytes_min"], nbytes)
EOF
    else
        for k in graph device backend threads compile_ms run_ms_median run_ms_min kernels bytes_min; do
            case $line in *"\"$k\": "*) ;; *) bad "no \"$k\" in $line" ;; esac
        done
        case $line in *"\"bytes_min\": $4}"*) ;; *) bad "bytes_min is not $4: $line" ;; esac
    fi
}

# inputs x f32[2,3] + b f32[3] = 36 bytes; outputs 24 + 8 + 16 + 6 = 54
t bench_json
c bench g.cig --json --reps 3
expect_rc 0
[ "$(wc -l < out)" -eq 1 ] || bad "$(wc -l < out) lines on stdout"
check_json "$(head -n 1 out)" tcc 1 90
done_

t bench_json_interp_threads
c bench g.cig --json --reps 2 --backend interp --threads 2 --seed 7
expect_rc 0
[ "$(wc -l < out)" -eq 1 ] || bad "$(wc -l < out) lines on stdout"
check_json "$(head -n 1 out)" interp 2 90
done_

t bench_text
c bench g.cig --reps 2
expect_rc 0
expect_out "g: cpu/tcc, 1 thread(s): compile"
done_

t bench_every_input_dtype
cat > dt.cig <<'EOF'
input a: bool[3]
input b: u8[3]
input c: i8[3]
input d: i16[3]
input e: i32[3]
input f: i64[3]
input g: f16[3]
input h: bf16[3]
input k: f64[3]
s = aten.add.Tensor(k, f)
output s, a, b, c, d, e, g, h
EOF
c bench dt.cig --json --reps 1
expect_rc 0
expect_out '"graph": "dt"'
done_

# ---- malformed files: exit 2, FILE:LINE:COL: error: on stderr, nothing on stdout ----
# bad_file_cmd NAME FILE WHERE MESSAGE COMMAND: the same through another command
bad_file_cmd() {
    local n=$1 f=$2 where=$3 msg=$4 cmd=$5 first
    t "malformed_${n}_$cmd"
    if [ "$cmd" = run ]; then c run "$f" --out "out_$n"; else c "$cmd" "$f"; fi
    expect_rc 2
    expect_no_out
    first=$(head -n 1 err)
    case $first in "$f:$where: error: "*"$msg"*) ;; *) bad "stderr: $first" ;; esac
    done_
}
# bad_file NAME FILE WHERE [MESSAGE]: `emit FILE` must fail with exit status 2, nothing on
# stdout, and one line on stderr starting with FILE:WHERE: error: (WHERE = LINE:COL, or "" for
# any) that contains MESSAGE
bad_file() {
    local n=$1 f=$2 where=$3 msg=${4:-} first
    t "malformed_$n"
    c emit "$f"
    expect_rc 2
    expect_no_out
    first=$(head -n 1 err)
    if [ -n "$where" ]; then
        case $first in "$f:$where: error: "?*) ;; *) bad "stderr: $first (want $f:$where: error: ...)" ;; esac
    else
        printf '%s\n' "$first" | grep -qE "^$f:[0-9]+:[0-9]+: error: .+" || bad "stderr: $(one_line err)"
    fi
    if [ -n "$msg" ]; then case $first in *"$msg"*) ;; *) bad "message lacks '$msg': $first" ;; esac; fi
    [ "$(wc -l < err)" -eq 1 ] || bad "$(wc -l < err) lines on stderr: $(one_line err)"
    done_
}

: > empty.cig
bad_file empty_file empty.cig 1:1 "missing output statement"

printf '# nothing but comments\n\n   # and blanks\n' > comments.cig
bad_file only_comments comments.cig 4:1 "missing output statement"

printf 'input x: f32[2]\ny = aten.neg.default(z)\noutput y\n' > undef.cig
bad_file undefined_name undef.cig 2:22 "undefined name 'z'"

printf 'input x: f32[2]\ny = aten.gelu.default(x, approximate="tanh)\noutput y\n' > str.cig
bad_file unterminated_string str.cig 2:38 "unterminated string"

printf 'input x: f32[2]\ny = aten.nope.default(x)\noutput y\n' > op.cig
bad_file unknown_op op.cig 2:5 "unknown op 'aten.nope.default'"

printf 'input x: f32[2]\ninput w: f32[3]\ny = aten.add.Tensor(x, w)\noutput y\n' > shape.cig
bad_file call_shape_error shape.cig 3:5 "aten.add"

printf 'input x: f32[2]\noutput x\ny = aten.neg.default(x)\n' > after.cig
bad_file statement_after_output after.cig 3:1 "output must be the last statement"

printf 'input x: f33[2]\noutput x\n' > dtype.cig
bad_file unknown_dtype dtype.cig 1:10 "unknown dtype 'f33'"

printf 'const c: f32[2, 2] = [[1, 2], [3]]\noutput c\n' > constshape.cig
bad_file const_shape_mismatch constshape.cig 1:31 "list has 1 elements at depth 2"

printf 'input x: f32[2]\ny = aten.add.Tensor(x, \000)\noutput y\n' > nul.cig
bad_file nul_byte nul.cig 2:24 "unexpected byte 0x00"

# binary garbage: a fixed pseudo-random 4 KB (every byte value), and an ELF header
seed=12345 str=""
for ((k = 0; k < 4096; k++)); do
    seed=$(( (seed * 1103515245 + 12345) & 0x7fffffff ))
    printf -v oct '%03o' $(( (seed >> 16) & 255 ))
    str+="\\$oct"
done
printf "$str" > garbage.cig
bad_file binary_garbage garbage.cig ""
head -c 4096 "$bin" > elf.cig
bad_file elf_header elf.cig 1:1 "unexpected"

# a 1 MB line (one name), 1 MB of '[' in a constant, 100000 '(' in a call
{ head -c 1048576 /dev/zero | tr '\0' 'a'; printf ' = aten.neg.default(x)\noutput x\n'; } > longline.cig
bad_file one_mb_line longline.cig "" ""
{ printf 'const c: f32[1, 1, 1] = '; head -c 1048576 /dev/zero | tr '\0' '['; printf '\noutput c\n'; } > nest.cig
bad_file one_mb_nested_lists nest.cig 1:28 "list nested deeper than the shape's 3 dimensions"
{ printf 'input x: f32[2]\ny = aten.neg.default('; head -c 100000 /dev/zero | tr '\0' '('; printf '\noutput y\n'; } > paren.cig
bad_file deeply_nested_parens paren.cig 2:55 "lists nested too deeply"
{ printf 'input x: f32[2]\ny = aten.neg.default(x, '; head -c 1048576 /dev/zero | tr '\0' '['; } > nest2.cig
bad_file deeply_nested_arg_lists nest2.cig 2:58 "lists nested too deeply"

# load() of a missing, a malformed and a mismatched .npy
printf 'const c: f32[3] = load("missing.npy")\noutput c\n' > load1.cig
bad_file load_missing_npy load1.cig 1:24 "cannot open"
printf 'not numpy' > junk.npy
printf 'const c: f32[3] = load("junk.npy")\noutput c\n' > load2.cig
bad_file load_malformed_npy load2.cig 1:24 "not a .npy file"
printf 'const c: f32[2, 3] = load("in/out2.npy")\noutput c\n' > load3.cig
bad_file load_dtype_mismatch load3.cig 1:27 "holds i64, the constant is f32"

# ---- shape arithmetic near 2^63: a clean error (or PyTorch's result), never signed overflow ----
# (the sanitizer build runs these: each case once overflowed an int64 under UBSan)
H=4611686018427387904 M=9223372036854775807 N=-9223372036854775808
X='input x: f32[2, 3, 4, 5]'
graph_err() { # NAME STATEMENT MESSAGE [INPUT-LINES]: emit fails (exit 2) naming the node, on both backends
    local be
    printf '%s\ny = %s\noutput y\n' "${4:-$X}" "$2" > "$1.cig"
    t "$1"
    for be in tcc interp; do
        c emit "$1.cig" --backend "$be"
        expect_rc 2
        expect_no_out
        case $(head -n 1 err) in "$1.cig:"*": error: node "*"$3"*) ;; *) bad "stderr: $(one_line err)" ;; esac
    done
    done_
}
huge_err() { graph_err "huge_$1" "$2" "$3" "${4:-$X}"; }
huge_ok() { # NAME STATEMENT: compiles (emit) on both backends
    local be
    printf '%s\ny = %s\noutput y\n' "$X" "$2" > "huge_$1.cig"
    t "huge_$1"
    for be in tcc interp; do c emit "huge_$1.cig" --backend "$be"; expect_rc 0; done
    done_
}
huge_err repeat "aten.repeat.default(x, [$H, 1, 1, 1])" "aten.repeat: repeats $H times a size 2 overflows int64"
huge_err rand "aten.rand.default([$H, $H])" "larger than cinductor supports"
huge_err narrow "aten.narrow.default(x, 1, 1, $M)" "aten.narrow: start (1) + length ($M) exceeds"
huge_err avg_pool_pad "aten.avg_pool2d.default(x, [2, 2], [1, 1], [$H, $H])" "pad should be at most half"
huge_err max_pool_window "aten.max_pool2d.default(x, [$H, $H], [$H, $H], [0, 0], [1, 1], True)" "aten.max_pool2d"
huge_err avg_pool_window "aten.avg_pool2d.default(x, [$H, 1], [1, 1], [2305843009213693952, 0])" "a window of more than 2^48 elements"
huge_err adaptive_pool "aten._adaptive_avg_pool2d.default(x, [$M, $M])" "larger than cinductor supports"
huge_err conv_groups "aten.convolution.default(x, w, None, [1, 1], [0, 0], [1, 1], False, [0, 0], $H)" "aten.convolution: expected input with weight 3 x groups $H" "$X
input w: f32[2, 3, 1, 1]"
huge_err conv_padding "aten.convolution.default(x, w, None, [1, 1], [$H, $H], [1, 1], False, [0, 0], 1)" "aten.convolution: padding $H or dilation 1 overflows int64" "$X
input w: f32[2, 3, 1, 1]"
huge_err conv_output "aten.convolution.default(x, w, None, [1, 1], [4294967296, 4294967296], [1, 1], False, [0, 0], 1)" "larger than cinductor supports" "$X
input w: f32[2, 3, 1, 1]"
huge_err conv_transpose_stride "aten.convolution.default(x, w, None, [$H, 1], [0, 0], [1, 1], True, [0, 0], 1)" "aten.convolution: sizes past 2^31" "$X
input w: f32[3, 2, 1, 1]"
huge_err conv_transpose_groups "aten.convolution.default(x, w, None, [1, 1], [0, 0], [1, 1], True, [0, 0], $H)" "aten.convolution: weight's 3 input channels are not divisible by groups $H" "$X
input w: f32[3, 2, 1, 1]"
# a training batch norm's running statistics: PyTorch writes them into its arguments, cinductor
# writes no argument (the functional variant returns them)
graph_err bn_train_stats "aten.native_batch_norm.default(x, None, None, m, v, True, 0.1, 1e-05)" "writes no argument" "$X
input m: f32[3]
input v: f32[3]"
graph_err batch_norm_train_stats "aten.batch_norm.default(x, None, None, m, v, True, 0.1, 1e-05, False)" "writes no argument" "$X
input m: f32[3]
input v: f32[3]"
graph_err instance_norm_stats "aten.instance_norm.default(x, None, None, m, v, True, 0.1, 1e-05, False)" "writes no argument" "$X
input m: f32[3]
input v: f32[3]"
graph_err bn_legit_train "aten._native_batch_norm_legit.default(x, None, None, m, v, True, 0.1, 1e-05)" "writes no argument" "$X
input m: f32[3]
input v: f32[3]"
huge_err view_infer "aten.reshape.default(x, [$H, $H, -1])" "aten.reshape: shape '[$H, $H, -1]' is invalid for input of size 120"
huge_err pad "aten.constant_pad_nd.default(x, [$M, 1])" "aten.constant_pad_nd: the input size 5 plus padding $M and 1 overflows int64"
huge_err expand_empty "aten.expand.default(x, [$H, $H, 0, 2, 3, 4, 5])" "an empty tensor whose other sizes multiply past 2^48"
huge_err arange "aten.arange.start_step($N, $M, 1)" "invalid size, possible overflow?" "input x: f32[1]"
huge_ok slice_step "aten.slice.Tensor(x, 1, 1, 3, $H)"
huge_ok slice_end "aten.slice.Tensor(x, 1, 0, $M, $M)"
huge_ok unfold_step "aten.unfold.default(x, 1, 2, $H)"
huge_ok diagonal_offset "aten.diagonal.default(x, $H, 0, 1)"
huge_ok diagonal_neg_offset "aten.diagonal.default(x, $N, 0, 1)"
huge_ok split "aten.split.Tensor(x, $M, 1)"
huge_err extern_conv_padding "cinductor.convolution(x, w, None, [1, 1], [$H, 0], [1, 1], 1)" "infer function failed" "$X
input w: f32[2, 3, 1, 1]"
# cinductor's own extern kernels called by the graph with arguments they cannot take
graph_err internal_conv_groups "cinductor.convolution(x, w, None, [1, 1], [0, 0], [1, 1], 0)" "infer function failed" "$X
input w: f32[2, 3, 1, 1]"
graph_err internal_conv_stride "cinductor.convolution(x, w, None, 1, [0, 0], [1, 1], 1)" "infer function failed" "$X
input w: f32[2, 3, 1, 1]"
graph_err internal_masked_rows "cinductor.masked_rows(x, 1)" "infer function failed"
graph_err internal_masked_rows_float "cinductor.masked_rows(x, x)" "infer function failed"
graph_err internal_nonzero "cinductor.nonzero(3)" "infer function failed"
printf '%s\ny, z = cinductor.sort(x, 2)\noutput y\n' "$X" > internal_sort.cig
t internal_sort
c emit internal_sort.cig
expect_rc 2
expect_err "node t0 = cinductor.sort(...): cinductor.sort: the extern kernel's infer function failed"
done_
huge_ok iota_min "prims.iota.default(4, start=$N, step=$N, dtype=i64, device=\"cpu\", requires_grad=False)"

# the same error through every command
for cmd in run explain bench; do
    bad_file_cmd undefined_name undef.cig 2:22 "undefined name 'z'" "$cmd"
done

# ---- bad usage: exit 2, a message on stderr ----
usage() { # NAME MESSAGE ARGS...
    local n=$1 msg=$2
    shift 2
    t "usage_$n"
    c "$@"
    expect_rc 2
    expect_err "$msg"
    done_
}
usage no_arguments "usage:"
usage unknown_command "unknown command 'frobnicate'" frobnicate g.cig
usage unknown_option "unknown option '--frob'" emit g.cig --frob
usage unknown_short_option "unknown option '-x'" emit g.cig -x
usage no_file "emit needs a FILE.cig" emit
usage two_files "more than one file" emit g.cig gen.cig
usage missing_file "cannot open" emit nonexistent.cig
usage directory_as_file "" emit sub
usage run_without_out "run needs --out DIR" run g.cig --in x=in/out0.npy --in b=in/out1.npy
usage run_empty_out "--out needs a directory" run g.cig --out ""
usage out_is_a_file "cannot create the directory" run gen.cig --out gen.cig/x
usage in_without_equals "--in takes NAME=PATH.npy" run g.cig --in x --out o
usage in_unknown_input "the graph has no input 'q'" run g.cig --in q=in/out0.npy --out o
usage in_twice "--in x given twice" run g.cig --in x=in/out0.npy --in x=in/out0.npy --in b=in/out1.npy --out o
usage in_missing "input 'b' needs --in b=FILE.npy" run g.cig --in x=in/out0.npy --out o
usage in_wrong_dtype "holds i64[2, 3], input 'x' is f32[2, 3]" run g.cig --in x=in/out2.npy --in b=in/out1.npy --out o
usage in_wrong_shape "holds f32[3], input 'x' is f32[2, 3]" run g.cig --in x=in/out1.npy --in b=in/out1.npy --out o
usage in_malformed_npy "not a .npy file" run g.cig --in x=junk.npy --in b=in/out1.npy --out o
usage in_missing_npy "cannot open" run g.cig --in x=nope.npy --in b=in/out1.npy --out o
usage in_for_emit "--in is for run only" emit g.cig --in x=in/out0.npy
usage threads_zero "--threads takes a positive integer" emit g.cig --threads 0
usage threads_word "--threads takes a positive integer" emit g.cig --threads many
usage reps_for_run "--reps is for bench only" run g.cig --reps 3 --out o
usage reps_zero "--reps takes a positive integer" bench g.cig --reps 0
usage json_for_emit "--json is for bench only" emit g.cig --json
usage json_with_value "--json takes no value" bench g.cig --json=1
usage device_unknown "--device takes cpu or cuda" emit g.cig --device tpu
usage backend_unknown "--backend takes tcc, cc, interp or interp-ref" emit g.cig --backend gcc
usage option_without_value "--device needs a value" emit g.cig --device
# every option but --in is given at most once (exit 2, as for any bad usage)
usage threads_twice "--threads given more than once" emit g.cig --threads 2 --threads=2
usage backend_twice "--backend given more than once" emit g.cig --backend tcc --backend interp
usage out_twice "--out given more than once" run gen.cig --out a --out b
usage json_twice "--json given more than once" bench g.cig --json --json
usage reps_twice "--reps given more than once" bench g.cig --reps 2 --reps 3
usage max_read_twice "--max-read given more than once" emit g.cig --max-read 1M --max-read 2M
usage tf32_twice "--tf32 given more than once" emit g.cig --device cuda --tf32 --tf32
usage tf32_on_cpu "--tf32 is for --device cuda" bench g.cig --tf32
usage tf32_with_value "--tf32 takes no value" emit g.cig --device cuda --tf32=1

# ---- bounded reads: /dev/zero, pipes and FIFOs end in an error at once; --max-read ----
if [ -r /dev/zero ]; then
    bad_file dev_zero_as_cig /dev/zero 1:1 "unexpected byte 0x00"
    printf 'const c: f32[3] = load("/dev/zero")\noutput c\n' > loadzero.cig
    bad_file load_dev_zero loadzero.cig 1:24 "not a .npy file (bad magic)"
    usage in_dev_zero "/dev/zero: not a .npy file (bad magic)" run g.cig --in x=/dev/zero --in b=in/out1.npy --out o
fi
# cpipe PRODUCER ARGS...: runs the tool on PRODUCER's output as standard input
cpipe() {
    local src=$1
    shift
    rc=0
    { $src | ${to[@]+"${to[@]}"} "$bin" "$@" >out 2>err || rc=$?; } 2>/dev/null
}
endless_text() { yes '# endless'; }
endless_npy() { cat in/out1.npy; cat /dev/zero; }
t endless_pipe_as_cig
cpipe endless_text emit /dev/stdin --max-read 1M
expect_rc 2
expect_err "/dev/stdin: larger than the read limit of 1048576 bytes"
done_
t endless_pipe_as_npy
cpipe endless_npy run g.cig --in x=in/out0.npy --in b=/dev/stdin --out o
expect_rc 2
expect_err "/dev/stdin: 4096 or more extra bytes after the data the shape describes"
done_
t fifo_as_cig
if mkfifo fifo.cig 2>/dev/null; then
    yes 'input x: f32[2]' > fifo.cig 2>/dev/null &   # $! is the process that opens the FIFO
    writer=$!
    c emit fifo.cig --max-read=64K
    kill "$writer" 2>/dev/null
    wait "$writer" 2>/dev/null
    expect_rc 2
    expect_err "fifo.cig: larger than the read limit of 65536 bytes"
fi
done_
printf 'input x: f32[2, 3]\noutput x\n' > small.cig
usage max_read_refuses_npy "in/out0.npy: larger than the read limit of 100 bytes" run small.cig --in x=in/out0.npy --out o --max-read 100
usage max_read_refuses_cig "small.cig: larger than the read limit of 10 bytes" emit small.cig --max-read 10
usage max_read_refuses_load "larger than the read limit of 100 bytes" emit load3.cig --max-read 100
t max_read_enough
c run small.cig --in x=in/out0.npy --out o_small --max-read 1K
expect_rc 0
same_file o_small/out0.npy in/out0.npy
done_
usage max_read_zero "--max-read takes a byte count" emit g.cig --max-read 0
usage max_read_word "--max-read takes a byte count" emit g.cig --max-read lots
usage max_read_bad_suffix "--max-read takes a byte count" emit g.cig --max-read 1KB

t help_and_version
c --help
expect_rc 0
expect_out "usage:"
c run --help
expect_rc 0
expect_out "usage:"
c --version
expect_rc 0
grep -qE '^cinductor [0-9]+\.[0-9]+\.[0-9]+$' out || bad "--version: $(one_line out)"
done_

# ---- runtime errors: exit 1 ----
# (where there is a GPU, tests/test_cuda.c runs the CUDA backend instead)
[ -e /dev/nvidiactl ] || for cmd in run emit bench; do
    t "cuda_is_a_runtime_error_$cmd"
    if [ "$cmd" = run ]; then c run gen.cig --out cuda_out --device cuda; else c "$cmd" g.cig --device cuda; fi
    expect_rc 1
    expect_err "cinductor: error:"
    expect_no_out
    done_
done

t output_not_writable
mkdir -p blocked/out0.npy
c run gen.cig --out blocked
expect_rc 1
expect_err "out0.npy"
done_

exit $status
