/* cinductor.h - v0.1.0 - PyTorch Inductor's compiler core as one C header - MIT licence (see end)

   Describe a tensor computation as a graph of aten-named ops, and cinductor lowers it to
   loop-level IR, turns it into kernels, emits C, compiles that in memory with libtcc (or runs
   it with the built-in interpreter) and hands you a program to run on your own arrays.

   DO THIS in exactly one C or C++ file of your program:

       #define CINDUCTOR_IMPLEMENTATION
       #include "cinductor.h"

   and link with -ltcc -lm -lpthread (-ldl where dlopen lives outside libc). Define
   CINDUCTOR_NO_TCC before the include to build without libtcc: the interpreter still runs.

   QUICK START (softmax(x * w + b) over the last dim):

       ci_ctx *ctx; ci_ctx_desc cd = {0};
       ci_ctx_create(&cd, &ctx);
       ci_graph *g = ci_graph_create(ctx);
       int64_t xs[2] = {4, 8}, ws[1] = {8};
       ci_tensor x = ci_input(g, "x", CI_F32, 2, xs);
       ci_tensor w = ci_input(g, "w", CI_F32, 1, ws);
       ci_tensor b = ci_input(g, "b", CI_F32, 1, ws);
       ci_output(g, ci_softmax(g, ci_add(g, ci_mul(g, x, w), b), -1));
       ci_program *p; ci_compile_desc pd = {0};
       if (ci_compile(g, &pd, &p) != CI_OK) puts(ci_ctx_last_error(ctx));
       const void *in[3] = {xdata, wdata, bdata}; void *out[1] = {ydata};
       ci_program_run(p, 3, in, 1, out);
       puts(ci_program_source(p));                         // the generated C
       ci_program_destroy(p); ci_graph_destroy(g); ci_ctx_destroy(ctx);

   TABLE OF CONTENTS
     Manual (below; docs/ expands it, docs/README.md lists its pages)
        1. Concepts ............. context, graph, tensor handles, program
        2. Memory ............... the allocator, who owns what, the program's arena
        3. Files ................ read limits of .cig and .npy files
        4. Errors ............... result codes, sticky graph errors, messages
        5. Backends ............. libtcc and the interpreter
        6. Threading ............ what may run on several threads
        7. Options .............. every macro, environment variable and desc field
        8. Debugging ............ CINDUCTOR_DEBUG and the printout
        9. Ops .................. the registry's ops, run-time index checks
       10. Extending ............ your own lowerings and extern kernels
       11. Data-dependent sizes .. nonzero, masked_select: graph outputs only
       12. Limits ............... results, arguments, list elements, op names
       13. cinductor does NOT ... what is missing
     Public API ........ ci_ctx, ci_graph, builders, ci_call, registry, ci_program
     Implementation, in pipeline order:
       >>config   compile-time options, asserts, includes
       >>decls    private types and the forward declarations every section uses
       >>util     arenas, growable arrays, string interning, hashing, errors (ci__fail)
       >>dtype    the dtype table, promotion categories, value formatting
       >>ix       hash-consed integer index expressions, value ranges, simplifier, printer
       >>ir       value-expression DAG, storages, boxes (TensorBox), views, buffers, realize
       >>lower    GraphLowering: the registry, schemas, argument binding, type promotion,
                  broadcasting, the walk over graph nodes
       >>ops      the lowerings themselves and the decompositions
       >>sched    the scheduler: buffers fused into kernels, what stays in registers
       >>plan     buffer placement in one arena per program (liveness, reuse, in place)
       >>tile     tile primitives: vectorised loops over a tile of a kernel, and their math
       >>cemit    kernel IR -> C source (one compile unit per graph)
       >>cuemit   kernel IR -> CUDA C source and the launch of each kernel
       >>interp   the interpreter backend: runs the kernel IR directly
       >>linalg   batched matrix multiply and 2-d convolution kernels (extern kernels in C)
       >>tcc      libtcc backend (in-memory compile, serialised by a lock)
       >>cuda     CUDA backend: the driver and NVRTC loaded at run time, device memory
       >>rt       programs: run, threads, extern kernels
       >>dbg      the debug printer (graph, IR, kernels, source)
       >>npy      .npy files: read, parse, write
       >>cig      the .cig text format -> a graph, through the public builders
       >>public   the public API functions
   (tests/test_manual.c checks that these anchors and the banners of the sections agree, in
   order, and that the numbered entries above are the manual's headings below.)

   MANUAL

   1. CONCEPTS
   A ci_ctx owns the op registry, the allocator and the last error. A ci_graph is a list of
   nodes, each an aten op applied to earlier tensors; a ci_tensor is a small handle (an id,
   0 = invalid) naming one node result. The ids of two graphs of one context never meet
   (until it has handed out 2^32 of them), so a tensor of another graph, live or destroyed, is
   refused as "foreign". ci_compile lowers the graph (every op goes through the registry,
   exactly as Inductor's lowerings do), decides which values become buffers, forms kernels,
   emits C and compiles it. A ci_program runs as often as you like.

   2. MEMORY
   Everything comes from the allocator in ci_ctx_desc (malloc/free by default). Graphs
   and programs own their memory and free it in ci_graph_destroy / ci_program_destroy.
   Destroy in any order: each live graph and program keeps its context (allocator, logger,
   registry), and the context's memory goes with the last of ci_ctx_destroy and the destroys
   of its graphs and programs. After ci_ctx_destroy the context creates no graphs and takes no
   registrations (refused and logged), and ci_ctx_last_error must no longer be read.
   Input and output arrays belong to the caller: dense, C-contiguous, of the declared dtype and
   shape. A program owns one arena for its intermediate buffers, sized and allocated at compile
   time (buffers whose lives do not overlap share memory); the caller may supply it instead
   (ci_compile_desc.user_arena, ci_program_set_arena). ci_program_run allocates nothing. One
   program must not run on two threads at once. The .npy helpers (ci_npy_*) have no context
   and use malloc; the .cig parser uses its graph's context.

   3. FILES
   No file or stream is read past a limit: ci_ctx_desc.max_read for .cig files and
   their load() targets, ci_npy_read_ex's max_read for .npy files (zero = CI_DEFAULT_MAX_READ,
   4 GiB); past it the read stops with CI_ERR_IO, "PATH: larger than the read limit of N
   bytes". A .npy is read only as far as its header says, so a pipe or /dev/zero ends at once.

   4. ERRORS
   Functions return ci_result (0 = CI_OK); ci_result_string() names a code and
   ci_ctx_last_error() holds the detailed message of the last failure in that context. Graph
   builders are sticky (like OpenGL): a builder given bad input returns the invalid tensor and
   records the first error in the graph (ci_graph_status / ci_graph_message); later builders
   given the invalid tensor do nothing; ci_compile reports the recorded error. Messages name the
   node and the op, with shapes.

   5. BACKENDS
   CI_BACKEND_TCC (default when libtcc is compiled in) compiles the generated C in
   memory; CI_BACKEND_INTERP runs the same kernel IR with no compiler at all. The generated C
   includes no header and needs neither TCC's include directory nor libtcc1.a, so a binary linked
   statically with libtcc.a runs where the tcc package is absent. libtcc is LGPL.
   CI_DEVICE_CUDA (backend CI_BACKEND_NVRTC) writes CUDA C, compiles it with NVRTC straight to
   CUBIN for the GPU's sm_XY (cached on disk) and runs it through the driver API; libcuda and
   libnvrtc are opened with dlopen when first needed, so nothing CUDA is needed to build, and a
   machine without them gets CI_ERR_BACKEND_UNAVAILABLE naming what is missing
   (ci_backend_unavailable asks beforehand). ci_program_run copies host arrays in and out;
   ci_program_run_device takes device addresses (ci_cuda_alloc ...), none of the outputs
   overlapping an input or another output; ci_program_last_run_ms gives the GPU's time for the
   last run's kernels. The intermediates live in one device arena planned as on the CPU;
   reductions run a block of threads a point, float matrix products as tiled GPU kernels; the
   other extern kernels (convolution, sort ...) run on the host with copies; erfinv, digamma,
   i0 and the random ops are refused on the GPU for now. docs/cuda.md. CI_BACKEND_CC is
   refused in this version (CI_ERR_BACKEND_UNAVAILABLE); ci_program_backend names the backend
   a program got.

   6. THREADING
   Contexts are independent. Compiling is safe from several threads on different
   contexts; libtcc calls are serialised by one process-wide lock. The graphs and programs of
   one context may be destroyed on different threads (the context's count of them is locked).
   Lowering, scheduling and the interpreter walk graphs with explicit stacks, never recursion
   that deepens with the graph: compiling for the interpreter runs on a small thread stack (a
   10,000-op chain on 256 KB).

   7. OPTIONS
   Every switch there is; anything not listed has no setting. Desc fields: zero = the default.
   Compile-time macros, defined before the #include that compiles the implementation:
     CINDUCTOR_IMPLEMENTATION   unset      in exactly one file: compiles the implementation there
     CINDUCTOR_NO_TCC           unset      no libtcc (link without -ltcc): the interpreter is the
                                           default backend, CI_BACKEND_TCC is refused with
                                           CI_ERR_BACKEND_UNAVAILABLE, and programs run on the
                                           calling thread alone
     CINDUCTOR_NO_THREADS       unset      no pthreads: programs run on the calling thread alone,
                                           libtcc calls are not locked (compile on one thread at
                                           a time), a context's count of graphs and programs is
                                           not locked (destroy them on one thread)
     CINDUCTOR_NO_CUDA          unset      no CUDA backend: nothing is opened with dlopen,
                                           CI_DEVICE_CUDA is refused
     CINDUCTOR_NO_SIMD          unset      matmul and convolution use only the plain C kernels
                                           (not the AVX2 + FMA ones picked at run time)
     CINDUCTOR_ASSERT(c)        assert(c)  checks internal invariants (never user input)
     CI_API                     extern     put before every public declaration (extern "C" in C++),
                                           e.g. to add a visibility attribute
     (CINDUCTOR_H_INCLUDED and CINDUCTOR_IMPL_INCLUDED are the include guards, not options.)
   Environment variables:
     CINDUCTOR_DEBUG            unset      read by ci_ctx_create and added to ci_ctx_desc.debug:
                                           "1" or "all", or a comma list of graph, ir, kernels,
                                           source; "" or "0" = nothing (8. Debugging). So the
                                           cinductor tool, which reads no other, obeys it too
     CINDUCTOR                  build/cinductor  tools/fx2cig.py only: the tool --check runs
     CINDUCTOR_NVRTC            unset      the path of libnvrtc (else the loader's path,
                                           $CUDA_HOME/lib64, /usr/local/cuda/lib64)
     CINDUCTOR_CUDA_DRIVER      unset      the path of libcuda (else libcuda.so.1)
     CINDUCTOR_CUDA_CACHE       unset      the CUBIN cache directory when the desc gives none
                                           ($XDG_CACHE_HOME or ~/.cache, /cinductor); "off": none
     CINDUCTOR_CHECK_CUDA       unset      XY (1 = 90): every compile also writes the program's
                                           CUDA source and compiles it with NVRTC for sm_XY,
                                           failing when NVRTC rejects it (make test-cuda-source)
   ci_ctx_desc (ci_ctx_create; a NULL desc is all defaults):
     allocator.alloc/.free/.user  malloc/free  every byte of the context, its graphs and
                                           programs; give both functions (one alone = default);
                                           free is told the size that was allocated
     log, log_user              stderr     receives the debug printout and misuse after
                                           ci_ctx_destroy, with a ci_log_level
     debug                      0          CI_DEBUG_* bits: what ci_compile prints (8. Debugging)
     num_threads                1          threads a TCC program runs on: the calling one and
                                           N-1 workers started by ci_compile, which share each
                                           kernel's outer loop and the matmul / conv / sort
                                           kernels (the interpreter uses the calling thread)
     max_read                   4 GiB      bytes read from one .cig file or its load() targets
                                           (CI_DEFAULT_MAX_READ; 3. Files)
   ci_compile_desc (ci_compile; a NULL desc is all defaults):
     device                     CPU        CI_DEVICE_CUDA: the GPU (5. Backends)
     backend                    TCC        the interpreter where CINDUCTOR_NO_TCC; NVRTC on the
                                           GPU; CC is refused (CI_ERR_BACKEND_UNAVAILABLE)
     debug                      0          CI_DEBUG_* bits, added to the context's
     num_threads                context's  as ci_ctx_desc.num_threads, for this program
     seed                       0          random ops' seed (ci_program_set_seed changes it)
     unfused                    0          nonzero: no fusion, one kernel per realized buffer
     user_arena                 0          nonzero: no arena is allocated; give one with
                                           ci_program_set_arena before the first run
     device_index               0          CI_DEVICE_CUDA: which GPU
     cache_dir                  NULL       CI_DEVICE_CUDA: the CUBIN cache directory (NULL:
                                           CINDUCTOR_CUDA_CACHE); "off": no disk cache
   ci_lowering_desc and ci_extern_desc describe your own ops: 10. Extending.

   8. DEBUGGING
   ci_ctx_desc.debug (or ci_compile_desc.debug, or the CINDUCTOR_DEBUG environment
   variable: "1"/"all", or a comma list of graph,ir,kernels,source) prints the graph, the IR after
   lowering, the fused kernels (with the reason each pair of kernels sharing a buffer was left
   apart) and the generated C to the logger (stderr by default). The cinductor tool prints the
   same for a .cig file with `cinductor explain` (docs/cli.md).

   9. OPS
   About 460 aten and prims ops are registered (docs/ops.md lists them, generated from the
   registry with ci_registry_entry): Inductor's pointwise catalogue, reductions, views,
   indexing, pooling, resampling, scans, sorting, matmul and convolution. Index tensors are
   checked while a program runs: a value out of range makes ci_program_run return
   CI_ERR_RUNTIME, never a wild read, and so does an integer division by zero (floor_divide,
   remainder, fmod, div with a rounding mode), PyTorch's ZeroDivisionError. As in PyTorch, a
   negative index counts from the end in index.Tensor and index_put, and is out of range in
   gather, index_select, embedding and the scatters. The message names the first failing
   check's node and op (the node's name: the one given with ci_tensor_set_name or on the left
   in a .cig, else a generated one, as ci_graph_print_cig prints it), the index and the size:
   "index 9 is out of bounds for dimension of size 5 in node y (aten.gather.default)".

   10. EXTENDING
   A context takes your own ops, called like any other with ci_call (or from a .cig file parsed
   in that context): ci_register_lowering registers a lowering (a decomposition into registered
   ops, built with ci_lower_call inside it, fused like any other), ci_register_extern a
   C function run on contiguous inputs with a shape-inference function (a scheduling barrier,
   run on the calling thread). Either may also override an aten op or one of its overloads.
   docs/extending.md explains the signatures, dtypes, errors, threading and limits;
   examples/custom_op.c is a complete program with one of each.

   11. DATA-DEPENDENT SIZES
   nonzero, where(condition), masked_select and self[bool_mask] give outputs whose size is
   known only after a run: ci_program_output_shape gives their upper bound (allocate that),
   ci_program_output_shape_after_run the size a run filled. Such a result may only be a graph
   output; using it in another op fails at graph building, naming the node.

   12. LIMITS
   An op's results: CI_MAX_OUTPUTS (64; an extern kernel's: CI_MAX_EXTERN_OUTPUTS, 16);
   a call's positional and keyword arguments: CI_MAX_ARGS (64) each; a list argument:
   CI_MAX_LIST (4096) elements. Past one, the builder or registration fails with a message
   naming the limit. A registered op's name is namespace.op or namespace.op.overload, each
   part an identifier.

   13. CINDUCTOR DOES NOT
   cinductor does NOT (yet): match torch.compile's GPU kernels everywhere (docs/cuda.md: no
   vector loads, no tensor cores) nor run extern kernels other than the float matrix products
   there, fuse scans, scatters or extern kernels with their neighbours, support dynamic shapes,
   complex dtypes, ops on data-dependent sizes (only outputs), transposed convolution, or
   autograd. A tensor holds at most 2^48 elements (an
   empty one: its non-zero sizes multiply to at most 2^48); sizes, steps and offsets that
   would overflow int64 are an error naming the op, never undefined behaviour.
*/
#ifndef CINDUCTOR_H_INCLUDED
#define CINDUCTOR_H_INCLUDED

#include <stddef.h>
#include <stdint.h>

#define CI_VERSION_MAJOR 0
#define CI_VERSION_MINOR 1
#define CI_VERSION_PATCH 0
#define CI_VERSION_STRING "0.1.0"

#ifndef CI_API
#  ifdef __cplusplus
#    define CI_API extern "C"
#  else
#    define CI_API extern
#  endif
#endif

#define CI_MAX_DIMS 8
/* the most results one op may have (a lowering's num_outputs, a call's results), the most
   an extern kernel may have, and the most positional (and, apart, keyword) arguments and
   list elements one call may take */
#define CI_MAX_OUTPUTS 64
#define CI_MAX_EXTERN_OUTPUTS 16
#define CI_MAX_ARGS 64
#define CI_MAX_LIST 4096
/* "no dim" for the dim argument of builders where aten's dim is optional */
#define CI_DIM_NONE INT64_MIN

/* ---- result codes (X-macro: name, message) ---- */
#define CI_RESULT_LIST(X) \
    X(CI_OK,                    "ok") \
    X(CI_ERR_INVALID_ARGS,      "invalid arguments") \
    X(CI_ERR_OUT_OF_MEMORY,     "out of memory") \
    X(CI_ERR_SHAPE,             "shape mismatch") \
    X(CI_ERR_DTYPE,             "dtype mismatch") \
    X(CI_ERR_UNKNOWN_OP,        "unknown op") \
    X(CI_ERR_UNSUPPORTED,       "unsupported") \
    X(CI_ERR_COMPILE,           "compile error") \
    X(CI_ERR_BACKEND_UNAVAILABLE, "backend unavailable") \
    X(CI_ERR_RUNTIME,           "runtime error") \
    X(CI_ERR_IO,                "i/o error") \
    X(CI_ERR_PARSE,             "parse error")

typedef enum ci_result {
#define CI__X(n, s) n,
    CI_RESULT_LIST(CI__X)
#undef CI__X
    CI_RESULT_COUNT
} ci_result;

/* ---- dtypes ---- */
typedef enum ci_dtype {
    CI_DTYPE_INVALID = 0,
    CI_BOOL, CI_U8, CI_I8, CI_I16, CI_I32, CI_I64, CI_F16, CI_BF16, CI_F32, CI_F64,
    CI_DTYPE_COUNT
} ci_dtype;

/* ---- handles ---- */
typedef struct ci_ctx ci_ctx;
typedef struct ci_graph ci_graph;
typedef struct ci_program ci_program;
typedef struct ci_lower ci_lower;              /* lowering-time context given to user lowerings */
typedef struct ci_tensor { uint32_t id; } ci_tensor; /* id 0 = invalid */

/* ---- context ---- */
typedef struct ci_allocator {
    void *(*alloc)(size_t size, void *user);       /* zero = malloc */
    void (*free)(void *ptr, size_t size, void *user); /* zero = free; size is the allocated size */
    void *user;
} ci_allocator;

typedef enum ci_log_level { CI_LOG_DEBUG = 0, CI_LOG_INFO, CI_LOG_WARN, CI_LOG_ERROR } ci_log_level;
typedef void (*ci_log_fn)(ci_log_level level, const char *msg, void *user);

enum {
    CI_DEBUG_GRAPH = 1, CI_DEBUG_IR = 2, CI_DEBUG_KERNELS = 4, CI_DEBUG_SOURCE = 8,
    CI_DEBUG_ALL = 15
};

typedef struct ci_ctx_desc {
    ci_allocator allocator;   /* zero = malloc/free */
    ci_log_fn log;            /* zero = write to stderr */
    void *log_user;
    unsigned debug;           /* CI_DEBUG_* bits; zero = none (CINDUCTOR_DEBUG env adds to it) */
    int num_threads;          /* zero = 1 */
    uint64_t max_read;        /* bytes cinductor reads from one file or stream (a .cig file, a .npy
                                 it loads): past it the read stops with CI_ERR_IO naming the file;
                                 zero = CI_DEFAULT_MAX_READ (4 GiB) */
} ci_ctx_desc;

/* the default of every read limit (ci_ctx_desc.max_read, ci_npy_read_ex): 4 GiB */
#define CI_DEFAULT_MAX_READ ((uint64_t)4 << 30)

CI_API ci_result ci_ctx_create(const ci_ctx_desc *desc, ci_ctx **out);
CI_API void ci_ctx_destroy(ci_ctx *ctx);
CI_API const char *ci_ctx_last_error(const ci_ctx *ctx);
CI_API const char *ci_result_string(ci_result r);

CI_API const char *ci_dtype_name(ci_dtype dt);          /* "f32", ...; "invalid" */
CI_API ci_dtype ci_dtype_from_name(const char *name); /* "f32" or "float32"; invalid if unknown */
CI_API size_t ci_dtype_size(ci_dtype dt);

/* ---- graphs ---- */
CI_API ci_graph *ci_graph_create(ci_ctx *ctx); /* NULL on allocation failure or a destroyed ctx */
CI_API void ci_graph_destroy(ci_graph *g);
CI_API ci_result ci_graph_status(const ci_graph *g);     /* first error recorded, or CI_OK */
CI_API const char *ci_graph_message(const ci_graph *g);  /* "" when CI_OK */

/* leaves. Names must be unique identifiers; NULL name = auto. Shapes are copied. */
CI_API ci_tensor ci_input(ci_graph *g, const char *name, ci_dtype dt, int ndim,
                          const int64_t *shape);
CI_API ci_tensor ci_const_array(ci_graph *g, const char *name, ci_dtype dt, int ndim,
                                const int64_t *shape, const void *data);   /* data copied */
/* 0-d tensor; a value dt cannot hold is an error */
CI_API ci_tensor ci_const_scalar(ci_graph *g, ci_dtype dt, double value);
/* A Python number: weakly typed in promotion (x * 2.0 keeps x's dtype, as in PyTorch). */
CI_API ci_tensor ci_scalar(ci_graph *g, double value);
CI_API ci_tensor ci_scalar_int(ci_graph *g, int64_t value);
CI_API ci_tensor ci_scalar_bool(ci_graph *g, int value);
CI_API void ci_output(ci_graph *g, ci_tensor t);

/* Names t, so messages (graph building, run-time checks), ci_graph_print_cig and the generated
   code use the caller's name instead of a generated one (t0, t1 ...). A result of a node of one
   result names the node; a result of a node of several (max.dim's values and indices) is named
   alone. The name follows ci_input's rules; a name given explicitly to another node or result is
   refused (CI_ERR_INVALID_ARGS, with ci_ctx_last_error). It changes nothing the graph computes. */
CI_API ci_result ci_tensor_set_name(ci_graph *g, ci_tensor t, const char *name);

/* queries on a built tensor (after a successful builder) */
CI_API ci_dtype ci_tensor_dtype(const ci_graph *g, ci_tensor t);
/* returns ndim, -1 if invalid */
CI_API int ci_tensor_shape(const ci_graph *g, ci_tensor t, int64_t *shape);
CI_API int ci_graph_num_inputs(const ci_graph *g);
/* The graph as .cig text (constants written out in full), snprintf-style: writes at most
   bufsz bytes (NUL included) and returns the length the whole text needs, or 0 on error. */
CI_API size_t ci_graph_print_cig(const ci_graph *g, char *buf, size_t bufsz);
CI_API int ci_graph_num_outputs(const ci_graph *g);

/* ---- the generic call: any registered op by aten name ---- */
typedef enum ci_arg_kind {
    CI_ARG_NONE = 0, CI_ARG_TENSOR, CI_ARG_INT, CI_ARG_FLOAT, CI_ARG_BOOL, CI_ARG_STRING,
    CI_ARG_DTYPE, CI_ARG_INTS, CI_ARG_FLOATS, CI_ARG_TENSORS,
    CI_ARG_LIST, /* a nested list: elements are ci_args (no tensors), as .cig's [[1, 2], [3]] */
    CI_ARG_KIND_COUNT
} ci_arg_kind;

typedef struct ci_arg {
    ci_arg_kind kind;
    union {
        ci_tensor t;
        int64_t i;
        double f;
        int b;
        const char *s;
        ci_dtype dtype;
        struct { const int64_t *v; int n; } ints;
        struct { const double *v; int n; } floats;
        struct { const ci_tensor *v; int n; } tensors;
        struct { const struct ci_arg *v; int n; } list;
    } u;
} ci_arg;

typedef struct ci_kwarg { const char *name; ci_arg value; } ci_kwarg;

CI_API ci_arg ci_arg_none(void);
CI_API ci_arg ci_arg_tensor(ci_tensor t);
CI_API ci_arg ci_arg_int(int64_t v);
CI_API ci_arg ci_arg_float(double v);
CI_API ci_arg ci_arg_bool(int v);
CI_API ci_arg ci_arg_string(const char *s);
CI_API ci_arg ci_arg_dtype(ci_dtype dt);
CI_API ci_arg ci_arg_ints(const int64_t *v, int n);
CI_API ci_arg ci_arg_floats(const double *v, int n);
CI_API ci_arg ci_arg_tensors(const ci_tensor *v, int n);
CI_API ci_arg ci_arg_list(const ci_arg *v, int n);

/* Calls OP ("aten.add.Tensor", "aten.add", "prims.convert_element_type", "myns.op") with
   positional then keyword arguments, as PyTorch would. Writes up to max_outs results to outs
   and returns the op's number of results; 0 on error (recorded in the graph). The argument
   arrays and strings are copied. */
CI_API int ci_call(ci_graph *g, const char *op, int nargs, const ci_arg *args,
                   int nkwargs, const ci_kwarg *kwargs, ci_tensor *outs, int max_outs);
CI_API ci_tensor ci_call1(ci_graph *g, const char *op, int nargs, const ci_arg *args,
                          int nkwargs, const ci_kwarg *kwargs);

/* ---- builders (named like the aten op they build) ---- */
/* pointwise */
CI_API ci_tensor ci_add(ci_graph *g, ci_tensor a, ci_tensor b);
CI_API ci_tensor ci_sub(ci_graph *g, ci_tensor a, ci_tensor b);
CI_API ci_tensor ci_add_alpha(ci_graph *g, ci_tensor a, ci_tensor b, double alpha);
CI_API ci_tensor ci_sub_alpha(ci_graph *g, ci_tensor a, ci_tensor b, double alpha);
CI_API ci_tensor ci_mul(ci_graph *g, ci_tensor a, ci_tensor b);
CI_API ci_tensor ci_div(ci_graph *g, ci_tensor a, ci_tensor b);
/* NULL, "trunc", "floor" */
CI_API ci_tensor ci_div_mode(ci_graph *g, ci_tensor a, ci_tensor b, const char *rounding_mode);
CI_API ci_tensor ci_pow(ci_graph *g, ci_tensor a, ci_tensor b);
CI_API ci_tensor ci_maximum(ci_graph *g, ci_tensor a, ci_tensor b);
CI_API ci_tensor ci_minimum(ci_graph *g, ci_tensor a, ci_tensor b);
CI_API ci_tensor ci_neg(ci_graph *g, ci_tensor x);
CI_API ci_tensor ci_abs(ci_graph *g, ci_tensor x);
CI_API ci_tensor ci_exp(ci_graph *g, ci_tensor x);
CI_API ci_tensor ci_log(ci_graph *g, ci_tensor x);
CI_API ci_tensor ci_sqrt(ci_graph *g, ci_tensor x);
CI_API ci_tensor ci_rsqrt(ci_graph *g, ci_tensor x);
CI_API ci_tensor ci_sin(ci_graph *g, ci_tensor x);
CI_API ci_tensor ci_cos(ci_graph *g, ci_tensor x);
CI_API ci_tensor ci_tanh(ci_graph *g, ci_tensor x);
CI_API ci_tensor ci_sigmoid(ci_graph *g, ci_tensor x);
CI_API ci_tensor ci_relu(ci_graph *g, ci_tensor x);
CI_API ci_tensor ci_erf(ci_graph *g, ci_tensor x);
/* {0} = no bound */
CI_API ci_tensor ci_clamp(ci_graph *g, ci_tensor x, ci_tensor min, ci_tensor max);
CI_API ci_tensor ci_where(ci_graph *g, ci_tensor cond, ci_tensor a, ci_tensor b);
CI_API ci_tensor ci_eq(ci_graph *g, ci_tensor a, ci_tensor b);
CI_API ci_tensor ci_ne(ci_graph *g, ci_tensor a, ci_tensor b);
CI_API ci_tensor ci_lt(ci_graph *g, ci_tensor a, ci_tensor b);
CI_API ci_tensor ci_le(ci_graph *g, ci_tensor a, ci_tensor b);
CI_API ci_tensor ci_gt(ci_graph *g, ci_tensor a, ci_tensor b);
CI_API ci_tensor ci_ge(ci_graph *g, ci_tensor a, ci_tensor b);
CI_API ci_tensor ci_logical_and(ci_graph *g, ci_tensor a, ci_tensor b);
CI_API ci_tensor ci_logical_or(ci_graph *g, ci_tensor a, ci_tensor b);
CI_API ci_tensor ci_logical_not(ci_graph *g, ci_tensor x);
CI_API ci_tensor ci_to(ci_graph *g, ci_tensor x, ci_dtype dt);   /* aten._to_copy(dtype=) */
/* reductions: dims NULL/ndims 0 = all dims */
CI_API ci_tensor ci_sum(ci_graph *g, ci_tensor x, int ndims, const int64_t *dims, int keepdim);
CI_API ci_tensor ci_mean(ci_graph *g, ci_tensor x, int ndims, const int64_t *dims, int keepdim);
CI_API ci_tensor ci_amax(ci_graph *g, ci_tensor x, int ndims, const int64_t *dims, int keepdim);
CI_API ci_tensor ci_amin(ci_graph *g, ci_tensor x, int ndims, const int64_t *dims, int keepdim);
/* CI_DIM_NONE = all */
CI_API ci_tensor ci_prod(ci_graph *g, ci_tensor x, int64_t dim, int keepdim);
CI_API ci_tensor ci_any(ci_graph *g, ci_tensor x, int64_t dim, int keepdim); /* CI_DIM_NONE = all */
CI_API ci_tensor ci_all(ci_graph *g, ci_tensor x, int64_t dim, int keepdim); /* CI_DIM_NONE = all */
/* CI_DIM_NONE = flat */
CI_API ci_tensor ci_argmax(ci_graph *g, ci_tensor x, int64_t dim, int keepdim);
CI_API ci_tensor ci_argmin(ci_graph *g, ci_tensor x, int64_t dim, int keepdim);
CI_API int ci_max_dim(ci_graph *g, ci_tensor x, int64_t dim, int keepdim, ci_tensor *values,
                      ci_tensor *indices);
/* views and movement */
CI_API ci_tensor ci_view(ci_graph *g, ci_tensor x, int ndim, const int64_t *shape); /* -1 infers */
CI_API ci_tensor ci_reshape(ci_graph *g, ci_tensor x, int ndim, const int64_t *shape);
CI_API ci_tensor ci_permute(ci_graph *g, ci_tensor x, int ndim, const int64_t *dims);
CI_API ci_tensor ci_t(ci_graph *g, ci_tensor x);
CI_API ci_tensor ci_transpose(ci_graph *g, ci_tensor x, int64_t dim0, int64_t dim1);
CI_API ci_tensor ci_expand(ci_graph *g, ci_tensor x, int ndim, const int64_t *shape); /* -1 keeps */
/* CI_DIM_NONE = all size-1 dims */
CI_API ci_tensor ci_squeeze(ci_graph *g, ci_tensor x, int64_t dim);
CI_API ci_tensor ci_unsqueeze(ci_graph *g, ci_tensor x, int64_t dim);
CI_API ci_tensor ci_slice(ci_graph *g, ci_tensor x, int64_t dim, int64_t start, int64_t end,
                          int64_t step);
CI_API ci_tensor ci_select(ci_graph *g, ci_tensor x, int64_t dim, int64_t index);
CI_API ci_tensor ci_as_strided(ci_graph *g, ci_tensor x, int ndim, const int64_t *size,
                               const int64_t *stride, int64_t storage_offset);
CI_API ci_tensor ci_clone(ci_graph *g, ci_tensor x);
/* creation */
CI_API ci_tensor ci_full(ci_graph *g, int ndim, const int64_t *shape, double value, ci_dtype dt);
CI_API ci_tensor ci_zeros(ci_graph *g, int ndim, const int64_t *shape, ci_dtype dt);
CI_API ci_tensor ci_ones(ci_graph *g, int ndim, const int64_t *shape, ci_dtype dt);
CI_API ci_tensor ci_zeros_like(ci_graph *g, ci_tensor x);
CI_API ci_tensor ci_ones_like(ci_graph *g, ci_tensor x);
/* invalid dt = infer */
CI_API ci_tensor ci_arange(ci_graph *g, double start, double end, double step, ci_dtype dt);
/* decompositions */
CI_API ci_tensor ci_softmax(ci_graph *g, ci_tensor x, int64_t dim);
CI_API ci_tensor ci_log_softmax(ci_graph *g, ci_tensor x, int64_t dim);
/* NULL/"none" or "tanh" */
CI_API ci_tensor ci_gelu(ci_graph *g, ci_tensor x, const char *approximate);
CI_API ci_tensor ci_silu(ci_graph *g, ci_tensor x);
CI_API ci_tensor ci_layer_norm(ci_graph *g, ci_tensor x, int nnorm, const int64_t *normalized_shape,
                               ci_tensor weight, ci_tensor bias, double eps);  /* {0} = none */

/* ---- the registry: your own lowerings and extern (fallback) kernels ---- */
typedef enum ci_promotion {
    CI_PROMOTE_NONE = 0, /* no promotion (note: Inductor's register_lowering default is DEFAULT) */
    CI_PROMOTE_DEFAULT,       /* the promoted dtype, computed in opmath (f16/bf16 in f32) */
    CI_PROMOTE_INT_TO_FLOAT,  /* integer and bool results become the default float (f32) */
    CI_PROMOTE_ALWAYS_BOOL,   /* inputs promoted, result bool */
    CI_PROMOTE_COMPLEX_TO_FLOAT,
    CI_PROMOTE_BOOL_TO_LONG,
    CI_PROMOTE_NO_OPMATH,
    CI_PROMOTE_COUNT
} ci_promotion;

/* A lowering receives its arguments bound to the schema's parameters, in schema order, with
   defaults filled in (tensors have been promoted/broadcast as the flags ask). It builds its
   results with ci_lower_call / ci_lower_* and writes them to outs; returns the number of
   results (at most max_outs), or 0 after ci_lower_error. ci_compile lowers the graph again:
   the lowering must then give the same number of results, dtypes and shapes as when the node
   was built (ci_compile fails otherwise, naming the node). So does the first node added to a
   graph after ci_compile, which rebuilds the graph's build-time state. */
typedef int (*ci_lowering_fn)(ci_lower *L, const ci_arg *args, int nargs,
                              ci_tensor *outs, int max_outs, void *user);

typedef struct ci_lowering_desc {
    const char *name;     /* "myns.op.overload", "myns.op" (a packet), or an aten name to override;
                             each part an identifier, else CI_ERR_INVALID_ARGS */
    const char *schema;   /* parameters, torch style: "self, other, *, alpha=1" */
    ci_lowering_fn fn;
    void *user;
    int broadcast;        /* broadcast tensor arguments to a common shape */
    ci_promotion promotion;
    int convert_input_to_bool;
    int num_outputs;      /* zero = 1; at most CI_MAX_OUTPUTS */
} ci_lowering_desc;

CI_API ci_result ci_register_lowering(ci_ctx *ctx, const ci_lowering_desc *desc);

/* inside a lowering */
CI_API int ci_lower_call(ci_lower *L, const char *op, int nargs, const ci_arg *args,
                         int nkwargs, const ci_kwarg *kwargs, ci_tensor *outs, int max_outs);
CI_API ci_tensor ci_lower_call1(ci_lower *L, const char *op, int nargs, const ci_arg *args,
                                int nkwargs, const ci_kwarg *kwargs);
CI_API ci_dtype ci_lower_dtype(ci_lower *L, ci_tensor t);
CI_API int ci_lower_shape(ci_lower *L, ci_tensor t, int64_t *shape);
CI_API int ci_lower_error(ci_lower *L, ci_result code, const char *message);  /* returns 0 */

/* Extern kernels (Inductor's make_fallback): your C function runs on realized, contiguous
   inputs. `infer` fills in the dtype/ndim/shape of each output from the inputs' (data is NULL
   there); zero = one output shaped like the first tensor argument. `run` gets the data. */
typedef struct ci_extern_tensor {
    void *data;
    ci_dtype dtype;
    int ndim;
    int64_t shape[CI_MAX_DIMS];
} ci_extern_tensor;

typedef ci_result (*ci_extern_infer_fn)(const ci_extern_tensor *ins, int nins, const ci_arg *args,
                                        int nargs, ci_extern_tensor *outs, int nouts, void *user);
typedef int (*ci_extern_run_fn)(const ci_extern_tensor *ins, int nins, const ci_arg *args,
                                /* 0 = ok */
                                int nargs, ci_extern_tensor *outs, int nouts, void *user);

typedef struct ci_extern_desc {
    const char *name;
    const char *schema;
    ci_extern_infer_fn infer;
    ci_extern_run_fn run;
    void *user;
    int num_outputs;      /* zero = 1; at most CI_MAX_EXTERN_OUTPUTS */
} ci_extern_desc;

CI_API ci_result ci_register_extern(ci_ctx *ctx, const ci_extern_desc *desc);
CI_API int ci_has_op(const ci_ctx *ctx, const char *op); /* 1 when OP resolves in the registry */

/* the registry's entries, for listings such as docs/ops.md */
typedef struct ci_op_info {
    const char *name;      /* "aten.add" (a packet) or "aten.sum.default" (an overload) */
    const char *schema;    /* "self, other, *, alpha=1" */
    /* "lowering", "decomposition", "scatter", "extern", "user lowering", "user extern" */
    const char *how;
    const char *dtypes;    /* the dtypes it takes, in words */
    const char *note;      /* what differs from PyTorch, or "" */
} ci_op_info;
CI_API int ci_registry_count(const ci_ctx *ctx);
/* in no particular order */
CI_API ci_result ci_registry_entry(const ci_ctx *ctx, int i, ci_op_info *info);

/* ---- compiling and running ---- */
typedef enum ci_device {
    CI_DEVICE_DEFAULT = 0,
    CI_DEVICE_CPU,
    CI_DEVICE_CUDA,
    CI_DEVICE_COUNT
} ci_device;
typedef enum ci_backend {
    CI_BACKEND_DEFAULT = 0,   /* TCC where compiled in, else the interpreter */
    CI_BACKEND_TCC, CI_BACKEND_INTERP, CI_BACKEND_CC, CI_BACKEND_NVRTC,
    CI_BACKEND_COUNT
} ci_backend;

typedef struct ci_compile_desc {
    ci_device device;     /* zero = CPU */
    ci_backend backend;   /* zero = TCC if available, else the interpreter */
    unsigned debug;       /* CI_DEBUG_* bits added to the context's */
    int num_threads;      /* zero = the context's */
    uint64_t seed;        /* random ops' seed (ci_program_set_seed changes it later); zero = 0 */
    int unfused; /* nonzero: no fusion, one kernel per realized buffer (for debugging and tests) */
    /* nonzero: allocate no arena; give one with ci_program_set_arena before running */
    int user_arena;
    int device_index;     /* CI_DEVICE_CUDA: which GPU (0 = the first) */
    /* CI_DEVICE_CUDA: the CUBIN cache directory; NULL = $CINDUCTOR_CUDA_CACHE, else
       $XDG_CACHE_HOME/cinductor or ~/.cache/cinductor; "off" = no disk cache */
    const char *cache_dir;
} ci_compile_desc;

CI_API ci_result ci_compile(ci_graph *g, const ci_compile_desc *desc, ci_program **out);
/* ci_compile frees the graph's build-time lowering state (the shapes and bodies ci_call checks
   against); nodes added after it rebuild that state once, lowering the earlier nodes again */
/* inputs in declaration order, outputs in ci_output order; dense C-order arrays */
CI_API ci_result ci_program_run(ci_program *p, int ninputs, const void *const *inputs,
                                int noutputs, void *const *outputs);
/* CUDA (programs compiled with device = CI_DEVICE_CUDA). ci_program_run copies host arrays in
   and out; ci_program_run_device takes device addresses on the program's GPU (from
   ci_cuda_alloc, or any allocation there) and copies nothing. stream is a CUstream (NULL: the
   default stream); both return when the run is done. The memory calls use GPU `device`'s
   primary context; with no GPU, driver or NVRTC they return CI_ERR_BACKEND_UNAVAILABLE. */
CI_API ci_result ci_program_run_device(ci_program *p, int ninputs, const void *const *inputs,
                                       int noutputs, void *const *outputs, void *stream);
CI_API ci_result ci_cuda_alloc(ci_ctx *ctx, int device, size_t bytes, void **dptr);
CI_API ci_result ci_cuda_free(ci_ctx *ctx, int device, void *dptr);
CI_API ci_result ci_cuda_copy_to_device(ci_ctx *ctx, int device, void *dst, const void *src,
                                        size_t bytes);
CI_API ci_result ci_cuda_copy_to_host(ci_ctx *ctx, int device, void *dst, const void *src,
                                      size_t bytes);
CI_API int ci_program_num_inputs(const ci_program *p);
CI_API int ci_program_num_outputs(const ci_program *p);
CI_API ci_dtype ci_program_input_dtype(const ci_program *p, int i);
CI_API int ci_program_input_shape(const ci_program *p, int i, int64_t *shape);   /* returns ndim */
CI_API ci_dtype ci_program_output_dtype(const ci_program *p, int i);
CI_API int ci_program_output_shape(const ci_program *p, int i, int64_t *shape);  /* returns ndim */
/* Outputs whose size depends on the data (aten.nonzero, aten.masked_select, self[bool_mask])
   have an upper bound as their ci_program_output_shape (every element selected): allocate
   that. A run fills the first elements, in C order, and this returns the shape they form,
   valid until the next run. For every other output, and before a first run, it is
   ci_program_output_shape. Returns ndim (-1 if i is out of range). */
CI_API int ci_program_output_shape_after_run(const ci_program *p, int i, int64_t *shape);
CI_API int ci_program_num_kernels(const ci_program *p);
CI_API const char *ci_program_backend(const ci_program *p);   /* "tcc", "interp" ("" for NULL) */
/* the GPU's time for the last run's kernels in ms, from CUDA events around them (what a
   benchmark wants: no host overhead, no copies of host arrays); -1 on the CPU or before a run */
CI_API double ci_program_last_run_ms(const ci_program *p);
/* NULL when ci_compile can give a program on that device and backend (CI_*_DEFAULT: the first
   that is there), else why not (the message ci_compile would give); loads the CUDA libraries
   on first use */
CI_API const char *ci_backend_unavailable(ci_device device, ci_backend backend);
/* The arena holds every intermediate buffer (dead buffers' memory is used again); its size is
   fixed at compile time and running allocates nothing. A caller may supply it: at least
   ci_program_arena_size bytes, 64-byte aligned, not used by anything else while the program
   runs; NULL goes back to the program's own arena (allocated then if need be). */
CI_API size_t ci_program_arena_size(const ci_program *p);
CI_API ci_result ci_program_set_arena(ci_program *p, void *arena, size_t size);
CI_API const char *
ci_program_source(const ci_program *p); /* the generated C (an interpreter program writes
                                          it on the first call: not concurrently with its runs) */
/* Random ops (rand, randn, randint, bernoulli, dropout) draw from a counter-based generator
   (Philox4x32-10): their values are a function of the seed, the op and the element, the same
   on every backend and every run until the seed changes. */
CI_API void ci_program_set_seed(ci_program *p, uint64_t seed);
CI_API void ci_program_destroy(ci_program *p);

/* ---- .npy files (NumPy format 1.0/2.0/3.0, little-endian, C order) ---- */
/* Reads PATH; on success *data is a malloc'ed copy of the array (free it with ci_npy_free; never
   NULL, even for 0 elements) and *nbytes its size. bf16 has no NumPy spelling and is not read.
   The header is read first, then exactly the bytes of data its shape needs: a shorter file is
   "truncated", bytes after the data are an error, and a file (or pipe, or device) whose header
   and data exceed CI_DEFAULT_MAX_READ (4 GiB) is refused before its data is read. */
CI_API ci_result ci_npy_read(const char *path, ci_dtype *dtype, int *ndim,
                             int64_t *shape /* CI_MAX_DIMS */, void **data, size_t *nbytes,
                             char *err, size_t errsz);
/* The same with a limit of MAX_READ bytes (zero = CI_DEFAULT_MAX_READ) */
CI_API ci_result ci_npy_read_ex(const char *path, uint64_t max_read, ci_dtype *dtype, int *ndim,
                                int64_t *shape /* CI_MAX_DIMS */, void **data, size_t *nbytes,
                                char *err, size_t errsz);
/* The same from memory: BUF holds a whole .npy file of LEN bytes. */
CI_API ci_result ci_npy_parse(const void *buf, size_t len, ci_dtype *dtype, int *ndim,
                              int64_t *shape /* CI_MAX_DIMS */, void **data, size_t *nbytes,
                              char *err, size_t errsz);
CI_API ci_result ci_npy_write(const char *path, ci_dtype dt, int ndim, const int64_t *shape,
                              const void *data, char *err, size_t errsz);
CI_API void ci_npy_free(void *data);

/* ---- .cig text graphs (the format: docs/CIG.md) ---- */
/* Parses a .cig text of LEN bytes (need not end in a NUL) into G through the public builders.
   FILENAME names the text in messages; load("x.npy") paths are relative to BASEDIR (NULL =
   the current directory). Errors: "FILE:LINE:COL: error: MESSAGE" in ERR. */
CI_API ci_result ci_cig_parse(ci_graph *g, const char *text, size_t len, const char *filename,
                              const char *basedir, char *err, size_t errsz);
/* The same, calling ON_INPUT (when not NULL) for each `input` line, in order, with the name,
   dtype and shape it declares (the graph keeps input names but has no getter for them). */
CI_API ci_result ci_cig_parse_ex(ci_graph *g, const char *text, size_t len, const char *filename,
                                 const char *basedir,
                                 void (*on_input)(void *user, int index, const char *name,
                                                  ci_dtype dt, int ndim, const int64_t *shape),
                                 void *user, char *err, size_t errsz);
/* Reads and parses PATH; load() paths are relative to the directory of PATH. Neither PATH nor a
   load() target is read past the context's max_read (a pipe or /dev/zero ends in CI_ERR_IO). */
CI_API ci_result ci_cig_parse_file(ci_graph *g, const char *path, char *err, size_t errsz);

#endif /* CINDUCTOR_H_INCLUDED */

/* ======================================================================================= */
/*                                   IMPLEMENTATION                                        */
/* ======================================================================================= */
#if defined(CINDUCTOR_IMPLEMENTATION) && !defined(CINDUCTOR_IMPL_INCLUDED)
#define CINDUCTOR_IMPL_INCLUDED

/* ---------------------------------------------------------------------------------------
   >>config  compile-time options, asserts, includes
   CINDUCTOR_NO_TCC: build without libtcc (the interpreter is always there).
   CINDUCTOR_ASSERT: internal invariants (defaults to assert()).
   CINDUCTOR_NO_THREADS: no pthread (then libtcc calls are not locked).
   --------------------------------------------------------------------------------------- */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <stdarg.h>
#include <math.h>
#include <setjmp.h>
#include <assert.h>
#include <limits.h>
#include <errno.h>
#ifndef CINDUCTOR_NO_THREADS
#include <pthread.h>
#endif
#ifndef CINDUCTOR_NO_TCC
#include <libtcc.h>
#endif
#ifndef CINDUCTOR_NO_CUDA   /* libcuda and libnvrtc are opened at run time: no CUDA headers */
#ifdef _WIN32
#include <windows.h>
#else
#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>
#endif
#endif
#ifndef CINDUCTOR_ASSERT
#define CINDUCTOR_ASSERT(c) assert(c)
#endif
#if defined(__GNUC__) || defined(__clang__) || defined(__TINYC__)
#define CI__NORETURN __attribute__((noreturn))
#elif defined(_MSC_VER)
#define CI__NORETURN __declspec(noreturn)
#else
#define CI__NORETURN
#endif
#define CI__ASSERT(c) CINDUCTOR_ASSERT(c)

/* ---------------------------------------------------------------------------------------
   >>decls  private types shared across sections and their forward declarations
   The lowering state (ci__L) is the hub: it owns the compile arena, the index-expression
   and value-expression hash tables, the boxes (TensorBox), buffers and kernels. Graph
   building runs the same lowering on a graph-owned state to check shapes and dtypes early.
   --------------------------------------------------------------------------------------- */
typedef struct ci__arena ci__arena;
typedef struct ci__err ci__err;
typedef struct ci__ix ci__ix;
typedef struct ci__v ci__v;
typedef struct ci__storage ci__storage;
typedef struct ci__box ci__box;
typedef struct ci__buf ci__buf;
typedef struct ci__kernel ci__kernel;
typedef struct ci__group ci__group;
typedef struct ci__opdef ci__opdef;
typedef struct ci__L ci__L;
typedef struct ci__sb ci__sb;

CI__NORETURN static void ci__fail(ci__err *e, ci_result code, const char *fmt, ...);
static void *ci__arena_alloc(ci__arena *a, size_t size);
static const ci__opdef *ci__lower_registry_find(const ci_ctx *ctx, const char *name);
static int ci__lower_call_op(ci__L *L, const char *opname, int nargs, const ci_arg *args,
                       int nkw, const ci_kwarg *kw, ci_tensor *outs, int max_outs);
static void ci__ops_register_builtins(ci_ctx *ctx);
static void ci__dbg_print_graph(const ci_graph *g, ci__sb *sb, int with_data);
typedef struct ci__node ci__node;
static int ci__public_name_used(const ci_graph *g, const char *name);
static ci__node *ci__public_node_named(const ci_graph *g, const char *name);
static void ci__public_name_index_add(ci_graph *g, ci__node *nd);

/* The compile pipeline (ci__compile, >>public) is one call per pass, each in its own section:
   ci__lower_graph (>>lower), ci__sched_kernels (>>sched), ci__plan_program (>>plan),
   ci__cemit_source (>>cemit's C, where the backend needs it), the backend's compile,
   ci__dbg_dump (>>dbg), ci__rt_start (>>rt). */
static void ci__sched_output(ci__L *L, ci__box *b, int i);
static int *ci__cemit_source(ci_program *p);
static int ci__rt_extern(void *rt, int k, void **B);
typedef struct ci__rt_pool ci__rt_pool;
typedef struct ci__cig_num ci__cig_num;
typedef struct ci__cig_parser ci__cig_parser;
typedef struct ci__cemit ci__cemit;
typedef struct ci__ix_tab ci__ix_tab;
typedef struct ci__ix_lin ci__ix_lin;
typedef struct ci__npy_info ci__npy_info;
typedef struct ci__ir_vwalk ci__ir_vwalk;
typedef const char *(*ci__ix_varname_fn)(int var, void *user);

/* A backend: one entry of the table ci__rt_backends (>>rt), defined in its own section (>>tcc,
   >>interp). compile runs after the plan (and after the emitter where needs has
   CI__BE_SOURCE) and returns the program's backend data (p->be_data), failing through the
   compile's error target; run returns 0, or nonzero when a kernel failed (the run-time error
   record says which); destroy frees what compile made outside the program's arena. */
enum { CI__BE_SOURCE = 1, CI__BE_THREADS = 2 };
typedef struct ci__backend {
    const char *name;                  /* as `--backend` spells it */
    ci_backend id;
    ci_device device;
    unsigned needs;                    /* CI__BE_SOURCE: the C source; CI__BE_THREADS: the pool */
    const char *(*available)(void);    /* NULL, or why it is not (completes "ci_compile: ") */
    void *(*compile)(ci_program *p);
    int (*run)(ci_program *p);
    void (*destroy)(ci_program *p);
} ci__backend;

/* >>cuemit -> >>cuda: the GPU a source is written for, and how each kernel is launched */
typedef struct ci__cuda_target {
    int arch;            /* compute capability * 10 + minor: 90 for sm_90 */
    int nsm;             /* multiprocessors */
    int max_smem;        /* shared memory a block may opt in to, bytes */
} ci__cuda_target;
typedef struct ci__cuda_launch {
    int ext;             /* an extern kernel: >>cuda runs it on the host, with copies */
    int serial;          /* one thread runs the whole range (a scatter whose points may meet) */
    char fn[80];         /* the __global__ entry's name (extern: the kernel's) */
    long long n;         /* the points of the outermost loop (its entry's second argument) */
    unsigned grid;       /* blocks (the entry loops over the points a grid at a time) */
    unsigned block[3];
    size_t work;         /* bytes of zeroed device scratch the entry takes as a third argument */
} ci__cuda_launch;
static const char *ci__cuemit_source(ci_program *p, const ci__cuda_target *t,
                                     ci__cuda_launch **launches, int *nlaunches);
static void ci__cuemit_entries(ci__L *L, ci__sb *sb);
static const char *ci__cuemit_flag(void);
/* >>cemit -> >>cuemit: a reducing kernel whose block of threads shares each output point
   (tx points a block, ty threads each); its partial results combined across the block */
static int ci__cuemit_coop(ci__cemit *E, ci__group *g, int *tx, int *ty);
static int ci__cuemit_tiled(ci__cemit *E, ci__group *g);
static int ci__cuemit_i32(ci__cemit *E, const ci__group *g);
static void ci__cuemit_tile_open(ci__cemit *E, const ci__group *g);
static void ci__cuemit_combine(ci__cemit *E, const ci__group *g, int p, int tx, int ty,
                               const char *ind);
static void ci__cuemit_loop(ci__cemit *E, ci__group *g, int p, int ty, const char *lvl);
static void ci__cuda_check_source(ci_program *p);
static int ci__cuda_set_io(ci_program *p, int device_io, const void *const *in,
                           void *const *out, void *stream);
static ci_result ci__cuda_mem(ci_ctx *ctx, int op, int device, void *dst, const void *src,
                              size_t bytes, void **out);
#define CI__CUEMIT_BLOCK 128        /* threads a block, a kernel that does not reduce */
#define CI__CUEMIT_GRID (1u << 20)  /* at most these blocks; the entries loop past them */
#define CI__CUEMIT_SHARED 32768     /* a cooperative kernel's shared slots, at most (bytes) */
#define CI__CUEMIT_POINTS 4         /* points a thread, a kernel that does not reduce */
#define CI__CUEMIT_UNROLL 4         /* points a step of a cooperative kernel's sums */
#define CI__CUEMIT_TILE 32          /* a tiled kernel's tile: 32 x 32 points, 32 x 8 threads */
#define CI__CUEMIT_MM_BLOCKS 256    /* a product's blocks that K is split to reach */
#define CI__CUEMIT_MM_KPART 256     /* the shortest part of K a split gives a block */
/* a line of CUDA source that stands for what the GPU cannot run yet (>>cuda refuses it) */
#define CI__CUEMIT_NOGPU "#error \"cinductor: "

/* prototypes of functions used before their definition, by the section defining them */
static void ci__arena_unblock(ci__arena *a, void *old, size_t old_size);
static void *ci__arena_grow(ci__arena *a, void *old, size_t old_size, size_t new_size);
static int ci__util_add_ovf(int64_t a, int64_t b, int64_t *r);
static int ci__util_mul_ovf(int64_t a, int64_t b, int64_t *r);
static int ci__util_numel_ovf(int n, const int64_t *s, int64_t *r);
static ci__ix *ci__ix_lin_make(ci__arena *A, ci__ix_tab *T, const ci__ix_lin *l);
static void ci__ix_print(ci__sb *sb, const ci__ix *e, ci__ix_varname_fn vn, void *user);
static void ci__ix_print_w(ci__sb *sb, const ci__ix *e, ci__ix_varname_fn vn, void *user,
                           const char *ll);
static int64_t ci__ix_bound(const ci__ix *e, const char *indirect);
static void ci__ir_collect_indirect(ci__L *L, const ci__ix *e, ci__v **vals, int *n);
static void ci__ir_vw_open(ci__L *L, ci__ir_vwalk *w);
static ci__box *ci__ir_box_new(ci__L *L, ci_dtype dt, int ndim, const int64_t *size);
static void ci__ir_pw_vars(ci__L *L, int ndim, const int64_t *size, ci__ix **vars);
static void ci__ir_realize(ci__L *L, ci__box *b);
static void ci__ops_users_index(ci__L *L);
static int ci__ops_index_by_mask(ci__L *L, const ci__opdef *op, ci__box *x, const ci_arg *list,
                                 ci_tensor *out);
static void ci__ops_scatter_into(ci__L *L, ci__buf *buf, int ndim, const int64_t *size,
                                 ci__ix *const *v, ci__v *val, ci__ix *const *m, int mode);
static int ci__ops_bucketize(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs);
static int ci__sched_group_fit(ci__L *L, ci__group *g, ci__kernel *k, const char **why);
static void ci__plan_program(ci_program *p, int user_arena);
static void ci__cemit_text(ci__sb *sb, const char *s);
static const char *ci__cemit_bname(ci__cemit *E, const ci__buf *b);
static int ci__cemit_prelude(ci__L *L, ci__sb *sb, const char *body, size_t n, int cuda);
static double ci__interp_erfinv_d(double y);
static float ci__interp_erfinv_f(float y);
static double ci__interp_digamma_d(double x);
static float ci__interp_digamma_f(float x);
static double ci__interp_i0_d(double x);
static float ci__interp_i0_f(float x);
static float ci__interp_rand_f(long long seed, long long ctr);
static double ci__interp_rand_d(long long seed, long long ctr);
static double ci__interp_randn_d(long long seed, long long ctr);
static float ci__interp_randn_f(long long seed, long long ctr);
static long long ci__interp_randint(long long seed, long long ctr, long long lo, long long hi);
static void *ci__interp_prepare(ci_program *p);
static int ci__interp_run(ci_program *p);
#ifndef CINDUCTOR_NO_TCC
static void ci__tcc_delete(void *mem);
#endif
static void ci__rt_start(ci_program *p);
#ifndef CINDUCTOR_NO_TCC
static void ci__rt_parallel(void *rt, void (*fn)(void **, long long, long long), long long n,
                            void **B);
#endif
static int ci__rt_ext_bmm_run(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                              ci_extern_tensor *outs, int nouts, void *user);
static int ci__rt_ext_conv_run(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                               ci_extern_tensor *outs, int nouts, void *user);
static int ci__rt_ext_sort_run(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                               ci_extern_tensor *outs, int nouts, void *user);
static ci_result ci__npy_fail(ci_result rc, char *err, size_t errsz, const char *fmt, ...);
static void ci__npy_err(char *err, size_t errsz, const char *fmt, ...);
static ci_result ci__npy_header(const unsigned char *buf, size_t len, ci__npy_info *info, char *err,
                                size_t errsz);
static ci_result ci__npy_slurp(FILE *f, const char *path, uint64_t limit, const ci_allocator *a,
                               int text, unsigned char **out, size_t *outlen, size_t *outcap,
                               char *err, size_t errsz);
static ci_result ci__npy_read_a(const char *path, uint64_t limit, const ci_allocator *a,
                                ci__npy_info *info, void **data, size_t *cap, char *err,
                                size_t errsz);
static void ci__cig_fail(ci__cig_parser *P, int line, int col, ci_result rc, const char *fmt, ...);
static void ci__cig_next(ci__cig_parser *P);
static ci_arg ci__cig_nested_list(ci__cig_parser *P, char close, const ci__cig_num *done,
                                  size_t ndone, int depth);
static ci_result ci__cig_run(ci__cig_parser *P);
static int ci__public_check_shape(ci_graph *g, const char *what, int ndim, const int64_t *shape);
static ci__node *ci__public_leaf_node(ci_graph *g, int kind, const char *name, ci_dtype dt,
                                      int ndim, const int64_t *shape, const void *data, double sval,
                                      int64_t ival, int weak);
static void ci__compile(ci_program *p, ci_graph *g, const ci_compile_desc *d, unsigned dbg);

/* ---------------------------------------------------------------------------------------
   >>util  memory (user allocator, arenas), string builder, hashing, errors
   Arenas hand out zeroed memory from chunks and are freed as a whole; an allocation failure
   longjmps through the arena's error target (ci__err), so passes never check for NULL.
   ci__fail formats a message into a ci__err and longjmps to the entry point that armed it
   (Lua's error model): ci_call for graph building, ci_compile for compilation.
   ci__util_add_ovf / ci__util_mul_ovf / ci__util_numel_ovf: int64 arithmetic on sizes that come
   from users, reporting overflow instead of committing it (signed overflow is undefined).
   --------------------------------------------------------------------------------------- */
struct ci__err {
    jmp_buf jb;
    int armed;
    ci_result code;
    char msg[1024];
};

static void *ci__util_default_alloc(size_t size, void *user) { (void)user; return malloc(size); }
static void ci__util_default_free(void *p, size_t size, void *user) {
    (void)size;
    (void)user;
    free(p);
}

typedef struct ci__util_regtab { ci__opdef **slots; int cap, n; } ci__util_regtab;

/* The context is reference counted: one reference for the user (dropped by ci_ctx_destroy),
   one for each live graph and program, which use its allocator, logger, registry and
   last_error. Its memory goes with the last reference, whatever the order of the destroys. */
struct ci_ctx {
    ci_ctx_desc desc;
    char last_error[2048];
    ci__util_regtab reg;
    ci__arena *arena;   /* registry, schemas */
    uint64_t next_handle;     /* tensor handle ids: the next one no graph has had (0 = 1) */
    int handles_wrapped;      /* all 2^32 were handed out once: new ranges avoid live graphs' */
    ci_graph *graphs;         /* the live graphs (their handle ranges), linked by live_next */
    long refs;          /* the user's (until ci_ctx_destroy) + live graphs + live programs */
    int destroyed;      /* ci_ctx_destroy was called: no new graphs or registrations */
#ifndef CINDUCTOR_NO_THREADS
    pthread_mutex_t ref_mu;   /* graphs and programs of one context may die on different threads */
#endif
};

static void *ci__malloc(const ci_ctx *ctx, size_t size) {
    return ctx->desc.allocator.alloc(size, ctx->desc.allocator.user);
}

static void ci__mfree(const ci_ctx *ctx, void *p, size_t size) {
    if (p) ctx->desc.allocator.free(p, size, ctx->desc.allocator.user);
}

static void ci__util_set_error(ci_ctx *ctx, const char *fmt, ...) {
    va_list ap;
    if (!ctx) return;
    va_start(ap, fmt);
    vsnprintf(ctx->last_error, sizeof ctx->last_error, fmt, ap);
    va_end(ap);
}

CI__NORETURN static void ci__fail(ci__err *e, ci_result code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    e->code = code;
    CI__ASSERT(e->armed);
    longjmp(e->jb, 1);
}

typedef struct ci__chunk { struct ci__chunk *next, *prev; size_t size, used; } ci__chunk;
struct ci__arena {
    const ci_ctx *ctx;
    ci__chunk *head;
    ci__chunk *blocks;  /* blocks of their own (ci__arena_block), doubly linked */
    ci__err *err;       /* where allocation failures go */
    size_t total;
};
#define CI__UTIL_CHUNK_HDR ((sizeof(ci__chunk) + 15) & ~(size_t)15)

static ci__arena *ci__arena_new(const ci_ctx *ctx, ci__err *err) {
    ci__arena *a = (ci__arena *)ci__malloc(ctx, sizeof(ci__arena));
    if (!a) return NULL;
    memset(a, 0, sizeof *a);
    a->ctx = ctx; a->err = err;
    return a;
}

/* everything allocated goes; the arena stays, empty */
static void ci__arena_clear(ci__arena *a) {
    ci__chunk *c, *n;
    for (c = a->head; c; c = n) { n = c->next; ci__mfree(a->ctx, c, c->size); }
    for (c = a->blocks; c; c = n) { n = c->next; ci__mfree(a->ctx, c, c->size); }
    a->head = a->blocks = NULL;
    a->total = 0;
}

static void ci__arena_destroy(ci__arena *a) {
    if (!a) return;
    ci__arena_clear(a);
    ci__mfree(a->ctx, a, sizeof(ci__arena));
}

static void *ci__arena_alloc(ci__arena *a, size_t size) {
    ci__chunk *c = a->head;
    void *p;
    size = (size + 15) & ~(size_t)15;
    if (!c || c->used + size > c->size) {
        size_t cs = 64 * 1024 - CI__UTIL_CHUNK_HDR;
        if (cs < size) cs = size;
        cs += CI__UTIL_CHUNK_HDR;
        c = (ci__chunk *)ci__malloc(a->ctx, cs);
        if (!c) {
            if (a->err && a->err->armed) ci__fail(a->err, CI_ERR_OUT_OF_MEMORY, "out of memory");
            return NULL;
        }
        c->size = cs;
        c->used = CI__UTIL_CHUNK_HDR;
        c->next = a->head;
        a->head = c;
        a->total += cs;
    }
    p = (char *)c + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

/* Tables that grow by doubling (hash slots, per-variable arrays, string builders) take large
   arrays as blocks of their own and give the old one back as they grow, where the arena would
   keep every old copy (as much again as the table). ci__arena_grow: the array `old` of
   old_size bytes (NULL, an arena allocation or a block) becomes a zeroed block of new_size
   bytes with the old bytes copied; arrays under CI__UTIL_BLOCK_MIN bytes stay arena allocations
   (so the size an array was made with tells which it is). ci__arena_unblock gives one back. */
#define CI__UTIL_BLOCK_MIN 16384
static void ci__arena_unblock(ci__arena *a, void *old, size_t old_size) {
    ci__chunk *c;
    if (!old || old_size < CI__UTIL_BLOCK_MIN) return;
    c = (ci__chunk *)(void *)((char *)old - CI__UTIL_CHUNK_HDR);
    if (c->prev) c->prev->next = c->next; else a->blocks = c->next;
    if (c->next) c->next->prev = c->prev;
    a->total -= c->size;
    ci__mfree(a->ctx, c, c->size);
}

static void *ci__arena_grow(ci__arena *a, void *old, size_t old_size, size_t new_size) {
    ci__chunk *c;
    char *p;
    if (new_size < CI__UTIL_BLOCK_MIN) p = (char *)ci__arena_alloc(a, new_size);
    else {
        c = (ci__chunk *)ci__malloc(a->ctx, CI__UTIL_CHUNK_HDR + new_size);
        if (!c) {
            if (a->err && a->err->armed) ci__fail(a->err, CI_ERR_OUT_OF_MEMORY, "out of memory");
            return NULL;
        }
        c->size = CI__UTIL_CHUNK_HDR + new_size; c->used = c->size;
        c->prev = NULL; c->next = a->blocks;
        if (a->blocks) a->blocks->prev = c;
        a->blocks = c;
        a->total += c->size;
        p = (char *)c + CI__UTIL_CHUNK_HDR;
        memset(p, 0, new_size);
    }
    if (old && old_size) memcpy(p, old, old_size < new_size ? old_size : new_size);
    ci__arena_unblock(a, old, old_size);
    return p;
}
#define CI__NEW(a, T) ((T *)ci__arena_alloc((a), sizeof(T)))
#define CI__NEWN(a, T, n) ((T *)ci__arena_alloc((a), sizeof(T) * (size_t)((n) > 0 ? (n) : 1)))

static char *ci__strdup(ci__arena *a, const char *s) {
    size_t n = strlen(s);
    char *p = (char *)ci__arena_alloc(a, n + 1);
    memcpy(p, s, n + 1);
    return p;
}

/* growable array of pointers in an arena (old storage stays in the arena) */
typedef struct ci__vec { void **v; int n, cap; } ci__vec;
static void ci__vec_push(ci__arena *a, ci__vec *vec, void *p) {
    if (vec->n == vec->cap) {
        int nc = vec->cap ? vec->cap * 2 : 4;
        void **nv = CI__NEWN(a, void *, nc);
        if (vec->n) memcpy(nv, vec->v, sizeof(void *) * (size_t)vec->n);
        vec->v = nv; vec->cap = nc;
    }
    vec->v[vec->n++] = p;
}

/* string builder in an arena */
struct ci__sb {
    ci__arena *a;
    char *s;
    size_t n, cap;
};
static void ci__sb_init(ci__sb *sb, ci__arena *a) {
    sb->a = a;
    sb->s = NULL;
    sb->n = sb->cap = 0;
}

static void ci__sb_reserve(ci__sb *sb, size_t extra) {
    if (sb->n + extra + 1 > sb->cap) {
        size_t nc = sb->cap ? sb->cap * 2 : 1024;
        char *ns;
        while (nc < sb->n + extra + 1) nc *= 2;
        ns = (char *)ci__arena_grow(sb->a, sb->s, sb->cap, nc);
        sb->s = ns; sb->cap = nc;
    }
}

static void ci__sb_put(ci__sb *sb, const char *s) {
    size_t l = strlen(s);
    ci__sb_reserve(sb, l);
    memcpy(sb->s + sb->n, s, l);
    sb->n += l; sb->s[sb->n] = 0;
}

static void ci__sb_printf(ci__sb *sb, const char *fmt, ...) {
    va_list ap, ap2;
    int l;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    l = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (l > 0) {
        ci__sb_reserve(sb, (size_t)l);
        vsnprintf(sb->s + sb->n, (size_t)l + 1, fmt, ap2);
        sb->n += (size_t)l;
    }
    va_end(ap2);
}

static const char *ci__sb_str(ci__sb *sb) { return sb->s ? sb->s : ""; }

static uint32_t ci__hash_bytes(uint32_t h, const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < n; i++) { h ^= b[i]; h *= 16777619u; }
    return h;
}

static uint32_t ci__hash_str(const char *s) { return ci__hash_bytes(2166136261u, s, strlen(s)); }
static uint32_t ci__hash_mix(uint32_t h, uint64_t v) { return ci__hash_bytes(h, &v, sizeof v); }

static int64_t ci__util_floordiv(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

static int64_t ci__util_pymod(int64_t a, int64_t b) {
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}

/* in unsigned arithmetic: -INT64_MIN is not an int64 */
static int64_t ci__util_gcd(int64_t a, int64_t b) {
    uint64_t x = a < 0 ? 0 - (uint64_t)a : (uint64_t)a, y = b < 0 ? 0 - (uint64_t)b : (uint64_t)b;
    while (y) {
        uint64_t t = x % y;
        x = y;
        y = t;
    }
    /* (gcd(INT64_MIN, 0): callers pass a positive one) */
    return x > (uint64_t)INT64_MAX ? INT64_MIN : (int64_t)x;
}

/* *r = a + b (a * b); 1 when that overflows int64 (*r is then unspecified) */
#if defined(__has_builtin) && !defined(__TINYC__)
#if __has_builtin(__builtin_add_overflow) && __has_builtin(__builtin_mul_overflow)
#define CI__UTIL_HAVE_OVF_BUILTINS 1
#endif
#elif defined(__GNUC__) && __GNUC__ >= 5 && !defined(__TINYC__)
#define CI__UTIL_HAVE_OVF_BUILTINS 1
#endif
static int ci__util_add_ovf(int64_t a, int64_t b, int64_t *r) {
#ifdef CI__UTIL_HAVE_OVF_BUILTINS
    return __builtin_add_overflow(a, b, r);
#else
    if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b)) return 1;
    *r = a + b;
    return 0;
#endif
}

static int ci__util_mul_ovf(int64_t a, int64_t b, int64_t *r) {
#ifdef CI__UTIL_HAVE_OVF_BUILTINS
    return __builtin_mul_overflow(a, b, r);
#else
    if (a != 0 && b != 0) {
        if (a == -1) { if (b == INT64_MIN) return 1; }
        else if (b == -1) { if (a == INT64_MIN) return 1; }
        else if (a > 0 ? (b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a)
                       : (b > 0 ? a < INT64_MIN / b : b < INT64_MAX / a)) return 1;
    }
    *r = a * b;
    return 0;
#endif
}

/* the product of n sizes into *r; 1 when a partial product overflows (a later 0 does not
   save it: PyTorch's numel check refuses [2^62, 2^62, 0] too) */
static int ci__util_numel_ovf(int n, const int64_t *s, int64_t *r) {
    int64_t p = 1;
    int i;
    for (i = 0; i < n; i++) if (ci__util_mul_ovf(p, s[i], &p)) return 1;
    *r = p;
    return 0;
}

static void ci__util_fmt_shape(char *buf, size_t n, int ndim, const int64_t *s) {
    size_t p = 0;
    int i;
    p += (size_t)snprintf(buf + p, n - p, "[");
    for (i = 0; i < ndim && p < n; i++)
        p += (size_t)snprintf(buf + p, n - p, "%s%lld", i ? ", " : "", (long long)s[i]);
    if (p < n) snprintf(buf + p, n - p, "]");
}

/* ---------------------------------------------------------------------------------------
   >>dtype  the dtype table: names, sizes, C spellings, promotion categories
   One X-macro line per dtype. Category 0 bool, 1 integer, 2 floating. f16/bf16 are stored
   narrow and computed in f32 (opmath), as Inductor does.
   --------------------------------------------------------------------------------------- */
/*  X(enum,   name,   torch name,  size, C storage type,     C compute type, category, signed) */
#define CI__DTYPE_LIST(X) \
    X(CI_BOOL, "bool", "bool",     1, "unsigned char",      "int",        0, 0) \
    X(CI_U8,   "u8",   "uint8",    1, "unsigned char",      "int",        1, 0) \
    X(CI_I8,   "i8",   "int8",     1, "signed char",        "int",        1, 1) \
    X(CI_I16,  "i16",  "int16",    2, "short",              "int",        1, 1) \
    X(CI_I32,  "i32",  "int32",    4, "int",                "int",        1, 1) \
    X(CI_I64,  "i64",  "int64",    8, "long long",          "long long",  1, 1) \
    X(CI_F16,  "f16",  "float16",  2, "unsigned short",     "float",      2, 1) \
    X(CI_BF16, "bf16", "bfloat16", 2, "unsigned short",     "float",      2, 1) \
    X(CI_F32,  "f32",  "float32",  4, "float",              "float",      2, 1) \
    X(CI_F64,  "f64",  "float64",  8, "double",             "double",     2, 1)

typedef struct ci__dtype_info {
    const char *name, *tname, *cstore, *ccomp;
    int size, cat, sgn;
} ci__dtype_info;
static const ci__dtype_info ci__dtype_tab[CI_DTYPE_COUNT] = {
    {"invalid", "invalid", "void", "void", 0, -1, 0},
#define CI__X(e, n, tn, sz, cs, cc, cat, sg) {n, tn, cs, cc, sz, cat, sg},
    CI__DTYPE_LIST(CI__X)
#undef CI__X
};
static int ci__dtype_ok(ci_dtype d) { return d > CI_DTYPE_INVALID && d < CI_DTYPE_COUNT; }
static int ci__dtype_is_float(ci_dtype d) { return ci__dtype_ok(d) && ci__dtype_tab[d].cat == 2; }
static int ci__dtype_is_int(ci_dtype d) { return ci__dtype_ok(d) && ci__dtype_tab[d].cat == 1; }
static ci_dtype ci__dtype_opmath(ci_dtype d) { return (d == CI_F16 || d == CI_BF16) ? CI_F32 : d; }

/* torch.promote_types */
static ci_dtype ci__dtype_promote2(ci_dtype a, ci_dtype b) {
    if (a == b) return a;
    if (a == CI_DTYPE_INVALID) return b;
    if (b == CI_DTYPE_INVALID) return a;
    if (a == CI_BOOL) return b;
    if (b == CI_BOOL) return a;
    if (ci__dtype_is_int(a) && ci__dtype_is_int(b)) {
        if (a == CI_U8 || b == CI_U8) {
            ci_dtype o = a == CI_U8 ? b : a;
            return o == CI_I8 ? CI_I16 : o;
        }
        return ci__dtype_tab[a].size >= ci__dtype_tab[b].size ? a : b;
    }
    if (ci__dtype_is_int(a)) return b;
    if (ci__dtype_is_int(b)) return a;
    if ((a == CI_F16 && b == CI_BF16) || (a == CI_BF16 && b == CI_F16)) return CI_F32;
    return ci__dtype_tab[a].size >= ci__dtype_tab[b].size ? a : b;
}

static double ci__dtype_max(ci_dtype dt) {
    switch (dt) {
    case CI_F16: return 65504.0;
    case CI_BF16: return 3.3895313892515355e38;
    case CI_F32: return 3.4028234663852886e38;
    default: return 1.7976931348623157e308;
    }
}

/* ---------------------------------------------------------------------------------------
   >>ix  hash-consed integer index expressions (Inductor's sympy indexing)
   Every expression is kept in one normal form: a SUM node is const + sum(coef_i * atom_i)
   with atoms sorted by id; atoms are VAR (an index variable or size symbol, with a value
   range), FDIV (FloorDiv), MOD (Python modulo; ModularIndexing(x,d,m) = MOD(FDIV(x,d),m)),
   MUL (product of two non-constant expressions), MIN and MAX. Constructors simplify as they
   build: constant folding, like terms merged, and the FloorDiv/Mod rules that use value
   ranges (terms divisible by the divisor move out; a remainder whose range fits in one
   quotient step folds away). Equal expressions are the same pointer. The C printer writes
   int64 arithmetic and uses floor-division helpers only where a range can be negative.
   --------------------------------------------------------------------------------------- */
enum {
    CI__IX_CONST,
    CI__IX_VAR,
    CI__IX_SUM,
    CI__IX_FDIV,
    CI__IX_MOD,
    CI__IX_MUL,
    CI__IX_MIN,
    CI__IX_MAX
};

struct ci__ix {
    int kind, id, nterms;
    int tsize;              /* nodes when written out as a tree (saturates at CI__IX_TREE_SAT) */
    int var;                /* VAR: variable number */
    uint32_t hash;
    int64_t c;              /* CONST value; SUM constant */
    int64_t lo, hi;         /* value range (inclusive) */
    /* a VAR is allocated without the fields below (CI__IX_VAR_BYTES): none of them is read
       for a VAR (every walk switches on kind), and variables are half of all expressions */
    ci__ix *a, *b;          /* FDIV/MOD/MUL/MIN/MAX operands */
    int64_t *coef;          /* SUM terms */
    ci__ix **atom;
    ci__ix *next;           /* hash chain */
};
#define CI__IX_VAR_BYTES offsetof(ci__ix, a)

struct ci__ix_tab {
    ci__ix **slots;
    int cap, n;
    int nvars;
    char *var_is_reduction;  /* per variable, grown with nvars */
    ci__v **var_val;         /* per variable: the value an indirect index variable stands for */
    ci__ix **var_node; /* per variable: its VAR node (variables are unique: not in the table) */
    int var_cap;
    int ntab;                /* nodes in the table */
};

#define CI__IX_INF (INT64_MAX / 4)
/* An index expression is printed, substituted and evaluated as a tree; a chain of views
   (reshape after permute ...) can double its tree at every step without simplifying. A view
   whose index would exceed CI__IX_MAX_TREE nodes copies its input first (>>ir), so every walk
   of an index expression is bounded. */
#define CI__IX_MAX_TREE 2048
#define CI__IX_TREE_SAT (1 << 30)
static int64_t ci__ix_sat_add(int64_t a, int64_t b) {
    int64_t r;
    if (a <= -CI__IX_INF || b <= -CI__IX_INF) return -CI__IX_INF;
    if (a >= CI__IX_INF || b >= CI__IX_INF) return CI__IX_INF;
    r = a + b;
    if (r > CI__IX_INF) r = CI__IX_INF;
    if (r < -CI__IX_INF) r = -CI__IX_INF;
    return r;
}

static int64_t ci__ix_sat_mul(int64_t a, int64_t b) {
    if (a == 0 || b == 0) return 0;
    if (a >= CI__IX_INF || a <= -CI__IX_INF || b >= CI__IX_INF || b <= -CI__IX_INF ||
        (a > 0 ? a : -a) > CI__IX_INF / (b > 0 ? b : -b))
        return ((a > 0) == (b > 0)) ? CI__IX_INF : -CI__IX_INF;
    return a * b;
}

static uint32_t ci__ix_hash(const ci__ix *e) {
    uint32_t h = ci__hash_mix(2166136261u, (uint64_t)e->kind);
    int i;
    h = ci__hash_mix(h, (uint64_t)e->c);
    h = ci__hash_mix(h, (uint64_t)e->var);
    h = ci__hash_mix(h, (uint64_t)(e->a ? e->a->id : -1));
    h = ci__hash_mix(h, (uint64_t)(e->b ? e->b->id : -1));
    for (i = 0; i < e->nterms; i++) {
        h = ci__hash_mix(h, (uint64_t)e->coef[i]);
        h = ci__hash_mix(h, (uint64_t)e->atom[i]->id);
    }
    return h;
}

static int ci__ix_same(const ci__ix *x, const ci__ix *y) {
    int i;
    if (x->kind != y->kind || x->c != y->c || x->var != y->var || x->a != y->a || x->b != y->b ||
        x->nterms != y->nterms)
        return 0;
    if (x->kind == CI__IX_VAR && (x->lo != y->lo || x->hi != y->hi)) return 0;
    for (i = 0; i < x->nterms; i++)
        if (x->coef[i] != y->coef[i] || x->atom[i] != y->atom[i]) return 0;
    return 1;
}

static void ci__ix_range(ci__ix *e) {
    int i;
    switch (e->kind) {
    case CI__IX_CONST: e->lo = e->hi = e->c; break;
    case CI__IX_VAR: break; /* set by the creator */
    case CI__IX_SUM:
        e->lo = e->hi = e->c;
        for (i = 0; i < e->nterms; i++) {
            int64_t k = e->coef[i], l = ci__ix_sat_mul(k, e->atom[i]->lo),
                    h = ci__ix_sat_mul(k, e->atom[i]->hi);
            e->lo = ci__ix_sat_add(e->lo, l < h ? l : h);
            e->hi = ci__ix_sat_add(e->hi, l < h ? h : l);
        }
        break;
    case CI__IX_FDIV:
        if (e->b->kind == CI__IX_CONST && e->b->c > 0 && e->a->lo > -CI__IX_INF &&
            e->a->hi < CI__IX_INF) {
            e->lo = ci__util_floordiv(e->a->lo, e->b->c);
            e->hi = ci__util_floordiv(e->a->hi, e->b->c);
        } else {
            e->lo = -CI__IX_INF;
            e->hi = CI__IX_INF;
        }
        break;
    case CI__IX_MOD:
        if (e->b->kind == CI__IX_CONST && e->b->c > 0) { e->lo = 0; e->hi = e->b->c - 1; }
        else { e->lo = -CI__IX_INF; e->hi = CI__IX_INF; }
        if (e->a->lo >= 0 && e->a->hi < e->hi) e->hi = e->a->hi;
        break;
    case CI__IX_MUL: {
        int64_t p[4];
        int j;
        p[0] = ci__ix_sat_mul(e->a->lo, e->b->lo); p[1] = ci__ix_sat_mul(e->a->lo, e->b->hi);
        p[2] = ci__ix_sat_mul(e->a->hi, e->b->lo); p[3] = ci__ix_sat_mul(e->a->hi, e->b->hi);
        e->lo = e->hi = p[0];
        for (j = 1; j < 4; j++) { if (p[j] < e->lo) e->lo = p[j]; if (p[j] > e->hi) e->hi = p[j]; }
        break;
    }
    case CI__IX_MIN:
        e->lo = e->a->lo < e->b->lo ? e->a->lo : e->b->lo;
        e->hi = e->a->hi < e->b->hi ? e->a->hi : e->b->hi;
        break;
    case CI__IX_MAX:
        e->lo = e->a->lo > e->b->lo ? e->a->lo : e->b->lo;
        e->hi = e->a->hi > e->b->hi ? e->a->hi : e->b->hi;
        break;
    }
}

/* hash-cons a candidate node (its fields filled in, on the stack) */
static ci__ix *ci__ix_intern(ci__arena *A, ci__ix_tab *T, const ci__ix *cand) {
    uint32_t h = ci__ix_hash(cand);
    ci__ix *e;
    CI__ASSERT(cand->kind != CI__IX_VAR);
    if (T->ntab * 2 >= T->cap) {
        int nc = T->cap ? T->cap * 2 : 1024, i;
        ci__ix **ns = (ci__ix **)ci__arena_grow(A, NULL, 0, sizeof(ci__ix *) * (size_t)nc);
        for (i = 0; i < T->cap; i++) {
            ci__ix *x = T->slots[i], *nx;
            for (; x; x = nx) {
                nx = x->next;
                x->next = ns[x->hash & (uint32_t)(nc - 1)];
                ns[x->hash & (uint32_t)(nc - 1)] = x;
            }
        }
        ci__arena_unblock(A, T->slots, sizeof(ci__ix *) * (size_t)T->cap);
        T->slots = ns; T->cap = nc;
    }
    for (e = T->slots[h & (uint32_t)(T->cap - 1)]; e; e = e->next)
        if (e->hash == h && ci__ix_same(e, cand)) return e;
    e = CI__NEW(A, ci__ix);
    *e = *cand;
    if (cand->nterms) {
        e->coef = CI__NEWN(A, int64_t, cand->nterms);
        e->atom = CI__NEWN(A, ci__ix *, cand->nterms);
        memcpy(e->coef, cand->coef, sizeof(int64_t) * (size_t)cand->nterms);
        memcpy(e->atom, cand->atom, sizeof(ci__ix *) * (size_t)cand->nterms);
    }
    e->hash = h;
    e->id = T->n++;
    T->ntab++;
    ci__ix_range(e);
    {   /* (a DAG that shares subexpressions can be exponentially larger as a tree) */
        int64_t t = 1;
        int i;
        if (e->kind == CI__IX_SUM) for (i = 0; i < e->nterms; i++) t += e->atom[i]->tsize;
        else if (e->a) t += (int64_t)e->a->tsize + (e->b ? e->b->tsize : 0);
        e->tsize = (int)(t < CI__IX_TREE_SAT ? t : CI__IX_TREE_SAT);
    }
    e->next = T->slots[h & (uint32_t)(T->cap - 1)];
    T->slots[h & (uint32_t)(T->cap - 1)] = e;
    return e;
}

static ci__ix *ci__ix_const(ci__arena *A, ci__ix_tab *T, int64_t v) {
    ci__ix c;
    memset(&c, 0, sizeof c);
    c.kind = CI__IX_CONST;
    c.c = v;
    c.var = -1;
    return ci__ix_intern(A, T, &c);
}

/* a fresh variable ranging over [0, size-1] */
static ci__ix *ci__ix_newvar(ci__arena *A, ci__ix_tab *T, int64_t size, int is_reduction) {
    ci__ix *e = (ci__ix *)ci__arena_alloc(A, CI__IX_VAR_BYTES);   /* (zeroed) */
    e->kind = CI__IX_VAR;
    e->var = T->nvars++;
    e->lo = 0;
    e->hi = size > 0 ? size - 1 : 0;
    if (T->nvars > T->var_cap) {
        size_t oc = (size_t)T->var_cap, nc = T->var_cap ? oc * 2 : 64;
        T->var_is_reduction = (char *)ci__arena_grow(A, T->var_is_reduction, oc, nc);
        T->var_val =
                (ci__v **)ci__arena_grow(A, T->var_val, sizeof(ci__v *) * oc, sizeof(ci__v *) * nc);
        T->var_node = (ci__ix **)ci__arena_grow(A, T->var_node, sizeof(ci__ix *) * oc,
                                                sizeof(ci__ix *) * nc);
        T->var_cap = (int)nc;
    }
    T->var_is_reduction[e->var] = (char)is_reduction;
    T->var_node[e->var] = e;
    /* (not in the table: variables are kept by number) */
    e->hash = ci__hash_mix(2166136261u, (uint64_t)e->var);
    e->id = T->n++;
    e->tsize = 1;
    return e;
}

/* linear form scratch: const + sum coef*atom, sorted by atom id */
#define CI__IX_LIN_MAX 64
/* ovf: a coefficient or the constant overflowed int64 (sizes, strides or steps near 2^63):
   ci__ix_lin_make refuses the expression */
struct ci__ix_lin {
    int64_t c;
    int n, ovf;
    int64_t k[CI__IX_LIN_MAX];
    ci__ix *t[CI__IX_LIN_MAX];
};

static void ci__ix_lin_add_term(ci__ix_lin *l, int64_t k, ci__ix *t) {
    int i, j;
    if (k == 0) return;
    for (i = 0; i < l->n; i++) {
        if (l->t[i] == t) {
            l->ovf |= ci__util_add_ovf(l->k[i], k, &l->k[i]);
            if (l->k[i] == 0) {
                for (j = i; j + 1 < l->n; j++) {
                    l->k[j] = l->k[j + 1];
                    l->t[j] = l->t[j + 1];
                }
                l->n--;
            }
            return;
        }
        if (l->t[i]->id > t->id) break;
    }
    CI__ASSERT(l->n < CI__IX_LIN_MAX);
    for (j = l->n; j > i; j--) { l->k[j] = l->k[j - 1]; l->t[j] = l->t[j - 1]; }
    l->k[i] = k;
    l->t[i] = t;
    l->n++;
}

static void ci__ix_lin_add(ci__ix_lin *l, ci__ix *e, int64_t scale) {
    int i;
    int64_t p;
    if (e->kind == CI__IX_CONST || e->kind == CI__IX_SUM) {
        l->ovf |= ci__util_mul_ovf(scale, e->c, &p) || ci__util_add_ovf(l->c, p, &l->c);
        for (i = 0; e->kind == CI__IX_SUM && i < e->nterms; i++) {
            if (ci__util_mul_ovf(scale, e->coef[i], &p)) { l->ovf = 1; continue; }
            ci__ix_lin_add_term(l, p, e->atom[i]);
        }
        return;
    }
    ci__ix_lin_add_term(l, scale, e);
}

static ci__ix *ci__ix_lin_make(ci__arena *A, ci__ix_tab *T, const ci__ix_lin *l) {
    ci__ix c;
    if (l->ovf) {
        CI__ASSERT(A->err && A->err->armed);
        ci__fail(A->err, CI_ERR_UNSUPPORTED,
                 "an index expression overflows int64 (a size, stride, step or offset near 2^63)");
    }
    if (l->n == 0) return ci__ix_const(A, T, l->c);
    if (l->n == 1 && l->c == 0 && l->k[0] == 1) return l->t[0];
    memset(&c, 0, sizeof c);
    c.kind = CI__IX_SUM;
    c.c = l->c;
    c.var = -1;
    c.nterms = l->n;
    c.coef = (int64_t *)l->k; c.atom = (ci__ix **)l->t;
    return ci__ix_intern(A, T, &c);
}

static ci__ix *ci__ix_add(ci__arena *A, ci__ix_tab *T, ci__ix *a, ci__ix *b) {
    ci__ix_lin l;
    l.c = 0;
    l.n = 0;
    l.ovf = 0;
    ci__ix_lin_add(&l, a, 1);
    ci__ix_lin_add(&l, b, 1);
    return ci__ix_lin_make(A, T, &l);
}

static ci__ix *ci__ix_scale(ci__arena *A, ci__ix_tab *T, ci__ix *a, int64_t k) {
    ci__ix_lin l;
    l.c = 0;
    l.n = 0;
    l.ovf = 0;
    ci__ix_lin_add(&l, a, k);
    return ci__ix_lin_make(A, T, &l);
}

static ci__ix *ci__ix_sub(ci__arena *A, ci__ix_tab *T, ci__ix *a, ci__ix *b) {
    return ci__ix_add(A, T, a, ci__ix_scale(A, T, b, -1));
}

static ci__ix *ci__ix_binatom(ci__arena *A, ci__ix_tab *T, int kind, ci__ix *a, ci__ix *b) {
    ci__ix c;
    memset(&c, 0, sizeof c);
    c.kind = kind;
    c.a = a;
    c.b = b;
    c.var = -1;
    return ci__ix_intern(A, T, &c);
}

static ci__ix *ci__ix_mul(ci__arena *A, ci__ix_tab *T, ci__ix *a, ci__ix *b) {
    if (a->kind == CI__IX_CONST) return ci__ix_scale(A, T, b, a->c);
    if (b->kind == CI__IX_CONST) return ci__ix_scale(A, T, a, b->c);
    if (a->id > b->id) {
        ci__ix *t = a;
        a = b;
        b = t;
    }
    return ci__ix_binatom(A, T, CI__IX_MUL, a, b);
}

/* FloorDiv(a, b) */
static ci__ix *ci__ix_fdiv(ci__arena *A, ci__ix_tab *T, ci__ix *a, ci__ix *b) {
    ci__ix_lin l, q, r;
    int64_t d, g;
    int i;
    if (b->kind != CI__IX_CONST || b->c <= 0) return ci__ix_binatom(A, T, CI__IX_FDIV, a, b);
    d = b->c;
    if (d == 1) return a;
    if (a->kind == CI__IX_CONST) return ci__ix_const(A, T, ci__util_floordiv(a->c, d));
    l.c = 0;
    l.n = 0;
    l.ovf = 0;
    ci__ix_lin_add(&l, a, 1);
    q.c = ci__util_floordiv(l.c, d);
    q.n = 0;
    q.ovf = l.ovf;
    r.c = ci__util_pymod(l.c, d);
    r.n = 0;
    r.ovf = 0;
    for (i = 0; i < l.n; i++) {
        if (l.k[i] % d == 0) ci__ix_lin_add_term(&q, l.k[i] / d, l.t[i]);
        else ci__ix_lin_add_term(&r, l.k[i], l.t[i]);
    }
    if (r.n) {
        ci__ix *re = ci__ix_lin_make(A, T, &r), *rest;
        if (re->lo > -CI__IX_INF && re->hi < CI__IX_INF &&
            ci__util_floordiv(re->lo, d) == ci__util_floordiv(re->hi, d)) {
            q.ovf |= ci__util_add_ovf(q.c, ci__util_floordiv(re->lo, d), &q.c);
        } else {
            /* common factor of the remainder and the divisor */
            g = d;
            for (i = 0; i < r.n; i++) g = ci__util_gcd(g, r.k[i]);
            g = ci__util_gcd(g, r.c);
            if (g > 1) {
                for (i = 0; i < r.n; i++) r.k[i] /= g;
                r.c /= g; d /= g;
                re = ci__ix_lin_make(A, T, &r);
            }
            /* FloorDiv(FloorDiv(x, d1), d2) = FloorDiv(x, d1*d2) */
            int64_t dd;
            if (re->kind == CI__IX_FDIV && re->b->kind == CI__IX_CONST && re->b->c > 0 &&
                !ci__util_mul_ovf(re->b->c, d, &dd))
                rest = ci__ix_fdiv(A, T, re->a, ci__ix_const(A, T, dd));
            else if (d == 1)
                rest = re;
            else
                rest = ci__ix_binatom(A, T, CI__IX_FDIV, re, ci__ix_const(A, T, d));
            ci__ix_lin_add(&q, rest, 1);
        }
    }
    return ci__ix_lin_make(A, T, &q);
}

/* Python modulo a % b, b > 0 */
static ci__ix *ci__ix_mod(ci__arena *A, ci__ix_tab *T, ci__ix *a, ci__ix *b) {
    ci__ix_lin l, r;
    int64_t m, g;
    int i;
    ci__ix *re;
    if (b->kind != CI__IX_CONST || b->c <= 0) return ci__ix_binatom(A, T, CI__IX_MOD, a, b);
    m = b->c;
    if (m == 1) return ci__ix_const(A, T, 0);
    if (a->kind == CI__IX_CONST) return ci__ix_const(A, T, ci__util_pymod(a->c, m));
    l.c = 0;
    l.n = 0;
    l.ovf = 0;
    ci__ix_lin_add(&l, a, 1);
    r.c = ci__util_pymod(l.c, m);
    r.n = 0;
    r.ovf = l.ovf;
    for (i = 0; i < l.n; i++)
        if (l.k[i] % m != 0) ci__ix_lin_add_term(&r, l.k[i], l.t[i]);
    re = ci__ix_lin_make(A, T, &r);
    if (re->lo >= 0 && re->hi < m) return re;
    g = m;
    for (i = 0; i < r.n; i++) g = ci__util_gcd(g, r.k[i]);
    g = ci__util_gcd(g, r.c);
    if (g > 1) {  /* (g*x) mod (g*n) = g * (x mod n) */
        for (i = 0; i < r.n; i++) r.k[i] /= g;
        r.c /= g;
        return ci__ix_scale(
                A, T, ci__ix_mod(A, T, ci__ix_lin_make(A, T, &r), ci__ix_const(A, T, m / g)), g);
    }
    /* MOD(FDIV(x, d), m) where x < d*m: plain FDIV */
    if (re->kind == CI__IX_FDIV && re->lo >= 0 && re->hi < m) return re;
    return ci__ix_binatom(A, T, CI__IX_MOD, re, b);
}

static ci__ix *ci__ix_min(ci__arena *A, ci__ix_tab *T, ci__ix *a, ci__ix *b) {
    if (a->hi <= b->lo) return a;
    if (b->hi <= a->lo) return b;
    if (a->id > b->id) {
        ci__ix *t = a;
        a = b;
        b = t;
    }
    return ci__ix_binatom(A, T, CI__IX_MIN, a, b);
}

static ci__ix *ci__ix_max(ci__arena *A, ci__ix_tab *T, ci__ix *a, ci__ix *b) {
    if (a->lo >= b->hi) return a;
    if (b->lo >= a->hi) return b;
    if (a->id > b->id) {
        ci__ix *t = a;
        a = b;
        b = t;
    }
    return ci__ix_binatom(A, T, CI__IX_MAX, a, b);
}

/* substitution of variables; map is indexed by variable number (NULL = keep) */
/* a substitution: variable number -> expression, a small open-addressing map (a map sized by
   every variable made so far would make lowering quadratic in the graph's size) */
typedef struct ci__ix_smap { ci__arena *A; int *key; ci__ix **val; int cap, n; } ci__ix_smap;
static ci__ix *ci__ix_smap_get(const ci__ix_smap *s, int var) {
    int i;
    if (!s->cap) return NULL;
    for (i = (int)(((uint32_t)var * 2654435761u) & (uint32_t)(s->cap - 1)); s->key[i];
         i = (i + 1) & (s->cap - 1))
        if (s->key[i] == var + 1) return s->val[i];
    return NULL;
}

static void ci__ix_smap_set(ci__ix_smap *s, int var, ci__ix *e) {
    int i;
    if ((s->n + 1) * 2 > s->cap) {
        ci__ix_smap t;
        int j;
        t.A = s->A;
        t.cap = s->cap ? s->cap * 2 : 8;
        t.n = 0;
        t.key = CI__NEWN(s->A, int, t.cap);
        t.val = CI__NEWN(s->A, ci__ix *, t.cap);
        for (j = 0; j < s->cap; j++) if (s->key[j]) ci__ix_smap_set(&t, s->key[j] - 1, s->val[j]);
        *s = t;
    }
    for (i = (int)(((uint32_t)var * 2654435761u) & (uint32_t)(s->cap - 1)); s->key[i];
         i = (i + 1) & (s->cap - 1))
        if (s->key[i] == var + 1) { s->val[i] = e; return; }
    s->key[i] = var + 1;
    s->val[i] = e;
    s->n++;
}

static ci__ix *ci__ix_subst(ci__arena *A, ci__ix_tab *T, ci__ix *e, const ci__ix_smap *s) {
    int i;
    switch (e->kind) {
    case CI__IX_CONST: return e;
    case CI__IX_VAR: { ci__ix *r = ci__ix_smap_get(s, e->var); return r ? r : e; }
    case CI__IX_SUM: {
        ci__ix *r = ci__ix_const(A, T, e->c);
        for (i = 0; i < e->nterms; i++)
            r = ci__ix_add(A, T, r,
                           ci__ix_scale(A, T, ci__ix_subst(A, T, e->atom[i], s), e->coef[i]));
        return r;
    }
    case CI__IX_FDIV:
        return ci__ix_fdiv(A, T, ci__ix_subst(A, T, e->a, s), ci__ix_subst(A, T, e->b, s));
    case CI__IX_MOD:
        return ci__ix_mod(A, T, ci__ix_subst(A, T, e->a, s), ci__ix_subst(A, T, e->b, s));
    case CI__IX_MUL:
        return ci__ix_mul(A, T, ci__ix_subst(A, T, e->a, s), ci__ix_subst(A, T, e->b, s));
    case CI__IX_MIN:
        return ci__ix_min(A, T, ci__ix_subst(A, T, e->a, s), ci__ix_subst(A, T, e->b, s));
    case CI__IX_MAX:
        return ci__ix_max(A, T, ci__ix_subst(A, T, e->a, s), ci__ix_subst(A, T, e->b, s));
    }
    return e;
}

/* does e use any variable flagged in mask (indexed by var number)? */
static int ci__ix_uses_any(const ci__ix *e, const char *mask, int nmask) {
    int i;
    switch (e->kind) {
    case CI__IX_CONST: return 0;
    case CI__IX_VAR: return e->var < nmask && mask[e->var];
    case CI__IX_SUM:
        for (i = 0; i < e->nterms; i++) if (ci__ix_uses_any(e->atom[i], mask, nmask)) return 1;
        return 0;
    default: return ci__ix_uses_any(e->a, mask, nmask) || ci__ix_uses_any(e->b, mask, nmask);
    }
}

/* evaluation, with variable values indexed by variable number */
static int64_t ci__ix_eval(const ci__ix *e, const int64_t *vals) {
    int i;
    int64_t r, d;
    switch (e->kind) {
    case CI__IX_CONST: return e->c;
    case CI__IX_VAR: return vals[e->var];
    case CI__IX_SUM:
        r = e->c;
        for (i = 0; i < e->nterms; i++) r += e->coef[i] * ci__ix_eval(e->atom[i], vals);
        return r;
    case CI__IX_FDIV:
        d = ci__ix_eval(e->b, vals);
        return d ? ci__util_floordiv(ci__ix_eval(e->a, vals), d) : 0;
    case CI__IX_MOD:
        d = ci__ix_eval(e->b, vals);
        return d ? ci__util_pymod(ci__ix_eval(e->a, vals), d) : 0;
    case CI__IX_MUL: return ci__ix_eval(e->a, vals) * ci__ix_eval(e->b, vals);
    case CI__IX_MIN: {
        int64_t x = ci__ix_eval(e->a, vals), y = ci__ix_eval(e->b, vals);
        return x < y ? x : y;
    }
    case CI__IX_MAX: {
        int64_t x = ci__ix_eval(e->a, vals), y = ci__ix_eval(e->b, vals);
        return x > y ? x : y;
    }
    }
    return 0;
}

/* C printer. varname(var, user) names a variable. */
/* a constant, a variable or a short sum of them */
static int ci__ix_plain(const ci__ix *e) {
    int i;
    if (e->kind == CI__IX_CONST || e->kind == CI__IX_VAR) return 1;
    if (e->kind != CI__IX_SUM || e->nterms > 2) return 0;
    for (i = 0; i < e->nterms; i++) if (e->atom[i]->kind != CI__IX_VAR) return 0;
    return 1;
}

/* pre, e's first operand, mid, its second, post */
static void ci__ix_print2(ci__sb *sb, const ci__ix *e, const char *pre, const char *mid,
                          const char *post, ci__ix_varname_fn vn, void *user, const char *ll) {
    ci__sb_put(sb, pre);
    ci__ix_print_w(sb, e->a, vn, user, ll);
    ci__sb_put(sb, mid);
    ci__ix_print_w(sb, e->b, vn, user, ll);
    ci__sb_put(sb, post);
}

/* e as C, its constants suffixed ll: "LL" (int64 arithmetic), or "" where the caller knows
   every partial sum fits in an int (ci__ix_bound; >>cuemit's 32-bit kernels) */
static void ci__ix_print_w(ci__sb *sb, const ci__ix *e, ci__ix_varname_fn vn, void *user,
                           const char *ll) {
    int i;
    int fdiv = e->kind == CI__IX_FDIV, min = e->kind == CI__IX_MIN;
    switch (e->kind) {
    case CI__IX_CONST: /* (-9223372036854775808LL is the negation of a literal too large for long
                          long) */
        if (e->c == INT64_MIN) ci__sb_put(sb, "(-9223372036854775807LL - 1)");
        else ci__sb_printf(sb, "%lld%s", (long long)e->c, ll);
        break;
    case CI__IX_VAR: ci__sb_put(sb, vn(e->var, user)); break;
    case CI__IX_SUM:
        ci__sb_put(sb, "(");
        for (i = 0; i < e->nterms; i++) {
            int64_t k = e->coef[i];
            if (k == INT64_MIN)
                ci__sb_put(sb, i ? " + (-9223372036854775807LL - 1)*"
                                 : "(-9223372036854775807LL - 1)*");
            else {
                if (i > 0 || k < 0) ci__sb_put(sb, k < 0 ? (i ? " - " : "-") : " + ");
                if (k < 0) k = -k;
                if (k != 1) ci__sb_printf(sb, "%lld%s*", (long long)k, ll);
            }
            ci__ix_print_w(sb, e->atom[i], vn, user, ll);
        }
        if (e->c == INT64_MIN) ci__sb_put(sb, " + (-9223372036854775807LL - 1)");
        else if (e->c)
            ci__sb_printf(sb, " %s %lld%s", e->c < 0 ? "-" : "+",
                          (long long)(e->c < 0 ? -e->c : e->c), ll);
        ci__sb_put(sb, ")");
        break;
    case CI__IX_FDIV:
    case CI__IX_MOD:
        if (e->a->lo >= 0 && e->b->lo > 0)
            ci__ix_print2(sb, e, "(", fdiv ? " / " : " % ", ")", vn, user, ll);
        else
            ci__ix_print2(sb, e, fdiv ? "ci_floordiv_i64(" : "ci_mod_i64(", ", ", ")", vn, user,
                          ll);
        break;
    case CI__IX_MUL:
        ci__ix_print2(sb, e, "(", " * ", ")", vn, user, ll);
        break;
    case CI__IX_MIN:
    case CI__IX_MAX:
        /* written out: no call (operands are short) */
        if (ci__ix_plain(e->a) && ci__ix_plain(e->b)) {
            ci__ix_print2(sb, e, "(", min ? " < " : " > ", " ? ", vn, user, ll);
            ci__ix_print2(sb, e, "", " : ", ")", vn, user, ll);
        } else
            ci__ix_print2(sb, e, min ? "ci_min_i64(" : "ci_max_i64(", ", ", ")", vn, user, ll);
        break;
    }
}

static void ci__ix_print(ci__sb *sb, const ci__ix *e, ci__ix_varname_fn vn, void *user) {
    ci__ix_print_w(sb, e, vn, user, "LL");
}

/* a bound on |e| and on every partial sum its C text computes (INT64_MAX: none known, or an
   indirect index's variable, whose value is data) */
static int64_t ci__ix_bound(const ci__ix *e, const char *indirect) {
    int64_t b, t;
    int i;
    switch (e->kind) {
    case CI__IX_CONST: return e->c == INT64_MIN ? INT64_MAX : (e->c < 0 ? -e->c : e->c);
    case CI__IX_VAR:
        if (indirect[e->var] || e->lo == INT64_MIN) return INT64_MAX;
        return e->hi > -e->lo ? e->hi : -e->lo;
    case CI__IX_SUM:
        b = e->c == INT64_MIN ? INT64_MAX : (e->c < 0 ? -e->c : e->c);
        for (i = 0; i < e->nterms && b < INT64_MAX; i++) {
            int64_t k = e->coef[i] == INT64_MIN ? INT64_MAX
                        : e->coef[i] < 0        ? -e->coef[i]
                                                : e->coef[i];
            if (ci__util_mul_ovf(k, ci__ix_bound(e->atom[i], indirect), &t) ||
                ci__util_add_ovf(b, t, &b))
                return INT64_MAX;
        }
        return b;
    case CI__IX_MUL:
        if (ci__util_mul_ovf(ci__ix_bound(e->a, indirect), ci__ix_bound(e->b, indirect), &t))
            return INT64_MAX;
        return t;
    default:   /* floor division, modulo, min, max: within their operands' bounds */
        b = ci__ix_bound(e->a, indirect);
        t = ci__ix_bound(e->b, indirect);
        return b > t ? b : t;
    }
}

/* does e use variable var? */
static int ci__ix_has_var(const ci__ix *e, int var) {
    int i;
    switch (e->kind) {
    case CI__IX_CONST: return 0;
    case CI__IX_VAR: return e->var == var;
    case CI__IX_SUM:
        for (i = 0; i < e->nterms; i++) if (ci__ix_has_var(e->atom[i], var)) return 1;
        return 0;
    default: return ci__ix_has_var(e->a, var) || ci__ix_has_var(e->b, var);
    }
}

/* ---------------------------------------------------------------------------------------
   >>ir  the value-expression DAG, storages, boxes (TensorBox), buffers, kernels, realize
   A value node (ci__v) is one scalar operation of Inductor's ops handler, hash-consed so
   that equal subexpressions are one node (CSE for free). A Pointwise is a DAG written over
   its own index variables; "calling its loader" at other indices substitutes those indices
   into the DAG, which is how producers are inlined into consumers while lowering.
   A storage is either an unrealized Pointwise or a buffer (input, constant, computed). A box
   (TensorBox) is a storage seen through an optional view: index expressions mapping the box's
   own index variables to the storage's indices (or to a flat offset for as_strided). realize
   turns a Pointwise storage into a computed buffer and its kernel; every box sharing the
   storage then loads from memory. The realize heuristics use Inductor's numbers. Walks of a
   value DAG use an explicit stack in L (ci__ir_vw_*), never recursion: a fused kernel's DAG is as
   deep as the chain it inlines. A view's index is kept below CI__IX_MAX_TREE tree nodes.
   --------------------------------------------------------------------------------------- */
/* value ops: X(enum, name, arity, f32 libm name, f64 libm name) */
#define CI__IR_VOP_LIST(X) \
    X(CONST,    "constant",   0, 0, 0) \
    X(LOAD,     "load",       0, 0, 0) \
    X(INDEX,    "index_expr", 0, 0, 0) \
    X(CAST,     "to_dtype",   1, 0, 0) \
    X(ADD,      "add",        2, 0, 0) \
    X(SUB,      "sub",        2, 0, 0) \
    X(MUL,      "mul",        2, 0, 0) \
    X(DIV,      "truediv",    2, 0, 0) \
    X(FLOORDIV, "floordiv",   2, 0, 0) \
    X(TRUNCDIV, "truncdiv",   2, 0, 0) \
    X(REM,      "remainder",  2, 0, 0) \
    X(POW,      "pow",        2, "powf", "pow") \
    X(MAX,      "maximum",    2, 0, 0) \
    X(MIN,      "minimum",    2, 0, 0) \
    X(EQ,       "eq",         2, 0, 0) \
    X(NE,       "ne",         2, 0, 0) \
    X(LT,       "lt",         2, 0, 0) \
    X(LE,       "le",         2, 0, 0) \
    X(GT,       "gt",         2, 0, 0) \
    X(GE,       "ge",         2, 0, 0) \
    X(AND,      "logical_and", 2, 0, 0) \
    X(OR,       "logical_or", 2, 0, 0) \
    X(NOT,      "logical_not", 1, 0, 0) \
    X(NEG,      "neg",        1, 0, 0) \
    X(ABS,      "abs",        1, "fabsf", "fabs") \
    X(EXP,      "exp",        1, "expf", "exp") \
    X(LOG,      "log",        1, "logf", "log") \
    X(SQRT,     "sqrt",       1, "sqrtf", "sqrt") \
    X(RSQRT,    "rsqrt",      1, 0, 0) \
    X(SIN,      "sin",        1, "sinf", "sin") \
    X(COS,      "cos",        1, "cosf", "cos") \
    X(TANH,     "tanh",       1, "tanhf", "tanh") \
    X(SIGMOID,  "sigmoid",    1, 0, 0) \
    X(ERF,      "erf",        1, "erff", "erf") \
    X(FLOOR,    "floor",      1, "floorf", "floor") \
    X(CEIL,     "ceil",       1, "ceilf", "ceil") \
    X(TRUNC,    "trunc",      1, "truncf", "trunc") \
    X(RECIP,    "reciprocal", 1, 0, 0) \
    X(WHERE,    "where",      3, 0, 0) \
    X(EXP2,     "exp2",       1, "exp2f", "exp2") \
    X(EXPM1,    "expm1",      1, "expm1f", "expm1") \
    X(LOG1P,    "log1p",      1, "log1pf", "log1p") \
    X(LOG2,     "log2",       1, "log2f", "log2") \
    X(LOG10,    "log10",      1, "log10f", "log10") \
    X(TAN,      "tan",        1, "tanf", "tan") \
    X(SINH,     "sinh",       1, "sinhf", "sinh") \
    X(COSH,     "cosh",       1, "coshf", "cosh") \
    X(ASIN,     "asin",       1, "asinf", "asin") \
    X(ACOS,     "acos",       1, "acosf", "acos") \
    X(ATAN,     "atan",       1, "atanf", "atan") \
    X(ASINH,    "asinh",      1, "asinhf", "asinh") \
    X(ACOSH,    "acosh",      1, "acoshf", "acosh") \
    X(ATANH,    "atanh",      1, "atanhf", "atanh") \
    X(ERFC,     "erfc",       1, "erfcf", "erfc") \
    X(LGAMMA,   "lgamma",     1, "lgammaf", "lgamma") \
    X(ROUND,    "round",      1, "rintf", "rint") \
    X(ERFINV,   "erfinv",     1, "ci_erfinv_f", "ci_erfinv_d") \
    X(DIGAMMA,  "digamma",    1, "ci_digamma_f", "ci_digamma_d") \
    X(I0,       "i0",         1, "ci_i0_f", "ci_i0_d") \
    X(ATAN2,    "atan2",      2, "atan2f", "atan2") \
    X(HYPOT,    "hypot",      2, "hypotf", "hypot") \
    X(COPYSIGN, "copysign",   2, "copysignf", "copysign") \
    X(NEXTAFTER, "nextafter", 2, "nextafterf", "nextafter") \
    X(FMOD,     "fmod",       2, "fmodf", "fmod") \
    X(FMAX,     "fmax",       2, "fmaxf", "fmax") \
    X(FMIN,     "fmin",       2, "fminf", "fmin") \
    X(FMA,      "fma",        3, "fmaf", "fma") \
    X(SIGN,     "sign",       1, 0, 0) \
    X(SIGNBIT,  "signbit",    1, 0, 0) \
    X(ISNAN,    "isnan",      1, 0, 0) \
    X(ISINF,    "isinf",      1, 0, 0) \
    X(BAND,     "bitwise_and", 2, 0, 0) \
    X(BOR,      "bitwise_or", 2, 0, 0) \
    X(BXOR,     "bitwise_xor", 2, 0, 0) \
    X(BNOT,     "bitwise_not", 1, 0, 0) \
    X(SHL,      "bitwise_left_shift", 2, 0, 0) \
    X(SHR,      "bitwise_right_shift", 2, 0, 0) \
    X(CHECKIDX, "check_index", 1, 0, 0) \
    X(CHECKNZ,  "check_nonzero", 1, 0, 0) \
    X(RAND,     "rand",       2, "ci_rand_f", "ci_rand_d") \
    X(RANDN,    "randn",      2, "ci_randn_f", "ci_randn_d") \
    X(RANDINT,  "randint64",  4, 0, 0) \
    X(BITCAST,  "to_dtype_bitcast", 1, 0, 0) \
    X(ACC,      "reduction_result", 0, 0, 0)

enum {
#define CI__X(e, n, ar, f, d) CI__V_##e,
    CI__IR_VOP_LIST(CI__X)
#undef CI__X
    CI__V_COUNT
};
static const char *const ci__ir_vop_name[CI__V_COUNT] = {
#define CI__X(e, n, ar, f, d) n,
    CI__IR_VOP_LIST(CI__X)
#undef CI__X
};
static const int ci__ir_vop_arity[CI__V_COUNT] = {
#define CI__X(e, n, ar, f, d) ar,
    CI__IR_VOP_LIST(CI__X)
#undef CI__X
};

#define CI__IR_VARGS 8
struct ci__v {
    int op, n, id;
    ci_dtype dt;            /* the compute dtype of the result (f16/bf16 loads give f32) */
    int ivar; /* CHECKIDX: 1 + the indirect index variable bound to this value (0 = none yet) */
    /* CHECKIDX, CHECKNZ: 1 + its entry in L->checks, the node it checks for (0 = unknown) */
    int site;
    ci__ix *ix;             /* LOAD: flat element offset; INDEX: the expression */
    ci__buf *buf;           /* LOAD */
    /* CONST (floats); CHECKIDX: 1 when a negative index wraps once, 0 when it is out of bounds */
    double f;
    /* CONST (integers, bool); BITCAST: 16 * source dtype + target dtype (storage dtypes) */
    int64_t i;
    uint32_t hash;
    ci__v *next;
    const char *origin;     /* the op of the node that first made it (kernels are named by it) */
    ci__v *a[CI__IR_VARGS]; /* operands; for LOAD, the checked index values its indirect variables
                            stand for. Last: an interned value is allocated with its n of them
                            (CI__IR_V_BYTES) */
};
#define CI__IR_V_BYTES(n) (offsetof(ci__v, a) + sizeof(ci__v *) * (size_t)((n) > 0 ? (n) : 1))
typedef struct ci__ir_vtab { ci__v **slots; int cap, n; } ci__ir_vtab;

enum { CI__ST_PW = 1, CI__ST_BUF };
struct ci__storage {
    int kind;
    ci_dtype dt;
    int ndim;
    int64_t size[CI_MAX_DIMS];
    ci__ix *vars[CI_MAX_DIMS];   /* PW: the variables the body is written over */
    ci__v *body;                 /* PW */
    ci__buf *buf;                /* BUF */
    const char *vname, *vop;     /* PW: the graph value it is (see ci__buf) */
    int vout;
};

struct ci__box {
    int id;
    ci_dtype dt;
    int ndim;
    int64_t size[CI_MAX_DIMS];
    ci__storage *st;
    int view; /* 0 identity; 1 map[] gives storage indices; 2 map[0] is a flat offset */
    ci__ix **vars;               /* view: the box's own index variables (ndim of them) */
    ci__ix **map; /* view: st->ndim expressions (1 for view 2); both NULL without a view */
    int weak;                    /* a Python number: 1 bool, 2 int, 3 float */
    double wf;
    int64_t wi;
    int copied; /* a view of a copy (its index grew too large): st is not its base's storage */
    const char *vname, *vop;     /* the graph value it is, when a node's result (see ci__buf) */
    int vout;
};

enum { CI__BUF_INPUT = 1, CI__BUF_CONST, CI__BUF_COMPUTED, CI__BUF_SEED };
struct ci__buf {
    int id;
    char name[24];
    int kind;
    ci_dtype dt;
    int ndim;
    int64_t size[CI_MAX_DIMS], stride[CI_MAX_DIMS], offset, numel;
    int input_index, output_index;   /* -1 if none */
    const void *data;                /* CONST: graph-owned bytes */
    ci__kernel *producer;            /* the last kernel that writes it */
    size_t arena_off;                /* plan: offset in the program arena */
    int slot;                        /* index in the program's pointer table */
    int needed;
    int pinned; /* a scatter writes it again after its first kernel: always in memory */
    int def, last;                   /* plan: the first and last fused kernel that touch it */
    /* plan: written over that dead buffer / written over by that one */
    ci__buf *inplace_of, *inplace_by;
    /* data-dependent size (nonzero, masked_select): allocated at an upper bound, written by an
       extern kernel that reports the size it filled; only a graph output may use it */
    const char *dd_node;             /* the node that made it; NULL = an ordinary buffer */
    int run_done, run_ndim;          /* its shape after the last run (run_done = 0: no run yet) */
    int64_t *run_size;               /* (ndim of them, made with dd_node) */
    /* the graph value it holds, for the generated C: its node's user name (NULL: none, or
       made inside a decomposition), op, and result (-1: the node's only one) */
    const char *vname, *vop;
    int vout;
};

/* WELFORD gives M2, the sum of squared deviations from the mean, in one stable pass */
/* scans (SCAN kernels) use SUM, PROD, LOGSUMEXP, CUMMAX and CUMMIN, storing at every step */
/* XOR_SUM folds integers (and bools) with ^, from 0 */
enum {
    CI__RED_SUM = 1,
    CI__RED_PROD,
    CI__RED_MAX,
    CI__RED_MIN,
    CI__RED_ARGMAX,
    CI__RED_ARGMIN,
    CI__RED_ANY,
    CI__RED_ALL,
    CI__RED_WELFORD,
    CI__RED_LOGSUMEXP,
    CI__RED_CUMMAX,
    CI__RED_CUMMIN,
    CI__RED_XOR_SUM
};
static const char *const ci__ir_red_name[] = { "",       "sum",        "prod",      "max",
                                               "min",    "argmax",     "argmin",    "any",
                                               "all",    "welford_m2", "logsumexp", "cummax",
                                               "cummin", "xor_sum" };
/* SCATTER: read-modify-write of out at an index that may come from tensors; it runs on one
   thread, since several points may hit one element */
enum { CI__K_POINTWISE = 1, CI__K_REDUCTION, CI__K_EXTERN, CI__K_SCATTER, CI__K_SCAN };
enum { CI__SC_STORE = 1, CI__SC_ADD, CI__SC_MUL, CI__SC_MAX, CI__SC_MIN };
struct ci__kernel {
    int id, kind;
    char name[64];
    ci__buf *out;
    int ndim;
    int64_t size[CI_MAX_DIMS];
    ci__ix *vars[CI_MAX_DIMS];
    ci__v *body;                     /* over vars (and rvars) */
    int rtype, nr;
    int64_t rsize[CI_MAX_DIMS];
    ci__ix *rvars[CI_MAX_DIMS];
    /* extern */
    const char *origin;              /* the op being lowered when it was made */
    const ci__opdef *ext;
    int nin, nout, nargs;
    ci__buf **ins, **outs;
    ci_extern_tensor *in_t; /* EXTERN: each input's dtype and shape as the op saw them (a dense
                               view reads its buffer under another shape) */
    ci_arg *args;
    int live;
    ci__ix *sidx;                    /* SCATTER: the flat index written */
    int smode;                       /* SCATTER: CI__SC_* */
    /* SCATTER: no two points write one element (a ConcatKernel slice): runs in parallel */
    int disjoint;
    int sdim, sout; /* SCAN: the scanned dim of out; CUMMAX/CUMMIN: 0 values, 1 indices */
    int rr; /* POINTWISE: 1 reads no reduction, even through other kernels; 0 unknown */
    /* sched: its place in a fused kernel (a group) */
    ci__group *grp;
    int inner;                       /* iterates the group's reduction variables */
    int phase;                       /* the group's loop that computes it */
    int store, emit;                 /* its buffer is written to memory; it is computed at all */
    int trial, cheap; /* placement scratch; cheap enough to recompute where it is used */
    ci__ix *st_ix;                   /* the flat index it writes, over the group's variables */
    ci__v *gbody; /* its body over the group's variables, in-group loads replaced */
    ci__v *acc;                      /* REDUCTION: the value standing for its result (CI__V_ACC) */
    void *ip;                        /* the interpreter's flattened body (ci__interp_prog) */
};

/* sched: a fused kernel. Pointwise and reduction kernels of one iteration space share the
   outer variables (split across threads) and, when it reduces, the reduction variables; the
   members run in phases, one loop over the reduction variables each, a phase after the
   reductions whose results it uses. Extern, scan and scatter kernels are groups of one. */
typedef struct ci__ir_tiling {
    int ndim, nr, red;
    int64_t size[CI_MAX_DIMS], rsize[CI_MAX_DIMS];
    ci__ix *vars[CI_MAX_DIMS], *rvars[CI_MAX_DIMS];
} ci__ir_tiling;
struct ci__group {
    int id, fused, nphase, live;
    int trial;                       /* sched: the trial its members are placed in (0 = none yet) */
    char name[64];
    const char *ops; /* the ops it computes, "aten.add.Tensor, aten.relu.default" (or NULL) */
    ci__ir_tiling t;
    ci__vec m;                       /* member kernels, in order */
    ci__vec reads;                   /* buffers its members read (for horizontal fusion) */
    int cu_tx, cu_ty; /* >>cuemit: a block's points and threads a point (0: a thread a point) */
    int cu_tile;      /* >>cuemit: runs in tiles of its last two dims */
};
/* sched: why two kernels that share a buffer are not one (for explain) */
typedef struct ci__ir_unfused { ci__kernel *from, *to; const char *why; } ci__ir_unfused;

/* registry entries */
typedef struct ci__ir_param { const char *name; int kwonly, has_def; ci_arg def; } ci__ir_param;
enum { CI__OPK_INTERNAL = 1, CI__OPK_USER, CI__OPK_EXTERN };
/* the codes of the op table's columns (CI__OPS in >>ops, whose legend explains them) */
enum { CI__OPS_USE__ = 0, CI__OPS_USE_P, CI__OPS_USE_V };
#define CI__IR_OPS_PR_N CI_PROMOTE_NONE
#define CI__IR_OPS_PR_D CI_PROMOTE_DEFAULT
#define CI__IR_OPS_PR_F CI_PROMOTE_INT_TO_FLOAT
#define CI__IR_OPS_HOW_LO "lowering"
#define CI__IR_OPS_HOW_DE "decomposition"
#define CI__IR_OPS_HOW_SC "scatter"
#define CI__IR_OPS_HOW_EX "extern"
#define CI__IR_OPS_DT_ALL "all"
#define CI__IR_OPS_DT_FLT "floating"
#define CI__IR_OPS_DT_I2F "all; integers and bool compute in f32"
#define CI__IR_OPS_DT_TB "all, taken as bool"
#define CI__IR_OPS_DT_IB "integer and bool"
#define CI__IR_OPS_DT_INT "integer"
#define CI__IR_OPS_DT_IDX "all; int64 (or int32) indices"
#define CI__IR_OPS_NOTE__ ""
#define CI__IR_OPS_NOTE_EMPTY "uninitialised in PyTorch; zeros here, contiguous"
#define CI__IR_OPS_NOTE_BN "inference mode only (training=False)"
#define CI__IR_OPS_NOTE_MASK \
    "a boolean mask only as the only index (x[mask]); its result only as a graph output"
#define CI__IR_OPS_NOTE_MFILL "boolean masks only as a masked fill"
#define CI__IR_OPS_NOTE_DD \
    "size depends on the data: only as a graph output (docs/data-dependent.md)"
#define CI__IR_OPS_NOTE_SORTER "sorter: the values the search reads are checked at run time " \
    "(out of range: an error; PyTorch 1.13 does not check)"
#define CI__IR_OPS_NOTE_REAL "realizes its input first"
#define CI__IR_OPS_NOTE_ASS "self taken as contiguous (eager keeps a permuted self's strides)"
#define CI__IR_OPS_NOTE_VDT "different element sizes: self read in its contiguous layout " \
    "(PyTorch needs stride(-1) = 1)"
typedef int (*ci__ir_lower_fn)(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs);
struct ci__opdef {
    const char *name, *schema;
    int nparams;
    ci__ir_param *params;
    int kind;
    ci__ir_lower_fn fn;
    int vop;                 /* table-driven lowerings: the value op */
    int extra;               /* table-driven lowerings: a per-op parameter */
    ci_lowering_fn ufn;
    ci_extern_desc ext;
    void *user;
    int broadcast, to_bool, nouts;
    int use;                 /* CI__OPS_USE_*: a pointwise op, a view, or neither (0) */
    ci_promotion promo;
    const char *how, *dtypes, *note;  /* for listings (ci_registry_entry) */
    int internal; /* an extern kernel of cinductor's own: run gets the program as `user` */
    int dd; /* an extern whose outputs' sizes depend on the data: infer gives upper bounds,
               run writes the sizes it filled into outs[].shape */
};

/* The program's run-time error record (B[err_slot] points at it): the first failing check's
   code (1 an index out of range, 2 an integer division by zero), its site (an entry of
   L->checks) and, for an index, its value. The emitted C declares the same struct, ci_rterr. */
#define CI__IR_RTERR_DECL typedef struct ci__rterr { int code, site; long long value; } ci__rterr;
CI__IR_RTERR_DECL
/* a run-time check site: the node and op a CHECKIDX / CHECKNZ was made for, the indexed size */
typedef struct ci__ir_check { const char *node, *op, *node_src; int64_t size; } ci__ir_check;

struct ci__L {
    ci_ctx *ctx;
    ci__arena *A;
    ci__arena *LA;      /* boxes and storages: A while building; compiling, an arena of their own,
                           freed once the outputs are scheduled (nothing after reads a box) */
    ci__arena *SA;      /* one pass's tables (substitution memos): LA compiling; building, the
                           graph's scratch, cleared before each node */
    ci__err *E;
    ci__ix_tab ixt;
    ci__ir_vtab vt;
    ci__vec boxes;      /* box id-1 -> box */
    ci__vec bufs;
    ci__vec kernels;
    int meta;           /* building: shapes and dtypes only, no kernels needed */
    int gpu;            /* compiling for the GPU, where recomputing even a transcendental
                           function beats a trip through memory (>>sched's cheap) */
    const char *node_name, *node_op;
    const ci_graph *graph;  /* compiling: the graph, and the index of the node being lowered */
    int node_ix;
    int user_failed;
    ci_result user_code;
    char user_msg[1024];
    int err_slot;       /* B[err_slot] points at the program's run-time error record (ci__rterr) */
    ci__vec checks; /* ci__ir_check: run-time check sites (CHECKIDX, CHECKNZ), in creation order */
    ci__buf *seed_buf;  /* random ops: the program's seed (a one-element i64 slot) */
    int64_t rng_off;    /* random ops: the counters the ops lowered so far have used */
    int *mark;          /* scratch marks for DAG walks */
    int mark_cap, epoch;
    ci__v **wstk;       /* the explicit stack DAG walks borrow (ci__ir_vw_open) */
    unsigned char *wpost;
    int wstk_cap, wstk_busy;
    ci__vec groups;     /* sched: fused kernels, in run order */
    ci__vec unfused;    /* sched: ci__ir_unfused records */
    int *unf_set, unf_cap;
    int *uoff, *users;  /* lower (compiling): the graph's users index (ci__ops_users_index) */
    char *uout;
    int trials;         /* sched: placement attempts so far */
    /* sched: the phase a value needs, for values placed in trial phase_trial[id] */
    int *phase_of, *phase_trial;
    int phase_cap;
    int maxphase, maxmembers;
};

#define CI__FAIL(L, code, ...) ci__fail((L)->E, (code), __VA_ARGS__)
#define CI__IR_MAX_NUMEL ((int64_t)1 << 48)

/* -- value nodes -- */
static uint32_t ci__ir_v_hash(const ci__v *v) {
    uint32_t h = ci__hash_mix(2166136261u, (uint64_t)v->op);
    int i;
    uint64_t fb;
    memcpy(&fb, &v->f, sizeof fb);
    h = ci__hash_mix(h, (uint64_t)v->dt);
    h = ci__hash_mix(h, fb);
    h = ci__hash_mix(h, (uint64_t)v->i);
    h = ci__hash_mix(h, (uint64_t)(v->ix ? v->ix->id : -1));
    h = ci__hash_mix(h, (uint64_t)(v->buf ? v->buf->id : -1));
    for (i = 0; i < v->n; i++) h = ci__hash_mix(h, (uint64_t)v->a[i]->id);
    return h;
}

static int ci__ir_v_same(const ci__v *x, const ci__v *y) {
    int i;
    if (x->op != y->op || x->dt != y->dt || x->n != y->n || x->ix != y->ix || x->buf != y->buf ||
        x->i != y->i)
        return 0;
    if (memcmp(&x->f, &y->f, sizeof x->f) != 0) return 0;
    for (i = 0; i < x->n; i++) if (x->a[i] != y->a[i]) return 0;
    return 1;
}

/* a new check value's site: the node being lowered (names copied: the program outlives the graph)
 */
static int ci__ir_v_check_site(ci__L *L, const ci__v *v) {
    ci__ir_check *c, *prev = L->checks.n ? (ci__ir_check *)L->checks.v[L->checks.n - 1] : NULL;
    if (L->meta || !L->node_name || !L->node_op || !strcmp(L->node_op, "output")) return 0;
    c = CI__NEW(L->A, ci__ir_check);
    if (prev && prev->node_src == L->node_name) { c->node = prev->node; c->op = prev->op; }
    else { c->node = ci__strdup(L->A, L->node_name); c->op = ci__strdup(L->A, L->node_op); }
    c->node_src = L->node_name;
    c->size = v->op == CI__V_CHECKIDX ? v->i : 0;
    ci__vec_push(L->A, &L->checks, c);
    return L->checks.n;
}

static ci__v *ci__ir_v_intern(ci__L *L, const ci__v *cand) {
    ci__ir_vtab *T = &L->vt;
    uint32_t h = ci__ir_v_hash(cand);
    ci__v *e;
    if (T->n * 2 >= T->cap) {
        int nc = T->cap ? T->cap * 2 : 1024, i;
        ci__v **ns = (ci__v **)ci__arena_grow(L->A, NULL, 0, sizeof(ci__v *) * (size_t)nc);
        for (i = 0; i < T->cap; i++) {
            ci__v *x = T->slots[i], *nx;
            for (; x; x = nx) {
                nx = x->next;
                x->next = ns[x->hash & (uint32_t)(nc - 1)];
                ns[x->hash & (uint32_t)(nc - 1)] = x;
            }
        }
        ci__arena_unblock(L->A, T->slots, sizeof(ci__v *) * (size_t)T->cap);
        T->slots = ns; T->cap = nc;
    }
    for (e = T->slots[h & (uint32_t)(T->cap - 1)]; e; e = e->next)
        if (e->hash == h && ci__ir_v_same(e, cand)) return e;
    e = (ci__v *)ci__arena_alloc(L->A, CI__IR_V_BYTES(cand->n));
    memcpy(e, cand, CI__IR_V_BYTES(cand->n));
    if ((e->op == CI__V_CHECKIDX || e->op == CI__V_CHECKNZ) && !e->site)
        e->site = ci__ir_v_check_site(L, e);
    if (!e->origin) e->origin = L->node_op;
    e->hash = h;
    e->id = T->n++;
    e->next = T->slots[h & (uint32_t)(T->cap - 1)];
    T->slots[h & (uint32_t)(T->cap - 1)] = e;
    return e;
}

static ci__v *ci__ir_v_constf(ci__L *L, ci_dtype dt, double x) {
    ci__v c;
    memset(&c, 0, sizeof c);
    c.op = CI__V_CONST; c.dt = ci__dtype_opmath(dt);
    if (ci__dtype_is_float(dt)) {
        c.f = (dt == CI_F64) ? x : (double)(float)x;
        /* one NaN bit pattern, so equal constants intern to one node */
        if (x != x) c.f = (double)NAN;
    } else if (dt == CI_BOOL) c.i = x != 0;
    else c.i = (x != x) ? 0 : (int64_t)x;
    return ci__ir_v_intern(L, &c);
}

static ci__v *ci__ir_v_consti(ci__L *L, ci_dtype dt, int64_t x) {
    ci__v c;
    if (ci__dtype_is_float(dt)) return ci__ir_v_constf(L, dt, (double)x);
    memset(&c, 0, sizeof c);
    c.op = CI__V_CONST;
    c.dt = dt;
    c.i = dt == CI_BOOL ? (x != 0) : x;
    return ci__ir_v_intern(L, &c);
}

/* an index expression as a value; like a load, it carries the values of the indirect variables
   it names, so that substitution can follow them */
static ci__v *ci__ir_v_index(ci__L *L, ci__ix *e, ci_dtype dt) {
    ci__v c;
    memset(&c, 0, sizeof c);
    c.op = CI__V_INDEX;
    c.dt = dt;
    c.ix = e;
    ci__ir_collect_indirect(L, e, c.a, &c.n);
    return ci__ir_v_intern(L, &c);
}

static ci__v *ci__ir_v_load(ci__L *L, ci__buf *b, ci__ix *flat) {
    ci__v c;
    memset(&c, 0, sizeof c);
    c.op = CI__V_LOAD;
    c.dt = ci__dtype_opmath(b->dt);
    c.buf = b;
    c.ix = flat;
    ci__ir_collect_indirect(L, flat, c.a, &c.n);
    return ci__ir_v_intern(L, &c);
}

static int ci__ir_vop_is_cmp(int op) { return op >= CI__V_EQ && op <= CI__V_GE; }
static ci__v *ci__ir_v_op(ci__L *L, int op, ci__v *a, ci__v *b, ci__v *c3) {
    ci__v c;
    /* constant conditions fold: true && x = x, false || x = x, where(true, x, y) = x, ... */
    if ((op == CI__V_AND || op == CI__V_OR) && a->dt == CI_BOOL && b->dt == CI_BOOL) {
        if (a->op == CI__V_CONST) return (op == CI__V_AND) == (a->i != 0) ? b : a;
        if (b->op == CI__V_CONST) return (op == CI__V_AND) == (b->i != 0) ? a : b;
        if (a == b) return a;
    }
    if (op == CI__V_WHERE && a->dt == CI_BOOL && a->op == CI__V_CONST && b->dt == c3->dt)
        return a->i ? b : c3;
    memset(&c, 0, sizeof c);
    c.op = op; c.n = ci__ir_vop_arity[op];
    c.a[0] = a;
    c.a[1] = b;
    c.a[2] = c3;
    if (ci__ir_vop_is_cmp(op) || op == CI__V_AND || op == CI__V_OR || op == CI__V_NOT ||
        op == CI__V_SIGNBIT || op == CI__V_ISNAN || op == CI__V_ISINF)
        c.dt = CI_BOOL;
    else if (op == CI__V_WHERE) c.dt = b->dt;
    else c.dt = a->dt;
    if (op == CI__V_WHERE) CI__ASSERT(b->dt == c3->dt);
    else if (c.n == 2 && !(op == CI__V_AND || op == CI__V_OR)) CI__ASSERT(a->dt == b->dt);
    return ci__ir_v_intern(L, &c);
}

/* a random value of dtype dt (f32/f64 for RAND and RANDN) from the seed and a counter (i64 values)
 */
static ci__v *ci__ir_v_random(ci__L *L, int op, ci_dtype dt, ci__v *seed, ci__v *ctr, ci__v *lo,
                              ci__v *hi) {
    ci__v c;
    memset(&c, 0, sizeof c);
    c.op = op; c.n = ci__ir_vop_arity[op];
    c.a[0] = seed;
    c.a[1] = ctr;
    c.a[2] = lo;
    c.a[3] = hi;
    c.dt = op == CI__V_RANDINT ? CI_I64 : dt;
    return ci__ir_v_intern(L, &c);
}

static ci__v *ci__ir_v_un(ci__L *L, int op, ci__v *a) { return ci__ir_v_op(L, op, a, NULL, NULL); }
static ci__v *ci__ir_v_bin(ci__L *L, int op, ci__v *a, ci__v *b) {
    return ci__ir_v_op(L, op, a, b, NULL);
}

static ci__v *ci__ir_v_cast(ci__L *L, ci__v *a, ci_dtype dt) {
    ci__v c;
    dt = ci__dtype_opmath(dt);
    if (a->dt == dt) return a;
    if (a->op == CI__V_CONST) {  /* fold */
        if (ci__dtype_is_float(a->dt)) {
            if (ci__dtype_is_float(dt)) return ci__ir_v_constf(L, dt, a->f);
            if (dt == CI_BOOL) return ci__ir_v_consti(L, dt, a->f != 0);
        } else {
            return ci__ir_v_consti(L, dt, a->i);
        }
    }
    memset(&c, 0, sizeof c);
    c.op = CI__V_CAST;
    c.n = 1;
    c.a[0] = a;
    c.dt = dt;
    return ci__ir_v_intern(L, &c);
}

/* the value whose stored bits are those of A (stored as SRC) read as DT; same element sizes.
   f16/bf16 are computed in f32: their bits are the f32 value converted back, which is exact
   (NaN payloads included), and a half read from bits is its value as f32 */
static ci__v *ci__ir_v_bitcast(ci__L *L, ci__v *a, ci_dtype src, ci_dtype dt) {
    ci__v c;
    CI__ASSERT(ci__dtype_tab[src].size == ci__dtype_tab[dt].size && ci__dtype_opmath(src) == a->dt);
    if (src == dt) return a;
    memset(&c, 0, sizeof c);
    c.op = CI__V_BITCAST;
    c.n = 1;
    c.a[0] = a;
    c.dt = ci__dtype_opmath(dt);
    c.i = 16 * (int64_t)src + dt;
    return ci__ir_v_intern(L, &c);
}

/* Indirect indexing: an index read from a tensor. CHECKIDX wraps a negative index once where
   the op does in PyTorch (wrap = 1: index.Tensor, index_put; gather, index_select, embedding and
   the scatters raise instead) and flags (and clamps to 0) one outside [0, size), so a bad index
   is a run-time error, never a wild read; the checked value gets one index variable with range [0,
   size), which loads use like any other variable. The value is an argument of every load using it.
 */
static ci__v *ci__ir_v_checkidx(ci__L *L, ci__v *idx, int64_t size, int wrap) {
    ci__v c;
    memset(&c, 0, sizeof c);
    c.op = CI__V_CHECKIDX;
    c.n = 1;
    c.a[0] = ci__ir_v_cast(L, idx, CI_I64);
    c.dt = CI_I64;
    c.i = size;
    c.f = wrap ? 1 : 0;
    return ci__ir_v_intern(L, &c);
}

/* An integer divisor: CHECKNZ passes it through and flags a zero (PyTorch's ZeroDivisionError),
   so integer division by zero is a run-time error, as in eager mode. Non-zero constants need
   no check. */
static ci__v *ci__ir_v_checknz(ci__L *L, ci__v *y) {
    if (ci__dtype_is_float(y->dt) || y->dt == CI_BOOL || (y->op == CI__V_CONST && y->i != 0))
        return y;
    return ci__ir_v_un(L, CI__V_CHECKNZ, y);
}

static ci__ix *ci__ir_ix_indirect(ci__L *L, ci__v *checked) {
    ci__ix *var;
    CI__ASSERT(checked->op == CI__V_CHECKIDX);
    if (checked->ivar) return L->ixt.var_node[checked->ivar - 1];
    var = ci__ix_newvar(L->A, &L->ixt, checked->i, 0);
    L->ixt.var_val[var->var] = checked;
    checked->ivar = var->var + 1;
    return var;
}

/* val read through index m (n dims; a 0-d tensor is read with one) of a tensor, or, with
   size, stored through m into a contiguous buffer of that size. Where an indirect index
   vanished from the flat offset (a dim of size 1, a broadcast dim, 0-d) no load carries its
   check, so val is made to depend on it (a where whose branches agree): a bad index stays an
   error. */
static ci__v *ci__ir_v_keepchecks(ci__L *L, ci__v *val, int n, ci__ix *const *m,
                                  const int64_t *size) {
    ci__v *out = val;
    int i, j, found;
    for (i = 0; i < n; i++) {
        ci__v *c = m[i]->kind == CI__IX_VAR && m[i]->var < L->ixt.nvars ? L->ixt.var_val[m[i]->var]
                                                                        : NULL;
        if (!c || c->op != CI__V_CHECKIDX) continue;
        found = 0;
        if (size) found = size[i] > 1;
        else if (val->op == CI__V_LOAD) for (j = 0; j < val->n; j++) if (val->a[j] == c) found = 1;
        if (!found)
            out = ci__ir_v_op(L, CI__V_WHERE,
                              ci__ir_v_bin(L, CI__V_GE, c, ci__ir_v_consti(L, CI_I64, 0)), out,
                              out);
    }
    return out;
}

/* a load whose flat index may use indirect variables: their values become the load's args */
static void ci__ir_collect_indirect(ci__L *L, const ci__ix *e, ci__v **vals, int *n) {
    int i;
    switch (e->kind) {
    case CI__IX_CONST: return;
    case CI__IX_VAR:
        if (e->var < L->ixt.nvars && L->ixt.var_val[e->var]) {
            ci__v *v = L->ixt.var_val[e->var];
            for (i = 0; i < *n; i++) if (vals[i] == v) return;
            if (*n >= CI__IR_VARGS)
                CI__FAIL(L, CI_ERR_UNSUPPORTED, "a load indexed by more than %d index tensors",
                         CI__IR_VARGS);
            vals[(*n)++] = v;
        }
        return;
    case CI__IX_SUM:
        for (i = 0; i < e->nterms; i++) ci__ir_collect_indirect(L, e->atom[i], vals, n);
        return;
    default:
        ci__ir_collect_indirect(L, e->a, vals, n);
        ci__ir_collect_indirect(L, e->b, vals, n);
    }
}

/* substitution of index variables inside a value DAG (memoised per call) */
typedef struct ci__ir_vmemo { ci__v **from, **to; int cap, n; } ci__ir_vmemo;
static ci__v *ci__ir_vmemo_get(const ci__ir_vmemo *m, const ci__v *v) {
    int k;
    for (k = (int)(((uint32_t)v->id * 2654435761u) & (uint32_t)(m->cap - 1)); m->from[k];
         k = (k + 1) & (m->cap - 1))
        if (m->from[k] == v) return m->to[k];
    return NULL;
}

static void ci__ir_vmemo_put(ci__L *L, ci__ir_vmemo *m, ci__v *v, ci__v *r) {
    int k;
    if ((m->n + 1) * 4 >= m->cap * 3) {
        ci__ir_vmemo nm;
        nm.cap = m->cap * 2; nm.n = 0;
        nm.from = CI__NEWN(L->SA, ci__v *, nm.cap);
        nm.to = CI__NEWN(L->SA, ci__v *, nm.cap);
        for (k = 0; k < m->cap; k++) if (m->from[k]) ci__ir_vmemo_put(L, &nm, m->from[k], m->to[k]);
        *m = nm;
    }
    for (k = (int)(((uint32_t)v->id * 2654435761u) & (uint32_t)(m->cap - 1)); m->from[k];
         k = (k + 1) & (m->cap - 1)) {
    }
    m->from[k] = v;
    m->to[k] = r;
    m->n++;
}

static void ci__ir_vmemo_init(ci__L *L, ci__ir_vmemo *m) {
    m->cap = 16; m->n = 0;   /* (small: most substitutions are of a few nodes; it grows) */
    m->from = CI__NEWN(L->SA, ci__v *, m->cap);   /* scratch (L->SA): a memo lives in one pass */
    m->to = CI__NEWN(L->SA, ci__v *, m->cap);
}

/* Walks of value DAGs use an explicit stack, never recursion: a fused kernel's DAG is as deep
   as the chain of ops it inlines, and compiling must work on a small thread stack. The stack
   lives in L and is borrowed by one walk at a time (a nested walk gets its own). An entry with
   post = 1 stands for "its operands are done". */
struct ci__ir_vwalk {
    ci__L *L;
    ci__v **v;
    unsigned char *post;
    int n, cap, borrowed;
};
static void ci__ir_vw_open(ci__L *L, ci__ir_vwalk *w) {
    w->L = L; w->n = 0;
    w->borrowed = !L->wstk_busy;
    if (w->borrowed) {
        L->wstk_busy = 1;
        w->v = L->wstk;
        w->post = L->wpost;
        w->cap = L->wstk_cap;
    } else {
        w->v = NULL;
        w->post = NULL;
        w->cap = 0;
    }
}

static void ci__ir_vw_close(ci__ir_vwalk *w) { if (w->borrowed) w->L->wstk_busy = 0; }
static void ci__ir_vw_push(ci__ir_vwalk *w, ci__v *v, int post) {
    if (w->n == w->cap) {   /* (the old stack goes back to the arena once it is a block) */
        size_t oc = (size_t)w->cap, nc = w->cap ? oc * 2 : 256;
        w->v = (ci__v **)ci__arena_grow(w->L->A, w->v, sizeof(ci__v *) * oc, sizeof(ci__v *) * nc);
        w->post = (unsigned char *)ci__arena_grow(w->L->A, w->post, oc, nc);
        w->cap = (int)nc;
        if (w->borrowed) {
            w->L->wstk = w->v;
            w->L->wpost = w->post;
            w->L->wstk_cap = w->cap;
        }
    }
    w->v[w->n] = v; w->post[w->n++] = (unsigned char)post;
}

/* the next node of a pre-order walk (each node once, as marks[id] == epoch records; the
   operands of a node come after it, in order); NULL at the end */
static ci__v *ci__ir_vw_next(ci__ir_vwalk *w, int *marks, int epoch) {
    while (w->n) {
        ci__v *v = w->v[--w->n];
        int i;
        if (marks[v->id] == epoch) continue;
        marks[v->id] = epoch;
        for (i = v->n - 1; i >= 0; i--) ci__ir_vw_push(w, v->a[i], 0);
        return v;
    }
    return NULL;
}

/* the next node of a post-order walk (operands first, each node once); NULL at the end */
static ci__v *ci__ir_vw_next_post(ci__ir_vwalk *w, int *marks, int epoch) {
    while (w->n) {
        ci__v *v = w->v[--w->n];
        int i;
        if (w->post[w->n]) return v;
        if (marks[v->id] == epoch) continue;
        marks[v->id] = epoch;
        ci__ir_vw_push(w, v, 1);
        for (i = v->n - 1; i >= 0; i--)
            if (marks[v->a[i]->id] != epoch) ci__ir_vw_push(w, v->a[i], 0);
    }
    return NULL;
}

/* the next node of a memoised post-order rebuild: a node not in m whose operands all are */
static ci__v *ci__ir_vw_next_memo(ci__ir_vwalk *w, const ci__ir_vmemo *m) {
    while (w->n) {
        ci__v *v = w->v[--w->n];
        int i;
        if (ci__ir_vmemo_get(m, v)) continue;
        if (w->post[w->n]) return v;
        ci__ir_vw_push(w, v, 1);
        for (i = v->n - 1; i >= 0; i--)
            if (!ci__ir_vmemo_get(m, v->a[i])) ci__ir_vw_push(w, v->a[i], 0);
    }
    return NULL;
}

/* v over the values m gives its operands, its index substituted by s (v itself when neither
   changes); an indirect variable follows its value, and s gains that substitution */
static ci__v *ci__ir_rebuild(ci__L *L, ci__v *v, ci__ix_smap *s, const ci__ir_vmemo *m) {
    ci__v c;
    int i, changed = 0, ind = v->op == CI__V_LOAD || v->op == CI__V_INDEX;
    memset(&c, 0, sizeof c);
    memcpy(&c, v, CI__IR_V_BYTES(v->n));
    c.next = NULL;
    c.ivar = 0;
    c.id = 0;
    for (i = 0; i < v->n; i++) {
        c.a[i] = ci__ir_vmemo_get(m, v->a[i]);
        changed |= c.a[i] != v->a[i];
        if (ind && v->a[i]->ivar && c.a[i] != v->a[i])
            ci__ix_smap_set(s, v->a[i]->ivar - 1, ci__ir_ix_indirect(L, c.a[i]));
    }
    if (v->ix && s->n) {
        c.ix = ci__ix_subst(L->A, &L->ixt, v->ix, s);
        changed |= c.ix != v->ix;
    }
    /* the new index may use indirect variables the old one did not (a gather from a pointwise
       producer substitutes the gather's computed index into the producer's loads) */
    if (ind && changed) {
        c.n = 0;
        ci__ir_collect_indirect(L, c.ix, c.a, &c.n);
    }
    return changed ? ci__ir_v_intern(L, &c) : v;
}

static ci__v *ci__ir_v_subst_one(ci__L *L, ci__v *v, ci__ix_smap *s, ci__ir_vmemo *m) {
    ci__v *r = ci__ir_rebuild(L, v, s, m);
    ci__ir_vmemo_put(L, m, v, r);
    return r;
}

static ci__v *ci__ir_v_subst(ci__L *L, ci__v *v, ci__ix_smap *s) {
    ci__ir_vmemo m;
    ci__ir_vwalk w;
    ci__v *x;
    ci__ir_vmemo_init(L, &m);
    ci__ir_vw_open(L, &w);
    ci__ir_vw_push(&w, v, 0);
    while ((x = ci__ir_vw_next_memo(&w, &m)) != NULL) ci__ir_v_subst_one(L, x, s, &m);
    ci__ir_vw_close(&w);
    return ci__ir_vmemo_get(&m, v);
}

/* build a substitution var(from[i]) -> to[i] */
static void ci__ir_ixsub_make(ci__L *L, ci__ix_smap *s, int n, ci__ix *const *from,
                              ci__ix *const *to) {
    int i;
    memset(s, 0, sizeof *s);
    s->A = L->SA;   /* scratch: a substitution lives in one pass */
    for (i = 0; i < n; i++)
        if (from[i]->kind == CI__IX_VAR) ci__ix_smap_set(s, from[i]->var, to[i]);
}

/* -- DAG walks: reads, op counts, heavy ops -- */
static int *ci__ir_marks(ci__L *L) {
    if (L->mark_cap < L->vt.n) {
        int nc = L->vt.n * 2 + 64;
        /* (zeroed anew: the epochs restart) */
        ci__arena_unblock(L->A, L->mark, sizeof(int) * (size_t)L->mark_cap);
        L->mark = (int *)ci__arena_grow(L->A, NULL, 0, sizeof(int) * (size_t)nc);
        L->mark_cap = nc;
        L->epoch = 0;
    }
    L->epoch++;
    return L->mark;
}

typedef struct ci__ir_vstats { int reads, ops, heavy, maxix; } ci__ir_vstats;
/* reads, ops and heavy ops of the DAG at v; the walk stops once ops > max_ops or reads >
   max_reads (then the counts are only known to exceed a limit) */
static ci__ir_vstats ci__ir_v_stats_upto(ci__L *L, ci__v *v, int max_ops, int max_reads) {
    ci__ir_vstats st;
    ci__ir_vwalk w;
    int *marks = ci__ir_marks(L), epoch = L->epoch;
    st.reads = st.ops = st.heavy = st.maxix = 0;
    ci__ir_vw_open(L, &w);
    ci__ir_vw_push(&w, v, 0);
    while ((v = ci__ir_vw_next(&w, marks, epoch)) != NULL) {
        if (v->ix && v->ix->tsize > st.maxix) st.maxix = v->ix->tsize;
        if (v->op == CI__V_LOAD) st.reads++;
        else if (v->op != CI__V_CONST && v->op != CI__V_INDEX) st.ops++;
        if (v->op == CI__V_EXP || v->op == CI__V_SIGMOID) st.heavy = 1;
        if (st.ops > max_ops || st.reads > max_reads) break;
    }
    ci__ir_vw_close(&w);
    return st;
}

static ci__ir_vstats ci__ir_v_stats(ci__L *L, ci__v *v) {
    return ci__ir_v_stats_upto(L, v, INT_MAX, INT_MAX);
}

/* -- boxes -- */
/* Sizes within cinductor's limit: none negative, at most 2^48 elements, and (for an empty
   tensor) the product of its non-zero sizes too, so that strides, flat offsets and every product
   of sizes fit in int64 without a check. Lowerings call it (through ci__ir_pw_vars and
   ci__ir_box_new) before any arithmetic on a shape that came from a user. */
static int ci__ir_size_ok(int ndim, const int64_t *size, int64_t *numel) {
    int64_t n = 1, nz = 1;
    int i;
    for (i = 0; i < ndim; i++) {
        if (size[i] < 0) return 0;
        n = ci__ix_sat_mul(n, size[i]);
        nz = ci__ix_sat_mul(nz, size[i] ? size[i] : 1);
    }
    if (numel) *numel = n;
    return nz <= CI__IR_MAX_NUMEL;
}

/* a shape as text ("[2, 3]") for an error message, in the compile's arena */
static const char *ci__ir_shape(ci__L *L, int ndim, const int64_t *size) {
    char *sh = (char *)ci__arena_alloc(L->A, CI_MAX_DIMS * 24);
    ci__util_fmt_shape(sh, CI_MAX_DIMS * 24, ndim, size);
    return sh;
}

static void ci__ir_check_size(ci__L *L, int ndim, const int64_t *size) {
    int64_t n;
    int i;
    if (ndim > CI_MAX_DIMS)
        CI__FAIL(L, CI_ERR_UNSUPPORTED, "%d dims: at most %d are supported", ndim, CI_MAX_DIMS);
    if (ci__ir_size_ok(ndim, size, &n)) return;
    for (i = 0; i < ndim; i++)
        if (size[i] < 0) CI__FAIL(L, CI_ERR_SHAPE, "negative size %lld", (long long)size[i]);
    if (n)
        CI__FAIL(L, CI_ERR_UNSUPPORTED,
                 "a tensor of %s%lld elements is larger than cinductor supports (2^48)",
                 n >= CI__IX_INF ? "more than " : "", (long long)n);
    CI__FAIL(L, CI_ERR_UNSUPPORTED, "shape %s: an empty tensor whose other sizes multiply past "
             "2^48 is larger than cinductor supports", ci__ir_shape(L, ndim, size));
}

static ci__box *ci__ir_box_new(ci__L *L, ci_dtype dt, int ndim, const int64_t *size) {
    ci__box *b = CI__NEW(L->LA, ci__box);
    int i;
    ci__ir_check_size(L, ndim, size);
    b->dt = dt; b->ndim = ndim;
    for (i = 0; i < ndim; i++) b->size[i] = size[i];
    ci__vec_push(L->LA, &L->boxes, b);
    b->id = L->boxes.n;
    return b;
}

/* the one decode of a lowering-time handle (a box id): NULL unless 1 <= id <= boxes.n,
   compared as unsigned (a handle is user input: ci_lower_*, a user lowering's results) */
static ci__box *ci__ir_box_find(const ci__L *L, ci_tensor t) {
    return (L && t.id != 0 && t.id <= (uint32_t)L->boxes.n) ? (ci__box *)L->boxes.v[t.id - 1]
                                                            : NULL;
}

static ci__box *ci__ir_box_get(ci__L *L, ci_tensor t) {
    ci__box *b = ci__ir_box_find(L, t);
    if (!b) CI__FAIL(L, CI_ERR_INVALID_ARGS, "invalid tensor handle %u", (unsigned)t.id);
    return b;
}

static ci_tensor ci__ir_tensor_of(const ci__box *b) {
    ci_tensor t;
    t.id = (uint32_t)b->id;
    return t;
}

/* of a shape already checked (ci__ir_check_size, ci__public_check_shape); one that overflows gives
   INT64_MAX, which every size limit refuses */
static int64_t ci__ir_numel(int ndim, const int64_t *s) {
    int64_t n;
    return ci__util_numel_ovf(ndim, s, &n) ? INT64_MAX : n;
}

static void ci__ir_pw_vars(ci__L *L, int ndim, const int64_t *size, ci__ix **vars) {
    int i;
    /* before the lowering's arithmetic on the shape */
    if (ndim > CI_MAX_DIMS || !ci__ir_size_ok(ndim, size, NULL)) {
        /* (a copy: gcc cannot tell that the caller's array is set up to ndim) */
        int64_t cp[CI_MAX_DIMS] = {0};
        for (i = 0; i < ndim && i < CI_MAX_DIMS; i++) cp[i] = size[i];
        ci__ir_check_size(L, ndim, cp);
    }
    for (i = 0; i < ndim; i++) vars[i] = ci__ix_newvar(L->A, &L->ixt, size[i], 0);
}

/* the variables of x's unrealized Pointwise when x is that Pointwise unviewed and of this
   shape, else fresh ones: a pointwise op over x then reads x's body as it is, where fresh
   variables would copy the body (and a chain of n ops would copy n bodies of up to
   CI__IR_LARGE_INNER_FN ops). A body uses only its storage's variables, so two storages may
   share them. */
static void ci__ir_pw_vars_like(ci__L *L, const ci__box *x, int ndim, const int64_t *size,
                                ci__ix **vars) {
    int i;
    if (x && !x->weak && !x->view && x->st->kind == CI__ST_PW && x->ndim == ndim &&
        (!ndim || !memcmp(x->size, size, sizeof(int64_t) * (size_t)ndim))) {
        for (i = 0; i < ndim; i++) vars[i] = x->st->vars[i];
        return;
    }
    ci__ir_pw_vars(L, ndim, size, vars);
}

/* a new unrealized Pointwise: body written over vars */
static ci__box *ci__ir_pw_box(ci__L *L, ci_dtype dt, int ndim, const int64_t *size,
                              ci__ix *const *vars, ci__v *body) {
    ci__box *b = ci__ir_box_new(L, dt, ndim, size);
    ci__storage *st = CI__NEW(L->LA, ci__storage);
    int i;
    st->kind = CI__ST_PW;
    st->dt = dt;
    st->ndim = ndim;
    for (i = 0; i < ndim; i++) { st->size[i] = size[i]; st->vars[i] = vars[i]; }
    st->body = ci__ir_v_cast(L, body, dt);
    b->st = st;
    return b;
}

static ci__buf *ci__ir_buf_new(ci__L *L, int kind, ci_dtype dt, int ndim, const int64_t *size) {
    ci__buf *b = CI__NEW(L->A, ci__buf);
    int i;
    int64_t s = 1;
    ci__ir_check_size(L, ndim, size);
    b->kind = kind;
    b->dt = dt;
    b->ndim = ndim;
    for (i = ndim - 1; i >= 0; i--) {
        b->size[i] = size[i];
        b->stride[i] = s;
        s *= size[i];
    }
    b->numel = s;
    b->input_index = b->output_index = -1;
    ci__vec_push(L->A, &L->bufs, b);
    b->id = L->bufs.n - 1;
    snprintf(b->name, sizeof b->name, "buf%d", b->id);
    return b;
}

static ci__box *ci__ir_buf_box(ci__L *L, ci__buf *buf) {
    ci__box *b = ci__ir_box_new(L, buf->dt, buf->ndim, buf->size);
    ci__storage *st = CI__NEW(L->LA, ci__storage);
    int i;
    st->kind = CI__ST_BUF;
    st->dt = buf->dt;
    st->ndim = buf->ndim;
    st->buf = buf;
    for (i = 0; i < buf->ndim; i++) st->size[i] = buf->size[i];
    b->st = st;
    return b;
}

static ci__ix *ci__ir_buf_index(ci__L *L, const ci__buf *buf, ci__ix *const *idx) {
    ci__ix *e = ci__ix_const(L->A, &L->ixt, buf->offset);
    int i;
    for (i = 0; i < buf->ndim; i++)
        if (buf->size[i] != 1)
            e = ci__ix_add(L->A, &L->ixt, e, ci__ix_scale(L->A, &L->ixt, idx[i], buf->stride[i]));
    return e;
}

static ci__v *ci__ir_load_storage(ci__L *L, ci__storage *st, ci__ix *const *idx) {
    if (st->kind == CI__ST_BUF) return ci__ir_v_load(L, st->buf, ci__ir_buf_index(L, st->buf, idx));
    {
        ci__ix_smap s;
        int i, same = 1;
        for (i = 0; i < st->ndim; i++) if (idx[i] != st->vars[i]) same = 0;
        if (same) return st->body;
        ci__ir_ixsub_make(L, &s, st->ndim, st->vars, idx);
        return ci__ir_v_subst(L, st->body, &s);
    }
}

/* the loader: the value of box b at index idx (b->ndim expressions) */
static ci__v *ci__ir_load(ci__L *L, ci__box *b, ci__ix *const *idx) {
    ci__ix *sidx[CI_MAX_DIMS];
    ci__ix_smap s;
    int i;
    if (b->weak)
        return b->weak == 3 ? ci__ir_v_constf(L, b->dt, b->wf) : ci__ir_v_consti(L, b->dt, b->wi);
    if (!b->view) return ci__ir_load_storage(L, b->st, idx);
    ci__ir_ixsub_make(L, &s, b->ndim, b->vars, idx);
    if (b->view == 2) {
        CI__ASSERT(b->st->kind == CI__ST_BUF);
        return ci__ir_v_load(L, b->st->buf, ci__ix_subst(L->A, &L->ixt, b->map[0], &s));
    }
    for (i = 0; i < b->st->ndim; i++) sidx[i] = ci__ix_subst(L->A, &L->ixt, b->map[i], &s);
    return ci__ir_load_storage(L, b->st, sidx);
}

/* a view of x: vars index the new box, xmap gives x's index (x->ndim expressions) */
static ci__box *ci__ir_view_box(ci__L *L, ci__box *x, int ndim, const int64_t *size,
                                ci__ix *const *vars, ci__ix *const *xmap) {
    ci__box *b = ci__ir_box_new(L, x->dt, ndim, size);
    int i;
    b->st = x->st;
    b->copied = x->copied;
    b->vars = CI__NEWN(L->LA, ci__ix *, ndim);
    b->map = CI__NEWN(L->LA, ci__ix *, x->st ? x->st->ndim : 1);
    for (i = 0; i < ndim; i++) b->vars[i] = vars[i];
    if (!x->view) {
        b->view = 1;
        for (i = 0; i < x->ndim; i++) b->map[i] = xmap[i];
    } else {
        ci__ix_smap s;
        int nm = x->view == 2 ? 1 : x->st->ndim, big = 0;
        ci__ir_ixsub_make(L, &s, x->ndim, x->vars, xmap);
        b->view = x->view;
        for (i = 0; i < nm; i++) {
            b->map[i] = ci__ix_subst(L->A, &L->ixt, x->map[i], &s);
            big |= b->map[i]->tsize > CI__IX_MAX_TREE;
        }
        if (big) {   /* the view of a dense copy of x instead (see CI__IX_MAX_TREE) */
            ci__ix *cv[CI_MAX_DIMS];
            ci__box *c;
            ci__ir_pw_vars(L, x->ndim, x->size, cv);
            c = ci__ir_pw_box(L, x->dt, x->ndim, x->size, cv, ci__ir_load(L, x, cv));
            ci__ir_realize(L, c);
            c->copied = 1;
            return ci__ir_view_box(L, c, ndim, size, vars, xmap);
        }
    }
    /* an identity view collapses */
    if (b->view == 1 && ndim == b->st->ndim) {
        int ident = 1;
        for (i = 0; i < ndim; i++)
            if (b->map[i] != b->vars[i] || b->size[i] != b->st->size[i]) ident = 0;
        if (ident) b->view = 0;
    }
    return b;
}

/* -- realize -- */
static ci__kernel *ci__ir_kernel_new(ci__L *L, int kind, ci__buf *out) {
    ci__kernel *k = CI__NEW(L->A, ci__kernel);
    k->kind = kind; k->out = out;
    ci__vec_push(L->A, &L->kernels, k);
    k->id = L->kernels.n - 1;
    k->origin = L->node_op;
    if (out) out->producer = k;
    return k;
}

static void ci__ir_realize_storage(ci__L *L, ci__storage *st) {
    ci__buf *buf;
    ci__kernel *k;
    int i;
    if (st->kind != CI__ST_PW) return;
    buf = ci__ir_buf_new(L, CI__BUF_COMPUTED, st->dt, st->ndim, st->size);
    k = ci__ir_kernel_new(L, CI__K_POINTWISE, buf);
    k->ndim = st->ndim;
    for (i = 0; i < st->ndim; i++) { k->size[i] = st->size[i]; k->vars[i] = st->vars[i]; }
    k->body = st->body;
    buf->vname = st->vname;
    buf->vop = st->vop;
    buf->vout = st->vout;
    st->kind = CI__ST_BUF;
    st->buf = buf;
    st->body = NULL;
}

static void ci__ir_realize(ci__L *L, ci__box *b) { if (!b->weak) ci__ir_realize_storage(L, b->st); }

/* Inductor's thresholds (config.py): realize_reads_threshold, realize_acc_reads_threshold,
   realize_opcount_threshold; has_large_inner_fn at 100 after each node */
#define CI__IR_REALIZE_READS 4
#define CI__IR_REALIZE_ACC_READS 8
#define CI__IR_REALIZE_OPCOUNT 30
#define CI__IR_LARGE_INNER_FN 100
#define CI__IR_UNROLL_REDUCTIONS 8
static void ci__ir_mark_reuse(ci__L *L, ci__box *b, int64_t users) {
    ci__ir_vstats s;
    if (b->weak || b->st->kind != CI__ST_PW || users <= 1) return;
    s = ci__ir_v_stats(L, b->st->body);
    if (s.heavy || s.reads > CI__IR_REALIZE_READS || s.ops > CI__IR_REALIZE_OPCOUNT)
        ci__ir_realize(L, b);
}

/* realize_hint: realize when the value reads memory more than once */
static void ci__ir_realize_hint(ci__L *L, ci__box *b) {
    if (b->weak || b->st->kind != CI__ST_PW) return;
    if (ci__ir_v_stats(L, b->st->body).reads > 1) ci__ir_realize(L, b);
}

static void ci__ir_after_node(ci__L *L, ci__box *b, int users) {
    ci__ir_vstats s;
    if (b->weak || b->st->kind != CI__ST_PW) return;
    if (users > 1) ci__ir_mark_reuse(L, b, users);
    if (b->st->kind != CI__ST_PW) return;
    s = ci__ir_v_stats(L, b->st->body);
    /* realize_hint's test, on the stats already at hand */
    if ((s.reads > CI__IR_REALIZE_ACC_READS || s.ops > CI__IR_REALIZE_OPCOUNT) && s.reads > 1)
        ci__ir_realize(L, b);
    if (b->st->kind == CI__ST_PW && (s.ops > CI__IR_LARGE_INNER_FN || s.maxix > CI__IX_MAX_TREE))
        ci__ir_realize(L, b);
}

static const char *const ci__ir_vop_cf32[CI__V_COUNT] = {
#define CI__X(e, n, ar, f, d) f,
    CI__IR_VOP_LIST(CI__X)
#undef CI__X
};
static const char *const ci__ir_vop_cf64[CI__V_COUNT] = {
#define CI__X(e, n, ar, f, d) d,
    CI__IR_VOP_LIST(CI__X)
#undef CI__X
};

/* ---------------------------------------------------------------------------------------
   >>lower  GraphLowering: the registry, schemas, argument binding, type promotion,
   broadcasting, and the walk over graph nodes
   The registry maps aten names to ci__opdef entries with lowering.py's overload semantics:
   lookup tries the exact name ("aten.add.Tensor") and then its packet ("aten.add"), so a
   packet registration covers every overload not registered explicitly, and an explicit
   overload registration always wins. Each entry carries a torch-style schema used to bind
   positional and keyword arguments (defaults filled in), and the flags of register_lowering
   (broadcast, type_promotion_kind, convert_input_to_bool) applied by ci__lower_call_op, the one
   wrapper every call goes through (graph nodes, decompositions, user lowerings).
   --------------------------------------------------------------------------------------- */
enum { CI__N_INPUT = 1, CI__N_CONST, CI__N_SCALAR, CI__N_CALL };
struct ci__node {
    int kind;
    const char *name, *op;
    int nargs, nkw;
    ci_arg *args;
    ci_kwarg *kw;
    int nout;
    uint32_t out0;           /* graph tensor ids out0 .. out0+nout-1 */
    ci_dtype dt;             /* INPUT/CONST/SCALAR */
    int ndim;
    int64_t shape[CI_MAX_DIMS];
    const void *data;        /* CONST */
    double sval;             /* SCALAR */
    int64_t ival;
    int weak;
    int auto_named;          /* the name was generated: a user name may take it over */
    const char **rname;      /* several results: each one's given name, or NULL (none given) */
    struct ci__node *name_next;  /* the graph's name index (a chained hash) */
};
typedef struct ci__lower_gtensor {
    int node, out, users;
    ci_dtype dt;
    int ndim;
    int64_t shape[CI_MAX_DIMS];
    uint32_t handle;         /* the id of its ci_tensor */
} ci__lower_gtensor;
/* Tensor handles: a context hands out ids 1, 2, ... in ranges (16, 32, ... 65536 ids), each
   graph taking a range when its last is used up, so the ids of two graphs of one context never
   meet while the context has not handed out 2^32 of them; after that, new ranges still avoid
   every live graph's. A graph's ranges, sorted by base, map an id back to a tensor index. */
typedef struct ci__lower_hrange { uint32_t base, size, first; } ci__lower_hrange;
struct ci_graph {
    ci_ctx *ctx;
    ci__arena *A;
    ci__err E;
    ci__vec nodes, tensors, outputs;
    int ninputs;
    ci_result status;
    char msg[1024];
    ci__L *meta;          /* build-time lowering: checks shapes and dtypes as nodes arrive; NULL
                             after ci_compile released it (the next node rebuilds it) */
    ci__arena *MA;        /* meta's arena */
    ci__arena *SA;        /* meta's scratch (its SA), cleared before each node */
    ci__lower_hrange *hr;       /* its handle ranges, sorted by base */
    int nhr, hr_cap;
    uint64_t h_next, h_end;   /* the ids left in its newest range */
    ci_graph *live_prev, *live_next;   /* the context's list of live graphs */
    uint32_t *meta_map;   /* tensor index -> box id in meta */
    int map_cap, nauto;
    ci__node **names;     /* node name index: chained buckets */
    int name_cap, name_n;
    ci__vec rnamed;       /* the nodes with a named result (several results, so not indexed) */
};

/* -- literals (schema defaults) -- */
static const char *ci__lower_skip_ws(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\n') p++;
    return p;
}

static const char *ci__lower_parse_literal(ci__arena *A, const char *p, ci_arg *out) {
    p = ci__lower_skip_ws(p);
    memset(out, 0, sizeof *out);
    if (!strncmp(p, "None", 4)) { out->kind = CI_ARG_NONE; return p + 4; }
    if (!strncmp(p, "True", 4)) {
        out->kind = CI_ARG_BOOL;
        out->u.b = 1;
        return p + 4;
    }
    if (!strncmp(p, "False", 5)) {
        out->kind = CI_ARG_BOOL;
        out->u.b = 0;
        return p + 5;
    }
    if (*p == '"' || *p == '\'') {
        char q = *p++;
        const char *s = p;
        char *d;
        while (*p && *p != q) p++;
        d = (char *)ci__arena_alloc(A, (size_t)(p - s) + 1);
        memcpy(d, s, (size_t)(p - s));
        out->kind = CI_ARG_STRING; out->u.s = d;
        return *p ? p + 1 : p;
    }
    if (*p == '[') {
        int64_t iv[CI_MAX_DIMS * 4];
        double fv[CI_MAX_DIMS * 4];
        int n = 0, isf = 0;
        p = ci__lower_skip_ws(p + 1);
        while (*p && *p != ']' && n < CI_MAX_DIMS * 4) {
            ci_arg e;
            p = ci__lower_parse_literal(A, p, &e);
            if (e.kind == CI_ARG_FLOAT) {
                isf = 1;
                fv[n] = e.u.f;
                iv[n] = (int64_t)e.u.f;
            } else {
                fv[n] = (double)e.u.i;
                iv[n] = e.u.i;
            }
            n++;
            p = ci__lower_skip_ws(p);
            if (*p == ',') p = ci__lower_skip_ws(p + 1);
        }
        if (*p == ']') p++;
        if (isf) {
            double *v = CI__NEWN(A, double, n);
            memcpy(v, fv, sizeof(double) * (size_t)n);
            out->kind = CI_ARG_FLOATS;
            out->u.floats.v = v;
            out->u.floats.n = n;
        } else {
            int64_t *v = CI__NEWN(A, int64_t, n);
            memcpy(v, iv, sizeof(int64_t) * (size_t)n);
            out->kind = CI_ARG_INTS;
            out->u.ints.v = v;
            out->u.ints.n = n;
        }
        return p;
    }
    {
        char *end;
        const char *q = p;
        int isf = 0;
        if (*q == '-' || *q == '+') q++;
        if (!strncmp(q, "inf", 3)) {
            out->kind = CI_ARG_FLOAT;
            out->u.f = *p == '-' ? -HUGE_VAL : HUGE_VAL;
            return q + 3;
        }
        if (!strncmp(q, "nan", 3)) {
            out->kind = CI_ARG_FLOAT;
            out->u.f = NAN;
            return q + 3;
        }
        for (; (*q >= '0' && *q <= '9') || *q == '.' || *q == 'e' || *q == 'E' ||
               ((*q == '-' || *q == '+') && (q[-1] == 'e' || q[-1] == 'E')); q++)
            if (*q == '.' || *q == 'e' || *q == 'E') isf = 1;
        if (isf) {
            out->kind = CI_ARG_FLOAT;
            out->u.f = strtod(p, &end);
            return end;
        }
        out->kind = CI_ARG_INT; out->u.i = strtoll(p, &end, 10);
        return end;
    }
}

/* -- schemas: "self, other, *, alpha=1" (a type before the name is allowed and ignored) -- */
static int ci__lower_parse_schema(ci__arena *A, const char *schema, ci__ir_param **out) {
    int n = 0, cap = 0, kwonly = 0;
    ci__ir_param *ps = NULL;
    const char *p = schema;
    while (p && *(p = ci__lower_skip_ws(p))) {
        const char *s = p, *name_end, *name_start;
        int depth = 0;
        ci__ir_param prm;
        memset(&prm, 0, sizeof prm);
        while (*p && (depth > 0 || (*p != ',' && *p != '='))) {
            if (*p == '[' || *p == '(') depth++;
            if (*p == ']' || *p == ')') depth--;
            p++;
        }
        name_end = p;
        while (name_end > s && (name_end[-1] == ' ' || name_end[-1] == '\t')) name_end--;
        name_start = name_end;
        while (name_start > s && name_start[-1] != ' ') name_start--;
        if (name_end - s == 1 && *s == '*') {
            kwonly = 1;
            if (*p == ',') p++;
            continue;
        }
        if (name_end == name_start) return -1;
        {
            char *nm = (char *)ci__arena_alloc(A, (size_t)(name_end - name_start) + 1);
            memcpy(nm, name_start, (size_t)(name_end - name_start));
            prm.name = nm;
        }
        prm.kwonly = kwonly;
        if (*p == '=') {
            p = ci__lower_parse_literal(A, p + 1, &prm.def);
            prm.has_def = 1;
            p = ci__lower_skip_ws(p);
        }
        if (*p == ',') p++;
        else if (*p) return -1;
        if (n == cap) {
            ci__ir_param *np;
            cap = cap ? cap * 2 : 8;
            np = CI__NEWN(A, ci__ir_param, cap);
            if (n) memcpy(np, ps, sizeof(ci__ir_param) * (size_t)n);
            ps = np;
        }
        ps[n++] = prm;
    }
    *out = ps;
    return n;
}

/* -- the registry (open addressing over names) -- */
static const ci__opdef *ci__lower_reg_get(const ci_ctx *ctx, const char *name) {
    uint32_t h;
    int i;
    if (!ctx->reg.cap) return NULL;
    h = ci__hash_str(name);
    for (i = (int)(h & (uint32_t)(ctx->reg.cap - 1)); ctx->reg.slots[i];
         i = (i + 1) & (ctx->reg.cap - 1))
        if (!strcmp(ctx->reg.slots[i]->name, name)) return ctx->reg.slots[i];
    return NULL;
}

static int ci__lower_reg_put(ci_ctx *ctx, ci__opdef *op) {
    uint32_t h;
    int i;
    if ((ctx->reg.n + 1) * 2 > ctx->reg.cap) {
        int nc = ctx->reg.cap ? ctx->reg.cap * 2 : 512, j;
        ci__opdef **ns = CI__NEWN(ctx->arena, ci__opdef *, nc);
        if (!ns) return 0;
        for (j = 0; j < ctx->reg.cap; j++) if (ctx->reg.slots[j]) {
            int k = (int)(ci__hash_str(ctx->reg.slots[j]->name) & (uint32_t)(nc - 1));
            while (ns[k]) k = (k + 1) & (nc - 1);
            ns[k] = ctx->reg.slots[j];
        }
        ctx->reg.slots = ns; ctx->reg.cap = nc;
    }
    h = ci__hash_str(op->name);
    for (i = (int)(h & (uint32_t)(ctx->reg.cap - 1)); ctx->reg.slots[i];
         i = (i + 1) & (ctx->reg.cap - 1))
        if (!strcmp(ctx->reg.slots[i]->name, op->name)) { ctx->reg.slots[i] = op; return 1; }
    ctx->reg.slots[i] = op;
    ctx->reg.n++;
    return 1;
}

/* exact name, then the packet: "ns.op.overload" -> "ns.op" */
static const ci__opdef *ci__lower_registry_find(const ci_ctx *ctx, const char *name) {
    const ci__opdef *op = ci__lower_reg_get(ctx, name);
    const char *d1, *d2;
    char buf[256];
    if (op) return op;
    d1 = strchr(name, '.');
    d2 = d1 ? strchr(d1 + 1, '.') : NULL;
    if (!d2 || (size_t)(d2 - name) >= sizeof buf) return NULL;
    memcpy(buf, name, (size_t)(d2 - name));
    buf[d2 - name] = 0;
    return ci__lower_reg_get(ctx, buf);
}

/* builtin registration: name may be "aten.add" with overloads "Tensor,Scalar"; explicit
   overloads are registered only when absent (get_overloads), the packet always */
static ci__opdef *ci__lower_reg_builtin(ci_ctx *ctx, const char *name, const char *schema,
                                        ci__ir_lower_fn fn, int vop, int extra, int broadcast,
                                        ci_promotion promo, int to_bool) {
    ci__opdef *op = CI__NEW(ctx->arena, ci__opdef);
    if (!op) return NULL;
    op->name = name;
    op->schema = schema;
    op->kind = CI__OPK_INTERNAL;
    op->fn = fn;
    op->vop = vop;
    op->extra = extra;
    op->broadcast = broadcast;
    op->promo = promo;
    op->to_bool = to_bool;
    op->nouts = 1;
    op->nparams = ci__lower_parse_schema(ctx->arena, schema, &op->params);
    CI__ASSERT(op->nparams >= 0);
    ci__lower_reg_put(ctx, op);
    return op;
}

/* -- argument helpers for lowerings -- */
static const char *ci__lower_arg_kind_name(ci_arg_kind k) {
    static const char *const n[] = { "None",  "Tensor", "int",     "float",    "bool", "str",
                                     "dtype", "int[]",  "float[]", "Tensor[]", "list" };
    return (k >= 0 && k < CI_ARG_KIND_COUNT) ? n[k] : "?";
}

static int ci__lower_is_num(const ci_arg *a) {
    return a->kind == CI_ARG_INT || a->kind == CI_ARG_FLOAT || a->kind == CI_ARG_BOOL;
}

static double ci__lower_num(const ci_arg *a) {
    return a->kind == CI_ARG_FLOAT  ? a->u.f
           : a->kind == CI_ARG_BOOL ? (double)a->u.b
                                    : (double)a->u.i;
}

static ci__box *ci__lower_arg_box(ci__L *L, const ci__opdef *op, const ci_arg *a, int i) {
    if (a[i].kind != CI_ARG_TENSOR)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: argument '%s' must be a Tensor, got %s", op->name,
                 op->params[i].name, ci__lower_arg_kind_name(a[i].kind));
    return ci__ir_box_get(L, a[i].u.t);
}

static ci__box *ci__lower_arg_box_opt(ci__L *L, const ci__opdef *op, const ci_arg *a, int i) {
    return a[i].kind == CI_ARG_NONE ? NULL : ci__lower_arg_box(L, op, a, i);
}

static int64_t ci__lower_arg_int(ci__L *L, const ci__opdef *op, const ci_arg *a, int i) {
    if (a[i].kind == CI_ARG_INT) return a[i].u.i;
    if (a[i].kind == CI_ARG_BOOL) return a[i].u.b;
    if (a[i].kind == CI_ARG_INTS && a[i].u.ints.n == 1) return a[i].u.ints.v[0];
    CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: argument '%s' must be an int, got %s", op->name,
             op->params[i].name, ci__lower_arg_kind_name(a[i].kind));
    return 0;
}

static double ci__lower_arg_num(ci__L *L, const ci__opdef *op, const ci_arg *a, int i) {
    if (ci__lower_is_num(&a[i])) return ci__lower_num(&a[i]);
    CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: argument '%s' must be a number, got %s", op->name,
             op->params[i].name, ci__lower_arg_kind_name(a[i].kind));
    return 0;
}

static int ci__lower_arg_bool(ci__L *L, const ci__opdef *op, const ci_arg *a, int i) {
    if (a[i].kind == CI_ARG_BOOL) return a[i].u.b;
    if (a[i].kind == CI_ARG_INT) return a[i].u.i != 0;
    CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: argument '%s' must be a bool, got %s", op->name,
             op->params[i].name, ci__lower_arg_kind_name(a[i].kind));
    return 0;
}

static ci_dtype ci__lower_arg_dtype_opt(ci__L *L, const ci__opdef *op, const ci_arg *a, int i) {
    if (a[i].kind == CI_ARG_NONE) return CI_DTYPE_INVALID;
    if (a[i].kind == CI_ARG_DTYPE && ci__dtype_ok(a[i].u.dtype)) return a[i].u.dtype;
    CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: argument '%s' must be a dtype, got %s", op->name,
             op->params[i].name, ci__lower_arg_kind_name(a[i].kind));
    return CI_DTYPE_INVALID;
}

/* an int list (a single int is a list of one); n = -1 for None */
static int ci__lower_arg_ints(ci__L *L, const ci__opdef *op, const ci_arg *a, int i, int64_t *out,
                              int max) {
    int k;
    if (a[i].kind == CI_ARG_NONE) return -1;
    if (a[i].kind == CI_ARG_INT) { out[0] = a[i].u.i; return 1; }
    if (a[i].kind != CI_ARG_INTS)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: argument '%s' must be a list of ints, got %s",
                 op->name, op->params[i].name, ci__lower_arg_kind_name(a[i].kind));
    if (a[i].u.ints.n > max)
        CI__FAIL(L, CI_ERR_UNSUPPORTED,
                 "%s: argument '%s' has %d entries, at most %d are supported", op->name,
                 op->params[i].name, a[i].u.ints.n, max);
    for (k = 0; k < a[i].u.ints.n; k++) out[k] = a[i].u.ints.v[k];
    return a[i].u.ints.n;
}

static int64_t ci__lower_wrap_dim(ci__L *L, const ci__opdef *op, int64_t d, int ndim) {
    int n = ndim > 0 ? ndim : 1;  /* a 0-d tensor accepts dims 0 and -1 */
    if (d < -n || d >= n)
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: dimension out of range (expected to be in range of [%d, %d], but got %lld)",
                 op->name, -n, n - 1, (long long)d);
    return d < 0 ? d + n : d;
}

/* -- type promotion (torch's result_type with elementwise_dtypes) -- */
static ci_dtype ci__lower_combine_cat(ci_dtype higher, ci_dtype lower) {
    if (ci__dtype_is_float(higher)) return higher;
    if (higher == CI_DTYPE_INVALID) return lower;
    if (higher == CI_BOOL || ci__dtype_is_float(lower)) return ci__dtype_promote2(higher, lower);
    return higher;
}

static ci_dtype ci__lower_result_type(ci__L *L, int n, const ci_arg *args, const int *use) {
    ci_dtype dim_r = CI_DTYPE_INVALID, zero_r = CI_DTYPE_INVALID, wrap_r = CI_DTYPE_INVALID;
    int i;
    for (i = 0; i < n; i++) {
        if (!use[i]) continue;
        if (args[i].kind == CI_ARG_TENSOR) {
            ci__box *b = ci__ir_box_get(L, args[i].u.t);
            if (b->ndim > 0) dim_r = ci__dtype_promote2(dim_r, b->dt);
            else zero_r = ci__dtype_promote2(zero_r, b->dt);
        } else if (args[i].kind == CI_ARG_FLOAT) wrap_r = ci__dtype_promote2(wrap_r, CI_F32);
        else if (args[i].kind == CI_ARG_INT) wrap_r = ci__dtype_promote2(wrap_r, CI_I64);
        else if (args[i].kind == CI_ARG_BOOL) wrap_r = ci__dtype_promote2(wrap_r, CI_BOOL);
    }
    return ci__lower_combine_cat(dim_r, ci__lower_combine_cat(zero_r, wrap_r));
}

static ci_dtype ci__lower_promoted_input_dtype(ci_dtype r, ci_promotion kind) {
    switch (kind) {
    case CI_PROMOTE_INT_TO_FLOAT: return (ci__dtype_is_int(r) || r == CI_BOOL) ? CI_F32 : r;
    case CI_PROMOTE_BOOL_TO_LONG: return r == CI_BOOL ? CI_I64 : r;
    default: return r;
    }
}

/* -- pointwise conversion and broadcasting (used by the registry wrapper and lowerings) -- */
static ci__box *ci__lower_to_dtype(ci__L *L, ci__box *x, ci_dtype dt) {
    ci__ix *v[CI_MAX_DIMS] = {0};
    if (x->dt == dt) return x;
    if (x->weak) {
        ci__box *b = ci__ir_box_new(L, dt, 0, NULL);
        *b = *x; b->id = L->boxes.n; b->dt = dt;
        if (dt == CI_BOOL) { b->weak = 1; b->wi = (x->weak == 3 ? x->wf != 0 : x->wi != 0); }
        else if (ci__dtype_is_int(dt) && x->weak == 3) { b->weak = 2; b->wi = (int64_t)x->wf; }
        else if (ci__dtype_is_float(dt) && x->weak != 3) { b->weak = 3; b->wf = (double)x->wi; }
        return b;
    }
    ci__ir_pw_vars_like(L, x, x->ndim, x->size, v);
    return ci__ir_pw_box(L, dt, x->ndim, x->size, v, ci__ir_v_cast(L, ci__ir_load(L, x, v), dt));
}

static void ci__lower_broadcast_shape(ci__L *L, const char *opname, int na, const int64_t *a,
                                      int nb, const int64_t *b, int *nout, int64_t *out_) {
    int n = na > nb ? na : nb, i;
    int64_t out[CI_MAX_DIMS * 2];   /* out_ may alias a or b */
    if (n > CI_MAX_DIMS)
        CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: more than %d dims", opname, CI_MAX_DIMS);
    for (i = 0; i < n; i++) {
        int64_t x = i - (n - na) >= 0 ? a[i - (n - na)] : 1;
        int64_t y = i - (n - nb) >= 0 ? b[i - (n - nb)] : 1;
        if (x == y || y == 1) out[i] = x;
        else if (x == 1) out[i] = y;
        else {
            char sa[128], sb[128];
            ci__util_fmt_shape(sa, sizeof sa, na, a);
            ci__util_fmt_shape(sb, sizeof sb, nb, b);
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: shapes %s and %s cannot be broadcast (size %lld vs %lld at dim %d)",
                     opname, sa, sb, (long long)x, (long long)y, i);
        }
    }
    memcpy(out_, out, sizeof(int64_t) * (size_t)n);
    *nout = n;
}

static ci__box *ci__lower_expand(ci__L *L, ci__box *x, int ndim, const int64_t *size, int reuse) {
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    int i, off = ndim - x->ndim, same = ndim == x->ndim;
    if (x->weak) return x;
    for (i = 0; same && i < ndim; i++) if (size[i] != x->size[i]) same = 0;
    if (same) return x;
    ci__ir_pw_vars(L, ndim, size, v);
    for (i = 0; i < x->ndim; i++)
        m[i] = (x->size[i] == 1 && size[i + off] != 1) ? ci__ix_const(L->A, &L->ixt, 0)
                                                       : v[i + off];
    if (reuse && ci__ir_numel(x->ndim, x->size) > 0)
        ci__ir_mark_reuse(L, x, ci__ir_numel(ndim, size) / ci__ir_numel(x->ndim, x->size));
    return ci__ir_view_box(L, x, ndim, size, v, m);
}

/* transform_args: promote the promoting arguments, then broadcast the tensors */
static void ci__lower_transform(ci__L *L, const ci__opdef *op, ci_arg *a, int n, ci_promotion promo,
                                int to_bool, int broadcast) {
    int use[64], i, any_tensor = 0;
    CI__ASSERT(n <= 64);
    for (i = 0; i < n; i++) {
        /* (alpha scales other and takes no part in promotion; add.Scalar has it positional) */
        use[i] = a[i].kind == CI_ARG_TENSOR || (!op->params[i].kwonly && ci__lower_is_num(&a[i]) &&
                                                strcmp(op->params[i].name, "alpha"));
        any_tensor |= a[i].kind == CI_ARG_TENSOR;
    }
    if (!any_tensor) return;
    if (promo != CI_PROMOTE_NONE || to_bool) {
        ci_dtype dt = to_bool ? CI_BOOL
                              : ci__lower_promoted_input_dtype(ci__lower_result_type(L, n, a, use),
                                                               promo);
        for (i = 0; i < n; i++)
            if (a[i].kind == CI_ARG_TENSOR)
                a[i].u.t = ci__ir_tensor_of(ci__lower_to_dtype(L, ci__ir_box_get(L, a[i].u.t), dt));
    }
    if (broadcast) {
        int nd = 0;
        int64_t shape[CI_MAX_DIMS];
        for (i = 0; i < n; i++) if (a[i].kind == CI_ARG_TENSOR) {
            ci__box *b = ci__ir_box_get(L, a[i].u.t);
            ci__lower_broadcast_shape(L, op->name, nd, shape, b->ndim, b->size, &nd, shape);
        }
        if (nd > CI_MAX_DIMS) CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: too many dims", op->name);
        for (i = 0; i < n; i++) if (a[i].kind == CI_ARG_TENSOR)
                a[i].u.t = ci__ir_tensor_of(
                        ci__lower_expand(L, ci__ir_box_get(L, a[i].u.t), nd, shape, 1));
    }
}

static int ci__lower_pidx(const ci__opdef *op, const char *name) {
    int i;
    for (i = 0; i < op->nparams; i++) if (!strcmp(op->params[i].name, name)) return i;
    return -1;
}

/* a buffer holding x densely (realizing or copying as needed), for extern kernels */
static ci__buf *ci__lower_require_contiguous(ci__L *L, ci__box *x) {
    ci__ix *v[CI_MAX_DIMS] = {0};
    if (x->weak) x = ci__lower_to_dtype(L, ci__lower_expand(L, x, 0, NULL, 0), x->dt);
    if (x->weak) {
        ci__ir_pw_vars(L, 0, NULL, v);
        x = ci__ir_pw_box(L, x->dt, 0, NULL, v, ci__ir_load(L, x, v));
    }
    if (!x->view && x->st->kind == CI__ST_PW) ci__ir_realize(L, x);
    if ((!x->view || x->view == 1) && x->st->kind == CI__ST_BUF && x->st->buf->offset == 0) {
        const ci__buf *b = x->st->buf;
        int i, ok = 1;
        int64_t s = 1;
        for (i = b->ndim - 1; i >= 0; i--) {
            if (b->size[i] != 1 && b->stride[i] != s) ok = 0;
            s *= b->size[i];
        }
        /* a view that reads the whole buffer in its order (a reshape, an unsqueeze) */
        if (ok && x->view) {
            ci__ix *flat = ci__ix_const(L->A, &L->ixt, 0);
            s = 1;
            for (i = x->ndim - 1; i >= 0; i--) {
                if (x->size[i] != 1)
                    flat = ci__ix_add(L->A, &L->ixt, flat,
                                      ci__ix_scale(L->A, &L->ixt, x->vars[i], s));
                s *= x->size[i];
            }
            ok = s == b->numel && ci__ir_buf_index(L, b, x->map) == flat;
        }
        if (ok) return x->st->buf;
    }
    ci__ir_pw_vars(L, x->ndim, x->size, v);
    {
        const ci__storage *from = x->st;
        const ci__box *xb = x;
        x = ci__ir_pw_box(L, x->dt, x->ndim, x->size, v, ci__ir_load(L, x, v));
        if (xb->vop) {
            x->st->vname = xb->vname;
            x->st->vop = xb->vop;
            x->st->vout = xb->vout;
        } else if (ci__ir_numel(x->ndim, x->size) == ci__ir_numel(from->ndim, from->size)) {
            /* the copy holds the same graph value */
            x->st->vname = from->kind == CI__ST_PW ? from->vname : from->buf->vname;
            x->st->vop = from->kind == CI__ST_PW ? from->vop : from->buf->vop;
            x->st->vout = from->kind == CI__ST_PW ? from->vout : from->buf->vout;
        }
    }
    ci__ir_realize(L, x);
    return x->st->buf;
}

static ci_arg ci__lower_arg_dup(ci__arena *A, const ci_arg *a) {
    ci_arg r = *a;
    if (a->kind == CI_ARG_STRING && a->u.s) r.u.s = ci__strdup(A, a->u.s);
    else if (a->kind == CI_ARG_INTS && a->u.ints.n > 0) {
        int64_t *v = CI__NEWN(A, int64_t, a->u.ints.n);
        memcpy(v, a->u.ints.v, sizeof(int64_t) * (size_t)a->u.ints.n);
        r.u.ints.v = v;
    } else if (a->kind == CI_ARG_FLOATS && a->u.floats.n > 0) {
        double *v = CI__NEWN(A, double, a->u.floats.n);
        memcpy(v, a->u.floats.v, sizeof(double) * (size_t)a->u.floats.n);
        r.u.floats.v = v;
    } else if (a->kind == CI_ARG_TENSORS && a->u.tensors.n > 0) {
        ci_tensor *v = CI__NEWN(A, ci_tensor, a->u.tensors.n);
        memcpy(v, a->u.tensors.v, sizeof(ci_tensor) * (size_t)a->u.tensors.n);
        r.u.tensors.v = v;
    } else if (a->kind == CI_ARG_LIST && a->u.list.n > 0) {
        ci_arg *v = CI__NEWN(A, ci_arg, a->u.list.n);
        int i;
        for (i = 0; i < a->u.list.n; i++) v[i] = ci__lower_arg_dup(A, &a->u.list.v[i]);
        r.u.list.v = v;
    }
    return r;
}

static ci_result ci__lower_extern_default_infer(const ci_extern_tensor *ins, int nins,
                                                const ci_arg *args, int nargs,
                                                ci_extern_tensor *outs, int nouts, void *user) {
    int i;
    (void)args;
    (void)nargs;
    (void)user;
    if (nins < 1) return CI_ERR_INVALID_ARGS;
    for (i = 0; i < nouts; i++) outs[i] = ins[0];
    return CI_OK;
}

static int ci__lower_extern(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci_extern_tensor ins[32], eo[CI_MAX_EXTERN_OUTPUTS];
    ci__buf *inb[32];
    int nin = 0, i, nout = op->nouts;
    ci__kernel *k;
    ci_result r;
    for (i = 0; i < op->nparams; i++) if (a[i].kind == CI_ARG_TENSOR) {
        ci__box *b = ci__ir_box_get(L, a[i].u.t);
        int d;
        if (nin == 32) CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: too many tensor arguments", op->name);
        inb[nin] = ci__lower_require_contiguous(L, b);
        memset(&ins[nin], 0, sizeof ins[nin]);
        ins[nin].dtype = b->dt; ins[nin].ndim = b->ndim;
        for (d = 0; d < b->ndim; d++) ins[nin].shape[d] = b->size[d];
        nin++;
    }
    memset(eo, 0, sizeof eo);
    r = (op->ext.infer ? op->ext.infer : ci__lower_extern_default_infer)(ins, nin, a, op->nparams,
                                                                         eo, nout, op->ext.user);
    if (r != CI_OK)
        CI__FAIL(L, r, "%s: the extern kernel's infer function failed (%s)", op->name,
                 ci_result_string(r));
    k = ci__ir_kernel_new(L, CI__K_EXTERN, NULL);
    k->ext = op;
    k->nin = nin;
    k->nout = nout;
    k->nargs = op->nparams;
    k->ins = CI__NEWN(L->A, ci__buf *, nin);
    k->in_t = CI__NEWN(L->A, ci_extern_tensor, nin);
    memcpy(k->in_t, ins, sizeof(ci_extern_tensor) * (size_t)nin);
    k->outs = CI__NEWN(L->A, ci__buf *, nout);
    k->args = CI__NEWN(L->A, ci_arg, op->nparams);
    memcpy(k->ins, inb, sizeof(ci__buf *) * (size_t)nin);
    /* the program outlives the graph */
    for (i = 0; i < op->nparams; i++) k->args[i] = ci__lower_arg_dup(L->A, &a[i]);
    for (i = 0; i < nout; i++) {
        int d;
        if (!ci__dtype_ok(eo[i].dtype) || eo[i].ndim < 0 || eo[i].ndim > CI_MAX_DIMS)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: infer gave output %d an invalid dtype or rank",
                     op->name, i);
        for (d = 0; d < eo[i].ndim; d++) if (eo[i].shape[d] < 0)
                CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: infer gave output %d a negative size",
                         op->name, i);
        k->outs[i] = ci__ir_buf_new(L, CI__BUF_COMPUTED, eo[i].dtype, eo[i].ndim, eo[i].shape);
        k->outs[i]->producer = k;
        if (op->dd) {
            char nm[160];
            snprintf(nm, sizeof nm, "the result of node %s (%s)", L->node_name ? L->node_name : "?",
                     L->node_op ? L->node_op : op->name);
            k->outs[i]->dd_node = ci__strdup(L->A, nm);
            k->outs[i]->run_size = CI__NEWN(L->A, int64_t, eo[i].ndim);
        }
        outs[i] = ci__ir_tensor_of(ci__ir_buf_box(L, k->outs[i]));
    }
    return nout;
}

/* a result whose size depends on the data (nonzero, masked_select) may only be a graph output:
   its buffer holds an upper bound of elements, and nothing downstream knows how many are real */
static void ci__lower_check_not_dd(ci__L *L, const ci__opdef *op, int i, const ci__box *b) {
    if (b->st && b->st->kind == CI__ST_BUF && b->st->buf->dd_node)
        CI__FAIL(
                L, CI_ERR_UNSUPPORTED,
                "%s: argument '%s' is %s, whose size depends on the data (known only after a run); "
                "such a result may only be a graph output",
                op->name, op->params[i].name, b->st->buf->dd_node);
}

/* the one wrapper every op call goes through */
static int ci__lower_call_op(ci__L *L, const char *opname, int nargs, const ci_arg *args,
                       int nkw, const ci_kwarg *kw, ci_tensor *outs, int max_outs) {
    const ci__opdef *op = ci__lower_registry_find(L->ctx, opname);
    ci_arg *a;
    char *set;
    ci_tensor res[CI_MAX_OUTPUTS];
    int i, npos = 0, k, n = 0;
    if (!op)
        CI__FAIL(L, CI_ERR_UNKNOWN_OP,
                 "unknown op '%s': no lowering is registered under this name or its packet",
                 opname);
    a = CI__NEWN(L->A, ci_arg, op->nparams);
    set = CI__NEWN(L->A, char, op->nparams);
    for (i = 0; i < op->nparams; i++) if (!op->params[i].kwonly) npos++;
    if (nargs > npos)
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s(%s) takes at most %d positional arguments but %d were given", op->name,
                 op->schema, npos, nargs);
    for (i = 0, k = 0; i < nargs; i++, k++) {
        while (op->params[k].kwonly) k++;
        a[k] = args[i]; set[k] = 1;
    }
    for (i = 0; i < nkw; i++) {
        int p = kw[i].name ? ci__lower_pidx(op, kw[i].name) : -1;
        if (p < 0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s(%s) got an unexpected keyword argument '%s'",
                     op->name, op->schema, kw[i].name ? kw[i].name : "(null)");
        if (set[p])
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s got multiple values for argument '%s'", op->name,
                     kw[i].name);
        a[p] = kw[i].value; set[p] = 1;
    }
    for (i = 0; i < op->nparams; i++) {
        if (!set[i]) {
            if (!op->params[i].has_def)
                CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s(%s) is missing the required argument '%s'",
                         op->name, op->schema, op->params[i].name);
            a[i] = op->params[i].def;
        }
        if (a[i].kind == CI_ARG_TENSOR) {
            ci__box *b = ci__ir_box_get(L, a[i].u.t);
            ci__lower_check_not_dd(L, op, i, b);
            if (b->weak == 3) { a[i].kind = CI_ARG_FLOAT; a[i].u.f = b->wf; }
            else if (b->weak == 2) { a[i].kind = CI_ARG_INT; a[i].u.i = b->wi; }
            else if (b->weak == 1) { a[i].kind = CI_ARG_BOOL; a[i].u.b = (int)b->wi; }
        } else if (a[i].kind == CI_ARG_TENSORS) {
            if (a[i].u.tensors.n < 0 ||
                (a[i].u.tensors.n > 0 && !a[i].u.tensors.v)) /* ci_lower_call passes the user's */
                CI__FAIL(L, CI_ERR_INVALID_ARGS,
                         "%s: argument '%s' is a tensor list with a negative length or NULL data",
                         op->name, op->params[i].name);
            for (k = 0; k < a[i].u.tensors.n; k++)
                if (a[i].u.tensors.v[k].id)
                    ci__lower_check_not_dd(L, op, i, ci__ir_box_get(L, a[i].u.tensors.v[k]));
        } else if ((a[i].kind == CI_ARG_INTS &&
                    (a[i].u.ints.n < 0 || (a[i].u.ints.n > 0 && !a[i].u.ints.v))) ||
                   (a[i].kind == CI_ARG_FLOATS &&
                    (a[i].u.floats.n < 0 || (a[i].u.floats.n > 0 && !a[i].u.floats.v))) ||
                   (a[i].kind == CI_ARG_LIST &&
                    (a[i].u.list.n < 0 || (a[i].u.list.n > 0 && !a[i].u.list.v))) ||
                   (a[i].kind == CI_ARG_STRING && !a[i].u.s)) {
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: argument '%s' is a list with a negative length or NULL data, or a NULL "
                     "string",
                     op->name, op->params[i].name);
        } else if (a[i].kind == CI_ARG_DTYPE && !ci__dtype_ok(a[i].u.dtype)) {
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: argument '%s' is an invalid dtype", op->name,
                     op->params[i].name);
        } else if (a[i].kind < 0 || a[i].kind >= CI_ARG_KIND_COUNT) {
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: argument '%s' has an invalid kind", op->name,
                     op->params[i].name);
        }
    }
    ci__lower_transform(L, op, a, op->nparams, op->promo, op->to_bool, op->broadcast);
    switch (op->kind) {
    case CI__OPK_INTERNAL: n = op->fn(L, op, a, res); break;
    case CI__OPK_EXTERN: n = ci__lower_extern(L, op, a, res); break;
    case CI__OPK_USER:
        L->user_failed = 0;
        n = op->ufn((ci_lower *)L, a, op->nparams, res, CI_MAX_OUTPUTS, op->user);
        if (L->user_failed || n <= 0)
            CI__FAIL(L, L->user_failed ? L->user_code : CI_ERR_INVALID_ARGS, "%s: %s", op->name,
                     L->user_failed ? L->user_msg : "the lowering returned no result");
        if (n > CI_MAX_OUTPUTS)   /* it wrote past outs or returned garbage */
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: the lowering returned %d results, more than max_outs (%d)", op->name, n,
                     CI_MAX_OUTPUTS);
        for (i = 0; i < n; i++) ci__ir_box_get(L, res[i]);
        break;
    }
    for (i = 0; i < n && i < max_outs; i++) outs[i] = res[i];
    return n;
}

/* -- graph nodes -- */
static ci__lower_gtensor *ci__lower_gt(const ci_graph *g, uint32_t id) {
    return (ci__lower_gtensor *)g->tensors.v[id - 1];
}

static ci_arg ci__lower_map_arg(ci__L *L, const ci_arg *x, const uint32_t *map) {
    ci_arg r = *x;
    int k;
    if (x->kind == CI_ARG_TENSOR) r.u.t.id = map[x->u.t.id];
    else if (x->kind == CI_ARG_TENSORS) {
        ci_tensor *v = CI__NEWN(L->A, ci_tensor, x->u.tensors.n);
        for (k = 0; k < x->u.tensors.n; k++) v[k].id = map[x->u.tensors.v[k].id];
        r.u.tensors.v = v;
    }
    return r;
}

/* Compiling lowers every node again, and the caller's arrays (and map) are sized from what
   graph building recorded: a lowering (a user's may keep state) must give the same number of
   results, with the same dtypes and shapes, both times. */
static void ci__lower_check_relowered(ci__L *L, const ci__node *nd, int n, const ci_tensor *outs) {
    int i, d;
    if (n != nd->nout)
        CI__FAIL(
                L, CI_ERR_INVALID_ARGS,
                "the lowering of %s returned %d result%s at compile time, but %d at graph building",
                nd->op, n, n == 1 ? "" : "s", nd->nout);
    for (i = 0; i < n; i++) {
        const ci__lower_gtensor *t = ci__lower_gt(L->graph, nd->out0 + (uint32_t)i);
        const ci__box *b = ci__ir_box_get(L, outs[i]);
        int same = b->dt == t->dt && b->ndim == t->ndim;
        for (d = 0; same && d < b->ndim; d++) same = b->size[d] == t->shape[d];
        if (!same) {
            char got[160], want[160];
            ci__util_fmt_shape(got, sizeof got, b->ndim, b->size);
            ci__util_fmt_shape(want, sizeof want, t->ndim, t->shape);
            CI__FAIL(L, b->dt != t->dt ? CI_ERR_DTYPE : CI_ERR_SHAPE,
                     "the lowering of %s gave result %d as %s%s at compile time, but %s%s at graph "
                     "building",
                     nd->op, i, ci__dtype_tab[b->dt].name, got, ci__dtype_tab[t->dt].name, want);
        }
    }
}

/* result out of node nd is box b: its storage, when b holds it whole and it is no one's yet
   (an input's or an earlier node's), takes the node's name and op (the C emitter names its
   pointer after them) */
static void ci__lower_name_value(ci__L *L, ci__box *b, const ci__node *nd, int out) {
    ci__storage *st = b->st;
    const char **name, **op, *given = nd->auto_named ? NULL : nd->name;
    int *vout, k = nd->nout > 1 ? out : -1;
    if (nd->kind != CI__N_CALL || !nd->op) return;
    if (nd->rname && nd->rname[out]) {   /* the result's own name: no _k after it */
        given = nd->rname[out];
        k = -1;
    }
    if (!b->vop) {   /* (a copy of it for an extern kernel takes them) */
        b->vop = nd->op;
        b->vname = given ? ci__strdup(L->A, given) : NULL;
        b->vout = k;
    }
    if (b->weak || ci__ir_numel(b->ndim, b->size) != ci__ir_numel(st->ndim, st->size)) return;
    if (st->kind == CI__ST_PW) { name = &st->vname; op = &st->vop; vout = &st->vout; }
    else if (st->buf->kind == CI__BUF_COMPUTED) {
        name = &st->buf->vname;
        op = &st->buf->vop;
        vout = &st->buf->vout;
    } else return;
    if (*op) return;
    *op = nd->op;
    *name = given ? ci__strdup(L->A, given) : NULL;
    *vout = k;
}

/* lower one node; map[graph tensor id] receives the box id of each result */
static void ci__lower_node(ci__L *L, const ci__node *nd, uint32_t *map) {
    ci__box *b = NULL;
    L->node_name = nd->name;
    L->node_op = nd->op;
    switch (nd->kind) {
    case CI__N_INPUT: {
        ci__buf *buf = ci__ir_buf_new(L, CI__BUF_INPUT, nd->dt, nd->ndim, nd->shape);
        buf->input_index = (int)nd->ival;
        snprintf(buf->name, sizeof buf->name, "in%d", (int)nd->ival);
        b = ci__ir_buf_box(L, buf);
        break;
    }
    case CI__N_CONST:
        if (nd->ndim == 0) {  /* a 0-d constant is inlined (ir.Constant) */
            double v = 0;
            int64_t iv = 0;
            switch (nd->dt) {
            case CI_BOOL: case CI_U8: iv = *(const unsigned char *)nd->data; break;
            case CI_I8: iv = *(const signed char *)nd->data; break;
            case CI_I16: iv = *(const short *)nd->data; break;
            case CI_I32: iv = *(const int *)nd->data; break;
            case CI_I64: iv = *(const long long *)nd->data; break;
            case CI_F32: v = *(const float *)nd->data; break;
            case CI_F64: v = *(const double *)nd->data; break;
            default: break;
            }
            if (ci__dtype_is_float(nd->dt) && nd->dt != CI_F32 && nd->dt != CI_F64) {
                ci__buf *buf = ci__ir_buf_new(L, CI__BUF_CONST, nd->dt, 0, NULL);
                buf->data = nd->data;
                b = ci__ir_buf_box(L, buf);
            } else {
                ci__ix *none[1];
                b = ci__ir_pw_box(L, nd->dt, 0, NULL, none,
                                  ci__dtype_is_float(nd->dt) ? ci__ir_v_constf(L, nd->dt, v)
                                                             : ci__ir_v_consti(L, nd->dt, iv));
            }
        } else {
            ci__buf *buf = ci__ir_buf_new(L, CI__BUF_CONST, nd->dt, nd->ndim, nd->shape);
            buf->data = nd->data;
            b = ci__ir_buf_box(L, buf);
        }
        break;
    case CI__N_SCALAR:
        b = ci__ir_box_new(L, nd->dt, 0, NULL);
        b->weak = nd->weak;
        b->wf = nd->sval;
        b->wi = nd->ival;
        break;
    case CI__N_CALL: {
        ci_arg *args = CI__NEWN(L->A, ci_arg, nd->nargs);
        ci_kwarg *kw = CI__NEWN(L->A, ci_kwarg, nd->nkw);
        ci_tensor outs[CI_MAX_OUTPUTS];
        int i, n;
        for (i = 0; i < nd->nargs; i++) args[i] = ci__lower_map_arg(L, &nd->args[i], map);
        for (i = 0; i < nd->nkw; i++) {
            kw[i].name = nd->kw[i].name;
            kw[i].value = ci__lower_map_arg(L, &nd->kw[i].value, map);
        }
        n = ci__lower_call_op(L, nd->op, nd->nargs, args, nd->nkw, kw, outs, CI_MAX_OUTPUTS);
        if (L->graph) ci__lower_check_relowered(L, nd, n, outs);
        for (i = 0; i < n; i++) map[nd->out0 + (uint32_t)i] = outs[i].id;
        return;
    }
    }
    map[nd->out0] = (uint32_t)b->id;
}

/* frees L->LA, the scratch arena: compiling, once the outputs are scheduled, the boxes and
   storages (a fifth of the lowering's memory; a handle given to ci_lower_* after this finds
   no box) and the lowering's substitution tables; emitting C, the emitter's tables */
static void ci__lower_scratch(ci__L *L) {
    CI__ASSERT(L->LA == L->A);
    L->LA = ci__arena_new(L->ctx, L->E);
    if (!L->LA) { L->LA = L->A; CI__FAIL(L, CI_ERR_OUT_OF_MEMORY, "out of memory"); }
    L->SA = L->LA;
}

static void ci__lower_free_scratch(ci__L *L) {
    if (L->LA == L->A) return;
    ci__arena_destroy(L->LA);
    L->LA = L->SA = L->A;
    memset(&L->boxes, 0, sizeof L->boxes);
}

/* the lowering pass: each tensor's number of users (the realize rules read it), every node
   through the registry and the realize heuristics, then the outputs, written into the
   caller's arrays */
static void ci__lower_graph(ci__L *L, ci_graph *g) {
    uint32_t *map = CI__NEWN(L->A, uint32_t, g->tensors.n + 1);
    int i, j;
    ci__lower_scratch(L);
    for (i = 0; i < g->tensors.n; i++) ci__lower_gt(g, (uint32_t)i + 1)->users = 0;
    for (i = 0; i < g->nodes.n; i++) {
        const ci__node *nd = (const ci__node *)g->nodes.v[i];
        for (j = 0; j < nd->nargs + nd->nkw; j++) {
            const ci_arg *a = j < nd->nargs ? &nd->args[j] : &nd->kw[j - nd->nargs].value;
            int k;
            if (a->kind == CI_ARG_TENSOR) ci__lower_gt(g, a->u.t.id)->users++;
            if (a->kind != CI_ARG_TENSORS) continue;
            for (k = 0; k < a->u.tensors.n; k++)
                if (a->u.tensors.v[k].id) ci__lower_gt(g, a->u.tensors.v[k].id)->users++;
        }
    }
    for (i = 0; i < g->outputs.n; i++)
        ci__lower_gt(g, (uint32_t)(uintptr_t)g->outputs.v[i])->users++;
    for (i = 0; i < g->nodes.n; i++) {
        const ci__node *nd = (const ci__node *)g->nodes.v[i];
        L->graph = g; L->node_ix = i;
        ci__lower_node(L, nd, map);
        for (j = 0; j < nd->nout; j++) {
            ci_tensor r;
            r.id = map[nd->out0 + (uint32_t)j];
            ci__ir_after_node(L, ci__ir_box_get(L, r),
                              ci__lower_gt(g, nd->out0 + (uint32_t)j)->users);
            ci__lower_name_value(L, ci__ir_box_get(L, r), nd, j);
        }
    }
    L->node_op = "output";
    for (i = 0; i < g->outputs.n; i++) {
        ci_tensor r;
        r.id = map[(uint32_t)(uintptr_t)g->outputs.v[i]];
        ci__sched_output(L, ci__ir_box_get(L, r), i);
    }
    ci__lower_free_scratch(L);
}

/* -- graphs -- */
static ci__L *ci__lower_new(ci_ctx *ctx, ci__arena *A, ci__err *E, int meta) {
    ci__L *L = CI__NEW(A, ci__L);
    L->ctx = ctx;
    L->A = A;
    L->LA = L->SA = A;
    L->E = E;
    L->meta = meta;
    return L;
}

/* ---------------------------------------------------------------------------------------
   >>ops  the lowerings and decompositions, and the op table (CI__OPS) that registers them
   Each lowering receives its arguments bound to its schema (promoted and broadcast as its
   registration asks) and returns boxes. Pointwise ops build value DAGs over fresh index
   variables (make_pointwise); reductions build a kernel and realize it unless small enough
   to unroll (make_reduction); views build index maps; decompositions (softmax, gelu,
   layer_norm ...) call other ops by aten name through the registry, so a user override of
   those ops applies inside them too, as with Inductor's decomposition table. The section
   ends with CI__OPS, one row per builtin op (schema, lowering, flags, how, dtypes, notes):
   ci__ops_register_builtins walks it and tools/opsdoc.c writes docs/ops.md from it.
   Sub-sections, in this order: pointwise, reductions, calling ops, views, rearranged prims,
   creation, decompositions, decomposed pointwise, statistics, joining, cat, indexing,
   data-dependent sizes, index writes, pooling, resampling, scans, matmul/conv, sorting,
   quantization, random, the registry, the op table.
   --------------------------------------------------------------------------------------- */
/* -- pointwise: make_pointwise, the unary and binary ops, where, casts -- */
typedef struct ci__ops_pw {
    int ndim;
    int64_t size[CI_MAX_DIMS];
    ci__ix *v[CI_MAX_DIMS];
    ci_dtype dt;
} ci__ops_pw;

static void ci__ops_pw_begin(ci__L *L, ci__ops_pw *p, int n, const ci_arg *a) {
    int i, use[16];
    ci__box *like = NULL;
    p->ndim = 0; p->dt = CI_DTYPE_INVALID;
    for (i = 0; i < n; i++) if (a[i].kind == CI_ARG_TENSOR) {
        ci__box *b = ci__ir_box_get(L, a[i].u.t);
        if (b->ndim > p->ndim || p->dt == CI_DTYPE_INVALID) {
            p->ndim = b->ndim;
            memcpy(p->size, b->size, sizeof(int64_t) * (size_t)b->ndim);
        }
        if (p->dt == CI_DTYPE_INVALID) p->dt = b->dt;
    }
    if (p->dt == CI_DTYPE_INVALID) {
        for (i = 0; i < n && i < 16; i++) use[i] = 1;
        p->dt = ci__lower_result_type(L, n < 16 ? n : 16, a, use);
    }
    for (i = 0; i < n && !like; i++) if (a[i].kind == CI_ARG_TENSOR) {
        ci__box *b = ci__ir_box_get(L, a[i].u.t);
        if (!b->weak && !b->view && b->st->kind == CI__ST_PW) like = b;
    }
    ci__ir_pw_vars_like(L, like, p->ndim, p->size, p->v);
}

static ci__v *ci__ops_pw_in(ci__L *L, ci__ops_pw *p, const ci_arg *a) {
    if (a->kind == CI_ARG_TENSOR) {
        ci__box *b = ci__ir_box_get(L, a->u.t);
        if (b->ndim != p->ndim) b = ci__lower_expand(L, b, p->ndim, p->size, 0);
        return ci__ir_load(L, b, p->v);
    }
    if (a->kind == CI_ARG_FLOAT) return ci__ir_v_constf(L, p->dt, a->u.f);
    if (a->kind != CI_ARG_INT && a->kind != CI_ARG_BOOL)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: expected a Tensor or a number, got %s",
                 L->node_op ? L->node_op : "pointwise op", ci__lower_arg_kind_name(a->kind));
    return ci__ir_v_consti(L, p->dt, a->kind == CI_ARG_BOOL ? a->u.b : a->u.i);
}

static int ci__ops_pw_end(ci__L *L, ci__ops_pw *p, ci_dtype dt, ci__v *body, ci_tensor *outs) {
    outs[0] = ci__ir_tensor_of(ci__ir_pw_box(L, dt, p->ndim, p->size, p->v, body));
    return 1;
}

static void ci__ops_need_tensor(ci__L *L, const ci__opdef *op, const ci_arg *a) {
    if (a->kind != CI_ARG_TENSOR)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: argument '%s' must be a Tensor, got %s", op->name,
                 op->params[0].name, ci__lower_arg_kind_name(a->kind));
}

/* unary pointwise: op->vop */
static int ci__ops_unary(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__ops_pw p;
    ci__v *x, *r;
    ci__ops_need_tensor(L, op, &a[0]);
    ci__ops_pw_begin(L, &p, 1, a);
    if (p.dt == CI_BOOL && (op->vop == CI__V_NEG || op->vop == CI__V_ABS))
        CI__FAIL(L, CI_ERR_DTYPE, "%s: not supported for bool tensors (use logical_not)", op->name);
    if (!strcmp(op->dtypes, CI__IR_OPS_DT_FLT) &&
        !ci__dtype_is_float(p.dt)) /* the table's dtypes */
        CI__FAIL(L, CI_ERR_DTYPE, "%s: expected a floating point tensor, got %s", op->name,
                 ci__dtype_tab[p.dt].tname);
    if (op->vop == CI__V_BNOT && ci__dtype_is_float(p.dt))
        CI__FAIL(L, CI_ERR_DTYPE,
                 "%s: bitwise_not is only supported for integer and boolean tensors", op->name);
    x = ci__ops_pw_in(L, &p, &a[0]);
    switch (op->vop) {
    case -1: r = ci__ir_v_bin(L, CI__V_MAX, x, ci__ir_v_consti(L, p.dt, 0)); break;  /* relu */
    case CI__V_NOT: r = ci__ir_v_un(L, CI__V_NOT, x); break;
    case CI__V_BNOT:
        r = p.dt == CI_BOOL ? ci__ir_v_un(L, CI__V_NOT, x) : ci__ir_v_un(L, CI__V_BNOT, x);
        break;
    default: r = ci__ir_v_un(L, op->vop, x); break;
    }
    return ci__ops_pw_end(L, &p, r->dt == CI_BOOL ? CI_BOOL : p.dt, r, outs);
}

/* prims.* elementwise ops do not promote: their tensor arguments share one dtype */
static void ci__ops_prims_same_dtype(ci__L *L, const ci__opdef *op, const ci_arg *a, int n) {
    int i;
    ci_dtype dt = CI_DTYPE_INVALID;
    if (strncmp(op->name, "prims.", 6)) return;
    for (i = 0; i < n; i++) if (a[i].kind == CI_ARG_TENSOR) {
        ci_dtype d = ci__ir_box_get(L, a[i].u.t)->dt;
        if (dt == CI_DTYPE_INVALID) dt = d;
        else if (d != dt)
            CI__FAIL(L, CI_ERR_DTYPE, "%s: Tensor with dtype %s is not the expected dtype of %s",
                     op->name, ci__dtype_tab[d].tname, ci__dtype_tab[dt].tname);
    }
}

/* binary pointwise: op->vop; extra 1 = has alpha */
static int ci__ops_binary(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__ops_pw p;
    ci__v *x, *y, *r;
    int vop = op->vop;
    if (a[0].kind != CI_ARG_TENSOR && a[1].kind != CI_ARG_TENSOR)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: needs at least one Tensor argument", op->name);
    ci__ops_prims_same_dtype(L, op, a, 2);
    ci__ops_pw_begin(L, &p, 2, a);
    x = ci__ops_pw_in(L, &p, &a[0]);
    y = ci__ops_pw_in(L, &p, &a[1]);
    if (op->extra == 1) {
        ci_arg *al = &a[ci__lower_pidx(op, "alpha")];
        if (!ci__lower_is_num(al))
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: alpha must be a number", op->name);
        if (al->kind == CI_ARG_FLOAT && !ci__dtype_is_float(p.dt))
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: for integral input tensors, argument alpha must not be a floating point "
                     "number",
                     op->name);
        if (al->kind == CI_ARG_BOOL && p.dt != CI_BOOL)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: boolean alpha only supported for Boolean results",
                     op->name);
        if (ci__lower_num(al) != 1)
            y = ci__ir_v_bin(L, CI__V_MUL, y,
                             al->kind == CI_ARG_FLOAT
                                     ? ci__ir_v_constf(L, p.dt, al->u.f)
                                     : ci__ir_v_consti(L, p.dt, (int64_t)ci__lower_num(al)));
    }
    if ((vop == CI__V_BAND || vop == CI__V_BOR || vop == CI__V_BXOR || vop == CI__V_SHL ||
         vop == CI__V_SHR) &&
        ci__dtype_is_float(p.dt))
        CI__FAIL(L, CI_ERR_DTYPE, "%s: not implemented for floating point tensors", op->name);
    if ((vop == CI__V_HYPOT || vop == CI__V_NEXTAFTER || vop == CI__V_ATAN2 ||
         vop == CI__V_COPYSIGN) &&
        !ci__dtype_is_float(p.dt))
        CI__FAIL(L, CI_ERR_DTYPE, "%s: expected floating point tensors, got %s", op->name,
                 ci__dtype_tab[p.dt].tname);
    if (!ci__dtype_is_float(p.dt) && (vop == CI__V_FMAX || vop == CI__V_FMIN))
        vop = vop == CI__V_FMAX ? CI__V_MAX : CI__V_MIN;
    if (p.dt == CI_BOOL) {
        if (vop == CI__V_ADD || vop == CI__V_BOR) vop = CI__V_OR;
        else if (vop == CI__V_MUL || vop == CI__V_BAND) vop = CI__V_AND;
        else if (vop == CI__V_BXOR) vop = CI__V_NE;
        else if (vop == CI__V_REM || vop == CI__V_FMOD || vop == CI__V_FLOORDIV ||
                 vop == CI__V_SHL || vop == CI__V_SHR)
            CI__FAIL(L, CI_ERR_DTYPE, "%s: not implemented for bool tensors", op->name);
        else if (vop == CI__V_SUB)
            CI__FAIL(L, CI_ERR_DTYPE,
                     "%s: subtraction, the `-` operator, with two bool tensors is not supported",
                     op->name);
    }
    if (vop == CI__V_REM || vop == CI__V_FMOD || vop == CI__V_FLOORDIV || vop == CI__V_TRUNCDIV)
        y = ci__ir_v_checknz(L, y);
    r = ci__ir_v_bin(L, vop, x, y);
    return ci__ops_pw_end(L, &p, r->dt == CI_BOOL ? CI_BOOL : p.dt, r, outs);
}

/* div with rounding_mode (None -> true division with INT_TO_FLOAT); prims.div keeps the
   operands' dtype and divides integers truncating */
static int ci__ops_div(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    int im = ci__lower_pidx(op, "rounding_mode");
    const char *mode = (im >= 0 && a[im].kind == CI_ARG_STRING) ? a[im].u.s : NULL;
    ci__ops_pw p;
    ci__v *x, *y, *r;
    if (im >= 0 && a[im].kind != CI_ARG_NONE && a[im].kind != CI_ARG_STRING)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: rounding_mode must be None, 'trunc' or 'floor'",
                 op->name);
    if (mode && strcmp(mode, "trunc") && strcmp(mode, "floor"))
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
                 "'%s'",
                 op->name, mode);
    if (a[0].kind != CI_ARG_TENSOR && a[1].kind != CI_ARG_TENSOR)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: needs at least one Tensor argument", op->name);
    ci__ops_prims_same_dtype(L, op, a, 2);
    /* prims.div of integers truncates (torch._prims._div_aten), of floats and bools divides */
    if (!strncmp(op->name, "prims.", 6) && a[0].kind == CI_ARG_TENSOR) {
        ci_dtype d = ci__ir_box_get(L, a[0].u.t)->dt;
        if (!ci__dtype_is_float(d) && d != CI_BOOL) mode = "trunc";
    }
    ci__lower_transform(L, op, a, 2, mode ? CI_PROMOTE_DEFAULT : CI_PROMOTE_INT_TO_FLOAT, 0, 1);
    ci__ops_pw_begin(L, &p, 2, a);
    x = ci__ops_pw_in(L, &p, &a[0]);
    y = ci__ops_pw_in(L, &p, &a[1]);
    if (!mode) r = ci__ir_v_bin(L, CI__V_DIV, x, y);
    else if (p.dt == CI_BOOL)
        CI__FAIL(L, CI_ERR_DTYPE, "%s: rounding division is not supported for bool tensors",
                 op->name);
    else
        r = ci__ir_v_bin(L, mode[0] == 't' ? CI__V_TRUNCDIV : CI__V_FLOORDIV, x,
                         ci__ir_v_checknz(L, y));
    return ci__ops_pw_end(L, &p, p.dt, r, outs);
}

/* x ** n for a small integer n, by squaring (Inductor's pow_recursive) */
static ci__v *ci__ops_pow_int(ci__L *L, ci__v *x, int64_t n) {
    ci__v *r;
    if (n == 0) return ci__ir_v_consti(L, x->dt, 1);
    if (n == 1) return x;
    r = ci__ops_pow_int(L, ci__ir_v_bin(L, CI__V_MUL, x, x), n / 2);
    return (n & 1) ? ci__ir_v_bin(L, CI__V_MUL, r, x) : r;
}

static int ci__ops_pow(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__ops_pw p;
    ci__v *x, *r;
    if (a[0].kind != CI_ARG_TENSOR && a[1].kind != CI_ARG_TENSOR)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: needs at least one Tensor argument", op->name);
    ci__ops_pw_begin(L, &p, 2, a);
    if (a[0].kind == CI_ARG_TENSOR && ci__lower_is_num(&a[1])) {
        double e = ci__lower_num(&a[1]);
        x = ci__ops_pw_in(L, &p, &a[0]);
        if (p.dt == CI_BOOL) x = ci__ir_v_cast(L, x, CI_I64), p.dt = CI_BOOL;
        if (e == floor(e) && fabs(e) < 32) {
            int64_t n = (int64_t)e;
            if (!ci__dtype_is_float(p.dt) && n < 0)
                CI__FAIL(L, CI_ERR_INVALID_ARGS,
                         "%s: integers to negative integer powers are not allowed", op->name);
            r = n >= 0 ? ci__ops_pow_int(L, x, n)
                       : ci__ir_v_un(L, CI__V_RECIP, ci__ops_pow_int(L, x, -n));
        } else if (e == 0.5 && ci__dtype_is_float(p.dt)) {
            r = ci__ir_v_un(L, CI__V_SQRT, x);
        } else {
            r = ci__ir_v_bin(L, CI__V_POW, x, ci__ops_pw_in(L, &p, &a[1]));
        }
    } else {
        ci__v *y;
        x = ci__ops_pw_in(L, &p, &a[0]);
        y = ci__ops_pw_in(L, &p, &a[1]);
        r = ci__ir_v_bin(L, CI__V_POW, x, y);
    }
    return ci__ops_pw_end(L, &p, p.dt, ci__ir_v_cast(L, r, p.dt), outs);
}

/* clamp(self, min=None, max=None); clamp_min / clamp_max via extra (1 min only, 2 max only) */
static int ci__ops_clamp(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__ops_pw p;
    ci__v *x;
    int has_min = op->extra != 2 && a[1].kind != CI_ARG_NONE;
    int has_max = op->extra == 2 ? a[1].kind != CI_ARG_NONE
                                 : (op->extra != 1 && a[2].kind != CI_ARG_NONE);
    ci_arg *amax = op->extra == 2 ? &a[1] : &a[2];
    ci__ops_need_tensor(L, op, &a[0]);
    if (!has_min && !has_max)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: at least one of 'min' or 'max' must not be None",
                 op->name);
    ci__ops_pw_begin(L, &p, op->nparams, a);
    x = ci__ops_pw_in(L, &p, &a[0]);
    if (p.dt == CI_BOOL)
        CI__FAIL(L, CI_ERR_DTYPE, "%s: not implemented for bool tensors", op->name);
    if (has_min) x = ci__ir_v_bin(L, CI__V_MAX, x, ci__ops_pw_in(L, &p, &a[1]));
    if (has_max) x = ci__ir_v_bin(L, CI__V_MIN, x, ci__ops_pw_in(L, &p, amax));
    return ci__ops_pw_end(L, &p, p.dt, x, outs);
}

/* where(condition, self, other) */
static int ci__ops_where(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__ops_pw p;
    ci__v *c, *x, *y;
    int use[3] = {0, 1, 1};
    ci_dtype dt;
    int i, nd = 0;
    int64_t shape[CI_MAX_DIMS];
    ci__ops_need_tensor(L, op, &a[0]);
    if (ci__ir_box_get(L, a[0].u.t)->dt != CI_BOOL && ci__ir_box_get(L, a[0].u.t)->dt != CI_U8)
        CI__FAIL(L, CI_ERR_DTYPE,
                 "%s: where expected condition to be a boolean tensor, but got a tensor with dtype "
                 "%s",
                 op->name, ci__dtype_tab[ci__ir_box_get(L, a[0].u.t)->dt].name);
    dt = ci__lower_result_type(L, 3, a, use);
    for (i = 0; i < 3; i++) if (a[i].kind == CI_ARG_TENSOR) {
        ci__box *b = ci__ir_box_get(L, a[i].u.t);
        if (i > 0) b = ci__lower_to_dtype(L, b, dt);
        ci__lower_broadcast_shape(L, op->name, nd, shape, b->ndim, b->size, &nd, shape);
        a[i].u.t = ci__ir_tensor_of(b);
    }
    for (i = 0; i < 3; i++) if (a[i].kind == CI_ARG_TENSOR)
        a[i].u.t = ci__ir_tensor_of(ci__lower_expand(L, ci__ir_box_get(L, a[i].u.t), nd, shape, 1));
    ci__ops_pw_begin(L, &p, 1, a);
    p.dt = dt;
    c = ci__ir_v_cast(L, ci__ops_pw_in(L, &p, &a[0]), CI_BOOL);
    x = ci__ir_v_cast(L, ci__ops_pw_in(L, &p, &a[1]), dt);
    y = ci__ir_v_cast(L, ci__ops_pw_in(L, &p, &a[2]), dt);
    return ci__ops_pw_end(L, &p, dt, ci__ir_v_op(L, CI__V_WHERE, c, x, y), outs);
}

/* where(condition) is nonzero(condition, as_tuple=True): ndim results of a size known only after
   a run, which cinductor cannot return (aten.nonzero gives them as one [count, ndim] tensor) */
/* where(condition): nonzero(condition, as_tuple=True), one i64 tensor of indices per dim (one
   for a 0-d condition), each as long as the count of non-zeros: an extern kernel of that many
   results (cinductor.nonzero_<n>d), whose sizes are known only after a run */
static const char *const ci__ops_nonzero_tuple_names[CI_MAX_DIMS] = {
    "cinductor.nonzero_1d", "cinductor.nonzero_2d", "cinductor.nonzero_3d", "cinductor.nonzero_4d",
    "cinductor.nonzero_5d", "cinductor.nonzero_6d", "cinductor.nonzero_7d", "cinductor.nonzero_8d"};
static int ci__ops_where_cond(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *c = ci__lower_arg_box(L, op, a, 0);
    ci_arg arg;
    arg.kind = CI_ARG_TENSOR; arg.u.t = ci__ir_tensor_of(c);
    int n = c->ndim ? c->ndim : 1;
    return ci__lower_call_op(L, ci__ops_nonzero_tuple_names[n - 1], 1, &arg, 0, NULL, outs, n);
}

/* _to_copy / convert_element_type / to.dtype */
static int ci__ops_to_copy(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int id = ci__lower_pidx(op, "dtype");
    ci_dtype dt = ci__lower_arg_dtype_opt(L, op, a, id);
    ci__ix *v[CI_MAX_DIMS] = {0};
    if (!dt) {
        if (op->extra) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: dtype is required", op->name);
        dt = x->dt;
    }
    ci__ir_pw_vars(L, x->ndim, x->size, v);
    outs[0] = ci__ir_tensor_of(
            ci__ir_pw_box(L, dt, x->ndim, x->size, v, ci__ir_v_cast(L, ci__ir_load(L, x, v), dt)));
    return 1;
}

/* -- reductions -- */
static int ci__ops_norm_dims(ci__L *L, const ci__opdef *op, ci__box *x, int nd, const int64_t *dims,
                             char *red) {
    int i, n = 0;
    memset(red, 0, CI_MAX_DIMS);
    if (nd <= 0) {   /* None or [] = all dims */
        for (i = 0; i < x->ndim; i++) red[i] = 1;
        return x->ndim;
    }
    for (i = 0; i < nd; i++) {
        int64_t d = ci__lower_wrap_dim(L, op, dims[i], x->ndim);
        if (x->ndim == 0) continue;
        if (red[d])
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: dim %lld appears multiple times in the list of dims", op->name,
                     (long long)d);
        red[d] = 1; n++;
    }
    return n;
}

static int ci__ops_red_vop(int rtype) {
    switch (rtype) {
    case CI__RED_SUM: return CI__V_ADD;
    case CI__RED_PROD: return CI__V_MUL;
    case CI__RED_MAX: return CI__V_MAX;
    case CI__RED_MIN: return CI__V_MIN;
    case CI__RED_ANY: return CI__V_OR;
    case CI__RED_ALL: return CI__V_AND;
    case CI__RED_XOR_SUM: return CI__V_BXOR;
    }
    return -1;
}

/* make_reduction: x reduced over red[] into dtype out_dt (x already converted as needed) */
static ci__box *ci__ops_reduce_box(ci__L *L, const ci__opdef *op, ci__box *x, const char *red,
                                   int keepdim, int rtype, ci_dtype out_dt) {
    int64_t osize[CI_MAX_DIMS] = {0}, rsize[CI_MAX_DIMS], rnumel = 1, onumel;
    ci__ix *ov[CI_MAX_DIMS], *rv[CI_MAX_DIMS], *xi[CI_MAX_DIMS];
    int i, no = 0, nr = 0;
    ci__v *body;
    for (i = 0; i < x->ndim; i++) {
        if (red[i]) {
            rsize[nr++] = x->size[i];
            rnumel *= x->size[i];
            if (keepdim) osize[no++] = 1;
        } else
            osize[no++] = x->size[i];
    }
    onumel = ci__ir_numel(no, osize);
    if (rnumel == 0 && !(rtype == CI__RED_SUM || rtype == CI__RED_PROD || rtype == CI__RED_ANY ||
                         rtype == CI__RED_ALL || rtype == CI__RED_XOR_SUM)) {
        if (onumel != 0 || x->ndim == 0 || nr == x->ndim)
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: cannot perform reduction function %s on a tensor with no elements "
                     "because the operation does not have an identity",
                     op->name, ci__ir_red_name[rtype]);
    }
    ci__ir_pw_vars(L, no, osize, ov);
    for (i = 0; i < nr; i++) rv[i] = ci__ix_newvar(L->A, &L->ixt, rsize[i], 1);
    {
        int o = 0, r = 0;
        for (i = 0; i < x->ndim; i++) {
            if (red[i]) { xi[i] = rv[r++]; if (keepdim) o++; }
            else xi[i] = ov[o++];
        }
    }
    body = ci__ir_load(L, x, xi);
    if (rtype == CI__RED_ANY || rtype == CI__RED_ALL) body = ci__ir_v_cast(L, body, CI_BOOL);
    else if (rtype != CI__RED_ARGMAX && rtype != CI__RED_ARGMIN)
        body = ci__ir_v_cast(L, body, out_dt);
    if (rnumel == 0 || (rnumel == 1 && rtype != CI__RED_ARGMAX && rtype != CI__RED_ARGMIN) ||
        (rnumel < CI__IR_UNROLL_REDUCTIONS && onumel != 1 && rtype != CI__RED_ARGMAX &&
         rtype != CI__RED_ARGMIN) ||
        ((rtype == CI__RED_ARGMAX || rtype == CI__RED_ARGMIN) && rnumel == 1)) {
        /* unrolled into a pointwise node */
        ci__v *acc = NULL;
        int64_t k;
        if (rtype == CI__RED_ARGMAX || rtype == CI__RED_ARGMIN) acc = ci__ir_v_consti(L, CI_I64, 0);
        else if (rnumel == 0)
            acc = ci__ir_v_consti(L, out_dt,
                                  (rtype == CI__RED_PROD || rtype == CI__RED_ALL) ? 1 : 0);
        for (k = 0; k < rnumel && rtype != CI__RED_ARGMAX && rtype != CI__RED_ARGMIN; k++) {
            ci__ix *rc[CI_MAX_DIMS];
            ci__ix_smap s;
            int64_t rem = k;
            ci__v *e;
            for (i = nr - 1; i >= 0; i--) {
                rc[i] = ci__ix_const(L->A, &L->ixt, rem % rsize[i]);
                rem /= rsize[i];
            }
            ci__ir_ixsub_make(L, &s, nr, rv, rc);
            e = ci__ir_v_subst(L, body, &s);
            /* bools xor as !=, as bitwise_xor does */
            acc = acc ? ci__ir_v_bin(L,
                                     rtype == CI__RED_XOR_SUM && out_dt == CI_BOOL
                                             ? CI__V_NE
                                             : ci__ops_red_vop(rtype),
                                     acc, e)
                      : e;
        }
        return ci__ir_pw_box(L, out_dt, no, osize, ov, ci__ir_v_cast(L, acc, out_dt));
    }
    {
        ci__buf *buf = ci__ir_buf_new(L, CI__BUF_COMPUTED, out_dt, no, osize);
        ci__kernel *k = ci__ir_kernel_new(L, CI__K_REDUCTION, buf);
        k->ndim = no;
        for (i = 0; i < no; i++) { k->size[i] = osize[i]; k->vars[i] = ov[i]; }
        k->nr = nr;
        for (i = 0; i < nr; i++) { k->rsize[i] = rsize[i]; k->rvars[i] = rv[i]; }
        k->rtype = rtype;
        k->body = body;
        return ci__ir_buf_box(L, buf);
    }
}

/* sum/prod/amax/amin/any/all/argmax/argmin: op->extra = reduction type */
static int ci__ops_reduce(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int pd = ci__lower_pidx(op, "dim"), pk = ci__lower_pidx(op, "keepdim"),
        pt = ci__lower_pidx(op, "dtype");
    int64_t dims[CI_MAX_DIMS];
    int nd = pd >= 0 ? ci__lower_arg_ints(L, op, a, pd, dims, CI_MAX_DIMS) : -1;
    int keepdim = pk >= 0 ? ci__lower_arg_bool(L, op, a, pk) : 0;
    ci_dtype dt = pt >= 0 ? ci__lower_arg_dtype_opt(L, op, a, pt) : CI_DTYPE_INVALID;
    char red[CI_MAX_DIMS];
    int rtype = op->extra;
    ci_dtype out_dt;
    if (rtype == CI__RED_ARGMAX || rtype == CI__RED_ARGMIN) {
        if (nd < 0) {   /* argmax over the flattened tensor */
            int64_t n = ci__ir_numel(x->ndim, x->size), ones[CI_MAX_DIMS];
            int i;
            ci__box *flat;
            ci__ix *v[1], *m[CI_MAX_DIMS];
            int64_t rem;
            ci__ir_pw_vars(L, 1, &n, v);
            rem = 1;
            for (i = x->ndim - 1; i >= 0; i--) {
                m[i] = ci__ix_mod(
                        L->A, &L->ixt,
                        ci__ix_fdiv(L->A, &L->ixt, v[0], ci__ix_const(L->A, &L->ixt, rem)),
                        ci__ix_const(L->A, &L->ixt, x->size[i]));
                rem *= x->size[i];
            }
            flat = ci__ir_view_box(L, x, 1, &n, v, m);
            memset(red, 1, sizeof red);
            {
                ci__box *r = ci__ops_reduce_box(L, op, flat, red, 0, rtype, CI_I64);
                if (keepdim && x->ndim > 0) {
                    ci__ix *vv[CI_MAX_DIMS];
                    for (i = 0; i < x->ndim; i++) ones[i] = 1;
                    ci__ir_pw_vars(L, x->ndim, ones, vv);
                    r = ci__ir_view_box(L, r, x->ndim, ones, vv, vv);
                }
                outs[0] = ci__ir_tensor_of(r);
            }
            return 1;
        }
        if (nd != 1) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: dim must be a single int", op->name);
        if (x->ndim > 0 && x->size[ci__lower_wrap_dim(L, op, dims[0], x->ndim)] == 0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: expected reduction dim %lld to have non-zero size", op->name,
                     (long long)dims[0]);
    }
    ci__ops_norm_dims(L, op, x, nd, dims, red);
    switch (rtype) {
    case CI__RED_SUM: case CI__RED_PROD:
        out_dt = dt ? dt : ((ci__dtype_is_int(x->dt) || x->dt == CI_BOOL) ? CI_I64 : x->dt);
        break;
    case CI__RED_ANY: case CI__RED_ALL: out_dt = x->dt == CI_U8 ? CI_U8 : CI_BOOL; break;
    case CI__RED_ARGMAX: case CI__RED_ARGMIN: out_dt = CI_I64; break;
    default: out_dt = x->dt; break;
    }
    if ((rtype == CI__RED_MAX || rtype == CI__RED_MIN) && x->ndim > 0) {
        int i;
        for (i = 0; i < x->ndim; i++) if (red[i] && x->size[i] == 0)
                CI__FAIL(L, CI_ERR_INVALID_ARGS,
                         "%s: expected reduction dim %d to have non-zero size", op->name, i);
    }
    if (dt && (rtype == CI__RED_SUM || rtype == CI__RED_PROD)) x = ci__lower_to_dtype(L, x, dt);
    outs[0] = ci__ir_tensor_of(ci__ops_reduce_box(L, op, x, red, keepdim, rtype, out_dt));
    if (out_dt == CI_U8 && (rtype == CI__RED_ANY || rtype == CI__RED_ALL))
        outs[0] = ci__ir_tensor_of(ci__lower_to_dtype(L, ci__ir_box_get(L, outs[0]), CI_U8));
    return 1;
}

/* max.dim / min.dim -> (values, indices); with dim None (the packet) -> full amax/amin */
static int ci__ops_maxdim(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int pd = ci__lower_pidx(op, "dim"), pk = ci__lower_pidx(op, "keepdim");
    int64_t dims[CI_MAX_DIMS];
    int nd = pd >= 0 ? ci__lower_arg_ints(L, op, a, pd, dims, 1) : -1;
    int keepdim = pk >= 0 ? ci__lower_arg_bool(L, op, a, pk) : 0;
    char red[CI_MAX_DIMS];
    int is_max = op->extra == CI__RED_MAX;
    if (nd < 0) {
        if (ci__ir_numel(x->ndim, x->size) == 0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: %s(): expected a non-empty tensor", op->name,
                     is_max ? "max" : "min");
        ci__ops_norm_dims(L, op, x, -1, dims, red);
        outs[0] = ci__ir_tensor_of(ci__ops_reduce_box(L, op, x, red, 0, op->extra, x->dt));
        return 1;
    }
    if (nd != 1) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: dim must be a single int", op->name);
    ci__ops_norm_dims(L, op, x, 1, dims, red);
    if (x->ndim > 0 && x->size[ci__lower_wrap_dim(L, op, dims[0], x->ndim)] == 0)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: expected reduction dim %lld to have non-zero size",
                 op->name, (long long)dims[0]);
    outs[0] = ci__ir_tensor_of(
            ci__ops_reduce_box(L, op, x, red, keepdim, is_max ? CI__RED_MAX : CI__RED_MIN, x->dt));
    outs[1] = ci__ir_tensor_of(ci__ops_reduce_box(
            L, op, x, red, keepdim, is_max ? CI__RED_ARGMAX : CI__RED_ARGMIN, CI_I64));
    return 2;
}

/* -- calling other ops from a decomposition -- */
static ci_arg ci__ops_T(ci__box *b) {
    ci_arg r;
    r.kind = CI_ARG_TENSOR;
    r.u.t = ci__ir_tensor_of(b);
    return r;
}

static ci__box *ci__ops_callb(ci__L *L, const char *name, int n, const ci_arg *args) {
    ci_tensor o[CI_MAX_OUTPUTS];
    int k = ci__lower_call_op(L, name, n, args, 0, NULL, o, CI_MAX_OUTPUTS);
    CI__ASSERT(k >= 1);
    return ci__ir_box_get(L, o[0]);
}

static ci__box *ci__ops_call2(ci__L *L, const char *name, ci_arg x, ci_arg y) {
    ci_arg a[2];
    a[0] = x; a[1] = y;
    return ci__ops_callb(L, name, 2, a);
}

static ci__box *ci__ops_call1(ci__L *L, const char *name, ci_arg x) {
    return ci__ops_callb(L, name, 1, &x);
}

static ci__box *ci__ops_dimred(ci__L *L, const char *name, ci__box *x, int nd, const int64_t *dims,
                               int keepdim) {
    ci_arg a[3];
    a[0] = ci__ops_T(x);
    a[1] = ci_arg_ints(dims, nd);
    a[2] = ci_arg_bool(keepdim);
    return ci__ops_callb(L, name, 3, a);
}

/* mean(self, dim=None, keepdim=False, *, dtype=None) */
static int ci__ops_mean(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *s;
    int pd = ci__lower_pidx(op, "dim"), pk = ci__lower_pidx(op, "keepdim");
    ci_dtype dt = ci__lower_arg_dtype_opt(L, op, a, ci__lower_pidx(op, "dtype")), cdt;
    int64_t dims[CI_MAX_DIMS], n = 1;
    int nd = pd >= 0 ? ci__lower_arg_ints(L, op, a, pd, dims, CI_MAX_DIMS) : -1,
        keepdim = pk >= 0 ? ci__lower_arg_bool(L, op, a, pk) : 0, i;
    char red[CI_MAX_DIMS];
    ci__ix *v[CI_MAX_DIMS] = {0};
    if (!dt) dt = x->dt;
    if (!ci__dtype_is_float(dt))
        CI__FAIL(L, CI_ERR_DTYPE,
                 "%s: mean(): could not infer output dtype. Input dtype must be either a floating "
                 "point or complex dtype. Got: %s",
                 op->name, ci__dtype_tab[dt].tname);
    ci__ops_norm_dims(L, op, x, nd, dims, red);
    for (i = 0; i < x->ndim; i++) if (red[i]) n *= x->size[i];
    cdt = ci__dtype_opmath(dt);
    s = ci__ops_reduce_box(L, op, ci__lower_to_dtype(L, x, cdt), red, keepdim, CI__RED_SUM, cdt);
    ci__ir_pw_vars(L, s->ndim, s->size, v);
    outs[0] = ci__ir_tensor_of(ci__ir_pw_box(
            L, dt, s->ndim, s->size, v,
            ci__ir_v_bin(L, CI__V_DIV, ci__ir_load(L, s, v), ci__ir_v_constf(L, cdt, (double)n))));
    return 1;
}

/* -- views -- */
static void ci__ops_infer_size(ci__L *L, const ci__opdef *op, int64_t numel, int n,
                               int64_t *shape) {
    int i, neg = -1, ovf = 0;
    int64_t p = 1;
    for (i = 0; i < n && !ovf; i++) {
        if (shape[i] == -1) {
            if (neg >= 0)
                CI__FAIL(L, CI_ERR_SHAPE, "%s: only one dimension can be inferred", op->name);
            neg = i;
        } else if (shape[i] < 0)
            CI__FAIL(L, CI_ERR_SHAPE, "%s: invalid shape dimension %lld", op->name,
                     (long long)shape[i]);
        else ovf = ci__util_mul_ovf(p, shape[i], &p);
    }
    if (!ovf && neg >= 0 && p != 0 && numel % p == 0) shape[neg] = numel / p;
    else if (ovf || neg >= 0 || p != numel)
        CI__FAIL(L, CI_ERR_SHAPE, "%s: shape '%s' is invalid for input of size %lld", op->name,
                 ci__ir_shape(L, n, shape), (long long)numel);
}

/* reshape as an index map: flat index of the new shape, unravelled into the old one */
static ci__box *ci__ops_reshape(ci__L *L, ci__box *x, int n, const int64_t *shape) {
    ci__ix *v[CI_MAX_DIMS], *m[CI_MAX_DIMS], *flat;
    int i, j;
    int64_t s = 1;
    ci__ir_pw_vars(L, n, shape, v);
    /* only size-1 dims added or dropped (an unsqueeze): the other dims map one to one (the
       same maps the flat index gives once simplified, without building it) */
    for (i = j = 0; i < x->ndim; i++) {
        if (x->size[i] == 1) { m[i] = ci__ix_const(L->A, &L->ixt, 0); continue; }
        while (j < n && shape[j] == 1) j++;
        if (j == n || shape[j] != x->size[i]) break;
        m[i] = v[j++];
    }
    while (j < n && shape[j] == 1) j++;
    if (i == x->ndim && j == n) return ci__ir_view_box(L, x, n, shape, v, m);
    flat = ci__ix_const(L->A, &L->ixt, 0);
    for (i = n - 1; i >= 0; i--) {
        flat = ci__ix_add(L->A, &L->ixt, flat, ci__ix_scale(L->A, &L->ixt, v[i], s));
        s *= shape[i];
    }
    s = 1;
    for (i = x->ndim - 1; i >= 0; i--) {
        m[i] = ci__ix_mod(L->A, &L->ixt,
                          ci__ix_fdiv(L->A, &L->ixt, flat, ci__ix_const(L->A, &L->ixt, s)),
                          ci__ix_const(L->A, &L->ixt, x->size[i] ? x->size[i] : 1));
        s *= x->size[i];
    }
    return ci__ir_view_box(L, x, n, shape, v, m);
}

static int ci__ops_view(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t shape[CI_MAX_DIMS];
    int n = ci__lower_arg_ints(L, op, a, 1, shape, CI_MAX_DIMS);
    if (n < 0) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: size must be a list of ints", op->name);
    if (op->vop == 1) {   /* prims.reshape: the whole shape, no -1 to infer */
        int i;
        for (i = 0; i < n; i++) if (shape[i] < 0)
                CI__FAIL(L, CI_ERR_INVALID_ARGS,
                         "%s: the new shape has a negative size %lld (prims.reshape infers none)",
                         op->name, (long long)shape[i]);
    }
    ci__ops_infer_size(L, op, ci__ir_numel(x->ndim, x->size), n, shape);
    outs[0] = ci__ir_tensor_of(ci__ops_reshape(L, x, n, shape));
    return 1;
}

static ci__box *ci__ops_permute_box(ci__L *L, ci__box *x, const int64_t *perm) {
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    int64_t size[CI_MAX_DIMS];
    int i;
    for (i = 0; i < x->ndim; i++) size[i] = x->size[perm[i]];
    ci__ir_pw_vars(L, x->ndim, size, v);
    for (i = 0; i < x->ndim; i++) m[perm[i]] = v[i];
    return ci__ir_view_box(L, x, x->ndim, size, v, m);
}

static int ci__ops_permute(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t p[CI_MAX_DIMS];
    char seen[CI_MAX_DIMS];
    int n = ci__lower_arg_ints(L, op, a, 1, p, CI_MAX_DIMS), i;
    if (n != x->ndim)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: number of dims don't match in permute (%d vs %d)",
                 op->name, n, x->ndim);
    memset(seen, 0, sizeof seen);
    for (i = 0; i < n; i++) {
        p[i] = ci__lower_wrap_dim(L, op, p[i], x->ndim);
        if (seen[p[i]]) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: repeated dim in permute", op->name);
        seen[p[i]] = 1;
    }
    outs[0] = ci__ir_tensor_of(ci__ops_permute_box(L, x, p));
    return 1;
}

static int ci__ops_transpose(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t p[CI_MAX_DIMS], d0, d1;
    int i;
    if (op->extra) {  /* t() */
        if (x->ndim > 2)
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: t() expects a tensor with <= 2 dimensions, but self is %dD", op->name,
                     x->ndim);
        d0 = 0; d1 = x->ndim == 2 ? 1 : 0;
    } else {
        d0 = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 1), x->ndim);
        d1 = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 2), x->ndim);
    }
    if (x->ndim == 0) { outs[0] = ci__ir_tensor_of(x); return 1; }
    for (i = 0; i < x->ndim; i++) p[i] = i;
    p[d0] = d1; p[d1] = d0;
    outs[0] = ci__ir_tensor_of(ci__ops_permute_box(L, x, p));
    return 1;
}

static int ci__ops_expand(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t s[CI_MAX_DIMS];
    int n = ci__lower_arg_ints(L, op, a, 1, s, CI_MAX_DIMS), i, off;
    if (n < x->ndim)
        CI__FAIL(L, CI_ERR_SHAPE,
                 "%s: the number of sizes provided (%d) must be greater or equal to the number of "
                 "dimensions in the tensor (%d)",
                 op->name, n, x->ndim);
    off = n - x->ndim;
    for (i = 0; i < n; i++) {
        if (i < off) {
            if (s[i] < 0)
                CI__FAIL(L, CI_ERR_SHAPE,
                         "%s: the expanded size of the tensor (%lld) isn't allowed in a leading, "
                         "non-existing dimension %d",
                         op->name, (long long)s[i], i);
            continue;
        }
        if (s[i] == -1) s[i] = x->size[i - off];
        else if (x->size[i - off] != 1 && s[i] != x->size[i - off])
            CI__FAIL(L, CI_ERR_SHAPE, "%s: the expanded size of the tensor (%lld) must match the "
                     "existing size (%lld) at non-singleton dimension %d.  Target sizes: %s.  "
                     "Tensor sizes: %s", op->name, (long long)s[i], (long long)x->size[i - off], i,
                     ci__ir_shape(L, n, s), ci__ir_shape(L, x->ndim, x->size));
        else if (s[i] < 0)
            CI__FAIL(L, CI_ERR_SHAPE, "%s: invalid size %lld", op->name, (long long)s[i]);
    }
    outs[0] = ci__ir_tensor_of(ci__lower_expand(L, x, n, s, 1));
    return 1;
}

static int ci__ops_squeeze(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t d[CI_MAX_DIMS], shape[CI_MAX_DIMS];
    char drop[CI_MAX_DIMS];
    int pd = ci__lower_pidx(op, "dim");
    int nd = pd >= 0 ? ci__lower_arg_ints(L, op, a, pd, d, CI_MAX_DIMS) : -1, i, n = 0;
    memset(drop, 0, sizeof drop);
    if (nd < 0) { for (i = 0; i < x->ndim; i++) drop[i] = x->size[i] == 1; }
    else for (i = 0; i < nd; i++) {
        int64_t k = ci__lower_wrap_dim(L, op, d[i], x->ndim);
        if (x->ndim > 0 && x->size[k] == 1) drop[k] = 1;
    }
    for (i = 0; i < x->ndim; i++) if (!drop[i]) shape[n++] = x->size[i];
    outs[0] = ci__ir_tensor_of(n == x->ndim ? x : ci__ops_reshape(L, x, n, shape));
    return 1;
}

static int ci__ops_unsqueeze(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t d = ci__lower_arg_int(L, op, a, 1), shape[CI_MAX_DIMS];
    int i, n = 0;
    if (d < -(x->ndim + 1) || d > x->ndim)
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: dimension out of range (expected to be in range of [%d, %d], but got %lld)",
                 op->name, -(x->ndim + 1), x->ndim, (long long)d);
    if (d < 0) d += x->ndim + 1;
    if (x->ndim + 1 > CI_MAX_DIMS) CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: too many dims", op->name);
    for (i = 0; i <= x->ndim; i++) shape[n++] = i == d ? 1 : x->size[i < d ? i : i - 1];
    outs[0] = ci__ir_tensor_of(ci__ops_reshape(L, x, n, shape));
    return 1;
}

static ci__box *ci__ops_slice_box(ci__L *L, ci__box *x, int dim, int64_t start, int64_t end,
                                  int64_t step) {
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    int64_t size[CI_MAX_DIMS], sz = x->size[dim];
    int i;
    if (start < 0) start += sz;
    if (end < 0) end += sz;
    if (start < 0) start = 0;
    if (start > sz) start = sz;
    if (end < start) end = start;
    if (end > sz) end = sz;
    memcpy(size, x->size, sizeof(int64_t) * (size_t)x->ndim);
    /* (end - start + step - 1 may pass int64) */
    size[dim] = end > start ? (end - start - 1) / step + 1 : 0;
    if (size[dim] <= 1) step = 1;   /* one element: the step is not used (and may be near 2^63) */
    ci__ir_pw_vars(L, x->ndim, size, v);
    for (i = 0; i < x->ndim; i++) m[i] = v[i];
    m[dim] = ci__ix_add(L->A, &L->ixt, ci__ix_scale(L->A, &L->ixt, v[dim], step),
                        ci__ix_const(L->A, &L->ixt, start));
    return ci__ir_view_box(L, x, x->ndim, size, v, m);
}

static int ci__ops_slice(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t dim = ci__lower_arg_int(L, op, a, 1);
    int64_t start = a[2].kind == CI_ARG_NONE ? 0 : ci__lower_arg_int(L, op, a, 2);
    int64_t end = a[3].kind == CI_ARG_NONE ? INT64_MAX : ci__lower_arg_int(L, op, a, 3);
    int64_t step = ci__lower_arg_int(L, op, a, 4);
    if (x->ndim == 0)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: slice() cannot be applied to a 0-dim tensor",
                 op->name);
    dim = ci__lower_wrap_dim(L, op, dim, x->ndim);
    if (step <= 0) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: slice step must be positive", op->name);
    outs[0] = ci__ir_tensor_of(ci__ops_slice_box(L, x, (int)dim, start, end, step));
    return 1;
}

static int ci__ops_select(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t dim, idx = ci__lower_arg_int(L, op, a, 2), shape[CI_MAX_DIMS];
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    int i, n = 0;
    if (x->ndim == 0)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: select() cannot be applied to a 0-dim tensor",
                 op->name);
    dim = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 1), x->ndim);
    if (idx < -x->size[dim] || idx >= x->size[dim])
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: select(): index %lld out of range for tensor of size %lld at dimension %lld",
                 op->name, (long long)idx, (long long)x->size[dim], (long long)dim);
    if (idx < 0) idx += x->size[dim];
    for (i = 0; i < x->ndim; i++) if (i != dim) shape[n++] = x->size[i];
    ci__ir_pw_vars(L, n, shape, v);
    for (i = 0, n = 0; i < x->ndim; i++)
        m[i] = i == dim ? ci__ix_const(L->A, &L->ixt, idx) : v[n++];
    outs[0] = ci__ir_tensor_of(ci__ir_view_box(L, x, n, shape, v, m));
    return 1;
}

/* an as_strided view of N dims over a storage of CAP elements: sizes, strides and offset
   non-negative, the furthest element inside the storage */
static void ci__ops_strided_check(ci__L *L, const ci__opdef *op, int n, const int64_t *size,
                                  const int64_t *stride, int64_t off, int64_t cap) {
    int64_t maxi = off;
    int i;
    if (off < 0) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: negative storage offset", op->name);
    for (i = 0; i < n; i++) {
        if (size[i] < 0 || stride[i] < 0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: negative size or stride", op->name);
        if (size[i] == 0) { maxi = -1; break; }
        maxi = ci__ix_sat_add(maxi, ci__ix_sat_mul(size[i] - 1, stride[i]));
    }
    if (maxi >= cap)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: setStorage: sizes %s, strides %s with storage offset "
                 "%lld require %lld elements, but storage has %lld", op->name,
                 ci__ir_shape(L, n, size), ci__ir_shape(L, n, stride), (long long)off,
                 (long long)(maxi + 1), (long long)cap);
}

/* the flat storage index off + sum v[i] * stride[i] */
static ci__ix *ci__ops_strided_flat(ci__L *L, int n, const int64_t *size, const int64_t *stride,
                                    int64_t off, ci__ix *const *v) {
    ci__ix *flat = ci__ix_const(L->A, &L->ixt, off);
    int i;
    for (i = 0; i < n; i++)
        if (size[i] != 1)
            flat = ci__ix_add(L->A, &L->ixt, flat, ci__ix_scale(L->A, &L->ixt, v[i], stride[i]));
    return flat;
}

/* as_strided(self, size, stride, storage_offset=None): realizes x and indexes its storage */
static int ci__ops_as_strided(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *b;
    int64_t size[CI_MAX_DIMS], stride[CI_MAX_DIMS], off, cap;
    int n = ci__lower_arg_ints(L, op, a, 1, size, CI_MAX_DIMS),
        ns = ci__lower_arg_ints(L, op, a, 2, stride, CI_MAX_DIMS), i;
    ci__ix *v[CI_MAX_DIMS] = {0}, *flat;
    ci__buf *buf;
    if (n < 0 || ns != n)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: mismatch in length of strides and shape", op->name);
    if (x->copied)
        CI__FAIL(L, CI_ERR_UNSUPPORTED,
                 "%s: the input is a view through so many reshapes and permutes that cinductor "
                 "copied it: "
                 "its base storage is not available",
                 op->name);
    ci__ir_realize(L, x);
    buf = x->st->buf;
    if (a[3].kind == CI_ARG_NONE) {  /* the view's own storage offset */
        ci__ix *z[CI_MAX_DIMS];
        ci__ix_smap s;
        int64_t zero[CI_MAX_DIMS];
        for (i = 0; i < x->ndim; i++) z[i] = ci__ix_const(L->A, &L->ixt, 0);
        memset(zero, 0, sizeof zero);
        if (!x->view) off = buf->offset;
        else {
            ci__ir_ixsub_make(L, &s, x->ndim, x->vars, z);
            if (x->view == 2) off = ci__ix_eval(ci__ix_subst(L->A, &L->ixt, x->map[0], &s), zero);
            else {
                ci__ix *sidx[CI_MAX_DIMS];
                for (i = 0; i < x->st->ndim; i++)
                    sidx[i] = ci__ix_subst(L->A, &L->ixt, x->map[i], &s);
                off = ci__ix_eval(ci__ir_buf_index(L, buf, sidx), zero);
            }
        }
    } else off = ci__lower_arg_int(L, op, a, 3);
    cap = ci__ir_numel(buf->ndim, buf->size) + buf->offset;
    ci__ops_strided_check(L, op, n, size, stride, off, cap);
    ci__ir_pw_vars(L, n, size, v);
    flat = ci__ops_strided_flat(L, n, size, stride, off, v);
    b = ci__ir_box_new(L, x->dt, n, size);
    b->vars = CI__NEWN(L->LA, ci__ix *, n);
    b->map = CI__NEWN(L->LA, ci__ix *, 1);
    b->st = x->st;
    b->view = 2;
    b->map[0] = flat;
    for (i = 0; i < n; i++) b->vars[i] = v[i];
    outs[0] = ci__ir_tensor_of(b);
    return 1;
}

static int ci__ops_clone(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    ci__ix *v[CI_MAX_DIMS] = {0};
    ci__ir_pw_vars(L, x->ndim, x->size, v);
    outs[0] = ci__ir_tensor_of(ci__ir_pw_box(L, x->dt, x->ndim, x->size, v, ci__ir_load(L, x, v)));
    return 1;
}

static int ci__ops_nop(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    outs[0] = ci__ir_tensor_of(ci__lower_arg_box(L, op, a, 0));
    return 1;
}

static ci__ix *ci__ops_K(ci__L *L, int64_t v) { return ci__ix_const(L->A, &L->ixt, v); }
static ci__ix *ci__ops_ixadd(ci__L *L, ci__ix *a, ci__ix *b) {
    return ci__ix_add(L->A, &L->ixt, a, b);
}

static ci__ix *ci__ops_ixscale(ci__L *L, ci__ix *a, int64_t k) {
    return ci__ix_scale(L->A, &L->ixt, a, k);
}

/* clamp(i, 0, n - 1): an index that is always in bounds (for loads a where() then discards) */
static ci__ix *ci__ops_ixclamp(ci__L *L, ci__ix *i, int64_t n) {
    return ci__ix_min(L->A, &L->ixt, ci__ix_max(L->A, &L->ixt, i, ci__ops_K(L, 0)),
                      ci__ops_K(L, n > 0 ? n - 1 : 0));
}

static ci__v *ci__ops_ixval(ci__L *L, ci__ix *e) { return ci__ir_v_index(L, e, CI_I64); }
static ci__v *ci__ops_in_range(ci__L *L, ci__ix *e, int64_t lo, int64_t hi) {   /* lo <= e < hi */
    ci__v *x = ci__ops_ixval(L, e);
    if (e->lo >= lo && e->hi < hi) return ci__ir_v_consti(L, CI_BOOL, 1);
    return ci__ir_v_bin(L, CI__V_AND, ci__ir_v_bin(L, CI__V_GE, x, ci__ir_v_consti(L, CI_I64, lo)),
                        ci__ir_v_bin(L, CI__V_LT, x, ci__ir_v_consti(L, CI_I64, hi)));
}

/* split.Tensor(self, split_size, dim=0) and split_with_sizes(self, split_sizes, dim=0) (vop 1) */
static int ci__ops_split(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t sizes[64], dim, sz, off = 0;
    int n, i;
    if (x->ndim == 0) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: cannot split a 0-d tensor", op->name);
    dim = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 2), x->ndim);
    sz = x->size[dim];
    if (op->vop) {
        int64_t tot = 0;
        n = ci__lower_arg_ints(L, op, a, 1, sizes, 64);
        int ovf = 0;
        for (i = 0; i < n; i++) {
            if (sizes[i] < 0) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: negative split size", op->name);
            ovf |= ci__util_add_ovf(tot, sizes[i], &tot);
        }
        if (n <= 0 || ovf || tot != sz)
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: split_with_sizes expects split_sizes to sum exactly to %lld (input "
                     "tensor's size at dimension %lld), but got sum %lld",
                     op->name, (long long)sz, (long long)dim, (long long)tot);
    } else {
        int64_t s = ci__lower_arg_int(L, op, a, 1);
        if (s < 0 || (s == 0 && sz != 0))
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: split_size must be positive, got %lld", op->name,
                     (long long)s);
        int64_t pieces = s == 0 || sz == 0 ? 1 : (sz - 1) / s + 1;
        if (pieces > 64)
            CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: at most 64 pieces are supported (got %lld)",
                     op->name, (long long)pieces);
        n = (int)pieces;
        for (i = 0; i < n; i++) sizes[i] = (sz - (int64_t)i * s) < s ? sz - (int64_t)i * s : s;
    }
    for (i = 0; i < n; i++) {
        outs[i] = ci__ir_tensor_of(ci__ops_slice_box(L, x, (int)dim, off, off + sizes[i], 1));
        off += sizes[i];
    }
    return n;
}

static ci__box *ci__ops_select_box(ci__L *L, ci__box *x, int dim, int64_t idx) {
    int64_t shape[CI_MAX_DIMS];
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    int i, n = 0;
    for (i = 0; i < x->ndim; i++) if (i != dim) shape[n++] = x->size[i];
    ci__ir_pw_vars(L, n, shape, v);
    for (i = 0, n = 0; i < x->ndim; i++) m[i] = i == dim ? ci__ops_K(L, idx) : v[n++];
    return ci__ir_view_box(L, x, n, shape, v, m);
}

/* unbind.int(self, dim=0) */
static int ci__ops_unbind(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t dim, i;
    if (x->ndim == 0)
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: dimension specified as 0 but tensor has no dimensions", op->name);
    dim = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 1), x->ndim);
    if (x->size[dim] > 64)
        CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: at most 64 results are supported", op->name);
    if (x->size[dim] == 0)
        CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: unbinding a size-0 dim gives no tensors", op->name);
    for (i = 0; i < x->size[dim]; i++)
        outs[i] = ci__ir_tensor_of(ci__ops_select_box(L, x, (int)dim, i));
    return (int)x->size[dim];
}

/* unfold(self, dimension, size, step): windows along a dim, as a new last dim */
static int ci__ops_unfold(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t dim, size = ci__lower_arg_int(L, op, a, 2), step = ci__lower_arg_int(L, op, a, 3),
                 shape[CI_MAX_DIMS], n;
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    int i, nd = x->ndim ? x->ndim + 1 : 1;
    dim = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 1), x->ndim);
    n = x->ndim ? x->size[dim] : 1;
    if (size < 0 || size > n)
        CI__FAIL(L, CI_ERR_SHAPE,
                 "%s: maximum size for tensor at dimension %lld is %lld but size is %lld", op->name,
                 (long long)dim, (long long)n, (long long)size);
    if (step <= 0)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: step is %lld but must be > 0", op->name,
                 (long long)step);
    if (nd > CI_MAX_DIMS) CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: too many dims", op->name);
    for (i = 0; i < x->ndim; i++) shape[i] = x->size[i];
    if (x->ndim) shape[dim] = (n - size) / step + 1;
    /* one window: the step is not used (and may be near 2^63) */
    if (x->ndim && shape[dim] <= 1) step = 1;
    shape[nd - 1] = size;
    ci__ir_pw_vars(L, nd, shape, v);
    for (i = 0; i < x->ndim; i++) m[i] = v[i];
    if (x->ndim) m[dim] = ci__ops_ixadd(L, ci__ops_ixscale(L, v[dim], step), v[nd - 1]);
    if (x->ndim == 0) {
        outs[0] = ci__ir_tensor_of(ci__ops_reshape(L, x, 1, shape + nd - 1));
        return 1;
    }
    ci__ir_mark_reuse(L, x, size / (step < size ? step : size) + 1);
    outs[0] = ci__ir_tensor_of(ci__ir_view_box(L, x, nd, shape, v, m));
    return 1;
}

/* diagonal(self, offset=0, dim1=0, dim2=1) */
static int ci__ops_diagonal(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t off = ci__lower_arg_int(L, op, a, 1), d1, d2, shape[CI_MAX_DIMS], len;
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    int i, n = 0;
    if (x->ndim < 2)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: diagonal needs at least 2 dims", op->name);
    d1 = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 2), x->ndim);
    d2 = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 3), x->ndim);
    if (d1 == d2)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: diagonal dimensions cannot be identical %lld, %lld",
                 op->name, (long long)d1, (long long)d2);
    len = off >= 0 ? (x->size[d2] - off < x->size[d1] ? x->size[d2] - off : x->size[d1])
                   : (x->size[d1] + off < x->size[d2] ? x->size[d1] + off : x->size[d2]);
    if (len <= 0) { len = 0; off = 0; }   /* empty: the offset is not used (and may be near 2^63) */
    for (i = 0; i < x->ndim; i++) if (i != d1 && i != d2) shape[n++] = x->size[i];
    shape[n++] = len;
    ci__ir_pw_vars(L, n, shape, v);
    for (i = 0, n = 0; i < x->ndim; i++) if (i != d1 && i != d2) m[i] = v[n++];
    m[d1] = off >= 0 ? v[n] : ci__ops_ixadd(L, v[n], ci__ops_K(L, -off));
    m[d2] = off >= 0 ? ci__ops_ixadd(L, v[n], ci__ops_K(L, off)) : v[n];
    outs[0] = ci__ir_tensor_of(ci__ir_view_box(L, x, n + 1, shape, v, m));
    return 1;
}

/* flip(self, dims) / prims.rev(a, dims) */
static int ci__ops_flip(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t dims[CI_MAX_DIMS];
    int nd = ci__lower_arg_ints(L, op, a, 1, dims, CI_MAX_DIMS), i;
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    char fl[CI_MAX_DIMS];
    memset(fl, 0, sizeof fl);
    for (i = 0; i < nd; i++) {
        int64_t d = ci__lower_wrap_dim(L, op, dims[i], x->ndim);
        if (fl[d])
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: dim %lld appears multiple times in the list of dims", op->name,
                     (long long)d);
        fl[d] = 1;
    }
    ci__ir_pw_vars(L, x->ndim, x->size, v);
    for (i = 0; i < x->ndim; i++)
        m[i] = fl[i] ? ci__ops_ixadd(L, ci__ops_ixscale(L, v[i], -1), ci__ops_K(L, x->size[i] - 1))
                     : v[i];
    outs[0] = ci__ir_tensor_of(ci__ir_view_box(L, x, x->ndim, x->size, v, m));
    return 1;
}

/* roll(self, shifts, dims=[]) */
static int ci__ops_roll(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *r;
    int64_t sh[CI_MAX_DIMS], dims[CI_MAX_DIMS];
    int ns = ci__lower_arg_ints(L, op, a, 1, sh, CI_MAX_DIMS),
        nd = ci__lower_arg_ints(L, op, a, 2, dims, CI_MAX_DIMS), i;
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    if (nd <= 0) {   /* roll the flattened tensor, then restore the shape */
        int64_t n = ci__ir_numel(x->ndim, x->size), s;
        ci__ix *w[1];
        if (ns != 1)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: shifts must be a single int when dims is empty",
                     op->name);
        r = ci__ops_reshape(L, x, 1, &n);
        s = n ? ci__util_pymod(sh[0], n) : 0;
        ci__ir_pw_vars(L, 1, &n, w);
        m[0] = ci__ix_mod(L->A, &L->ixt, ci__ops_ixadd(L, w[0], ci__ops_K(L, n - s)),
                          ci__ops_K(L, n ? n : 1));
        r = ci__ir_view_box(L, r, 1, &n, w, m);
        outs[0] = ci__ir_tensor_of(ci__ops_reshape(L, r, x->ndim, x->size));
        return 1;
    }
    if (ns != nd)
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: shifts and dimensions must align. shifts: %d, dims: %d", op->name, ns, nd);
    ci__ir_pw_vars(L, x->ndim, x->size, v);
    for (i = 0; i < x->ndim; i++) m[i] = v[i];
    for (i = 0; i < nd; i++) {
        int64_t d = ci__lower_wrap_dim(L, op, dims[i], x->ndim), n = x->size[d],
                s = n ? ci__util_pymod(sh[i], n) : 0;
        m[d] = ci__ix_mod(L->A, &L->ixt, ci__ops_ixadd(L, m[d], ci__ops_K(L, n - s)),
                          ci__ops_K(L, n ? n : 1));
    }
    outs[0] = ci__ir_tensor_of(ci__ir_view_box(L, x, x->ndim, x->size, v, m));
    return 1;
}

/* movedim(self, source, destination) */
static int ci__ops_movedim(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t src[CI_MAX_DIMS], dst[CI_MAX_DIMS], perm[CI_MAX_DIMS];
    int ns = ci__lower_arg_ints(L, op, a, 1, src, CI_MAX_DIMS),
        nd = ci__lower_arg_ints(L, op, a, 2, dst, CI_MAX_DIMS), i, k;
    char used_src[CI_MAX_DIMS], used_dst[CI_MAX_DIMS];
    if (ns != nd)
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: Invalid source or destination dims: source (%d dims) should contain the same "
                 "number of dims as destination (%d dims)",
                 op->name, ns, nd);
    memset(used_src, 0, sizeof used_src); memset(used_dst, 0, sizeof used_dst);
    for (i = 0; i < x->ndim; i++) perm[i] = -1;
    for (i = 0; i < ns; i++) {
        src[i] = ci__lower_wrap_dim(L, op, src[i], x->ndim);
        dst[i] = ci__lower_wrap_dim(L, op, dst[i], x->ndim);
        if (used_src[src[i]] || used_dst[dst[i]])
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: repeated dim", op->name);
        used_src[src[i]] = used_dst[dst[i]] = 1;
        perm[dst[i]] = src[i];
    }
    for (i = 0, k = 0; i < x->ndim; i++) {
        if (perm[i] >= 0) continue;
        while (used_src[k]) k++;
        perm[i] = k++;
    }
    if (x->ndim == 0) { outs[0] = ci__ir_tensor_of(x); return 1; }
    outs[0] = ci__ir_tensor_of(ci__ops_permute_box(L, x, perm));
    return 1;
}

/* narrow(self, dim, start, length) */
static int ci__ops_narrow(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t dim, start = ci__lower_arg_int(L, op, a, 2), len = ci__lower_arg_int(L, op, a, 3);
    if (x->ndim == 0)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: narrow() cannot be applied to a 0-dim tensor",
                 op->name);
    dim = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 1), x->ndim);
    if (start < 0) start += x->size[dim];
    if (start < 0 || start > x->size[dim] || len < 0 || len > x->size[dim] - start)
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: start (%lld) + length (%lld) exceeds dimension size (%lld)", op->name,
                 (long long)start, (long long)len, (long long)x->size[dim]);
    outs[0] = ci__ir_tensor_of(ci__ops_slice_box(L, x, (int)dim, start, start + len, 1));
    return 1;
}

/* narrow.Tensor(self, dim, start, length): start is a 0-d integer tensor, whose value is known
   only when the program runs, so the slice is an index_select of start + arange(length) */
static int ci__ops_narrow_tensor(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *s = ci__lower_arg_box(L, op, a, 2), *idx;
    int64_t dim, len = ci__lower_arg_int(L, op, a, 3);
    ci_arg e[3];
    if (x->ndim == 0)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: narrow() cannot be applied to a 0-dim tensor",
                 op->name);
    if (s->ndim != 0 || ci__dtype_is_float(s->dt) || s->dt == CI_BOOL)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: start must be an 0-dim integral Tensor", op->name);
    dim = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 1), x->ndim);
    if (len < 0 || len > x->size[dim])
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: length (%lld) out of range for dimension size (%lld)",
                 op->name, (long long)len, (long long)x->size[dim]);
    s = ci__lower_to_dtype(L, s, CI_I64);
    /* a negative start counts from the end once; index_select refuses what is still out of range */
    e[0] = ci__ops_T(ci__ops_call2(L, "aten.lt.Scalar", ci__ops_T(s), ci_arg_int(0)));
    e[1] = ci__ops_T(ci__ops_call2(L, "aten.add.Scalar", ci__ops_T(s), ci_arg_int(x->size[dim])));
    e[2] = ci__ops_T(s);
    s = ci__ops_callb(L, "aten.where.self", 3, e);
    idx = ci__ops_call2(L, "aten.add.Tensor",
                        ci__ops_T(ci__ops_call1(L, "aten.arange.default", ci_arg_int(len))),
                        ci__ops_T(s));
    e[0] = ci__ops_T(x);
    e[1] = ci_arg_int(dim);
    e[2] = ci__ops_T(idx);
    outs[0] = ci__ir_tensor_of(ci__ops_callb(L, "aten.index_select.default", 3, e));
    return 1;
}

/* tril / triu (vop 1) (self, diagonal=0) */
static int ci__ops_tril(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t k = ci__lower_arg_int(L, op, a, 1);
    ci__ix *v[CI_MAX_DIMS] = {0};
    ci__v *d, *keep;
    if (x->ndim < 2)
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: tril/triu: input tensor must have at least 2 dimensions", op->name);
    ci__ir_pw_vars(L, x->ndim, x->size, v);
    d = ci__ops_ixval(L, ci__ix_sub(L->A, &L->ixt, v[x->ndim - 1], v[x->ndim - 2])); /* col - row */
    keep = ci__ir_v_bin(L, op->vop ? CI__V_GE : CI__V_LE, d, ci__ir_v_consti(L, CI_I64, k));
    outs[0] = ci__ir_tensor_of(
            ci__ir_pw_box(L, x->dt, x->ndim, x->size, v,
                          ci__ir_v_op(L, CI__V_WHERE, keep, ci__ir_load(L, x, v),
                                      ci__ir_v_consti(L, ci__dtype_opmath(x->dt), 0))));
    return 1;
}

/* repeat(self, repeats) */
static int ci__ops_repeat(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t r[CI_MAX_DIMS], shape[CI_MAX_DIMS] = {0};
    int n = ci__lower_arg_ints(L, op, a, 1, r, CI_MAX_DIMS), i, off;
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    if (n < x->ndim)
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: number of dimensions of repeat dims can not be smaller than number of "
                 "dimensions of tensor",
                 op->name);
    off = n - x->ndim;
    for (i = 0; i < n; i++) {
        if (r[i] < 0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: trying to create tensor with negative dimension",
                     op->name);
        int64_t t;
        if (ci__util_mul_ovf(r[i], i < off ? 1 : x->size[i - off], &t))
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: repeats %lld times a size %lld overflows int64",
                     op->name, (long long)r[i], (long long)x->size[i - off]);
        shape[i] = t;
    }
    ci__ir_pw_vars(L, n, shape, v);
    for (i = 0; i < x->ndim; i++)
        m[i] = x->size[i] == 1 ? ci__ops_K(L, 0)
                               : ci__ix_mod(L->A, &L->ixt, v[i + off],
                                            ci__ops_K(L, x->size[i] ? x->size[i] : 1));
    if (ci__ir_numel(x->ndim, x->size) > 0)
        ci__ir_mark_reuse(L, x, ci__ir_numel(n, shape) / ci__ir_numel(x->ndim, x->size));
    outs[0] = ci__ir_tensor_of(ci__ir_view_box(L, x, n, shape, v, m));
    return 1;
}

static int ci__ops_expand_as(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *o = ci__lower_arg_box(L, op, a, 1);
    ci_arg e[2];
    e[0] = ci__ops_T(x); e[1] = ci_arg_ints(o->size, o->ndim);
    outs[0] = ci__ir_tensor_of(ci__ops_callb(L, "aten.expand.default", 2, e));
    return 1;
}

/* broadcast_tensors(tensors) */
static int ci__ops_broadcast_tensors(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    int n, i, nd = 0;
    int64_t shape[CI_MAX_DIMS];
    if (a[0].kind != CI_ARG_TENSORS)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: expected a list of tensors", op->name);
    n = a[0].u.tensors.n;
    if (n > 64) CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: at most 64 tensors", op->name);
    for (i = 0; i < n; i++)
        if (!a[0].u.tensors.v[i].id)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: None in the tensor list", op->name);
    for (i = 0; i < n; i++) {
        ci__box *b = ci__ir_box_get(L, a[0].u.tensors.v[i]);
        ci__lower_broadcast_shape(L, op->name, nd, shape, b->ndim, b->size, &nd, shape);
    }
    for (i = 0; i < n; i++)
        outs[i] = ci__ir_tensor_of(
                ci__lower_expand(L, ci__ir_box_get(L, a[0].u.tensors.v[i]), nd, shape, 1));
    return n;
}

/* prims.broadcast_in_dim(a, shape, broadcast_dimensions) */
static int ci__ops_broadcast_in_dim(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t shape[CI_MAX_DIMS], bd[CI_MAX_DIMS];
    int n = ci__lower_arg_ints(L, op, a, 1, shape, CI_MAX_DIMS),
        nb = ci__lower_arg_ints(L, op, a, 2, bd, CI_MAX_DIMS), i;
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    if (nb != x->ndim)
        CI__FAIL(L, CI_ERR_SHAPE, "%s: broadcast_dimensions must name every input dim", op->name);
    ci__ir_pw_vars(L, n, shape, v);
    for (i = 0; i < nb; i++) {
        if (bd[i] < 0 || bd[i] >= n)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: broadcast dimension out of range", op->name);
        if (x->size[i] != 1 && x->size[i] != shape[bd[i]])
            CI__FAIL(L, CI_ERR_SHAPE, "%s: size mismatch", op->name);
        m[i] = x->size[i] == 1 ? ci__ops_K(L, 0) : v[bd[i]];
    }
    outs[0] = ci__ir_tensor_of(ci__ir_view_box(L, x, n, shape, v, m));
    return 1;
}

/* -- prims that are another op's arguments rearranged (PyTorch 1.13 runs them through aten) -- */
enum {
    CI__PR_SUM = 1,
    CI__PR_PROD,
    CI__PR_AMAX,
    CI__PR_AMIN,
    CI__PR_POW,
    CI__PR_SQUEEZE,
    CI__PR_SLICE,
    CI__PR_SLICE_IN_DIM,
    CI__PR_SPLIT_DIM,
    CI__PR_COLLAPSE_VIEW,
    CI__PR_XOR_SUM
};
static int ci__ops_prims(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *r = x;
    int64_t d[CI_MAX_DIMS], e[CI_MAX_DIMS], st[CI_MAX_DIMS], shape[CI_MAX_DIMS];
    int n, i, k;
    ci_arg c[5];
    switch (op->extra) {
    /* (inp, dims, *, output_dtype=None): aten's reduction */
    case CI__PR_SUM: case CI__PR_AMAX: case CI__PR_AMIN: {
        ci_dtype dt = ci__lower_arg_dtype_opt(L, op, a, 2);
        c[0] = ci__ops_T(x);
        c[1] = a[1];
        c[2] = ci_arg_bool(0);
        r = ci__ops_callb(L,
                          op->extra == CI__PR_SUM    ? "aten.sum.dim_IntList"
                          : op->extra == CI__PR_AMAX ? "aten.amax.default"
                                                     : "aten.amin.default",
                          3, c);
        if (dt) r = ci__lower_to_dtype(L, r, dt);
        break;
    }
    /* (inp, dims, *, output_dtype=None): Inductor's make_reduction("xor_sum"), None or [] = all
     * dims */
    case CI__PR_XOR_SUM: {
        ci_dtype dt = ci__lower_arg_dtype_opt(L, op, a, 2);
        char red[CI_MAX_DIMS];
        if (ci__dtype_is_float(x->dt))
            CI__FAIL(L, CI_ERR_DTYPE,
                     "%s: xor_sum is only defined for integer and bool tensors, got %s", op->name,
                     ci__dtype_tab[x->dt].tname);
        n = ci__lower_arg_ints(L, op, a, 1, d, CI_MAX_DIMS);
        ci__ops_norm_dims(L, op, x, n, d, red);
        r = ci__ops_reduce_box(L, op, x, red, 0, CI__RED_XOR_SUM, x->dt);
        if (dt) r = ci__lower_to_dtype(L, r, dt);
        break;
    }
    case CI__PR_PROD: {   /* one dim after the other, the last first; no dims: all of them */
        ci_dtype dt = ci__lower_arg_dtype_opt(L, op, a, 2);
        n = ci__lower_arg_ints(L, op, a, 1, d, CI_MAX_DIMS);
        if (n < 0) r = ci__ops_call1(L, "aten.prod.default", ci__ops_T(x));
        for (i = 0; i < n; i++)
            for (k = i + 1; k < n; k++)
                if (d[k] > d[i]) {
                    int64_t t = d[i];
                    d[i] = d[k];
                    d[k] = t;
                }
        for (i = 0; i < n; i++) {
            if (d[i] < 0 || d[i] >= r->ndim)
                CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: dim %lld out of range", op->name,
                         (long long)d[i]);
            r = ci__ops_call2(L, "aten.prod.dim_int", ci__ops_T(r), ci_arg_int(d[i]));
        }
        if (dt) r = ci__lower_to_dtype(L, r, dt);
        break;
    }
    case CI__PR_POW: {    /* no promotion: both of one dtype */
        ci__box *y = ci__lower_arg_box(L, op, a, 1);
        if (y->dt != x->dt)
            CI__FAIL(L, CI_ERR_DTYPE, "%s: Tensor with dtype %s is not the expected dtype of %s",
                     op->name, ci__dtype_tab[y->dt].tname, ci__dtype_tab[x->dt].tname);
        r = ci__ops_call2(L, "aten.pow.Tensor_Tensor", ci__ops_T(x), ci__ops_T(y));
        break;
    }
    case CI__PR_SQUEEZE:  /* (a, dimensions): each listed dim, of size 1 */
        n = ci__lower_arg_ints(L, op, a, 1, d, CI_MAX_DIMS);
        for (i = 0, k = 0; i < x->ndim; i++) {
            int listed = 0, j;
            for (j = 0; j < n; j++) if (ci__lower_wrap_dim(L, op, d[j], x->ndim) == i) listed = 1;
            if (listed && x->size[i] != 1)
                CI__FAIL(L, CI_ERR_SHAPE, "%s: dim %d has size %lld, not 1", op->name, i,
                         (long long)x->size[i]);
            if (!listed) shape[k++] = x->size[i];
        }
        r = ci__ops_reshape(L, x, k, shape);
        break;
    case CI__PR_SLICE: {  /* (a, start_indices, limit_indices, strides=None): a slice per dim */
        int ns = ci__lower_arg_ints(L, op, a, 1, d, CI_MAX_DIMS),
            ne = ci__lower_arg_ints(L, op, a, 2, e, CI_MAX_DIMS);
        int nt = ci__lower_arg_ints(L, op, a, 3, st, CI_MAX_DIMS);
        if (ns != x->ndim || ne != x->ndim || (nt >= 0 && nt != x->ndim))
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: start_indices, limit_indices and strides need one entry per dim",
                     op->name);
        for (i = 0; i < x->ndim; i++) {
            if (d[i] < 0 || e[i] < d[i] || e[i] > x->size[i] || (nt >= 0 && st[i] <= 0))
                CI__FAIL(L, CI_ERR_INVALID_ARGS,
                         "%s: bad slice [%lld, %lld) of dim %d of size %lld", op->name,
                         (long long)d[i], (long long)e[i], i, (long long)x->size[i]);
            c[0] = ci__ops_T(r);
            c[1] = ci_arg_int(i);
            c[2] = ci_arg_int(d[i]);
            c[3] = ci_arg_int(e[i]);
            c[4] = ci_arg_int(nt >= 0 ? st[i] : 1);
            r = ci__ops_callb(L, "aten.slice.Tensor", 5, c);
        }
        break;
    }
    case CI__PR_SLICE_IN_DIM: /* (a, start_index, limit_index, stride=1, axis=0) */
        c[0] = ci__ops_T(x);
        c[1] = a[4];
        c[2] = a[1];
        c[3] = a[2];
        c[4] = a[3];
        r = ci__ops_callb(L, "aten.slice.Tensor", 5, c);
        break;
    /* (a, dim, outer_length): dim becomes [outer_length, size / outer_length] */
    case CI__PR_SPLIT_DIM: {
        int64_t dim = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 1), x->ndim),
                outer = ci__lower_arg_int(L, op, a, 2);
        if (outer <= 0 || x->size[dim] % outer)
            CI__FAIL(L, CI_ERR_SHAPE, "%s: outer_length %lld does not divide size %lld", op->name,
                     (long long)outer, (long long)x->size[dim]);
        if (x->ndim + 1 > CI_MAX_DIMS)
            CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: more than %d dims", op->name, CI_MAX_DIMS);
        for (i = 0, k = 0; i < x->ndim; i++) {
            if (i == dim) { shape[k++] = outer; shape[k++] = x->size[i] / outer; }
            else shape[k++] = x->size[i];
        }
        r = ci__ops_reshape(L, x, k, shape);
        break;
    }
    case CI__PR_COLLAPSE_VIEW: {  /* (a, start, end): dims [start, end) become one */
        int64_t s0 = ci__lower_arg_int(L, op, a, 1), e0 = ci__lower_arg_int(L, op, a, 2);
        if (s0 < 0 || e0 > x->ndim || s0 >= e0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: bad dims [%lld, %lld) of %d", op->name,
                     (long long)s0, (long long)e0, x->ndim);
        for (i = 0, k = 0; i < x->ndim; i++) {
            if (i > s0 && i < e0) shape[k - 1] *= x->size[i];
            else shape[k++] = x->size[i];
        }
        r = ci__ops_reshape(L, x, k, shape);
        break;
    }
    default: CI__ASSERT(0);
    }
    outs[0] = ci__ir_tensor_of(r);
    return 1;
}

/* -- creation -- */
static ci_dtype ci__ops_scalar_dtype(const ci_arg *v) {
    return v->kind == CI_ARG_FLOAT ? CI_F32 : v->kind == CI_ARG_BOOL ? CI_BOOL : CI_I64;
}

/* PyTorch's Scalar conversion to dt (c10::overflows): 0 when the number value does not fit.
   Floats refuse a finite value past their max; integers a value outside their range (u8 takes
   integer negatives down to -255) and NaN. Shared by full / fill and ci_const_scalar. */
static int ci__ops_scalar_fits(ci_dtype dt, const ci_arg *value) {
    double f = ci__lower_num(value);
    if (dt == CI_F16 || dt == CI_BF16 || dt == CI_F32) {
        double mx = dt == CI_F16    ? 65504.0
                    : dt == CI_BF16 ? 3.3895313892515355e38
                                    : 3.4028234663852886e38;
        return !((f > mx || f < -mx) && !isinf(f));
    } else if (dt != CI_BOOL && dt != CI_F64) {
        int bits = 8 * (int)ci__dtype_tab[dt].size;
        double hi = dt == CI_U8 ? 255.0 : ldexp(1.0, bits - 1) - 1;
        double lo =
                dt == CI_U8 ? (value->kind == CI_ARG_FLOAT ? 0.0 : -255.0) : -ldexp(1.0, bits - 1);
        int bad = value->kind == CI_ARG_FLOAT
                          ? (f != f || f < lo || (bits == 64 ? f >= ldexp(1.0, 63) : f > hi))
                          : value->kind == CI_ARG_INT && dt != CI_I64 &&
                                    (value->u.i < (int64_t)lo || value->u.i > (int64_t)hi);
        return !bad;
    }
    return 1;
}

static int ci__ops_full_fill(ci__L *L, const ci__opdef *op, int n, const int64_t *shape,
                             const ci_arg *value, ci_dtype dt, ci_tensor *outs) {
    ci__ix *v[CI_MAX_DIMS] = {0};
    int i;
    for (i = 0; i < n; i++) if (shape[i] < 0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: trying to create tensor with negative dimension %lld", op->name,
                     (long long)shape[i]);
    if (!ci__lower_is_num(value))
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: fill_value must be a number", op->name);
    if (!ci__ops_scalar_fits(dt, value))
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: value %g cannot be converted to type %s without overflow", op->name,
                 ci__lower_num(value), ci__dtype_tab[dt].tname);
    ci__ir_pw_vars(L, n, shape, v);
    outs[0] = ci__ir_tensor_of(ci__ir_pw_box(
            L, dt, n, shape, v,
            value->kind == CI_ARG_FLOAT ? ci__ir_v_constf(L, dt, value->u.f)
                                        : ci__ir_v_consti(L, dt, (int64_t)ci__lower_num(value))));
    return 1;
}

/* full / zeros / ones (extra: 0 full, 1 zeros, 2 ones) and the *_like forms (vop = 1) */
static int ci__ops_full(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    int64_t shape[CI_MAX_DIMS];
    int n;
    ci_arg val;
    ci_dtype dt = ci__lower_arg_dtype_opt(L, op, a, ci__lower_pidx(op, "dtype"));
    if (op->vop) {
        ci__box *x = ci__lower_arg_box(L, op, a, 0);
        n = x->ndim;
        memcpy(shape, x->size, sizeof(int64_t) * (size_t)n);
        if (!dt) dt = x->dt;
    } else {
        n = ci__lower_arg_ints(L, op, a, 0, shape, CI_MAX_DIMS);
        if (n < 0) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: size must be a list of ints", op->name);
    }
    if (op->extra == 0) val = a[ci__lower_pidx(op, "fill_value")];
    else val = ci_arg_int(op->extra == 2 ? 1 : 0);
    if (!dt) dt = op->extra == 0 ? ci__ops_scalar_dtype(&val) : CI_F32;
    return ci__ops_full_fill(L, op, n, shape, &val, dt, outs);
}

/* arange(start, end=None, step=1, *, dtype=None ...) and its overloads */
static int ci__ops_arange(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    int ps = ci__lower_pidx(op, "start"), pe = ci__lower_pidx(op, "end"),
        pst = ci__lower_pidx(op, "step");
    ci_arg s0 = ps >= 0 ? a[ps] : ci_arg_int(0), e0 = a[pe], st = pst >= 0 ? a[pst] : ci_arg_int(1);
    ci_dtype dt = ci__lower_arg_dtype_opt(L, op, a, ci__lower_pidx(op, "dtype"));
    double start, end, step, len;
    int64_t n;
    int isint;
    ci__ix *v[1];
    ci__v *body;
    if (e0.kind == CI_ARG_NONE) { e0 = s0; s0 = ci_arg_int(0); }
    if (!ci__lower_is_num(&s0) || !ci__lower_is_num(&e0) || !ci__lower_is_num(&st))
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: start, end and step must be numbers", op->name);
    start = ci__lower_num(&s0);
    end = ci__lower_num(&e0);
    step = ci__lower_num(&st);
    isint = s0.kind != CI_ARG_FLOAT && e0.kind != CI_ARG_FLOAT && st.kind != CI_ARG_FLOAT;
    if (!dt) dt = isint ? CI_I64 : CI_F32;
    if (step == 0) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: step must be nonzero", op->name);
    if (!(start == start && end == end && isfinite(start) && isfinite(end)))
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: unsupported range: %g -> %g", op->name, start, end);
    /* the length exactly, in unsigned arithmetic (end - start may pass 2^63) */
    if (isint && !ci__dtype_is_float(dt)) {
        int64_t s = ci__lower_arg_int(L, op, &s0, 0), e = ci__lower_arg_int(L, op, &e0, 0),
                k = ci__lower_arg_int(L, op, &st, 0);
        uint64_t span, ustep, un;
        if ((k > 0 && e < s) || (k < 0 && e > s))
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: upper bound and larger bound inconsistent with step sign", op->name);
        span = k > 0 ? (uint64_t)e - (uint64_t)s : (uint64_t)s - (uint64_t)e;
        ustep = k > 0 ? (uint64_t)k : 0 - (uint64_t)k;
        un = span / ustep + (span % ustep != 0);
        if (un > (uint64_t)INT64_MAX)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: invalid size, possible overflow?", op->name);
        n = (int64_t)un;
    } else {
        if ((step > 0 && end < start) || (step < 0 && end > start))
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: upper bound and larger bound inconsistent with step sign", op->name);
        /* in double, as PyTorch does for every dtype but int64 */
        len = ceil((end - start) / step);
        if (!(len >= 0 && len < 9223372036854775808.0))
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: invalid size, possible overflow?", op->name);
        n = (int64_t)len;
    }
    ci__ir_pw_vars(L, 1, &n, v);
    if (ci__dtype_is_float(dt) || s0.kind == CI_ARG_FLOAT || st.kind == CI_ARG_FLOAT) {
        /* computed in double, then rounded to dt, as PyTorch's CPU kernel does */
        ci__v *i = ci__ir_v_cast(L, ci__ir_v_index(L, v[0], CI_I64), CI_F64);
        ci__v *at = ci__ir_v_bin(L, CI__V_MUL, i, ci__ir_v_constf(L, CI_F64, step));
        body = ci__ir_v_bin(L, CI__V_ADD, at, ci__ir_v_constf(L, CI_F64, start));
    } else {   /* wraps in the kernel where i * step passes 2^63; the sum does not */
        ci__v *k = ci__ir_v_consti(L, CI_I64, ci__lower_arg_int(L, op, &st, 0));
        ci__v *at = ci__ir_v_bin(L, CI__V_MUL, ci__ir_v_index(L, v[0], CI_I64), k);
        body = ci__ir_v_bin(L, CI__V_ADD, at,
                            ci__ir_v_consti(L, CI_I64, ci__lower_arg_int(L, op, &s0, 0)));
    }
    outs[0] = ci__ir_tensor_of(ci__ir_pw_box(L, dt, 1, &n, v, ci__ir_v_cast(L, body, dt)));
    return 1;
}

/* empty / new_* / scalar_tensor / eye / linspace / iota / fill / copy: op->extra picks */
enum {
    CI__CR_EMPTY = 1,
    CI__CR_EMPTY_LIKE,
    CI__CR_EMPTY_STRIDED,
    CI__CR_NEW_EMPTY,
    CI__CR_NEW_ZEROS,
    CI__CR_NEW_ONES,
    CI__CR_NEW_FULL,
    CI__CR_SCALAR_TENSOR,
    CI__CR_EYE,
    CI__CR_LINSPACE,
    CI__CR_IOTA,
    CI__CR_FILL,
    CI__CR_COPY
};
static int ci__ops_create(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    int pt = ci__lower_pidx(op, "dtype");
    ci_dtype dt = pt >= 0 ? ci__lower_arg_dtype_opt(L, op, a, pt) : CI_DTYPE_INVALID;
    int64_t shape[CI_MAX_DIMS] = {0};
    int n;
    ci_arg zero = ci_arg_int(0), one = ci_arg_int(1);
    ci__ix *v[CI_MAX_DIMS] = {0};
    switch (op->extra) {
    case CI__CR_EMPTY:
    case CI__CR_EMPTY_STRIDED: /* values are unspecified: cinductor gives zeros */
        n = ci__lower_arg_ints(L, op, a, 0, shape, CI_MAX_DIMS);
        if (n < 0) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: size must be a list of ints", op->name);
        return ci__ops_full_fill(L, op, n, shape, &zero, dt ? dt : CI_F32, outs);
    case CI__CR_EMPTY_LIKE: {
        ci__box *x = ci__lower_arg_box(L, op, a, 0);
        return ci__ops_full_fill(L, op, x->ndim, x->size, &zero, dt ? dt : x->dt, outs);
    }
    case CI__CR_NEW_EMPTY: case CI__CR_NEW_ZEROS: case CI__CR_NEW_ONES: case CI__CR_NEW_FULL: {
        ci__box *x = ci__lower_arg_box(L, op, a, 0);
        n = ci__lower_arg_ints(L, op, a, 1, shape, CI_MAX_DIMS);
        if (n < 0) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: size must be a list of ints", op->name);
        return ci__ops_full_fill(L, op, n, shape,
                                 op->extra == CI__CR_NEW_FULL   ? &a[2]
                                 : op->extra == CI__CR_NEW_ONES ? &one
                                                                : &zero,
                                 dt ? dt : x->dt, outs);
    }
    case CI__CR_SCALAR_TENSOR:
        if (!ci__lower_is_num(&a[0]))
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: expected a number", op->name);
        return ci__ops_full_fill(L, op, 0, shape, &a[0], dt ? dt : CI_F32, outs);
    case CI__CR_EYE: {
        int64_t r = ci__lower_arg_int(L, op, a, 0),
                c = ci__lower_pidx(op, "m") >= 0 ? ci__lower_arg_int(L, op, a, 1) : r;
        if (r < 0 || c < 0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: n and m must be non-negative", op->name);
        shape[0] = r; shape[1] = c;
        dt = dt ? dt : CI_F32;
        ci__ir_pw_vars(L, 2, shape, v);
        outs[0] = ci__ir_tensor_of(
                ci__ir_pw_box(L, dt, 2, shape, v,
                              ci__ir_v_cast(L,
                                            ci__ir_v_bin(L, CI__V_EQ, ci__ops_ixval(L, v[0]),
                                                         ci__ops_ixval(L, v[1])),
                                            dt)));
        return 1;
    }
    /* PyTorch's symmetric form: from start below the midpoint, from end above */
    case CI__CR_LINSPACE: {
        double s = ci__lower_arg_num(L, op, a, 0), e = ci__lower_arg_num(L, op, a, 1), step;
        int64_t steps = ci__lower_arg_int(L, op, a, 2), half;
        ci__v *iv, *lo, *hi;
        if (steps < 0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: number of steps must be non-negative", op->name);
        dt = dt ? dt : CI_F32;
        shape[0] = steps;
        ci__ir_pw_vars(L, 1, shape, v);
        step = steps > 1 ? (e - s) / (double)(steps - 1) : 0;
        half = steps / 2;
        iv = ci__ir_v_cast(L, ci__ops_ixval(L, v[0]), CI_F64);
        lo = ci__ir_v_bin(L, CI__V_ADD, ci__ir_v_constf(L, CI_F64, s),
                          ci__ir_v_bin(L, CI__V_MUL, iv, ci__ir_v_constf(L, CI_F64, step)));
        hi = ci__ir_v_bin(
                L, CI__V_SUB, ci__ir_v_constf(L, CI_F64, e),
                ci__ir_v_bin(L, CI__V_MUL,
                             ci__ir_v_bin(L, CI__V_SUB,
                                          ci__ir_v_constf(L, CI_F64, (double)(steps - 1)), iv),
                             ci__ir_v_constf(L, CI_F64, step)));
        /* float dtypes compute in float, as PyTorch does */
        if (ci__dtype_is_float(dt) && dt != CI_F64) {
            ci__v *fs = ci__ir_v_constf(L, CI_F32, s), *fe = ci__ir_v_constf(L, CI_F32, e),
                  *fst = ci__ir_v_constf(L, CI_F32, step), *fi = ci__ir_v_cast(L, iv, CI_F32);
            lo = ci__ir_v_bin(L, CI__V_ADD, fs, ci__ir_v_bin(L, CI__V_MUL, fi, fst));
            hi = ci__ir_v_bin(
                    L, CI__V_SUB, fe,
                    ci__ir_v_bin(L, CI__V_MUL,
                                 ci__ir_v_bin(L, CI__V_SUB,
                                              ci__ir_v_constf(L, CI_F32, (double)(steps - 1)), fi),
                                 fst));
        }
        outs[0] = ci__ir_tensor_of(
                ci__ir_pw_box(L, dt, 1, shape, v,
                              ci__ir_v_op(L, CI__V_WHERE,
                                          ci__ir_v_bin(L, CI__V_LT, ci__ops_ixval(L, v[0]),
                                                       ci__ir_v_consti(L, CI_I64, half)),
                                          lo, hi)));
        return 1;
    }
    case CI__CR_IOTA: {
        int64_t len = ci__lower_arg_int(L, op, a, 0),
                st = ci__lower_arg_int(L, op, a, ci__lower_pidx(op, "start")),
                sp = ci__lower_arg_int(L, op, a, ci__lower_pidx(op, "step"));
        dt = dt ? dt : CI_I64;
        /* prims.iota's meta: integers only (Inductor never sees another dtype) */
        if (!ci__dtype_is_int(dt))
            CI__FAIL(L, CI_ERR_DTYPE, "%s: prims.iota only supports integer dtypes, got %s",
                     op->name, ci__dtype_tab[dt].tname);
        if (sp == 0) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: step must be nonzero", op->name);
        if (len < 0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: length must be non-negative, got %lld", op->name,
                     (long long)len);
        shape[0] = len;
        ci__ir_pw_vars(L, 1, shape, v);
        outs[0] = ci__ir_tensor_of(ci__ir_pw_box(
                L, dt, 1, shape, v,
                ci__ir_v_cast(L,
                              ci__ops_ixval(L, ci__ops_ixadd(L, ci__ops_ixscale(L, v[0], sp),
                                                             ci__ops_K(L, st))),
                              dt)));
        return 1;
    }
    case CI__CR_FILL: {   /* fill(self, value): value is a number or a 0-d tensor */
        ci__box *x = ci__lower_arg_box(L, op, a, 0);
        if (a[1].kind == CI_ARG_TENSOR) {
            ci__box *val = ci__ir_box_get(L, a[1].u.t);
            if (val->ndim != 0)
                CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: fill only supports 0-dimension value tensor",
                         op->name);
            outs[0] = ci__ir_tensor_of(
                    ci__lower_to_dtype(L, ci__lower_expand(L, val, x->ndim, x->size, 1), x->dt));
            if (ci__ir_box_get(L, outs[0])->st == val->st) {
                ci__ir_pw_vars(L, x->ndim, x->size, v);
                outs[0] = ci__ir_tensor_of(
                        ci__ir_pw_box(L, x->dt, x->ndim, x->size, v,
                                      ci__ir_load(L, ci__ir_box_get(L, outs[0]), v)));
            }
            return 1;
        }
        return ci__ops_full_fill(L, op, x->ndim, x->size, &a[1], x->dt, outs);
    }
    case CI__CR_COPY: {   /* copy(self, src): src broadcast to self's shape, in self's dtype */
        ci__box *x = ci__lower_arg_box(L, op, a, 0), *s = ci__lower_arg_box(L, op, a, 1);
        int nd2 = 0;
        int64_t sh[CI_MAX_DIMS];
        ci__lower_broadcast_shape(L, op->name, x->ndim, x->size, s->ndim, s->size, &nd2, sh);
        if (nd2 != x->ndim || memcmp(sh, x->size, sizeof(int64_t) * (size_t)nd2))
            CI__FAIL(L, CI_ERR_SHAPE, "%s: src cannot be broadcast to self's shape", op->name);
        s = ci__lower_expand(L, s, x->ndim, x->size, 1);
        ci__ir_pw_vars(L, x->ndim, x->size, v);
        outs[0] = ci__ir_tensor_of(ci__ir_pw_box(L, x->dt, x->ndim, x->size, v,
                                                 ci__ir_v_cast(L, ci__ir_load(L, s, v), x->dt)));
        return 1;
    }
    }
    CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: unknown creation kind", op->name);
    return 0;
}

/* -- decompositions -- */
static void ci__ops_need_float(ci__L *L, const ci__opdef *op, ci__box *x) {
    if (!ci__dtype_is_float(x->dt))
        CI__FAIL(L, CI_ERR_DTYPE, "%s: not implemented for '%s' (expected a floating point tensor)",
                 op->name, ci__dtype_tab[x->dt].tname);
}

/* _softmax(self, dim, half_to_float) / _log_softmax; softmax.int(self, dim, dtype=None) (vop 1 =
 * log) */
static int ci__ops_softmax(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *m, *sh, *e, *s, *r;
    int64_t dim = ci__lower_arg_int(L, op, a, 1);
    int pt = ci__lower_pidx(op, "dtype");
    ci_dtype dt = pt >= 0 ? ci__lower_arg_dtype_opt(L, op, a, pt) : CI_DTYPE_INVALID, odt;
    if (dt) x = ci__lower_to_dtype(L, x, dt);
    ci__ops_need_float(L, op, x);
    dim = ci__lower_wrap_dim(L, op, dim, x->ndim);
    odt = x->dt;
    x = ci__lower_to_dtype(L, x, ci__dtype_opmath(x->dt));
    if (ci__ir_numel(x->ndim, x->size) == 0) {
        outs[0] = ci__ir_tensor_of(
                ci__lower_to_dtype(L, ci__ops_call1(L, "aten.clone.default", ci__ops_T(x)), odt));
        return 1;
    }
    m = ci__ops_dimred(L, "aten.amax.default", x, 1, &dim, 1);
    sh = ci__ops_call2(L, "aten.sub.Tensor", ci__ops_T(x), ci__ops_T(m));
    e = ci__ops_call1(L, "aten.exp.default", ci__ops_T(sh));
    s = ci__ops_dimred(L, "aten.sum.dim_IntList", e, 1, &dim, 1);
    if (op->vop)
        r = ci__ops_call2(L, "aten.sub.Tensor", ci__ops_T(sh),
                          ci__ops_T(ci__ops_call1(L, "aten.log.default", ci__ops_T(s))));
    else r = ci__ops_call2(L, "aten.div.Tensor", ci__ops_T(e), ci__ops_T(s));
    outs[0] = ci__ir_tensor_of(ci__lower_to_dtype(L, r, odt));
    return 1;
}

static int ci__ops_gelu(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int pa = ci__lower_pidx(op, "approximate");
    const char *ap = (pa >= 0 && a[pa].kind == CI_ARG_STRING) ? a[pa].u.s : "none";
    ci__ops_pw p;
    ci__v *v, *half, *one, *r;
    ci_dtype cdt;
    ci__ops_need_float(L, op, x);
    if (strcmp(ap, "none") && strcmp(ap, "tanh"))
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: approximate argument must be either none or tanh, got '%s'", op->name, ap);
    ci__ops_pw_begin(L, &p, 1, a);
    cdt = ci__dtype_opmath(x->dt);
    v = ci__ops_pw_in(L, &p, &a[0]);
    half = ci__ir_v_constf(L, cdt, 0.5);
    one = ci__ir_v_constf(L, cdt, 1.0);
    if (ap[0] == 't') {  /* 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) */
        ci__v *inner = ci__ir_v_bin(
                L, CI__V_MUL, ci__ir_v_constf(L, cdt, 0.7978845608028654),
                ci__ir_v_bin(L, CI__V_ADD, v,
                             ci__ir_v_bin(L, CI__V_MUL, ci__ir_v_constf(L, cdt, 0.044715),
                                          ci__ir_v_bin(L, CI__V_MUL,
                                                       ci__ir_v_bin(L, CI__V_MUL, v, v), v))));
        r = ci__ir_v_bin(L, CI__V_MUL, ci__ir_v_bin(L, CI__V_MUL, half, v),
                         ci__ir_v_bin(L, CI__V_ADD, one, ci__ir_v_un(L, CI__V_TANH, inner)));
    } else {             /* 0.5 x (1 + erf(x / sqrt 2)) */
        r = ci__ir_v_bin(
                L, CI__V_MUL, ci__ir_v_bin(L, CI__V_MUL, half, v),
                ci__ir_v_bin(
                        L, CI__V_ADD, one,
                        ci__ir_v_un(L, CI__V_ERF,
                                    ci__ir_v_bin(L, CI__V_MUL, v,
                                                 ci__ir_v_constf(L, cdt, 0.7071067811865476)))));
    }
    return ci__ops_pw_end(L, &p, x->dt, r, outs);
}

static int ci__ops_silu(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    ci__ops_pw p;
    ci__v *v;
    ci__ops_need_float(L, op, x);
    ci__ops_pw_begin(L, &p, 1, a);
    v = ci__ops_pw_in(L, &p, &a[0]);
    return ci__ops_pw_end(L, &p, x->dt,
                          ci__ir_v_bin(L, CI__V_MUL, v, ci__ir_v_un(L, CI__V_SIGMOID, v)), outs);
}

/* native_layer_norm(input, normalized_shape, weight, bias, eps) -> (out, mean, rstd);
   layer_norm (vop 1) -> out */
static int ci__ops_layer_norm(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *w = ci__lower_arg_box_opt(L, op, a, 2),
            *b = ci__lower_arg_box_opt(L, op, a, 3);
    int64_t ns[CI_MAX_DIMS], dims[CI_MAX_DIMS];
    int nn = ci__lower_arg_ints(L, op, a, 1, ns, CI_MAX_DIMS), axis, i;
    double eps = ci__lower_arg_num(L, op, a, 4);
    ci__box *xc, *mean, *d, *var, *rstd, *out;
    ci_dtype odt = x->dt, cdt;
    char s1[160], s2[160];
    ci__ops_need_float(L, op, x);
    axis = x->ndim - nn;
    ci__util_fmt_shape(s1, sizeof s1, nn < 0 ? 0 : nn, ns);
    ci__util_fmt_shape(s2, sizeof s2, x->ndim, x->size);
    if (nn < 0 || axis < 0)
        CI__FAIL(L, CI_ERR_SHAPE,
                 "%s: given normalized_shape=%s, expected input with shape [*, %s], but got input "
                 "of size %s",
                 op->name, s1, s1 + 1, s2);
    for (i = 0; i < nn; i++) {
        if (x->size[axis + i] != ns[i])
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: given normalized_shape=%s, expected input with shape [*, %s], but got "
                     "input of size %s",
                     op->name, s1, s1 + 1, s2);
        dims[i] = axis + i;
    }
    if (w && (w->ndim != nn || memcmp(w->size, ns, sizeof(int64_t) * (size_t)nn)))
        CI__FAIL(L, CI_ERR_SHAPE,
                 "%s: expected weight to be of same shape as normalized_shape, but got weight of "
                 "shape %s",
                 op->name, s1);
    if (b && (b->ndim != nn || memcmp(b->size, ns, sizeof(int64_t) * (size_t)nn)))
        CI__FAIL(L, CI_ERR_SHAPE, "%s: expected bias to be of same shape as normalized_shape",
                 op->name);
    cdt = ci__dtype_opmath(odt);
    xc = ci__lower_to_dtype(L, x, cdt);
    mean = ci__ops_dimred(L, "aten.mean.dim", xc, nn, dims, 1);
    d = ci__ops_call2(L, "aten.sub.Tensor", ci__ops_T(xc), ci__ops_T(mean));
    var = ci__ops_dimred(L, "aten.mean.dim",
                         ci__ops_call2(L, "aten.mul.Tensor", ci__ops_T(d), ci__ops_T(d)), nn, dims,
                         1);
    rstd = ci__ops_call1(
            L, "aten.rsqrt.default",
            ci__ops_T(ci__ops_call2(L, "aten.add.Tensor", ci__ops_T(var), ci_arg_float(eps))));
    out = ci__ops_call2(L, "aten.mul.Tensor", ci__ops_T(d), ci__ops_T(rstd));
    if (w)
        out = ci__ops_call2(L, "aten.mul.Tensor", ci__ops_T(out),
                            ci__ops_T(ci__lower_to_dtype(L, w, cdt)));
    if (b)
        out = ci__ops_call2(L, "aten.add.Tensor", ci__ops_T(out),
                            ci__ops_T(ci__lower_to_dtype(L, b, cdt)));
    outs[0] = ci__ir_tensor_of(ci__lower_to_dtype(L, out, odt));
    if (op->vop) return 1;
    outs[1] = ci__ir_tensor_of(ci__lower_to_dtype(L, mean, odt));
    outs[2] = ci__ir_tensor_of(ci__lower_to_dtype(L, rstd, odt));
    return 3;
}

/* -- pointwise ops PyTorch decomposes (and a few with special dtype rules); op->extra picks -- */
enum {
    CI__PX_ISFINITE = 1,
    CI__PX_ISNEGINF,
    CI__PX_ISPOSINF,
    CI__PX_SQUARE,
    CI__PX_FRAC,
    CI__PX_HARDSWISH,
    CI__PX_HARDSIGMOID,
    CI__PX_HARDTANH,
    CI__PX_ELU,
    CI__PX_SELU,
    CI__PX_CELU,
    CI__PX_LEAKY_RELU,
    CI__PX_SOFTPLUS,
    CI__PX_THRESHOLD,
    CI__PX_LOGIT,
    CI__PX_MISH,
    CI__PX_NAN_TO_NUM,
    CI__PX_ROUND_DECIMALS
};
static double ci__ops_arg_num_or(ci__L *L, const ci__opdef *op, const ci_arg *a, const char *name,
                                 double dflt) {
    int i = ci__lower_pidx(op, name);
    if (i < 0 || a[i].kind == CI_ARG_NONE) return dflt;
    return ci__lower_arg_num(L, op, a, i);
}

static int ci__ops_pwx(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__ops_pw p;
    ci__v *x, *r = NULL, *zero, *one;
    ci_dtype dt, cdt;
    int kind = op->extra;
    ci__ops_need_tensor(L, op, &a[0]);
    ci__ops_pw_begin(L, &p, 1, a);
    dt = p.dt;
    cdt = ci__dtype_opmath(dt);
    x = ci__ops_pw_in(L, &p, &a[0]);
    zero = ci__ir_v_consti(L, cdt, 0);
    one = ci__ir_v_consti(L, cdt, 1);
    if (kind >= CI__PX_FRAC && kind != CI__PX_THRESHOLD && kind != CI__PX_HARDTANH &&
        kind != CI__PX_LEAKY_RELU && kind != CI__PX_NAN_TO_NUM && kind != CI__PX_ROUND_DECIMALS &&
        !ci__dtype_is_float(dt))
        CI__FAIL(L, CI_ERR_DTYPE, "%s: expected a floating point tensor, got %s", op->name,
                 ci__dtype_tab[dt].tname);
#define CI__OPS_C(v) ci__ir_v_constf(L, cdt, (v))
#define CI__OPS_B(o, u, w) ci__ir_v_bin(L, CI__V_##o, (u), (w))
#define CI__OPS_U(o, u) ci__ir_v_un(L, CI__V_##o, (u))
    switch (kind) {
    case CI__PX_ISFINITE:
        r = ci__dtype_is_float(dt) ? ci__ir_v_bin(L, CI__V_AND, CI__OPS_U(NOT, CI__OPS_U(ISNAN, x)),
                                                  CI__OPS_U(NOT, CI__OPS_U(ISINF, x)))
                                   : ci__ir_v_consti(L, CI_BOOL, 1);
        break;
    case CI__PX_ISNEGINF: case CI__PX_ISPOSINF:
        r = ci__dtype_is_float(dt)
                    ? CI__OPS_B(EQ, x, CI__OPS_C(kind == CI__PX_ISPOSINF ? HUGE_VAL : -HUGE_VAL))
                    : ci__ir_v_consti(L, CI_BOOL, 0);
        break;
    case CI__PX_SQUARE:
        if (dt == CI_BOOL) { x = ci__ir_v_cast(L, x, CI_I64); dt = CI_I64; }
        r = CI__OPS_B(MUL, x, x);
        break;
    case CI__PX_FRAC: r = CI__OPS_B(SUB, x, CI__OPS_U(TRUNC, x)); break;
    case CI__PX_HARDSWISH:   /* x * clamp(x + 3, 0, 6) / 6 */
        r = CI__OPS_B(
                DIV,
                CI__OPS_B(MUL, x,
                          CI__OPS_B(MIN, CI__OPS_B(MAX, CI__OPS_B(ADD, x, CI__OPS_C(3)), zero),
                                    CI__OPS_C(6))),
                CI__OPS_C(6));
        break;
    case CI__PX_HARDSIGMOID:
        r = CI__OPS_B(
                DIV,
                CI__OPS_B(MIN, CI__OPS_B(MAX, CI__OPS_B(ADD, x, CI__OPS_C(3)), zero), CI__OPS_C(6)),
                CI__OPS_C(6));
        break;
    case CI__PX_HARDTANH: {
        double lo = ci__ops_arg_num_or(L, op, a, "min_val", -1),
               hi = ci__ops_arg_num_or(L, op, a, "max_val", 1);
        if (dt == CI_BOOL)
            CI__FAIL(L, CI_ERR_DTYPE, "%s: not implemented for bool tensors", op->name);
        r = CI__OPS_B(MIN, CI__OPS_B(MAX, x, ci__ir_v_constf(L, cdt, lo)),
                      ci__ir_v_constf(L, cdt, hi));
        break;
    }
    case CI__PX_ELU: case CI__PX_SELU: case CI__PX_CELU: {
        double alpha, scale = 1, iscale = 1;
        if (kind == CI__PX_SELU) {
            alpha = 1.6732632423543772848170429916717;
            scale = 1.0507009873554804934193349852946;
        } else if (kind == CI__PX_CELU) {
            alpha = ci__ops_arg_num_or(L, op, a, "alpha", 1);
            iscale = 1 / alpha;
        } else {
            alpha = ci__ops_arg_num_or(L, op, a, "alpha", 1);
            scale = ci__ops_arg_num_or(L, op, a, "scale", 1);
            iscale = ci__ops_arg_num_or(L, op, a, "input_scale", 1);
        }
        /* x > 0 ? scale * x : scale * alpha * (exp(x * input_scale) - 1) */
        r = ci__ir_v_op(L, CI__V_WHERE, CI__OPS_B(GT, x, zero), CI__OPS_B(MUL, x, CI__OPS_C(scale)),
                        CI__OPS_B(MUL, CI__OPS_U(EXPM1, CI__OPS_B(MUL, x, CI__OPS_C(iscale))),
                                  CI__OPS_C(scale * alpha)));
        break;
    }
    case CI__PX_LEAKY_RELU: {
        double slope = ci__ops_arg_num_or(L, op, a, "negative_slope", 0.01);
        if (!ci__dtype_is_float(dt))
            CI__FAIL(L, CI_ERR_DTYPE, "%s: expected a floating point tensor", op->name);
        r = ci__ir_v_op(L, CI__V_WHERE, CI__OPS_B(GT, x, zero), x,
                        CI__OPS_B(MUL, x, CI__OPS_C(slope)));
        break;
    }
    case CI__PX_SOFTPLUS: {   /* x * beta > threshold ? x : log1p(exp(x * beta)) / beta */
        double beta = ci__ops_arg_num_or(L, op, a, "beta", 1),
               th = ci__ops_arg_num_or(L, op, a, "threshold", 20);
        ci__v *xb = CI__OPS_B(MUL, x, CI__OPS_C(beta));
        r = ci__ir_v_op(L, CI__V_WHERE, CI__OPS_B(GT, xb, CI__OPS_C(th)), x,
                        CI__OPS_B(DIV, CI__OPS_U(LOG1P, CI__OPS_U(EXP, xb)), CI__OPS_C(beta)));
        break;
    }
    case CI__PX_THRESHOLD: {  /* x <= threshold ? value : x */
        int it = ci__lower_pidx(op, "threshold"), iv = ci__lower_pidx(op, "value");
        ci__v *t = ci__ops_pw_in(L, &p, &a[it]), *v = ci__ops_pw_in(L, &p, &a[iv]);
        r = ci__ir_v_op(L, CI__V_WHERE, CI__OPS_B(LE, x, t), v, x);
        break;
    }
    case CI__PX_LOGIT: {      /* z = clamp(x, eps, 1 - eps); log(z / (1 - z)) */
        int ie = ci__lower_pidx(op, "eps");
        ci__v *z = x;
        if (ie >= 0 && a[ie].kind != CI_ARG_NONE) {
            double e = ci__lower_arg_num(L, op, a, ie);
            z = CI__OPS_B(MIN, CI__OPS_B(MAX, x, CI__OPS_C(e)), CI__OPS_C(1 - e));
        }
        r = CI__OPS_U(LOG, CI__OPS_B(DIV, z, CI__OPS_B(SUB, one, z)));
        break;
    }
    case CI__PX_MISH: {       /* x * tanh(softplus(x)) with beta 1, threshold 20 */
        ci__v *sp = ci__ir_v_op(L, CI__V_WHERE, CI__OPS_B(GT, x, CI__OPS_C(20)), x,
                                CI__OPS_U(LOG1P, CI__OPS_U(EXP, x)));
        r = CI__OPS_B(MUL, x, CI__OPS_U(TANH, sp));
        break;
    }
    case CI__PX_NAN_TO_NUM: {
        double mx = ci__dtype_max(dt);
        double nanv = ci__ops_arg_num_or(L, op, a, "nan", 0),
               pinf = ci__ops_arg_num_or(L, op, a, "posinf", mx),
               ninf = ci__ops_arg_num_or(L, op, a, "neginf", -mx);
        if (!ci__dtype_is_float(dt)) { r = x; break; }
        r = ci__ir_v_op(
                L, CI__V_WHERE, CI__OPS_U(ISNAN, x), CI__OPS_C(nanv),
                ci__ir_v_op(L, CI__V_WHERE, CI__OPS_B(EQ, x, CI__OPS_C(HUGE_VAL)), CI__OPS_C(pinf),
                            ci__ir_v_op(L, CI__V_WHERE, CI__OPS_B(EQ, x, CI__OPS_C(-HUGE_VAL)),
                                        CI__OPS_C(ninf), x)));
        break;
    }
    case CI__PX_ROUND_DECIMALS: {
        int64_t d = ci__lower_arg_int(L, op, a, ci__lower_pidx(op, "decimals"));
        double tp = pow(10.0, (double)(d < 0 ? -d : d));
        if (!ci__dtype_is_float(dt)) { r = x; break; }
        if (d >= 0)
            r = CI__OPS_B(DIV, CI__OPS_U(ROUND, CI__OPS_B(MUL, x, CI__OPS_C(tp))), CI__OPS_C(tp));
        else r = CI__OPS_B(MUL, CI__OPS_U(ROUND, CI__OPS_B(DIV, x, CI__OPS_C(tp))), CI__OPS_C(tp));
        break;
    }
    }
#undef CI__OPS_C
#undef CI__OPS_B
#undef CI__OPS_U
    return ci__ops_pw_end(L, &p, r->dt == CI_BOOL ? CI_BOOL : dt, r, outs);
}

/* masked_fill(self, mask, value): where(mask, value, self) in self's dtype */
static int ci__ops_masked_fill(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *m = ci__lower_arg_box(L, op, a, 1);
    ci_arg w[3];
    ci__ops_pw p;
    if (m->dt != CI_BOOL)
        CI__FAIL(L, CI_ERR_DTYPE, "%s: expected mask to be a bool tensor, got %s", op->name,
                 ci__dtype_tab[m->dt].tname);
    if (a[2].kind == CI_ARG_TENSOR && ci__ir_box_get(L, a[2].u.t)->ndim != 0)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: only supports a 0-dimensional value tensor",
                 op->name);
    if (a[2].kind != CI_ARG_TENSOR && !ci__lower_is_num(&a[2]))
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: value must be a number or a 0-d tensor", op->name);
    w[0] = ci__ops_T(m);
    w[1] = a[2];
    w[2] = ci__ops_T(x);
    if (w[1].kind == CI_ARG_TENSOR)
        w[1].u.t = ci__ir_tensor_of(ci__lower_to_dtype(L, ci__ir_box_get(L, w[1].u.t), x->dt));
    {
        int nd = 0, i;
        int64_t shape[CI_MAX_DIMS];
        ci__lower_broadcast_shape(L, op->name, x->ndim, x->size, m->ndim, m->size, &nd, shape);
        if (nd != x->ndim || memcmp(shape, x->size, sizeof(int64_t) * (size_t)nd))
            CI__FAIL(L, CI_ERR_SHAPE, "%s: the mask must broadcast to self's shape", op->name);
        for (i = 0; i < 3; i++)
            if (w[i].kind == CI_ARG_TENSOR)
                w[i].u.t = ci__ir_tensor_of(
                        ci__lower_expand(L, ci__ir_box_get(L, w[i].u.t), nd, shape, 1));
    }
    ci__ops_pw_begin(L, &p, 1, &w[2]);
    return ci__ops_pw_end(L, &p, x->dt,
                          ci__ir_v_op(L, CI__V_WHERE, ci__ops_pw_in(L, &p, &w[0]),
                                      ci__ir_v_cast(L, ci__ops_pw_in(L, &p, &w[1]), x->dt),
                                      ci__ops_pw_in(L, &p, &w[2])),
                          outs);
}

/* lerp(self, end, weight); addcmul / addcdiv(self, tensor1, tensor2, *, value=1) (vop 1 = div) */
static int ci__ops_lerp(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__ops_pw p;
    ci__v *s, *e, *w, *d;
    ci__ops_pw_begin(L, &p, 3, a);
    if (!ci__dtype_is_float(p.dt))
        CI__FAIL(L, CI_ERR_DTYPE, "%s: expected floating point tensors", op->name);
    s = ci__ops_pw_in(L, &p, &a[0]);
    e = ci__ops_pw_in(L, &p, &a[1]);
    w = ci__ops_pw_in(L, &p, &a[2]);
    d = ci__ir_v_bin(L, CI__V_SUB, e, s);
    /* PyTorch's two-sided form keeps lerp(a, b, 1) == b exactly */
    return ci__ops_pw_end(
            L, &p, p.dt,
            ci__ir_v_op(L, CI__V_WHERE,
                        ci__ir_v_bin(L, CI__V_LT, ci__ir_v_un(L, CI__V_ABS, w),
                                     ci__ir_v_constf(L, p.dt, 0.5)),
                        ci__ir_v_bin(L, CI__V_ADD, s, ci__ir_v_bin(L, CI__V_MUL, w, d)),
                        ci__ir_v_bin(L, CI__V_SUB, e,
                                     ci__ir_v_bin(L, CI__V_MUL, d,
                                                  ci__ir_v_bin(L, CI__V_SUB,
                                                               ci__ir_v_constf(L, p.dt, 1), w)))),
            outs);
}

static int ci__ops_addcmul(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__ops_pw p;
    ci__v *s, *t1, *t2, *v, *m;
    ci_arg *val = &a[ci__lower_pidx(op, "value")];
    ci__ops_pw_begin(L, &p, 3, a);
    if (op->vop && !ci__dtype_is_float(p.dt))
        CI__FAIL(L, CI_ERR_DTYPE, "%s: integer division with addcdiv is no longer supported",
                 op->name);
    s = ci__ops_pw_in(L, &p, &a[0]);
    t1 = ci__ops_pw_in(L, &p, &a[1]);
    t2 = ci__ops_pw_in(L, &p, &a[2]);
    v = ci__ops_pw_in(L, &p, val);
    m = ci__ir_v_bin(L, op->vop ? CI__V_DIV : CI__V_MUL, t1, t2);
    return ci__ops_pw_end(L, &p, p.dt,
                          ci__ir_v_bin(L, CI__V_ADD, s, ci__ir_v_bin(L, CI__V_MUL, v, m)), outs);
}

/* prims.fma(a, b, c): a * b + c rounded once (C's fma; f16/bf16 in f32, then stored narrow);
   integers a * b + c (wrapping), bools a && b || c, as Inductor's fma computes and converts */
static int ci__ops_fma(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__ops_pw p;
    ci__v *x, *y, *z;
    if (a[0].kind != CI_ARG_TENSOR && a[1].kind != CI_ARG_TENSOR && a[2].kind != CI_ARG_TENSOR)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: needs at least one Tensor argument", op->name);
    ci__ops_pw_begin(L, &p, 3, a);
    x = ci__ops_pw_in(L, &p, &a[0]);
    y = ci__ops_pw_in(L, &p, &a[1]);
    z = ci__ops_pw_in(L, &p, &a[2]);
    if (ci__dtype_is_float(p.dt))
        return ci__ops_pw_end(L, &p, p.dt, ci__ir_v_op(L, CI__V_FMA, x, y, z), outs);
    if (p.dt == CI_BOOL)
        return ci__ops_pw_end(L, &p, p.dt,
                              ci__ir_v_bin(L, CI__V_OR, ci__ir_v_bin(L, CI__V_AND, x, y), z), outs);
    return ci__ops_pw_end(L, &p, p.dt,
                          ci__ir_v_bin(L, CI__V_ADD, ci__ir_v_bin(L, CI__V_MUL, x, y), z), outs);
}

/* glu(self, dim=-1): first half * sigmoid(second half) */
static int ci__ops_glu(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *h1, *h2;
    int64_t dim;
    ci__ops_need_float(L, op, x);
    if (x->ndim == 0)
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: glu does not support scalars because halving size must be even", op->name);
    dim = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 1), x->ndim);
    if (x->size[dim] % 2)
        CI__FAIL(L, CI_ERR_SHAPE,
                 "%s: halving dimension must be even, but dimension %lld is size %lld", op->name,
                 (long long)dim, (long long)x->size[dim]);
    h1 = ci__ops_slice_box(L, x, (int)dim, 0, x->size[dim] / 2, 1);
    h2 = ci__ops_slice_box(L, x, (int)dim, x->size[dim] / 2, x->size[dim], 1);
    outs[0] = ci__ir_tensor_of(
            ci__ops_call2(L, "aten.mul.Tensor", ci__ops_T(h1),
                          ci__ops_T(ci__ops_call1(L, "aten.sigmoid.default", ci__ops_T(h2)))));
    return 1;
}

/* -- statistics and normalisations -- */
/* var/std/var_mean/std_mean (extra 0..3): Welford above the unroll threshold, two-pass below */
static int ci__ops_var(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *m2, *mean = NULL, *var;
    int pd = ci__lower_pidx(op, "dim") >= 0 ? ci__lower_pidx(op, "dim")
                                            : ci__lower_pidx(op, "dims"); /* prims.var: dims */
    int pk = ci__lower_pidx(op, "keepdim"), pc = ci__lower_pidx(op, "correction"),
        pu = ci__lower_pidx(op, "unbiased");
    int64_t dims[CI_MAX_DIMS], n = 1;
    int nd = pd >= 0 ? ci__lower_arg_ints(L, op, a, pd, dims, CI_MAX_DIMS) : -1,
        keepdim = pk >= 0 ? ci__lower_arg_bool(L, op, a, pk) : 0, i;
    double corr = 1;
    char red[CI_MAX_DIMS];
    ci_dtype odt = x->dt, cdt;
    ci__ix *v[CI_MAX_DIMS] = {0};
    int want_mean = op->extra >= 2, want_std = op->extra == 1 || op->extra == 3;
    if (!ci__dtype_is_float(x->dt))
        CI__FAIL(L, CI_ERR_DTYPE,
                 "%s: std and var only support floating point and complex dtypes, got %s", op->name,
                 ci__dtype_tab[x->dt].tname);
    if (pc >= 0 && a[pc].kind != CI_ARG_NONE) corr = ci__lower_arg_num(L, op, a, pc);
    else if (pu >= 0) corr = ci__lower_arg_bool(L, op, a, pu) ? 1 : 0;
    ci__ops_norm_dims(L, op, x, nd, dims, red);
    for (i = 0; i < x->ndim; i++) if (red[i]) n *= x->size[i];
    cdt = ci__dtype_opmath(odt);
    x = ci__lower_to_dtype(L, x, cdt);
    if (n >= CI__IR_UNROLL_REDUCTIONS) {
        m2 = ci__ops_reduce_box(L, op, x, red, keepdim, CI__RED_WELFORD, cdt);
        if (want_mean) mean = ci__ops_reduce_box(L, op, x, red, keepdim, CI__RED_SUM, cdt);
    } else {
        ci__box *mk = ci__ops_reduce_box(L, op, x, red, 1, CI__RED_SUM, cdt), *d;
        ci__ix *w[CI_MAX_DIMS] = {0};
        ci__ir_pw_vars(L, mk->ndim, mk->size, w);
        mk = ci__ir_pw_box(L, cdt, mk->ndim, mk->size, w,
                           ci__ir_v_bin(L, CI__V_DIV, ci__ir_load(L, mk, w),
                                        ci__ir_v_constf(L, cdt, (double)n)));
        ci__ir_pw_vars(L, x->ndim, x->size, w);
        {
            ci__box *me = ci__lower_expand(L, mk, x->ndim, x->size, 0);
            ci__v *dv = ci__ir_v_bin(L, CI__V_SUB, ci__ir_load(L, x, w), ci__ir_load(L, me, w));
            d = ci__ir_pw_box(L, cdt, x->ndim, x->size, w, ci__ir_v_bin(L, CI__V_MUL, dv, dv));
        }
        m2 = ci__ops_reduce_box(L, op, d, red, keepdim, CI__RED_SUM, cdt);
        if (want_mean) mean = ci__ops_reduce_box(L, op, x, red, keepdim, CI__RED_SUM, cdt);
    }
    ci__ir_pw_vars(L, m2->ndim, m2->size, v);
    {
        double den = (double)n - corr;
        ci__v *r = ci__ir_v_bin(L, CI__V_DIV, ci__ir_load(L, m2, v),
                                ci__ir_v_constf(L, cdt, den > 0 ? den : 0));
        if (n == 0) r = ci__ir_v_constf(L, cdt, (double)NAN);
        if (want_std) r = ci__ir_v_un(L, CI__V_SQRT, r);
        var = ci__ir_pw_box(L, odt, m2->ndim, m2->size, v, r);
    }
    outs[0] = ci__ir_tensor_of(var);
    if (!want_mean) return 1;
    ci__ir_pw_vars(L, mean->ndim, mean->size, v);
    outs[1] = ci__ir_tensor_of(ci__ir_pw_box(L, odt, mean->ndim, mean->size, v,
                                             n ? ci__ir_v_bin(L, CI__V_DIV, ci__ir_load(L, mean, v),
                                                              ci__ir_v_constf(L, cdt, (double)n))
                                               : ci__ir_v_constf(L, cdt, (double)NAN)));
    return 2;
}

/* logsumexp(self, dim, keepdim=False) = m + log(sum(exp(x - m))), m = amax (0 where infinite) */
static int ci__ops_logsumexp(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *m, *s;
    int64_t dims[CI_MAX_DIMS];
    int nd = ci__lower_arg_ints(L, op, a, 1, dims, CI_MAX_DIMS),
        keepdim = ci__lower_arg_bool(L, op, a, 2), i;
    char red[CI_MAX_DIMS];
    ci__ix *v[CI_MAX_DIMS] = {0};
    ci__v *mv;
    ci_dtype odt = ci__dtype_is_float(x->dt) ? x->dt : CI_F32, cdt = ci__dtype_opmath(odt);
    x = ci__lower_to_dtype(L, x, cdt);
    ci__ops_norm_dims(L, op, x, nd, dims, red);
    for (i = 0; i < x->ndim; i++) if (red[i] && x->size[i] == 0) {
        /* log(0) = -inf */
        ci__box *z = ci__ops_reduce_box(L, op, x, red, keepdim, CI__RED_SUM, cdt);
        ci__ir_pw_vars(L, z->ndim, z->size, v);
        outs[0] = ci__ir_tensor_of(
                ci__ir_pw_box(L, odt, z->ndim, z->size, v, ci__ir_v_constf(L, cdt, -HUGE_VAL)));
        return 1;
    }
    m = ci__ops_reduce_box(L, op, x, red, 1, CI__RED_MAX, cdt);
    ci__ir_pw_vars(L, m->ndim, m->size, v);
    mv = ci__ir_load(L, m, v);
    m = ci__ir_pw_box(L, cdt, m->ndim, m->size, v,
                      ci__ir_v_op(L, CI__V_WHERE, ci__ir_v_un(L, CI__V_ISINF, mv),
                                  ci__ir_v_constf(L, cdt, 0), mv));
    {
        ci__box *me = ci__lower_expand(L, m, x->ndim, x->size, 0);
        ci__ix *w[CI_MAX_DIMS] = {0};
        ci__ir_pw_vars(L, x->ndim, x->size, w);
        s = ci__ops_reduce_box(
                L, op,
                ci__ir_pw_box(L, cdt, x->ndim, x->size, w,
                              ci__ir_v_un(L, CI__V_EXP,
                                          ci__ir_v_bin(L, CI__V_SUB, ci__ir_load(L, x, w),
                                                       ci__ir_load(L, me, w)))),
                red, keepdim, CI__RED_SUM, cdt);
    }
    {
        ci__box *mk = m;
        if (!keepdim) {
            int64_t sh[CI_MAX_DIMS];
            int k = 0;
            for (i = 0; i < x->ndim; i++) if (!red[i]) sh[k++] = x->size[i];
            mk = ci__ops_reshape(L, m, k, sh);
        }
        ci__ir_pw_vars(L, s->ndim, s->size, v);
        outs[0] = ci__ir_tensor_of(ci__ir_pw_box(
                L, odt, s->ndim, s->size, v,
                ci__ir_v_bin(L, CI__V_ADD, ci__ir_v_un(L, CI__V_LOG, ci__ir_load(L, s, v)),
                             ci__ir_load(L, mk, v))));
    }
    return 1;
}

/* linalg_vector_norm(self, ord=2, dim=None, keepdim=False, *, dtype=None) and norm.* */
static int ci__ops_norm(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *r, *ax;
    int po = ci__lower_pidx(op, "ord") >= 0 ? ci__lower_pidx(op, "ord") : ci__lower_pidx(op, "p");
    int pd = ci__lower_pidx(op, "dim"), pk = ci__lower_pidx(op, "keepdim"),
        pt = ci__lower_pidx(op, "dtype");
    double p = (po < 0 || a[po].kind == CI_ARG_NONE) ? 2 : ci__lower_arg_num(L, op, a, po);
    int64_t dims[CI_MAX_DIMS];
    int nd = pd >= 0 ? ci__lower_arg_ints(L, op, a, pd, dims, CI_MAX_DIMS) : -1,
        keepdim = pk >= 0 ? ci__lower_arg_bool(L, op, a, pk) : 0;
    ci_dtype dt = pt >= 0 ? ci__lower_arg_dtype_opt(L, op, a, pt) : CI_DTYPE_INVALID, cdt;
    char red[CI_MAX_DIMS];
    ci__ix *v[CI_MAX_DIMS] = {0};
    ci__v *e;
    if (dt) x = ci__lower_to_dtype(L, x, dt);
    if (!ci__dtype_is_float(x->dt))
        CI__FAIL(L, CI_ERR_DTYPE, "%s: expected a floating point input, got %s", op->name,
                 ci__dtype_tab[x->dt].tname);
    cdt = ci__dtype_opmath(x->dt);
    ci__ops_norm_dims(L, op, x, nd, dims, red);
    ci__ir_pw_vars(L, x->ndim, x->size, v);
    e = ci__ir_v_un(L, CI__V_ABS, ci__ir_v_cast(L, ci__ir_load(L, x, v), cdt));
    if (p == HUGE_VAL || p == -HUGE_VAL) {
        ax = ci__ir_pw_box(L, cdt, x->ndim, x->size, v, e);
        r = ci__ops_reduce_box(L, op, ax, red, keepdim, p > 0 ? CI__RED_MAX : CI__RED_MIN, cdt);
        outs[0] = ci__ir_tensor_of(ci__lower_to_dtype(L, r, x->dt));
        return 1;
    }
    if (p == 0) e = ci__ir_v_cast(L, ci__ir_v_bin(L, CI__V_NE, e, ci__ir_v_constf(L, cdt, 0)), cdt);
    else if (p == 2) e = ci__ir_v_bin(L, CI__V_MUL, e, e);
    else if (p != 1) e = ci__ir_v_bin(L, CI__V_POW, e, ci__ir_v_constf(L, cdt, p));
    r = ci__ops_reduce_box(L, op, ci__ir_pw_box(L, cdt, x->ndim, x->size, v, e), red, keepdim,
                           CI__RED_SUM, cdt);
    ci__ir_pw_vars(L, r->ndim, r->size, v);
    e = ci__ir_load(L, r, v);
    if (p == 2) e = ci__ir_v_un(L, CI__V_SQRT, e);
    else if (p != 1 && p != 0) e = ci__ir_v_bin(L, CI__V_POW, e, ci__ir_v_constf(L, cdt, 1.0 / p));
    outs[0] = ci__ir_tensor_of(ci__ir_pw_box(L, x->dt, r->ndim, r->size, v, e));
    return 1;
}

/* count_nonzero(self, dim=None) */
static int ci__ops_count_nonzero(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t dims[CI_MAX_DIMS];
    int nd = ci__lower_arg_ints(L, op, a, 1, dims, CI_MAX_DIMS);
    char red[CI_MAX_DIMS];
    ci__ix *v[CI_MAX_DIMS] = {0};
    ci__box *nz;
    ci__ops_norm_dims(L, op, x, nd, dims, red);
    ci__ir_pw_vars(L, x->ndim, x->size, v);
    nz = ci__ir_pw_box(L, CI_I64, x->ndim, x->size, v,
                       ci__ir_v_cast(L, ci__ir_v_cast(L, ci__ir_load(L, x, v), CI_BOOL), CI_I64));
    outs[0] = ci__ir_tensor_of(ci__ops_reduce_box(L, op, nz, red, 0, CI__RED_SUM, CI_I64));
    return 1;
}

/* x normalised over the dims in red (mean/var biased), in compute dtype; mean and rstd keep dims */
static ci__box *ci__ops_normalize(ci__L *L, const ci__opdef *op, ci__box *x, const char *red,
                                  double eps, ci__box **mean_out, ci__box **rstd_out) {
    int64_t n = 1;
    int i;
    ci__box *m2, *s, *mean, *rstd;
    ci__ix *v[CI_MAX_DIMS] = {0};
    ci_dtype cdt = x->dt;
    for (i = 0; i < x->ndim; i++) if (red[i]) n *= x->size[i];
    s = ci__ops_reduce_box(L, op, x, red, 1, CI__RED_SUM, cdt);
    ci__ir_pw_vars(L, s->ndim, s->size, v);
    mean = ci__ir_pw_box(
            L, cdt, s->ndim, s->size, v,
            ci__ir_v_bin(L, CI__V_DIV, ci__ir_load(L, s, v), ci__ir_v_constf(L, cdt, (double)n)));
    if (n >= CI__IR_UNROLL_REDUCTIONS)
        m2 = ci__ops_reduce_box(L, op, x, red, 1, CI__RED_WELFORD, cdt);
    else {
        ci__box *me = ci__lower_expand(L, mean, x->ndim, x->size, 0);
        ci__ix *w[CI_MAX_DIMS] = {0};
        ci__v *d;
        ci__ir_pw_vars(L, x->ndim, x->size, w);
        d = ci__ir_v_bin(L, CI__V_SUB, ci__ir_load(L, x, w), ci__ir_load(L, me, w));
        m2 = ci__ops_reduce_box(
                L, op, ci__ir_pw_box(L, cdt, x->ndim, x->size, w, ci__ir_v_bin(L, CI__V_MUL, d, d)),
                red, 1, CI__RED_SUM, cdt);
    }
    ci__ir_pw_vars(L, m2->ndim, m2->size, v);
    rstd = ci__ir_pw_box(
            L, cdt, m2->ndim, m2->size, v,
            ci__ir_v_un(L, CI__V_RSQRT,
                        ci__ir_v_bin(L, CI__V_ADD,
                                     ci__ir_v_bin(L, CI__V_DIV, ci__ir_load(L, m2, v),
                                                  ci__ir_v_constf(L, cdt, (double)(n ? n : 1))),
                                     ci__ir_v_constf(L, cdt, eps))));
    *mean_out = mean;
    *rstd_out = rstd;
    {
        ci__box *me = ci__lower_expand(L, mean, x->ndim, x->size, 0),
                *re = ci__lower_expand(L, rstd, x->ndim, x->size, 0);
        ci__ix *w[CI_MAX_DIMS] = {0};
        ci__ir_pw_vars(L, x->ndim, x->size, w);
        return ci__ir_pw_box(L, cdt, x->ndim, x->size, w,
                             ci__ir_v_bin(L, CI__V_MUL,
                                          ci__ir_v_bin(L, CI__V_SUB, ci__ir_load(L, x, w),
                                                       ci__ir_load(L, me, w)),
                                          ci__ir_load(L, re, w)));
    }
}

/* a per-channel [C] tensor viewed as [C, 1, ...] to broadcast against [N, C, ...] */
static ci__box *ci__ops_channel_view(ci__L *L, ci__box *w, int ndim) {
    int64_t sh[CI_MAX_DIMS];
    int i;
    sh[0] = w->size[0];
    for (i = 1; i < ndim - 1; i++) sh[i] = 1;
    return ci__ops_reshape(L, w, ndim - 1 > 0 ? ndim - 1 : 1, sh);
}

/* native_group_norm(input, weight, bias, N, C, HxW, group, eps) -> (out, mean, rstd);
   group_norm(input, num_groups, weight=None, bias=None, eps=1e-05, cudnn_enabled=True) (vop 1) */
static int ci__ops_group_norm(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *w, *b, *xg, *mean, *rstd, *y;
    int64_t N, C, G, sh[3];
    double eps;
    char red[CI_MAX_DIMS];
    ci_dtype odt = x->dt, cdt;
    ci__ops_need_float(L, op, x);
    if (x->ndim < 2)
        CI__FAIL(L, CI_ERR_SHAPE, "%s: expected an input with at least 2 dims", op->name);
    N = x->size[0]; C = x->size[1];
    if (op->vop) {
        G = ci__lower_arg_int(L, op, a, 1);
        w = ci__lower_arg_box_opt(L, op, a, 2);
        b = ci__lower_arg_box_opt(L, op, a, 3);
        eps = ci__lower_arg_num(L, op, a, 4);
    } else {
        w = ci__lower_arg_box_opt(L, op, a, 1);
        b = ci__lower_arg_box_opt(L, op, a, 2);
        G = ci__lower_arg_int(L, op, a, 6);
        eps = ci__lower_arg_num(L, op, a, 7);
    }
    if (G <= 0 || C % G)
        CI__FAIL(L, CI_ERR_SHAPE,
                 "%s: expected the number of channels (%lld) to be divisible by num_groups (%lld)",
                 op->name, (long long)C, (long long)G);
    if ((w && (w->ndim != 1 || w->size[0] != C)) || (b && (b->ndim != 1 || b->size[0] != C)))
        CI__FAIL(L, CI_ERR_SHAPE, "%s: expected weight and bias of shape [%lld]", op->name,
                 (long long)C);
    cdt = ci__dtype_opmath(odt);
    sh[0] = N;
    sh[1] = G;
    sh[2] = (N * G != 0) ? ci__ir_numel(x->ndim, x->size) / (N * G) : 0;
    xg = ci__ops_reshape(L, ci__lower_to_dtype(L, x, cdt), 3, sh);
    memset(red, 0, sizeof red);
    red[2] = 1;
    y = ci__ops_reshape(L, ci__ops_normalize(L, op, xg, red, eps, &mean, &rstd), x->ndim, x->size);
    if (w)
        y = ci__ops_call2(
                L, "aten.mul.Tensor", ci__ops_T(y),
                ci__ops_T(ci__ops_channel_view(L, ci__lower_to_dtype(L, w, cdt), x->ndim)));
    if (b)
        y = ci__ops_call2(
                L, "aten.add.Tensor", ci__ops_T(y),
                ci__ops_T(ci__ops_channel_view(L, ci__lower_to_dtype(L, b, cdt), x->ndim)));
    outs[0] = ci__ir_tensor_of(ci__lower_to_dtype(L, y, odt));
    if (op->vop) return 1;
    sh[0] = N; sh[1] = G;
    outs[1] = ci__ir_tensor_of(ci__lower_to_dtype(L, ci__ops_reshape(L, mean, 2, sh), odt));
    outs[2] = ci__ir_tensor_of(ci__lower_to_dtype(L, ci__ops_reshape(L, rstd, 2, sh), odt));
    return 3;
}

/* batch norm in inference mode: (x - running_mean) * rsqrt(running_var + eps) * w + b, per channel.
   extra: 0 _native_batch_norm_legit_no_training, 1 native_batch_norm, 2 batch_norm */
static int ci__ops_batch_norm(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *w = ci__lower_arg_box_opt(L, op, a, 1),
            *b = ci__lower_arg_box_opt(L, op, a, 2);
    ci__box *rm = ci__lower_arg_box_opt(L, op, a, 3), *rv = ci__lower_arg_box_opt(L, op, a, 4), *y;
    int pe = ci__lower_pidx(op, "eps"), pt = ci__lower_pidx(op, "training");
    double eps = ci__lower_arg_num(L, op, a, pe);
    ci_dtype odt = x->dt, cdt;
    int64_t C, zero = 0;
    ci__ops_need_float(L, op, x);
    if (pt >= 0 && ci__lower_arg_bool(L, op, a, pt))
        CI__FAIL(L, CI_ERR_UNSUPPORTED,
                 "%s: training mode is not supported (cinductor runs batch norm in inference mode)",
                 op->name);
    if (!rm || !rv)
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: running_mean and running_var are required in inference mode", op->name);
    if (x->ndim < 2)
        CI__FAIL(L, CI_ERR_SHAPE, "%s: expected an input with at least 2 dims", op->name);
    C = x->size[1];
    if (rm->ndim != 1 || rm->size[0] != C || rv->ndim != 1 || rv->size[0] != C ||
        (w && (w->ndim != 1 || w->size[0] != C)) || (b && (b->ndim != 1 || b->size[0] != C)))
        CI__FAIL(L, CI_ERR_SHAPE, "%s: per-channel tensors must have shape [%lld]", op->name,
                 (long long)C);
    cdt = ci__dtype_opmath(odt);
    {
        ci__ix *v[1];
        ci__box *scale;
        ci__v *s;
        ci__ir_pw_vars(L, 1, &C, v);
        s = ci__ir_v_un(L, CI__V_RSQRT,
                        ci__ir_v_bin(L, CI__V_ADD, ci__ir_v_cast(L, ci__ir_load(L, rv, v), cdt),
                                     ci__ir_v_constf(L, cdt, eps)));
        if (w) s = ci__ir_v_bin(L, CI__V_MUL, s, ci__ir_v_cast(L, ci__ir_load(L, w, v), cdt));
        scale = ci__ir_pw_box(L, cdt, 1, &C, v, s);
        y = ci__ops_call2(L, "aten.mul.Tensor",
                          ci__ops_T(ci__ops_call2(
                                  L, "aten.sub.Tensor", ci__ops_T(ci__lower_to_dtype(L, x, cdt)),
                                  ci__ops_T(ci__ops_channel_view(L, ci__lower_to_dtype(L, rm, cdt),
                                                                 x->ndim)))),
                          ci__ops_T(ci__ops_channel_view(L, scale, x->ndim)));
    }
    if (b)
        y = ci__ops_call2(
                L, "aten.add.Tensor", ci__ops_T(y),
                ci__ops_T(ci__ops_channel_view(L, ci__lower_to_dtype(L, b, cdt), x->ndim)));
    outs[0] = ci__ir_tensor_of(ci__lower_to_dtype(L, y, odt));
    if (op->extra == 2) return 1;
    {   /* save_mean / save_invstd are empty in inference mode */
        ci__ix *v[1];
        ci__ir_pw_vars(L, 1, &zero, v);
        outs[1] = ci__ir_tensor_of(ci__ir_pw_box(L, odt, 1, &zero, v, ci__ir_v_constf(L, odt, 0)));
        outs[2] = ci__ir_tensor_of(ci__ir_pw_box(L, odt, 1, &zero, v, ci__ir_v_constf(L, odt, 0)));
    }
    return 3;
}

/* rms_norm(input, normalized_shape, weight=None, eps=None): x * rsqrt(mean(x^2) + eps) * w */
static int ci__ops_rms_norm(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *w = ci__lower_arg_box_opt(L, op, a, 2), *ss;
    int64_t ns[CI_MAX_DIMS];
    int nn = ci__lower_arg_ints(L, op, a, 1, ns, CI_MAX_DIMS), axis, i;
    double eps;
    char red[CI_MAX_DIMS];
    ci_dtype odt = x->dt, cdt;
    ci__ix *v[CI_MAX_DIMS] = {0};
    ci__v *xv;
    ci__ops_need_float(L, op, x);
    cdt = ci__dtype_opmath(odt);
    eps = a[3].kind == CI_ARG_NONE ? (cdt == CI_F64    ? 2.220446049250313e-16
                                      : odt == CI_F16  ? 0.0009765625
                                      : odt == CI_BF16 ? 0.0078125
                                                       : 1.1920928955078125e-07)
                                   : ci__lower_arg_num(L, op, a, 3);
    axis = x->ndim - nn;
    if (nn < 0 || axis < 0)
        CI__FAIL(L, CI_ERR_SHAPE, "%s: normalized_shape does not match the input", op->name);
    for (i = 0; i < nn; i++)
        if (x->size[axis + i] != ns[i])
            CI__FAIL(L, CI_ERR_SHAPE, "%s: normalized_shape does not match the input", op->name);
    if (w && (w->ndim != nn || memcmp(w->size, ns, sizeof(int64_t) * (size_t)nn)))
        CI__FAIL(L, CI_ERR_SHAPE, "%s: expected weight to have the normalized shape", op->name);
    memset(red, 0, sizeof red);
    for (i = axis; i < x->ndim; i++) red[i] = 1;
    x = ci__lower_to_dtype(L, x, cdt);
    ci__ir_pw_vars(L, x->ndim, x->size, v);
    xv = ci__ir_load(L, x, v);
    ss = ci__ops_reduce_box(
            L, op, ci__ir_pw_box(L, cdt, x->ndim, x->size, v, ci__ir_v_bin(L, CI__V_MUL, xv, xv)),
            red, 1, CI__RED_SUM, cdt);
    {
        ci__box *se = ci__lower_expand(L, ss, x->ndim, x->size, 0);
        ci__v *r;
        ci__ir_pw_vars(L, x->ndim, x->size, v);
        xv = ci__ir_load(L, x, v);
        r = ci__ir_v_bin(
                L, CI__V_MUL, xv,
                ci__ir_v_un(
                        L, CI__V_RSQRT,
                        ci__ir_v_bin(
                                L, CI__V_ADD,
                                ci__ir_v_bin(L, CI__V_DIV, ci__ir_load(L, se, v),
                                             ci__ir_v_constf(L, cdt,
                                                             (double)(ci__ir_numel(nn, ns)
                                                                              ? ci__ir_numel(nn, ns)
                                                                              : 1))),
                                ci__ir_v_constf(L, cdt, eps))));
        if (w)
            r = ci__ir_v_bin(
                    L, CI__V_MUL, r,
                    ci__ir_v_cast(L, ci__ir_load(L, ci__lower_expand(L, w, x->ndim, x->size, 0), v),
                                  cdt));
        outs[0] = ci__ir_tensor_of(ci__ir_pw_box(L, odt, x->ndim, x->size, v, r));
    }
    return 1;
}

/* -- joining, padding, scattering into views -- */
static int ci__ops_tensor_list(ci__L *L, const ci__opdef *op, const ci_arg *a, ci__box **out,
                               int max) {
    int i;
    if (a->kind != CI_ARG_TENSORS)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: expected a list of tensors, got %s", op->name,
                 ci__lower_arg_kind_name(a->kind));
    if (a->u.tensors.n > max)
        CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: at most %d tensors", op->name, max);
    for (i = 0; i < a->u.tensors.n; i++) {
        if (!a->u.tensors.v[i].id)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: element %d of the tensor list is None", op->name,
                     i);
        out[i] = ci__ir_box_get(L, a->u.tensors.v[i]);
    }
    return a->u.tensors.n;
}

/* -- cat: Inductor's choice between pointwise_cat and ConcatKernel --
   A pointwise cat selects, per element, a load from the input that holds it: it fuses with
   its users and with its inputs' computations, at the price of a comparison chain per element.
   A ConcatKernel is one buffer written slice by slice, each input by a kernel of its own
   (an unrealized input is computed straight into its slice). As lowering.py (for devices
   other than the CPU, whose choice there follows its vectorizer): a pointwise cat only for at
   most 8 inputs, and only when its users are all pointwise and some input would need a copy
   anyway, or when every input would and none is, or reads, a reduction. */
#define CI__OPS_MAX_POINTWISE_CAT 8
/* would the input need a copy kernel (lowering.py's should_lower_cat_input)? An unrealized
   pointwise or a graph input would; a computed buffer could be written into the slice */
static int ci__ops_cat_should_lower(const ci__box *x) {
    const ci__buf *b;
    if (x->st->kind != CI__ST_BUF) return 1;
    b = x->st->buf;
    return b->kind != CI__BUF_COMPUTED || !b->producer || b->producer->kind == CI__K_EXTERN;
}

/* does v's DAG, or that of a pointwise kernel it reads (and so on back), read a reduction? A
   pointwise kernel found not to is remembered (rr = 1), so asking again costs nothing */
static int ci__ops_reads_reduction_rec(ci__L *L, ci__v *v, int *marks, int epoch) {
    ci__ir_vwalk w;
    ci__vec seen;
    int r = 0, i;
    memset(&seen, 0, sizeof seen);
    ci__ir_vw_open(L, &w);
    ci__ir_vw_push(&w, v, 0);
    while (!r && (v = ci__ir_vw_next(&w, marks, epoch)) != NULL)
        if (v->op == CI__V_LOAD && v->buf->producer) {
            ci__kernel *p = v->buf->producer;
            if (p->kind == CI__K_REDUCTION) r = 1;
            else if (p->kind == CI__K_POINTWISE && !p->rr && marks[p->body->id] != epoch) {
                ci__ir_vw_push(&w, p->body, 0);
                ci__vec_push(L->A, &seen, p);
            }
        }
    ci__ir_vw_close(&w);
    if (!r) for (i = 0; i < seen.n; i++) ((ci__kernel *)seen.v[i])->rr = 1;
    return r;
}

/* is the input a reduction, or a pointwise reading one (can_fuse_reduction)? */
static int ci__ops_cat_reads_reduction(ci__L *L, const ci__box *x) {
    int *marks = ci__ir_marks(L);
    if (x->st->kind == CI__ST_BUF) {
        const ci__kernel *p = x->st->buf->producer;
        if (!p) return 0;
        if (p->kind == CI__K_REDUCTION) return 1;
        return p->kind == CI__K_POINTWISE &&
               ci__ops_reads_reduction_rec(L, p->body, marks, L->epoch);
    }
    return x->st->kind == CI__ST_PW && ci__ops_reads_reduction_rec(L, x->st->body, marks, L->epoch);
}

/* is every use of the tensors out0 .. out0+nout-1 of node ix pointwise (is_pointwise_use)? A
   view passes the question on to its own users; a graph output is not a pointwise use */
/* the graph's users index, built once per compile: the nodes reading tensor t are
   users[uoff[t] .. uoff[t+1]-1], in order; uout[t]: t is a graph output */
static void ci__ops_users_index(ci__L *L) {
    const ci_graph *g = L->graph;
    int nt = g->tensors.n, i, j, k, pass;
    L->uoff = CI__NEWN(L->A, int, nt + 2);
    L->uout = CI__NEWN(L->A, char, nt + 2);
    for (i = 0; i < g->outputs.n; i++) L->uout[(uint32_t)(uintptr_t)g->outputs.v[i]] = 1;
    for (pass = 0; pass < 2; pass++) {   /* count, then fill */
        int *fill = pass ? CI__NEWN(L->A, int, nt + 2) : NULL;
        if (pass) {
            for (i = 1; i <= nt + 1; i++) L->uoff[i] += L->uoff[i - 1];
            L->users = CI__NEWN(L->A, int, L->uoff[nt + 1]);
            memcpy(fill, L->uoff, sizeof(int) * (size_t)(nt + 1));
        }
        for (i = 0; i < g->nodes.n; i++) {
            const ci__node *nd = (const ci__node *)g->nodes.v[i];
            for (j = 0; j < nd->nargs + nd->nkw; j++) {
                const ci_arg *a = j < nd->nargs ? &nd->args[j] : &nd->kw[j - nd->nargs].value;
                int nid = a->kind == CI_ARG_TENSOR    ? 1
                          : a->kind == CI_ARG_TENSORS ? a->u.tensors.n
                                                      : 0;
                for (k = 0; k < nid; k++) {
                    uint32_t t = a->kind == CI_ARG_TENSOR ? a->u.t.id : a->u.tensors.v[k].id;
                    if (!t || (int)t > nt) continue;
                    if (!pass) L->uoff[t + 1]++;
                    else L->users[fill[t]++] = i;
                }
            }
        }
    }
}

static int ci__ops_uses_pointwise(ci__L *L, int ix, uint32_t out0, int nout, int depth) {
    const ci_graph *g = L->graph;
    uint32_t t;
    int u;
    if (!L->uoff) ci__ops_users_index(L);
    for (t = out0; t < out0 + (uint32_t)nout; t++) {
        if (L->uout[t]) return 0;
        for (u = L->uoff[t]; u < L->uoff[t + 1]; u++) {
            int i = L->users[u];
            const ci__node *nd = (const ci__node *)g->nodes.v[i];
            const ci__opdef *op;
            if (i <= ix) continue;
            if (nd->kind != CI__N_CALL || !(op = ci__lower_registry_find(L->ctx, nd->op))) return 0;
            if (op->use == CI__OPS_USE_V) {
                if (depth > 8 || !ci__ops_uses_pointwise(L, i, nd->out0, nd->nout, depth + 1))
                    return 0;
            } else if (op->use != CI__OPS_USE_P) return 0;
        }
    }
    return 1;
}

static int ci__ops_cat_pointwise(ci__L *L, ci__box **in, int n) {
    int i, any_lower = 0, all_lower = 1, red = 0;
    const ci__node *nd;
    if (n > CI__OPS_MAX_POINTWISE_CAT) return 0;
    for (i = 0; i < n; i++) {
        int lower = ci__ops_cat_should_lower(in[i]);
        any_lower |= lower; all_lower &= lower;
        red |= ci__ops_cat_reads_reduction(L, in[i]);
    }
    if (all_lower && !red) return 1;   /* a copy of each input anyway: one kernel for all */
    if (!any_lower || !L->graph) return 0;
    nd = (const ci__node *)L->graph->nodes.v[L->node_ix];
    return ci__ops_uses_pointwise(L, L->node_ix, nd->out0, nd->nout, 0); /* fused into its users */
}

/* cat(tensors, dim=0): a pointwise select over clamped loads (a read never leaves its input),
   or a ConcatKernel */
static ci__box *ci__ops_cat_box(ci__L *L, const ci__opdef *op, ci__box **xs, int n,
                                int64_t dim_arg) {
    ci__box *in[256];
    int k = 0, i, j, ref = -1;
    int64_t shape[CI_MAX_DIMS], dim, off[257];
    ci_dtype dt = CI_DTYPE_INVALID;
    ci__ix *v[CI_MAX_DIMS] = {0};
    ci__v *val = NULL;
    if (n == 0)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: expected a non-empty list of Tensors", op->name);
    for (i = 0; i < n; i++) {
        dt = ci__dtype_promote2(dt, xs[i]->dt);
        /* legacy: 1-d empty tensors are skipped */
        if (!(xs[i]->ndim == 1 && xs[i]->size[0] == 0) && ref < 0) ref = i;
    }
    if (ref < 0) return ci__lower_to_dtype(L, xs[0], dt);
    if (xs[ref]->ndim == 0)
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: zero-dimensional tensor (at position %d) cannot be concatenated", op->name,
                 ref);
    dim = ci__lower_wrap_dim(L, op, dim_arg, xs[ref]->ndim);
    memcpy(shape, xs[ref]->size, sizeof(int64_t) * (size_t)xs[ref]->ndim);
    off[0] = 0;
    for (i = 0; i < n; i++) {
        ci__box *x = xs[i];
        if (x->ndim == 1 && x->size[0] == 0) continue;
        if (x->ndim != xs[ref]->ndim)
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: tensors must have same number of dimensions: got %d and %d", op->name,
                     xs[ref]->ndim, x->ndim);
        for (j = 0; j < x->ndim; j++) if (j != dim && x->size[j] != shape[j])
                CI__FAIL(L, CI_ERR_SHAPE,
                         "%s: sizes of tensors must match except in dimension %lld. Expected size "
                         "%lld but got size %lld for tensor number %d in the list",
                         op->name, (long long)dim, (long long)shape[j], (long long)x->size[j], i);
        in[k] = ci__lower_to_dtype(L, x, dt);
        off[k + 1] = off[k] + x->size[dim];
        k++;
    }
    shape[dim] = off[k];
    if (k == 1) {
        ci__ir_pw_vars(L, in[0]->ndim, shape, v);
        return ci__ir_pw_box(L, dt, in[0]->ndim, shape, v, ci__ir_load(L, in[0], v));
    }
    /* ConcatKernel */
    if (!L->meta && ci__ir_numel(in[0]->ndim, shape) > 0 && !ci__ops_cat_pointwise(L, in, k)) {
        ci__buf *buf = ci__ir_buf_new(L, CI__BUF_COMPUTED, dt, in[0]->ndim, shape);
        for (i = 0; i < k; i++) {
            ci__ix *idx[CI_MAX_DIMS];
            if (ci__ir_numel(in[i]->ndim, in[i]->size) == 0) continue;
            ci__ir_pw_vars(L, in[i]->ndim, in[i]->size, v);
            memcpy(idx, v, sizeof(ci__ix *) * (size_t)in[i]->ndim);
            idx[dim] = ci__ops_ixadd(L, v[dim], ci__ops_K(L, off[i]));
            ci__ops_scatter_into(L, buf, in[i]->ndim, in[i]->size, v, ci__ir_load(L, in[i], v), idx,
                                 CI__SC_STORE);
            ((ci__kernel *)L->kernels.v[L->kernels.n - 1])->disjoint = 1;
        }
        return ci__ir_buf_box(L, buf);
    }
    ci__ir_pw_vars(L, in[0]->ndim, shape, v);
    for (i = k - 1; i >= 0; i--) {
        ci__ix *idx[CI_MAX_DIMS];
        ci__v *ld;
        memcpy(idx, v, sizeof(ci__ix *) * (size_t)in[0]->ndim);
        if (in[i]->size[dim] == 0) continue;
        idx[dim] = ci__ops_ixclamp(L, ci__ops_ixadd(L, v[dim], ci__ops_K(L, -off[i])),
                                   in[i]->size[dim]);
        ld = ci__ir_load(L, in[i], idx);
        val = val ? ci__ir_v_op(L, CI__V_WHERE,
                                ci__ir_v_bin(L, CI__V_LT, ci__ops_ixval(L, v[dim]),
                                             ci__ir_v_consti(L, CI_I64, off[i + 1])),
                                ld, val)
                  : ld;
    }
    if (!val) val = ci__ir_v_consti(L, dt, 0);
    return ci__ir_pw_box(L, dt, in[0]->ndim, shape, v, val);
}

static int ci__ops_cat(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *xs[256];
    int n = ci__ops_tensor_list(L, op, &a[0], xs, 256);
    outs[0] = ci__ir_tensor_of(ci__ops_cat_box(L, op, xs, n, ci__lower_arg_int(L, op, a, 1)));
    return 1;
}

/* stack(tensors, dim=0) */
static int ci__ops_stack(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *xs[256];
    int n = ci__ops_tensor_list(L, op, &a[0], xs, 256), i;
    int64_t dim = ci__lower_arg_int(L, op, a, 1), shape[CI_MAX_DIMS];
    if (n == 0)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: stack expects a non-empty TensorList", op->name);
    if (dim < -(xs[0]->ndim + 1) || dim > xs[0]->ndim)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: dimension out of range", op->name);
    if (dim < 0) dim += xs[0]->ndim + 1;
    if (xs[0]->ndim + 1 > CI_MAX_DIMS)
        CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: too many dims", op->name);
    for (i = 1; i < n; i++)
        if (xs[i]->ndim != xs[0]->ndim ||
            memcmp(xs[i]->size, xs[0]->size, sizeof(int64_t) * (size_t)xs[0]->ndim))
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: stack expects each tensor to be equal size, but got tensors %d and 0 of "
                     "different shapes",
                     op->name, i);
    for (i = 0; i < n; i++) {
        int j, k = 0;
        for (j = 0; j <= xs[i]->ndim; j++) shape[j] = j == dim ? 1 : xs[i]->size[k++];
        xs[i] = ci__ops_reshape(L, xs[i], xs[i]->ndim + 1, shape);
    }
    outs[0] = ci__ir_tensor_of(ci__ops_cat_box(L, op, xs, n, dim));
    return 1;
}

/* constant_pad_nd(self, pad, value=0); reflection / replication pads (extra 1 / 2, vop = dims) */
static int ci__ops_pad(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t pad[2 * CI_MAX_DIMS], shape[CI_MAX_DIMS], lo[CI_MAX_DIMS];
    int np = ci__lower_arg_ints(L, op, a, 1, pad, 2 * CI_MAX_DIMS), i, mode = op->extra;
    ci__ix *v[CI_MAX_DIMS] = {0}, *idx[CI_MAX_DIMS];
    ci__v *ok = ci__ir_v_consti(L, CI_BOOL, 1), *val;
    if (np < 0 || np % 2 || np / 2 > x->ndim)
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: padding length must be divisible by 2 and at most twice the number of dims",
                 op->name);
    if (mode && np != 2 * op->vop)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: expected padding of length %d, got %d", op->name,
                 2 * op->vop, np);
    if (mode && (x->ndim < op->vop || x->ndim > op->vop + 2))
        CI__FAIL(L, CI_ERR_SHAPE, "%s: expected a %dD or %dD input", op->name, op->vop + 1,
                 op->vop + 2);
    for (i = 0; i < x->ndim; i++) { lo[i] = 0; shape[i] = x->size[i]; }
    for (i = 0; i < np / 2; i++) {
        int d = x->ndim - 1 - i;
        lo[d] = pad[2 * i];
        if (ci__util_add_ovf(x->size[d], pad[2 * i], &shape[d]) ||
            ci__util_add_ovf(shape[d], pad[2 * i + 1], &shape[d]))
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: the input size %lld plus padding %lld and %lld overflows int64", op->name,
                     (long long)x->size[d], (long long)pad[2 * i], (long long)pad[2 * i + 1]);
        if (shape[d] < 0)
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: the input size %lld, plus negative padding %lld and %lld resulted in a "
                     "negative output size",
                     op->name, (long long)x->size[d], (long long)pad[2 * i],
                     (long long)pad[2 * i + 1]);
        if (mode == 1 && (pad[2 * i] >= x->size[d] || pad[2 * i + 1] >= x->size[d]))
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: padding size should be less than the corresponding input dimension, but "
                     "got padding (%lld, %lld) at dimension %d of input of size %lld",
                     op->name, (long long)pad[2 * i], (long long)pad[2 * i + 1], d,
                     (long long)x->size[d]);
        if (mode == 2 && x->size[d] == 0)
            CI__FAIL(L, CI_ERR_SHAPE, "%s: input dimension %d is empty", op->name, d);
    }
    ci__ir_pw_vars(L, x->ndim, shape, v);
    for (i = 0; i < x->ndim; i++) {
        ci__ix *j = ci__ops_ixadd(L, v[i], ci__ops_K(L, -lo[i]));
        int64_t n = x->size[i];
        if (mode == 1) {        /* reflect: (n-1) - |(n-1) - |j|| */
            ci__ix *aj = ci__ix_max(L->A, &L->ixt, j, ci__ops_ixscale(L, j, -1));
            ci__ix *t = ci__ops_ixadd(L, ci__ops_K(L, n - 1), ci__ops_ixscale(L, aj, -1));
            idx[i] = ci__ops_ixadd(
                    L, ci__ops_K(L, n - 1),
                    ci__ops_ixscale(L, ci__ix_max(L->A, &L->ixt, t, ci__ops_ixscale(L, t, -1)),
                                    -1));
        } else if (mode == 2) { /* replicate */
            idx[i] = ci__ops_ixclamp(L, j, n);
        } else {
            idx[i] = ci__ops_ixclamp(L, j, n);
            if (lo[i] != 0 || shape[i] != n)
                ok = ci__ir_v_bin(L, CI__V_AND, ok, ci__ops_in_range(L, j, 0, n));
        }
    }
    val = ci__ir_numel(x->ndim, x->size) ? ci__ir_load(L, x, idx) : ci__ir_v_consti(L, x->dt, 0);
    if (!mode) {
        ci_arg *pv = &a[2];
        ci__v *fill;
        if (!ci__lower_is_num(pv))
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: value must be a number", op->name);
        fill = pv->kind == CI_ARG_FLOAT ? ci__ir_v_constf(L, x->dt, pv->u.f)
                                        : ci__ir_v_consti(L, x->dt, (int64_t)ci__lower_num(pv));
        if (ok->op != CI__V_CONST) val = ci__ir_v_op(L, CI__V_WHERE, ok, val, fill);
        else if (!ok->i) val = fill;
    }
    outs[0] = ci__ir_tensor_of(ci__ir_pw_box(L, x->dt, x->ndim, shape, v, val));
    return 1;
}

/* slice_scatter(self, src, dim=0, start=None, end=None, step=1), select_scatter(self, src, dim,
   index) (extra 1), diagonal_scatter(self, src, offset=0, dim1=0, dim2=1) (extra 2): self with a
   view of it replaced by src */
static int ci__ops_scatter_view(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *src = ci__lower_arg_box(L, op, a, 1), *view;
    ci__ix *v[CI_MAX_DIMS] = {0}, *si[CI_MAX_DIMS];
    ci__v *in, *sv;
    int i, k = 0;
    ci_tensor vt[1];
    ci_arg t[5];
    /* the view of self that src replaces: its shape must be src's */
    t[0] = ci__ops_T(x);
    for (i = 2; i < op->nparams; i++) t[i - 1] = a[i];
    if (op->extra == 0) ci__ops_slice(L, op, t, vt);
    else if (op->extra == 1) ci__ops_select(L, op, t, vt);
    else ci__ops_diagonal(L, op, t, vt);
    view = ci__ir_box_get(L, vt[0]);
    if (view->ndim != src->ndim ||
        memcmp(view->size, src->size, sizeof(int64_t) * (size_t)src->ndim))
        CI__FAIL(L, CI_ERR_SHAPE, "%s: expected src to have a size equal to the slice of self. "
                 "src size = %s, slice size = %s", op->name, ci__ir_shape(L, src->ndim, src->size),
                 ci__ir_shape(L, view->ndim, view->size));
    src = ci__lower_to_dtype(L, src, x->dt);
    ci__ir_pw_vars(L, x->ndim, x->size, v);
    if (op->extra == 0) {
        int64_t dim = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 2), x->ndim),
                n = x->size[dim], step = ci__lower_arg_int(L, op, a, 5);
        int64_t start = a[3].kind == CI_ARG_NONE ? 0 : ci__lower_arg_int(L, op, a, 3);
        ci__ix *rel;
        if (start < 0) start += n;
        if (start < 0) start = 0;
        if (start > n) start = n;
        rel = ci__ops_ixadd(L, v[dim], ci__ops_K(L, -start));
        in = ci__ir_v_bin(
                L, CI__V_AND, ci__ops_in_range(L, rel, 0, src->size[dim] * step),
                ci__ir_v_bin(L, CI__V_EQ,
                             ci__ops_ixval(L, ci__ix_mod(L->A, &L->ixt, rel, ci__ops_K(L, step))),
                             ci__ir_v_consti(L, CI_I64, 0)));
        for (i = 0; i < x->ndim; i++) si[i] = v[i];
        si[dim] = ci__ops_ixclamp(L,
                                  ci__ix_fdiv(L->A, &L->ixt,
                                              ci__ix_max(L->A, &L->ixt, rel, ci__ops_K(L, 0)),
                                              ci__ops_K(L, step)),
                                  src->size[dim]);
    } else if (op->extra == 1) {
        int64_t dim = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 2), x->ndim),
                idx = ci__lower_arg_int(L, op, a, 3);
        if (idx < 0) idx += x->size[dim];
        in = ci__ir_v_bin(L, CI__V_EQ, ci__ops_ixval(L, v[dim]), ci__ir_v_consti(L, CI_I64, idx));
        for (i = 0; i < x->ndim; i++) if (i != dim) si[k++] = v[i];
    } else {
        int64_t off = ci__lower_arg_int(L, op, a, 2),
                d1 = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 3), x->ndim),
                d2 = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 4), x->ndim);
        in = ci__ir_v_bin(L, CI__V_EQ, ci__ops_ixval(L, ci__ix_sub(L->A, &L->ixt, v[d2], v[d1])),
                          ci__ir_v_consti(L, CI_I64, off));
        for (i = 0; i < x->ndim; i++) if (i != d1 && i != d2) si[k++] = v[i];
        si[k++] = ci__ops_ixclamp(L, off >= 0 ? v[d1] : v[d2],
                                  src->ndim ? src->size[src->ndim - 1] : 1);
    }
    if (op->extra != 0)
        for (i = 0; i < src->ndim; i++) si[i] = ci__ops_ixclamp(L, si[i], src->size[i]);
    sv = ci__ir_numel(src->ndim, src->size) ? ci__ir_load(L, src, si)
                                            : ci__ir_v_consti(L, x->dt, 0);
    outs[0] = ci__ir_tensor_of(
            ci__ir_pw_box(L, x->dt, x->ndim, x->size, v,
                          ci__ir_v_op(L, CI__V_WHERE, in, sv, ci__ir_load(L, x, v))));
    return 1;
}

/* -- indexing: reads through index tensors -- */
static void ci__ops_need_index(ci__L *L, const ci__opdef *op, const ci__box *i, int allow_i32) {
    if (!(i->dt == CI_I64 || (allow_i32 && i->dt == CI_I32)))
        CI__FAIL(L, CI_ERR_DTYPE, "%s: expected an index tensor of dtype int64%s, got %s", op->name,
                 allow_i32 ? " or int32" : "", ci__dtype_tab[i->dt].tname);
}

/* gather(self, dim, index, *, sparse_grad=False) */
static int ci__ops_gather(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *ix = ci__lower_arg_box(L, op, a, 2);
    int64_t dim = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 1), x->ndim);
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    int i, xn = x->ndim ? x->ndim : 1;
    ci__ops_need_index(L, op, ix, 0);
    if ((ix->ndim ? ix->ndim : 1) != xn)
        CI__FAIL(L, CI_ERR_SHAPE,
                 "%s: index tensor must have the same number of dimensions as input tensor",
                 op->name);
    for (i = 0; i < ix->ndim; i++) if (i != dim && x->ndim && ix->size[i] > x->size[i])
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: size does not match at dimension %d expected index %lld to be smaller "
                     "than self %lld apart from dimension %lld",
                     op->name, i, (long long)ix->size[i], (long long)x->size[i], (long long)dim);
    ci__ir_pw_vars(L, ix->ndim, ix->size, v);
    if (ci__ir_numel(ix->ndim, ix->size) == 0 || ci__ir_numel(x->ndim, x->size) == 0) {
        if (ci__ir_numel(ix->ndim, ix->size) != 0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: index out of range for an empty input", op->name);
        outs[0] = ci__ir_tensor_of(
                ci__ir_pw_box(L, x->dt, ix->ndim, ix->size, v, ci__ir_v_consti(L, x->dt, 0)));
        return 1;
    }
    for (i = 0; i < x->ndim; i++) m[i] = v[i];
    m[x->ndim ? dim : 0] = ci__ir_ix_indirect(
            L, ci__ir_v_checkidx(L, ci__ir_load(L, ix, v), x->ndim ? x->size[dim] : 1,
                                 0)); /* 0-d: the index must be 0 */
    outs[0] = ci__ir_tensor_of(
            ci__ir_pw_box(L, x->dt, ix->ndim, ix->size, v,
                          ci__ir_v_keepchecks(L, ci__ir_load(L, x, m), xn, m, NULL)));
    return 1;
}

/* index_select(self, dim, index) */
static int ci__ops_index_select(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *ix = ci__lower_arg_box(L, op, a, 2);
    int64_t dim = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 1), x->ndim),
            shape[CI_MAX_DIMS], n = ci__ir_numel(ix->ndim, ix->size);
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS], *iv[1];
    int i;
    ci__ops_need_index(L, op, ix, 1);
    if (ix->ndim > 1)
        CI__FAIL(L, CI_ERR_SHAPE, "%s: index_select(): Index is supposed to be a vector", op->name);
    for (i = 0; i < x->ndim; i++) shape[i] = x->size[i];
    if (x->ndim) shape[dim] = n;
    ci__ir_pw_vars(L, x->ndim, shape, v);
    if (n == 0 || ci__ir_numel(x->ndim, x->size) == 0) {
        if (n && x->ndim && x->size[dim] == 0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: index out of range in self", op->name);
        outs[0] = ci__ir_tensor_of(
                ci__ir_pw_box(L, x->dt, x->ndim, shape, v, ci__ir_v_consti(L, x->dt, 0)));
        return 1;
    }
    for (i = 0; i < x->ndim; i++) m[i] = v[i];
    iv[0] = x->ndim ? v[dim] : ci__ops_K(L, 0);
    m[x->ndim ? dim : 0] = ci__ir_ix_indirect(
            L, ci__ir_v_checkidx(L, ci__ir_load(L, ix, iv), x->ndim ? x->size[dim] : 1, 0));
    outs[0] = ci__ir_tensor_of(ci__ir_pw_box(
            L, x->dt, x->ndim, shape, v,
            ci__ir_v_keepchecks(L, ci__ir_load(L, x, m), x->ndim ? x->ndim : 1, m, NULL)));
    return 1;
}

/* embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False) */
static int ci__ops_embedding(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *w = ci__lower_arg_box(L, op, a, 0), *ix = ci__lower_arg_box(L, op, a, 1);
    int64_t shape[CI_MAX_DIMS];
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[2];
    int i, n = ix->ndim + 1;
    ci__ops_need_index(L, op, ix, 1);
    if (w->ndim != 2) CI__FAIL(L, CI_ERR_SHAPE, "%s: 'weight' must be 2-D", op->name);
    if (n > CI_MAX_DIMS) CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: too many dims", op->name);
    for (i = 0; i < ix->ndim; i++) shape[i] = ix->size[i];
    shape[ix->ndim] = w->size[1];
    ci__ir_pw_vars(L, n, shape, v);
    if (ci__ir_numel(n, shape) == 0) {
        outs[0] = ci__ir_tensor_of(
                ci__ir_pw_box(L, w->dt, n, shape, v, ci__ir_v_consti(L, w->dt, 0)));
        return 1;
    }
    m[0] = ci__ir_ix_indirect(L, ci__ir_v_checkidx(L, ci__ir_load(L, ix, v), w->size[0], 0));
    m[1] = v[ix->ndim];
    outs[0] = ci__ir_tensor_of(ci__ir_pw_box(
            L, w->dt, n, shape, v, ci__ir_v_keepchecks(L, ci__ir_load(L, w, m), 2, m, NULL)));
    return 1;
}

/* Advanced indexing x[indices]: the result's shape (oshape, no dims), its variables v, and m,
   x's index in terms of v (indirect where an index tensor applies). Index tensors broadcast
   together; when the indexed dims are not adjacent the broadcast dims go first (PyTorch's
   rule). Returns 0 when every index is None. */
static int ci__ops_adv_index(ci__L *L, const ci__opdef *op, ci__box *x, const ci_arg *list,
                             int *no_out, int64_t *oshape, ci__ix **v, ci__ix **m) {
    ci__box *idx[CI_MAX_DIMS];
    int nidx, i, j, first = -1, last = -1, adjacent = 1, nb = 0, no = 0, o = 0;
    int64_t bshape[CI_MAX_DIMS];
    ci__ix *bv[CI_MAX_DIMS];
    if (list->kind != CI_ARG_TENSORS)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: indices must be a list of tensors (or None)",
                 op->name);
    nidx = list->u.tensors.n;
    if (nidx > x->ndim)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: too many indices for tensor of dimension %d (got %d)",
                 op->name, x->ndim, nidx);
    for (i = 0; i < x->ndim; i++) {
        idx[i] = (i < nidx && list->u.tensors.v[i].id) ? ci__ir_box_get(L, list->u.tensors.v[i])
                                                       : NULL;
        if (!idx[i]) continue;
        if (idx[i]->dt == CI_BOOL || idx[i]->dt == CI_U8)
            CI__FAIL(L, CI_ERR_UNSUPPORTED,
                     "%s: a boolean mask index is supported only as the first and only index "
                     "(self[mask])",
                     op->name);
        ci__ops_need_index(L, op, idx[i], 1);
        if (first >= 0 && last != i - 1) adjacent = 0;
        if (first < 0) first = i;
        last = i;
        ci__lower_broadcast_shape(L, op->name, nb, bshape, idx[i]->ndim, idx[i]->size, &nb, bshape);
    }
    if (first < 0) return 0;
    /* the result's dims: the broadcast dims replace the indexed block (or lead), the others keep
     * their order */
    if (!adjacent) for (j = 0; j < nb; j++) oshape[no++] = bshape[j];
    for (i = 0; i < x->ndim; i++) {
        if (adjacent && i == first) for (j = 0; j < nb; j++) oshape[no++] = bshape[j];
        if (!idx[i]) oshape[no++] = x->size[i];
    }
    if (no > CI_MAX_DIMS) CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: too many dims", op->name);
    ci__ir_pw_vars(L, no, oshape, v);
    if (!adjacent) for (j = 0; j < nb; j++) bv[j] = v[o++];
    for (i = 0; i < x->ndim; i++) {
        if (adjacent && i == first) for (j = 0; j < nb; j++) bv[j] = v[o++];
        if (!idx[i]) m[i] = v[o++];
    }
    for (i = 0; i < x->ndim; i++) if (idx[i]) {
        if (x->size[i] == 0 && ci__ir_numel(no, oshape) > 0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: index is out of bounds for dimension %d with size 0", op->name, i);
        m[i] = ci__ir_numel(no, oshape)
                       ? ci__ir_ix_indirect(
                                 L,
                                 ci__ir_v_checkidx(
                                         L,
                                         ci__ir_load(L, ci__lower_expand(L, idx[i], nb, bshape, 0),
                                                     bv),
                                         x->size[i], 1))
                       : ci__ops_K(L, 0);
    }
    *no_out = no;
    return 1;
}

static int ci__ops_index(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t oshape[CI_MAX_DIMS];
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    int no = 0;
    if (ci__ops_index_by_mask(L, op, x, &a[1], &outs[0])) return 1;
    if (!ci__ops_adv_index(L, op, x, &a[1], &no, oshape, v, m)) {
        outs[0] = ci__ir_tensor_of(x);
        return 1;
    }
    outs[0] = ci__ir_tensor_of(
            ci__ir_pw_box(L, x->dt, no, oshape, v,
                          ci__ir_numel(no, oshape)
                                  ? ci__ir_v_keepchecks(L, ci__ir_load(L, x, m), x->ndim, m, NULL)
                                  : ci__ir_v_consti(L, x->dt, 0)));
    return 1;
}

/* -- data-dependent sizes: nonzero, masked_select, boolean-mask indexing --
   Extern kernels whose outputs are allocated at their upper bound (every element selected);
   the kernel writes the selected ones first, in C order, and reports how many through
   outs[].shape, which the program keeps (ci_program_output_shape_after_run). Nothing may use
   such a result but a graph output (ci__lower_check_not_dd). */
static int64_t ci__ops_ext_numel(const ci_extern_tensor *t) {
    return ci__ir_numel(t->ndim, t->shape);
}

/* masked_rows(self, mask): mask has self's leading dims; the rows of self (over its other dims)
   where mask is true, stacked: [count, trailing dims...] */
static ci_result ci__ops_ext_masked_rows_infer(const ci_extern_tensor *ins, int nins,
                                               const ci_arg *args, int nargs,
                                               ci_extern_tensor *outs, int nouts, void *user) {
    int k, d;
    (void)args;
    (void)nargs;
    (void)nouts;
    (void)user;
    /* (a graph may call it itself: the mask must be a bool mask of x's leading dims) */
    if (nins != 2 || (ins[1].dtype != CI_BOOL && ins[1].dtype != CI_U8) ||
        ins[1].ndim > ins[0].ndim)
        return CI_ERR_SHAPE;
    k = ins[1].ndim;
    for (d = 0; d < k; d++) if (ins[1].shape[d] != ins[0].shape[d]) return CI_ERR_SHAPE;
    outs[0].dtype = ins[0].dtype;
    outs[0].ndim = 1 + ins[0].ndim - k;
    outs[0].shape[0] = ci__ops_ext_numel(&ins[1]);
    for (d = k; d < ins[0].ndim; d++) outs[0].shape[1 + d - k] = ins[0].shape[d];
    return CI_OK;
}

static int ci__ops_ext_masked_rows_run(const ci_extern_tensor *ins, int nins, const ci_arg *args,
                                       int nargs, ci_extern_tensor *outs, int nouts, void *user) {
    int64_t rows = ci__ops_ext_numel(&ins[1]), row = 1, r, count = 0;
    size_t es = ci__dtype_tab[ins[0].dtype].size;
    const unsigned char *m = (const unsigned char *)ins[1].data;
    int d;
    (void)nins;
    (void)args;
    (void)nargs;
    (void)nouts;
    (void)user;
    for (d = ins[1].ndim; d < ins[0].ndim; d++) row *= ins[0].shape[d];
    for (r = 0; r < rows; r++) if (m[r]) {
            if (row)
                memcpy((char *)outs[0].data + (size_t)(count * row) * es,
                       (const char *)ins[0].data + (size_t)(r * row) * es, (size_t)row * es);
            count++;
    }
    outs[0].shape[0] = count;
    return 0;
}

/* is element i of x non-zero? By value: -0.0 is zero, NaN is not */
static int ci__ops_ext_is_nonzero(const ci_extern_tensor *x, int64_t i) {
    const char *p = (const char *)x->data;
    size_t b, es;
    int nz = 0;
    switch (x->dtype) {
    case CI_F16:
    case CI_BF16: {
        uint16_t h;
        memcpy(&h, p + 2 * i, 2);
        return (h & 0x7fff) != 0;
    }
    case CI_F32: {
        float f;
        memcpy(&f, p + 4 * i, 4);
        return f != 0;
    }
    case CI_F64: {
        double f;
        memcpy(&f, p + 8 * i, 8);
        return f != 0;
    }
    default:
        es = ci__dtype_tab[x->dtype].size;
        for (b = 0; b < es; b++) nz |= p[(size_t)i * es + b] != 0;
        return nz;
    }
}

/* nonzero(self): the indices of the non-zero elements, [count, ndim], in C order */
static ci_result ci__ops_ext_nonzero_infer(const ci_extern_tensor *ins, int nins,
                                           const ci_arg *args, int nargs, ci_extern_tensor *outs,
                                           int nouts, void *user) {
    (void)args;
    (void)nargs;
    (void)nouts;
    (void)user;
    if (nins != 1) return CI_ERR_INVALID_ARGS;
    outs[0].dtype = CI_I64;
    outs[0].ndim = 2;
    outs[0].shape[0] = ci__ops_ext_numel(&ins[0]);
    outs[0].shape[1] = ins[0].ndim;
    return CI_OK;
}

static int ci__ops_ext_nonzero_run(const ci_extern_tensor *ins, int nins, const ci_arg *args,
                                   int nargs, ci_extern_tensor *outs, int nouts, void *user) {
    int64_t n = ci__ops_ext_numel(&ins[0]), i, count = 0, *o = (int64_t *)outs[0].data;
    int nd = ins[0].ndim, d;
    (void)nins;
    (void)args;
    (void)nargs;
    (void)nouts;
    (void)user;
    for (i = 0; i < n; i++) {
        if (ci__ops_ext_is_nonzero(&ins[0], i)) {
            int64_t rem = i;
            for (d = nd - 1; d >= 0; d--) {
                o[count * nd + d] = ins[0].shape[d] ? rem % ins[0].shape[d] : 0;
                rem = ins[0].shape[d] ? rem / ins[0].shape[d] : 0;
            }
            count++;
        }
    }
    outs[0].shape[0] = count;
    return 0;
}

/* nonzero as a tuple (where(condition)): outs[d] holds the index along dim d of each non-zero */
static ci_result ci__ops_ext_nonzero_tuple_infer(const ci_extern_tensor *ins, int nins,
                                                 const ci_arg *args, int nargs,
                                                 ci_extern_tensor *outs, int nouts, void *user) {
    int d;
    (void)args;
    (void)nargs;
    (void)user;
    if (nins != 1 || nouts != (ins[0].ndim ? ins[0].ndim : 1)) return CI_ERR_SHAPE;
    for (d = 0; d < nouts; d++) {
        outs[d].dtype = CI_I64;
        outs[d].ndim = 1;
        outs[d].shape[0] = ci__ops_ext_numel(&ins[0]);
    }
    return CI_OK;
}

static int ci__ops_ext_nonzero_tuple_run(const ci_extern_tensor *ins, int nins, const ci_arg *args,
                                         int nargs, ci_extern_tensor *outs, int nouts, void *user) {
    int64_t n = ci__ops_ext_numel(&ins[0]), count = 0, i;
    int d, nd = ins[0].ndim;
    (void)nins;
    (void)args;
    (void)nargs;
    (void)user;
    for (i = 0; i < n; i++) {
        int64_t rem = i;
        if (!ci__ops_ext_is_nonzero(&ins[0], i)) continue;
        for (d = nd - 1; d >= 0; d--) {
            ((int64_t *)outs[d].data)[count] = ins[0].shape[d] ? rem % ins[0].shape[d] : 0;
            rem = ins[0].shape[d] ? rem / ins[0].shape[d] : 0;
        }
        if (!nd) ((int64_t *)outs[0].data)[count] = 0;
        count++;
    }
    for (d = 0; d < nouts; d++) outs[d].shape[0] = count;
    return 0;
}

/* masked_select(self, mask): self where the (broadcast) mask is true, flattened */
static int ci__ops_masked_select(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *m = ci__lower_arg_box(L, op, a, 1);
    int64_t bs[CI_MAX_DIMS];
    int nb = 0;
    ci_arg c[2];
    if (m->dt != CI_BOOL && m->dt != CI_U8)
        CI__FAIL(L, CI_ERR_DTYPE,
                 "%s: masked_select: expected BoolTensor or ByteTensor for mask, got %s", op->name,
                 ci__dtype_tab[m->dt].tname);
    m = ci__lower_to_dtype(L, m, CI_BOOL);
    ci__lower_broadcast_shape(L, op->name, x->ndim, x->size, m->ndim, m->size, &nb, bs);
    c[0] = ci__ops_T(ci__lower_expand(L, x, nb, bs, 0));
    c[1] = ci__ops_T(ci__lower_expand(L, m, nb, bs, 0));
    outs[0] = ci__ir_tensor_of(ci__ops_callb(L, "cinductor.masked_rows", 2, c));
    return 1;
}

static int ci__ops_nonzero(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    outs[0] = ci__ir_tensor_of(
            ci__ops_call1(L, "cinductor.nonzero", ci__ops_T(ci__lower_arg_box(L, op, a, 0))));
    return 1;
}

/* index.Tensor with one boolean mask over self's leading dims (self[mask]): the masked rows */
static int ci__ops_index_by_mask(ci__L *L, const ci__opdef *op, ci__box *x, const ci_arg *list,
                                 ci_tensor *out) {
    ci__box *m;
    int i, k;
    ci_arg c[2];
    if (list->kind != CI_ARG_TENSORS || list->u.tensors.n < 1 || !list->u.tensors.v[0].id) return 0;
    m = ci__ir_box_get(L, list->u.tensors.v[0]);
    if (m->dt != CI_BOOL && m->dt != CI_U8) return 0;
    for (i = 1; i < list->u.tensors.n; i++) if (list->u.tensors.v[i].id)
            CI__FAIL(L, CI_ERR_UNSUPPORTED,
                     "%s: a boolean mask index with other indices is not supported (only "
                     "self[mask])",
                     op->name);
    k = m->ndim;
    if (k > x->ndim || x->ndim == 0)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: too many indices for tensor of dimension %d (got %d)",
                 op->name, x->ndim, k ? k : 1);
    for (i = 0; i < k; i++) if (m->size[i] != x->size[i])
        CI__FAIL(L, CI_ERR_SHAPE, "%s: The shape of the mask %s at index %d does not match the "
                 "shape of the indexed tensor %s at index %d", op->name,
                 ci__ir_shape(L, m->ndim, m->size), i, ci__ir_shape(L, x->ndim, x->size), i);
    c[0] = ci__ops_T(x);
    c[1] = ci__ops_T(ci__lower_to_dtype(L, m, CI_BOOL));
    *out = ci__ir_tensor_of(ci__ops_callb(L, "cinductor.masked_rows", 2, c));
    return 1;
}

/* -- writes through index tensors: a copy of self, then a scatter kernel into it -- */
static ci__buf *ci__ops_scatter_target(ci__L *L, ci__box *x) {
    ci__ix *v[CI_MAX_DIMS] = {0};
    ci__box *c;
    ci__ir_pw_vars(L, x->ndim, x->size, v);
    c = ci__ir_pw_box(L, x->dt, x->ndim, x->size, v, ci__ir_load(L, x, v));
    ci__ir_realize(L, c);
    return c->st->buf;
}

static void ci__ops_scatter_into(ci__L *L, ci__buf *buf, int ndim, const int64_t *size,
                                 ci__ix *const *v, ci__v *val, ci__ix *const *m, int mode) {
    ci__kernel *k = ci__ir_kernel_new(L, CI__K_SCATTER, buf);
    int i;
    k->ndim = ndim;
    for (i = 0; i < ndim; i++) { k->size[i] = size[i]; k->vars[i] = v[i]; }
    k->body = ci__ir_v_cast(L, val, buf->dt);
    k->sidx = ci__ir_buf_index(L, buf, m);
    k->smode = mode;
}

/* as_strided_scatter(self, src, size, stride, storage_offset=None): a contiguous copy of self
   (Inductor's clone; PyTorch eager keeps a permuted self's strides) with its as_strided view
   replaced by src: a scatter into the flat copy. Where the view overlaps itself, the last
   write in row-major order of the view wins. */
static int ci__ops_as_strided_scatter(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *src = ci__lower_arg_box(L, op, a, 1);
    int64_t size[CI_MAX_DIMS], stride[CI_MAX_DIMS], numel = ci__ir_numel(x->ndim, x->size);
    int64_t off = a[4].kind == CI_ARG_NONE ? 0 : ci__lower_arg_int(L, op, a, 4);
    int n = ci__lower_arg_ints(L, op, a, 2, size, CI_MAX_DIMS),
        ns = ci__lower_arg_ints(L, op, a, 3, stride, CI_MAX_DIMS);
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[1];
    ci__buf *buf;
    if (n < 0 || ns != n)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: mismatch in length of strides and shape", op->name);
    ci__ops_strided_check(L, op, n, size, stride, off, numel);
    if (src->ndim != n || memcmp(src->size, size, sizeof(int64_t) * (size_t)n))
        CI__FAIL(L, CI_ERR_SHAPE, "%s: expected src to have a size equal to the slice of self. "
                 "src size = %s, slice size = %s", op->name, ci__ir_shape(L, src->ndim, src->size),
                 ci__ir_shape(L, n, size));
    buf = ci__ops_scatter_target(L, ci__ops_reshape(L, x, 1, &numel));
    if (ci__ir_numel(n, size)) {
        ci__ir_pw_vars(L, n, size, v);
        m[0] = ci__ops_strided_flat(L, n, size, stride, off, v);
        ci__ops_scatter_into(L, buf, n, size, v, ci__ir_load(L, src, v), m, CI__SC_STORE);
    }
    outs[0] = ci__ir_tensor_of(ci__ops_reshape(L, ci__ir_buf_box(L, buf), x->ndim, x->size));
    return 1;
}

/* view.dtype(self, dtype): the same bytes read as another dtype (Inductor's DtypeView and its
   fallback). Equal element sizes: one BITCAST per element. Different sizes, as PyTorch allows
   on a last dim of stride 1: each output element is cut from or glued out of the little-endian
   bytes of the input elements along the last dim, with integer shifts; self is taken in its
   contiguous layout (PyTorch refuses a last dim whose stride is not 1). */
static ci_dtype ci__ops_bits_dtype(int size) {
    return size == 1 ? CI_U8 : size == 2 ? CI_I16 : size == 4 ? CI_I32 : CI_I64;
}

/* the bits of x (stored as src), zero-extended */
static ci__v *ci__ops_bits_i64(ci__L *L, ci__v *x, ci_dtype src) {
    int sz = ci__dtype_tab[src].size;
    ci__v *b = ci__ir_v_cast(L, ci__ir_v_bitcast(L, x, src, ci__ops_bits_dtype(sz)), CI_I64);
    if (sz == 2 || sz == 4)
        b = ci__ir_v_bin(L, CI__V_BAND, b,
                         ci__ir_v_consti(L, CI_I64, sz == 2 ? 0xffff : 0xffffffffLL));
    return b;
}

/* the low bytes of an i64 read as dt */
static ci__v *ci__ops_bits_as(ci__L *L, ci__v *bits, ci_dtype dt) {
    ci_dtype it = ci__ops_bits_dtype(ci__dtype_tab[dt].size);
    return ci__ir_v_bitcast(L, ci__ir_v_cast(L, bits, it), it, dt);
}

static int ci__ops_view_dtype(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    ci_dtype dt = ci__lower_arg_dtype_opt(L, op, a, 1);
    int64_t ss, sd, shape[CI_MAX_DIMS], r;
    ci__ix *v[CI_MAX_DIMS] = {0}, *idx[CI_MAX_DIMS];
    ci__v *val;
    int i, n = x->ndim, last = x->ndim - 1;
    if (!dt) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: dtype must not be None", op->name);
    if (dt == x->dt) { outs[0] = ci__ir_tensor_of(x); return 1; }
    ss = (int64_t)ci__dtype_tab[x->dt].size; sd = (int64_t)ci__dtype_tab[dt].size;
    for (i = 0; i < n; i++) shape[i] = x->size[i];
    if (ss == sd) {
        ci__ir_pw_vars(L, n, shape, v);
        outs[0] = ci__ir_tensor_of(ci__ir_pw_box(
                L, dt, n, shape, v, ci__ir_v_bitcast(L, ci__ir_load(L, x, v), x->dt, dt)));
        return 1;
    }
    if (n == 0)
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: self.dim() cannot be 0 to view %s as %s (different element sizes)", op->name,
                 ci__dtype_tab[x->dt].tname, ci__dtype_tab[dt].tname);
    if (sd > ss && x->size[last] % (sd / ss))
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: self.size(-1) must be divisible by %lld to view %s as %s (different element "
                 "sizes), but got %lld",
                 op->name, (long long)(sd / ss), ci__dtype_tab[x->dt].tname,
                 ci__dtype_tab[dt].tname, (long long)x->size[last]);
    shape[last] = sd > ss ? x->size[last] / (sd / ss) : x->size[last] * (ss / sd);
    ci__ir_pw_vars(L, n, shape, v);
    for (i = 0; i < n; i++) idx[i] = v[i];
    if (sd > ss) {   /* glue r consecutive input elements, the first one lowest */
        r = sd / ss;
        val = ci__ir_v_consti(L, CI_I64, 0);
        for (i = 0; i < r; i++) {
            ci__v *piece;
            idx[last] = ci__ops_ixadd(L, ci__ix_scale(L->A, &L->ixt, v[last], r), ci__ops_K(L, i));
            piece = ci__ops_bits_i64(L, ci__ir_load(L, x, idx), x->dt);
            if (i)
                piece = ci__ir_v_bin(L, CI__V_SHL, piece, ci__ir_v_consti(L, CI_I64, 8 * ss * i));
            val = ci__ir_v_bin(L, CI__V_BOR, val, piece);
        }
    } else {         /* cut piece j % r out of input element j / r */
        ci__ix *kk;
        r = ss / sd;
        idx[last] = ci__ix_fdiv(L->A, &L->ixt, v[last], ci__ops_K(L, r));
        kk = ci__ix_mod(L->A, &L->ixt, v[last], ci__ops_K(L, r));
        val = ci__ir_v_bin(L, CI__V_SHR, ci__ops_bits_i64(L, ci__ir_load(L, x, idx), x->dt),
                           ci__ops_ixval(L, ci__ix_scale(L->A, &L->ixt, kk, 8 * sd)));
    }
    outs[0] = ci__ir_tensor_of(ci__ir_pw_box(L, dt, n, shape, v, ci__ops_bits_as(L, val, dt)));
    return 1;
}

/* index_put(self, indices, values, accumulate=False) */
static int ci__ops_index_put(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *vals = ci__lower_arg_box(L, op, a, 2);
    int acc = ci__lower_arg_bool(L, op, a, 3), no = 0;
    int64_t oshape[CI_MAX_DIMS];
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    ci__buf *buf;
    /* one boolean mask of self's shape and one value: a masked fill (Inductor does the same) */
    if (a[1].kind == CI_ARG_TENSORS && a[1].u.tensors.n == 1 && a[1].u.tensors.v[0].id) {
        ci__box *mk = ci__ir_box_get(L, a[1].u.tensors.v[0]);
        if ((mk->dt == CI_BOOL || mk->dt == CI_U8) && ci__ir_numel(vals->ndim, vals->size) == 1 &&
            mk->ndim <= x->ndim) {
            ci__box *mb = ci__lower_expand(L, ci__lower_to_dtype(L, mk, CI_BOOL), x->ndim, x->size,
                                           0),
                    *vb;
            ci__ix *w[CI_MAX_DIMS] = {0}, *z[CI_MAX_DIMS];
            ci__v *nv, *old;
            int i;
            for (i = 0; i < mk->ndim; i++) if (mk->size[i] != x->size[i])
                    CI__FAIL(L, CI_ERR_SHAPE, "%s: the shape of the mask does not match self",
                             op->name);
            ci__ir_pw_vars(L, x->ndim, x->size, w);
            for (i = 0; i < vals->ndim; i++) z[i] = ci__ops_K(L, 0);
            vb = vals;
            old = ci__ir_load(L, x, w);
            nv = ci__ir_v_cast(L, ci__ir_load(L, vb, z), x->dt);
            if (acc) nv = ci__ir_v_bin(L, CI__V_ADD, old, nv);
            outs[0] = ci__ir_tensor_of(
                    ci__ir_pw_box(L, x->dt, x->ndim, x->size, w,
                                  ci__ir_v_op(L, CI__V_WHERE, ci__ir_load(L, mb, w), nv, old)));
            return 1;
        }
    }
    /* no index tensors: every element */
    if (!ci__ops_adv_index(L, op, x, &a[1], &no, oshape, v, m)) {
        ci_arg c[2];
        c[0] = ci__ops_T(x); c[1] = ci__ops_T(vals);
        if (acc)
            outs[0] = ci__ir_tensor_of(
                    ci__lower_to_dtype(L, ci__ops_callb(L, "aten.add.Tensor", 2, c), x->dt));
        else outs[0] = ci__ir_tensor_of(ci__ops_callb(L, "aten.copy.default", 2, c));
        return 1;
    }
    {
        int nd = 0;
        int64_t sh[CI_MAX_DIMS];
        ci__lower_broadcast_shape(L, op->name, no, oshape, vals->ndim, vals->size, &nd, sh);
        if (nd != no || memcmp(sh, oshape, sizeof(int64_t) * (size_t)no))
            CI__FAIL(L, CI_ERR_SHAPE, "%s: shape mismatch: value tensor of shape %s cannot be "
                     "broadcast to indexing result of shape %s", op->name,
                     ci__ir_shape(L, vals->ndim, vals->size), ci__ir_shape(L, no, oshape));
    }
    buf = ci__ops_scatter_target(L, x);
    ci__ops_scatter_into(
            L, buf, no, oshape, v,
            ci__ir_v_keepchecks(L, ci__ir_load(L, ci__lower_expand(L, vals, no, oshape, 0), v),
                                x->ndim, m, x->size),
            m, acc ? CI__SC_ADD : CI__SC_STORE);
    outs[0] = ci__ir_tensor_of(ci__ir_buf_box(L, buf));
    return 1;
}

/* scatter(self, dim, index, src, *, reduce=None) (src a tensor or a number), scatter_add (extra 1),
   scatter_reduce.two(self, dim, index, src, reduce, *, include_self=True) (extra 2) */
static int ci__ops_scatter(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *ix = ci__lower_arg_box(L, op, a, 2), *src = NULL;
    int64_t dim = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 1), x->ndim), one = 1;
    int pr = ci__lower_pidx(op, "reduce"), pi = ci__lower_pidx(op, "include_self"), i,
        mode = CI__SC_STORE, mean = 0;
    const char *red = (pr >= 0 && a[pr].kind == CI_ARG_STRING) ? a[pr].u.s : NULL;
    int include_self = pi >= 0 ? ci__lower_arg_bool(L, op, a, pi) : 1;
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    ci__v *val;
    ci__buf *buf;
    ci_dtype cdt = ci__dtype_opmath(x->dt);
    ci__ops_need_index(L, op, ix, 0);
    if (a[3].kind == CI_ARG_TENSOR) {
        src = ci__ir_box_get(L, a[3].u.t);
        if (src->dt != x->dt)
            CI__FAIL(L, CI_ERR_DTYPE, "%s: expected self.dtype to be equal to src.dtype (%s vs %s)",
                     op->name, ci__dtype_tab[x->dt].tname, ci__dtype_tab[src->dt].tname);
    } else if (!ci__lower_is_num(&a[3]))
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: src must be a tensor or a number", op->name);
    if (op->extra == 1) mode = CI__SC_ADD;
    else if (red) {
        if (!strcmp(red, "add") || !strcmp(red, "sum")) mode = CI__SC_ADD;
        else if (!strcmp(red, "multiply") || !strcmp(red, "prod")) mode = CI__SC_MUL;
        else if (!strcmp(red, "amax")) mode = CI__SC_MAX;
        else if (!strcmp(red, "amin")) mode = CI__SC_MIN;
        else if (!strcmp(red, "mean") && op->extra == 2) { mode = CI__SC_ADD; mean = 1;
        } else
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: reduce argument must be one of %s, got '%s'",
                     op->name, op->extra == 2 ? "sum, prod, mean, amax, amin" : "add, multiply",
                     red);
    } else if (op->extra == 2) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: reduce is required", op->name);
    if ((ix->ndim ? ix->ndim : 1) != (x->ndim ? x->ndim : 1) ||
        (src && (src->ndim ? src->ndim : 1) != (ix->ndim ? ix->ndim : 1)))
        CI__FAIL(L, CI_ERR_SHAPE,
                 "%s: index tensor must have the same number of dimensions as self and src",
                 op->name);
    for (i = 0; i < ix->ndim; i++) {
        if (src && ix->size[i] > src->size[i])
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: expected index %s to be smaller than src %s apart from dimension",
                     op->name, "size", "size");
        if (i != dim && x->ndim && ix->size[i] > x->size[i])
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: expected index size to be smaller than self apart from dimension %lld",
                     op->name, (long long)dim);
    }
    ci__ir_pw_vars(L, ix->ndim, ix->size, v);
    buf = ci__ops_scatter_target(L, x);
    if (ci__ir_numel(ix->ndim, ix->size) == 0) {
        outs[0] = ci__ir_tensor_of(ci__ir_buf_box(L, buf));
        return 1;
    }
    for (i = 0; i < x->ndim; i++) m[i] = v[i];
    m[x->ndim ? dim : 0] = ci__ir_ix_indirect(
            L, ci__ir_v_checkidx(L, ci__ir_load(L, ix, v), x->ndim ? x->size[dim] : 1, 0));
    val = src ? ci__ir_load(L, src, v)
              : (a[3].kind == CI_ARG_FLOAT
                         ? ci__ir_v_constf(L, x->dt, a[3].u.f)
                         : ci__ir_v_consti(L, x->dt, (int64_t)ci__lower_num(&a[3])));
    if (!include_self) {   /* the reduction's identity first, where an update lands */
        ci__v *id;
        if (mode == CI__SC_ADD) id = ci__ir_v_consti(L, cdt, 0);
        else if (mode == CI__SC_MUL) id = ci__ir_v_consti(L, cdt, 1);
        else if (ci__dtype_is_float(cdt))
            id = ci__ir_v_constf(L, cdt, mode == CI__SC_MAX ? -HUGE_VAL : HUGE_VAL);
        else
            id = ci__ir_v_consti(L, cdt,
                                 mode == CI__SC_MAX ? (x->dt == CI_BOOL  ? 0
                                                       : x->dt == CI_U8  ? 0
                                                       : x->dt == CI_I8  ? -128
                                                       : x->dt == CI_I16 ? -32768
                                                       : x->dt == CI_I32 ? INT_MIN
                                                                         : INT64_MIN)
                                                    : (x->dt == CI_BOOL  ? 1
                                                       : x->dt == CI_U8  ? 255
                                                       : x->dt == CI_I8  ? 127
                                                       : x->dt == CI_I16 ? 32767
                                                       : x->dt == CI_I32 ? INT_MAX
                                                                         : INT64_MAX));
        ci__ops_scatter_into(L, buf, ix->ndim, ix->size, v, id, m, CI__SC_STORE);
    }
    ci__ops_scatter_into(
            L, buf, ix->ndim, ix->size, v,
            ci__ir_v_keepchecks(L, val, x->ndim ? x->ndim : 1, m, x->ndim ? x->size : &one), m,
            mode);
    /* divide by how many values met at each element (self counting once when included) */
    if (mean) {
        ci__box *z = ci__ir_buf_box(L, buf), *cnt;
        ci__buf *cb;
        ci__ix *w[CI_MAX_DIMS] = {0};
        ci__v *s, *c;
        ci__ir_pw_vars(L, x->ndim, x->size, w);
        cnt = ci__ir_pw_box(L, CI_I64, x->ndim, x->size, w,
                            ci__ir_v_consti(L, CI_I64, include_self ? 1 : 0));
        ci__ir_realize(L, cnt);
        cb = cnt->st->buf;
        ci__ops_scatter_into(L, cb, ix->ndim, ix->size, v, ci__ir_v_consti(L, CI_I64, 1), m,
                             CI__SC_ADD);
        cnt = ci__ir_buf_box(L, cb);
        s = ci__ir_load(L, z, w);
        c = ci__ir_v_cast(L, ci__ir_load(L, cnt, w), cdt);
        c = ci__ir_v_op(L, CI__V_WHERE, ci__ir_v_bin(L, CI__V_EQ, c, ci__ir_v_consti(L, cdt, 0)),
                        ci__ir_v_consti(L, cdt, 1), c);
        outs[0] = ci__ir_tensor_of(ci__ir_pw_box(
                L, x->dt, x->ndim, x->size, w,
                ci__ir_v_bin(L, ci__dtype_is_float(cdt) ? CI__V_DIV : CI__V_FLOORDIV, s, c)));
        return 1;
    }
    outs[0] = ci__ir_tensor_of(ci__ir_buf_box(L, buf));
    return 1;
}

/* -- pooling: windows over the last d dims (d = op->vop). Windows up to CI__OPS_POOL_UNROLL
   elements become unrolled pointwise code (Inductor's limit is 25; beyond it Inductor falls back to
   aten); larger windows, of any size, become reductions over the window. Reads outside the input
   are clamped and masked. -- */
#define CI__OPS_POOL_UNROLL 25
/* the output size, or INT64_MIN where the arithmetic passes int64 (in, k, s, p, dil >= 0, s > 0) */
static int64_t ci__ops_pool_out(int64_t in, int64_t k, int64_t s, int64_t p, int64_t dil,
                                int ceil_mode) {
    int64_t t, ek, o;
    if (ci__util_mul_ovf(dil, k - 1, &ek) || ci__util_add_ovf(in, p, &t) ||
        ci__util_add_ovf(t, p, &t))
        return INT64_MIN;
    t = t - ek - 1;   /* both non-negative before: cannot overflow */
    if (ceil_mode && ci__util_add_ovf(t, s - 1, &t)) return INT64_MIN;
    o = ci__util_floordiv(t, s) + 1;
    /* (o - 1) * s >= in + p, without the product */
    if (ceil_mode && o - 1 >= (in + p == 0 ? 0 : (in + p - 1) / s + 1)) o--;
    return o;
}

/* a pooling parameter: one int for every dim, or d ints */
static void ci__ops_pool_param(ci__L *L, const ci__opdef *op, const ci_arg *a, int i, int d,
                               int64_t dflt, int64_t *out) {
    int64_t v[CI_MAX_DIMS];
    int n = (i < 0 || a[i].kind == CI_ARG_NONE) ? 0
                                                : ci__lower_arg_ints(L, op, a, i, v, CI_MAX_DIMS),
        k;
    if (n != 0 && n != 1 && n != d)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: %s must be a single int or a tuple of %d ints",
                 op->name, op->params[i].name, d);
    for (k = 0; k < d; k++) out[k] = n == 0 ? dflt : n == 1 ? v[0] : v[k];
}

typedef struct ci__ops_pwin {
    int d, lead, nout;
    int64_t k[3], s[3], p[3], dil[3], in[3], out[3];
    int64_t oshape[CI_MAX_DIMS];
} ci__ops_pwin;
static void ci__ops_pool_setup(ci__L *L, const ci__opdef *op, ci_arg *a, ci__box *x,
                               ci__ops_pwin *P, int with_dil, int ceil_i) {
    int i, d = op->vop;
    P->d = d;
    if (x->ndim != d + 1 && x->ndim != d + 2)
        CI__FAIL(L, CI_ERR_SHAPE, "%s: expected a %dD or %dD input, got %dD", op->name, d + 1,
                 d + 2, x->ndim);
    P->lead = x->ndim - d;
    /* PyTorch's check: the window dims, and the channels of a batch, must not be empty (the
       windows would read outside the input) */
    for (i = x->ndim == d + 2 ? 1 : P->lead; i < x->ndim; i++)
        if (x->size[i] == 0)
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: Expected %dD or %dD (batch mode) tensor with optional 0 dim batch size "
                     "for input, but got: %s",
                     op->name, d + 1, d + 2, ci__ir_shape(L, x->ndim, x->size));
    ci__ops_pool_param(L, op, a, 1, d, 1, P->k);
    ci__ops_pool_param(L, op, a, 2, d, -1, P->s);
    ci__ops_pool_param(L, op, a, 3, d, 0, P->p);
    if (with_dil) ci__ops_pool_param(L, op, a, 4, d, 1, P->dil);
    else for (i = 0; i < d; i++) P->dil[i] = 1;
    for (i = 0; i < x->ndim; i++) P->oshape[i] = x->size[i];
    for (i = 0; i < d; i++) {
        if (P->s[i] == -1) P->s[i] = P->k[i];
        if (P->k[i] <= 0 || P->s[i] <= 0 || P->dil[i] <= 0 || P->p[i] < 0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: kernel size, stride and dilation must be positive and padding "
                     "non-negative",
                     op->name);
        if (P->p[i] > P->k[i] / 2)
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: pad should be at most half of effective kernel size, but got pad=%lld, "
                     "kernel_size=%lld",
                     op->name, (long long)P->p[i], (long long)P->k[i]);
        P->in[i] = x->size[P->lead + i];
        P->out[i] = ci__ops_pool_out(P->in[i], P->k[i], P->s[i], P->p[i], P->dil[i],
                                     ceil_i >= 0 && ci__lower_arg_bool(L, op, a, ceil_i));
        if (P->out[i] == INT64_MIN)
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: kernel size %lld, stride %lld, padding %lld and dilation %lld overflow "
                     "int64",
                     op->name, (long long)P->k[i], (long long)P->s[i], (long long)P->p[i],
                     (long long)P->dil[i]);
        if (P->out[i] <= 0)
            CI__FAIL(L, CI_ERR_SHAPE, "%s: output size is too small (%lld)", op->name,
                     (long long)P->out[i]);
        P->oshape[P->lead + i] = P->out[i];
    }
    if (!ci__ir_size_ok(d, P->k, NULL))
        CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: a window of more than 2^48 elements is not supported",
                 op->name);
}

/* Windows of more than CI__OPS_POOL_UNROLL elements in max and adaptive pools: a box of the
   windows' elements over the output's dims (oshape) and then one dim per window dim (v[ndim + i],
   of size k[i]), that a reduction over those last d dims folds. Element pos = st + v[ndim + i] *
   dil is in its window when 0 <= pos < in, or, where en is given (adaptive pools), when pos < en.
   what 0: its value in dtype dt, lo outside the window; what 1 (max with indices, floats): its
   flat index in the input plane where it is NaN, else -1 (PyTorch reports the last NaN). */
static ci__box *ci__ops_pool_elems(ci__L *L, ci__box *x, int d, const int64_t *oshape,
                                   ci__ix *const *v, const int64_t *k, ci__ix *const *st,
                                   ci__ix *const *en, const int64_t *dil, const int64_t *plane,
                                   int what, ci_dtype dt, ci__v *lo) {
    ci__ix *idx[CI_MAX_DIMS], *flat = ci__ops_K(L, 0);
    ci__v *ok = ci__ir_v_consti(L, CI_BOOL, 1), *e;
    int64_t wsz[CI_MAX_DIMS];
    int i, lead = x->ndim - d;
    for (i = 0; i < x->ndim; i++) { wsz[i] = oshape[i]; idx[i] = v[i]; }
    for (i = 0; i < d; i++) {
        ci__ix *pos = ci__ops_ixadd(L, st[i], ci__ops_ixscale(L, v[x->ndim + i], dil[i]));
        int64_t in = x->size[lead + i];
        wsz[x->ndim + i] = k[i];
        ok = ci__ir_v_bin(
                L, CI__V_AND, ok,
                en ? ci__ir_v_bin(L, CI__V_LT, ci__ops_ixval(L, pos), ci__ops_ixval(L, en[i]))
                   : ci__ops_in_range(L, pos, 0, in));
        idx[lead + i] = ci__ops_ixclamp(L, pos, in);
        flat = ci__ops_ixadd(L, flat, ci__ops_ixscale(L, pos, plane[i]));
    }
    e = ci__ir_v_cast(L, ci__ir_load(L, x, idx), dt);
    if (what == 1)
        e = ci__ir_v_op(L, CI__V_WHERE,
                        ci__ir_v_bin(L, CI__V_AND, ok, ci__ir_v_un(L, CI__V_ISNAN, e)),
                        ci__ops_ixval(L, flat), ci__ir_v_consti(L, CI_I64, -1));
    else e = ci__ir_v_op(L, CI__V_WHERE, ok, e, lo);
    return ci__ir_pw_box(L, what == 1 ? CI_I64 : dt, x->ndim + d, wsz, v, e);
}

/* the reduction of such a box over its window dims */
static ci__box *ci__ops_pool_fold(ci__L *L, const ci__opdef *op, ci__box *w, int d, int rtype,
                                  ci_dtype dt) {
    char red[CI_MAX_DIMS];
    int i;
    for (i = 0; i < w->ndim; i++) red[i] = i >= w->ndim - d;
    return ci__ops_reduce_box(L, op, w, red, 0, rtype, dt);
}

/* max (with indices): the values and the flat index in the input plane of the maximum, as
   PyTorch's CPU kernels give it: the first of equal maxima, the last NaN, and `first` (the first
   position inside the window) where nothing is above lo (-inf, or the lowest integer). v[0 ..
   x->ndim] index the output, st are over them. Returns the values; *idx the indices (if asked). */
static ci__box *ci__ops_pool_max_red(ci__L *L, const ci__opdef *op, ci__box *x, int d,
                                     const int64_t *oshape, ci__ix *const *v, const int64_t *k,
                                     ci__ix *const *st, ci__ix *const *en, const int64_t *dil,
                                     const int64_t *plane, ci__ix *first, ci__box **idx) {
    ci_dtype cdt = ci__dtype_opmath(x->dt);
    int i, isf = ci__dtype_is_float(cdt);
    int64_t step = 1;
    ci__v *lo = isf ? ci__ir_v_constf(L, cdt, -HUGE_VAL)
                    : ci__ir_v_consti(L, cdt,
                                      cdt == CI_I64   ? INT64_MIN
                                      : cdt == CI_I32 ? INT_MIN
                                      : cdt == CI_I16 ? -32768
                                      : cdt == CI_I8  ? -128
                                                      : 0);
    ci__box *w = ci__ops_pool_elems(L, x, d, oshape, v, k, st, en, dil, plane, 0, cdt, lo), *vals,
            *pos;
    ci__v *r, *flat = NULL, *bidx;
    vals = ci__ops_pool_fold(L, op, w, d, CI__RED_MAX, x->dt);
    if (!idx) return vals;
    pos = ci__ops_pool_fold(L, op, w, d, CI__RED_ARGMAX, CI_I64);
    r = ci__ir_load(L, pos, v);   /* the position in the window, row-major over its dims */
    for (i = d - 1; i >= 0; i--) {
        ci__v *ri = step == 1
                            ? r
                            : ci__ir_v_bin(L, CI__V_FLOORDIV, r, ci__ir_v_consti(L, CI_I64, step)),
              *p;
        if (i > 0) ri = ci__ir_v_bin(L, CI__V_REM, ri, ci__ir_v_consti(L, CI_I64, k[i]));
        if (dil[i] != 1) ri = ci__ir_v_bin(L, CI__V_MUL, ri, ci__ir_v_consti(L, CI_I64, dil[i]));
        p = st[i]->kind == CI__IX_CONST && st[i]->c == 0
                    ? ri
                    : ci__ir_v_bin(L, CI__V_ADD, ci__ops_ixval(L, st[i]), ri);
        if (plane[i] != 1) p = ci__ir_v_bin(L, CI__V_MUL, p, ci__ir_v_consti(L, CI_I64, plane[i]));
        flat = i == d - 1 ? p : ci__ir_v_bin(L, CI__V_ADD, flat, p);
        step *= k[i];
    }
    bidx = ci__ir_v_op(
            L, CI__V_WHERE,
            ci__ir_v_bin(L, CI__V_EQ, ci__ir_v_cast(L, ci__ir_load(L, vals, v), cdt), lo),
            ci__ops_ixval(L, first), flat);
    if (isf) {
        ci__box *nan = ci__ops_pool_fold(
                L, op, ci__ops_pool_elems(L, x, d, oshape, v, k, st, en, dil, plane, 1, cdt, lo), d,
                CI__RED_MAX, CI_I64);
        ci__v *n = ci__ir_load(L, nan, v);
        bidx = ci__ir_v_op(L, CI__V_WHERE,
                           ci__ir_v_bin(L, CI__V_GE, n, ci__ir_v_consti(L, CI_I64, 0)), n, bidx);
    }
    *idx = ci__ir_pw_box(L, CI_I64, x->ndim, oshape, v, bidx);
    return vals;
}

/* avg_pool{1,2,3}d(self, kernel_size, stride=[], padding=0, ceil_mode=False,
 * count_include_pad=True, divisor_override=None) */
static int ci__ops_avg_pool(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    ci__ops_pwin P;
    ci__ix *v[CI_MAX_DIMS], *start[3], *rv[3];
    int i, inc = ci__lower_arg_bool(L, op, a, 5), pdo = ci__lower_pidx(op, "divisor_override");
    int64_t win = 1, w;
    ci_dtype cdt;
    ci__v *sum = NULL, *div;
    ci__ops_need_float(L, op, x);
    ci__ops_pool_setup(L, op, a, x, &P, 0, 4);
    cdt = ci__dtype_opmath(x->dt);
    for (i = 0; i < P.d; i++) win *= P.k[i];   /* (at most 2^48: ci__ops_pool_setup) */
    ci__ir_pw_vars(L, x->ndim, P.oshape, v);
    for (i = 0; i < P.d; i++)
        start[i] =
                ci__ops_ixadd(L, ci__ops_ixscale(L, v[P.lead + i], P.s[i]), ci__ops_K(L, -P.p[i]));
    if (win <= CI__OPS_POOL_UNROLL) {
        for (w = 0; w < win; w++) {
            ci__ix *idx[CI_MAX_DIMS];
            ci__v *ok = ci__ir_v_consti(L, CI_BOOL, 1), *e;
            int64_t rem = w;
            memcpy(idx, v, sizeof(ci__ix *) * (size_t)x->ndim);
            for (i = P.d - 1; i >= 0; i--) {
                ci__ix *pos = ci__ops_ixadd(L, start[i], ci__ops_K(L, rem % P.k[i]));
                rem /= P.k[i];
                ok = ci__ir_v_bin(L, CI__V_AND, ok, ci__ops_in_range(L, pos, 0, P.in[i]));
                idx[P.lead + i] = ci__ops_ixclamp(L, pos, P.in[i]);
            }
            e = ci__ir_v_op(L, CI__V_WHERE, ok, ci__ir_v_cast(L, ci__ir_load(L, x, idx), cdt),
                            ci__ir_v_constf(L, cdt, 0));
            sum = sum ? ci__ir_v_bin(L, CI__V_ADD, sum, e) : e;
        }
    } else {   /* a reduction over the window */
        ci__ix *idx[CI_MAX_DIMS];
        ci__v *ok = ci__ir_v_consti(L, CI_BOOL, 1), *body;
        ci__buf *buf;
        ci__kernel *k;
        ci__box *s;
        memcpy(idx, v, sizeof(ci__ix *) * (size_t)x->ndim);
        for (i = 0; i < P.d; i++) {
            ci__ix *pos;
            rv[i] = ci__ix_newvar(L->A, &L->ixt, P.k[i], 1);
            pos = ci__ops_ixadd(L, start[i], rv[i]);
            ok = ci__ir_v_bin(L, CI__V_AND, ok, ci__ops_in_range(L, pos, 0, P.in[i]));
            idx[P.lead + i] = ci__ops_ixclamp(L, pos, P.in[i]);
        }
        body = ci__ir_v_op(L, CI__V_WHERE, ok, ci__ir_v_cast(L, ci__ir_load(L, x, idx), cdt),
                           ci__ir_v_constf(L, cdt, 0));
        buf = ci__ir_buf_new(L, CI__BUF_COMPUTED, cdt, x->ndim, P.oshape);
        k = ci__ir_kernel_new(L, CI__K_REDUCTION, buf);
        k->ndim = x->ndim;
        for (i = 0; i < x->ndim; i++) { k->size[i] = P.oshape[i]; k->vars[i] = v[i]; }
        k->nr = P.d;
        for (i = 0; i < P.d; i++) { k->rsize[i] = P.k[i]; k->rvars[i] = rv[i]; }
        k->rtype = CI__RED_SUM;
        k->body = body;
        s = ci__ir_buf_box(L, buf);
        ci__ir_pw_vars(L, x->ndim, P.oshape, v);
        for (i = 0; i < P.d; i++)
            start[i] = ci__ops_ixadd(L, ci__ops_ixscale(L, v[P.lead + i], P.s[i]),
                                     ci__ops_K(L, -P.p[i]));
        sum = ci__ir_load(L, s, v);
    }
    if (pdo >= 0 && a[pdo].kind != CI_ARG_NONE) {
        int64_t dv = ci__lower_arg_int(L, op, a, pdo);
        if (dv == 0) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: divisor must be not zero", op->name);
        div = ci__ir_v_constf(L, cdt, (double)dv);
    } else {
        ci__ix *cnt = ci__ops_K(L, 1);
        for (i = 0; i < P.d; i++) {
            ci__ix *end =
                    ci__ix_min(L->A, &L->ixt, ci__ops_ixadd(L, start[i], ci__ops_K(L, P.k[i])),
                               ci__ops_K(L, P.in[i] + P.p[i]));
            ci__ix *st = start[i];
            if (!inc) {
                st = ci__ix_max(L->A, &L->ixt, st, ci__ops_K(L, 0));
                end = ci__ix_min(L->A, &L->ixt, end, ci__ops_K(L, P.in[i]));
            }
            cnt = ci__ix_mul(L->A, &L->ixt, cnt, ci__ix_sub(L->A, &L->ixt, end, st));
        }
        div = ci__ir_v_cast(L, ci__ops_ixval(L, cnt), cdt);
    }
    ci__ir_realize_hint(L, x);
    outs[0] = ci__ir_tensor_of(
            ci__ir_pw_box(L, x->dt, x->ndim, P.oshape, v, ci__ir_v_bin(L, CI__V_DIV, sum, div)));
    return 1;
}

/* max_pool{1,2,3}d_with_indices(self, kernel_size, stride=[], padding=0, dilation=1,
   ceil_mode=False) -> (values, indices); max_pool{1,2,3}d (extra 1) -> values. NaN wins, as in
   PyTorch's CPU kernel (the last NaN of a window gives the index). */
static int ci__ops_max_pool(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *vals;
    ci__ops_pwin P;
    ci__ix *v[CI_MAX_DIMS], *start[3], *first = NULL;
    int i;
    int64_t win = 1, w, plane[3];
    ci_dtype cdt;
    ci__v *best, *bidx = NULL;
    if (x->dt == CI_BOOL)
        CI__FAIL(L, CI_ERR_DTYPE, "%s: not implemented for bool tensors", op->name);
    ci__ops_pool_setup(L, op, a, x, &P, 1, 5);
    cdt = ci__dtype_opmath(x->dt);
    for (i = 0; i < P.d; i++) win *= P.k[i];   /* (at most 2^48: ci__ops_pool_setup) */
    plane[P.d - 1] = 1;
    for (i = P.d - 2; i >= 0; i--) plane[i] = plane[i + 1] * P.in[i + 1];
    ci__ir_pw_vars(L, x->ndim, P.oshape, v);
    /* the window's dims, for the reduction */
    if (win > CI__OPS_POOL_UNROLL) ci__ir_pw_vars(L, P.d, P.k, v + x->ndim);
    for (i = 0; i < P.d; i++)
        start[i] =
                ci__ops_ixadd(L, ci__ops_ixscale(L, v[P.lead + i], P.s[i]), ci__ops_K(L, -P.p[i]));
    /* the index PyTorch reports when nothing beats -inf: the first in-bounds window position */
    first = ci__ops_K(L, 0);
    for (i = 0; i < P.d; i++) {
        /* steps needed to get in bounds */
        ci__ix *neg = ci__ix_max(L->A, &L->ixt, ci__ops_ixscale(L, start[i], -1), ci__ops_K(L, 0));
        ci__ix *f = ci__ops_ixadd(
                L, start[i],
                ci__ops_ixscale(L,
                                ci__ix_fdiv(L->A, &L->ixt,
                                            ci__ops_ixadd(L, neg, ci__ops_K(L, P.dil[i] - 1)),
                                            ci__ops_K(L, P.dil[i])),
                                P.dil[i]));
        first = ci__ops_ixadd(L, first, ci__ops_ixscale(L, f, plane[i]));
    }
    if (win > CI__OPS_POOL_UNROLL) {   /* a reduction over the window */
        ci__box *ix = NULL;
        vals = ci__ops_pool_max_red(L, op, x, P.d, P.oshape, v, P.k, start, NULL, P.dil, plane,
                                    first, op->extra ? NULL : &ix);
        outs[0] = ci__ir_tensor_of(vals);
        if (op->extra) return 1;
        outs[1] = ci__ir_tensor_of(ix);
        return 2;
    }
    best = ci__dtype_is_float(cdt) ? ci__ir_v_constf(L, cdt, -HUGE_VAL)
                                   : ci__ir_v_consti(L, cdt,
                                                     cdt == CI_I64   ? INT64_MIN
                                                     : cdt == CI_I32 ? INT_MIN
                                                     : cdt == CI_I16 ? -32768
                                                     : cdt == CI_I8  ? -128
                                                                     : 0);
    bidx = ci__ops_ixval(L, first);
    for (w = 0; w < win; w++) {
        ci__ix *idx[CI_MAX_DIMS], *flat = ci__ops_K(L, 0);
        ci__v *ok = ci__ir_v_consti(L, CI_BOOL, 1), *e, *take;
        int64_t rem = w;
        memcpy(idx, v, sizeof(ci__ix *) * (size_t)x->ndim);
        for (i = P.d - 1; i >= 0; i--) {
            ci__ix *pos = ci__ops_ixadd(L, start[i], ci__ops_K(L, (rem % P.k[i]) * P.dil[i]));
            rem /= P.k[i];
            ok = ci__ir_v_bin(L, CI__V_AND, ok, ci__ops_in_range(L, pos, 0, P.in[i]));
            idx[P.lead + i] = ci__ops_ixclamp(L, pos, P.in[i]);
            flat = ci__ops_ixadd(L, flat, ci__ops_ixscale(L, pos, plane[i]));
        }
        e = ci__ir_v_cast(L, ci__ir_load(L, x, idx), cdt);
        take = ci__ir_v_bin(L, CI__V_GT, e, best);
        if (ci__dtype_is_float(cdt))
            take = ci__ir_v_bin(L, CI__V_OR, take, ci__ir_v_un(L, CI__V_ISNAN, e));
        take = ci__ir_v_bin(L, CI__V_AND, ok, take);
        best = ci__ir_v_op(L, CI__V_WHERE, take, e, best);
        bidx = ci__ir_v_op(L, CI__V_WHERE, take, ci__ops_ixval(L, flat), bidx);
    }
    ci__ir_realize_hint(L, x);
    vals = ci__ir_pw_box(L, x->dt, x->ndim, P.oshape, v, best);
    outs[0] = ci__ir_tensor_of(vals);
    if (op->extra) return 1;
    outs[1] = ci__ir_tensor_of(ci__ir_pw_box(L, CI_I64, x->ndim, P.oshape, v, bidx));
    return 2;
}

/* _adaptive_avg_pool2d(self, output_size) / adaptive_max_pool2d(self, output_size) -> (out,
   indices) (extra 1); windows [floor(o*in/out), ceil((o+1)*in/out)) */
static int ci__ops_adaptive_pool(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int d = op->vop, lead, i, is_max = op->extra;
    int64_t os[3], oshape[CI_MAX_DIMS], kmax[3], win = 1, w, plane[3];
    ci__ix *v[CI_MAX_DIMS], *st[3], *en[3], *f = NULL;
    ci_dtype cdt = ci__dtype_opmath(x->dt);
    ci__v *acc = NULL, *bidx = NULL;
    if (x->ndim != d + 1 && x->ndim != d + 2)
        CI__FAIL(L, CI_ERR_SHAPE, "%s: expected a %dD or %dD input", op->name, d + 1, d + 2);
    if (!is_max) ci__ops_need_float(L, op, x);
    else if (x->dt == CI_BOOL)
        CI__FAIL(L, CI_ERR_DTYPE, "%s: not implemented for bool tensors", op->name);
    lead = x->ndim - d;
    ci__ops_pool_param(L, op, a, 1, d, 1, os);
    for (i = 0; i < x->ndim; i++) oshape[i] = x->size[i];
    for (i = 0; i < d; i++) {
        int64_t in = x->size[lead + i];
        if (os[i] <= 0 && !(os[i] == 0 && in == 0))
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: output size must be positive", op->name);
        if (in == 0) CI__FAIL(L, CI_ERR_SHAPE, "%s: input spatial size must be non-zero", op->name);
        oshape[lead + i] = os[i];
        kmax[i] = (in - 1) / os[i] + 2;   /* ceil(in / os) + 1, without in + os passing int64 */
        if (kmax[i] > in) kmax[i] = in;
        win *= kmax[i];
    }
    plane[d - 1] = 1;
    for (i = d - 2; i >= 0; i--) plane[i] = plane[i + 1] * x->size[lead + i + 1];
    ci__ir_pw_vars(L, x->ndim, oshape, v);
    for (i = 0; i < d; i++) {
        int64_t in = x->size[lead + i];
        st[i] = ci__ix_fdiv(L->A, &L->ixt, ci__ops_ixscale(L, v[lead + i], in),
                            ci__ops_K(L, os[i]));
        en[i] = ci__ix_fdiv(
                L->A, &L->ixt,
                ci__ops_ixadd(L, ci__ops_ixscale(L, v[lead + i], in), ci__ops_K(L, in + os[i] - 1)),
                ci__ops_K(L, os[i]));
    }
    if (is_max) {
        f = ci__ops_K(L, 0);
        for (i = 0; i < d; i++) f = ci__ops_ixadd(L, f, ci__ops_ixscale(L, st[i], plane[i]));
        acc = ci__dtype_is_float(cdt) ? ci__ir_v_constf(L, cdt, -HUGE_VAL)
                                      : ci__ir_v_consti(L, cdt, INT64_MIN);
        bidx = ci__ops_ixval(L, f);
    }
    /* a reduction over the largest window, the rest of it masked */
    if (win > CI__OPS_POOL_UNROLL) {
        int64_t ones[3] = {1, 1, 1};
        ci__ir_pw_vars(L, d, kmax, v + x->ndim);
        if (is_max) {
            ci__box *ix = NULL, *vals = ci__ops_pool_max_red(L, op, x, d, oshape, v, kmax, st, en,
                                                             ones, plane, f, &ix);
            outs[0] = ci__ir_tensor_of(vals);
            outs[1] = ci__ir_tensor_of(ix);
            return 2;
        }
        acc = ci__ir_load(
                L,
                ci__ops_pool_fold(L, op,
                                  ci__ops_pool_elems(L, x, d, oshape, v, kmax, st, en, ones, plane,
                                                     0, cdt, ci__ir_v_constf(L, cdt, 0)),
                                  d, CI__RED_SUM, cdt),
                v);
        win = 0;
    }
    for (w = 0; w < win; w++) {
        ci__ix *idx[CI_MAX_DIMS], *flat = ci__ops_K(L, 0);
        ci__v *ok = ci__ir_v_consti(L, CI_BOOL, 1), *e;
        int64_t rem = w;
        memcpy(idx, v, sizeof(ci__ix *) * (size_t)x->ndim);
        for (i = d - 1; i >= 0; i--) {
            ci__ix *pos = ci__ops_ixadd(L, st[i], ci__ops_K(L, rem % kmax[i]));
            rem /= kmax[i];
            ok = ci__ir_v_bin(
                    L, CI__V_AND, ok,
                    ci__ir_v_bin(L, CI__V_LT, ci__ops_ixval(L, pos), ci__ops_ixval(L, en[i])));
            idx[lead + i] = ci__ops_ixclamp(L, pos, x->size[lead + i]);
            flat = ci__ops_ixadd(L, flat, ci__ops_ixscale(L, pos, plane[i]));
        }
        e = ci__ir_v_cast(L, ci__ir_load(L, x, idx), cdt);
        if (is_max) {
            ci__v *take = ci__ir_v_bin(L, CI__V_GT, e, acc);
            if (ci__dtype_is_float(cdt))
                take = ci__ir_v_bin(L, CI__V_OR, take, ci__ir_v_un(L, CI__V_ISNAN, e));
            take = ci__ir_v_bin(L, CI__V_AND, ok, take);
            acc = ci__ir_v_op(L, CI__V_WHERE, take, e, acc);
            bidx = ci__ir_v_op(L, CI__V_WHERE, take, ci__ops_ixval(L, flat), bidx);
        } else {
            e = ci__ir_v_op(L, CI__V_WHERE, ok, e, ci__ir_v_constf(L, cdt, 0));
            acc = acc ? ci__ir_v_bin(L, CI__V_ADD, acc, e) : e;
        }
    }
    ci__ir_realize_hint(L, x);
    if (!is_max) {
        ci__ix *cnt = ci__ops_K(L, 1);
        for (i = 0; i < d; i++)
            cnt = ci__ix_mul(L->A, &L->ixt, cnt, ci__ix_sub(L->A, &L->ixt, en[i], st[i]));
        acc = ci__ir_v_bin(L, CI__V_DIV, acc, ci__ir_v_cast(L, ci__ops_ixval(L, cnt), cdt));
    }
    outs[0] = ci__ir_tensor_of(ci__ir_pw_box(L, x->dt, x->ndim, oshape, v, acc));
    if (!is_max) return 1;
    outs[1] = ci__ir_tensor_of(ci__ir_pw_box(L, CI_I64, x->ndim, oshape, v, bidx));
    return 2;
}

/* -- resampling: source indices computed in float as PyTorch computes them, then used as
   (checked) indirect indices -- */
/* output sizes and PyTorch's scale for each of the last d dims; extra: scales given as
   separate args (scales_h ...) or as a scale_factors list (.vec overloads) */
static void ci__ops_upsample_sizes(ci__L *L, const ci__opdef *op, ci_arg *a, ci__box *x, int d,
                                   int64_t *osz, double *scale, double *given) {
    int po = ci__lower_pidx(op, "output_size"), pf = ci__lower_pidx(op, "scale_factors"), i,
        lead = x->ndim - d, n;
    int64_t sz[3];
    double sf[3];
    if (x->ndim < d + 1)
        CI__FAIL(L, CI_ERR_SHAPE, "%s: expected an input with %d spatial dims", op->name, d);
    n = (po >= 0 && a[po].kind != CI_ARG_NONE) ? ci__lower_arg_ints(L, op, a, po, sz, 3) : -1;
    for (i = 0; i < d; i++) given[i] = 0;
    if (pf >= 0 && a[pf].kind != CI_ARG_NONE) {
        int k;
        if (a[pf].kind == CI_ARG_FLOATS && a[pf].u.floats.n == d)
            for (k = 0; k < d; k++) sf[k] = a[pf].u.floats.v[k];
        else if (a[pf].kind == CI_ARG_INTS && a[pf].u.ints.n == d)
            for (k = 0; k < d; k++) sf[k] = (double)a[pf].u.ints.v[k];
        else
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: scale_factors must have %d entries", op->name, d);
        for (k = 0; k < d; k++) given[k] = sf[k];
        if (n < 0) {
            n = d;
            for (k = 0; k < d; k++) sz[k] = (int64_t)floor((double)x->size[lead + k] * sf[k]);
        }
    } else {
        static const char *const sn[3][3] = { { "scales", "", "" },
                                              { "scales_h", "scales_w", "" },
                                              { "scales_d", "scales_h", "scales_w" } };
        int k;
        for (k = 0; k < d; k++) {
            int ps = ci__lower_pidx(op, sn[d - 1][k]);
            if (ps >= 0 && a[ps].kind != CI_ARG_NONE) given[k] = ci__lower_arg_num(L, op, a, ps);
        }
    }
    if (n != d)
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: output_size must have %d entries", op->name, d);
    for (i = 0; i < d; i++) {
        if (sz[i] <= 0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: Input and output sizes should be greater than 0 (output size %lld)",
                     op->name, (long long)sz[i]);
        osz[i] = sz[i];
        scale[i] = given[i] > 0 ? 1.0 / given[i] : (double)x->size[lead + i] / (double)sz[i];
    }
}

/* PyTorch's checks of an empty input: the spatial dims must not be empty, nor the others but
   the batch (an empty batch gives an empty result) */
static void ci__ops_upsample_nonempty(ci__L *L, const ci__opdef *op, const ci__box *x, int d) {
    int i;
    char sh[160];
    if (ci__ir_numel(x->ndim, x->size) != 0) return;
    ci__util_fmt_shape(sh, sizeof sh, x->ndim, x->size);
    for (i = x->ndim - d; i < x->ndim; i++)
        if (x->size[i] == 0)
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: Input and output sizes should be greater than 0, but got input %s",
                     op->name, sh);
    for (i = 1; i < x->ndim; i++)
        if (x->size[i] == 0)
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: Non-empty %dD data tensor expected but got a tensor with sizes %s",
                     op->name, x->ndim, sh);
}

/* upsample_nearest{1,2,3}d and the _exact variants (extra 1): src = min(floor((dst [+ 0.5]) *
 * scale), in - 1) in float */
static int ci__ops_upsample_nearest(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int d = op->vop, lead, i;
    int64_t osz[3], shape[CI_MAX_DIMS];
    double scale[3], given[3];
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS];
    ci__ops_upsample_sizes(L, op, a, x, d, osz, scale, given);
    lead = x->ndim - d;
    for (i = 0; i < x->ndim; i++) shape[i] = i < lead ? x->size[i] : osz[i - lead];
    ci__ir_pw_vars(L, x->ndim, shape, v);
    for (i = 0; i < x->ndim; i++) m[i] = v[i];
    ci__ops_upsample_nonempty(L, op, x, d);
    for (i = 0; i < d; i++) {
        int64_t in = x->size[lead + i];
        ci__v *dst = ci__ir_v_cast(L, ci__ops_ixval(L, v[lead + i]), CI_F32), *src;
        if (op->extra) dst = ci__ir_v_bin(L, CI__V_ADD, dst, ci__ir_v_constf(L, CI_F32, 0.5));
        src = ci__ir_v_cast(L,
                            ci__ir_v_un(L, CI__V_FLOOR,
                                        ci__ir_v_bin(L, CI__V_MUL, dst,
                                                     ci__ir_v_constf(L, CI_F32, (float)scale[i]))),
                            CI_I64);
        src = ci__ir_v_bin(L, CI__V_MIN, src, ci__ir_v_consti(L, CI_I64, in - 1));
        m[lead + i] = ci__ir_ix_indirect(L, ci__ir_v_checkidx(L, src, in, 0));
    }
    ci__ir_realize_hint(L, x);
    outs[0] = ci__ir_tensor_of(ci__ir_pw_box(L, x->dt, x->ndim, shape, v, ci__ir_load(L, x, m)));
    return 1;
}

/* upsample_bilinear2d(self, output_size, align_corners, scales_h=None, scales_w=None) and .vec */
static int ci__ops_upsample_bilinear(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int d = 2, lead, i, ac = ci__lower_arg_bool(L, op, a, ci__lower_pidx(op, "align_corners"));
    int64_t osz[3], shape[CI_MAX_DIMS];
    double scale[3], given[3];
    ci__ix *v[CI_MAX_DIMS] = {0}, *i0[2], *i1[2];
    ci__v *l0[2], *l1[2], *r;
    ci_dtype cdt = ci__dtype_opmath(x->dt);
    ci__ops_need_float(L, op, x);
    ci__ops_upsample_sizes(L, op, a, x, d, osz, scale, given);
    lead = x->ndim - d;
    ci__ops_upsample_nonempty(L, op, x, d);
    for (i = 0; i < x->ndim; i++) shape[i] = i < lead ? x->size[i] : osz[i - lead];
    ci__ir_pw_vars(L, x->ndim, shape, v);
    for (i = 0; i < d; i++) {
        int64_t in = x->size[lead + i];
        double sc = ac ? (osz[i] > 1 ? (double)(in - 1) / (double)(osz[i] - 1) : 0) : scale[i];
        ci__v *dst = ci__ir_v_cast(L, ci__ops_ixval(L, v[lead + i]), cdt), *src, *h0, *h1;
        if (ac) src = ci__ir_v_bin(L, CI__V_MUL, ci__ir_v_constf(L, cdt, sc), dst);
        else
            src = ci__ir_v_bin(
                    L, CI__V_MAX,
                    ci__ir_v_bin(L, CI__V_SUB,
                                 ci__ir_v_bin(L, CI__V_MUL, ci__ir_v_constf(L, cdt, sc),
                                              ci__ir_v_bin(L, CI__V_ADD, dst,
                                                           ci__ir_v_constf(L, cdt, 0.5))),
                                 ci__ir_v_constf(L, cdt, 0.5)),
                    ci__ir_v_constf(L, cdt, 0));
        h0 = ci__ir_v_cast(L, src, CI_I64);   /* src >= 0: truncation is floor */
        h1 = ci__ir_v_bin(
                L, CI__V_ADD, h0,
                ci__ir_v_cast(L, ci__ir_v_bin(L, CI__V_LT, h0, ci__ir_v_consti(L, CI_I64, in - 1)),
                              CI_I64));
        l1[i] = ci__ir_v_bin(L, CI__V_SUB, src, ci__ir_v_cast(L, h0, cdt));
        l0[i] = ci__ir_v_bin(L, CI__V_SUB, ci__ir_v_constf(L, cdt, 1), l1[i]);
        i0[i] = ci__ir_ix_indirect(L, ci__ir_v_checkidx(L, h0, in, 0));
        i1[i] = ci__ir_ix_indirect(L, ci__ir_v_checkidx(L, h1, in, 0));
    }
    {
        ci__ix *m[CI_MAX_DIMS];
        ci__v *t[2][2];
        int p, q;
        for (i = 0; i < lead; i++) m[i] = v[i];
        for (p = 0; p < 2; p++) for (q = 0; q < 2; q++) {
            m[lead] = p ? i1[0] : i0[0];
            m[lead + 1] = q ? i1[1] : i0[1];
            t[p][q] = ci__ir_v_cast(L, ci__ir_load(L, x, m), cdt);
        }
        r = ci__ir_v_bin(
                L, CI__V_ADD,
                ci__ir_v_bin(L, CI__V_MUL, l0[0],
                             ci__ir_v_bin(L, CI__V_ADD, ci__ir_v_bin(L, CI__V_MUL, l0[1], t[0][0]),
                                          ci__ir_v_bin(L, CI__V_MUL, l1[1], t[0][1]))),
                ci__ir_v_bin(L, CI__V_MUL, l1[0],
                             ci__ir_v_bin(L, CI__V_ADD, ci__ir_v_bin(L, CI__V_MUL, l0[1], t[1][0]),
                                          ci__ir_v_bin(L, CI__V_MUL, l1[1], t[1][1]))));
    }
    ci__ir_realize_hint(L, x);
    outs[0] = ci__ir_tensor_of(ci__ir_pw_box(L, x->dt, x->ndim, shape, v, r));
    return 1;
}

/* bucketize.Scalar / searchsorted.Scalar: the number becomes a 0-d tensor, as
   c10::scalar_to_tensor makes it (int64 for an int or a bool, float64 for a float) */
static int ci__ops_bucketize_scalar(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    int i = op->vop ? 1 : 0;
    ci_tensor t;
    if (!ci__lower_is_num(&a[i]))
        CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: argument '%s' must be a number, got %s", op->name,
                 op->params[i].name, ci__lower_arg_kind_name(a[i].kind));
    ci__ops_full_fill(L, op, 0, NULL, &a[i], a[i].kind == CI_ARG_FLOAT ? CI_F64 : CI_I64, &t);
    a[i] = ci__ops_T(ci__ir_box_get(L, t));
    return ci__ops_bucketize(L, op, a, outs);
}

/* bucketize(self, boundaries, *, out_int32=False, right=False) and searchsorted(sorted_sequence,
   self, *, out_int32=False, right=False, side=None, sorter=None) (vop 1): an unrolled binary
   search. With a sorter (int64, sorted_sequence's shape), position k of a row is
   sorted_sequence[..., sorter[..., k]], as Inductor's ops.bucketize reads it; a sorter value the
   search reads is checked at run time (outside [0, n): an error, never a wild read) */
static int ci__ops_bucketize(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    int ss = op->vop;
    ci__box *x = ci__lower_arg_box(L, op, a, ss ? 1 : 0),
            *bd = ci__lower_arg_box(L, op, a, ss ? 0 : 1), *so = NULL;
    int pi = ci__lower_pidx(op, "out_int32"), pr = ci__lower_pidx(op, "right"),
        ps = ci__lower_pidx(op, "side"), pso = ci__lower_pidx(op, "sorter");
    int right = ci__lower_arg_bool(L, op, a, pr), i, steps = 0;
    ci_dtype odt = ci__lower_arg_bool(L, op, a, pi) ? CI_I32 : CI_I64, cdt;
    int64_t n, rows = 1;
    ci__ix *v[CI_MAX_DIMS] = {0}, *m[CI_MAX_DIMS], *ms[CI_MAX_DIMS];
    ci__v *lo, *hi, *xv;
    if (ps >= 0 && a[ps].kind == CI_ARG_STRING) {
        if (!strcmp(a[ps].u.s, "right")) right = 1;
        else if (strcmp(a[ps].u.s, "left"))
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: side can only be 'left' or 'right'", op->name);
        else if (right)
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: side and right can't be set to opposites",
                     op->name);
    }
    if (bd->ndim == 0) CI__FAIL(L, CI_ERR_SHAPE, "%s: boundaries must be at least 1-D", op->name);
    if (pso >= 0 && a[pso].kind != CI_ARG_NONE) {
        so = ci__lower_arg_box(L, op, a, pso);
        if (so->dt != CI_I64)
            CI__FAIL(L, CI_ERR_DTYPE, "%s: sorter must be a tensor of long dtype but got dtype %s",
                     op->name, ci__dtype_tab[so->dt].tname);
        if (so->ndim != bd->ndim || memcmp(so->size, bd->size, sizeof(int64_t) * (size_t)bd->ndim))
            CI__FAIL(L, CI_ERR_SHAPE, "%s: boundary and sorter must have the same size", op->name);
        ci__ir_realize(L, so);
    }
    if (bd->ndim > 1) {   /* searchsorted with one sorted row per leading index of self */
        if (!ss || bd->ndim != x->ndim ||
            memcmp(bd->size, x->size, sizeof(int64_t) * (size_t)(x->ndim - 1)))
            CI__FAIL(L, CI_ERR_SHAPE, "%s: boundaries and input must have the same leading dims",
                     op->name);
        rows = ci__ir_numel(bd->ndim - 1, bd->size);
    }
    (void)rows;
    n = bd->size[bd->ndim - 1];
    cdt = ci__dtype_promote2(ci__dtype_opmath(x->dt), ci__dtype_opmath(bd->dt));
    ci__ir_realize(L, bd);
    ci__ir_pw_vars(L, x->ndim, x->size, v);
    xv = ci__ir_v_cast(L, ci__ir_load(L, x, v), cdt);
    lo = ci__ir_v_consti(L, CI_I64, 0);
    hi = ci__ir_v_consti(L, CI_I64, n);
    while (((int64_t)1 << steps) <= n) steps++;
    for (i = 0; i < bd->ndim - 1; i++) m[i] = ms[i] = v[i];
    for (i = 0; i < steps; i++) {   /* invariant: the answer is in [lo, hi] */
        ci__v *mid = ci__ir_v_bin(L, CI__V_FLOORDIV, ci__ir_v_bin(L, CI__V_ADD, lo, hi),
                                  ci__ir_v_consti(L, CI_I64, 2));
        ci__v *ok = ci__ir_v_bin(L, CI__V_LT, lo, hi), *b, *go_right;
        m[bd->ndim - 1] = ci__ir_ix_indirect(
                L,
                ci__ir_v_checkidx(L,
                                  ci__ir_v_bin(L, CI__V_MIN, mid,
                                               ci__ir_v_consti(L, CI_I64, n - 1 > 0 ? n - 1 : 0)),
                                  n > 0 ? n : 1, 0));
        /* the position through the sorter; a negative value is out of range too (no wrapping) */
        if (so) {
            ms[bd->ndim - 1] = m[bd->ndim - 1];
            m[bd->ndim - 1] =
                    ci__ir_ix_indirect(L, ci__ir_v_checkidx(L, ci__ir_load(L, so, ms), n, 0));
        }
        b = ci__ir_v_cast(L, ci__ir_load(L, bd, m), cdt);
        go_right = ci__ir_v_bin(L, right ? CI__V_LE : CI__V_LT, b, xv);
        go_right = ci__ir_v_bin(L, CI__V_AND, ok, go_right);
        lo = ci__ir_v_op(L, CI__V_WHERE, go_right,
                         ci__ir_v_bin(L, CI__V_ADD, mid, ci__ir_v_consti(L, CI_I64, 1)), lo);
        hi = ci__ir_v_op(L, CI__V_WHERE,
                         ci__ir_v_bin(L, CI__V_AND, ok, ci__ir_v_un(L, CI__V_NOT, go_right)), mid,
                         hi);
    }
    if (n == 0) lo = ci__ir_v_consti(L, CI_I64, 0);
    {   /* "[NOTE: inductor bucketize realize]": the search is expensive; compute it once */
        ci__box *r = ci__ir_pw_box(L, odt, x->ndim, x->size, v, ci__ir_v_cast(L, lo, odt));
        ci__ir_realize(L, r);
        outs[0] = ci__ir_tensor_of(r);
    }
    return 1;
}

/* -- scans: cumsum(self, dim, *, dtype=None), cumprod, logcumsumexp(self, dim), cummax/cummin(self,
   dim) -> (values, indices); a SCAN kernel walks the dim in order and stores every step -- */
static ci__box *ci__ops_scan_box(ci__L *L, ci__box *x, int dim, int rtype, ci_dtype odt, int sout) {
    int64_t osz[CI_MAX_DIMS];
    ci__ix *ov[CI_MAX_DIMS] = {0}, *rv, *xi[CI_MAX_DIMS];
    int i, o = 0;
    ci__buf *buf = ci__ir_buf_new(L, CI__BUF_COMPUTED, odt, x->ndim, x->size);
    ci__kernel *k = ci__ir_kernel_new(L, CI__K_SCAN, buf);
    for (i = 0; i < x->ndim; i++) if (i != dim) osz[o++] = x->size[i];
    ci__ir_pw_vars(L, o, osz, ov);
    rv = ci__ix_newvar(L->A, &L->ixt, x->size[dim], 1);
    for (i = 0, o = 0; i < x->ndim; i++) xi[i] = i == dim ? rv : ov[o++];
    k->ndim = x->ndim - 1;
    for (i = 0; i < k->ndim; i++) { k->size[i] = osz[i]; k->vars[i] = ov[i]; }
    k->nr = 1;
    k->rsize[0] = x->size[dim];
    k->rvars[0] = rv;
    k->rtype = rtype;
    k->sdim = dim;
    k->sout = sout;
    k->body = ci__ir_load(L, x, xi);
    if (rtype == CI__RED_SUM || rtype == CI__RED_PROD || rtype == CI__RED_LOGSUMEXP)
        k->body = ci__ir_v_cast(L, k->body, odt);
    return ci__ir_buf_box(L, buf);
}

static int ci__ops_scan(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int64_t dim = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, 1), x->ndim);
    int pt = ci__lower_pidx(op, "dtype"), rt = op->extra;
    ci_dtype dt = pt >= 0 ? ci__lower_arg_dtype_opt(L, op, a, pt) : CI_DTYPE_INVALID;
    ci__box *y = x;
    if (rt == CI__RED_SUM || rt == CI__RED_PROD) {
        if (!dt) dt = (ci__dtype_is_int(x->dt) || x->dt == CI_BOOL) ? CI_I64 : x->dt;
        y = ci__lower_to_dtype(L, x, dt);
    } else if (rt == CI__RED_LOGSUMEXP) {
        if (!ci__dtype_is_float(x->dt))
            CI__FAIL(L, CI_ERR_DTYPE, "%s: expected a floating point input", op->name);
        dt = x->dt;
    } else dt = x->dt;
    /* nothing to walk: the input itself (index 0) */
    if (x->ndim == 0 || ci__ir_numel(x->ndim, x->size) == 0) {
        ci__ix *v[CI_MAX_DIMS] = {0};
        ci__ir_pw_vars(L, x->ndim, x->size, v);
        outs[0] = ci__ir_tensor_of(ci__ir_pw_box(L, dt, x->ndim, x->size, v,
                                                 ci__ir_v_cast(L, ci__ir_load(L, y, v), dt)));
        if (rt != CI__RED_CUMMAX && rt != CI__RED_CUMMIN) return 1;
        outs[1] = ci__ir_tensor_of(
                ci__ir_pw_box(L, CI_I64, x->ndim, x->size, v, ci__ir_v_consti(L, CI_I64, 0)));
        return 2;
    }
    outs[0] = ci__ir_tensor_of(ci__ops_scan_box(L, y, (int)dim, rt, dt, 0));
    if (rt != CI__RED_CUMMAX && rt != CI__RED_CUMMIN) return 1;
    outs[1] = ci__ir_tensor_of(ci__ops_scan_box(L, y, (int)dim, rt, CI_I64, 1));
    return 2;
}

/* -- matmul and convolution: checks and reshapes here, the arithmetic in >>linalg's extern kernels
 * -- */
static ci_result ci__ops_ext_bmm_infer(const ci_extern_tensor *ins, int nins, const ci_arg *args,
                                       int nargs, ci_extern_tensor *outs, int nouts, void *user) {
    (void)args;
    (void)nargs;
    (void)nouts;
    (void)user;
    if (nins != 2 || ins[0].ndim != 3 || ins[1].ndim != 3 || ins[0].shape[0] != ins[1].shape[0] ||
        ins[0].shape[2] != ins[1].shape[1] || ins[0].dtype != ins[1].dtype)
        return CI_ERR_SHAPE;
    outs[0].dtype = ins[0].dtype; outs[0].ndim = 3;
    outs[0].shape[0] = ins[0].shape[0];
    outs[0].shape[1] = ins[0].shape[1];
    outs[0].shape[2] = ins[1].shape[2];
    return CI_OK;
}

/* (the graph may call cinductor.convolution itself: every argument the kernel reads is checked
   here, and the output size computed without overflow) */
static ci_result ci__ops_ext_conv_infer(const ci_extern_tensor *ins, int nins, const ci_arg *args,
                                        int nargs, ci_extern_tensor *outs, int nouts, void *user) {
    int i;
    int64_t ch;
    (void)nouts; (void)user;
    if (nins < 2 || nins > 3 || nargs < 7 || ins[0].ndim != 4 || ins[1].ndim != 4 ||
        ins[0].dtype != ins[1].dtype || !ci__dtype_is_float(ins[0].dtype) ||
        (nins == 3 &&
         (ins[2].ndim != 1 || ins[2].shape[0] != ins[1].shape[0] || ins[2].dtype != ins[0].dtype)))
        return CI_ERR_SHAPE;
    for (i = 3; i < 6; i++)
        if (args[i].kind != CI_ARG_INTS || args[i].u.ints.n != 2) return CI_ERR_INVALID_ARGS;
    if (args[6].kind != CI_ARG_INT || args[6].u.i <= 0 ||
        ci__util_mul_ovf(ins[1].shape[1], args[6].u.i, &ch) || ch != ins[0].shape[1] ||
        ins[1].shape[0] % args[6].u.i)
        return CI_ERR_SHAPE;
    outs[0].dtype = ins[0].dtype; outs[0].ndim = 4;
    outs[0].shape[0] = ins[0].shape[0]; outs[0].shape[1] = ins[1].shape[0];
    for (i = 0; i < 2; i++) {
        int64_t st = args[3].u.ints.v[i], pad = args[4].u.ints.v[i], dil = args[5].u.ints.v[i], o;
        if (st <= 0 || pad < 0 || dil <= 0 || ins[1].shape[2 + i] < 1) return CI_ERR_INVALID_ARGS;
        /* a window's count, as pools */
        o = ci__ops_pool_out(ins[0].shape[2 + i], ins[1].shape[2 + i], st, pad, dil, 0);
        if (o == INT64_MIN || o <= 0) return CI_ERR_SHAPE;
        outs[0].shape[2 + i] = o;
    }
    return CI_OK;
}

static void ci__ops_need_same_dtype(ci__L *L, const ci__opdef *op, const ci__box *a,
                                    const ci__box *b) {
    if (a->dt != b->dt)
        CI__FAIL(L, CI_ERR_DTYPE,
                 "%s: expected both operands to have the same dtype, but got %s != %s", op->name,
                 ci__dtype_tab[a->dt].tname, ci__dtype_tab[b->dt].tname);
}

/* a [B, n, k] @ b [B, k, m] through the extern kernel */
static ci__box *ci__ops_bmm3(ci__L *L, ci__box *a, ci__box *b) {
    return ci__ops_call2(L, "cinductor.bmm", ci__ops_T(a), ci__ops_T(b));
}

static int ci__ops_mm(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *y = ci__lower_arg_box(L, op, a, 1);
    int64_t s3[3], r[3];
    int batched = op->extra;
    if (x->ndim != 2 + batched || y->ndim != 2 + batched)
        CI__FAIL(L, CI_ERR_SHAPE, "%s: expected %dD tensors, got %dD and %dD", op->name,
                 2 + batched, x->ndim, y->ndim);
    if (x->size[x->ndim - 1] != y->size[y->ndim - 2] || (batched && x->size[0] != y->size[0]))
        CI__FAIL(L, CI_ERR_SHAPE, "%s: shapes %s and %s cannot be multiplied", op->name,
                 ci__ir_shape(L, x->ndim, x->size), ci__ir_shape(L, y->ndim, y->size));
    ci__ops_need_same_dtype(L, op, x, y);
    if (batched) { outs[0] = ci__ir_tensor_of(ci__ops_bmm3(L, x, y)); return 1; }
    s3[0] = 1;
    s3[1] = x->size[0];
    s3[2] = x->size[1];
    r[0] = 1;
    r[1] = y->size[0];
    r[2] = y->size[1];
    {
        ci__box *o = ci__ops_bmm3(L, ci__ops_reshape(L, x, 3, s3), ci__ops_reshape(L, y, 3, r));
        outs[0] = ci__ir_tensor_of(ci__ops_reshape(L, o, 2, o->size + 1));
    }
    return 1;
}

/* matmul(self, other): every broadcasting case of torch.matmul */
static ci__box *ci__ops_matmul_box(ci__L *L, const ci__opdef *op, ci__box *x, ci__box *y) {
    int d1 = x->ndim, d2 = y->ndim, i, nb = 0;
    int64_t bshape[CI_MAX_DIMS], sh[CI_MAX_DIMS], bsz = 1, n, k, k2, m;
    ci__box *a, *b, *o;
    if (d1 == 0 || d2 == 0)
        CI__FAIL(L, CI_ERR_SHAPE,
                 "%s: both arguments to matmul need to be at least 1D, but they are %dD and %dD",
                 op->name, d1, d2);
    ci__ops_need_same_dtype(L, op, x, y);
    if (d1 == 1 && d2 == 1) {   /* dot */
        if (x->size[0] != y->size[0])
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: inconsistent tensor size, expected tensor [%lld] and src [%lld] to have "
                     "the same number of elements",
                     op->name, (long long)x->size[0], (long long)y->size[0]);
        {
            char red[CI_MAX_DIMS];
            ci__box *p = ci__ops_call2(L, "aten.mul.Tensor", ci__ops_T(x), ci__ops_T(y));
            memset(red, 1, sizeof red);
            return ci__ops_reduce_box(L, op, p, red, 0, CI__RED_SUM,
                                      x->dt == CI_BOOL ? CI_BOOL : p->dt);
        }
    }
    /* x as [..., n, k] and y as [..., k, m], with 1-D operands lifted */
    n = d1 == 1 ? 1 : x->size[d1 - 2]; k = x->size[d1 - 1];
    k2 = d2 == 1 ? y->size[0] : y->size[d2 - 2]; m = d2 == 1 ? 1 : y->size[d2 - 1];
    if (k != k2)
        CI__FAIL(L, CI_ERR_SHAPE, "%s: shapes %s and %s cannot be multiplied", op->name,
                 ci__ir_shape(L, d1, x->size), ci__ir_shape(L, d2, y->size));
    ci__lower_broadcast_shape(L, op->name, d1 > 2 ? d1 - 2 : 0, x->size, d2 > 2 ? d2 - 2 : 0,
                              y->size, &nb, bshape);
    for (i = 0; i < nb; i++) bsz *= bshape[i];
    memcpy(sh, bshape, sizeof(int64_t) * (size_t)nb);
    sh[nb] = n; sh[nb + 1] = k;
    a = d1 == 1 ? ci__ops_reshape(L, x, 2, sh + nb) : x;
    a = ci__lower_expand(L, a, nb + 2, sh, 0);
    sh[nb] = k; sh[nb + 1] = m;
    b = d2 == 1 ? ci__ops_reshape(L, y, 2, sh + nb) : y;
    b = ci__lower_expand(L, b, nb + 2, sh, 0);
    {
        int64_t s3[3];
        s3[0] = bsz;
        s3[1] = n;
        s3[2] = k;
        a = ci__ops_reshape(L, a, 3, s3);
        s3[1] = k; s3[2] = m;
        b = ci__ops_reshape(L, b, 3, s3);
    }
    o = ci__ops_bmm3(L, a, b);
    /* back to the batch shape, dropping the lifted dims */
    {
        int no = nb;
        memcpy(sh, bshape, sizeof(int64_t) * (size_t)nb);
        if (d1 > 1) sh[no++] = n;
        if (d2 > 1) sh[no++] = m;
        return ci__ops_reshape(L, o, no, sh);
    }
}

static int ci__ops_matmul(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    outs[0] = ci__ir_tensor_of(ci__ops_matmul_box(L, op, ci__lower_arg_box(L, op, a, 0),
                                                  ci__lower_arg_box(L, op, a, 1)));
    return 1;
}

/* addmm(self, mat1, mat2, *, beta=1, alpha=1); baddbmm (extra 1): beta*self + alpha*(mat1 @ mat2)
 */
static int ci__ops_addmm(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *s = ci__lower_arg_box(L, op, a, 0), *p;
    ci_arg mm[2];
    double beta = ci__lower_arg_num(L, op, a, ci__lower_pidx(op, "beta")),
           alpha = ci__lower_arg_num(L, op, a, ci__lower_pidx(op, "alpha"));
    ci_tensor o[1];
    mm[0] = a[1]; mm[1] = a[2];
    ci__ir_box_get(L, a[1].u.t);
    {
        ci__opdef sub = *op;
        sub.extra = op->extra;
        ci__ops_mm(L, &sub, mm, o);
    }
    p = ci__ir_box_get(L, o[0]);
    if (alpha != 1)
        p = ci__ops_call2(L, "aten.mul.Tensor", ci__ops_T(p), a[ci__lower_pidx(op, "alpha")]);
    if (beta != 0) {
        ci__box *bs = beta == 1 ? s
                                : ci__ops_call2(L, "aten.mul.Tensor", ci__ops_T(s),
                                                a[ci__lower_pidx(op, "beta")]);
        p = ci__ops_call2(L, "aten.add.Tensor", ci__ops_T(p), ci__ops_T(bs));
    } else {   /* beta == 0: self is ignored (even NaN), but still broadcasts */
        int nd = 0;
        int64_t sh[CI_MAX_DIMS];
        ci__lower_broadcast_shape(L, op->name, p->ndim, p->size, s->ndim, s->size, &nd, sh);
        p = ci__lower_expand(L, p, nd, sh, 0);
    }
    outs[0] = ci__ir_tensor_of(p);
    return 1;
}

/* linear(input, weight, bias=None) */
static int ci__ops_linear(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *w = ci__lower_arg_box(L, op, a, 1),
            *b = ci__lower_arg_box_opt(L, op, a, 2), *o;
    int64_t p[2] = {1, 0};
    if (w->ndim != 2 && w->ndim != 1)
        CI__FAIL(L, CI_ERR_SHAPE, "%s: weight must be 1-D or 2-D", op->name);
    o = ci__ops_matmul_box(L, op, x, w->ndim == 2 ? ci__ops_permute_box(L, w, p) : w);
    if (b) o = ci__ops_call2(L, "aten.add.Tensor", ci__ops_T(o), ci__ops_T(b));
    outs[0] = ci__ir_tensor_of(o);
    return 1;
}

/* convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups);
   conv1d / conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1) (extra 1 /
   2) */
static int ci__ops_convolution(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *w = ci__lower_arg_box(L, op, a, 1),
            *b = ci__lower_arg_box_opt(L, op, a, 2), *o;
    int ps = ci__lower_pidx(op, "stride"), pp = ci__lower_pidx(op, "padding"),
        pd = ci__lower_pidx(op, "dilation"), pg = ci__lower_pidx(op, "groups");
    int pt = ci__lower_pidx(op, "transposed"), sd, unbatched = 0, i;
    int64_t st[2], pad[2], dil[2], groups = ci__lower_arg_int(L, op, a, pg), xs[4], ws[4], st2[2],
                                   pad2[2], dil2[2], wch;
    ci_arg args[7];
    if (pt >= 0 && ci__lower_arg_bool(L, op, a, pt))
        CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: transposed convolution is not supported yet",
                 op->name);
    sd = w->ndim - 2;
    if (sd != 1 && sd != 2)
        CI__FAIL(L, CI_ERR_UNSUPPORTED,
                 "%s: only 1-d and 2-d convolution are supported (weight is %dD)", op->name,
                 w->ndim);
    if (x->ndim == sd + 1) unbatched = 1;
    else if (x->ndim != sd + 2)
        CI__FAIL(L, CI_ERR_SHAPE, "%s: expected a %dD (unbatched) or %dD (batched) input, got %dD",
                 op->name, sd + 1, sd + 2, x->ndim);
    ci__ops_need_same_dtype(L, op, x, w);
    if (b) ci__ops_need_same_dtype(L, op, x, b);
    ci__ops_pool_param(L, op, a, ps, sd, 1, st);
    if (pp >= 0 && a[pp].kind == CI_ARG_STRING) {
        if (!strcmp(a[pp].u.s, "valid")) pad[0] = pad[1] = 0;
        else if (!strcmp(a[pp].u.s, "same")) {
            /* as PyTorch's _convolution_mode: tot / 2 on both sides, and an odd total's extra
               element on the right, padded with zeros first */
            int64_t extra[4] = {0, 0, 0, 0};
            int odd = 0;
            ci__ops_pool_param(L, op, a, pd, sd, 1, dil);
            for (i = 0; i < sd; i++) {
                int64_t tot = dil[i] * (w->size[2 + i] - 1);
                if (st[i] != 1)
                    CI__FAIL(L, CI_ERR_INVALID_ARGS,
                             "%s: padding='same' is not supported for strided convolutions",
                             op->name);
                pad[i] = tot / 2;
                if (tot % 2) { extra[2 * (sd - 1 - i) + 1] = 1; odd = 1; }
            }
            if (odd)
                x = ci__ops_call2(L, "aten.constant_pad_nd.default", ci__ops_T(x),
                                  ci_arg_ints(extra, 2 * sd));
        } else
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: invalid padding string '%s'", op->name,
                     a[pp].u.s);
    } else ci__ops_pool_param(L, op, a, pp, sd, 0, pad);
    ci__ops_pool_param(L, op, a, pd, sd, 1, dil);
    if (unbatched) {
        int64_t sh[CI_MAX_DIMS];
        sh[0] = 1;
        memcpy(sh + 1, x->size, sizeof(int64_t) * (size_t)x->ndim);
        x = ci__ops_reshape(L, x, x->ndim + 1, sh);
    }
    if (groups <= 0 || ci__util_mul_ovf(w->size[1], groups, &wch) || x->size[1] != wch ||
        w->size[0] % groups)
        CI__FAIL(L, CI_ERR_SHAPE,
                 "%s: expected input with weight %lld x groups %lld channels, got %lld", op->name,
                 (long long)w->size[1], (long long)groups, (long long)x->size[1]);
    if (b && (b->ndim != 1 || b->size[0] != w->size[0]))
        CI__FAIL(L, CI_ERR_SHAPE, "%s: bias must have shape [%lld]", op->name,
                 (long long)w->size[0]);
    for (i = 0; i < sd; i++) {
        if (st[i] <= 0 || dil[i] <= 0 || pad[i] < 0)
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: stride and dilation must be positive, padding non-negative", op->name);
        int64_t padded, ek;
        if (ci__util_add_ovf(x->size[2 + i], pad[i], &padded) ||
            ci__util_add_ovf(padded, pad[i], &padded) ||
            ci__util_mul_ovf(dil[i], w->size[2 + i] - 1, &ek))
            CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: padding %lld or dilation %lld overflows int64",
                     op->name, (long long)pad[i], (long long)dil[i]);
        if (padded <= ek)   /* padded < dil * (k - 1) + 1 */
            CI__FAIL(L, CI_ERR_SHAPE, "%s: the padded input is smaller than the (dilated) kernel",
                     op->name);
    }
    /* 1-d runs as 2-d with a height of 1 */
    xs[0] = x->size[0];
    xs[1] = x->size[1];
    xs[2] = sd == 1 ? 1 : x->size[2];
    xs[3] = x->size[sd + 1];
    ws[0] = w->size[0];
    ws[1] = w->size[1];
    ws[2] = sd == 1 ? 1 : w->size[2];
    ws[3] = w->size[sd + 1];
    st2[0] = sd == 1 ? 1 : st[0]; st2[1] = st[sd - 1];
    pad2[0] = sd == 1 ? 0 : pad[0]; pad2[1] = pad[sd - 1];
    dil2[0] = sd == 1 ? 1 : dil[0]; dil2[1] = dil[sd - 1];
    args[0] = ci__ops_T(ci__ops_reshape(L, x, 4, xs));
    args[1] = ci__ops_T(ci__ops_reshape(L, w, 4, ws));
    args[2] = b ? ci__ops_T(b) : ci_arg_none();
    args[3] = ci_arg_ints(st2, 2);
    args[4] = ci_arg_ints(pad2, 2);
    args[5] = ci_arg_ints(dil2, 2);
    args[6] = ci_arg_int(groups);
    o = ci__ops_callb(L, "cinductor.convolution", 7, args);
    {
        int64_t sh[CI_MAX_DIMS];
        int n = 0;
        if (!unbatched) sh[n++] = o->size[0];
        sh[n++] = o->size[1];
        if (sd == 2) sh[n++] = o->size[2];
        sh[n++] = o->size[3];
        o = ci__ops_reshape(L, o, n, sh);
    }
    outs[0] = ci__ir_tensor_of(o);
    return 1;
}

/* -- sorting: an extern heapsort along the last dim (moved there with a permute) -- */
static ci_result ci__ops_ext_sort_infer(const ci_extern_tensor *ins, int nins, const ci_arg *args,
                                        int nargs, ci_extern_tensor *outs, int nouts, void *user) {
    (void)nouts; (void)user;
    if (nins != 1 || nargs < 2 || args[1].kind != CI_ARG_BOOL) return CI_ERR_INVALID_ARGS;
    outs[0] = ins[0];
    outs[1] = ins[0];
    outs[1].dtype = CI_I64;
    return CI_OK;
}

/* x sorted along dim: values and indices, both shaped like x */
static void ci__ops_sort_box(ci__L *L, const ci__opdef *op, ci__box *x, int64_t dim, int desc,
                             ci__box **vals, ci__box **idx) {
    int64_t perm[CI_MAX_DIMS], inv[CI_MAX_DIMS];
    int i, j = 0, last;
    ci_tensor o[2];
    ci_arg a[2];
    if (x->ndim == 0) {
        ci__ix *v[1];
        *vals = x;
        *idx = ci__ir_pw_box(L, CI_I64, 0, NULL, v, ci__ir_v_consti(L, CI_I64, 0));
        return;
    }
    dim = ci__lower_wrap_dim(L, op, dim, x->ndim);
    last = dim == x->ndim - 1;
    for (i = 0; i < x->ndim; i++) if (i != dim) perm[j++] = i;
    perm[j] = dim;
    for (i = 0; i < x->ndim; i++) inv[perm[i]] = i;
    a[0] = ci__ops_T(last ? x : ci__ops_permute_box(L, x, perm));
    a[1] = ci_arg_bool(desc);
    if (ci__lower_call_op(L, "cinductor.sort", 2, a, 0, NULL, o, 2) != 2)
        CI__FAIL(L, CI_ERR_UNSUPPORTED, "%s: sort failed", op->name);
    *vals = ci__ir_box_get(L, o[0]);
    *idx = ci__ir_box_get(L, o[1]);
    if (!last) {
        *vals = ci__ops_permute_box(L, *vals, inv);
        *idx = ci__ops_permute_box(L, *idx, inv);
    }
}

/* sort(self, dim=-1, descending=False) / sort.stable(self, *, stable=None, dim=-1,
   descending=False); argsort (extra 1) -> indices; msort (extra 2) -> values along dim 0 */
static int ci__ops_sort(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *v, *ix;
    int pd = ci__lower_pidx(op, "dim"), pdesc = ci__lower_pidx(op, "descending");
    int64_t dim = pd >= 0 ? ci__lower_arg_int(L, op, a, pd) : 0;
    ci__ops_sort_box(L, op, x, dim, pdesc >= 0 ? ci__lower_arg_bool(L, op, a, pdesc) : 0, &v, &ix);
    if (op->extra == 1) { outs[0] = ci__ir_tensor_of(ix); return 1; }
    outs[0] = ci__ir_tensor_of(v);
    if (op->extra == 2) return 1;
    outs[1] = ci__ir_tensor_of(ix);
    return 2;
}

/* topk(self, k, dim=-1, largest=True, sorted=True) and kthvalue(self, k, dim=-1, keepdim=False)
 * (extra 1) */
static int ci__ops_topk(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0), *v, *ix;
    int64_t k = ci__lower_arg_int(L, op, a, 1), dim = ci__lower_arg_int(L, op, a, 2), n;
    int largest = op->extra ? 0 : ci__lower_arg_bool(L, op, a, 3),
        keepdim = op->extra ? ci__lower_arg_bool(L, op, a, 3) : 1;
    dim = ci__lower_wrap_dim(L, op, dim, x->ndim);
    n = x->ndim ? x->size[dim] : 1;
    if (op->extra ? (k < 1 || k > n) : (k < 0 || k > n))
        CI__FAIL(L, CI_ERR_INVALID_ARGS,
                 "%s: selected index k (%lld) is out of range for a dimension of size %lld",
                 op->name, (long long)k, (long long)n);
    ci__ops_sort_box(L, op, x, dim, largest, &v, &ix);
    if (x->ndim == 0) {
        outs[0] = ci__ir_tensor_of(v);
        outs[1] = ci__ir_tensor_of(ix);
        return 2;
    }
    if (op->extra) {   /* the k-th smallest */
        v = ci__ops_slice_box(L, v, (int)dim, k - 1, k, 1);
        ix = ci__ops_slice_box(L, ix, (int)dim, k - 1, k, 1);
        if (!keepdim) {
            v = ci__ops_select_box(L, v, (int)dim, 0);
            ix = ci__ops_select_box(L, ix, (int)dim, 0);
        }
    } else {
        v = ci__ops_slice_box(L, v, (int)dim, 0, k, 1);
        ix = ci__ops_slice_box(L, ix, (int)dim, 0, k, 1);
    }
    outs[0] = ci__ir_tensor_of(v);
    outs[1] = ci__ir_tensor_of(ix);
    return 2;
}

/* -- quantization (quantized_decomposed.*, as Inductor lowers them):
   quantize: clamp(round(x * (1 / scale)) + zero_point, quant_min, quant_max) in the target dtype;
   dequantize: (x - zero_point) * scale in f32. Per channel (vop 1): scale and zero_point are
   tensors along `axis`; per tensor they are numbers or 0-d tensors. extra: 0 quantize, 1 dequantize
   -- */
static int ci__ops_quant(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    ci__box *x = ci__lower_arg_box(L, op, a, 0);
    int per_channel = op->vop, deq = op->extra, i;
    int pax = ci__lower_pidx(op, "axis"), pqmin = ci__lower_pidx(op, "quant_min"),
        pqmax = ci__lower_pidx(op, "quant_max"), pdt = ci__lower_pidx(op, "dtype");
    double qmin = ci__lower_arg_num(L, op, a, pqmin), qmax = ci__lower_arg_num(L, op, a, pqmax);
    ci_dtype qdt = ci__lower_arg_dtype_opt(L, op, a, pdt);
    ci__ix *v[CI_MAX_DIMS] = {0};
    ci__v *xv, *sc, *zp, *r;
    if (!qdt) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: dtype is required", op->name);
    if (deq ? x->dt != qdt : !ci__dtype_is_float(x->dt))
        CI__FAIL(L, CI_ERR_DTYPE, "%s: expected %s input, got %s", op->name,
                 deq ? ci__dtype_tab[qdt].tname : "a floating point", ci__dtype_tab[x->dt].tname);
    if (!deq && ci__dtype_is_float(qdt))
        CI__FAIL(L, CI_ERR_DTYPE, "%s: the quantized dtype must be an integer dtype", op->name);
    ci__ir_pw_vars(L, x->ndim, x->size, v);
    if (per_channel) {
        int64_t ax = ci__lower_wrap_dim(L, op, ci__lower_arg_int(L, op, a, pax), x->ndim);
        ci__box *s = ci__lower_arg_box(L, op, a, 1), *z = ci__lower_arg_box(L, op, a, 2);
        ci__ix *ci1[1];
        if (s->ndim != 1 || z->ndim != 1 ||
            (x->ndim && (s->size[0] != x->size[ax] || z->size[0] != x->size[ax])))
            CI__FAIL(L, CI_ERR_SHAPE,
                     "%s: scales and zero_points must have one entry per channel of dim %lld",
                     op->name, (long long)ax);
        ci1[0] = x->ndim ? v[ax] : ci__ops_K(L, 0);
        sc = ci__ir_v_cast(L, ci__ir_load(L, s, ci1), CI_F32);
        zp = ci__ir_v_cast(L, ci__ir_load(L, z, ci1), deq ? CI_F32 : CI_I64);
    } else {
        for (i = 1; i <= 2; i++)
            if (a[i].kind == CI_ARG_TENSOR && ci__ir_box_get(L, a[i].u.t)->ndim != 0)
                CI__FAIL(L, CI_ERR_SHAPE, "%s: scale and zero_point must be numbers or 0-d tensors",
                         op->name);
        sc = a[1].kind == CI_ARG_TENSOR
                     ? ci__ir_v_cast(L, ci__ir_load(L, ci__ir_box_get(L, a[1].u.t), v), CI_F32)
                     : ci__ir_v_constf(L, CI_F32, ci__lower_arg_num(L, op, a, 1));
        zp = a[2].kind == CI_ARG_TENSOR
                     ? ci__ir_v_cast(L, ci__ir_load(L, ci__ir_box_get(L, a[2].u.t), v),
                                     deq ? CI_F32 : CI_I64)
                     : (deq ? ci__ir_v_constf(L, CI_F32, ci__lower_arg_num(L, op, a, 2))
                            : ci__ir_v_consti(L, CI_I64, (int64_t)ci__lower_arg_num(L, op, a, 2)));
    }
    xv = ci__ir_load(L, x, v);
    if (deq) {
        r = ci__ir_v_bin(L, CI__V_MUL, ci__ir_v_bin(L, CI__V_SUB, ci__ir_v_cast(L, xv, CI_F32), zp),
                         sc);
        outs[0] = ci__ir_tensor_of(ci__ir_pw_box(L, CI_F32, x->ndim, x->size, v, r));
        return 1;
    }
    /* 1 / scale: in double for a number (the reference divides a Python float), in f32 for a tensor
     */
    r = ci__ir_v_un(
            L, CI__V_ROUND,
            ci__ir_v_bin(L, CI__V_MUL, ci__ir_v_cast(L, xv, CI_F32),
                         (!per_channel && a[1].kind != CI_ARG_TENSOR)
                                 ? ci__ir_v_constf(L, CI_F32, 1.0 / ci__lower_arg_num(L, op, a, 1))
                                 : ci__ir_v_un(L, CI__V_RECIP, sc)));
    r = ci__ir_v_bin(L, CI__V_ADD, r, ci__ir_v_cast(L, zp, CI_F32));
    r = ci__ir_v_bin(L, CI__V_MIN, ci__ir_v_bin(L, CI__V_MAX, r, ci__ir_v_constf(L, CI_F32, qmin)),
                     ci__ir_v_constf(L, CI_F32, qmax));
    outs[0] =
            ci__ir_tensor_of(ci__ir_pw_box(L, qdt, x->ndim, x->size, v, ci__ir_v_cast(L, r, qdt)));
    return 1;
}

/* -- random ops: Philox counters (seed, rng_off + element) so every op draws its own numbers -- */
enum {
    CI__RND_RAND = 1,
    CI__RND_RANDN,
    CI__RND_RANDINT,
    CI__RND_RAND_LIKE,
    CI__RND_RANDN_LIKE,
    CI__RND_BERNOULLI,
    CI__RND_BERNOULLI_P,
    CI__RND_NATIVE_DROPOUT,
    CI__RND_DROPOUT
};
/* a fresh uniform [0,1) (RAND), normal (RANDN) or [lo, hi) integer (RANDINT) value at vars v */
static ci__v *ci__ops_random_at(ci__L *L, int vop, ci_dtype dt, int ndim, const int64_t *size,
                                ci__ix *const *v, int64_t lo, int64_t hi) {
    ci__ix *flat = ci__ops_K(L, L->rng_off);
    int64_t s = 1;
    int i;
    if (!L->seed_buf) {
        L->seed_buf = ci__ir_buf_new(L, CI__BUF_SEED, CI_I64, 0, NULL);
        snprintf(L->seed_buf->name, sizeof L->seed_buf->name, "seed");
    }
    for (i = ndim - 1; i >= 0; i--) {
        flat = ci__ops_ixadd(L, flat, ci__ops_ixscale(L, v[i], s));
        s *= size[i];
    }
    L->rng_off += s;
    return ci__ir_v_random(L, vop, ci__dtype_is_float(dt) && dt != CI_F64 ? CI_F32 : dt,
                           ci__ir_v_load(L, L->seed_buf, ci__ops_K(L, 0)), ci__ops_ixval(L, flat),
                           ci__ir_v_consti(L, CI_I64, lo), ci__ir_v_consti(L, CI_I64, hi));
}

static int ci__ops_random(ci__L *L, const ci__opdef *op, ci_arg *a, ci_tensor *outs) {
    int kind = op->extra, n = 0, pt = ci__lower_pidx(op, "dtype");
    int64_t shape[CI_MAX_DIMS] = {0}, lo = 0, hi = 0;
    ci_dtype dt = pt >= 0 ? ci__lower_arg_dtype_opt(L, op, a, pt) : CI_DTYPE_INVALID;
    ci__ix *v[CI_MAX_DIMS] = {0};
    ci__box *x = NULL;
    ci__v *r;
    switch (kind) {
    case CI__RND_RAND: case CI__RND_RANDN:
        n = ci__lower_arg_ints(L, op, a, 0, shape, CI_MAX_DIMS);
        if (n < 0) CI__FAIL(L, CI_ERR_INVALID_ARGS, "%s: size must be a list of ints", op->name);
        if (!dt) dt = CI_F32;
        break;
    case CI__RND_RANDINT: {
        int pl = ci__lower_pidx(op, "low"), ps = ci__lower_pidx(op, "size");
        lo = pl >= 0 ? ci__lower_arg_int(L, op, a, pl) : 0;
        hi = ci__lower_arg_int(L, op, a, ci__lower_pidx(op, "high"));
        if (hi <= lo)
            CI__FAIL(
                    L, CI_ERR_INVALID_ARGS,
                    "%s: random_ expects 'from' to be less than 'to', but got from=%lld >= to=%lld",
                    op->name, (long long)lo, (long long)hi);
        n = ci__lower_arg_ints(L, op, a, ps, shape, CI_MAX_DIMS);
        if (!dt) dt = CI_I64;
        break;
    }
    default:
        x = ci__lower_arg_box(L, op, a, 0);
        n = x->ndim;
        memcpy(shape, x->size, sizeof(int64_t) * (size_t)n);
        if (!dt) dt = x->dt;
        break;
    }
    if ((kind != CI__RND_RANDINT) && !ci__dtype_is_float(dt))
        CI__FAIL(L, CI_ERR_DTYPE, "%s: expected a floating point dtype, got %s", op->name,
                 ci__dtype_tab[dt].tname);
    ci__ir_pw_vars(L, n, shape, v);
    switch (kind) {
    case CI__RND_RAND:
    case CI__RND_RAND_LIKE: r = ci__ops_random_at(L, CI__V_RAND, dt, n, shape, v, 0, 0); break;
    case CI__RND_RANDN:
    case CI__RND_RANDN_LIKE: r = ci__ops_random_at(L, CI__V_RANDN, dt, n, shape, v, 0, 0); break;
    case CI__RND_RANDINT:
        r = ci__ops_random_at(L, CI__V_RANDINT, CI_I64, n, shape, v, lo, hi);
        break;
    case CI__RND_BERNOULLI: case CI__RND_BERNOULLI_P: {   /* 1 where rand < p */
        ci_dtype cdt = ci__dtype_opmath(dt);
        int pp = ci__lower_pidx(op, "p");
        ci__v *p =
                kind == CI__RND_BERNOULLI_P
                        ? ci__ir_v_constf(L, cdt, ci__lower_arg_num(L, op, a, 1))
                : pp >= 0 ? ci__ir_v_cast(
                                    L,
                                    ci__ir_load(L,
                                                ci__lower_expand(L, ci__lower_arg_box(L, op, a, pp),
                                                                 n, shape, 1),
                                                v),
                                    cdt) /* bernoulli.Tensor */
                          : ci__ir_v_cast(L, ci__ir_load(L, x, v), cdt);
        r = ci__ir_v_cast(
                L,
                ci__ir_v_bin(L, CI__V_LT,
                             ci__ir_v_cast(L,
                                           ci__ops_random_at(L, CI__V_RAND, cdt, n, shape, v, 0, 0),
                                           cdt),
                             p),
                dt);
        break;
    }
    default: {   /* dropout: keep with probability 1 - p, scaled by 1 / (1 - p) */
        double p = ci__lower_arg_num(L, op, a, 1);
        int train = ci__lower_arg_bool(L, op, a, 2);
        ci_dtype cdt = ci__dtype_opmath(dt);
        ci__v *keep, *xv = ci__ir_v_cast(L, ci__ir_load(L, x, v), cdt);
        if (p < 0 || p > 1)
            CI__FAIL(L, CI_ERR_INVALID_ARGS,
                     "%s: dropout probability has to be between 0 and 1, but got %g", op->name, p);
        if (!train || p == 0) {
            keep = ci__ir_v_consti(L, CI_BOOL, 1);
            r = xv;
        } else {
            keep = ci__ir_v_bin(
                    L, CI__V_GE,
                    ci__ir_v_cast(L, ci__ops_random_at(L, CI__V_RAND, CI_F32, n, shape, v, 0, 0),
                                  CI_F32),
                    ci__ir_v_constf(L, CI_F32, p));
            r = p == 1 ? ci__ir_v_constf(L, cdt, 0)
                       : ci__ir_v_op(L, CI__V_WHERE, keep,
                                     ci__ir_v_bin(L, CI__V_MUL, xv,
                                                  ci__ir_v_constf(L, cdt, 1.0 / (1.0 - p))),
                                     ci__ir_v_constf(L, cdt, 0));
        }
        outs[0] = ci__ir_tensor_of(ci__ir_pw_box(L, dt, n, shape, v, r));
        if (kind == CI__RND_DROPOUT) return 1;
        /* the mask draws the same numbers: the generator is a function of its counters */
        outs[1] = ci__ir_tensor_of(ci__ir_pw_box(L, CI_BOOL, n, shape, v, keep));
        return 2;
    }
    }
    {   /* realized, as Inductor does: a draw is costly to recompute at every use */
        ci__box *b = ci__ir_pw_box(L, dt, n, shape, v, r);
        ci__ir_realize(L, b);
        outs[0] = ci__ir_tensor_of(b);
    }
    return 1;
}

/* -- the builtin registry -- */
#define CI__OPS_CREATE_KW "*, dtype=None, layout=None, device=None, pin_memory=None"
#define CI__OPS_LIKE_KW \
    "*, dtype=None, layout=None, device=None, pin_memory=None, memory_format=None"

/* -- the builtin ops: one row each, registered in this order when a context is created --
   X(name, schema, lowering, vop, extra, bc, promo, tb, nouts, use, how, dtypes, note, twin):
     name      "ns.op" (a packet: serves every overload without a row of its own) or "ns.op.ovl"
     schema    the arguments in PyTorch's spelling, "self, other, *, alpha=1" (a long one on the
               next line)
     lowering  the ci__ir_lower_fn that builds the op
     vop       the value op of a table-driven lowering (ci__ops_unary, ci__ops_binary); -1 relu
     extra     the lowering's own parameter: a CI__RED_ / CI__PX_ / CI__CR_ / CI__PR_ / CI__RND_
               kind, a variant number (1 the second form, ...) or a rank; 0 none
     bc        1: tensor arguments are broadcast to one shape before the lowering
     promo     type promotion of the arguments: N none, D default, F int to float (ci_promotion)
     tb        1: arguments converted to bool first (logical_and ...)
     nouts     how many results
     use       for the realize heuristics (is_pointwise_use): P a pointwise op, V a view (its
               users answer for it), _ neither
     how       LO a lowering (loop IR directly), DE a decomposition (calls other ops by name),
               SC a scatter (writes through index tensors in a kernel of its own), EX an extern
     dtypes    ALL all, FLT floating, I2F all (integers and bool compute in f32), TB all (taken
               as bool), IB integer and bool, INT integer, IDX all with int64 (or int32) indices
     note      where it knowingly differs from PyTorch: _ nowhere, else CI__IR_OPS_NOTE_<code>
     twin      the prims op computing the same with promo N (it has its own row), or 0
   The codes are spelled out next to ci__opdef (CI__IR_OPS_PR_, CI__OPS_USE_, CI__IR_OPS_HOW_ ...);
   ci__ops_unary refuses other than floating inputs to its FLT rows.
   E(name, schema, run, infer, nouts, dd): cinductor's own extern kernels (how "extern", all
   dtypes): run and infer as in ci_extern_desc, `run` gets the program as `user`; dd 1 when the
   outputs' sizes depend on the data (infer gives upper bounds). docs/ops.md lists these rows. */
#define CI__OPS(X, E) \
    /* pointwise, one operand (ci__ops_unary) */ \
    X("aten.neg", "self", ci__ops_unary, CI__V_NEG, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.neg") \
    X("aten.abs", "self", ci__ops_unary, CI__V_ABS, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.abs") \
    X("aten.exp", "self", ci__ops_unary, CI__V_EXP, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.exp") \
    X("aten.log", "self", ci__ops_unary, CI__V_LOG, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.log") \
    X("aten.sqrt", "self", ci__ops_unary, CI__V_SQRT, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.sqrt") \
    X("aten.rsqrt", "self", \
      ci__ops_unary, CI__V_RSQRT, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.rsqrt") \
    X("aten.sin", "self", ci__ops_unary, CI__V_SIN, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.sin") \
    X("aten.cos", "self", ci__ops_unary, CI__V_COS, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.cos") \
    X("aten.tanh", "self", ci__ops_unary, CI__V_TANH, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.tanh") \
    X("aten.sigmoid", "self", ci__ops_unary, CI__V_SIGMOID, 0, 1, F, 0, 1, P, LO, I2F, _, 0) \
    X("aten.erf", "self", ci__ops_unary, CI__V_ERF, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.erf") \
    X("aten.relu", "self", ci__ops_unary, -1, 0, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("aten.logical_not", "self", ci__ops_unary, CI__V_NOT, 0, 1, N, 1, 1, P, LO, TB, _, 0) \
    X("aten.exp2", "self", ci__ops_unary, CI__V_EXP2, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.exp2") \
    X("aten.expm1", "self", \
      ci__ops_unary, CI__V_EXPM1, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.expm1") \
    X("aten.log1p", "self", \
      ci__ops_unary, CI__V_LOG1P, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.log1p") \
    X("aten.log2", "self", ci__ops_unary, CI__V_LOG2, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.log2") \
    X("aten.log10", "self", \
      ci__ops_unary, CI__V_LOG10, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.log10") \
    X("aten.tan", "self", ci__ops_unary, CI__V_TAN, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.tan") \
    X("aten.sinh", "self", ci__ops_unary, CI__V_SINH, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.sinh") \
    X("aten.cosh", "self", ci__ops_unary, CI__V_COSH, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.cosh") \
    X("aten.asin", "self", ci__ops_unary, CI__V_ASIN, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.asin") \
    X("aten.acos", "self", ci__ops_unary, CI__V_ACOS, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.acos") \
    X("aten.atan", "self", ci__ops_unary, CI__V_ATAN, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.atan") \
    X("aten.asinh", "self", \
      ci__ops_unary, CI__V_ASINH, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.asinh") \
    X("aten.acosh", "self", \
      ci__ops_unary, CI__V_ACOSH, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.acosh") \
    X("aten.atanh", "self", \
      ci__ops_unary, CI__V_ATANH, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.atanh") \
    X("aten.erfc", "self", ci__ops_unary, CI__V_ERFC, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.erfc") \
    X("aten.erfinv", "self", ci__ops_unary, CI__V_ERFINV, 0, 1, F, 0, 1, P, LO, I2F, _, 0) \
    X("aten.lgamma", "self", \
      ci__ops_unary, CI__V_LGAMMA, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.lgamma") \
    X("aten.digamma", "self", \
      ci__ops_unary, CI__V_DIGAMMA, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.digamma") \
    X("aten.i0", "self", ci__ops_unary, CI__V_I0, 0, 1, F, 0, 1, P, LO, I2F, _, 0) \
    X("aten.special_i0", "self", ci__ops_unary, CI__V_I0, 0, 1, F, 0, 1, P, LO, I2F, _, 0) \
    X("aten.special_erf", "self", ci__ops_unary, CI__V_ERF, 0, 1, F, 0, 1, P, LO, I2F, _, 0) \
    X("aten.reciprocal", "self", \
      ci__ops_unary, CI__V_RECIP, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.reciprocal") \
    X("aten.ceil", "self", ci__ops_unary, CI__V_CEIL, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.ceil") \
    X("aten.floor", "self", \
      ci__ops_unary, CI__V_FLOOR, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.floor") \
    X("aten.round", "self", \
      ci__ops_unary, CI__V_ROUND, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.round") \
    X("aten.trunc", "self", \
      ci__ops_unary, CI__V_TRUNC, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.trunc") \
    X("aten.sign", "self", ci__ops_unary, CI__V_SIGN, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.sign") \
    X("aten.sgn", "self", ci__ops_unary, CI__V_SIGN, 0, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("aten.signbit", "self", \
      ci__ops_unary, CI__V_SIGNBIT, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.signbit") \
    X("aten.isnan", "self", ci__ops_unary, CI__V_ISNAN, 0, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("aten.isinf", "self", ci__ops_unary, CI__V_ISINF, 0, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("aten.bitwise_not", "self", \
      ci__ops_unary, CI__V_BNOT, 0, 1, D, 0, 1, P, LO, IB, _, "prims.bitwise_not") \
    X("aten._neg_view", "self", ci__ops_unary, CI__V_NEG, 0, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("prims.exp2", "self", ci__ops_unary, CI__V_EXP2, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.expm1", "self", ci__ops_unary, CI__V_EXPM1, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.log1p", "self", ci__ops_unary, CI__V_LOG1P, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.log2", "self", ci__ops_unary, CI__V_LOG2, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.log10", "self", ci__ops_unary, CI__V_LOG10, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.tan", "self", ci__ops_unary, CI__V_TAN, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.sinh", "self", ci__ops_unary, CI__V_SINH, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.cosh", "self", ci__ops_unary, CI__V_COSH, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.asin", "self", ci__ops_unary, CI__V_ASIN, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.acos", "self", ci__ops_unary, CI__V_ACOS, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.atan", "self", ci__ops_unary, CI__V_ATAN, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.asinh", "self", ci__ops_unary, CI__V_ASINH, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.acosh", "self", ci__ops_unary, CI__V_ACOSH, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.atanh", "self", ci__ops_unary, CI__V_ATANH, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.erfc", "self", ci__ops_unary, CI__V_ERFC, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.erf_inv", "self", ci__ops_unary, CI__V_ERFINV, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.lgamma", "self", ci__ops_unary, CI__V_LGAMMA, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.digamma", "self", ci__ops_unary, CI__V_DIGAMMA, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.ceil", "self", ci__ops_unary, CI__V_CEIL, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.floor", "self", ci__ops_unary, CI__V_FLOOR, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.round", "self", ci__ops_unary, CI__V_ROUND, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.trunc", "self", ci__ops_unary, CI__V_TRUNC, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.sign", "self", ci__ops_unary, CI__V_SIGN, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.signbit", "self", ci__ops_unary, CI__V_SIGNBIT, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.reciprocal", "self", ci__ops_unary, CI__V_RECIP, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.bitwise_not", "self", ci__ops_unary, CI__V_BNOT, 0, 1, N, 0, 1, P, LO, IB, _, 0) \
    X("prims.neg", "self", ci__ops_unary, CI__V_NEG, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.abs", "self", ci__ops_unary, CI__V_ABS, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.exp", "self", ci__ops_unary, CI__V_EXP, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.log", "self", ci__ops_unary, CI__V_LOG, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.sqrt", "self", ci__ops_unary, CI__V_SQRT, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.rsqrt", "self", ci__ops_unary, CI__V_RSQRT, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.sin", "self", ci__ops_unary, CI__V_SIN, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.cos", "self", ci__ops_unary, CI__V_COS, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.tanh", "self", ci__ops_unary, CI__V_TANH, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    X("prims.erf", "self", ci__ops_unary, CI__V_ERF, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    /* pointwise, two operands (ci__ops_binary) */ \
    X("aten.mul", "self, other", \
      ci__ops_binary, CI__V_MUL, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.mul") \
    X("aten.maximum", "self, other", \
      ci__ops_binary, CI__V_MAX, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.maximum") \
    X("aten.minimum", "self, other", \
      ci__ops_binary, CI__V_MIN, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.minimum") \
    X("aten.max.other", "self, other", ci__ops_binary, CI__V_MAX, 0, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("aten.min.other", "self, other", ci__ops_binary, CI__V_MIN, 0, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("aten.eq", "self, other", \
      ci__ops_binary, CI__V_EQ, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.eq") \
    X("aten.ne", "self, other", \
      ci__ops_binary, CI__V_NE, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.ne") \
    X("aten.lt", "self, other", \
      ci__ops_binary, CI__V_LT, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.lt") \
    X("aten.le", "self, other", \
      ci__ops_binary, CI__V_LE, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.le") \
    X("aten.gt", "self, other", \
      ci__ops_binary, CI__V_GT, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.gt") \
    X("aten.ge", "self, other", \
      ci__ops_binary, CI__V_GE, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.ge") \
    X("aten.logical_and", "self, other", \
      ci__ops_binary, CI__V_AND, 0, 1, N, 1, 1, P, LO, TB, _, 0) \
    X("aten.logical_or", "self, other", ci__ops_binary, CI__V_OR, 0, 1, N, 1, 1, P, LO, TB, _, 0) \
    X("aten.logical_xor", "self, other", ci__ops_binary, CI__V_NE, 0, 1, N, 1, 1, P, LO, TB, _, 0) \
    X("aten.atan2", "self, other", \
      ci__ops_binary, CI__V_ATAN2, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.atan2") \
    X("aten.hypot", "self, other", \
      ci__ops_binary, CI__V_HYPOT, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.hypot") \
    X("aten.copysign", "self, other", \
      ci__ops_binary, CI__V_COPYSIGN, 0, 1, F, 0, 1, P, LO, I2F, _, "prims.copysign") \
    X("aten.nextafter", "self, other", \
      ci__ops_binary, CI__V_NEXTAFTER, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.nextafter") \
    X("aten.fmod", "self, other", \
      ci__ops_binary, CI__V_FMOD, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.fmod") \
    X("aten.remainder", "self, other", \
      ci__ops_binary, CI__V_REM, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.remainder") \
    X("aten.floor_divide", "self, other", \
      ci__ops_binary, CI__V_FLOORDIV, 0, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("aten.fmax", "self, other", \
      ci__ops_binary, CI__V_FMAX, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.fmax") \
    X("aten.fmin", "self, other", \
      ci__ops_binary, CI__V_FMIN, 0, 1, D, 0, 1, P, LO, ALL, _, "prims.fmin") \
    X("aten.bitwise_and", "self, other", \
      ci__ops_binary, CI__V_BAND, 0, 1, D, 0, 1, P, LO, IB, _, "prims.bitwise_and") \
    X("aten.bitwise_or", "self, other", \
      ci__ops_binary, CI__V_BOR, 0, 1, D, 0, 1, P, LO, IB, _, "prims.bitwise_or") \
    X("aten.bitwise_xor", "self, other", \
      ci__ops_binary, CI__V_BXOR, 0, 1, D, 0, 1, P, LO, IB, _, "prims.bitwise_xor") \
    X("aten.bitwise_left_shift", "self, other", \
      ci__ops_binary, CI__V_SHL, 0, 1, D, 0, 1, P, LO, IB, _, 0) \
    X("aten.bitwise_right_shift", "self, other", \
      ci__ops_binary, CI__V_SHR, 0, 1, D, 0, 1, P, LO, IB, _, 0) \
    X("aten.__and__", "self, other", ci__ops_binary, CI__V_BAND, 0, 1, D, 0, 1, P, LO, IB, _, 0) \
    X("aten.__or__", "self, other", ci__ops_binary, CI__V_BOR, 0, 1, D, 0, 1, P, LO, IB, _, 0) \
    X("aten.__xor__", "self, other", ci__ops_binary, CI__V_BXOR, 0, 1, D, 0, 1, P, LO, IB, _, 0) \
    X("aten.__lshift__", "self, other", ci__ops_binary, CI__V_SHL, 0, 1, D, 0, 1, P, LO, IB, _, 0) \
    X("aten.__rshift__", "self, other", ci__ops_binary, CI__V_SHR, 0, 1, D, 0, 1, P, LO, IB, _, 0) \
    X("prims.atan2", "self, other", ci__ops_binary, CI__V_ATAN2, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.hypot", "self, other", ci__ops_binary, CI__V_HYPOT, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.copysign", "self, other", \
      ci__ops_binary, CI__V_COPYSIGN, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.nextafter", "self, other", \
      ci__ops_binary, CI__V_NEXTAFTER, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.fmod", "self, other", ci__ops_binary, CI__V_FMOD, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.remainder", "self, other", \
      ci__ops_binary, CI__V_REM, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.fmax", "self, other", ci__ops_binary, CI__V_FMAX, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.fmin", "self, other", ci__ops_binary, CI__V_FMIN, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.bitwise_and", "self, other", \
      ci__ops_binary, CI__V_BAND, 0, 1, N, 0, 1, P, LO, IB, _, 0) \
    X("prims.bitwise_or", "self, other", \
      ci__ops_binary, CI__V_BOR, 0, 1, N, 0, 1, P, LO, IB, _, 0) \
    X("prims.bitwise_xor", "self, other", \
      ci__ops_binary, CI__V_BXOR, 0, 1, N, 0, 1, P, LO, IB, _, 0) \
    X("prims.shift_left", "self, other", \
      ci__ops_binary, CI__V_SHL, 0, 1, N, 0, 1, P, LO, IB, _, 0) \
    X("prims.shift_right_arithmetic", "self, other", \
      ci__ops_binary, CI__V_SHR, 0, 1, N, 0, 1, P, LO, IB, _, 0) \
    X("prims.mul", "self, other", ci__ops_binary, CI__V_MUL, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.maximum", "self, other", ci__ops_binary, CI__V_MAX, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.minimum", "self, other", ci__ops_binary, CI__V_MIN, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.eq", "self, other", ci__ops_binary, CI__V_EQ, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.ne", "self, other", ci__ops_binary, CI__V_NE, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.lt", "self, other", ci__ops_binary, CI__V_LT, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.le", "self, other", ci__ops_binary, CI__V_LE, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.gt", "self, other", ci__ops_binary, CI__V_GT, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.ge", "self, other", ci__ops_binary, CI__V_GE, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    /* pointwise with arguments of their own */ \
    X("aten.add", "self, other, *, alpha=1", \
      ci__ops_binary, CI__V_ADD, 1, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("aten.sub", "self, other, *, alpha=1", \
      ci__ops_binary, CI__V_SUB, 1, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("aten.add.Scalar", "self, other, alpha=1", /* alpha positional */ \
      ci__ops_binary, CI__V_ADD, 1, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("aten.sub.Scalar", "self, other, alpha=1", \
      ci__ops_binary, CI__V_SUB, 1, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("prims.add", "self, other", ci__ops_binary, CI__V_ADD, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.sub", "self, other", ci__ops_binary, CI__V_SUB, 0, 1, N, 0, 1, P, LO, ALL, _, 0) \
    X("aten.div", "self, other, *, rounding_mode=None", \
      ci__ops_div, 0, 0, 0, N, 0, 1, P, LO, ALL, _, 0) \
    X("aten.pow", "self, exponent", ci__ops_pow, 0, 0, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("aten.clamp", "self, min=None, max=None", ci__ops_clamp, 0, 0, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("aten.clamp_min", "self, min", ci__ops_clamp, 0, 1, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("aten.clamp_max", "self, max", ci__ops_clamp, 0, 2, 1, D, 0, 1, P, LO, ALL, _, 0) \
    X("aten.where", "condition, self, other", ci__ops_where, 0, 0, 0, N, 0, 1, P, LO, ALL, _, 0) \
    X("aten.where.default", "condition", ci__ops_where_cond, 0, 0, 0, N, 0, 1, _, EX, ALL, DD, 0) \
    X("prims.where", "pred, a, b", ci__ops_where, 0, 0, 0, N, 0, 1, P, LO, ALL, _, 0) \
    X("aten.true_divide", "self, other", ci__ops_div, 0, 0, 0, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.div", "self, other", ci__ops_div, 0, 0, 0, N, 0, 1, P, LO, ALL, _, 0) \
    X("aten.masked_fill", "self, mask, value", \
      ci__ops_masked_fill, 0, 0, 0, N, 0, 1, P, LO, ALL, _, 0) \
    X("aten.lerp", "self, end, weight", ci__ops_lerp, 0, 0, 1, D, 0, 1, P, DE, FLT, _, 0) \
    X("aten.addcmul", "self, tensor1, tensor2, *, value=1", \
      ci__ops_addcmul, 0, 0, 1, D, 0, 1, P, DE, ALL, _, 0) \
    X("aten.addcdiv", "self, tensor1, tensor2, *, value=1", \
      ci__ops_addcmul, 1, 0, 1, D, 0, 1, P, DE, ALL, _, 0) \
    X("prims.fma", "a, b, c", ci__ops_fma, 0, 0, 1, D, 0, 1, _, LO, ALL, _, 0) \
    X("aten.glu", "self, dim=-1", ci__ops_glu, 0, 0, 0, N, 0, 1, _, DE, FLT, _, 0) \
    X("aten.isfinite", "self", \
      ci__ops_pwx, 0, CI__PX_ISFINITE, 0, N, 0, 1, P, DE, ALL, _, "prims.isfinite") \
    X("aten.isneginf", "self", ci__ops_pwx, 0, CI__PX_ISNEGINF, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten.isposinf", "self", ci__ops_pwx, 0, CI__PX_ISPOSINF, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten.square", "self", ci__ops_pwx, 0, CI__PX_SQUARE, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten.frac", "self", ci__ops_pwx, 0, CI__PX_FRAC, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten.hardswish", "self", ci__ops_pwx, 0, CI__PX_HARDSWISH, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten.hardsigmoid", "self", \
      ci__ops_pwx, 0, CI__PX_HARDSIGMOID, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten.hardtanh", "self, min_val=-1, max_val=1", \
      ci__ops_pwx, 0, CI__PX_HARDTANH, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten.elu", "self, alpha=1, scale=1, input_scale=1", \
      ci__ops_pwx, 0, CI__PX_ELU, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten.selu", "self", ci__ops_pwx, 0, CI__PX_SELU, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten.celu", "self, alpha=1.0", ci__ops_pwx, 0, CI__PX_CELU, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten.leaky_relu", "self, negative_slope=0.01", \
      ci__ops_pwx, 0, CI__PX_LEAKY_RELU, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten.softplus", "self, beta=1, threshold=20", \
      ci__ops_pwx, 0, CI__PX_SOFTPLUS, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten.threshold", "self, threshold, value", \
      ci__ops_pwx, 0, CI__PX_THRESHOLD, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten.logit", "self, eps=None", ci__ops_pwx, 0, CI__PX_LOGIT, 0, F, 0, 1, P, DE, I2F, _, 0) \
    X("aten.mish", "self", ci__ops_pwx, 0, CI__PX_MISH, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten.nan_to_num", "self, nan=None, posinf=None, neginf=None", \
      ci__ops_pwx, 0, CI__PX_NAN_TO_NUM, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten.round.decimals", "self, *, decimals", \
      ci__ops_pwx, 0, CI__PX_ROUND_DECIMALS, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("aten._to_copy", "self, " CI__OPS_LIKE_KW ", non_blocking=False", \
      ci__ops_to_copy, 0, 0, 0, N, 0, 1, P, LO, ALL, _, 0) \
    X("aten.to.dtype", "self, dtype, non_blocking=False, copy=False, memory_format=None", \
      ci__ops_to_copy, 0, 1, 0, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.convert_element_type", "a, dtype", \
      ci__ops_to_copy, 0, 1, 0, N, 0, 1, P, LO, ALL, _, 0) \
    /* reductions */ \
    X("aten.sum", "self, dim=None, keepdim=False, *, dtype=None", \
      ci__ops_reduce, 0, CI__RED_SUM, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.sum.default", "self, *, dtype=None", \
      ci__ops_reduce, 0, CI__RED_SUM, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.prod", "self, dim=None, keepdim=False, *, dtype=None", \
      ci__ops_reduce, 0, CI__RED_PROD, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.prod.default", "self, *, dtype=None", \
      ci__ops_reduce, 0, CI__RED_PROD, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.prod.dim_int", "self, dim, keepdim=False, *, dtype=None", \
      ci__ops_reduce, 0, CI__RED_PROD, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.mean", "self, dim=None, keepdim=False, *, dtype=None", \
      ci__ops_mean, 0, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.mean.default", "self, *, dtype=None", \
      ci__ops_mean, 0, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.amax", "self, dim=[], keepdim=False", \
      ci__ops_reduce, 0, CI__RED_MAX, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.amin", "self, dim=[], keepdim=False", \
      ci__ops_reduce, 0, CI__RED_MIN, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.argmax", "self, dim=None, keepdim=False", \
      ci__ops_reduce, 0, CI__RED_ARGMAX, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.argmin", "self, dim=None, keepdim=False", \
      ci__ops_reduce, 0, CI__RED_ARGMIN, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.any", "self, dim=None, keepdim=False", \
      ci__ops_reduce, 0, CI__RED_ANY, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.any.default", "self", ci__ops_reduce, 0, CI__RED_ANY, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.any.dim", "self, dim, keepdim=False", \
      ci__ops_reduce, 0, CI__RED_ANY, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.all", "self, dim=None, keepdim=False", \
      ci__ops_reduce, 0, CI__RED_ALL, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.all.default", "self", ci__ops_reduce, 0, CI__RED_ALL, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.all.dim", "self, dim, keepdim=False", \
      ci__ops_reduce, 0, CI__RED_ALL, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.max", "self, dim=None, keepdim=False", \
      ci__ops_maxdim, 0, CI__RED_MAX, 0, N, 0, 2, _, LO, ALL, _, 0) \
    X("aten.max.dim", "self, dim, keepdim=False", \
      ci__ops_maxdim, 0, CI__RED_MAX, 0, N, 0, 2, _, LO, ALL, _, 0) \
    X("aten.max.default", "self", ci__ops_maxdim, 0, CI__RED_MAX, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.min", "self, dim=None, keepdim=False", \
      ci__ops_maxdim, 0, CI__RED_MIN, 0, N, 0, 2, _, LO, ALL, _, 0) \
    X("aten.min.dim", "self, dim, keepdim=False", \
      ci__ops_maxdim, 0, CI__RED_MIN, 0, N, 0, 2, _, LO, ALL, _, 0) \
    X("aten.min.default", "self", ci__ops_maxdim, 0, CI__RED_MIN, 0, N, 0, 1, _, LO, ALL, _, 0) \
    /* views */ \
    X("aten.view", "self, size", ci__ops_view, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.view.dtype", "self, dtype", ci__ops_view_dtype, 0, 0, 0, N, 0, 1, _, LO, ALL, VDT, 0) \
    X("aten.masked_select", "self, mask", \
      ci__ops_masked_select, 0, 0, 0, N, 0, 1, _, EX, ALL, DD, 0) \
    X("aten.nonzero", "self", ci__ops_nonzero, 0, 0, 0, N, 0, 1, _, EX, ALL, DD, 0) \
    X("aten.reshape", "self, shape", ci__ops_view, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten._unsafe_view", "self, size", ci__ops_view, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.permute", "self, dims", ci__ops_permute, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.t", "self", ci__ops_transpose, 0, 1, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.transpose", "self, dim0, dim1", ci__ops_transpose, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.expand", "self, size, *, implicit=False", \
      ci__ops_expand, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.squeeze", "self, dim=None", ci__ops_squeeze, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.squeeze.default", "self", ci__ops_squeeze, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.unsqueeze", "self, dim", ci__ops_unsqueeze, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.slice", "self, dim=0, start=None, end=None, step=1", \
      ci__ops_slice, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.select", "self, dim, index", ci__ops_select, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.as_strided", "self, size, stride, storage_offset=None", \
      ci__ops_as_strided, 0, 0, 0, N, 0, 1, _, LO, ALL, REAL, 0) \
    X("aten.as_strided_scatter", "self, src, size, stride, storage_offset=None", \
      ci__ops_as_strided_scatter, 0, 0, 0, N, 0, 1, _, SC, ALL, ASS, 0) \
    X("aten.clone", "self, *, memory_format=None", \
      ci__ops_clone, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.alias", "self", ci__ops_nop, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.detach", "self", ci__ops_nop, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    /* creation */ \
    X("aten.full", "size, fill_value, " CI__OPS_CREATE_KW, \
      ci__ops_full, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.zeros", "size, " CI__OPS_CREATE_KW, ci__ops_full, 0, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.ones", "size, " CI__OPS_CREATE_KW, ci__ops_full, 0, 2, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.full_like", "self, fill_value, " CI__OPS_LIKE_KW, \
      ci__ops_full, 1, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.zeros_like", "self, " CI__OPS_LIKE_KW, \
      ci__ops_full, 1, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.ones_like", "self, " CI__OPS_LIKE_KW, \
      ci__ops_full, 1, 2, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.arange", "start, end=None, step=1, " CI__OPS_CREATE_KW, \
      ci__ops_arange, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.arange.default", "end, " CI__OPS_CREATE_KW, \
      ci__ops_arange, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.arange.start", "start, end, " CI__OPS_CREATE_KW, \
      ci__ops_arange, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.arange.start_step", "start, end, step=1, " CI__OPS_CREATE_KW, \
      ci__ops_arange, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    /* decompositions */ \
    X("aten._softmax", "self, dim, half_to_float", \
      ci__ops_softmax, 0, 0, 0, N, 0, 1, _, DE, FLT, _, 0) \
    X("aten._log_softmax", "self, dim, half_to_float", \
      ci__ops_softmax, 1, 0, 0, N, 0, 1, _, DE, FLT, _, 0) \
    X("aten.softmax", "self, dim, dtype=None", \
      ci__ops_softmax, 0, 0, 0, N, 0, 1, _, DE, FLT, _, 0) \
    X("aten.log_softmax", "self, dim, dtype=None", \
      ci__ops_softmax, 1, 0, 0, N, 0, 1, _, DE, FLT, _, 0) \
    X("aten.gelu", "self, *, approximate='none'", \
      ci__ops_gelu, 0, 0, 0, N, 0, 1, P, DE, FLT, _, 0) \
    X("aten.silu", "self", ci__ops_silu, 0, 0, 0, N, 0, 1, P, DE, FLT, _, 0) \
    X("aten.native_layer_norm", "input, normalized_shape, weight, bias, eps", \
      ci__ops_layer_norm, 0, 0, 0, N, 0, 3, _, DE, FLT, _, 0) \
    X("aten.layer_norm", \
      "input, normalized_shape, weight=None, bias=None, eps=1e-05, cudnn_enable=True", \
      ci__ops_layer_norm, 1, 0, 0, N, 0, 1, _, DE, FLT, _, 0) \
    /* statistics */ \
    X("aten.var", "self, dim=None, *, correction=None, keepdim=False", \
      ci__ops_var, 0, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.var.default", "self, unbiased=True", ci__ops_var, 0, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.var.dim", "self, dim, unbiased=True, keepdim=False", \
      ci__ops_var, 0, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.std", "self, dim=None, *, correction=None, keepdim=False", \
      ci__ops_var, 0, 1, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.std.default", "self, unbiased=True", ci__ops_var, 0, 1, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.std.dim", "self, dim, unbiased=True, keepdim=False", \
      ci__ops_var, 0, 1, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.var_mean", "self, dim=None, *, correction=None, keepdim=False", \
      ci__ops_var, 0, 2, 0, N, 0, 2, _, LO, FLT, _, 0) \
    X("aten.var_mean.default", "self, unbiased=True", \
      ci__ops_var, 0, 2, 0, N, 0, 2, _, LO, FLT, _, 0) \
    X("aten.var_mean.dim", "self, dim, unbiased=True, keepdim=False", \
      ci__ops_var, 0, 2, 0, N, 0, 2, _, LO, FLT, _, 0) \
    X("aten.std_mean", "self, dim=None, *, correction=None, keepdim=False", \
      ci__ops_var, 0, 3, 0, N, 0, 2, _, LO, FLT, _, 0) \
    X("aten.std_mean.default", "self, unbiased=True", \
      ci__ops_var, 0, 3, 0, N, 0, 2, _, LO, FLT, _, 0) \
    X("aten.std_mean.dim", "self, dim, unbiased=True, keepdim=False", \
      ci__ops_var, 0, 3, 0, N, 0, 2, _, LO, FLT, _, 0) \
    X("prims.var", "inp, dims, *, correction", ci__ops_var, 0, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.logsumexp", "self, dim, keepdim=False", \
      ci__ops_logsumexp, 0, 0, 0, N, 0, 1, _, DE, ALL, _, 0) \
    X("aten.linalg_vector_norm", "self, ord=2, dim=None, keepdim=False, *, dtype=None", \
      ci__ops_norm, 0, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.norm", "self, p=2, dim=None, keepdim=False, *, dtype=None", \
      ci__ops_norm, 0, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.norm.ScalarOpt_dtype", "self, p, *, dtype", \
      ci__ops_norm, 0, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.count_nonzero", "self, dim=None", \
      ci__ops_count_nonzero, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.native_group_norm", "input, weight, bias, N, C, HxW, group, eps", \
      ci__ops_group_norm, 0, 0, 0, N, 0, 3, _, DE, FLT, _, 0) \
    X("aten.group_norm", \
      "input, num_groups, weight=None, bias=None, eps=1e-05, cudnn_enabled=True", \
      ci__ops_group_norm, 1, 0, 0, N, 0, 1, _, DE, FLT, _, 0) \
    X("aten._native_batch_norm_legit_no_training", \
      "input, weight, bias, running_mean, running_var, momentum, eps", \
      ci__ops_batch_norm, 0, 0, 0, N, 0, 3, _, DE, FLT, BN, 0) \
    X("aten.native_batch_norm", \
      "input, weight, bias, running_mean, running_var, training, momentum, eps", \
      ci__ops_batch_norm, 0, 1, 0, N, 0, 3, _, DE, FLT, BN, 0) \
    X("aten.batch_norm", \
      "input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn_enabled", \
      ci__ops_batch_norm, 0, 2, 0, N, 0, 1, _, DE, FLT, BN, 0) \
    X("aten.rms_norm", "input, normalized_shape, weight=None, eps=None", \
      ci__ops_rms_norm, 0, 0, 0, N, 0, 1, _, DE, FLT, _, 0) \
    /* views: copying and in-place forms, splits, flips */ \
    X("aten._reshape_alias", "self, size, stride", \
      ci__ops_view, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.view_copy", "self, size", ci__ops_view, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.view_copy.dtype", "self, dtype", \
      ci__ops_view_dtype, 0, 0, 0, N, 0, 1, _, LO, ALL, VDT, 0) \
    X("prims.reshape", "a, shape", ci__ops_view, 1, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.permute_copy", "self, dims", ci__ops_permute, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.transpose_copy", "self, dim0, dim1", \
      ci__ops_transpose, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.t_copy", "self", ci__ops_transpose, 0, 1, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.expand_copy", "self, size, *, implicit=False", \
      ci__ops_expand, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.squeeze_copy", "self, dim=None", ci__ops_squeeze, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.squeeze_", "self, dim=None", ci__ops_squeeze, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.unsqueeze_copy", "self, dim", ci__ops_unsqueeze, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.unsqueeze_", "self, dim", ci__ops_unsqueeze, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.slice_copy", "self, dim=0, start=None, end=None, step=1", \
      ci__ops_slice, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.select_copy", "self, dim, index", ci__ops_select, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.as_strided_copy", "self, size, stride, storage_offset=None", \
      ci__ops_as_strided, 0, 0, 0, N, 0, 1, _, LO, ALL, REAL, 0) \
    X("aten.as_strided_", "self, size, stride, storage_offset=None", \
      ci__ops_as_strided, 0, 0, 0, N, 0, 1, _, LO, ALL, REAL, 0) \
    X("aten.alias_copy", "self", ci__ops_clone, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.lift", "self", ci__ops_nop, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.lift_fresh", "self", ci__ops_nop, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.lift_fresh_copy", "self", ci__ops_clone, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.view_of", "a", ci__ops_nop, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.detach_", "self", ci__ops_nop, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.split", "self, split_size, dim=0", ci__ops_split, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.split_with_sizes", "self, split_sizes, dim=0", \
      ci__ops_split, 1, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.split.sizes", "self, split_size, dim=0", \
      ci__ops_split, 1, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.split.default", "self, split_sizes, dim=0", /* 1.13: a list */ \
      ci__ops_split, 1, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.unbind", "self, dim=0", ci__ops_unbind, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.unfold", "self, dimension, size, step", \
      ci__ops_unfold, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.diagonal", "self, offset=0, dim1=0, dim2=1", \
      ci__ops_diagonal, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.diagonal_copy", "self, offset=0, dim1=0, dim2=1", \
      ci__ops_diagonal, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.flip", "self, dims", ci__ops_flip, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.rev", "a, dims", ci__ops_flip, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.roll", "self, shifts, dims=[]", ci__ops_roll, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.movedim", "self, source, destination", \
      ci__ops_movedim, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.narrow", "self, dim, start, length", \
      ci__ops_narrow, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("aten.narrow.Tensor", "self, dim, start, length", \
      ci__ops_narrow_tensor, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.tril", "self, diagonal=0", ci__ops_tril, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.triu", "self, diagonal=0", ci__ops_tril, 1, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.repeat", "self, repeats", ci__ops_repeat, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.expand_as", "self, other", ci__ops_expand_as, 0, 0, 0, N, 0, 1, V, DE, ALL, _, 0) \
    X("aten.broadcast_tensors", "tensors", \
      ci__ops_broadcast_tensors, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.broadcast_in_dim", "a, shape, broadcast_dimensions", \
      ci__ops_broadcast_in_dim, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    /* creation from a shape or a tensor, fills and copies */ \
    X("aten.empty", "size, " CI__OPS_CREATE_KW ", memory_format=None", \
      ci__ops_create, 0, CI__CR_EMPTY, 0, N, 0, 1, _, LO, ALL, EMPTY, 0) \
    X("aten.empty_like", "self, " CI__OPS_LIKE_KW, \
      ci__ops_create, 0, CI__CR_EMPTY_LIKE, 0, N, 0, 1, _, LO, ALL, EMPTY, 0) \
    X("aten.empty_strided", "size, stride, " CI__OPS_CREATE_KW, \
      ci__ops_create, 0, CI__CR_EMPTY_STRIDED, 0, N, 0, 1, _, LO, ALL, EMPTY, 0) \
    X("aten.new_empty", "self, size, " CI__OPS_CREATE_KW, \
      ci__ops_create, 0, CI__CR_NEW_EMPTY, 0, N, 0, 1, _, LO, ALL, EMPTY, 0) \
    X("aten.new_empty_strided", "self, size, stride, " CI__OPS_CREATE_KW, \
      ci__ops_create, 0, CI__CR_NEW_EMPTY, 0, N, 0, 1, _, LO, ALL, EMPTY, 0) \
    X("aten.new_zeros", "self, size, " CI__OPS_CREATE_KW, \
      ci__ops_create, 0, CI__CR_NEW_ZEROS, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.new_ones", "self, size, " CI__OPS_CREATE_KW, \
      ci__ops_create, 0, CI__CR_NEW_ONES, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.new_full", "self, size, fill_value, " CI__OPS_CREATE_KW, \
      ci__ops_create, 0, CI__CR_NEW_FULL, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.scalar_tensor", "s, " CI__OPS_CREATE_KW, \
      ci__ops_create, 0, CI__CR_SCALAR_TENSOR, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.eye", "n, " CI__OPS_CREATE_KW, \
      ci__ops_create, 0, CI__CR_EYE, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.eye.m", "n, m, " CI__OPS_CREATE_KW, \
      ci__ops_create, 0, CI__CR_EYE, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.linspace", "start, end, steps, " CI__OPS_CREATE_KW, \
      ci__ops_create, 0, CI__CR_LINSPACE, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.iota", "length, *, start, step, dtype, device, requires_grad", \
      ci__ops_create, 0, CI__CR_IOTA, 0, N, 0, 1, _, LO, INT, _, 0) \
    X("aten.fill", "self, value", \
      ci__ops_create, 0, CI__CR_FILL, 0, N, 0, 1, _, LO, ALL, _, "prims.fill") \
    X("aten.fill_", "self, value", ci__ops_create, 0, CI__CR_FILL, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.copy_.int", "self, other", /* Tensor.copy_(number) */ \
      ci__ops_create, 0, CI__CR_FILL, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.copy_.float", "self, other", \
      ci__ops_create, 0, CI__CR_FILL, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.copy", "self, src, non_blocking=False", \
      ci__ops_create, 0, CI__CR_COPY, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.copy_", "self, src, non_blocking=False", \
      ci__ops_create, 0, CI__CR_COPY, 0, N, 0, 1, _, LO, ALL, _, 0) \
    /* joining */ \
    X("aten.cat", "tensors, dim=0", ci__ops_cat, 0, 0, 0, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.cat", "tensors, dim", ci__ops_cat, 0, 0, 0, N, 0, 1, P, LO, ALL, _, 0) \
    /* prims twins of ops above */ \
    X("prims.sum", "inp, dims, *, output_dtype=None", \
      ci__ops_prims, 0, CI__PR_SUM, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.prod", "inp, dims, *, output_dtype=None", \
      ci__ops_prims, 0, CI__PR_PROD, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.amax", "inp, dims, *, output_dtype=None", \
      ci__ops_prims, 0, CI__PR_AMAX, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.amin", "inp, dims, *, output_dtype=None", \
      ci__ops_prims, 0, CI__PR_AMIN, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.xor_sum", "inp, dims, *, output_dtype=None", \
      ci__ops_prims, 0, CI__PR_XOR_SUM, 0, N, 0, 1, _, LO, IB, _, 0) \
    X("prims.pow", "self, other", ci__ops_prims, 0, CI__PR_POW, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.squeeze", "a, dimensions", \
      ci__ops_prims, 0, CI__PR_SQUEEZE, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.slice", "a, start_indices, limit_indices, strides=None", \
      ci__ops_prims, 0, CI__PR_SLICE, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.slice_in_dim", "a, start_index, limit_index, stride=1, axis=0", \
      ci__ops_prims, 0, CI__PR_SLICE_IN_DIM, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.split_dim", "a, dim, outer_length", \
      ci__ops_prims, 0, CI__PR_SPLIT_DIM, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.collapse_view", "a, start, end", \
      ci__ops_prims, 0, CI__PR_COLLAPSE_VIEW, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.transpose", "a, permutation", ci__ops_permute, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("prims.as_strided", "a, size, stride, storage_offset", \
      ci__ops_as_strided, 0, 0, 0, N, 0, 1, _, LO, ALL, REAL, 0) \
    X("prims.to_dtype", "a, dtype", ci__ops_to_copy, 0, 1, 0, N, 0, 1, P, LO, ALL, _, 0) \
    X("prims.device_put", "a, device", ci__ops_nop, 0, 0, 0, N, 0, 1, V, LO, ALL, _, 0) \
    X("prims.isfinite", "self", ci__ops_pwx, 0, CI__PX_ISFINITE, 0, N, 0, 1, P, DE, ALL, _, 0) \
    X("prims.fill", "self, value", ci__ops_create, 0, CI__CR_FILL, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.copy_to", "a, b", ci__ops_create, 0, CI__CR_COPY, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.full", "shape, fill_value, *, dtype, device, requires_grad", \
      ci__ops_full, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.full_like", "a, fill_value, *, dtype, device, requires_grad", \
      ci__ops_full, 1, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.scalar_tensor", "s, *, dtype=None, device=None", \
      ci__ops_create, 0, CI__CR_SCALAR_TENSOR, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.empty", "shape, *, dtype, device, requires_grad", \
      ci__ops_create, 0, CI__CR_EMPTY, 0, N, 0, 1, _, LO, ALL, EMPTY, 0) \
    X("prims.empty_strided", "shape, strides, *, dtype, device, requires_grad", \
      ci__ops_create, 0, CI__CR_EMPTY_STRIDED, 0, N, 0, 1, _, LO, ALL, EMPTY, 0) \
    X("prims.arange", "start, end, step, *, dtype, device, requires_grad", \
      ci__ops_arange, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("prims.bessel_i0", "self", ci__ops_unary, CI__V_I0, 0, 1, N, 0, 1, P, LO, FLT, _, 0) \
    /* stacking, padding, scattering into views */ \
    X("aten.stack", "tensors, dim=0", ci__ops_stack, 0, 0, 0, N, 0, 1, _, DE, ALL, _, 0) \
    X("aten.constant_pad_nd", "self, pad, value=0", \
      ci__ops_pad, 0, 0, 0, N, 0, 1, P, LO, ALL, _, 0) \
    X("aten.reflection_pad1d", "self, padding", ci__ops_pad, 1, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.reflection_pad2d", "self, padding", ci__ops_pad, 2, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.reflection_pad3d", "self, padding", ci__ops_pad, 3, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.replication_pad1d", "self, padding", ci__ops_pad, 1, 2, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.replication_pad2d", "self, padding", ci__ops_pad, 2, 2, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.replication_pad3d", "self, padding", ci__ops_pad, 3, 2, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.slice_scatter", "self, src, dim=0, start=None, end=None, step=1", \
      ci__ops_scatter_view, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.select_scatter", "self, src, dim, index", \
      ci__ops_scatter_view, 0, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.diagonal_scatter", "self, src, offset=0, dim1=0, dim2=1", \
      ci__ops_scatter_view, 0, 2, 0, N, 0, 1, _, LO, ALL, _, 0) \
    /* indexing */ \
    X("aten.gather", "self, dim, index, *, sparse_grad=False", \
      ci__ops_gather, 0, 0, 0, N, 0, 1, _, LO, IDX, _, 0) \
    X("aten.index_select", "self, dim, index", \
      ci__ops_index_select, 0, 0, 0, N, 0, 1, _, LO, IDX, _, 0) \
    X("aten.embedding", "weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False", \
      ci__ops_embedding, 0, 0, 0, N, 0, 1, _, LO, IDX, _, 0) \
    X("aten.index", "self, indices", ci__ops_index, 0, 0, 0, N, 0, 1, _, LO, IDX, MASK, 0) \
    X("aten._unsafe_index", "self, indices", ci__ops_index, 0, 0, 0, N, 0, 1, _, LO, IDX, MASK, 0) \
    X("aten.index_put", "self, indices, values, accumulate=False", \
      ci__ops_index_put, 0, 0, 0, N, 0, 1, _, SC, IDX, MFILL, 0) \
    X("aten.index_put_", "self, indices, values, accumulate=False", \
      ci__ops_index_put, 0, 0, 0, N, 0, 1, _, SC, IDX, MFILL, 0) \
    X("aten._unsafe_index_put", "self, indices, values, accumulate=False", \
      ci__ops_index_put, 0, 0, 0, N, 0, 1, _, SC, IDX, MFILL, 0) \
    X("aten.scatter", "self, dim, index, src, *, reduce=None", \
      ci__ops_scatter, 0, 0, 0, N, 0, 1, _, SC, IDX, _, 0) \
    X("aten.scatter_", "self, dim, index, src, *, reduce=None", \
      ci__ops_scatter, 0, 0, 0, N, 0, 1, _, SC, IDX, _, 0) \
    X("aten.scatter_add", "self, dim, index, src", \
      ci__ops_scatter, 0, 1, 0, N, 0, 1, _, SC, IDX, _, 0) \
    X("aten.scatter_add_", "self, dim, index, src", \
      ci__ops_scatter, 0, 1, 0, N, 0, 1, _, SC, IDX, _, 0) \
    X("aten.scatter_reduce", "self, dim, index, src, reduce, *, include_self=True", \
      ci__ops_scatter, 0, 2, 0, N, 0, 1, _, SC, IDX, _, 0) \
    X("aten.scatter_reduce_", "self, dim, index, src, reduce, *, include_self=True", \
      ci__ops_scatter, 0, 2, 0, N, 0, 1, _, SC, IDX, _, 0) \
    /* resampling and searching */ \
    X("aten.upsample_nearest1d", "self, output_size, scales=None", \
      ci__ops_upsample_nearest, 1, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten._upsample_nearest_exact1d", "self, output_size, scales=None", \
      ci__ops_upsample_nearest, 1, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.upsample_nearest1d.vec", "input, output_size, scale_factors", \
      ci__ops_upsample_nearest, 1, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten._upsample_nearest_exact1d.vec", "input, output_size, scale_factors", \
      ci__ops_upsample_nearest, 1, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.upsample_nearest2d", "self, output_size, scales_h=None, scales_w=None", \
      ci__ops_upsample_nearest, 2, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten._upsample_nearest_exact2d", "self, output_size, scales_h=None, scales_w=None", \
      ci__ops_upsample_nearest, 2, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.upsample_nearest2d.vec", "input, output_size, scale_factors", \
      ci__ops_upsample_nearest, 2, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten._upsample_nearest_exact2d.vec", "input, output_size, scale_factors", \
      ci__ops_upsample_nearest, 2, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.upsample_nearest3d", "self, output_size, scales_d=None, scales_h=None, scales_w=None", \
      ci__ops_upsample_nearest, 3, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten._upsample_nearest_exact3d", \
      "self, output_size, scales_d=None, scales_h=None, scales_w=None", \
      ci__ops_upsample_nearest, 3, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.upsample_nearest3d.vec", "input, output_size, scale_factors", \
      ci__ops_upsample_nearest, 3, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten._upsample_nearest_exact3d.vec", "input, output_size, scale_factors", \
      ci__ops_upsample_nearest, 3, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.upsample_bilinear2d", \
      "self, output_size, align_corners, scales_h=None, scales_w=None", \
      ci__ops_upsample_bilinear, 2, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.upsample_bilinear2d.vec", "input, output_size, align_corners, scale_factors", \
      ci__ops_upsample_bilinear, 2, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.bucketize", "self, boundaries, *, out_int32=False, right=False", \
      ci__ops_bucketize, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.searchsorted", \
      "sorted_sequence, self, *, out_int32=False, right=False, side=None, sorter=None", \
      ci__ops_bucketize, 1, 0, 0, N, 0, 1, _, LO, ALL, SORTER, 0) \
    X("aten.bucketize.Scalar", "self, boundaries, *, out_int32=False, right=False", \
      ci__ops_bucketize_scalar, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.searchsorted.Scalar", \
      "sorted_sequence, self, *, out_int32=False, right=False, side=None, sorter=None", \
      ci__ops_bucketize_scalar, 1, 0, 0, N, 0, 1, _, LO, ALL, SORTER, 0) \
    /* matmul and convolution */ \
    E("cinductor.bmm", "self, mat2", ci__rt_ext_bmm_run, ci__ops_ext_bmm_infer, 1, 0) \
    E("cinductor.convolution", "input, weight, bias, stride, padding, dilation, groups", \
      ci__rt_ext_conv_run, ci__ops_ext_conv_infer, 1, 0) \
    X("aten.mm", "self, mat2", ci__ops_mm, 0, 0, 0, N, 0, 1, _, DE, ALL, _, 0) \
    X("aten.bmm", "self, mat2", ci__ops_mm, 0, 1, 0, N, 0, 1, _, DE, ALL, _, 0) \
    X("aten.matmul", "self, other", ci__ops_matmul, 0, 0, 0, N, 0, 1, _, DE, ALL, _, 0) \
    X("aten.addmm", "self, mat1, mat2, *, beta=1, alpha=1", \
      ci__ops_addmm, 0, 0, 0, N, 0, 1, _, DE, ALL, _, 0) \
    X("aten.baddbmm", "self, batch1, batch2, *, beta=1, alpha=1", \
      ci__ops_addmm, 0, 1, 0, N, 0, 1, _, DE, ALL, _, 0) \
    X("aten.linear", "input, weight, bias=None", \
      ci__ops_linear, 0, 0, 0, N, 0, 1, _, DE, ALL, _, 0) \
    X("aten.convolution", \
      "input, weight, bias, stride, padding, dilation, transposed, output_padding, groups", \
      ci__ops_convolution, 0, 0, 0, N, 0, 1, _, DE, ALL, _, 0) \
    X("aten.conv1d", "input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1", \
      ci__ops_convolution, 0, 1, 0, N, 0, 1, _, DE, ALL, _, 0) \
    X("aten.conv2d", "input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1", \
      ci__ops_convolution, 0, 2, 0, N, 0, 1, _, DE, ALL, _, 0) \
    /* quantization */ \
    X("quantized_decomposed.quantize_per_tensor", \
      "input, scale, zero_point, quant_min, quant_max, dtype", \
      ci__ops_quant, 0, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("quantized_decomposed.dequantize_per_tensor", \
      "input, scale, zero_point, quant_min, quant_max, dtype", \
      ci__ops_quant, 0, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("quantized_decomposed.quantize_per_channel", \
      "input, scales, zero_points, axis, quant_min, quant_max, dtype", \
      ci__ops_quant, 1, 0, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("quantized_decomposed.dequantize_per_channel", \
      "input, scales, zero_points, axis, quant_min, quant_max, dtype", \
      ci__ops_quant, 1, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    /* random */ \
    X("aten.rand", \
      "size, *, generator=None, dtype=None, layout=None, device=None, pin_memory=None", \
      ci__ops_random, 0, CI__RND_RAND, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.randn", \
      "size, *, generator=None, dtype=None, layout=None, device=None, pin_memory=None", \
      ci__ops_random, 0, CI__RND_RANDN, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.randint", \
      "high, size, *, generator=None, dtype=None, layout=None, device=None, pin_memory=None", \
      ci__ops_random, 0, CI__RND_RANDINT, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.randint.low", \
      "low, high, size, *, generator=None, dtype=None, layout=None, device=None, " \
      "pin_memory=None", \
      ci__ops_random, 0, CI__RND_RANDINT, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.randint.low_generator", \
      "low, high, size, *, generator=None, dtype=None, layout=None, device=None, " \
      "pin_memory=None", \
      ci__ops_random, 0, CI__RND_RANDINT, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.rand_like", "self, " CI__OPS_LIKE_KW, \
      ci__ops_random, 0, CI__RND_RAND_LIKE, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.randn_like", "self, " CI__OPS_LIKE_KW, \
      ci__ops_random, 0, CI__RND_RANDN_LIKE, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.bernoulli", "self, *, generator=None", \
      ci__ops_random, 0, CI__RND_BERNOULLI, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.bernoulli.p", "self, p=0.5, *, generator=None", \
      ci__ops_random, 0, CI__RND_BERNOULLI_P, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.bernoulli.Tensor", "self, p, *, generator=None", \
      ci__ops_random, 0, CI__RND_BERNOULLI, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.native_dropout", "input, p, train", \
      ci__ops_random, 0, CI__RND_NATIVE_DROPOUT, 0, N, 0, 2, _, LO, ALL, _, 0) \
    X("aten.dropout", "input, p, train", \
      ci__ops_random, 0, CI__RND_DROPOUT, 0, N, 0, 1, _, LO, ALL, _, 0) \
    /* sorting */ \
    E("cinductor.masked_rows", "self, mask", \
      ci__ops_ext_masked_rows_run, ci__ops_ext_masked_rows_infer, 1, 1) \
    E("cinductor.nonzero_1d", "self", \
      ci__ops_ext_nonzero_tuple_run, ci__ops_ext_nonzero_tuple_infer, 1, 1) \
    E("cinductor.nonzero_2d", "self", \
      ci__ops_ext_nonzero_tuple_run, ci__ops_ext_nonzero_tuple_infer, 2, 1) \
    E("cinductor.nonzero_3d", "self", \
      ci__ops_ext_nonzero_tuple_run, ci__ops_ext_nonzero_tuple_infer, 3, 1) \
    E("cinductor.nonzero_4d", "self", \
      ci__ops_ext_nonzero_tuple_run, ci__ops_ext_nonzero_tuple_infer, 4, 1) \
    E("cinductor.nonzero_5d", "self", \
      ci__ops_ext_nonzero_tuple_run, ci__ops_ext_nonzero_tuple_infer, 5, 1) \
    E("cinductor.nonzero_6d", "self", \
      ci__ops_ext_nonzero_tuple_run, ci__ops_ext_nonzero_tuple_infer, 6, 1) \
    E("cinductor.nonzero_7d", "self", \
      ci__ops_ext_nonzero_tuple_run, ci__ops_ext_nonzero_tuple_infer, 7, 1) \
    E("cinductor.nonzero_8d", "self", \
      ci__ops_ext_nonzero_tuple_run, ci__ops_ext_nonzero_tuple_infer, 8, 1) \
    E("cinductor.nonzero", "self", ci__ops_ext_nonzero_run, ci__ops_ext_nonzero_infer, 1, 1) \
    E("cinductor.sort", "self, descending", ci__rt_ext_sort_run, ci__ops_ext_sort_infer, 2, 0) \
    X("aten.sort", "self, dim=-1, descending=False", \
      ci__ops_sort, 0, 0, 0, N, 0, 2, _, DE, ALL, _, 0) \
    X("aten.sort.stable", "self, *, stable=None, dim=-1, descending=False", \
      ci__ops_sort, 0, 0, 0, N, 0, 2, _, DE, ALL, _, 0) \
    X("aten.argsort", "self, dim=-1, descending=False", \
      ci__ops_sort, 0, 1, 0, N, 0, 1, _, DE, ALL, _, 0) \
    X("aten.argsort.stable", "self, *, stable, dim=-1, descending=False", \
      ci__ops_sort, 0, 1, 0, N, 0, 1, _, DE, ALL, _, 0) \
    X("aten.msort", "self", ci__ops_sort, 0, 2, 0, N, 0, 1, _, DE, ALL, _, 0) \
    X("aten.topk", "self, k, dim=-1, largest=True, sorted=True", \
      ci__ops_topk, 0, 0, 0, N, 0, 2, _, DE, ALL, _, 0) \
    X("aten.kthvalue", "self, k, dim=-1, keepdim=False", \
      ci__ops_topk, 0, 1, 0, N, 0, 2, _, DE, ALL, _, 0) \
    /* scans */ \
    X("aten.cumsum", "self, dim, *, dtype=None", \
      ci__ops_scan, 0, CI__RED_SUM, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.cumprod", "self, dim, *, dtype=None", \
      ci__ops_scan, 0, CI__RED_PROD, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.logcumsumexp", "self, dim", \
      ci__ops_scan, 0, CI__RED_LOGSUMEXP, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.cummax", "self, dim", ci__ops_scan, 0, CI__RED_CUMMAX, 0, N, 0, 2, _, LO, ALL, _, 0) \
    X("aten.cummin", "self, dim", ci__ops_scan, 0, CI__RED_CUMMIN, 0, N, 0, 2, _, LO, ALL, _, 0) \
    /* pooling */ \
    X("aten.avg_pool1d", \
      "self, kernel_size, stride=[], padding=0, ceil_mode=False, count_include_pad=True, " \
      "divisor_override=None", \
      ci__ops_avg_pool, 1, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.max_pool1d_with_indices", \
      "self, kernel_size, stride=[], padding=0, dilation=1, ceil_mode=False", \
      ci__ops_max_pool, 1, 0, 0, N, 0, 2, _, LO, ALL, _, 0) \
    X("aten.max_pool1d", "self, kernel_size, stride=[], padding=0, dilation=1, ceil_mode=False", \
      ci__ops_max_pool, 1, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten.adaptive_avg_pool1d", "self, output_size", \
      ci__ops_adaptive_pool, 1, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.adaptive_max_pool1d", "self, output_size", \
      ci__ops_adaptive_pool, 1, 1, 0, N, 0, 2, _, LO, ALL, _, 0) \
    X("aten.avg_pool2d", \
      "self, kernel_size, stride=[], padding=0, ceil_mode=False, count_include_pad=True, " \
      "divisor_override=None", \
      ci__ops_avg_pool, 2, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.max_pool2d_with_indices", \
      "self, kernel_size, stride=[], padding=0, dilation=1, ceil_mode=False", \
      ci__ops_max_pool, 2, 0, 0, N, 0, 2, _, LO, ALL, _, 0) \
    X("aten.max_pool2d", "self, kernel_size, stride=[], padding=0, dilation=1, ceil_mode=False", \
      ci__ops_max_pool, 2, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten._adaptive_avg_pool2d", "self, output_size", \
      ci__ops_adaptive_pool, 2, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.adaptive_max_pool2d", "self, output_size", \
      ci__ops_adaptive_pool, 2, 1, 0, N, 0, 2, _, LO, ALL, _, 0) \
    X("aten.adaptive_avg_pool2d", "self, output_size", \
      ci__ops_adaptive_pool, 2, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.avg_pool3d", \
      "self, kernel_size, stride=[], padding=0, ceil_mode=False, count_include_pad=True, " \
      "divisor_override=None", \
      ci__ops_avg_pool, 3, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.max_pool3d_with_indices", \
      "self, kernel_size, stride=[], padding=0, dilation=1, ceil_mode=False", \
      ci__ops_max_pool, 3, 0, 0, N, 0, 2, _, LO, ALL, _, 0) \
    X("aten.max_pool3d", "self, kernel_size, stride=[], padding=0, dilation=1, ceil_mode=False", \
      ci__ops_max_pool, 3, 1, 0, N, 0, 1, _, LO, ALL, _, 0) \
    X("aten._adaptive_avg_pool3d", "self, output_size", \
      ci__ops_adaptive_pool, 3, 0, 0, N, 0, 1, _, LO, FLT, _, 0) \
    X("aten.adaptive_max_pool3d", "self, output_size", \
      ci__ops_adaptive_pool, 3, 1, 0, N, 0, 2, _, LO, ALL, _, 0) \
    X("aten.adaptive_avg_pool3d", "self, output_size", \
      ci__ops_adaptive_pool, 3, 0, 0, N, 0, 1, _, LO, FLT, _, 0)

typedef struct ci__ops_row {
    const char *name, *schema;
    ci__ir_lower_fn fn;
    int vop, extra, broadcast;
    ci_promotion promo;
    int to_bool, nouts, use;
    const char *how, *dtypes, *note, *twin;
    ci_extern_run_fn run;      /* E rows */
    ci_extern_infer_fn infer;
    int dd;
} ci__ops_row;
#define CI__OPS_ROW_X(name, schema, fn, vop, extra, bc, pr, tb, no, use, how, dt, note, twin) \
    {name, schema, fn, vop, extra, bc, CI__IR_OPS_PR_##pr, tb, no, CI__OPS_USE_##use, \
     CI__IR_OPS_HOW_##how, CI__IR_OPS_DT_##dt, CI__IR_OPS_NOTE_##note, twin, NULL, NULL, 0},
#define CI__OPS_ROW_E(name, schema, run, infer, no, dd) \
    {name, schema, NULL, 0, 0, 0, CI_PROMOTE_NONE, 0, no, CI__OPS_USE__, "extern", "all", "", 0, \
     run, infer, dd},
static const ci__ops_row ci__ops_rows[] = {CI__OPS(CI__OPS_ROW_X, CI__OPS_ROW_E)};
#define CI__OPS_COUNT ((int)(sizeof ci__ops_rows / sizeof ci__ops_rows[0]))

static void ci__ops_register_builtins(ci_ctx *c) {
    int i;
    for (i = 0; i < CI__OPS_COUNT; i++) {
        const ci__ops_row *r = &ci__ops_rows[i];
        ci__opdef *op = ci__lower_reg_builtin(c, r->name, r->schema, r->fn, r->vop, r->extra,
                                        r->broadcast, r->promo, r->to_bool);
        if (!op) continue;
        op->nouts = r->nouts;
        op->use = r->use;
        op->how = r->how;
        op->dtypes = r->dtypes;
        op->note = r->note;
        if (r->run) {
            op->kind = CI__OPK_EXTERN;
            op->internal = 1;
            op->dd = r->dd;
            op->ext.run = r->run;
            op->ext.infer = r->infer;
        }
    }
}

/* ---------------------------------------------------------------------------------------
   >>sched  kernels formed from the buffers the lowering produced
   The lowering leaves one kernel per realized buffer. The scheduler walks them in creation
   order (a topological order: a body only reads buffers realized before it was built) and
   puts each into an earlier group (a fused kernel) when Inductor's rules allow it:
   - same iteration space: a reduction of (numel, rnumel); a pointwise of numel*rnumel runs
     inside the reduction loops, one of numel outside them; a pointwise group becomes a
     reduction group when a reduction joins it;
   - every buffer the kernel reads from the group is read at the very point the group
     writes it (then the load becomes the producer's value: a register, never memory), and
     a reduction's result is used after its loop (the next phase);
   - no cycle: the group must come after every kernel that makes what the kernel reads;
   - at most CI__SCHED_FUSE_MAX members; candidates share a buffer with it (vertical: it reads
     what the group makes; horizontal: both read one buffer).
   Extern, scan and scatter kernels are groups of one (barriers). A member's variables are
   mapped onto the group's by unflattening the group's flat index, which the index
   simplifier folds back to plain variables whenever the shapes agree. After grouping, a
   buffer is written to memory only when something outside its group (or a graph output,
   or a later phase that does not recompute it) reads it; pointwise members nobody needs are
   dropped. Why neighbours were left apart is recorded for `cinductor explain`.
   Graph outputs are written straight into the caller's arrays when their value is an
   unrealized pointwise or a dense computed buffer; otherwise a copy kernel writes them.
   Kernels no output depends on are dropped first (dead code). A kernel joining a group is
   placed after the members' standing placement (ci__sched_group_fit places them all again only when
   the tiling changes), so forming a group costs its members' bodies, not their square.
   --------------------------------------------------------------------------------------- */
#define CI__SCHED_FUSE_MAX 64        /* Inductor's max_fusion_size */
#define CI__SCHED_FUSE_LOOKBACK 32   /* how many of the newest groups a kernel may join */
#define CI__SCHED_NAME_OPS 16   /* at most that many ops in a kernel's header comment */
static int ci__sched_op_add(const char **ops, int n, const char *op) {
    int i;
    if (!op || !strcmp(op, "output") || n == CI__SCHED_NAME_OPS) return n;
    for (i = 0; i < n; i++) if (!strcmp(ops[i], op)) return n;
    ops[n] = op;
    return n + 1;
}

/* the ops whose values kernels ks[0..n) compute (a value keeps the op of the node that made
   it), in the order they are computed; a reduction, scan, scatter or extern adds its own op;
   none when it only moves data */
static int ci__sched_ops(ci__L *L, ci__kernel *const *ks, int n, const char **ops) {
    int i, nops = 0;
    for (i = 0; i < n; i++) {
        const ci__kernel *k = ks[i];
        if (k->kind != CI__K_EXTERN && k->body) {
            int *marks = ci__ir_marks(L), epoch = L->epoch;
            ci__ir_vwalk w;
            ci__v *v;
            ci__ir_vw_open(L, &w);
            ci__ir_vw_push(&w, k->body, 0);
            while ((v = ci__ir_vw_next_post(&w, marks, epoch)) != NULL)
                if (v->op != CI__V_LOAD && v->op != CI__V_CONST && v->op != CI__V_INDEX &&
                    v->op != CI__V_ACC)
                    nops = ci__sched_op_add(ops, nops, v->origin);
            ci__ir_vw_close(&w);
        }
        if (k->kind != CI__K_POINTWISE) nops = ci__sched_op_add(ops, nops, k->origin);
    }
    return nops;
}

/* "add_relu": the short names of ops (namespace, leading '_' and overload dropped:
   aten._softmax.default gives softmax), distinct ones joined by '_' while they fit; "copy" for
   none */
static void ci__sched_ops_name(const char **ops, int nops, char *out, int cap) {
    int i, n = 0;
    out[0] = 0;
    for (i = 0; i < nops; i++) {
        const char *op = ops[i], *d = strchr(op, '.'), *p;
        char base[40];
        int m = 0, dup = 0;
        op = d ? d + 1 : op;
        while (*op == '_') op++;
        for (; *op && *op != '.' && m < (int)sizeof base - 1; op++)
            base[m++] = ((*op >= 'a' && *op <= 'z') || (*op >= 'A' && *op <= 'Z') ||
                         (*op >= '0' && *op <= '9'))
                                ? *op
                                : '_';
        base[m] = 0;
        for (p = out; *p && !dup; p += strcspn(p, "|") + (p[strcspn(p, "|")] != 0))
            dup = strcspn(p, "|") == (size_t)m && !memcmp(p, base, (size_t)m);
        if (!m || dup || n + m + 1 >= cap) continue;
        n += snprintf(out + n, (size_t)(cap - n), "%s%s", n ? "|" : "", base);
    }
    if (!n) snprintf(out, (size_t)cap, "copy");
    for (i = 0; out[i]; i++) if (out[i] == '|') out[i] = '_';
}

static void ci__sched_kernel_name(ci__L *L, ci__kernel *k) {
    const char *ops[CI__SCHED_NAME_OPS];
    char base[40];
    ci__sched_ops_name(ops, ci__sched_ops(L, &k, 1, ops), base, (int)sizeof base);
    snprintf(k->name, sizeof k->name, "k%d_%s", k->id, base);
}

/* a fused kernel's name, its number and the ops its running members compute, and those ops
   in full for its header comment */
static void ci__sched_group_name(ci__L *L, ci__group *g) {
    const char *ops[CI__SCHED_NAME_OPS];
    char base[40], full[256];
    ci__kernel *run[CI__SCHED_FUSE_MAX];
    int j, n = 0, nops, len = 0;
    for (j = 0; j < g->m.n && n < CI__SCHED_FUSE_MAX; j++)
        if (((ci__kernel *)g->m.v[j])->emit) run[n++] = (ci__kernel *)g->m.v[j];
    if (!n) run[n++] = (ci__kernel *)g->m.v[0];
    nops = ci__sched_ops(L, run, n, ops);
    ci__sched_ops_name(ops, nops, base, (int)sizeof base);
    snprintf(g->name, sizeof g->name, "k%d_%s", g->id, base);
    full[0] = 0;
    for (j = 0; j < nops && len < (int)sizeof full; j++)
        len += snprintf(full + len, sizeof full - (size_t)len, "%s%s", j ? ", " : "", ops[j]);
    g->ops = nops ? ci__strdup(L->A, full) : NULL;
}

static void ci__sched_buf_reads(ci__L *L, ci__v *v, int *marks, int epoch,
                                void (*fn)(ci__buf *, void *), void *user) {
    ci__ir_vwalk w;
    ci__ir_vw_open(L, &w);
    ci__ir_vw_push(&w, v, 0);
    while ((v = ci__ir_vw_next(&w, marks, epoch)) != NULL)
        if (v->op == CI__V_LOAD) fn(v->buf, user);
    ci__ir_vw_close(&w);
}

static void ci__sched_mark_needed(ci__buf *b, void *user) { (void)user; b->needed = 1; }
static int ci__sched_buf_is_dense(const ci__buf *b) {
    int i;
    int64_t s = 1;
    if (b->offset) return 0;
    for (i = b->ndim - 1; i >= 0; i--) {
        if (b->size[i] != 1 && b->stride[i] != s) return 0;
        s *= b->size[i];
    }
    return 1;
}

/* realize graph output i into a buffer that is the caller's array */
static void ci__sched_output(ci__L *L, ci__box *b, int i) {
    ci__ix *v[CI_MAX_DIMS] = {0};
    if (b->weak) {
        ci__ir_pw_vars(L, 0, NULL, v);
        b = ci__ir_pw_box(L, b->dt, 0, NULL, v, ci__ir_load(L, b, v));
    }
    if (!b->view && b->st->kind == CI__ST_PW) ci__ir_realize(L, b);
    if (!b->view && b->st->buf->kind == CI__BUF_COMPUTED && b->st->buf->output_index < 0 &&
        !b->st->buf->pinned && ci__sched_buf_is_dense(b->st->buf)) {
        b->st->buf->output_index = i;
        return;
    }
    ci__ir_pw_vars(L, b->ndim, b->size, v);
    b = ci__ir_pw_box(L, b->dt, b->ndim, b->size, v, ci__ir_load(L, b, v));
    ci__ir_realize(L, b);
    b->st->buf->output_index = i;
}

/* the values a non-fused kernel reads through (its body and, for a scatter, its index) */
static void ci__sched_kernel_reads(ci__L *L, ci__kernel *k, void (*fn)(ci__buf *, void *),
                                   void *user) {
    int *marks = ci__ir_marks(L), j;
    if (k->kind == CI__K_EXTERN) { for (j = 0; j < k->nin; j++) fn(k->ins[j], user); return; }
    ci__sched_buf_reads(L, k->grp && k->grp->fused ? k->gbody : k->body, marks, L->epoch, fn, user);
    if (k->kind == CI__K_SCATTER) {
        ci__v *iv[CI__IR_VARGS];
        int ni = 0;
        ci__ir_collect_indirect(L, k->sidx, iv, &ni);
        for (j = 0; j < ni; j++) ci__sched_buf_reads(L, iv[j], marks, L->epoch, fn, user);
    }
}

/* dead kernels: walk back from the outputs */
static void ci__sched_eliminate_dead(ci__L *L) {
    int i, j;
    for (i = 0; i < L->bufs.n; i++) {
        ci__buf *b = (ci__buf *)L->bufs.v[i];
        b->needed = b->output_index >= 0;
    }
    for (i = L->kernels.n - 1; i >= 0; i--) {
        ci__kernel *k = (ci__kernel *)L->kernels.v[i];
        int live = 0;
        if (k->kind == CI__K_EXTERN) { for (j = 0; j < k->nout; j++) live |= k->outs[j]->needed; }
        else live = k->out->needed;
        k->live = live;
        if (!live) continue;
        if (k->kind == CI__K_EXTERN)   /* it writes all its outputs, used or not */
            for (j = 0; j < k->nout; j++) k->outs[j]->needed = 1;
        if (k->kind == CI__K_SCATTER) k->out->pinned = 1;
        ci__sched_kernel_reads(L, k, ci__sched_mark_needed, NULL);
    }
}

/* -- mapping a kernel onto a group's variables -- */
static int ci__sched_fusible(const ci__kernel *k) {
    if (k->kind != CI__K_POINTWISE && k->kind != CI__K_REDUCTION) return 0;
    if (k->out->numel == 0) return 0;
    return k->kind != CI__K_REDUCTION || ci__ir_numel(k->nr, k->rsize) > 0;
}

static ci__ix *ci__sched_ix_flat(ci__L *L, int n, ci__ix *const *vars, const int64_t *size) {
    ci__ix *e = ci__ix_const(L->A, &L->ixt, 0);
    int64_t s = 1;
    int i;
    for (i = n - 1; i >= 0; i--) {
        e = ci__ix_add(L->A, &L->ixt, e, ci__ix_scale(L->A, &L->ixt, vars[i], s));
        s *= size[i];
    }
    return e;
}

/* the row-major index of each of n dims of sizes size from a flat index below their product */
static void ci__sched_ix_unflat(ci__L *L, ci__ix *flat, int n, const int64_t *size, ci__ix **out) {
    int64_t s = 1;
    int i;
    for (i = n - 1; i >= 0; i--) {
        if (size[i] == 1) out[i] = ci__ix_const(L->A, &L->ixt, 0);
        else {
            ci__ix *q = s == 1 ? flat
                               : ci__ix_fdiv(L->A, &L->ixt, flat, ci__ix_const(L->A, &L->ixt, s));
            out[i] =
                    i == 0 ? q : ci__ix_mod(L->A, &L->ixt, q, ci__ix_const(L->A, &L->ixt, size[i]));
        }
        s *= size[i];
    }
}

/* a tiling over the given sizes, size-1 dims dropped, with fresh variables */
static void ci__sched_tiling_set(ci__L *L, ci__ir_tiling *T, int ndim, const int64_t *size, int nr,
                                 const int64_t *rsize, int red) {
    int i;
    T->ndim = T->nr = 0; T->red = red;
    for (i = 0; i < ndim; i++)
        if (size[i] != 1) {
            T->size[T->ndim] = size[i];
            T->vars[T->ndim++] = ci__ix_newvar(L->A, &L->ixt, size[i], 0);
        }
    for (i = 0; i < nr; i++)
        if (rsize[i] != 1) {
            T->rsize[T->nr] = rsize[i];
            T->rvars[T->nr++] = ci__ix_newvar(L->A, &L->ixt, rsize[i], 1);
        }
}

/* how k sits in tiling T: 1 a pointwise outside the reduction loops, 2 inside them (or a
   reduction), 0 not at all */
static int ci__sched_role(const ci__ir_tiling *T, const ci__kernel *k) {
    int64_t no = ci__ir_numel(T->ndim, T->size), nr = ci__ir_numel(T->nr, T->rsize),
            kn = ci__ir_numel(k->ndim, k->size);
    if (k->kind == CI__K_REDUCTION)
        return (T->red && kn == no && ci__ir_numel(k->nr, k->rsize) == nr) ? 2 : 0;
    if (kn == no) return 1;
    if (T->red && nr > 1 && kn == no * nr) return 2;
    return 0;
}

static ci__v *ci__sched_v_acc(ci__L *L, ci__kernel *k) {
    ci__v c;
    memset(&c, 0, sizeof c);
    c.op = CI__V_ACC;
    c.buf = k->out;
    c.i = k->id;
    c.dt = (k->rtype == CI__RED_ARGMAX || k->rtype == CI__RED_ARGMIN)
                   ? CI_I64
                   : ci__dtype_opmath(k->out->dt);
    return ci__ir_v_intern(L, &c);
}

/* loads from the group's own buffers become the producers' values */
typedef struct ci__sched_fuse {
    ci__L *L;
    ci__kernel *k;
    int trial, inline_phase;    /* inline_phase < 0: recompute every pointwise producer */
    int costly;                 /* a producer that is not cheap was recomputed */
    const char *why;
    ci__ix_smap s;                /* indirect variables whose values changed */
    ci__ir_vmemo memo;
} ci__sched_fuse;
static ci__v *ci__sched_fuse_one(ci__sched_fuse *F, ci__v *v) {
    ci__L *L = F->L;
    ci__v *r = ci__ir_rebuild(L, v, &F->s, &F->memo);
    if (r->op == CI__V_LOAD && r->buf->producer && r->buf->producer->trial == F->trial &&
        r->buf->producer != F->k) {
        ci__kernel *q = r->buf->producer;
        if (r->ix != q->st_ix) {
            if (!F->why) {
                char *w = (char *)ci__arena_alloc(L->A, 160);
                snprintf(w, 160,
                         "it reads %s at another element than the one %s writes in the same "
                         "iteration",
                         r->buf->name, q->name);
                F->why = w;
            }
        } else if (q->kind == CI__K_REDUCTION) r = q->acc;
        else if (F->inline_phase < 0 || q->cheap || q->phase == F->inline_phase) {
            r = q->gbody;
            F->costly |= !q->cheap;
        }
    }
    ci__ir_vmemo_put(L, &F->memo, v, r);
    return r;
}

static ci__v *ci__sched_fuse_rec(ci__sched_fuse *F, ci__v *v) {
    ci__ir_vwalk w;
    ci__v *x;
    ci__ir_vw_open(F->L, &w);
    ci__ir_vw_push(&w, v, 0);
    while ((x = ci__ir_vw_next_memo(&w, &F->memo)) != NULL) ci__sched_fuse_one(F, x);
    ci__ir_vw_close(&w);
    return ci__ir_vmemo_get(&F->memo, v);
}

/* does v call a transcendental function (exp, erf, tanh, pow ...)? Recomputing those in a
   later loop costs more than storing the value and loading it again */
static int ci__sched_v_calls_libm(ci__L *L, ci__v *v, int *marks) {
    ci__ir_vwalk w;
    int epoch = L->epoch, r = 0;
    ci__ir_vw_open(L, &w);
    ci__ir_vw_push(&w, v, 0);
    while (!r && (v = ci__ir_vw_next(&w, marks, epoch)) != NULL)
        r = v->op == CI__V_SIGMOID ||
            (ci__ir_vop_cf32[v->op] && ci__dtype_is_float(v->dt) && v->op != CI__V_ABS &&
             v->op != CI__V_SQRT && v->op != CI__V_FLOOR && v->op != CI__V_CEIL &&
             v->op != CI__V_TRUNC && v->op != CI__V_ROUND && v->op != CI__V_FMAX &&
             v->op != CI__V_FMIN && v->op != CI__V_COPYSIGN && v->op != CI__V_FMA);
    ci__ir_vw_close(&w);
    return r;
}

/* the phase a body needs: after the loops of the reductions it uses, with the memory loads
   of in-group buffers it keeps */
/* (remembered per value for the trial: a member's body holds the bodies of the members it
   recomputes, whose phases are known, so each value is looked at once per trial) */
static int ci__sched_fuse_phase_rec(ci__L *L, ci__v *v, int trial) {
    ci__ir_vwalk w;
    ci__v *root = v;
    int i, p;
    if (L->phase_cap < L->vt.n) {
        size_t oc = sizeof(int) * (size_t)L->phase_cap;
        size_t nc = sizeof(int) * (size_t)(L->vt.n * 2 + 64);
        L->phase_of = (int *)ci__arena_grow(L->A, L->phase_of, oc, nc);
        L->phase_trial = (int *)ci__arena_grow(L->A, L->phase_trial, oc, nc);
        L->phase_cap = L->vt.n * 2 + 64;
    }
    /* (phase_trial marks the values of this trial; a value's operands are done before it) */
    ci__ir_vw_open(L, &w);
    ci__ir_vw_push(&w, v, 0);
    while ((v = ci__ir_vw_next_post(&w, L->phase_trial, trial)) != NULL) {
        p = 0;
        if (v->op == CI__V_ACC) p = ((ci__kernel *)L->kernels.v[v->i])->phase + 1;
        else if (v->op == CI__V_LOAD && v->buf->producer && v->buf->producer->trial == trial)
            p = v->buf->producer->phase;
        for (i = 0; i < v->n; i++) if (L->phase_of[v->a[i]->id] > p) p = L->phase_of[v->a[i]->id];
        L->phase_of[v->id] = p;
    }
    ci__ir_vw_close(&w);
    return L->phase_of[root->id];
}

static void ci__sched_red_loads(ci__L *L, ci__v *v, int trial, int *marks, const ci__kernel *k,
                                char *outer) {
    ci__ir_vwalk w;
    int d, epoch = L->epoch;
    ci__ir_vw_open(L, &w);
    ci__ir_vw_push(&w, v, 0);
    while ((v = ci__ir_vw_next(&w, marks, epoch)) != NULL)
        if (v->op == CI__V_LOAD && v->buf->producer && v->buf->producer->trial == trial &&
            v->buf->producer->kind == CI__K_REDUCTION)
            for (d = 0; d < k->ndim; d++) if (ci__ix_has_var(v->ix, k->vars[d]->var)) outer[d] = 1;
    ci__ir_vw_close(&w);
}

/* a pointwise inside the reduction loops whose dims that index the group's reduction results
   are not its leading ones (softmax over dim 0): those dims follow the outer variables, the
   others the reduction variables. 0 when the plain row-major split is the one to use. */
static int ci__sched_outer_dims(ci__L *L, const ci__kernel *k, int trial, const ci__ir_tiling *T,
                                ci__ix **e, ci__ix *flat_o, ci__ix *flat_r) {
    char outer[CI_MAX_DIMS] = {0};
    int d, no = 0, nr = 0, prefix = 1, seen_inner = 0;
    int64_t so[CI_MAX_DIMS], sr[CI_MAX_DIMS], po = 1;
    ci__ix *eo[CI_MAX_DIMS], *er[CI_MAX_DIMS];
    ci__sched_red_loads(L, k->body, trial, ci__ir_marks(L), k, outer);
    for (d = 0; d < k->ndim; d++) {
        if (k->size[d] == 1) continue;
        if (outer[d]) {
            so[no++] = k->size[d];
            po *= k->size[d];
            if (seen_inner) prefix = 0;
        } else {
            sr[nr++] = k->size[d];
            seen_inner = 1;
        }
    }
    if (!no || prefix || po != ci__ir_numel(T->ndim, T->size)) return 0;
    ci__sched_ix_unflat(L, flat_o, no, so, eo);
    ci__sched_ix_unflat(L, flat_r, nr, sr, er);
    for (d = 0, no = 0, nr = 0; d < k->ndim; d++)
        e[d] = k->size[d] == 1 ? ci__ix_const(L->A, &L->ixt, 0) : outer[d] ? eo[no++] : er[nr++];
    return 1;
}

/* place k in tiling T after the members already placed in this trial; 0 and *why if it cannot be */
static int ci__sched_place(ci__L *L, const ci__ir_tiling *T, ci__kernel *k, int trial,
                           const char **why) {
    int role = ci__sched_role(T, k), i, pass;
    ci__ix *e[CI_MAX_DIMS], *flat_o, *flat_r;
    ci__ix_smap s;
    ci__v *body;
    ci__sched_fuse F;
    if (!role) {
        char *w = (char *)ci__arena_alloc(L->A, 200);
        if (k->kind == CI__K_REDUCTION)
            snprintf(w, 200,
                     "different iteration spaces: %s reduces %lld elements over %lld, the fused "
                     "kernel %lld x %lld",
                     k->name, (long long)ci__ir_numel(k->ndim, k->size),
                     (long long)ci__ir_numel(k->nr, k->rsize),
                     (long long)ci__ir_numel(T->ndim, T->size),
                     (long long)ci__ir_numel(T->nr, T->rsize));
        else
            snprintf(w, 200,
                     "different iteration spaces: %s computes %lld elements, the fused kernel %lld "
                     "x %lld",
                     k->name, (long long)ci__ir_numel(k->ndim, k->size),
                     (long long)ci__ir_numel(T->ndim, T->size),
                     (long long)ci__ir_numel(T->nr, T->rsize));
        *why = w;
        return 0;
    }
    memset(&s, 0, sizeof s);
    s.A = L->A;
    flat_o = ci__sched_ix_flat(L, T->ndim, T->vars, T->size);
    flat_r = ci__sched_ix_flat(L, T->nr, T->rvars, T->rsize);
    if (!ci__sched_fusible(k)) {   /* alone, over its own variables */
        CI__ASSERT(T->ndim == k->ndim && (!k->ndim || T->vars[0] == k->vars[0]));
        role = 2 - (k->kind == CI__K_POINTWISE);
    } else if (k->kind == CI__K_REDUCTION) {
        ci__sched_ix_unflat(L, flat_o, k->ndim, k->size, e);
        for (i = 0; i < k->ndim; i++) ci__ix_smap_set(&s, k->vars[i]->var, e[i]);
        ci__sched_ix_unflat(L, flat_r, k->nr, k->rsize, e);
        for (i = 0; i < k->nr; i++) ci__ix_smap_set(&s, k->rvars[i]->var, e[i]);
    } else if (role == 2 && ci__sched_outer_dims(L, k, trial, T, e, flat_o, flat_r)) {
        for (i = 0; i < k->ndim; i++) ci__ix_smap_set(&s, k->vars[i]->var, e[i]);
    } else {
        ci__ix *flat = role == 1 ? flat_o
                                 : ci__ix_add(L->A, &L->ixt,
                                              ci__ix_scale(L->A, &L->ixt, flat_o,
                                                           ci__ir_numel(T->nr, T->rsize)),
                                              flat_r);
        ci__sched_ix_unflat(L, flat, k->ndim, k->size, e);
        for (i = 0; i < k->ndim; i++) ci__ix_smap_set(&s, k->vars[i]->var, e[i]);
    }
    k->inner = role == 2;
    body = ci__ir_v_subst(L, k->body, &s);
    k->st_ix = ci__ix_subst(L->A, &L->ixt, ci__ir_buf_index(L, k->out, k->vars), &s);
    /* pass 0 recomputes every pointwise producer, which gives the latest phase this kernel
       can need; pass 1 (only when pass 0 met a costly one) recomputes the costly ones only in
       that phase, else loads them */
    F.inline_phase = -1;
    for (pass = 0; pass < 2; pass++) {
        F.L = L;
        F.k = k;
        F.trial = trial;
        F.why = NULL;
        F.costly = 0;
        memset(&F.s, 0, sizeof F.s);
        F.s.A = L->A;
        ci__ir_vmemo_init(L, &F.memo);
        k->gbody = ci__sched_fuse_rec(&F, body);
        if (F.why) { *why = F.why; return 0; }
        k->phase = ci__sched_fuse_phase_rec(L, k->gbody, trial);
        if (F.inline_phase >= 0 || !F.costly) break;
        F.inline_phase = k->phase;
    }
    {
        ci__ir_vstats st =
                ci__ir_v_stats_upto(L, k->gbody, CI__IR_REALIZE_OPCOUNT, CI__IR_REALIZE_ACC_READS);
        k->cheap = st.ops <= CI__IR_REALIZE_OPCOUNT && st.reads <= CI__IR_REALIZE_ACC_READS &&
                   (L->gpu || !ci__sched_v_calls_libm(L, k->gbody, ci__ir_marks(L)));
    }
    k->acc = k->kind == CI__K_REDUCTION ? ci__sched_v_acc(L, k) : NULL;
    k->trial = trial;
    return 1;
}

static ci__group *ci__sched_group_new(ci__L *L, ci__kernel *k) {
    ci__group *g = CI__NEW(L->A, ci__group);
    g->id = L->groups.n;
    ci__vec_push(L->A, &L->groups, g);
    ci__vec_push(L->A, &g->m, k);
    k->grp = g;
    g->fused = k->kind == CI__K_POINTWISE || k->kind == CI__K_REDUCTION;
    if (g->fused && !ci__sched_fusible(k)) { /* no elements: its own variables, joined by nothing */
        int i;
        g->t.ndim = k->ndim;
        g->t.nr = k->nr;
        g->t.red = k->kind == CI__K_REDUCTION;
        for (i = 0; i < k->ndim; i++) { g->t.size[i] = k->size[i]; g->t.vars[i] = k->vars[i]; }
        for (i = 0; i < k->nr; i++) { g->t.rsize[i] = k->rsize[i]; g->t.rvars[i] = k->rvars[i]; }
    } else if (g->fused)
        ci__sched_tiling_set(L, &g->t, k->ndim, k->size, k->nr, k->rsize,
                             k->kind == CI__K_REDUCTION);
    return g;
}

/* can g take k? (on success k is in g) The members are placed again only when the tiling
   changes (a reduction joins a pointwise group) or the last attempt left them half placed:
   otherwise their placement in g->trial stands, and only k is placed after them. */
static int ci__sched_group_fit(ci__L *L, ci__group *g, ci__kernel *k, const char **why) {
    ci__ir_tiling T = g->t;
    int trial = g->trial, i;
    if (g->m.n >= CI__SCHED_FUSE_MAX) {
        *why = "the fused kernel has reached its size limit (64 members)";
        return 0;
    }
    if (k->kind == CI__K_REDUCTION && !T.red) {
        ci__sched_tiling_set(L, &T, k->ndim, k->size, k->nr, k->rsize, 1);
        trial = 0;
    }
    if (!trial) {
        g->trial = 0;   /* (until every member is placed again) */
        trial = ++L->trials;
        for (i = 0; i < g->m.n; i++)
            if (!ci__sched_place(L, &T, (ci__kernel *)g->m.v[i], trial, why)) return 0;
    }
    if (!ci__sched_place(L, &T, k, trial, why)) return 0;
    g->trial = trial;
    g->t = T;
    ci__vec_push(L->A, &g->m, k);
    k->grp = g;
    return 1;
}

typedef struct ci__sched_readset { ci__L *L; ci__vec v; } ci__sched_readset;
static void ci__sched_readset_add(ci__buf *b, void *user) {
    ci__sched_readset *r = (ci__sched_readset *)user;
    int i;
    for (i = 0; i < r->v.n; i++) if (r->v.v[i] == b) return;
    ci__vec_push(r->L->A, &r->v, b);
}

/* (the pairs noted so far are an open-addressing set, unf_set, of indices + 1 into unfused) */
static uint32_t ci__sched_unfused_hash(const ci__kernel *from, const ci__kernel *to) {
    return ((uint32_t)from->id * 2654435761u) ^ ((uint32_t)to->id * 40503u);
}

static void ci__sched_unfused_note(ci__L *L, ci__kernel *from, ci__kernel *to, const char *why) {
    ci__ir_unfused *u;
    int i, m;
    if ((L->unfused.n + 1) * 2 > L->unf_cap) {
        int nc = L->unf_cap ? L->unf_cap * 2 : 64;
        int *ns = CI__NEWN(L->A, int, nc);
        for (i = 0; i < L->unfused.n; i++) {
            ci__ir_unfused *o = (ci__ir_unfused *)L->unfused.v[i];
            for (m = (int)(ci__sched_unfused_hash(o->from, o->to) & (uint32_t)(nc - 1)); ns[m];
                 m = (m + 1) & (nc - 1)) {
            }
            ns[m] = i + 1;
        }
        L->unf_set = ns; L->unf_cap = nc;
    }
    for (m = (int)(ci__sched_unfused_hash(from, to) & (uint32_t)(L->unf_cap - 1)); L->unf_set[m];
         m = (m + 1) & (L->unf_cap - 1)) {
        ci__ir_unfused *o = (ci__ir_unfused *)L->unfused.v[L->unf_set[m] - 1];
        if (o->from == from && o->to == to) return;
    }
    u = CI__NEW(L->A, ci__ir_unfused);
    u->from = from;
    u->to = to;
    u->why = why;
    ci__vec_push(L->A, &L->unfused, u);
    L->unf_set[m] = L->unfused.n;
}

static const char *ci__sched_barrier_why(ci__L *L, const ci__kernel *k) {
    char *w = (char *)ci__arena_alloc(L->A, 120);
    snprintf(w, 120, "%s is %s", k->name,
             k->kind == CI__K_EXTERN ? "an extern kernel (a scheduling barrier)"
             : k->kind == CI__K_SCAN ? "a scan (a scheduling barrier)"
             : k->kind == CI__K_SCATTER
                     ? (k->disjoint ? "a slice of a concat (a scheduling barrier)"
                                    : "a scatter (a scheduling barrier)")
                     : "empty (no elements)");
    return w;
}

/* group the live kernels; fuse = 0 keeps one kernel per buffer */
static void ci__sched_run(ci__L *L, int fuse) {
    int i, j, c;
    for (i = 0; i < L->kernels.n; i++) {
        ci__kernel *k = (ci__kernel *)L->kernels.v[i], *from[64];
        ci__sched_readset rs;
        ci__group *g = NULL;
        const char *gwhy[64];
        int maxprod = -1, nfrom = 0, lo;
        if (!k->live) continue;
        rs.L = L; memset(&rs.v, 0, sizeof rs.v);
        ci__sched_kernel_reads(L, k, ci__sched_readset_add, &rs);
        for (j = 0; j < rs.v.n; j++) {
            ci__kernel *q = ((ci__buf *)rs.v.v[j])->producer;
            if (!q || !q->grp) continue;
            if (q->grp->id > maxprod) maxprod = q->grp->id;
            if (nfrom < 64) { gwhy[nfrom] = NULL; from[nfrom++] = q; }
        }
        if (fuse && ci__sched_fusible(k)) {
            lo = L->groups.n - CI__SCHED_FUSE_LOOKBACK;
            if (lo < maxprod) lo = maxprod;
            if (lo < 0) lo = 0;
            for (c = L->groups.n - 1; c >= lo && !g; c--) {
                ci__group *cand = (ci__group *)L->groups.v[c];
                int share = 0, t, u;
                const char *why = NULL;
                if (!cand->fused || !ci__sched_fusible((ci__kernel *)cand->m.v[0])) continue;
                for (t = 0; t < rs.v.n && !share; t++) {
                    ci__kernel *q = ((ci__buf *)rs.v.v[t])->producer;
                    if (q && q->grp == cand) share = 1;
                    for (u = 0; u < cand->reads.n && !share; u++)
                        share = cand->reads.v[u] == rs.v.v[t];
                }
                if (!share) continue;
                if (ci__sched_group_fit(L, cand, k, &why)) g = cand;
                else
                    for (t = 0; t < nfrom; t++)
                        if (from[t]->grp == cand && !gwhy[t]) gwhy[t] = why;
            }
        }
        if (!g) g = ci__sched_group_new(L, k);
        {   /* the group's read set grows by k's reads */
            ci__sched_readset gr;
            gr.L = L; gr.v = g->reads;
            for (j = 0; j < rs.v.n; j++) ci__sched_readset_add((ci__buf *)rs.v.v[j], &gr);
            g->reads = gr.v;
        }
        for (j = 0; j < nfrom; j++) {
            ci__kernel *q = from[j];
            const char *why = gwhy[j];
            if (q->grp == k->grp) continue;
            if (!fuse) why = "fusion is off";
            else if (!ci__sched_fusible(q)) why = ci__sched_barrier_why(L, q);
            else if (!ci__sched_fusible(k)) why = ci__sched_barrier_why(L, k);
            else if (!why && q->grp->id < maxprod) {
                char *w = (char *)ci__arena_alloc(L->A, 256);
                ci__group *mg = (ci__group *)L->groups.v[maxprod];
                snprintf(
                        w, 256,
                        "%s also reads what %s makes, which runs later (fusing would make a cycle)",
                        k->name, ((ci__kernel *)mg->m.v[0])->name);
                why = w;
            } else if (!why) why = "too far apart in the kernel order";
            ci__sched_unfused_note(L, q, k, why);
        }
    }
}

/* the final placement of every group; which buffers go to memory and which members run */
typedef struct ci__sched_needctx { ci__L *L; int changed; } ci__sched_needctx;
static void ci__sched_need_store(ci__buf *b, void *user) {
    ci__sched_needctx *C = (ci__sched_needctx *)user;
    ci__kernel *q = b->producer;
    b->needed = 1;
    if (q && q->grp && q->grp->fused && !q->store) { q->store = q->emit = 1; C->changed = 1; }
}

static void ci__sched_need_accs(ci__L *L, ci__v *v, int *marks, ci__sched_needctx *C) {
    ci__ir_vwalk w;
    int epoch = L->epoch;
    ci__ir_vw_open(L, &w);
    ci__ir_vw_push(&w, v, 0);
    while ((v = ci__ir_vw_next(&w, marks, epoch)) != NULL)
        if (v->op == CI__V_ACC) {
            ci__kernel *q = (ci__kernel *)L->kernels.v[v->i];
            if (!q->emit) { q->emit = 1; C->changed = 1; }
        }
    ci__ir_vw_close(&w);
}

static void ci__sched_finish(ci__L *L) {
    int i, j;
    ci__sched_needctx C;
    for (i = 0; i < L->groups.n; i++) {
        ci__group *g = (ci__group *)L->groups.v[i];
        int trial = ++L->trials;
        const char *why = NULL;
        g->nphase = 1;
        for (j = 0; j < g->m.n; j++) {
            ci__kernel *k = (ci__kernel *)g->m.v[j];
            k->store = k->emit = 0;
            if (!g->fused) { k->emit = 1; continue; }
            if (!ci__sched_place(L, &g->t, k, trial, &why)) CI__ASSERT(0);
            if (k->phase + 1 > g->nphase) g->nphase = k->phase + 1;
            if (k->out->output_index >= 0 || k->out->pinned) k->store = k->emit = 1;
        }
        if (g->nphase > L->maxphase) L->maxphase = g->nphase;
        if (g->m.n > L->maxmembers) L->maxmembers = g->m.n;
    }
    for (i = 0; i < L->bufs.n; i++) {
        ci__buf *b = (ci__buf *)L->bufs.v[i];
        b->needed = b->output_index >= 0;
    }
    /* what the running members read must exist; iterate until nothing more is needed */
    /* (backwards: what a member needs is made before it, so one pass settles nearly all) */
    C.L = L;
    do {
        C.changed = 0;
        for (i = L->groups.n - 1; i >= 0; i--) {
            ci__group *g = (ci__group *)L->groups.v[i];
            for (j = g->m.n - 1; j >= 0; j--) {
                ci__kernel *k = (ci__kernel *)g->m.v[j];
                if (!k->emit) continue;
                ci__sched_kernel_reads(L, k, ci__sched_need_store, &C);
                if (g->fused) ci__sched_need_accs(L, k->gbody, ci__ir_marks(L), &C);
            }
        }
    } while (C.changed);
    for (i = 0; i < L->groups.n; i++) {
        ci__group *g = (ci__group *)L->groups.v[i];
        g->live = 0;
        for (j = 0; j < g->m.n; j++) {
            ci__kernel *k = (ci__kernel *)g->m.v[j];
            g->live |= k->emit;
            if (!k->emit) continue;
            if (k->kind == CI__K_EXTERN) {
                int o;
                for (o = 0; o < k->nout; o++) k->outs[o]->needed = 1;
            } else if (!g->fused || k->store)
                k->out->needed = 1;
        }
        ci__sched_group_name(L, g);
    }
}

/* the scheduling pass: kernels named, dead ones dropped, then fused (the fusion's substitution
   memos in scratch) and finished */
static void ci__sched_kernels(ci__L *L, int fuse) {
    int i;
    for (i = 0; i < L->kernels.n; i++) ci__sched_kernel_name(L, (ci__kernel *)L->kernels.v[i]);
    ci__sched_eliminate_dead(L);
    ci__lower_scratch(L);
    ci__sched_run(L, fuse);
    ci__sched_finish(L);
    ci__lower_free_scratch(L);
}

/* ---------------------------------------------------------------------------------------
   >>plan  where every buffer lives when a program runs
   A program has one pointer table B[]: inputs first (in declaration order), then outputs,
   then constants, the random ops' seed and intermediates, and last the run-time error record
   that run-time checks fill (ci__rterr: which check failed, with what). Intermediates live in
   one arena sized at compile time, so running
   allocates nothing: each is live from the first fused kernel that writes it to the last
   that reads it, and takes the lowest 64-byte aligned offset that no buffer live at the same
   time holds (first fit), so dead buffers' memory is used again. Buffers are placed in order
   of their first kernel against the set of those still live, so planning is linear in the
   number of buffers (times the live ones). The program (struct ci_program) is laid out here
   and filled in by ci__plan_program: the pointer table, the kernel list, the arena.
   --------------------------------------------------------------------------------------- */
/* The program: what the plan lays out and ci_program_run reads (>>rt runs it). */
struct ci_program {
    ci_ctx *ctx;
    double run_ms;                    /* ci_program_last_run_ms */
    ci__arena *A;
    ci__err E;
    ci__L *L;
    int nin, nout, nslots, nkernels, num_threads;
    ci_dtype *in_dt, *out_dt;
    int *in_nd, *out_nd;
    int64_t *in_shape, *out_shape;   /* CI_MAX_DIMS per entry */
    void **B;
    char *arena_raw;
    size_t arena_size, arena_raw_size;
    ci__group **kernels;              /* the live fused kernels, in order */
    const ci__backend *be;            /* its entry in ci__rt_backends (>>rt) */
    void *be_data;                    /* the backend's own, made by be->compile */
    const char *source;
    int *src_lines;                   /* the first line of each kernel in source */
    int failed_extern;
    int has_arena;                    /* the arena's pointers are in B[] */
    ci__rterr run_error;              /* set by generated code: the first failing run-time check */
    long long seed;                   /* random ops read it through their seed slot */
    ci__rt_pool *pool;                   /* the thread pool, where started (>>rt) */
    int cuda_device;                  /* CUDA: the GPU's ordinal (desc.device_index) */
    const char *cuda_cache;           /* CUDA: the CUBIN cache directory (desc.cache_dir) */
};
typedef struct ci__plan { int nslots; size_t arena_size; } ci__plan;
static void ci__plan_touch(ci__buf *b, void *user) {
    int g = *(int *)user;
    if (b->def < 0 || g < b->def) b->def = g;
    if (g > b->last) b->last = g;
}

static int ci__plan_cmp(const void *a, const void *b) {
    const ci__buf *x = *(ci__buf *const *)a, *y = *(ci__buf *const *)b;
    if (x->def != y->def) return x->def < y->def ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

static int ci__plan_member_order(const ci__group *g, const ci__kernel *k) {
    int j;
    for (j = 0; j < g->m.n; j++) if (g->m.v[j] == k) return j;
    return -1;
}

/* what the running members of group g read, walked once per group (not once per candidate
   pair): for each buffer (by id), the last member reading it (by loop, then position) and the
   index every read of it uses (NULL when they differ) */
typedef struct ci__plan_reads { int group, *stamp, *key, *j; ci__ix **ix; } ci__plan_reads;
static void ci__plan_group_reads(ci__L *L, ci__plan_reads *R, const ci__group *g) {
    int j, n = L->bufs.n + 1;
    if (!R->stamp) {
        R->stamp = CI__NEWN(L->A, int, n);
        R->key = CI__NEWN(L->A, int, n);
        R->j = CI__NEWN(L->A, int, n);
        R->ix = CI__NEWN(L->A, ci__ix *, n);
    }
    if (R->group == g->id + 1) return;
    R->group = g->id + 1;
    for (j = 0; j < g->m.n; j++) {
        const ci__kernel *m = (const ci__kernel *)g->m.v[j];
        int key = 2 * m->phase + m->inner, *marks, epoch;
        ci__ir_vwalk w;
        ci__v *v;
        if (!m->emit) continue;
        marks = ci__ir_marks(L); epoch = L->epoch;
        ci__ir_vw_open(L, &w);
        ci__ir_vw_push(&w, m->gbody, 0);
        while ((v = ci__ir_vw_next(&w, marks, epoch)) != NULL) {
            int id;
            if (v->op != CI__V_LOAD) continue;
            id = v->buf->id;
            if (R->stamp[id] != R->group) {
                R->stamp[id] = R->group;
                R->key[id] = key;
                R->j[id] = j;
                R->ix[id] = v->ix;
                continue;
            }
            if (key > R->key[id] || (key == R->key[id] && j > R->j[id])) {
                R->key[id] = key;
                R->j[id] = j;
            }
            if (R->ix[id] != v->ix) R->ix[id] = NULL;
        }
        ci__ir_vw_close(&w);
    }
}

/* can b be written over d? b is made by a fused kernel where d is read for the last time;
   every read of d there is of the element b's kernel writes, and comes before that write (in
   an earlier loop, or earlier in the same loop, or in b's kernel itself) */
static int ci__plan_in_place(ci__L *L, ci__plan_reads *R, const ci__buf *b, const ci__buf *d) {
    const ci__kernel *kb = b->producer;
    const ci__group *g;
    int kkey, kidx;
    if (d->last != b->def || d->inplace_by || d->pinned || b->pinned || d->numel != b->numel ||
        !b->numel || ci__dtype_tab[d->dt].size != ci__dtype_tab[b->dt].size || !kb || !kb->grp ||
        !kb->grp->fused || kb->grp->id != b->def || !kb->store)
        return 0;
    g = kb->grp;
    kkey = 2 * kb->phase + kb->inner;
    kidx = ci__plan_member_order(g, kb);
    ci__plan_group_reads(L, R, g);
    if (R->stamp[d->id] != R->group) return 1;
    /* every read of d is of the element kb writes, and comes before kb writes it */
    return R->ix[d->id] == kb->st_ix &&
           (R->key[d->id] < kkey || (R->key[d->id] == kkey && R->j[d->id] <= kidx));
}

static ci__plan ci__plan_buffers(ci__L *L, int nin, int nout) {
    ci__plan p;
    int i, j, next = nin + nout, n = 0;
    ci__buf **list = CI__NEWN(L->A, ci__buf *, L->bufs.n + 1);
    p.arena_size = 0;
    for (i = 0; i < L->bufs.n; i++) {
        ci__buf *b = (ci__buf *)L->bufs.v[i];
        b->slot = -1;
        b->def = -1;
        b->last = -1;
        b->inplace_of = b->inplace_by = NULL;
        if (!b->needed) continue;
        if (b->output_index >= 0) b->slot = nin + b->output_index;
        else if (b->kind == CI__BUF_INPUT) b->slot = b->input_index;
        else {
            b->slot = next++;
            if (b->kind == CI__BUF_COMPUTED) list[n++] = b;
        }
    }
    /* live ranges, in fused kernels */
    for (i = 0; i < L->groups.n; i++) {
        ci__group *g = (ci__group *)L->groups.v[i];
        for (j = 0; j < g->m.n; j++) {
            ci__kernel *k = (ci__kernel *)g->m.v[j];
            if (!k->emit) continue;
            ci__sched_kernel_reads(L, k, ci__plan_touch, &i);
            if (k->kind == CI__K_EXTERN) {
                int o;
                for (o = 0; o < k->nout; o++) ci__plan_touch(k->outs[o], &i);
            } else if (!g->fused || k->store)
                ci__plan_touch(k->out, &i);
        }
    }
    qsort(list, (size_t)n, sizeof *list, ci__plan_cmp);
    {
        /* Buffers come in order of their first kernel, so the ones placed earlier whose lives
           overlap b's are those still live at b->def: the live set, kept sorted by offset (a
           buffer leaves it once dead). dying[g] lists, in placement order, the placed buffers
           whose last kernel is g: the only candidates to be written over in place. */
        ci__buf **live = CI__NEWN(L->A, ci__buf *, n + 1);
        int *dnext = CI__NEWN(L->A, int, n + 1), *dhead = CI__NEWN(L->A, int, L->groups.n + 1);
        int *dtail = CI__NEWN(L->A, int, L->groups.n + 1);
        int nlive = 0, minlast = INT_MAX, k;
        ci__plan_reads R;
        memset(&R, 0, sizeof R);
        for (j = 0; j <= L->groups.n; j++) dhead[j] = dtail[j] = -1;
        for (i = 0; i < n; i++) {
            ci__buf *b = list[i], *d;
            size_t bytes = ((size_t)b->numel * ci__dtype_tab[b->dt].size + 63) & ~(size_t)63,
                   off = 0;
            int lo, hi;
            if (b->def < 0) b->def = b->last = 0;
            if (minlast < b->def) {   /* the dead leave the live set */
                minlast = INT_MAX;
                for (j = k = 0; j < nlive; j++)
                    if (live[j]->last >= b->def) {
                        live[k++] = live[j];
                        if (live[j]->last < minlast) minlast = live[j]->last;
                    }
                nlive = k;
            }
            d = NULL;
            for (j = b->def <= L->groups.n ? dhead[b->def] : -1; j >= 0;
                 j = dnext[j]) /* in place of a buffer that dies where b is made */
                if (ci__plan_in_place(L, &R, b, list[j])) { d = list[j]; break; }
            if (d) {
                b->arena_off = d->arena_off;
                b->inplace_of = d;
                d->inplace_by = b;
            } else {
                /* first fit: the lowest offset where b overlaps no live buffer */
                for (j = 0; j < nlive && bytes; j++) {
                    ci__buf *o = live[j];
                    size_t ob = ((size_t)o->numel * ci__dtype_tab[o->dt].size + 63) & ~(size_t)63;
                    if (!ob) continue;
                    if (o->arena_off >= off + bytes) break;
                    if (o->arena_off + ob > off) off = o->arena_off + ob;
                }
                b->arena_off = off;
                if (off + bytes > p.arena_size) p.arena_size = off + bytes;
            }
            /* into the live set, by offset (after equal offsets) */
            for (lo = 0, hi = nlive; lo < hi;) {
                int mid = (lo + hi) / 2;
                if (live[mid]->arena_off <= b->arena_off) lo = mid + 1; else hi = mid;
            }
            memmove(live + lo + 1, live + lo, sizeof(ci__buf *) * (size_t)(nlive - lo));
            live[lo] = b; nlive++;
            if (b->last < minlast) minlast = b->last;
            dnext[i] = -1;
            if (b->last >= 0 && b->last <= L->groups.n) {
                if (dtail[b->last] < 0) dhead[b->last] = i; else dnext[dtail[b->last]] = i;
                dtail[b->last] = i;
            }
        }
    }
    p.nslots = next;
    return p;
}

/* the plan pass: slots and the arena's layout, then the program's pointer table (seed and
   constants filled in, copies of the constants in the program's arena), its list of live
   kernels and, unless the user gives one, its arena */
static void ci__plan_program(ci_program *p, int user_arena) {
    ci__L *L = p->L;
    ci__plan plan = ci__plan_buffers(L, p->nin, p->nout);
    int i, nk = 0;
    p->nslots = plan.nslots;
    p->arena_size = plan.arena_size;
    p->B = CI__NEWN(p->A, void *, plan.nslots + 1);
    L->err_slot = plan.nslots;
    p->B[plan.nslots] = &p->run_error;
    for (i = 0; i < L->groups.n; i++) nk += ((ci__group *)L->groups.v[i])->live;
    p->nkernels = nk;
    p->kernels = CI__NEWN(p->A, ci__group *, nk + 1);
    for (i = 0, nk = 0; i < L->groups.n; i++)
        if (((ci__group *)L->groups.v[i])->live) p->kernels[nk++] = (ci__group *)L->groups.v[i];
    for (i = 0; i < L->bufs.n; i++) {
        ci__buf *b = (ci__buf *)L->bufs.v[i];
        if (b->slot < 0 || b->kind == CI__BUF_INPUT || b->output_index >= 0) continue;
        if (b->kind == CI__BUF_SEED) {
            p->B[b->slot] = &p->seed;
        } else if (b->kind == CI__BUF_CONST) {
            size_t bytes = (size_t)b->numel * ci__dtype_tab[b->dt].size;
            void *c = ci__arena_alloc(p->A, bytes);
            if (bytes) memcpy(c, b->data, bytes);
            p->B[b->slot] = c;
        }
    }
    if (!user_arena && ci_program_set_arena(p, NULL, 0) != CI_OK)
        CI__FAIL(L, CI_ERR_OUT_OF_MEMORY, "out of memory for the %zu-byte program arena",
                 plan.arena_size);
}

/* ---------------------------------------------------------------------------------------
   >>tile  tile primitives: vectorised loops over a tile of a kernel, and their math
   (being built: see issue 13). Compiled by the user's compiler with the header, they do the
   arithmetic of a kernel a tile (a few hundred elements of its innermost dim) at a time, for
   the generated C and the interpreter alike.
   --------------------------------------------------------------------------------------- */

/* ---------------------------------------------------------------------------------------
   >>cemit  kernel IR -> C source, one compile unit per graph
   The prelude declares the math functions (handed to TCC with tcc_add_symbol: no headers)
   and small helpers with PyTorch's semantics (floor division, NaN-propagating max/min,
   f16/bf16 conversion), only those the program names; each helper is C compiled here too
   (CI__CEMIT_DEF). Pointers are named after the graph's values. Each fused kernel becomes a
   function over a range of its outermost loop (so the runtime can split it across threads; a short
   first dim runs together with the second); inside, one block per phase: its pointwise members,
   then one loop over the reduction variables, then the reductions' results as locals. Values are
   emitted once each in topological order (the DAG is hash-consed, so that is CSE); a value used
   once is written inline into its user (TCC keeps an expression in registers, a temp on the stack)
   while inline texts nest at most CI__CEMIT_DEPTH values deep (deeper, a temp: TCC's parser
   cannot take a 1,000-deep expression); every walk over the value DAG keeps its own stack (a
   chain is as deep as it is long); values that do not depend on the reduction variables are
   hoisted out of the loop; sum, max, min and xor_sum loops are unrolled with one accumulator
   per copy. ci_main calls the kernels in order. Nothing here assumes the CPU but the prelude.
   --------------------------------------------------------------------------------------- */
typedef float (*ci__fn_F1)(float);
typedef double (*ci__fn_D1)(double);
typedef float (*ci__fn_F2)(float, float);
typedef double (*ci__fn_D2)(double, double);
typedef float (*ci__fn_F3)(float, float, float);
typedef double (*ci__fn_D3)(double, double, double);
typedef float (*ci__fn_FR)(long long, long long);
typedef double (*ci__fn_DR)(long long, long long);
typedef long long (*ci__fn_IR)(long long, long long, long long, long long);
/* the functions generated code calls, handed to TCC with tcc_add_symbol: X(name, kind, host fn) */
#define CI__CEMIT_LIBM_LIST(X) \
    X("expf", F1, expf) X("exp", D1, exp) X("logf", F1, logf) X("log", D1, log) \
    X("sqrtf", F1, sqrtf) X("sqrt", D1, sqrt) X("sinf", F1, sinf) X("sin", D1, sin) \
    X("cosf", F1, cosf) X("cos", D1, cos) X("tanhf", F1, tanhf) X("tanh", D1, tanh) \
    X("erff", F1, erff) X("erf", D1, erf) X("floorf", F1, floorf) X("floor", D1, floor) \
    X("ceilf", F1, ceilf) X("ceil", D1, ceil) X("truncf", F1, truncf) X("trunc", D1, trunc) \
    X("fabsf", F1, fabsf) X("fabs", D1, fabs) X("powf", F2, powf) X("pow", D2, pow) \
    X("fmodf", F2, fmodf) X("fmod", D2, fmod) \
    X("copysignf", F2, copysignf) X("copysign", D2, copysign) \
    X("exp2f", F1, exp2f) X("exp2", D1, exp2) X("expm1f", F1, expm1f) X("expm1", D1, expm1) \
    X("log1pf", F1, log1pf) X("log1p", D1, log1p) X("log2f", F1, log2f) X("log2", D1, log2) \
    X("log10f", F1, log10f) X("log10", D1, log10) X("tanf", F1, tanf) X("tan", D1, tan) \
    X("sinhf", F1, sinhf) X("sinh", D1, sinh) X("coshf", F1, coshf) X("cosh", D1, cosh) \
    X("asinf", F1, asinf) X("asin", D1, asin) X("acosf", F1, acosf) X("acos", D1, acos) \
    X("atanf", F1, atanf) X("atan", D1, atan) X("asinhf", F1, asinhf) X("asinh", D1, asinh) \
    X("acoshf", F1, acoshf) X("acosh", D1, acosh) X("atanhf", F1, atanhf) X("atanh", D1, atanh) \
    X("erfcf", F1, erfcf) X("erfc", D1, erfc) X("lgammaf", F1, lgammaf) X("lgamma", D1, lgamma) \
    X("rintf", F1, rintf) X("rint", D1, rint) \
    X("atan2f", F2, atan2f) X("atan2", D2, atan2) X("hypotf", F2, hypotf) X("hypot", D2, hypot) \
    X("nextafterf", F2, nextafterf) X("nextafter", D2, nextafter) \
    X("fmaxf", F2, fmaxf) X("fmax", D2, fmax) X("fminf", F2, fminf) X("fmin", D2, fmin) \
    X("fmaf", F3, fmaf) X("fma", D3, fma) \
    X("ci_erfinv_f", F1, ci__interp_erfinv_f) X("ci_erfinv_d", D1, ci__interp_erfinv_d) \
    X("ci_digamma_f", F1, ci__interp_digamma_f) X("ci_digamma_d", D1, ci__interp_digamma_d) \
    X("ci_i0_f", F1, ci__interp_i0_f) X("ci_i0_d", D1, ci__interp_i0_d) \
    X("ci_rand_f", FR, ci__interp_rand_f) X("ci_rand_d", DR, ci__interp_rand_d) \
    X("ci_randn_f", FR, ci__interp_randn_f) X("ci_randn_d", DR, ci__interp_randn_d) \
    X("ci_randint", IR, ci__interp_randint)

/* C prototypes for the generated code, one per kind */
static const char *ci__cemit_libm_proto(const char *kind) {
    if (!strcmp(kind, "F1")) return "float %s(float);\n";
    if (!strcmp(kind, "D1")) return "double %s(double);\n";
    if (!strcmp(kind, "F2")) return "float %s(float, float);\n";
    if (!strcmp(kind, "F3")) return "float %s(float, float, float);\n";
    if (!strcmp(kind, "D3")) return "double %s(double, double, double);\n";
    if (!strcmp(kind, "FR")) return "float %s(long long, long long);\n";
    if (!strcmp(kind, "DR")) return "double %s(long long, long long);\n";
    if (!strcmp(kind, "IR")) return "long long %s(long long, long long, long long, long long);\n";
    return "double %s(double, double);\n";
}

/* the math functions by name, with their kinds */
static const char *const ci__cemit_libm[][2] = {
#define CI__X(name, kind, fn) {name, #kind},
    CI__CEMIT_LIBM_LIST(CI__X)
#undef CI__X
};
#define CI__CEMIT_NLIBM ((int)(sizeof ci__cemit_libm / sizeof ci__cemit_libm[0]))
/* -- the prelude. Each helper is real C here, so the compiler checks it (and >>interp, >>linalg
   and >>rt call the conversions), and CI__CEMIT_DEF keeps its text for the generated code,
   where its name drops the host prefix (ci__cemit_x and ci__x become ci_x, CI__CEMIT_X becomes
   CI_X: ci__cemit_text). A program carries only the helpers and prototypes it names
   (ci__cemit_prelude). The text must stay C that TCC takes without headers: no macros. -- */
#define CI__CEMIT_DEF(id, ...) __VA_ARGS__ static const char ci__cemit_src_##id[] = #__VA_ARGS__;
#define CI__CEMIT_STR_(...) #__VA_ARGS__
#define CI__CEMIT_STR(...) CI__CEMIT_STR_(__VA_ARGS__)
/* ci_main's result, and the codes of the run-time error record (ci__rterr) */
CI__CEMIT_DEF(ci__cemit_codes, enum ci__cemit_code {
    CI__CEMIT_MAIN_OK = 0,
    CI__CEMIT_MAIN_EXTERN_FAILED = 1,
    CI__CEMIT_MAIN_CHECK_FAILED = 3,
    CI__CEMIT_CHECK_INDEX = 1,
    CI__CEMIT_CHECK_ZERODIV = 2
};)
CI__CEMIT_DEF(ci__cemit_floordiv_i64,
static long long ci__cemit_floordiv_i64(long long a, long long b) {
    long long q;
    if (b == 0 || b == -1) return b ? (long long)(0ull - (unsigned long long)a) : 0;
    q = a / b;
    return (a % b != 0) && ((a < 0) != (b < 0)) ? q - 1 : q;
})
CI__CEMIT_DEF(ci__cemit_truncdiv_i64,
static long long ci__cemit_truncdiv_i64(long long a, long long b) {
    if (b == 0 || b == -1) return b ? (long long)(0ull - (unsigned long long)a) : 0;
    return a / b;
})
CI__CEMIT_DEF(ci__cemit_mod_i64, static long long ci__cemit_mod_i64(long long a, long long b) {
    long long r = b == 0 || b == -1 ? 0 : a % b;
    return r != 0 && ((r < 0) != (b < 0)) ? r + b : r;
})
CI__CEMIT_DEF(ci__cemit_fmod_i64,
static long long ci__cemit_fmod_i64(long long a, long long b) {
    return b == 0 || b == -1 ? 0 : a % b;
})
CI__CEMIT_DEF(ci__cemit_min_i64,
static long long ci__cemit_min_i64(long long a, long long b) { return a < b ? a : b; })
CI__CEMIT_DEF(ci__cemit_max_i64,
static long long ci__cemit_max_i64(long long a, long long b) { return a > b ? a : b; })
/* NaN-propagating max/min, as torch.maximum */
CI__CEMIT_DEF(ci__cemit_max_f, static float ci__cemit_max_f(float a, float b) {
    return a != a ? a : (b != b ? b : (a > b ? a : b));
})
CI__CEMIT_DEF(ci__cemit_min_f, static float ci__cemit_min_f(float a, float b) {
    return a != a ? a : (b != b ? b : (a < b ? a : b));
})
CI__CEMIT_DEF(ci__cemit_max_d, static double ci__cemit_max_d(double a, double b) {
    return a != a ? a : (b != b ? b : (a > b ? a : b));
})
CI__CEMIT_DEF(ci__cemit_min_d, static double ci__cemit_min_d(double a, double b) {
    return a != a ? a : (b != b ? b : (a < b ? a : b));
})
/* Python's floor division of floats (PyTorch's div_floor) */
CI__CEMIT_DEF(ci__cemit_div_floor_f, static float ci__cemit_div_floor_f(float a, float b) {
    float m = b == 0 ? 0 : fmodf(a, b), d = (a - m) / b, f;
    if (b == 0) return a / b;
    if (m != 0 && ((b < 0) != (m < 0))) d -= 1;
    if (d == 0) return copysignf(0.0f, a / b);
    f = floorf(d);
    return d - f > 0.5f ? f + 1 : f;
})
CI__CEMIT_DEF(ci__cemit_div_floor_d, static double ci__cemit_div_floor_d(double a, double b) {
    double m = b == 0 ? 0 : fmod(a, b), d = (a - m) / b, f;
    if (b == 0) return a / b;
    if (m != 0 && ((b < 0) != (m < 0))) d -= 1;
    if (d == 0) return copysign(0.0, a / b);
    f = floor(d);
    return d - f > 0.5 ? f + 1 : f;
})
CI__CEMIT_DEF(ci__cemit_pow_i64, static long long ci__cemit_pow_i64(long long a, long long b) {
    unsigned long long r = 1, x = (unsigned long long)a;
    if (b < 0) return a == 1 ? 1 : (a == -1 ? ((b & 1) ? -1 : 1) : 0);
    for (; b; b >>= 1, x *= x) r = b & 1 ? r * x : r;
    return (long long)r;
})
/* the bits of a float and back; f16 / bf16 <-> f32, round to nearest even, NaN payloads kept */
CI__CEMIT_DEF(ci__cemit_fbits, static unsigned int ci__cemit_fbits(float x) {
    union { float f; unsigned int u; } v = {x};
    return v.u;
})
CI__CEMIT_DEF(ci__cemit_bitsf, static float ci__cemit_bitsf(unsigned int x) {
    union { unsigned int u; float f; } v = {x};
    return v.f;
})
CI__CEMIT_DEF(ci__cemit_dbits, static unsigned long long ci__cemit_dbits(double x) {
    union { double f; unsigned long long u; } v = {x};
    return v.u;
})
CI__CEMIT_DEF(ci__cemit_bitsd, static double ci__cemit_bitsd(unsigned long long x) {
    union { unsigned long long u; double f; } v = {x};
    return v.f;
})
CI__CEMIT_DEF(ci__h2f, static float ci__h2f(unsigned short h) {
    unsigned int s = (unsigned int)(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff;
    if (e == 0) return ci__cemit_bitsf(ci__cemit_fbits((float)m * 5.9604644775390625e-08f) | s);
    if (e == 31) return ci__cemit_bitsf(s | 0x7f800000u | (m << 13));
    return ci__cemit_bitsf(s | ((e + 112) << 23) | (m << 13));
})
CI__CEMIT_DEF(ci__f2h, static unsigned short ci__f2h(float f) {
    unsigned int u = ci__cemit_fbits(f), s = (u >> 16) & 0x8000, e = (u >> 23) & 0xff;
    unsigned int m = u & 0x7fffff, r, half;
    if (e == 255) return (unsigned short)(s | 0x7c00 | (m ? ((m >> 13) ? (m >> 13) : 0x200) : 0));
    if (e > 142) return (unsigned short)(s | 0x7c00);
    if (e < 102) return (unsigned short)s;
    if (e < 113) {
        m |= 0x800000;
        r = m >> (126 - e);
        half = (m >> (125 - e)) & 1;
        r += half && ((r & 1) || (m & ((1u << (125 - e)) - 1)));
        return (unsigned short)(s | r);
    }
    r = ((e - 112) << 10) | (m >> 13);
    return (unsigned short)(s | ((m & 0x1000) && ((r & 1) || (m & 0xfff)) ? r + 1 : r));
})
CI__CEMIT_DEF(ci__bf2f, static float ci__bf2f(unsigned short h) {
    return ci__cemit_bitsf((unsigned int)h << 16);
})
CI__CEMIT_DEF(ci__f2bf, static unsigned short ci__f2bf(float f) {
    unsigned int u = ci__cemit_fbits(f);
    if (f != f) return (unsigned short)((u >> 16) & 0x7f ? u >> 16 : (u >> 16) | 0x40);
    return (unsigned short)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
})
/* shifts past the width: 0, or the sign (PyTorch) */
CI__CEMIT_DEF(ci__cemit_shl_i64,
static long long ci__cemit_shl_i64(long long a, long long b, int bits) {
    return b < 0 || b >= bits ? 0 : (long long)((unsigned long long)a << b);
})
CI__CEMIT_DEF(ci__cemit_shr_i64,
static long long ci__cemit_shr_i64(long long a, long long b, int bits) {
    return b < 0 || b >= bits ? (a < 0 ? -1 : 0) : a >> b;
})
/* run-time checks: record the first failure in the program's ci__rterr, go on with a safe value */
CI__CEMIT_DEF(ci__cemit_flag,
static void ci__cemit_flag(void *rec, int code, int site, long long value) {
    ci__rterr *e = (ci__rterr *)rec;
    if (e->code) return;
    e->code = code;
    e->site = site;
    e->value = value;
})
CI__CEMIT_DEF(ci__cemit_idx,
static long long ci__cemit_idx(long long i, long long n, int site, void *rec) {
    long long j = i < 0 ? i + n : i;
    if (j >= 0 && j < n) return j;
    ci__cemit_flag(rec, CI__CEMIT_CHECK_INDEX, site, i);
    return 0;
})
CI__CEMIT_DEF(ci__cemit_idxn,
static long long ci__cemit_idxn(long long i, long long n, int site, void *rec) {
    if (i >= 0 && i < n) return i;
    ci__cemit_flag(rec, CI__CEMIT_CHECK_INDEX, site, i);
    return 0;
})
CI__CEMIT_DEF(ci__cemit_nz, static long long ci__cemit_nz(long long d, int site, void *rec) {
    if (d == 0) ci__cemit_flag(rec, CI__CEMIT_CHECK_ZERODIV, site, 0);
    return d;
})
/* the prelude's entries in the order they are written: the name the generated code calls them
   by (NULL: always written), their text, and the host function (which this table keeps used) */
typedef struct ci__cemit_entry {
    const char *name, *src;
    void (*fn)(void);
} ci__cemit_entry;
#define CI__CEMIT_FN(gen, id) {gen, ci__cemit_src_##id, (void (*)(void))id},
static const ci__cemit_entry ci__cemit_prelude_tab[] = {
    {"ci_rt_parallel",
     "void ci_rt_parallel(void *rt, void (*fn)(void **, long long, long long), long long n,"
     " void **B);", 0},
    {"ci_rt_extern", "int ci_rt_extern(void *rt, int k, void **B);", 0},
    {NULL, ci__cemit_src_ci__cemit_codes, 0},
    {"ci_inf_f", "static const union { unsigned int u; float f; } ci_inf_fu = {0x7f800000u};\n"
                 "#define ci_inf_f (ci_inf_fu.f)", 0},
    {"ci_nan_f", "static const union { unsigned int u; float f; } ci_nan_fu = {0x7fc00000u};\n"
                 "#define ci_nan_f (ci_nan_fu.f)", 0},
    {"ci_inf_d", "static const union { unsigned long long u; double f; } ci_inf_du ="
                 " {0x7ff0000000000000ull};\n#define ci_inf_d (ci_inf_du.f)", 0},
    {"ci_nan_d", "static const union { unsigned long long u; double f; } ci_nan_du ="
                 " {0x7ff8000000000000ull};\n#define ci_nan_d (ci_nan_du.f)", 0},
    {"ci_rterr", CI__CEMIT_STR(CI__IR_RTERR_DECL), 0},
    CI__CEMIT_FN("ci_floordiv_i64", ci__cemit_floordiv_i64)
    CI__CEMIT_FN("ci_truncdiv_i64", ci__cemit_truncdiv_i64)
    CI__CEMIT_FN("ci_mod_i64", ci__cemit_mod_i64) CI__CEMIT_FN("ci_fmod_i64", ci__cemit_fmod_i64)
    CI__CEMIT_FN("ci_min_i64", ci__cemit_min_i64) CI__CEMIT_FN("ci_max_i64", ci__cemit_max_i64)
    CI__CEMIT_FN("ci_max_f", ci__cemit_max_f) CI__CEMIT_FN("ci_min_f", ci__cemit_min_f)
    CI__CEMIT_FN("ci_max_d", ci__cemit_max_d) CI__CEMIT_FN("ci_min_d", ci__cemit_min_d)
    CI__CEMIT_FN("ci_div_floor_f", ci__cemit_div_floor_f)
    CI__CEMIT_FN("ci_div_floor_d", ci__cemit_div_floor_d)
    CI__CEMIT_FN("ci_pow_i64", ci__cemit_pow_i64)
    CI__CEMIT_FN("ci_fbits", ci__cemit_fbits) CI__CEMIT_FN("ci_bitsf", ci__cemit_bitsf)
    CI__CEMIT_FN("ci_dbits", ci__cemit_dbits) CI__CEMIT_FN("ci_bitsd", ci__cemit_bitsd)
    CI__CEMIT_FN("ci_h2f", ci__h2f) CI__CEMIT_FN("ci_f2h", ci__f2h)
    CI__CEMIT_FN("ci_bf2f", ci__bf2f) CI__CEMIT_FN("ci_f2bf", ci__f2bf)
    CI__CEMIT_FN("ci_shl_i64", ci__cemit_shl_i64) CI__CEMIT_FN("ci_shr_i64", ci__cemit_shr_i64)
    CI__CEMIT_FN("ci_flag", ci__cemit_flag) CI__CEMIT_FN("ci_idx", ci__cemit_idx)
    CI__CEMIT_FN("ci_idxn", ci__cemit_idxn) CI__CEMIT_FN("ci_nz", ci__cemit_nz)
};
#undef CI__CEMIT_FN
#define CI__CEMIT_NPRE ((int)(sizeof ci__cemit_prelude_tab / sizeof ci__cemit_prelude_tab[0]))
/* an entry's text as the generated code spells it: the host prefixes dropped */
static void ci__cemit_text(ci__sb *sb, const char *s) {
    while (*s) {
        if (!strncmp(s, "ci__cemit_", 10) || !strncmp(s, "CI__CEMIT_", 10)) {
            ci__sb_put(sb, s[0] == 'c' ? "ci_" : "CI_");
            s += 10;
        } else if (!strncmp(s, "ci__", 4)) {
            ci__sb_put(sb, "ci_");
            s += 4;
        } else {
            const char *e = s + 1;
            while (*e && *e != 'c' && *e != 'C') e++;
            ci__sb_printf(sb, "%.*s", (int)(e - s), s);
            s = e;
        }
    }
    ci__sb_put(sb, "\n");
}

/* which prelude entries (need[0 .. CI__CEMIT_NPRE-1]) and libm functions (need[CI__CEMIT_NPRE ..])
   text names: identifiers, as whole words */
static void ci__cemit_scan(const char *s, size_t n, char *need) {
    size_t i = 0;
    while (i < n) {
        size_t b = i, len;
        int j;
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')) { i++; continue; }
        while (i < n && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
                         (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
            i++;
        len = i - b;
        if (b > 0 && s[b - 1] >= '0' && s[b - 1] <= '9') continue; /* the tail of a number: 1e5f */
        for (j = 0; len > 3 && !memcmp(s + b, "ci_", 3) && j < CI__CEMIT_NPRE; j++) {
            const char *nm = ci__cemit_prelude_tab[j].name;
            if (nm && !need[j] && strlen(nm) == len && !memcmp(nm, s + b, len)) need[j] = 1;
        }
        if (i < n && s[i] == '(')
            for (j = 0; j < CI__CEMIT_NLIBM; j++)
                if (strlen(ci__cemit_libm[j][0]) == len &&
                    !memcmp(ci__cemit_libm[j][0], s + b, len))
                    need[CI__CEMIT_NPRE + j] = 1;
    }
}

/* how the emitted C does index arithmetic: the index variables' type, the cast of a range
   to it, the suffix of index constants. 64-bit everywhere; 32-bit in >>cuemit's kernels
   whose indices ci__cuemit_i32 bounds below 2^31. */
typedef struct ci__cemit_ints { const char *ty, *cast, *ll; } ci__cemit_ints;
static const ci__cemit_ints ci__cemit_i64 = {"long long", "", "LL"};
static const ci__cemit_ints ci__cemit_i32 = {"int", "(int)", ""};

struct ci__cemit {
    ci__L *L;
    ci__sb *sb;
    int cuda;             /* the kernels are for >>cuemit (a thread per index of the outer loop) */
    int strided;          /* >>cuemit: a thread's points are a block's width apart (a few of
                             them, unrolled), not every point of the range */
    const ci__cemit_ints *it;   /* how index arithmetic is written (ci__cemit_i64, _i32) */
    char *indirect;       /* per index variable: an indirect index (its value is data) */
    const char **names;   /* per index variable */
    int *done;            /* per value node: == epoch when emitted in the current scope */
    int *rdep;            /* per value node: 4*epoch + (1 no, 2 depends on a reduction variable) */
    char *rmask;          /* per index variable: is a reduction variable of this kernel */
    int nvars, epoch;
    const char *indent;
    int *bufdecl;         /* per buffer: == epoch when its pointer is declared in this kernel */
    int *scoped, nscoped, in_loop;   /* values emitted inside the current reduction loop */
    int *uses;            /* per value node: 4*epoch + uses in this kernel (3 = three or more) */
    ci__v **parent;       /* per value node: a user (the only one when uses is 1) */
    const char **expr;    /* per value node: its text when it is written inline into its user */
    int *depth;           /* per value node: how deeply inline texts nest in its expr */
    int *hoist;           /* per value node: == epoch once the hoisting walk has passed it */
    int *seen, nseen;     /* per value node: == nseen when visited by the current reads walk */
    ci__v **stk, **rstk;  /* the walks' explicit stacks (the DAG's depth, not the C stack's) */
    int *stki, *rstki;    /*   and the next operand of each entry */
    ci__sb rhs;           /* scratch: the value being written */
    char xname[CI_MAX_DIMS][4], rname[CI_MAX_DIMS][4];
    const char **bname;   /* per buffer: its pointer's name (ci__cemit_bname) */
    const char **user;    /*   the names taken from the user's, nuser of them */
    int nuser;
    int *outmark;         /* per buffer: == epoch when the kernel writes it */
    /* the graph's input nodes by index; its constants, hashed by data */
    const ci__node **innode, **cnode;
    int ninnode, ncnode;
    int *tnum, *tep, ntmp;   /* per value node: its temp's number in the kernel of epoch tep */
    /* per kernel: its accumulator's number in the fused kernel of epoch aep */
    int *anum, *aep, nacc;
};

/* -- names: a buffer's pointer is called after the graph value it holds (the user's name, made a
   C identifier that no local, keyword or prelude name takes), else after its role (in0, out0,
   const0, buf3); temps v0.. and accumulators acc0.. are numbered per kernel -- */
static int ci__cemit_taken(const char *s) {
    static const char *const words[] = {
        "auto",     "break",  "case",   "char",     "const",      "continue", "default",  "do",
        "double",   "else",   "enum",   "extern",   "float",      "for",      "goto",     "if",
        "inline",   "int",    "long",   "register", "restrict",   "return",   "short",    "signed",
        "sizeof",   "static", "struct", "switch",   "typedef",    "union",    "unsigned", "void",
        "volatile", "while",  "_Bool",  "_Complex", "_Imaginary", "B",        "rt",       "si",
        "old",      "nv",     "lo",     "hi",       "w_d",        "main",     "NULL",     "seed",
        /* >>cuemit's locals and CUDA's built-in variables */
        "q",        "t",      "rf",     "xf",       "sh",         "w",        "d",
        "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize"
    };
    static const char *const numbered[] = { "v",      "x",      "r",        "acc",
                                            "acc_i",  "ri",     "w_mean",   "w_n",
                                            "in",     "out",    "const",    "buf",
                                            "ru",     "o",      "oi",       "om",
                                            "on",     "sh_acc", "sh_acc_i", "sh_w_mean",
                                            "sh_w_n" };
    size_t i, p = 0;
    if (!strncmp(s, "ci_", 3) || !strncmp(s, "CI_", 3) || !strncmp(s, "__", 2)) return 1;
    for (i = 0; i < sizeof words / sizeof words[0]; i++) if (!strcmp(s, words[i])) return 1;
    for (i = 0; i < CI__CEMIT_NLIBM; i++) if (!strcmp(s, ci__cemit_libm[i][0])) return 1;
    /* a local's spelling: a prefix, then digits */
    while (s[p] && !(s[p] >= '0' && s[p] <= '9')) p++;
    for (i = 0; s[p] && i < sizeof numbered / sizeof numbered[0]; i++)
        if (strlen(numbered[i]) == p && !strncmp(s, numbered[i], p)) return 1;
    return 0;
}

/* the name of buffer b's pointer, and what it holds (for the comment at its declaration) */
static const char *ci__cemit_bname(ci__cemit *E, const ci__buf *b) {
    const ci_graph *g = E->L->graph;
    const ci__node *nd = NULL;
    char nm[80], role[40];
    int i, n = 0, k;
    const char *user = NULL;
    if (E->bname[b->id]) return E->bname[b->id];
    if (b->kind == CI__BUF_INPUT) snprintf(role, sizeof role, "in%d", b->input_index);
    else if (b->output_index >= 0) snprintf(role, sizeof role, "out%d", b->output_index);
    else if (b->kind == CI__BUF_CONST) snprintf(role, sizeof role, "const%d", b->id);
    else snprintf(role, sizeof role, "%s", b->kind == CI__BUF_SEED ? "seed" : b->name);
    if (g && !E->innode) {   /* index the graph's inputs and constants once */
        E->ninnode = g->ninputs;
        for (E->ncnode = 16; E->ncnode < 2 * g->nodes.n; E->ncnode *= 2) {}
        E->innode = CI__NEWN(E->L->LA, const ci__node *, E->ninnode + 1);
        E->cnode = CI__NEWN(E->L->LA, const ci__node *, E->ncnode);
        for (i = 0; i < g->nodes.n; i++) {
            const ci__node *c = (const ci__node *)g->nodes.v[i];
            if (c->kind == CI__N_INPUT && c->ival >= 0 && c->ival < E->ninnode)
                E->innode[c->ival] = c;
            for (k = (int)((uintptr_t)c->data >> 4) & (E->ncnode - 1);
                 c->kind == CI__N_CONST && c->data; k = (k + 1) & (E->ncnode - 1))
                if (!E->cnode[k]) { E->cnode[k] = c; break; }
        }
    }
    if (g && b->kind == CI__BUF_INPUT && b->input_index >= 0 && b->input_index < E->ninnode)
        nd = E->innode[b->input_index];
    for (k = (int)((uintptr_t)b->data >> 4) & (E->ncnode - 1);
         g && b->kind == CI__BUF_CONST && b->data && E->cnode[k]; k = (k + 1) & (E->ncnode - 1))
        if (E->cnode[k]->data == b->data) { nd = E->cnode[k]; break; }
    k = 0;
    if (!nd && g && b->kind == CI__BUF_COMPUTED && b->output_index >= 0 &&
        b->output_index < g->outputs.n) {
        const ci__lower_gtensor *t =
                ci__lower_gt(g, (uint32_t)(uintptr_t)g->outputs.v[b->output_index]);
        nd = (const ci__node *)g->nodes.v[t->node];
        if (nd->nout > 1) k = t->out + 1;
        if (nd->rname && nd->rname[t->out]) {   /* the result's own name */
            user = nd->rname[t->out];
            k = 0;
        }
    }
    if (!user && nd && !nd->auto_named && nd->name && nd->name[0]) user = nd->name;
    if (!nd && b->kind == CI__BUF_COMPUTED && b->vname) {   /* a node's value */
        user = b->vname;
        k = b->vout + 1;
    }
    if (user) {   /* made a C identifier, not a local's, a keyword's or the prelude's */
        for (; *user && n < 60; user++)
            nm[n++] = ((*user >= 'a' && *user <= 'z') || (*user >= 'A' && *user <= 'Z') ||
                       (*user >= '0' && *user <= '9'))
                              ? *user
                              : '_';
        nm[n] = 0;
        if (nm[0] >= '0' && nm[0] <= '9') {
            memmove(nm + 1, nm, (size_t)n + 1);
            nm[0] = 't';
            n++;
        }
        if (k) n += snprintf(nm + n, sizeof nm - (size_t)n, "_%d", k - 1);
        if (ci__cemit_taken(nm)) { nm[n++] = '_'; nm[n] = 0; }
        for (i = 2, k = 0; k < E->nuser; k++)   /* unique among the user's names */
            if (!strcmp(E->user[k], nm)) {
                snprintf(nm + n, sizeof nm - (size_t)n, "_%d", i++);
                k = -1;
            }
    } else snprintf(nm, sizeof nm, "%s", role);
    E->bname[b->id] = ci__strdup(E->L->LA, nm);
    if (user) E->user[E->nuser++] = E->bname[b->id];
    return E->bname[b->id];
}

/* "x: input 0, f32[4096, 4096]" */
static void ci__cemit_bnote(ci__cemit *E, const ci__buf *b) {
    int d;
    ci__sb_printf(E->sb, "%s: ", ci__cemit_bname(E, b));
    if (b->kind == CI__BUF_INPUT) ci__sb_printf(E->sb, "input %d", b->input_index);
    else if (b->output_index >= 0) ci__sb_printf(E->sb, "output %d", b->output_index);
    else if (b->kind == CI__BUF_CONST) ci__sb_put(E->sb, "constant");
    else if (b->kind == CI__BUF_SEED) ci__sb_put(E->sb, "random seed");
    else if (b->vop) ci__sb_printf(E->sb, "intermediate, %s", b->vop);
    else ci__sb_printf(E->sb, "intermediate%s%s", b->producer && b->producer->origin ? " of " : "",
                       b->producer && b->producer->origin ? b->producer->origin : "");
    ci__sb_printf(E->sb, ", %s[", ci__dtype_tab[b->dt].name);
    for (d = 0; d < b->ndim; d++)
        ci__sb_printf(E->sb, d ? ", %lld" : "%lld", (long long)b->size[d]);
    ci__sb_put(E->sb, "]");
}

/* temp v's name in this kernel, v0 .. in the order they are first named */
static const char *ci__cemit_tmp(ci__cemit *E, int id) {
    char *s = (char *)ci__arena_alloc(E->L->LA, 16);
    if (E->tep[id] != E->epoch) { E->tep[id] = E->epoch; E->tnum[id] = E->ntmp++; }
    snprintf(s, 16, "v%d", E->tnum[id]);
    return s;
}

/* reduction k's accumulator number in this kernel */
static int ci__cemit_acc(ci__cemit *E, const ci__kernel *k) {
    if (E->aep[k->id] != E->epoch) { E->aep[k->id] = E->epoch; E->anum[k->id] = E->nacc++; }
    return E->anum[k->id];
}

static const char *ci__cemit_varname(int var, void *user) {
    ci__cemit *E = (ci__cemit *)user;
    if (var < E->nvars && !E->names[var] &&
        E->L->ixt.var_val[var]) /* an indirect index: its value's temp */
        return ci__cemit_tmp(E, E->L->ixt.var_val[var]->id);
    return (var < E->nvars && E->names[var]) ? E->names[var] : "0";
}

static const char *ci__cemit_ctype(ci_dtype dt) {
    return dt == CI_BOOL ? "int" : ci__dtype_tab[ci__dtype_opmath(dt)].cstore;
}

static void ci__cemit_const(ci__sb *sb, const ci__v *v) {
    if (v->dt == CI_F32 || v->dt == CI_F64) {
        int f = v->dt == CI_F32;
        if (v->f != v->f) ci__sb_put(sb, f ? "ci_nan_f" : "ci_nan_d");
        else if (v->f == HUGE_VAL) ci__sb_put(sb, f ? "ci_inf_f" : "ci_inf_d");
        else if (v->f == -HUGE_VAL) ci__sb_put(sb, f ? "(-ci_inf_f)" : "(-ci_inf_d)");
        else ci__sb_printf(sb, f ? "%.9ef" : "%.17e", v->f);
    } else if (v->dt == CI_I64) {
        if (v->i == INT64_MIN) ci__sb_put(sb, "(-9223372036854775807LL - 1)");
        else ci__sb_printf(sb, "%lldLL", (long long)v->i);
    } else ci__sb_printf(sb, "%lld", (long long)v->i);
}

/* does v depend on a reduction variable? memoised per kernel; the walk keeps its own stack
   (the DAG's depth grows with the graph: a 10,000-op chain is 10,000 deep) */
static int ci__cemit_v_rdep(ci__cemit *E, ci__v *root) {
    int sp = 0;
    if (E->rdep[root->id] >> 2 == E->epoch) return (E->rdep[root->id] & 3) == 2;
    E->rstk[sp] = root; E->rstki[sp++] = 0;
    while (sp) {
        ci__v *v = E->rstk[sp - 1];
        int i = E->rstki[sp - 1], d = 1;
        if (i < v->n) {   /* the next operand not yet known */
            ci__v *a = v->a[i];
            E->rstki[sp - 1] = i + 1;
            if (E->rdep[a->id] >> 2 != E->epoch) { E->rstk[sp] = a; E->rstki[sp++] = 0; }
            continue;
        }
        if (v->ix && ci__ix_uses_any(v->ix, E->rmask, E->nvars)) d = 2;
        for (i = 0; i < v->n; i++) if ((E->rdep[v->a[i]->id] & 3) == 2) d = 2;
        E->rdep[v->id] = 4 * E->epoch + d;
        sp--;
    }
    return (E->rdep[root->id] & 3) == 2;
}

static void ci__cemit_loadexpr(ci__cemit *E, ci__v *v) {
    ci__sb *sb = E->sb;
    const char *conv = v->buf->dt == CI_F16 ? "ci_h2f" : v->buf->dt == CI_BF16 ? "ci_bf2f" : "";
    ci__sb_printf(sb, "%s%s%s[", conv, *conv ? "(" : "", ci__cemit_bname(E, v->buf));
    ci__ix_print_w(sb, v->ix, ci__cemit_varname, E, E->it->ll);
    ci__sb_put(sb, *conv ? "])" : "]");
}

/* ops whose C text repeats an operand: their operands are never written inline */
static int ci__cemit_vop_repeats(const ci__v *v) {
    int isf = v->n && ci__dtype_is_float(v->a[0]->dt);
    switch (v->op) {
    case CI__V_SIGN:
    case CI__V_ISNAN:
    case CI__V_ISINF:
    case CI__V_RANDINT:
    case CI__V_MAX:
    case CI__V_MIN:
    case CI__V_BITCAST: return 1;   /* (BITCAST: its text is built in a short buffer) */
    case CI__V_REM: return isf;
    case CI__V_ABS: return !isf;
    default: return 0;
    }
}

/* count each value's users among the values this kernel computes; roots count twice (their
   temps are used by name in stores and reduction updates) */
/* one use; 1 when it is v's first */
static int ci__cemit_count1(ci__cemit *E, ci__v *v, ci__v *user) {
    int u = E->uses[v->id] >> 2 == E->epoch ? E->uses[v->id] & 3 : 0, first = u == 0;
    u += user ? (ci__cemit_vop_repeats(user) ? 2 : 1) : 2;
    E->uses[v->id] = 4 * E->epoch + (u > 3 ? 3 : u);
    if (user) E->parent[v->id] = user;
    return first;
}

static void ci__cemit_count(ci__cemit *E, ci__v *root, ci__v *user) {
    int sp = 0;
    if (!ci__cemit_count1(E, root, user)) return;
    E->stk[sp] = root; E->stki[sp++] = 0;
    while (sp) {   /* depth first, an operand's operands counted on its first use only */
        ci__v *v = E->stk[sp - 1];
        int i = E->stki[sp - 1];
        if (i == v->n) { sp--; continue; }
        E->stki[sp - 1] = i + 1;
        if (ci__cemit_count1(E, v->a[i], v)) { E->stk[sp] = v->a[i]; E->stki[sp++] = 0; }
    }
}

static const char *ci__cemit_ref(ci__cemit *E, const ci__v *v) {
    if (E->expr[v->id] && E->done[v->id] == E->epoch) return E->expr[v->id];
    return ci__cemit_tmp(E, v->id);
}

/* is v written inline into its one user (or, for a constant, into every user)? */
static int ci__cemit_inline(ci__cemit *E, ci__v *v) {
    ci__v *u = E->parent[v->id];
    if (v->op == CI__V_CONST) return 1;
    if (v->op == CI__V_CHECKIDX || v->op == CI__V_ACC || v->ivar ||
        E->uses[v->id] >> 2 != E->epoch || (E->uses[v->id] & 3) != 1 || !u)
        return 0;
    return ci__cemit_v_rdep(E, v) == ci__cemit_v_rdep(E, u);
}

/* an inline text nests no deeper than this many values: a deeper one becomes a temp. TCC
   parses nested parentheses recursively and keeps pending operands on a fixed value stack
   ("memory full (vstack)" past a few hundred); 32 keeps a kernel well inside both, on a
   256 KB thread stack too, and is deeper than what ordinary kernels inline */
#define CI__CEMIT_DEPTH 32
/* write v, whose operands are written: as its temp, or as the text its user will inline */
/* a as a call's argument: without the parentheses an inline operand is wrapped in */
static const char *ci__cemit_unwrap(ci__cemit *E, const char *a) {
    size_t n = strlen(a), i;
    int depth = 0;
    char *t;
    if (n < 2 || a[0] != '(' || a[n - 1] != ')') return a;
    for (i = 0; i < n - 1; i++) {   /* the first '(' closes at the end only */
        depth += a[i] == '(' ? 1 : a[i] == ')' ? -1 : 0;
        if (depth == 0) return a;
    }
    t = (char *)ci__arena_alloc(E->L->LA, n - 1);
    memcpy(t, a + 1, n - 2);
    t[n - 2] = 0;
    return t;
}

/* a floating constant that is not NaN (so max/min need not test it) */
static int ci__cemit_not_nan(const ci__v *v) {
    return v->op == CI__V_CONST && ci__dtype_is_float(v->dt) && v->f == v->f;
}

static void ci__cemit_node(ci__cemit *E, ci__v *v) {
    ci__sb *sb, *out = E->sb, *rhs = &E->rhs;
    int i, f32 = v->dt == CI_F32, isf, isint, dep = 1;
    const char *a0, *a1, *a2, *p0, *p1, *p2;   /* p: as a call's argument (no outer parentheses) */
    ci_dtype at;
    E->done[v->id] = E->epoch;
    E->expr[v->id] = NULL;
    if (E->in_loop) E->scoped[E->nscoped++] = v->id;
    a0 = v->n > 0 ? ci__cemit_ref(E, v->a[0]) : "";
    a1 = v->n > 1 ? ci__cemit_ref(E, v->a[1]) : "";
    a2 = v->n > 2 ? ci__cemit_ref(E, v->a[2]) : "";
    p0 = ci__cemit_unwrap(E, a0);
    p1 = ci__cemit_unwrap(E, a1);
    p2 = ci__cemit_unwrap(E, a2);
    at = v->n > 0 ? v->a[0]->dt : v->dt;
    isf = ci__dtype_is_float(at);
    isint = !isf;
    f32 = at == CI_F32;
    rhs->n = 0;
    ci__sb_put(rhs, "");
    sb = E->sb = rhs;
    switch (v->op) {
    case CI__V_CONST: ci__cemit_const(sb, v); break;
    case CI__V_LOAD: ci__cemit_loadexpr(E, v); break;
    case CI__V_INDEX:   /* an index expression is a long long (computed in int where it fits) */
        if (strcmp(ci__cemit_ctype(v->dt), "long long") || !*E->it->ll)
            ci__sb_printf(sb, "(%s)", ci__cemit_ctype(v->dt));
        if (*E->it->ll) ci__ix_print(sb, v->ix, ci__cemit_varname, E);
        else {
            ci__sb_put(sb, "(");
            ci__ix_print_w(sb, v->ix, ci__cemit_varname, E, E->it->ll);
            ci__sb_put(sb, ")");
        }
        break;
    case CI__V_CAST:
        if (v->dt == CI_BOOL) ci__sb_printf(sb, "(%s != 0)", a0);
        /* the same C type */
        else if (!strcmp(ci__cemit_ctype(v->dt), ci__cemit_ctype(at))) ci__sb_put(sb, a0);
        else ci__sb_printf(sb, "(%s)%s", ci__cemit_ctype(v->dt), a0);
        break;
    case CI__V_BITCAST: {   /* the source's bits as an integer, then read as the target */
        ci_dtype src = (ci_dtype)(v->i / 16), dst = (ci_dtype)(v->i % 16);
        char bits[48];
        if (src == CI_F16 || src == CI_BF16)
            snprintf(bits, sizeof bits, "%s(%s)", src == CI_F16 ? "ci_f2h" : "ci_f2bf", a0);
        else if (src == CI_F32 || src == CI_F64)
            snprintf(bits, sizeof bits, "%s(%s)", src == CI_F32 ? "ci_fbits" : "ci_dbits", a0);
        else snprintf(bits, sizeof bits, "%s", a0);
        if (dst == CI_F16 || dst == CI_BF16)
            ci__sb_printf(sb, "%s((unsigned short)%s)", dst == CI_F16 ? "ci_h2f" : "ci_bf2f", bits);
        else if (dst == CI_F32) ci__sb_printf(sb, "ci_bitsf((unsigned int)%s)", bits);
        else if (dst == CI_F64) ci__sb_printf(sb, "ci_bitsd((unsigned long long)%s)", bits);
        else if (dst == CI_BOOL) ci__sb_printf(sb, "((unsigned char)%s != 0)", bits);
        else ci__sb_printf(sb, "(%s)%s", ci__dtype_tab[dst].cstore, bits);
        break;
    }
    case CI__V_ADD: case CI__V_SUB: case CI__V_MUL: {
        const char *o = v->op == CI__V_ADD ? "+" : v->op == CI__V_SUB ? "-" : "*";
        if (isf) ci__sb_printf(sb, "%s %s %s", a0, o, a1);
        else
            ci__sb_printf(sb, "(%s)((unsigned long long)%s %s (unsigned long long)%s)",
                          ci__cemit_ctype(v->dt), a0, o, a1);
        break;
    }
    case CI__V_DIV: ci__sb_printf(sb, "%s / %s", a0, a1); break;
    case CI__V_FLOORDIV:
        if (isf) ci__sb_printf(sb, "%s(%s, %s)", f32 ? "ci_div_floor_f" : "ci_div_floor_d", p0, p1);
        else ci__sb_printf(sb, "(%s)ci_floordiv_i64(%s, %s)", ci__cemit_ctype(v->dt), p0, p1);
        break;
    case CI__V_TRUNCDIV:
        if (isf) ci__sb_printf(sb, "%s(%s / %s)", f32 ? "truncf" : "trunc", a0, a1);
        else ci__sb_printf(sb, "(%s)ci_truncdiv_i64(%s, %s)", ci__cemit_ctype(v->dt), p0, p1);
        break;
    case CI__V_REM:
        if (isf)
            ci__sb_printf(sb, "%s - %s * %s(%s, %s)", a0, a1,
                          f32 ? "ci_div_floor_f" : "ci_div_floor_d", p0, p1);
        else ci__sb_printf(sb, "(%s)ci_mod_i64(%s, %s)", ci__cemit_ctype(v->dt), p0, p1);
        break;
    case CI__V_POW:
        if (isf) ci__sb_printf(sb, "%s(%s, %s)", f32 ? "powf" : "pow", p0, p1);
        else ci__sb_printf(sb, "(%s)ci_pow_i64(%s, %s)", ci__cemit_ctype(v->dt), p0, p1);
        break;
    case CI__V_MAX: case CI__V_MIN:
        if (isf && (ci__cemit_not_nan(v->a[0]) || ci__cemit_not_nan(v->a[1]))) {
            /* a constant that is not NaN needs no NaN test */
            const char *x = ci__cemit_not_nan(v->a[0]) ? a1 : a0;
            ci__sb_printf(sb, "%s != %s ? %s : (%s %s %s ? %s : %s)", x, x, x, a0,
                          v->op == CI__V_MAX ? ">" : "<", a1, a0, a1);
        } else if (isf)   /* ci_max_f written out: a NaN operand wins */
            ci__sb_printf(sb, "%s != %s ? %s : (%s != %s ? %s : (%s %s %s ? %s : %s))", a0, a0, a0,
                          a1, a1, a1, a0, v->op == CI__V_MAX ? ">" : "<", a1, a0, a1);
        else
            ci__sb_printf(sb, "%s %s %s ? %s : %s", a0, v->op == CI__V_MAX ? ">" : "<", a1, a0, a1);
        break;
    case CI__V_EQ: ci__sb_printf(sb, "%s == %s", a0, a1); break;
    case CI__V_NE: ci__sb_printf(sb, "%s != %s", a0, a1); break;
    case CI__V_LT: ci__sb_printf(sb, "%s < %s", a0, a1); break;
    case CI__V_LE: ci__sb_printf(sb, "%s <= %s", a0, a1); break;
    case CI__V_GT: ci__sb_printf(sb, "%s > %s", a0, a1); break;
    case CI__V_GE: ci__sb_printf(sb, "%s >= %s", a0, a1); break;
    case CI__V_AND: ci__sb_printf(sb, "%s && %s", a0, a1); break;
    case CI__V_OR: ci__sb_printf(sb, "%s || %s", a0, a1); break;
    case CI__V_NOT: ci__sb_printf(sb, "!%s", a0); break;
    case CI__V_NEG:
        if (isf) ci__sb_printf(sb, "-%s", a0);
        else ci__sb_printf(sb, "(%s)(0ull - (unsigned long long)%s)", ci__cemit_ctype(v->dt), a0);
        break;
    case CI__V_ABS:
        if (isf) ci__sb_printf(sb, "%s(%s)", f32 ? "fabsf" : "fabs", p0);
        else
            ci__sb_printf(sb,
                          "(%s)(%s < 0 ? 0ull - (unsigned long long)%s : (unsigned long long)%s)",
                          ci__cemit_ctype(v->dt), a0, a0, a0);
        break;
    case CI__V_RSQRT: ci__sb_printf(sb, f32 ? "1.0f / sqrtf(%s)" : "1.0 / sqrt(%s)", p0); break;
    case CI__V_SIGMOID:
        ci__sb_printf(sb, f32 ? "1.0f / (1.0f + expf(-%s))" : "1.0 / (1.0 + exp(-%s))", a0);
        break;
    case CI__V_RECIP: ci__sb_printf(sb, f32 ? "1.0f / %s" : "1.0 / %s", a0); break;
    case CI__V_WHERE: ci__sb_printf(sb, "%s ? %s : %s", a0, a1, a2); break;
    case CI__V_SIGN:
        ci__sb_printf(sb, "(%s)((0 < %s) - (%s < 0))", ci__cemit_ctype(v->dt), a0, a0);
        break;
    case CI__V_CHECKIDX:
        ci__sb_printf(sb, "%s(%s, %lldLL, %d, B[%d])", v->f != 0 ? "ci_idx" : "ci_idxn", p0,
                      (long long)v->i, v->site, E->L->err_slot);
        break;
    case CI__V_CHECKNZ:
        ci__sb_printf(sb, "ci_nz(%s, %d, B[%d])", p0, v->site, E->L->err_slot);
        break;
    case CI__V_RAND: case CI__V_RANDN:
        ci__sb_printf(sb, "%s(%s, %s)",
                      v->dt == CI_F64 ? ci__ir_vop_cf64[v->op] : ci__ir_vop_cf32[v->op], p0, p1);
        break;
    case CI__V_RANDINT:
        ci__sb_printf(sb, "ci_randint(%s, %s, %s, %s)", p0, p1, p2,
                      ci__cemit_unwrap(E, ci__cemit_ref(E, v->a[3])));
        break;
    case CI__V_SIGNBIT:
        if (isf)
            ci__sb_printf(sb, f32 ? "(int)(ci_fbits(%s) >> 31)" : "(int)(ci_dbits(%s) >> 63)", a0);
        else ci__sb_printf(sb, "%s < 0", a0);
        break;
    case CI__V_ISNAN: ci__sb_printf(sb, "%s != %s", a0, a0); break;
    case CI__V_ISINF:
        ci__sb_printf(
                sb, f32 ? "%s == ci_inf_f || %s == -ci_inf_f" : "%s == ci_inf_d || %s == -ci_inf_d",
                a0, a0);
        break;
    case CI__V_BAND: ci__sb_printf(sb, "(%s)(%s & %s)", ci__cemit_ctype(v->dt), a0, a1); break;
    case CI__V_BOR: ci__sb_printf(sb, "(%s)(%s | %s)", ci__cemit_ctype(v->dt), a0, a1); break;
    case CI__V_BXOR: ci__sb_printf(sb, "(%s)(%s ^ %s)", ci__cemit_ctype(v->dt), a0, a1); break;
    case CI__V_BNOT: ci__sb_printf(sb, "(%s)~%s", ci__cemit_ctype(v->dt), a0); break;
    case CI__V_SHL: case CI__V_SHR:
        ci__sb_printf(sb, "(%s)%s(%s, %s, %d)", ci__cemit_ctype(v->dt),
                      v->op == CI__V_SHL ? "ci_shl_i64" : "ci_shr_i64", p0, p1,
                      8 * ci__dtype_tab[v->dt].size);
        break;
    case CI__V_FMOD:
        if (isf) ci__sb_printf(sb, "%s(%s, %s)", f32 ? "fmodf" : "fmod", p0, p1);
        else ci__sb_printf(sb, "(%s)ci_fmod_i64(%s, %s)", ci__cemit_ctype(v->dt), p0, p1);
        break;
    default:
        if (isint && (v->op == CI__V_FLOOR || v->op == CI__V_CEIL || v->op == CI__V_TRUNC ||
                      v->op == CI__V_ROUND))
            ci__sb_put(sb, a0);
        else {
            CI__ASSERT(ci__ir_vop_cf32[v->op] && isf);
            if (v->n == 3)
                ci__sb_printf(sb, "%s(%s, %s, %s)",
                              f32 ? ci__ir_vop_cf32[v->op] : ci__ir_vop_cf64[v->op], p0, p1, p2);
            else if (v->n == 2)
                ci__sb_printf(sb, "%s(%s, %s)",
                              f32 ? ci__ir_vop_cf32[v->op] : ci__ir_vop_cf64[v->op], p0, p1);
            else
                ci__sb_printf(sb, "%s(%s)", f32 ? ci__ir_vop_cf32[v->op] : ci__ir_vop_cf64[v->op],
                              p0);
        }
        break;
    }
    E->sb = out;
    for (i = 0; i < v->n; i++) {   /* the operands written inline, and how deep they nest */
        const ci__v *a = v->a[i];
        if (E->expr[a->id] && E->done[a->id] == E->epoch && E->depth[a->id] >= dep)
            dep = E->depth[a->id] + 1;
    }
    if (ci__cemit_inline(E, v) && dep <= CI__CEMIT_DEPTH && v->op == CI__V_LOAD) {
        /* (a load is a postfix expression: it needs no parentheses) */
        E->expr[v->id] = ci__strdup(E->L->LA, rhs->s);
        E->depth[v->id] = dep;
        return;
    }
    if (ci__cemit_inline(E, v) && dep <= CI__CEMIT_DEPTH) {
        char *t = (char *)ci__arena_alloc(E->L->LA, rhs->n + 3);
        t[0] = '(';
        memcpy(t + 1, rhs->s, rhs->n);
        t[rhs->n + 1] = ')';
        t[rhs->n + 2] = 0;
        E->expr[v->id] = t;
        E->depth[v->id] = dep;
        return;
    }
    ci__sb_printf(out, "%s%s %s = ", E->indent, ci__cemit_ctype(v->dt), ci__cemit_tmp(E, v->id));
    ci__sb_put(out, rhs->s);
    ci__sb_put(out, ";\n");
}

/* emit v and what it needs, operands first, each value once per scope; want: 0 or 2, every
   value not yet written; 1, only those that do not depend on the reduction variables (hoisted
   out of the loop). The walk keeps its own stack: its depth is the DAG's. */
static void ci__cemit_value(ci__cemit *E, ci__v *root, int want) {
    int sp = 0;
    if (E->done[root->id] == E->epoch || (want == 1 && E->hoist[root->id] == E->epoch)) return;
    E->stk[sp] = root; E->stki[sp++] = 0;
    while (sp) {
        ci__v *v = E->stk[sp - 1];
        int i = E->stki[sp - 1];
        if (i < v->n) {
            ci__v *a = v->a[i];
            E->stki[sp - 1] = i + 1;
            if (E->done[a->id] != E->epoch && !(want == 1 && E->hoist[a->id] == E->epoch)) {
                E->stk[sp] = a;
                E->stki[sp++] = 0;
            }
            continue;
        }
        sp--;
        /* a value the loop computes: its operands that do not depend on the loop are written
           now; the hoisting walk need not pass it again in this kernel */
        if (want == 1 && ci__cemit_v_rdep(E, v)) { E->hoist[v->id] = E->epoch; continue; }
        ci__cemit_node(E, v);
    }
}

/* CUDA: a pointer no other of its kernel's pointers reaches is __restrict__ (the compiler then
   moves a thread's loads ahead of its earlier stores); one written in place of another, or
   over one, is not. The inputs and outputs do not overlap (>>cuda checks the caller's). */
static const char *ci__cemit_restrict(const ci__cemit *E, const ci__buf *b) {
    return E->cuda && !b->inplace_of && !b->inplace_by ? "__restrict__ " : "";
}

static void ci__cemit_ptr_decl(ci__buf *b, void *user) {
    ci__cemit *E = (ci__cemit *)user;
    const char *t = ci__dtype_tab[b->dt].cstore;
    /* (a written one: its pointer) */
    if (E->bufdecl[b->id] == E->epoch || E->outmark[b->id] == E->epoch) return;
    E->bufdecl[b->id] = E->epoch;
    ci__sb_printf(E->sb, "    const %s *%s%s = (const %s *)B[%d];   /* ", t,
                  ci__cemit_restrict(E, b), ci__cemit_bname(E, b), t, b->slot);
    ci__cemit_bnote(E, b);
    ci__sb_put(E->sb, " */\n");
}

/* a pointer for each buffer kernel k reads, in the order of a depth-first walk of its values
   (ci__sched_kernel_reads' order, on the emitter's own stack) */
static void ci__cemit_reads_from(ci__cemit *E, ci__v *root) {
    int sp = 0;
    if (E->seen[root->id] == E->nseen) return;
    E->seen[root->id] = E->nseen;
    if (root->op == CI__V_LOAD) ci__cemit_ptr_decl(root->buf, E);
    E->stk[sp] = root; E->stki[sp++] = 0;
    while (sp) {
        ci__v *v = E->stk[sp - 1], *a;
        int i = E->stki[sp - 1];
        if (i == v->n) { sp--; continue; }
        E->stki[sp - 1] = i + 1;
        a = v->a[i];
        if (E->seen[a->id] == E->nseen) continue;
        E->seen[a->id] = E->nseen;
        if (a->op == CI__V_LOAD) ci__cemit_ptr_decl(a->buf, E);
        E->stk[sp] = a; E->stki[sp++] = 0;
    }
}

static void ci__cemit_reads(ci__cemit *E, ci__kernel *k) {
    E->nseen++;
    ci__cemit_reads_from(E, k->grp && k->grp->fused ? k->gbody : k->body);
    if (k->kind == CI__K_SCATTER) {
        ci__v *iv[CI__IR_VARGS];
        int ni = 0, j;
        ci__ir_collect_indirect(E->L, k->sidx, iv, &ni);
        for (j = 0; j < ni; j++) ci__cemit_reads_from(E, iv[j]);
    }
}

static void ci__cemit_out_decl(ci__cemit *E, ci__buf *b) {
    ci__sb_printf(E->sb, "    %s *%s%s = (%s *)B[%d];   /* ", ci__dtype_tab[b->dt].cstore,
                  ci__cemit_restrict(E, b), ci__cemit_bname(E, b), ci__dtype_tab[b->dt].cstore,
                  b->slot);
    ci__cemit_bnote(E, b);
    ci__sb_put(E->sb, " */\n");
}

/* a new kernel: fresh marks, variable names x0.. and r0.. */
static void ci__cemit_begin(ci__cemit *E, int nv, ci__ix *const *vars, int nr,
                            ci__ix *const *rvars) {
    int i;
    E->epoch++;
    E->ntmp = E->nacc = 0;
    for (i = 0; i < nv; i++) E->names[vars[i]->var] = E->xname[i];
    for (i = 0; i < nr; i++) { E->names[rvars[i]->var] = E->rname[i]; E->rmask[rvars[i]->var] = 1; }
}

static void ci__cemit_end(ci__cemit *E, int nr, ci__ix *const *rvars) {
    int i;
    for (i = 0; i < nr; i++) E->rmask[rvars[i]->var] = 0;
}

/* the outer loops; the first is split across threads. collapse: the first two dims run as one
   (when the first is too short to keep the threads busy) */
/* the loops over dims 0..ndim-1, the first `collapse` of them (0: none, or 2 and more) as one
   loop over their flat index */
static void ci__cemit_loops_open(ci__cemit *E, int ndim, const int64_t *size, int collapse) {
    int i, j;
    long long st = 1;
    const char *step = E->strided ? " += blockDim.x" : "++";
    if (ndim == 0) ci__sb_put(E->sb, "    if (x0_begin < x0_end) {\n");
    else if (E->strided)   /* a GPU thread's few points (>>cuemit) */
        ci__sb_printf(E->sb, "    #pragma unroll %d\n", CI__CUEMIT_POINTS);
    if (collapse == 2) {
        ci__sb_printf(E->sb, "    for (%s x01 = %sx0_begin; x01 < %sx0_end; x01%s) {\n", E->it->ty,
                      E->it->cast, E->it->cast, step);
        ci__sb_printf(E->sb, "        %s x0 = x01 / %lld%s, x1 = x01 %% %lld%s;\n", E->it->ty,
                      (long long)size[1], E->it->ll, (long long)size[1], E->it->ll);
    } else if (collapse > 2) {
        ci__sb_printf(E->sb, "    for (%s xf = %sx0_begin; xf < %sx0_end; xf%s) {\n", E->it->ty,
                      E->it->cast, E->it->cast, step);
        for (j = collapse - 1; j > 0; j--) {
            ci__sb_printf(E->sb, "        %s x%d = xf / %lld%s %% %lld%s;\n", E->it->ty, j, st,
                          E->it->ll, (long long)size[j], E->it->ll);
            st *= size[j];
        }
        ci__sb_printf(E->sb, "        %s x0 = xf / %lld%s;\n", E->it->ty, st, E->it->ll);
    }
    for (i = collapse; i < ndim; i++) {
        if (i == 0)
            ci__sb_printf(E->sb, "    for (%s x0 = %sx0_begin; x0 < %sx0_end; x0%s) {\n", E->it->ty,
                          E->it->cast, E->it->cast, step);
        else
            ci__sb_printf(E->sb, "%*sfor (%s x%d = 0; x%d < %lld%s; x%d++) {\n",
                          4 * (i + 1 - (collapse ? collapse - 1 : 0)), "", E->it->ty, i, i,
                          (long long)size[i], E->it->ll, i);
    }
}

static void ci__cemit_loops_close(ci__cemit *E, int ndim, int collapse) {
    int i;
    for (i = (ndim ? ndim : 1) - 1 - (collapse ? collapse - 1 : 0); i >= 0; i--)
        ci__sb_printf(E->sb, "%*s}\n", 4 * (i + 1), "");
}

/* how many leading dims a group's kernel runs as one loop (0: none): the first two when the
   first has fewer than CI__CEMIT_COLLAPSE_BELOW indices; for the GPU (cuda), every outer dim
   (neighbouring threads, or blocks, take neighbouring points) */
#define CI__CEMIT_COLLAPSE_BELOW 64
static int ci__cemit_collapse(const ci__group *g, int cuda) {
    if (cuda && g->fused && g->t.ndim > 2) return g->t.ndim;
    return g->fused && g->t.ndim >= 2 && (cuda || g->t.size[0] < CI__CEMIT_COLLAPSE_BELOW) &&
                   g->t.size[1] > 1
           ? 2
           : 0;
}

/* -- reductions: accumulator k (named by its kernel id) -- */
static const char *ci__cemit_red_acct(const ci__kernel *k, ci_dtype in_dt) {
    if (ci__dtype_is_float(in_dt))
        return (k->rtype == CI__RED_SUM || k->rtype == CI__RED_PROD ||
                k->rtype == CI__RED_WELFORD || k->rtype == CI__RED_LOGSUMEXP)
                       ? "double"
                       : ci__cemit_ctype(in_dt);
    return in_dt == CI_BOOL ? "int" : "long long";
}

static void ci__cemit_red_decl(ci__cemit *E, const ci__kernel *k, ci_dtype in_dt, const char *lvl) {
    const char *init = "0";
    int id = ci__cemit_acc(E, k), rt = k->rtype;
    if (ci__dtype_is_float(in_dt)) {
        int f = in_dt == CI_F32;
        if (rt == CI__RED_PROD) init = "1";
        if (rt == CI__RED_MAX || rt == CI__RED_ARGMAX || rt == CI__RED_CUMMAX)
            init = f ? "-ci_inf_f" : "-ci_inf_d";
        if (rt == CI__RED_MIN || rt == CI__RED_ARGMIN || rt == CI__RED_CUMMIN)
            init = f ? "ci_inf_f" : "ci_inf_d";
        if (rt == CI__RED_LOGSUMEXP) init = "-ci_inf_d";
    } else {
        if (rt == CI__RED_PROD || rt == CI__RED_ALL) init = "1";
        if (rt == CI__RED_MAX || rt == CI__RED_ARGMAX || rt == CI__RED_CUMMAX)
            init = in_dt == CI_BOOL ? "0" : "(-9223372036854775807LL - 1)";
        if (rt == CI__RED_MIN || rt == CI__RED_ARGMIN || rt == CI__RED_CUMMIN)
            init = in_dt == CI_BOOL ? "1" : "9223372036854775807LL";
    }
    ci__sb_printf(E->sb, "%s%s acc%d = %s;\n", lvl, ci__cemit_red_acct(k, in_dt), id, init);
    if (rt == CI__RED_ARGMAX || rt == CI__RED_ARGMIN || rt == CI__RED_CUMMAX ||
        rt == CI__RED_CUMMIN)
        ci__sb_printf(E->sb, "%slong long acc_i%d = 0, ri%d = 0;\n", lvl, id, id);
    if (rt == CI__RED_WELFORD)
        ci__sb_printf(E->sb, "%sdouble w_mean%d = 0, w_n%d = 0;\n", lvl, id, id);
}

/* fold value v<b> into accumulator k */
static void ci__cemit_red_update(ci__cemit *E, const ci__kernel *k, ci_dtype in_dt, const char *b,
                                 const char *ind) {
    ci__sb *sb = E->sb;
    int isf = ci__dtype_is_float(in_dt), id = ci__cemit_acc(E, k);
    switch (k->rtype) {
    case CI__RED_SUM: ci__sb_printf(sb, "%sacc%d += %s;\n", ind, id, b); break;
    case CI__RED_PROD: ci__sb_printf(sb, "%sacc%d *= %s;\n", ind, id, b); break;
    case CI__RED_MAX: case CI__RED_MIN:
        if (isf) /* ci_max_f(acc, v) without the call: a NaN sticks, else the larger, ties take v */
            ci__sb_printf(sb, "%sif (acc%d == acc%d && !(acc%d %s %s)) acc%d = %s;\n", ind, id, id,
                          id, k->rtype == CI__RED_MAX ? ">" : "<", b, id, b);
        else
            ci__sb_printf(sb, "%sif (%s %s acc%d) acc%d = %s;\n", ind, b,
                          k->rtype == CI__RED_MAX ? ">" : "<", id, id, b);
        break;
    case CI__RED_ANY: ci__sb_printf(sb, "%sacc%d = acc%d || %s;\n", ind, id, id, b); break;
    case CI__RED_ALL: ci__sb_printf(sb, "%sacc%d = acc%d && %s;\n", ind, id, id, b); break;
    case CI__RED_XOR_SUM: ci__sb_printf(sb, "%sacc%d ^= %s;\n", ind, id, b); break;
    case CI__RED_WELFORD:
        ci__sb_printf(sb,
                      "%s{ double w_d = (double)%s - w_mean%d; w_n%d += 1; w_mean%d += w_d / "
                      "w_n%d; acc%d += w_d * ((double)%s - w_mean%d); }\n",
                      ind, b, id, id, id, id, id, b, id);
        break;
    case CI__RED_ARGMAX: case CI__RED_ARGMIN:
        if (isf)
            ci__sb_printf(sb,
                          "%sif (%s %s acc%d || (%s != %s && acc%d == acc%d)) { acc%d = %s; "
                          "acc_i%d = ri%d; }\n",
                          ind, b, k->rtype == CI__RED_ARGMAX ? ">" : "<", id, b, b, id, id, id, b,
                          id, id);
        else
            ci__sb_printf(sb, "%sif (%s %s acc%d) { acc%d = %s; acc_i%d = ri%d; }\n", ind, b,
                          k->rtype == CI__RED_ARGMAX ? ">" : "<", id, id, b, id, id);
        ci__sb_printf(sb, "%sri%d++;\n", ind, id);
        break;
    case CI__RED_LOGSUMEXP:   /* log(exp(acc) + exp(v)), stably */
        ci__sb_printf(sb,
                      "%s{ double lo = acc%d < (double)%s ? acc%d : (double)%s, hi = acc%d < "
                      "(double)%s ? (double)%s : acc%d;\n",
                      ind, id, b, id, b, id, b, b, id);
        ci__sb_printf(sb,
                      "%s  if (%s != %s) acc%d = %s; else if (acc%d == acc%d && (lo != hi || (lo - "
                      "lo) == 0)) acc%d = hi + log1p(exp(lo - hi)); }\n",
                      ind, b, b, id, b, id, id, id);
        break;
    case CI__RED_CUMMAX:
    case CI__RED_CUMMIN: /* PyTorch: a NaN always takes over; ties take the later index */
        if (isf)
            ci__sb_printf(sb,
                          "%sif (%s != %s || (acc%d == acc%d && %s %s acc%d)) { acc%d = %s; "
                          "acc_i%d = ri%d; }\n",
                          ind, b, b, id, id, b, k->rtype == CI__RED_CUMMAX ? ">=" : "<=", id, id, b,
                          id, id);
        else
            ci__sb_printf(sb, "%sif (%s %s acc%d) { acc%d = %s; acc_i%d = ri%d; }\n", ind, b,
                          k->rtype == CI__RED_CUMMAX ? ">=" : "<=", id, id, b, id, id);
        break;
    }
}

/* "out[index] = value" in the buffer's storage type; vt: the value's C type */
static void ci__cemit_store(ci__cemit *E, const ci__buf *b, ci__ix *ix, const char *val,
                            const char *vt, const char *ind) {
    const char *conv = b->dt == CI_F16    ? "ci_f2h"
                       : b->dt == CI_BF16 ? "ci_f2bf"
                                          : "",
               *ct = ci__cemit_ctype(b->dt);
    ci__sb_printf(E->sb, "%s%s[", ind, ci__cemit_bname(E, b));
    ci__ix_print_w(E->sb, ix, ci__cemit_varname, E, E->it->ll);
    if (!strcmp(vt, ct)) ci__sb_printf(E->sb, *conv ? "] = %s(%s);\n" : "] = %s%s;\n", conv, val);
    else ci__sb_printf(E->sb, "] = %s((%s)%s);\n", conv, ct, val);
}

/* a scan or a scatter: one kernel, the old way */
static void ci__cemit_single(ci__cemit *E, ci__kernel *k) {
    ci__L *L = E->L;
    ci__sb *sb = E->sb;
    int i, scan = k->kind == CI__K_SCAN;
    char lvl[64], inner[80];
    ci_dtype in_dt = k->body->dt;
    ci__cemit_begin(E, k->ndim, k->vars, k->nr, k->rvars);
    ci__cemit_count(E, k->body, NULL);
    if (!scan) {
        ci__v *iv[CI__IR_VARGS];
        int ni = 0;
        ci__ir_collect_indirect(L, k->sidx, iv, &ni);
        for (i = 0; i < ni; i++) ci__cemit_count(E, iv[i], NULL);
    }
    ci__sb_printf(sb, "\n/* %s%s%s%s: %s %s", k->grp->name, k->grp->ops ? " (" : "",
                  k->grp->ops ? k->grp->ops : "", k->grp->ops ? ")" : "",
                  scan          ? "scan"
                  : k->disjoint ? "concat slice"
                                : "scatter",
                  scan ? ci__ir_red_name[k->rtype] : "");
    ci__sb_printf(sb, " -> %s */\n", ci__cemit_bname(E, k->out));
    ci__sb_printf(sb, "static void %s(void **B, long long x0_begin, long long x0_end) {\n",
                  k->grp->name);
    E->outmark[k->out->id] = E->epoch;
    ci__cemit_out_decl(E, k->out);
    ci__cemit_reads(E, k);
    ci__cemit_loops_open(E, k->ndim, k->size, 0);
    snprintf(lvl, sizeof lvl, "%*s", 4 * ((k->ndim ? k->ndim : 1) + 1), "");
    E->indent = lvl;
    if (scan) {
        ci__ix *idx[CI_MAX_DIMS];
        int d, o = 0;
        char val[32];
        ci__cemit_value(E, k->body, 1);
        ci__cemit_red_decl(E, k, in_dt, lvl);
        for (i = 0; i < k->nr; i++)
            ci__sb_printf(sb, "%s%*sfor (long long r%d = 0; r%d < %lldLL; r%d++) {\n", lvl, 4 * i,
                          "", i, i, (long long)k->rsize[i], i);
        snprintf(inner, sizeof inner, "%s%*s", lvl, 4 * k->nr, "");
        E->indent = inner;
        ci__cemit_value(E, k->body, 2);
        ci__cemit_red_update(E, k, in_dt, ci__cemit_ref(E, k->body), inner);
        for (d = 0; d < k->out->ndim; d++) idx[d] = d == k->sdim ? k->rvars[0] : k->vars[o++];
        snprintf(val, sizeof val, k->sout ? "acc_i%d" : "acc%d", ci__cemit_acc(E, k));
        ci__cemit_store(E, k->out, ci__ir_buf_index(L, k->out, idx), val,
                        k->sout ? "long long" : ci__cemit_red_acct(k, in_dt), inner);
        if (k->rtype == CI__RED_CUMMAX || k->rtype == CI__RED_CUMMIN)
            ci__sb_printf(sb, "%sri%d++;\n", inner, ci__cemit_acc(E, k));
        for (i = k->nr - 1; i >= 0; i--) ci__sb_printf(sb, "%s%*s}\n", lvl, 4 * i, "");
    } else {
        ci__v *iv[CI__IR_VARGS];
        int ni = 0, isf = ci__dtype_is_float(k->out->dt), f32 = k->out->dt != CI_F64;
        const char *ld = k->out->dt == CI_F16 ? "ci_h2f" : k->out->dt == CI_BF16 ? "ci_bf2f" : "";
        const char *st = k->out->dt == CI_F16 ? "ci_f2h" : k->out->dt == CI_BF16 ? "ci_f2bf" : "";
        const char *ct = ci__cemit_ctype(k->out->dt);
        ci__cemit_value(E, k->body, 0);
        ci__ir_collect_indirect(L, k->sidx, iv, &ni);
        for (i = 0; i < ni; i++) ci__cemit_value(E, iv[i], 0);
        ci__sb_printf(sb, "%s{ long long si = ", lvl);
        ci__ix_print(sb, k->sidx, ci__cemit_varname, E);
        ci__sb_printf(sb, "; %s old = %s(%s[si]); %s nv = (%s)%s; ", ct, ld,
                      ci__cemit_bname(E, k->out), ct, ct, ci__cemit_ref(E, k->body));
        if (k->smode == CI__SC_ADD || k->smode == CI__SC_MUL) {
            const char *op = k->smode == CI__SC_ADD ? "+" : "*";
            if (k->out->dt == CI_BOOL)
                ci__sb_printf(sb, "nv = old %s nv; ", k->smode == CI__SC_ADD ? "||" : "&&");
            else if (isf) ci__sb_printf(sb, "nv = old %s nv; ", op);
            else
                ci__sb_printf(sb, "nv = (%s)((unsigned long long)old %s (unsigned long long)nv); ",
                              ct, op);
        }
        if (k->smode == CI__SC_MAX || k->smode == CI__SC_MIN) {
            const char *mm = k->smode == CI__SC_MAX ? "max" : "min";
            if (isf) ci__sb_printf(sb, "nv = ci_%s_%s(old, nv); ", mm, f32 ? "f" : "d");
            else
                ci__sb_printf(sb, "nv = old %s nv ? old : nv; ",
                              k->smode == CI__SC_MAX ? ">" : "<");
        }
        if (k->smode == CI__SC_STORE) ci__sb_put(sb, "(void)old; ");
        ci__sb_printf(sb, "%s[si] = %s(nv); }\n", ci__cemit_bname(E, k->out), st);
    }
    ci__cemit_loops_close(E, k->ndim, 0);
    ci__sb_put(sb, "}\n");
    ci__cemit_end(E, k->nr, k->rvars);
}

/* a fused kernel: the outer loops, and in them one block per phase: the pointwise members
   outside the reduction loops, then one loop over the reduction variables computing every
   inner member of the phase, then the reductions' results */
/* should phase p's innermost reduction loop be unrolled? only sums, max/min and xor_sum (whose
   order of combination does not matter, or matters at double rounding) and pointwise stores */
#define CI__CEMIT_UNROLL 8
static int ci__cemit_phase_unroll(const ci__group *g, int p) {
    int j, nred = 0;
    if (g->t.nr == 0 || g->t.rsize[g->t.nr - 1] < 4 * CI__CEMIT_UNROLL) return 1;
    for (j = 0; j < g->m.n; j++) {
        const ci__kernel *k = (const ci__kernel *)g->m.v[j];
        if (!k->emit || !k->inner || k->phase != p) continue;
        if (k->kind != CI__K_REDUCTION) continue;
        if (k->rtype != CI__RED_SUM && k->rtype != CI__RED_MAX && k->rtype != CI__RED_MIN &&
            k->rtype != CI__RED_XOR_SUM)
            return 1;
        nred++;
    }
    return nred ? CI__CEMIT_UNROLL : 1;
}

/* fold value b into reduction k's accumulator acc<id> (part < 0) or acc<id>_<part> */
static void ci__cemit_red_fold(ci__cemit *E, const ci__kernel *k, ci_dtype in_dt, int part,
                               const char *b, const char *ind) {
    char acc[40];
    if (part < 0) snprintf(acc, sizeof acc, "acc%d", ci__cemit_acc(E, k));
    else snprintf(acc, sizeof acc, "acc%d_%d", ci__cemit_acc(E, k), part);
    if (k->rtype == CI__RED_SUM) ci__sb_printf(E->sb, "%s%s += %s;\n", ind, acc, b);
    else if (k->rtype == CI__RED_XOR_SUM) ci__sb_printf(E->sb, "%s%s ^= %s;\n", ind, acc, b);
    else if (ci__dtype_is_float(in_dt))
        ci__sb_printf(E->sb, "%sif (%s == %s && !(%s %s %s)) %s = %s;\n", ind, acc, acc, acc,
                      k->rtype == CI__RED_MAX ? ">" : "<", b, acc, b);
    else
        ci__sb_printf(E->sb, "%sif (%s %s %s) %s = %s;\n", ind, b,
                      k->rtype == CI__RED_MAX ? ">" : "<", acc, acc, b);
}

/* one point of phase p's loop: every inner member's value, folded or stored; part >= 0: an
   unrolled copy, folding into accumulator part */
static void ci__cemit_loop_body(ci__cemit *E, ci__group *g, int p, const char *ind, int part) {
    int j, i;
    E->indent = ind;
    E->nscoped = 0; E->in_loop = 1;
    for (j = 0; j < g->m.n; j++) {
        ci__kernel *k = (ci__kernel *)g->m.v[j];
        if (!k->emit || !k->inner || k->phase != p) continue;
        ci__cemit_value(E, k->gbody, 2);
        if (k->kind == CI__K_REDUCTION) {
            if (part >= 0)
                ci__cemit_red_fold(E, k, k->gbody->dt, part, ci__cemit_ref(E, k->gbody), ind);
            else ci__cemit_red_update(E, k, k->gbody->dt, ci__cemit_ref(E, k->gbody), ind);
        } else if (k->store)
            ci__cemit_store(E, k->out, k->st_ix, ci__cemit_ref(E, k->gbody),
                            ci__cemit_ctype(k->gbody->dt), ind);
    }
    E->in_loop = 0;
    /* those temps ended with the block */
    for (i = 0; i < E->nscoped; i++) E->done[E->scoped[i]] = 0;
}

static void ci__cemit_group(ci__cemit *E, ci__group *g) {
    ci__sb *sb = E->sb;
    const ci__ir_tiling *T = &g->t;
    int i, j, p, unroll, collapse, coop = 0, tx = 1, ty = 1;
    char lvl[64], inner[96], once[96];
    ci__cemit_begin(E, T->ndim, T->vars, T->nr, T->rvars);
    for (j = 0; j < g->m.n; j++) {
        ci__kernel *k = (ci__kernel *)g->m.v[j];
        if (k->emit) ci__cemit_count(E, k->gbody, NULL);
    }
    ci__sb_printf(sb, "\n/* %s%s%s%s:", g->name, g->ops ? " (" : "", g->ops ? g->ops : "",
                  g->ops ? ")" : "");
    for (j = 0; j < g->m.n; j++) {
        ci__kernel *k = (ci__kernel *)g->m.v[j];
        if (!k->emit) continue;
        ci__sb_printf(sb, " %s%s%s",
                      k->kind == CI__K_REDUCTION ? ci__ir_red_name[k->rtype] : "pointwise",
                      k->store ? " -> " : "", k->store ? ci__cemit_bname(E, k->out) : "");
        if (j + 1 < g->m.n) ci__sb_put(sb, ";");
    }
    ci__sb_put(sb, " */\n");
    ci__sb_printf(sb, "static void %s(void **B, long long x0_begin, long long x0_end) {\n",
                  g->name);
    for (j = 0; j < g->m.n; j++) {
        ci__kernel *k = (ci__kernel *)g->m.v[j];
        if (k->store) E->outmark[k->out->id] = E->epoch;
    }
    for (j = 0; j < g->m.n; j++) {
        ci__kernel *k = (ci__kernel *)g->m.v[j];
        if (k->emit) ci__cemit_reads(E, k);
    }
    for (j = 0; j < g->m.n; j++) {
        ci__kernel *k = (ci__kernel *)g->m.v[j];
        if (k->store) ci__cemit_out_decl(E, k->out);
    }
    collapse = ci__cemit_collapse(g, E->cuda);
    g->cu_tx = g->cu_ty = g->cu_tile = 0;   /* (>>cuemit's choices, made anew) */
    if (E->cuda) coop = ci__cuemit_coop(E, g, &tx, &ty);
    /* 32-bit indexing, in the kernels that do not reduce (measured on an H100: blur3x3's
       kernel 1.9x faster; cooperative reductions 5-9% slower, so they keep 64-bit) */
    if (E->cuda && !T->nr && ci__cuemit_i32(E, g)) E->it = &ci__cemit_i32;
    if (E->cuda && !coop && ci__cuemit_tiled(E, g)) {   /* one loop over a thread's points */
        collapse = T->ndim;
        ci__cuemit_tile_open(E, g);
    } else {
        /* a GPU thread takes points a block's width apart (>>cuemit's entries) */
        E->strided = E->cuda && !coop;
        ci__cemit_loops_open(E, T->ndim, T->size, collapse);
        E->strided = 0;
    }
    snprintf(lvl, sizeof lvl, "%*s",
             4 * ((T->ndim ? T->ndim : 1) + 1 - (collapse ? collapse - 1 : 0)), "");
    snprintf(inner, sizeof inner, "%s%*s", lvl, 4 * (coop ? 1 : T->nr), "");
    /* a cooperative kernel's threads share each point: one of them stores what is outside the
       reduction loops */
    snprintf(once, sizeof once, "%s%s", lvl, coop ? "if (threadIdx.y == 0) " : "");
    for (p = 0; p < g->nphase; p++) {
        int ninner = 0;
        char val[32];
        E->indent = lvl;
        for (j = 0; j < g->m.n; j++) {
            ci__kernel *k = (ci__kernel *)g->m.v[j];
            if (!k->emit || k->phase != p) continue;
            if (k->inner) { ninner++; continue; }
            ci__cemit_value(E, k->gbody, 0);
            if (k->store)
                ci__cemit_store(E, k->out, k->st_ix, ci__cemit_ref(E, k->gbody),
                                ci__cemit_ctype(k->gbody->dt), once);
        }
        if (!ninner) continue;
        /* hoisted: values that do not depend on the reduction variables */
        for (j = 0; j < g->m.n; j++) {
            ci__kernel *k = (ci__kernel *)g->m.v[j];
            if (k->emit && k->inner && k->phase == p) ci__cemit_value(E, k->gbody, 1);
        }
        for (j = 0; j < g->m.n; j++) {
            ci__kernel *k = (ci__kernel *)g->m.v[j];
            if (k->emit && k->inner && k->phase == p && k->kind == CI__K_REDUCTION)
                ci__cemit_red_decl(E, k, k->gbody->dt, lvl);
        }
        unroll = coop ? 1 : ci__cemit_phase_unroll(g, p);
        /* the unrolled loop's accumulators, from the same start */
        for (j = 0; unroll > 1 && j < g->m.n; j++) {
            ci__kernel *k = (ci__kernel *)g->m.v[j];
            int u;
            if (!k->emit || !k->inner || k->phase != p || k->kind != CI__K_REDUCTION) continue;
            for (u = 0; u < unroll; u++)
                ci__sb_printf(sb, "%s%s acc%d_%d = acc%d;\n", lvl,
                              ci__cemit_red_acct(k, k->gbody->dt), ci__cemit_acc(E, k), u,
                              ci__cemit_acc(E, k));
        }
        for (i = 0; !coop && i < T->nr - (unroll > 1); i++)
            ci__sb_printf(sb, "%s%*sfor (long long r%d = 0; r%d < %lldLL; r%d++) {\n", lvl, 4 * i,
                          "", i, i, (long long)T->rsize[i], i);
        if (T->nr == 0) ci__sb_printf(sb, "%s{\n", lvl);
        if (coop) {
            ci__cuemit_loop(E, g, p, ty, lvl);
            E->indent = lvl;
            ci__cuemit_combine(E, g, p, tx, ty, lvl);
        } else if (unroll > 1) {
            /* the innermost reduction loop, UNROLL points a step, each reduction with UNROLL
               accumulators (TCC keeps them apart, so the adds do not wait on each other), then
               the remaining points into the main accumulator */
            int u, last = T->nr - 1;
            long long n = (long long)T->rsize[last];
            char uind[112], ublk[120];
            snprintf(uind, sizeof uind, "%s%*s", lvl, 4 * last, "");
            ci__sb_printf(sb, "%sfor (long long r%d_u = 0; r%d_u < %lldLL; r%d_u += %d) {\n", uind,
                          last, last, n - n % unroll, last, unroll);
            snprintf(ublk, sizeof ublk, "%s        ", uind);
            for (u = 0; u < unroll; u++) {
                ci__sb_printf(sb, "%s    { long long r%d = r%d_u + %d;\n", uind, last, last, u);
                ci__cemit_loop_body(E, g, p, ublk, u);
                ci__sb_printf(sb, "%s    }\n", uind);
            }
            ci__sb_printf(sb, "%s}\n", uind);
            if (n % unroll) {   /* the points left over */
                ci__sb_printf(sb, "%sfor (long long r%d = %lldLL; r%d < %lldLL; r%d++) {\n", uind,
                              last, n - n % unroll, last, n, last);
                ci__cemit_loop_body(E, g, p, inner, -1);
                ci__sb_printf(sb, "%s}\n", uind);
            }
            for (i = T->nr - 2; i >= 0; i--) ci__sb_printf(sb, "%s%*s}\n", lvl, 4 * i, "");
            for (j = 0; j < g->m.n; j++) {   /* the accumulators into one, pairwise order fixed */
                ci__kernel *k = (ci__kernel *)g->m.v[j];
                char part[40];
                if (!k->emit || !k->inner || k->phase != p || k->kind != CI__K_REDUCTION) continue;
                for (u = 0; u < unroll; u++) {
                    snprintf(part, sizeof part, "acc%d_%d", ci__cemit_acc(E, k), u);
                    ci__cemit_red_fold(E, k, k->gbody->dt, -1, part, lvl);
                }
            }
        } else {
            ci__cemit_loop_body(E, g, p, T->nr ? inner : lvl, -1);
            for (i = (T->nr ? T->nr : 1) - 1; i >= 0; i--)
                ci__sb_printf(sb, "%s%*s}\n", lvl, 4 * i, "");
        }
        E->indent = lvl;
        /* the results, as a load of the stored value would see them */
        for (j = 0; j < g->m.n; j++) {
            ci__kernel *k = (ci__kernel *)g->m.v[j];
            const ci__buf *b = k->out;
            int id = ci__cemit_acc(E, k);
            if (!k->emit || !k->inner || k->phase != p || k->kind != CI__K_REDUCTION) continue;
            ci__sb_printf(sb, "%s%s %s = ", lvl, ci__cemit_ctype(k->acc->dt),
                          ci__cemit_tmp(E, k->acc->id));
            if (k->rtype == CI__RED_ARGMAX || k->rtype == CI__RED_ARGMIN)
                ci__sb_printf(sb, "acc_i%d;\n", id);
            else if (b->dt == CI_F16) ci__sb_printf(sb, "ci_h2f(ci_f2h((float)acc%d));\n", id);
            else if (b->dt == CI_BF16) ci__sb_printf(sb, "ci_bf2f(ci_f2bf((float)acc%d));\n", id);
            else if (!strcmp(ci__cemit_ctype(b->dt), ci__cemit_red_acct(k, k->gbody->dt)))
                ci__sb_printf(sb, "acc%d;\n", id);
            else ci__sb_printf(sb, "(%s)acc%d;\n", ci__cemit_ctype(b->dt), id);
            E->done[k->acc->id] = E->epoch;
            E->expr[k->acc->id] = NULL;
            snprintf(val, sizeof val, "%s", ci__cemit_tmp(E, k->acc->id));
            if (k->store) ci__cemit_store(E, b, k->st_ix, val, ci__cemit_ctype(k->acc->dt), once);
        }
    }
    ci__cemit_loops_close(E, T->ndim, collapse);
    ci__sb_put(sb, "}\n");
    ci__cemit_end(E, T->nr, T->rvars);
    E->it = &ci__cemit_i64;
}

/* the whole compile unit; group_line[i] receives the first line of live group i */
/* write the prelude that the body names (and what its entries name); returns its lines */
static int ci__cemit_prelude(ci__L *L, ci__sb *sb, const char *body, size_t n, int cuda) {
    int nl = CI__CEMIT_NLIBM, j, more = 1, lines = 0;
    char *need = CI__NEWN(L->LA, char, CI__CEMIT_NPRE + nl);
    ci__sb t;
    size_t start = sb->n, k;
    ci__sb_init(&t, L->LA);
    ci__cemit_scan(body, n, need);
    while (more) {   /* what the entries written need: each entry's text once */
        more = 0;
        for (j = 0; j < CI__CEMIT_NPRE; j++) {
            if (need[j] != 1 && ci__cemit_prelude_tab[j].name) continue;
            if (need[j] == 2) continue;
            need[j] = 2;
            more = 1;
            t.n = 0;
            ci__sb_put(&t, "");
            ci__cemit_text(&t, ci__cemit_prelude_tab[j].src);
            ci__cemit_scan(t.s, t.n, need);
        }
    }
    ci__sb_put(sb, "/* generated by cinductor " CI_VERSION_STRING " */\n");
    /* the runtime's functions and the codes, the prototypes, the helpers */
    for (j = 0; j < CI__CEMIT_NPRE; j++) {
        if (j == 3)
            for (k = 0; k < (size_t)nl; k++)
                if (need[CI__CEMIT_NPRE + k])
                    ci__sb_printf(sb, ci__cemit_libm_proto(ci__cemit_libm[k][1]),
                                  ci__cemit_libm[k][0]);
        if (!need[j]) continue;
        if (cuda && ci__cemit_prelude_tab[j].name &&
            !strcmp(ci__cemit_prelude_tab[j].name, "ci_flag"))
            ci__sb_put(sb, ci__cuemit_flag());   /* first failing thread wins (>>cuemit) */
        else ci__cemit_text(sb, ci__cemit_prelude_tab[j].src);
    }
    for (k = 0; cuda && k < (size_t)nl; k++)   /* the host library's own functions */
        if (need[CI__CEMIT_NPRE + k] && !strncmp(ci__cemit_libm[k][0], "ci_", 3))
            ci__sb_printf(sb, CI__CUEMIT_NOGPU "%s has no CUDA version yet\"\n",
                          ci__cemit_libm[k][0]);
    for (k = start; k < sb->n; k++) lines += sb->s[k] == '\n';
    return lines;
}

/* how many indices of a group's outermost loop its kernel function runs over (the thread
   pool's range; a short first dim runs together with the second) */
static long long ci__cemit_extent(const ci__group *g, int cuda) {
    const ci__kernel *k = (const ci__kernel *)g->m.v[0];
    long long n = g->t.ndim ? g->t.size[0] : 1;
    int i, c = ci__cemit_collapse(g, cuda);
    if (!g->fused) return k->ndim ? k->size[0] : 1;
    for (i = 1; i < c; i++) n *= g->t.size[i];
    return n;
}

/* the program: its kernels, then ci_main (or, for CUDA, the kernels' __global__ entries) */
static void ci__cemit_program(ci__L *L, ci__sb *sb, int *group_line, int cuda) {
    ci__sb *out = sb;
    int i, nk = 0, line = 1, pre = 0;
    size_t counted = 0;
    ci__cemit E;
    ci__sb body;
    memset(&E, 0, sizeof E);
    ci__sb_init(&body, L->LA);
    ci__sb_put(&body, "");
    E.L = L;
    E.sb = &body;
    E.cuda = cuda;
    E.it = &ci__cemit_i64;
    E.nvars = L->ixt.nvars;
    E.indirect = CI__NEWN(L->LA, char, E.nvars + 1);
    for (i = 0; i < E.nvars; i++) E.indirect[i] = L->ixt.var_val[i] != NULL;
    E.names = CI__NEWN(L->LA, const char *, E.nvars + 1);
    E.rmask = CI__NEWN(L->LA, char, E.nvars + 1);
    E.done = CI__NEWN(L->LA, int, L->vt.n + 1);
    E.rdep = CI__NEWN(L->LA, int, L->vt.n + 1);
    E.scoped = CI__NEWN(L->LA, int, L->vt.n + 1);
    E.bufdecl = CI__NEWN(L->LA, int, L->bufs.n + 1);
    E.outmark = CI__NEWN(L->LA, int, L->bufs.n + 1);
    E.bname = CI__NEWN(L->LA, const char *, L->bufs.n + 1);
    E.user = CI__NEWN(L->LA, const char *, L->bufs.n + 1);
    E.tnum = CI__NEWN(L->LA, int, L->vt.n + 1);
    E.tep = CI__NEWN(L->LA, int, L->vt.n + 1);
    E.anum = CI__NEWN(L->LA, int, L->kernels.n + 1);
    E.aep = CI__NEWN(L->LA, int, L->kernels.n + 1);
    E.uses = CI__NEWN(L->LA, int, L->vt.n + 1);
    E.parent = CI__NEWN(L->LA, ci__v *, L->vt.n + 1);
    E.expr = CI__NEWN(L->LA, const char *, L->vt.n + 1);
    E.depth = CI__NEWN(L->LA, int, L->vt.n + 1);
    E.hoist = CI__NEWN(L->LA, int, L->vt.n + 1);
    E.seen = CI__NEWN(L->LA, int, L->vt.n + 1);
    E.stk = CI__NEWN(L->LA, ci__v *, L->vt.n + 1);
    E.rstk = CI__NEWN(L->LA, ci__v *, L->vt.n + 1);
    E.stki = CI__NEWN(L->LA, int, L->vt.n + 1);
    E.rstki = CI__NEWN(L->LA, int, L->vt.n + 1);
    ci__sb_init(&E.rhs, L->LA);
    for (i = 0; i < CI_MAX_DIMS; i++) {
        snprintf(E.xname[i], sizeof E.xname[i], "x%d", i);
        snprintf(E.rname[i], sizeof E.rname[i], "r%d", i);
    }
    for (i = 0; i < L->groups.n; i++) {
        ci__group *g = (ci__group *)L->groups.v[i];
        ci__kernel *k = (ci__kernel *)g->m.v[0];
        if (!g->live) continue;
        if (!g->fused && k->kind == CI__K_EXTERN) { group_line[nk++] = -1; continue; }
        /* from where the last group began */
        for (; counted < body.n; counted++) line += body.s[counted] == '\n';
        group_line[nk++] = line;
        if (g->fused) ci__cemit_group(&E, g);
        else ci__cemit_single(&E, k);
    }
    sb = &body;
    if (cuda) ci__cuemit_entries(L, sb);
    else ci__sb_put(sb, "\nint ci_main(void **B, void *rt) {\n");
    for (i = 0, nk = 0; i < L->groups.n && !cuda; i++) {
        ci__group *g = (ci__group *)L->groups.v[i];
        ci__kernel *k = (ci__kernel *)g->m.v[0];
        long long n = ci__cemit_extent(g, 0);
        if (!g->live) continue;
        if (!g->fused && k->kind == CI__K_EXTERN)
            ci__sb_printf(sb, "    if (ci_rt_extern(rt, %d, B)) return CI_MAIN_EXTERN_FAILED;\n",
                          nk);
        else {
            if (!g->fused && k->kind == CI__K_SCATTER && !k->disjoint)
                ci__sb_printf(sb, "    %s(B, 0, %lldLL);\n", g->name, n);
            else ci__sb_printf(sb, "    ci_rt_parallel(rt, %s, %lldLL, B);\n", g->name, n);
            ci__sb_printf(sb, "    if (*(int *)B[%d]) return CI_MAIN_CHECK_FAILED;\n", L->err_slot);
        }
        nk++;
    }
    if (!cuda) ci__sb_put(sb, "    return CI_MAIN_OK;\n}\n");
    sb = E.sb = out;
    for (counted = 0; counted < sb->n; counted++) pre += sb->s[counted] == '\n';
    pre += ci__cemit_prelude(L, sb, body.s, body.n, cuda);
    for (i = 0; i < nk; i++) if (group_line[i] > 0) group_line[i] += pre;
    ci__sb_put(sb, body.s);
}

/* the program's C source into p->source; the first line of each live group's kernel */
static int *ci__cemit_source(ci_program *p) {
    ci__sb sb;
    int *kl = CI__NEWN(p->A, int, p->nkernels + 1);
    p->src_lines = kl;
    /* the source: a block of its own, given back as it grows (no old copies stay); the
       emitter's tables: scratch */
    ci__sb_init(&sb, p->A);
    ci__lower_scratch(p->L);
    ci__cemit_program(p->L, &sb, kl, 0);
    ci__lower_free_scratch(p->L);
    p->source = ci__sb_str(&sb);
    return kl;
}

/* ---------------------------------------------------------------------------------------
   >>cuemit  kernel IR -> CUDA C source and the launch of each kernel
   The same fused kernels as >>cemit's, written as CUDA C for NVRTC (ci__cuemit_source), with
   one launch (ci__cuda_launch) per live kernel for >>cuda to run.
   --------------------------------------------------------------------------------------- */
/* The kernels are >>cemit's, compiled by NVRTC with -default-device (a function without a
   qualifier is a device function); each fused kernel gets a __global__ entry that runs over
   the points of its outer loop a grid at a time. A kernel that does not reduce runs a thread a
   point. One that reduces is cooperative (ci__cuemit_coop): a block of tx * ty threads takes
   tx neighbouring points, the ty threads of a point take the reduction's points in turn, and
   their partial results are combined across the block (ci__cuemit_combine) in a fixed order,
   so a run gives the same bits every time. Whether the threads of a warp share a point (ty,
   a row reduction: they read a row's neighbouring elements) or take neighbouring points (tx, a
   reduction over an outer dim: they read a row of points) follows the loads' strides. A
   scatter whose points may meet runs on one thread, in order. The pointer table B is in device
   memory. The run-time error record is set with an atomic, so the first failing check wins as
   on the CPU. Extern kernels run on the host (>>cuda copies their operands). The host
   library's math (erfinv, digamma, i0, the random generators) has no device version yet: a
   program that needs it is refused. */
static const char *ci__cuemit_flag(void) {
    return "static void ci_flag(void *rec, int code, int site, long long value) {\n"
           "    ci_rterr *e = (ci_rterr *)rec;\n"
           "    if (atomicCAS(&e->code, 0, -1) != 0) return;\n"
           "    e->site = site;\n"
           "    e->value = value;\n"
           "    __threadfence();\n"
           "    atomicExch(&e->code, code);\n"
           "}\n";
}

/* the coefficient of variable v in the flat index e (0: none, or not a plain term) */
static int64_t ci__cuemit_coef(const ci__ix *e, const ci__ix *v) {
    int i;
    if (e == v) return 1;
    for (i = 0; e->kind == CI__IX_SUM && i < e->nterms; i++)
        if (e->atom[i] == v) return e->coef[i];
    return 0;
}

/* the names of reduction k's state: acc (and acc_i for an argmax, w_mean and w_n for Welford),
   with their C types; returns how many */
static int ci__cuemit_state(const ci__kernel *k, const char **nm, const char **on,
                            const char **ty) {
    int n = 1, rt = k->rtype;
    nm[0] = "acc";
    on[0] = "o";
    ty[0] = ci__cemit_red_acct(k, k->gbody->dt);
    if (rt == CI__RED_ARGMAX || rt == CI__RED_ARGMIN) {
        nm[n] = "acc_i"; on[n] = "oi"; ty[n++] = "long long";
    }
    if (rt == CI__RED_WELFORD) {
        nm[n] = "w_mean"; on[n] = "om"; ty[n++] = "double";
        nm[n] = "w_n"; on[n] = "on"; ty[n++] = "double";
    }
    return n;
}

/* the LOAD and INDEX nodes of group g's members, each once (>>ir's walk), into E->stk;
   returns how many */
static int ci__cuemit_ixnodes(ci__cemit *E, const ci__group *g) {
    ci__L *L = E->L;
    ci__ir_vwalk w;
    int j, n = 0, *marks = ci__ir_marks(L), epoch = L->epoch;
    ci__v *v;
    ci__ir_vw_open(L, &w);
    for (j = 0; j < g->m.n; j++) {
        const ci__kernel *k = (const ci__kernel *)g->m.v[j];
        if (k->emit) ci__ir_vw_push(&w, k->gbody, 0);
    }
    while ((v = ci__ir_vw_next(&w, marks, epoch)) != NULL)
        if (v->op == CI__V_LOAD || v->op == CI__V_INDEX) E->stk[n++] = v;
    ci__ir_vw_close(&w);
    return n;
}

/* the loads' strides: na counts the loads of group g that read along variable a with stride 1,
   nb those that read along b (when given) with stride 1 and not along a */
static void ci__cuemit_votes(ci__cemit *E, const ci__group *g, const ci__ix *a, const ci__ix *b,
                             int *na, int *nb) {
    int i, n = ci__cuemit_ixnodes(E, g);
    *na = *nb = 0;
    for (i = 0; i < n; i++) {
        const ci__v *v = E->stk[i];
        int64_t ca, cb;
        if (v->op != CI__V_LOAD) continue;
        ca = ci__cuemit_coef(v->ix, a);
        cb = b ? ci__cuemit_coef(v->ix, b) : 0;
        *na += ca == 1 || ca == -1;
        *nb += ca != 1 && ca != -1 && (cb == 1 || cb == -1);
    }
}

/* does group g reduce cooperatively, and with what block: tx points (a power of two that
   divides the points, so every thread of a block runs the same loops) and ty threads a point.
   The loads vote: one whose innermost reduction variable has stride 1 wants the warp along the
   reduction (tx 1); one with the innermost outer variable at stride 1 and not the reduction's
   wants it along the points. Sets g->cu_tx and g->cu_ty. */
static int ci__cuemit_coop(ci__cemit *E, ci__group *g, int *tx, int *ty) {
    const ci__ir_tiling *T = &g->t;
    long long n = 1, rn = 1;
    int i, j, rows = 0, cols = 0, slot = 0;
    if (!g->fused || T->nr == 0) return 0;
    for (i = 0; i < T->ndim; i++) n *= (long long)T->size[i];
    for (i = 0; i < T->nr; i++) rn *= (long long)T->rsize[i];
    for (j = 0; j < g->m.n; j++) {   /* the bytes of a thread's shared slots */
        const ci__kernel *k = (const ci__kernel *)g->m.v[j];
        if (k->emit && k->inner && k->kind == CI__K_REDUCTION) {
            const char *nm[3], *on[3], *ct[3];
            int s, ns = ci__cuemit_state(k, nm, on, ct);
            for (s = 0; s < ns; s++) slot += strcmp(ct[s], "int") ? 8 : 4;
        }
    }
    ci__cuemit_votes(E, g, T->rvars[T->nr - 1], T->ndim ? T->vars[T->ndim - 1] : NULL, &rows,
                     &cols);
    *tx = 1;
    if (cols > rows)
        while (*tx < 32 && n % (2 * *tx) == 0) *tx *= 2;
    if (slot > CI__CUEMIT_SHARED) return 0;   /* a thread a point */
    if (*tx == 1) {   /* a warp, or more, along each point's reduction (a slot a warp) */
        *ty = 32;
        while (*ty < 256 && *ty * 8 < rn) *ty *= 2;
        if (n < 64) while (*ty < 1024 && *ty * 8 < rn) *ty *= 2;
        while (*ty > 32 && *ty / 32 * slot > CI__CUEMIT_SHARED) *ty /= 2;
    } else {          /* tx points a warp row, ty rows of threads (a slot each) */
        *ty = 1;
        while (*tx * *ty < 1024 && *ty < rn && 2 * *tx * *ty * slot <= CI__CUEMIT_SHARED) *ty *= 2;
        if (*tx * *ty < 64 && 64 * slot <= CI__CUEMIT_SHARED) *ty = 64 / *tx;
    }
    g->cu_tx = *tx;
    g->cu_ty = *ty;
    return 1;
}

/* can group g's kernel index in 32-bit ints (the GPU's integer units do a 32-bit multiply-add
   in one instruction, a 64-bit one in several)? Only where its points and its reduction's
   fit with room to spare, and every index expression it prints, every partial sum of it, is
   bounded below 2^31 (ci__ix_bound: no indirect index, whose value is data). */
static int ci__cuemit_i32(ci__cemit *E, const ci__group *g) {
    const ci__ir_tiling *T = &g->t;
    const int64_t lim = INT32_MAX;
    int64_t n = 1;
    int i, j;
    for (i = 0; i < T->ndim; i++) {
        if (T->size[i] > lim || ci__util_mul_ovf(n, T->size[i], &n)) return 0;
    }
    if (n > lim / 8) return 0;
    for (i = 0, n = 1; i < T->nr; i++) {
        if (T->rsize[i] > lim || ci__util_mul_ovf(n, T->rsize[i], &n)) return 0;
    }
    if (n > lim / 8) return 0;
    for (j = 0; j < g->m.n; j++) {
        const ci__kernel *k = (const ci__kernel *)g->m.v[j];
        if (k->emit && k->store && ci__ix_bound(k->st_ix, E->indirect) > lim) return 0;
    }
    for (i = 0, n = ci__cuemit_ixnodes(E, g); i < n; i++)
        if (ci__ix_bound(E->stk[i]->ix, E->indirect) > lim) return 0;
    return 1;
}

/* A kernel that does not reduce and reads some buffer across its innermost dim (a transpose)
   runs in tiles of CI__CUEMIT_TILE x CI__CUEMIT_TILE points of its last two dims: a block of
   32 x 8 threads a tile, the warp along the last dim, each thread 4 rows. The reads across
   the rows then use whole cache lines within the block (through L1) instead of a line a
   point. Sets g->cu_tile. */
static int ci__cuemit_tiled(ci__cemit *E, ci__group *g) {
    const ci__ir_tiling *T = &g->t;
    int straight, across;
    if (!g->fused || T->nr || T->ndim < 2 || T->size[T->ndim - 1] < 2 || T->size[T->ndim - 2] < 2)
        return 0;
    ci__cuemit_votes(E, g, T->vars[T->ndim - 1], T->vars[T->ndim - 2], &straight, &across);
    g->cu_tile = across > 0;
    return g->cu_tile;
}

/* the tiles of group g (ci__cuemit_tiled): the kernel function's range is of tiles; each
   thread's points, as the variables x0.., skipping those past the edges */
static long long ci__cuemit_tiles(const ci__group *g) {
    const ci__ir_tiling *T = &g->t;
    long long n = 1;
    int i;
    for (i = 0; i < T->ndim - 2; i++) n *= (long long)T->size[i];
    return n * ((T->size[T->ndim - 2] + CI__CUEMIT_TILE - 1) / CI__CUEMIT_TILE) *
           ((T->size[T->ndim - 1] + CI__CUEMIT_TILE - 1) / CI__CUEMIT_TILE);
}

static void ci__cuemit_tile_open(ci__cemit *E, const ci__group *g) {
    const ci__ir_tiling *T = &g->t;
    int i, d = T->ndim, rows = CI__CUEMIT_TILE / 8;
    long long tc = (T->size[d - 1] + CI__CUEMIT_TILE - 1) / CI__CUEMIT_TILE,
              tr = (T->size[d - 2] + CI__CUEMIT_TILE - 1) / CI__CUEMIT_TILE, st = tc * tr;
    ci__sb *sb = E->sb;
    ci__sb_printf(sb, "    #pragma unroll %d\n", rows);
    ci__sb_printf(sb, "    for (%s q = %sx0_begin * %d; q < %sx0_end * %d; q++) {\n", E->it->ty,
                  E->it->cast, rows, E->it->cast, rows);
    ci__sb_printf(sb, "        %s t = q / %d;   /* the tile */\n", E->it->ty, rows);
    ci__sb_printf(sb, "        %s x%d = t %% %lld%s * %d + threadIdx.x;\n", E->it->ty, d - 1, tc,
                  E->it->ll, CI__CUEMIT_TILE);
    ci__sb_printf(sb, "        %s x%d = t / %lld%s %% %lld%s * %d", E->it->ty, d - 2, tc,
                  E->it->ll, tr, E->it->ll, CI__CUEMIT_TILE);
    ci__sb_printf(sb, " + threadIdx.y + 8 * (q %% %d);\n", rows);
    for (i = d - 3; i >= 0; i--) {
        ci__sb_printf(sb, "        %s x%d = t / %lld%s", E->it->ty, i, st, E->it->ll);
        if (i > 0) ci__sb_printf(sb, " %% %lld%s", (long long)T->size[i], E->it->ll);
        ci__sb_put(sb, ";\n");
        st *= (long long)T->size[i];
    }
    ci__sb_printf(sb, "        if (x%d >= %lld%s || x%d >= %lld%s) continue;\n", d - 1,
                  (long long)T->size[d - 1], E->it->ll, d - 2, (long long)T->size[d - 2],
                  E->it->ll);
}

/* fold the partial result o<id> (oi<id>, om<id>, on<id>) into reduction k's accumulator (an
   argmax takes the lower index among equals, so which thread held which points does not
   change the answer) */
static void ci__cuemit_merge(ci__cemit *E, const ci__kernel *k, const char *ind) {
    ci__sb *sb = E->sb;
    ci_dtype in_dt = k->gbody->dt;
    int id = ci__cemit_acc(E, k), isf = ci__dtype_is_float(in_dt);
    const char *gt = k->rtype == CI__RED_ARGMAX ? ">" : "<";
    char o[16];
    snprintf(o, sizeof o, "o%d", id);
    switch (k->rtype) {
    case CI__RED_WELFORD:   /* Chan's rule for two (count, mean, M2) triples */
        ci__sb_printf(sb,
                      "%sif (on%d > 0) { if (w_n%d == 0) { w_n%d = on%d; w_mean%d = om%d; "
                      "acc%d = o%d; } else { double d = om%d - w_mean%d, t = w_n%d + on%d;\n",
                      ind, id, id, id, id, id, id, id, id, id, id, id, id);
        ci__sb_printf(sb,
                      "%s    w_mean%d += d * (on%d / t); "
                      "acc%d += o%d + d * d * (w_n%d * on%d / t); w_n%d = t; } }\n",
                      ind, id, id, id, id, id, id, id);
        break;
    case CI__RED_ARGMAX: case CI__RED_ARGMIN:
        if (isf)
            ci__sb_printf(sb,
                          "%sif (o%d != o%d ? (acc%d == acc%d || oi%d < acc_i%d) : (acc%d == acc%d "
                          "&& (o%d %s acc%d || (o%d == acc%d && oi%d < acc_i%d)))) { acc%d = o%d; "
                          "acc_i%d = oi%d; }\n",
                          ind, id, id, id, id, id, id, id, id, id, gt, id, id, id, id, id, id, id,
                          id, id);
        else
            ci__sb_printf(sb,
                          "%sif (o%d %s acc%d || (o%d == acc%d && oi%d < acc_i%d)) { acc%d = o%d; "
                          "acc_i%d = oi%d; }\n",
                          ind, id, gt, id, id, id, id, id, id, id, id, id);
        break;
    case CI__RED_PROD: ci__sb_printf(sb, "%sacc%d *= o%d;\n", ind, id, id); break;
    default:   /* sum, max, min, any, all, xor_sum and logsumexp fold a partial as a value */
        ci__cemit_red_update(E, k, in_dt, o, ind);
    }
}

/* rf, the flat index of the reduction's points, as the reduction variables r0.. */
static void ci__cuemit_rvars(ci__cemit *E, const ci__group *g, const char *ind) {
    long long st = 1;
    int i;
    for (i = g->t.nr - 1; i >= 0; i--) {
        ci__sb_printf(E->sb, "%s%s r%d = rf", ind, E->it->ty, i);
        if (st > 1) ci__sb_printf(E->sb, " / %lld%s", st, E->it->ll);
        if (i > 0) ci__sb_printf(E->sb, " %% %lld%s", (long long)g->t.rsize[i], E->it->ll);
        ci__sb_put(E->sb, ";\n");
        st *= (long long)g->t.rsize[i];
    }
}

/* phase p's loop in a cooperative kernel: the block's ty threads take the reduction's points
   in turn (neighbouring threads, neighbouring points). Sums, max/min and xor_sum take
   CI__CUEMIT_UNROLL points a step into as many accumulators, so that many loads are in
   flight; the accumulators are folded in a fixed order. */
static void ci__cuemit_loop(ci__cemit *E, ci__group *g, int p, int ty, const char *lvl) {
    ci__sb *sb = E->sb;
    long long rn = 1;
    int i, j, u, unroll;
    char in4[96], in8[100];
    snprintf(in4, sizeof in4, "%s    ", lvl);
    snprintf(in8, sizeof in8, "%s        ", lvl);
    for (i = 0; i < g->t.nr; i++) rn *= (long long)g->t.rsize[i];
    unroll = ci__cemit_phase_unroll(g, p) > 1 && rn >= 2LL * CI__CUEMIT_UNROLL * ty
                     ? CI__CUEMIT_UNROLL
                     : 1;
    for (j = 0; unroll > 1 && j < g->m.n; j++) {
        ci__kernel *k = (ci__kernel *)g->m.v[j];
        if (!k->emit || !k->inner || k->phase != p || k->kind != CI__K_REDUCTION) continue;
        for (u = 0; u < unroll; u++)
            ci__sb_printf(sb, "%s%s acc%d_%d = acc%d;\n", lvl,
                          ci__cemit_red_acct(k, k->gbody->dt), ci__cemit_acc(E, k), u,
                          ci__cemit_acc(E, k));
    }
    ci__sb_printf(sb, "%s%s ru%d = threadIdx.y;   /* phase %d's first point */\n", lvl, E->it->ty,
                  p, p);
    if (unroll > 1) {
        ci__sb_printf(sb, "%sfor (; ru%d + %lld%s < %lld%s; ru%d += %lld%s) {\n", lvl, p,
                      (long long)(unroll - 1) * ty, E->it->ll, rn, E->it->ll, p,
                      (long long)unroll * ty, E->it->ll);
        for (u = 0; u < unroll; u++) {
            ci__sb_printf(sb, "%s{   %s rf = ru%d + %lld%s;\n", in4, E->it->ty, p,
                          (long long)u * ty, E->it->ll);
            ci__cuemit_rvars(E, g, in8);
            ci__cemit_loop_body(E, g, p, in8, u);
            ci__sb_printf(sb, "%s}\n", in4);
        }
        ci__sb_printf(sb, "%s}\n", lvl);
        for (j = 0; j < g->m.n; j++) {   /* the accumulators into one, in order */
            ci__kernel *k = (ci__kernel *)g->m.v[j];
            char part[40];
            if (!k->emit || !k->inner || k->phase != p || k->kind != CI__K_REDUCTION) continue;
            for (u = 0; u < unroll; u++) {
                snprintf(part, sizeof part, "acc%d_%d", ci__cemit_acc(E, k), u);
                ci__cemit_red_fold(E, k, k->gbody->dt, -1, part, lvl);
            }
        }
    }
    ci__sb_printf(sb, "%sfor (%s rf = ru%d; rf < %lld%s; rf += %d) {\n", lvl, E->it->ty, p, rn,
                  E->it->ll, ty);
    ci__cuemit_rvars(E, g, in4);
    for (j = 0; j < g->m.n; j++) {   /* an argmax counts the points it has seen */
        ci__kernel *k = (ci__kernel *)g->m.v[j];
        if (k->emit && k->inner && k->phase == p && k->kind == CI__K_REDUCTION &&
            (k->rtype == CI__RED_ARGMAX || k->rtype == CI__RED_ARGMIN))
            ci__sb_printf(sb, "%sri%d = rf;\n", in4, ci__cemit_acc(E, k));
    }
    ci__cemit_loop_body(E, g, p, in4, -1);
    ci__sb_printf(sb, "%s}\n", lvl);
}

/* phase p's reductions combined across the block: with tx 1 each warp first folds its lanes
   (shuffles), then one thread a point folds the warps' (or, tx > 1, the ty rows') partials in
   order through shared memory, and every thread reads the result back */
static void ci__cuemit_combine(ci__cemit *E, const ci__group *g, int p, int tx, int ty,
                               const char *ind) {
    ci__sb *sb = E->sb;
    const char *nm[3], *on[3], *ct[3];
    const ci__kernel **red = CI__NEWN(E->L->LA, const ci__kernel *, g->m.n + 1);
    int j, s, n, nred = 0, parts = tx == 1 ? (ty + 31) / 32 : ty;
    char in8[96], in12[100];
    snprintf(in8, sizeof in8, "%s        ", ind);
    snprintf(in12, sizeof in12, "%s            ", ind);
    for (j = 0; j < g->m.n; j++) {
        const ci__kernel *k = (const ci__kernel *)g->m.v[j];
        if (k->emit && k->inner && k->phase == p && k->kind == CI__K_REDUCTION) red[nred++] = k;
    }
    if (nred == 0) return;
    ci__sb_printf(sb, "%s{   /* the block's partial results, combined */\n", ind);
    for (j = 0; j < nred; j++) {   /* a slot for each partial */
        int id = ci__cemit_acc(E, red[j]);
        n = ci__cuemit_state(red[j], nm, on, ct);
        for (s = 0; s < n; s++)
            ci__sb_printf(sb, "%s    __shared__ %s sh_%s%d[%d][%d];\n", ind, ct[s], nm[s], id,
                          parts, tx);
    }
    for (j = 0; tx == 1 && j < nred; j++) {   /* a warp's lanes, into its lane 0 */
        int id = ci__cemit_acc(E, red[j]);
        n = ci__cuemit_state(red[j], nm, on, ct);
        ci__sb_printf(sb, "%s    for (int sh = 16; sh > 0; sh >>= 1) {\n", ind);
        for (s = 0; s < n; s++)
            ci__sb_printf(sb, "%s        %s %s%d = __shfl_down_sync(0xffffffffu, %s%d, sh);\n", ind,
                          ct[s], on[s], id, nm[s], id);
        ci__cuemit_merge(E, red[j], in8);
        ci__sb_printf(sb, "%s    }\n", ind);
    }
    if (parts > 1) {   /* the partials into their slots */
        ci__sb_printf(sb, "%s    if (%s) {\n", ind, tx == 1 ? "(threadIdx.y & 31) == 0" : "1");
        for (j = 0; j < nred; j++) {
            int id = ci__cemit_acc(E, red[j]);
            n = ci__cuemit_state(red[j], nm, on, ct);
            for (s = 0; s < n; s++)
                ci__sb_printf(sb, "%s        sh_%s%d[threadIdx.y%s][threadIdx.x] = %s%d;\n", ind,
                              nm[s], id, tx == 1 ? " >> 5" : "", nm[s], id);
        }
        ci__sb_printf(sb, "%s    }\n%s    __syncthreads();\n", ind, ind);
    }
    ci__sb_printf(sb, "%s    if (threadIdx.y == 0) {\n", ind);
    if (parts > 1) {   /* the first thread of each point folds the others' in order */
        ci__sb_printf(sb, "%s        for (int w = 1; w < %d; w++) {\n", ind, parts);
        for (j = 0; j < nred; j++) {
            int id = ci__cemit_acc(E, red[j]);
            n = ci__cuemit_state(red[j], nm, on, ct);
            for (s = 0; s < n; s++)
                ci__sb_printf(sb, "%s            %s %s%d = sh_%s%d[w][threadIdx.x];\n", ind, ct[s],
                              on[s], id, nm[s], id);
            ci__cuemit_merge(E, red[j], in12);
        }
        ci__sb_printf(sb, "%s        }\n", ind);
    }
    for (j = 0; j < nred; j++) {
        int id = ci__cemit_acc(E, red[j]);
        n = ci__cuemit_state(red[j], nm, on, ct);
        for (s = 0; s < n; s++)
            ci__sb_printf(sb, "%s        sh_%s%d[0][threadIdx.x] = %s%d;\n", ind, nm[s], id, nm[s],
                          id);
    }
    ci__sb_printf(sb, "%s    }\n%s    __syncthreads();\n", ind, ind);
    for (j = 0; j < nred; j++) {   /* every thread reads the result */
        int id = ci__cemit_acc(E, red[j]);
        n = ci__cuemit_state(red[j], nm, on, ct);
        for (s = 0; s < n; s++)
            ci__sb_printf(sb, "%s    %s%d = sh_%s%d[0][threadIdx.x];\n", ind, nm[s], id, nm[s], id);
    }
    /* the slots are free again only when every thread has read them */
    ci__sb_printf(sb, "%s    __syncthreads();\n%s}\n", ind, ind);
}

/* cinductor.bmm on the GPU (f32, f64, f16, bf16): C[b] = A[b] @ B[b] for dense A [nb, M, K],
   B [nb, K, N], C [nb, M, N]. A block of 16 x 16 threads takes a 64 x 64 tile of C, 4 x 4
   points a thread 16 apart (neighbouring threads read neighbouring shared words and write
   neighbouring elements), over K in steps of 16 staged through shared memory (A's tile
   padded a word a row: its stores do not meet in one bank). Acc: float for f32, f16 and bf16
   (KIND 1 f16, 2 bf16), double for f64; fused multiply-adds, as the CPU's kernels. The other
   extern kernels run on the host (>>cuda). */
static const char *ci__cuemit_bmm_src(void) {
    return "\nstatic float ci_mm_fma(float a, float b, float c) { return fmaf(a, b, c); }\n"
           "static double ci_mm_fma(double a, double b, double c) { return fma(a, b, c); }\n"
           "template <typename T, typename Acc, int KIND> static Acc ci_mm_ld(T v) {\n"
           "    if (KIND == 1) return (Acc)ci_h2f((unsigned short)v);\n"
           "    if (KIND == 2) return (Acc)ci_bf2f((unsigned short)v);\n"
           "    return (Acc)v;\n"
           "}\n"
           "template <typename T, typename Acc, int KIND> static T ci_mm_st(Acc v) {\n"
           "    if (KIND == 1) return (T)ci_f2h((float)v);\n"
           "    if (KIND == 2) return (T)ci_f2bf((float)v);\n"
           "    return (T)v;\n"
           "}\n"
           "template <typename T, typename Acc, int KIND>\n"
           "static void ci_bmm(const T *__restrict__ A, const T *__restrict__ Bm,\n"
           "                   T *__restrict__ C, long long M, long long K, long long N,\n"
           "                   long long n, int S, Acc *work) {\n"
           "    __shared__ Acc as[16][65], bs[16][64];\n"
           "    __shared__ int last;\n"
           "    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 16 + tx;\n"
           "    const long long tm = (M + 63) / 64, tn = (N + 63) / 64;\n"
           "    const long long ks = (K + 16LL * S - 1) / (16LL * S) * 16, tiles = n / S;\n"
           "    unsigned *count = (unsigned *)(work + tiles * S * 4096);\n"
           "    for (long long q = blockIdx.x; q < n; q += gridDim.x) {\n"
           "        const long long t = q / S, s = q % S, b = t / (tm * tn);\n"
           "        const long long i0 = t / tn % tm * 64, j0 = t % tn * 64;\n"
           "        const long long klo = s * ks, khi = klo + ks < K ? klo + ks : K;\n"
           "        const T *a = A + b * M * K, *bb = Bm + b * K * N;\n"
           "        Acc acc[4][4];\n"
           "        for (int i = 0; i < 4; i++)\n"
           "            for (int j = 0; j < 4; j++) acc[i][j] = 0;\n"
           "        for (long long k0 = klo; k0 < khi; k0 += 16) {\n"
           "            for (int e = tid; e < 1024; e += 256) {\n"
           "                int r = e >> 4, kk = e & 15, kb = e >> 6, cc = e & 63;\n"
           "                long long gi = i0 + r, gk = k0 + kk, gkb = k0 + kb, gj = j0 + cc;\n"
           "                as[kk][r] = gi < M && gk < khi\n"
           "                                ? ci_mm_ld<T, Acc, KIND>(a[gi * K + gk]) : (Acc)0;\n"
           "                bs[kb][cc] = gkb < khi && gj < N\n"
           "                                 ? ci_mm_ld<T, Acc, KIND>(bb[gkb * N + gj]) : (Acc)0;\n"
           "            }\n"
           "            __syncthreads();\n"
           "            #pragma unroll\n"
           "            for (int kk = 0; kk < 16; kk++) {\n"
           "                Acc av[4], bv[4];\n"
           "                for (int i = 0; i < 4; i++) av[i] = as[kk][ty + 16 * i];\n"
           "                for (int j = 0; j < 4; j++) bv[j] = bs[kk][tx + 16 * j];\n"
           "                for (int i = 0; i < 4; i++)\n"
           "                    for (int j = 0; j < 4; j++)\n"
           "                        acc[i][j] = ci_mm_fma(av[i], bv[j], acc[i][j]);\n"
           "            }\n"
           "            __syncthreads();\n"
           "        }\n"
           "        if (S > 1) {   /* K split: the tile's last block adds the parts, in order */\n"
           "            Acc *part = work + t * S * 4096;\n"
           "            for (int i = 0; i < 4; i++)\n"
           "                for (int j = 0; j < 4; j++)\n"
           "                    part[s * 4096 + (ty + 16 * i) * 64 + tx + 16 * j] = acc[i][j];\n"
           "            __threadfence();\n"
           "            __syncthreads();\n"
           "            if (tid == 0) last = atomicAdd(&count[t], 1u) == (unsigned)S - 1;\n"
           "            __syncthreads();\n"
           "            if (!last) continue;\n"
           "            __threadfence();\n"
           "            for (int i = 0; i < 4; i++)\n"
           "                for (int j = 0; j < 4; j++) {\n"
           "                    Acc v = 0;\n"
           "                    const Acc *pp = part + (ty + 16 * i) * 64 + tx + 16 * j;\n"
           "                    for (int p = 0; p < S; p++) v += __ldcg(pp + p * 4096);\n"
           "                    acc[i][j] = v;\n"
           "                }\n"
           "            if (tid == 0) count[t] = 0;\n"
           "        }\n"
           "        for (int i = 0; i < 4; i++)\n"
           "            for (int j = 0; j < 4; j++) {\n"
           "                long long gi = i0 + ty + 16 * i, gj = j0 + tx + 16 * j;\n"
           "                if (gi < M && gj < N)\n"
           "                    C[b * M * N + gi * N + gj] = ci_mm_st<T, Acc, KIND>(acc[i][j]);\n"
           "            }\n"
           "    }\n"
           "}\n";
}

/* does extern kernel k run on the GPU (cinductor.bmm on a float dtype)? */
static int ci__cuemit_gpu_extern(const ci__kernel *k) {
    ci_dtype dt;
    if (k->kind != CI__K_EXTERN || !k->ext || strcmp(k->ext->name, "cinductor.bmm") || k->nin != 2)
        return 0;
    dt = k->in_t[0].dtype;
    return dt == CI_F32 || dt == CI_F64 || dt == CI_F16 || dt == CI_BF16;
}

/* a GPU bmm's tiles of 64 x 64 */
static long long ci__cuemit_bmm_tiles(const ci__kernel *k) {
    const int64_t *a = k->in_t[0].shape, *b = k->in_t[1].shape;
    return (long long)a[0] * ((a[1] + 63) / 64) * ((b[2] + 63) / 64);
}

/* the parts a bmm splits K into: with fewer tiles than CI__CUEMIT_MM_BLOCKS, as many as bring
   the blocks there, each part of K at least CI__CUEMIT_MM_KPART long. Each part's tile goes to
   scratch; the last block of a tile adds them in order (the same sum every run). */
static int ci__cuemit_bmm_split(const ci__kernel *k) {
    long long tiles = ci__cuemit_bmm_tiles(k), K = (long long)k->in_t[0].shape[2], s = 1;
    while (tiles > 0 && tiles * s * 2 <= CI__CUEMIT_MM_BLOCKS && K / (s * 2) >= CI__CUEMIT_MM_KPART)
        s *= 2;
    return (int)s;
}

/* the __global__ entries, after the kernels: each loops over its points a grid at a time (a
   cooperative kernel's blocks tx points at a time, every thread of a block the same number of
   times, as __syncthreads needs) */
static void ci__cuemit_entries(ci__L *L, ci__sb *sb) {
    int i, bmm = 0;
    for (i = 0; i < L->groups.n; i++) {
        const ci__group *g = (const ci__group *)L->groups.v[i];
        const ci__kernel *k = (const ci__kernel *)g->m.v[0];
        if (g->live && !g->fused && ci__cuemit_gpu_extern(k)) {
            ci_dtype dt = k->in_t[0].dtype;
            const char *t = ci__dtype_tab[dt].cstore;
            if (!bmm++) ci__sb_put(sb, ci__cuemit_bmm_src());
            ci__sb_printf(sb,
                          "\nextern \"C\" __global__ void __launch_bounds__(256) ci_cuda_%s(void "
                          "**B, long long n, void *work) {\n",
                          g->name);
            ci__sb_printf(sb, "    ci_bmm<%s, %s, %d>((const %s *)B[%d], (const %s *)B[%d], "
                              "(%s *)B[%d],\n",
                          t, dt == CI_F64 ? "double" : "float",
                          dt == CI_F16 ? 1 : dt == CI_BF16 ? 2 : 0, t, k->ins[0]->slot, t,
                          k->ins[1]->slot, t, k->outs[0]->slot);
            ci__sb_printf(sb, "                  %lldLL, %lldLL, %lldLL, n, %d, (%s *)work);\n}\n",
                          (long long)k->in_t[0].shape[1], (long long)k->in_t[0].shape[2],
                          (long long)k->in_t[1].shape[2], ci__cuemit_bmm_split(k),
                          dt == CI_F64 ? "double" : "float");
            continue;
        }
        if (!g->live || (!g->fused && k->kind == CI__K_EXTERN)) continue;
        /* the block's size bounds the registers a thread may take (a launch never fails) */
        ci__sb_printf(sb,
                      "\nextern \"C\" __global__ void __launch_bounds__(%d) ci_cuda_%s(void **B, "
                      "long long n) {\n",
                      g->cu_tx     ? g->cu_tx * g->cu_ty
                      : g->cu_tile ? CI__CUEMIT_TILE * 8
                      : !g->fused && k->kind == CI__K_SCATTER && !k->disjoint ? 1
                                                                       : CI__CUEMIT_BLOCK,
                      g->name);
        if (!g->fused && k->kind == CI__K_SCATTER && !k->disjoint) {
            ci__sb_printf(sb, "    if (blockIdx.x == 0 && threadIdx.x == 0) %s(B, 0, n);\n}\n",
                          g->name);
            continue;
        }
        if (g->cu_tile) {   /* a tile a block */
            ci__sb_printf(sb, "    for (long long t = blockIdx.x; t < n; t += gridDim.x)\n"
                              "        %s(B, t, t + 1);\n}\n", g->name);
            continue;
        }
        if (g->cu_tx) {
            ci__sb_printf(sb,
                          "    for (long long i = (long long)blockIdx.x * %d; i < n; i += (long "
                          "long)gridDim.x * %d)\n",
                          g->cu_tx, g->cu_tx);
            ci__sb_printf(sb, "        %s(B, i + threadIdx.x, i + threadIdx.x + 1);\n}\n",
                          g->name);
            continue;
        }
        if (!g->fused) {   /* a scan, a slice of a concatenation: a thread a point */
            ci__sb_put(sb, "    for (long long i = (long long)blockIdx.x * blockDim.x + "
                           "threadIdx.x; i < n;\n"
                           "         i += (long long)gridDim.x * blockDim.x)\n");
            ci__sb_printf(sb, "        %s(B, i, i + 1);\n}\n", g->name);
            continue;
        }
        /* CI__CUEMIT_POINTS points a thread, a block's width apart */
        ci__sb_printf(sb,
                      "    const long long w = %dLL * blockDim.x;\n"
                      "    for (long long i = (long long)blockIdx.x * w; i < n; i += gridDim.x * w)"
                      "\n        %s(B, i + threadIdx.x, i + w < n ? i + w : n);\n}\n",
                      CI__CUEMIT_POINTS, g->name);
    }
}

/* the program's CUDA source (in p->A) and one launch per live kernel, in p->kernels order */
static const char *ci__cuemit_source(ci_program *p, const ci__cuda_target *t,
                                     ci__cuda_launch **launches, int *nlaunches) {
    ci__sb sb;
    int i, *lines = CI__NEWN(p->A, int, p->nkernels + 1);
    ci__cuda_launch *l = CI__NEWN(p->A, ci__cuda_launch, p->nkernels + 1);
    (void)t;
    ci__sb_init(&sb, p->A);
    ci__lower_scratch(p->L);
    ci__cemit_program(p->L, &sb, lines, 1);
    ci__lower_free_scratch(p->L);
    for (i = 0; i < p->nkernels; i++) {
        const ci__group *g = p->kernels[i];
        const ci__kernel *k = (const ci__kernel *)g->m.v[0];
        long long blocks;
        l[i].ext = !g->fused && k->kind == CI__K_EXTERN && !ci__cuemit_gpu_extern(k);
        l[i].serial = !g->fused && k->kind == CI__K_SCATTER && !k->disjoint;
        l[i].n = g->cu_tile ? ci__cuemit_tiles(g) : ci__cemit_extent(g, 1);
        l[i].block[0] = g->cu_tx     ? (unsigned)g->cu_tx
                        : g->cu_tile ? CI__CUEMIT_TILE
                        : l[i].serial ? 1
                                      : CI__CUEMIT_BLOCK;
        l[i].block[1] = g->cu_tx ? (unsigned)g->cu_ty : g->cu_tile ? 8 : 1;
        l[i].block[2] = 1;
        blocks = l[i].serial ? 1 : (l[i].n + l[i].block[0] - 1) / l[i].block[0];
        if (g->fused && !g->cu_tx) blocks = (blocks + CI__CUEMIT_POINTS - 1) / CI__CUEMIT_POINTS;
        if (g->cu_tile) blocks = l[i].n;
        if (!g->fused && ci__cuemit_gpu_extern(k)) {   /* a 64 x 64 tile a block of 16 x 16 */
            int split = ci__cuemit_bmm_split(k);
            l[i].n = blocks = ci__cuemit_bmm_tiles(k) * split;
            l[i].block[0] = l[i].block[1] = 16;
            if (split > 1)   /* the parts' tiles, then a counter a tile */
                l[i].work = (size_t)l[i].n * 4096 *
                                    (k->in_t[0].dtype == CI_F64 ? 8 : 4) +
                            (size_t)ci__cuemit_bmm_tiles(k) * 4;
        }
        l[i].grid = (unsigned)(blocks < CI__CUEMIT_GRID ? blocks : CI__CUEMIT_GRID);
        snprintf(l[i].fn, sizeof l[i].fn, l[i].ext ? "%s" : "ci_cuda_%s", g->name);
    }
    p->src_lines = lines;
    *launches = l;
    *nlaunches = p->nkernels;
    return ci__sb_str(&sb);
}


/* ---------------------------------------------------------------------------------------
   >>interp  the interpreter backend: runs the kernel IR directly
   Each kernel's value DAG is flattened into a post-order array once; every point of the
   iteration space evaluates it into a register array. Arithmetic mirrors what the emitted C
   computes (f32 ops in float, integer ops wrapped to their width), so it is an oracle for
   the emitter. Loads are bounds-checked. It needs no compiler and is always available.
   Its backend entry (ci__interp_backend): ci__interp_prepare flattens the bodies once per
   program, ci__interp_run runs the kernels in order.
   --------------------------------------------------------------------------------------- */
typedef union ci__interp_val { double f; int64_t i; } ci__interp_val;
typedef struct ci__interp_kernel {
    int n;
    ci__v **nodes;
    int *pos;
    int *def, stamp;        /* def[var] == stamp: a loop variable of the kernel being flattened */
} ci__interp_kernel;

static int64_t ci__interp_wrapi(ci_dtype dt, uint64_t v) {
    switch (dt) {
    case CI_BOOL: return v != 0;
    case CI_U8: return (unsigned char)v;
    case CI_I8: return (signed char)(unsigned char)v;
    case CI_I16: return (short)(unsigned short)v;
    case CI_I32: return (int)(unsigned int)v;
    default: return (int64_t)v;
    }
}

/* x86 cvtt semantics for out-of-range values */
static int64_t ci__interp_f2i(double x, ci_dtype dt) {
    if (dt == CI_I64)
        return (x > -9.2233720368547758e18 && x < 9.2233720368547758e18) ? (int64_t)x : INT64_MIN;
    return ci__interp_wrapi(
            dt, (uint64_t)(int64_t)((x > -2147483649.0 && x < 2147483648.0) ? (int)x : INT_MIN));
}

/* f32 <-> the double holding it, bit-exact for NaNs: a conversion would quiet a signalling NaN,
   and the bits of one must come through loads, stores and bitcasts as in the emitted C */
static double ci__interp_f2d(float x) {
    uint32_t u;
    uint64_t d;
    double r;
    if (x == x) return (double)x;
    memcpy(&u, &x, 4);
    d = ((uint64_t)(u >> 31) << 63) | ((uint64_t)0x7ff << 52) | ((uint64_t)(u & 0x7fffff) << 29);
    memcpy(&r, &d, 8);
    return r;
}

static float ci__interp_d2f(double x) {
    uint64_t d;
    uint32_t u;
    float r;
    if (x == x) return (float)x;
    memcpy(&d, &x, 8);
    u = ((uint32_t)(d >> 63) << 31) | 0x7f800000u | (uint32_t)((d >> 29) & 0x7fffff);
    if (!(u & 0x7fffff)) u |= 0x400000;   /* a payload only in the low bits: a quiet NaN */
    memcpy(&r, &u, 4);
    return r;
}

static double ci__interp_div_floor(double a, double b, int f32) {
    return f32 ? ci__cemit_div_floor_f((float)a, (float)b) : ci__cemit_div_floor_d(a, b);
}

static int64_t ci__interp_ipow(int64_t a, int64_t b) {
    return (int64_t)ci__cemit_pow_i64((long long)a, (long long)b);
}

static double ci__interp_fmax(double a, double b, int mx) {
    return mx ? ci__cemit_max_d(a, b) : ci__cemit_min_d(a, b);
}

static double ci__interp_unary_f(int op, double x, int f32) {
    float f = (float)x;
    switch (op) {
    case CI__V_NEG: return -x;
    case CI__V_ABS: return f32 ? fabsf(f) : fabs(x);
    case CI__V_EXP: return f32 ? expf(f) : exp(x);
    case CI__V_LOG: return f32 ? logf(f) : log(x);
    case CI__V_SQRT: return f32 ? sqrtf(f) : sqrt(x);
    case CI__V_RSQRT: return f32 ? 1.0f / sqrtf(f) : 1.0 / sqrt(x);
    case CI__V_SIN: return f32 ? sinf(f) : sin(x);
    case CI__V_COS: return f32 ? cosf(f) : cos(x);
    case CI__V_TANH: return f32 ? tanhf(f) : tanh(x);
    case CI__V_SIGMOID: return f32 ? 1.0f / (1.0f + expf(-f)) : 1.0 / (1.0 + exp(-x));
    case CI__V_ERF: return f32 ? erff(f) : erf(x);
    case CI__V_FLOOR: return f32 ? floorf(f) : floor(x);
    case CI__V_CEIL: return f32 ? ceilf(f) : ceil(x);
    case CI__V_TRUNC: return f32 ? truncf(f) : trunc(x);
    case CI__V_RECIP: return f32 ? 1.0f / f : 1.0 / x;
    case CI__V_EXP2: return f32 ? exp2f(f) : exp2(x);
    case CI__V_EXPM1: return f32 ? expm1f(f) : expm1(x);
    case CI__V_LOG1P: return f32 ? log1pf(f) : log1p(x);
    case CI__V_LOG2: return f32 ? log2f(f) : log2(x);
    case CI__V_LOG10: return f32 ? log10f(f) : log10(x);
    case CI__V_TAN: return f32 ? tanf(f) : tan(x);
    case CI__V_SINH: return f32 ? sinhf(f) : sinh(x);
    case CI__V_COSH: return f32 ? coshf(f) : cosh(x);
    case CI__V_ASIN: return f32 ? asinf(f) : asin(x);
    case CI__V_ACOS: return f32 ? acosf(f) : acos(x);
    case CI__V_ATAN: return f32 ? atanf(f) : atan(x);
    case CI__V_ASINH: return f32 ? asinhf(f) : asinh(x);
    case CI__V_ACOSH: return f32 ? acoshf(f) : acosh(x);
    case CI__V_ATANH: return f32 ? atanhf(f) : atanh(x);
    case CI__V_ERFC: return f32 ? erfcf(f) : erfc(x);
    case CI__V_LGAMMA: return f32 ? lgammaf(f) : lgamma(x);
    case CI__V_ROUND: return f32 ? rintf(f) : rint(x);
    case CI__V_ERFINV: return f32 ? ci__interp_erfinv_f(f) : ci__interp_erfinv_d(x);
    case CI__V_DIGAMMA: return f32 ? ci__interp_digamma_f(f) : ci__interp_digamma_d(x);
    case CI__V_I0: return f32 ? ci__interp_i0_f(f) : ci__interp_i0_d(x);
    case CI__V_SIGN: return (double)((0 < x) - (x < 0));
    }
    return 0;
}

/* special functions shared by the interpreter and TCC code (handed over as symbols) */
static double ci__interp_erfinv_d(double y) {
    double w, x;
    int i;
    if (y != y || y < -1 || y > 1) return (double)NAN;
    if (y == 1) return HUGE_VAL;
    if (y == -1) return -HUGE_VAL;
    w = -log((1.0 - y) * (1.0 + y));
    if (w < 5) {   /* M. Giles' single-precision approximation, refined by Newton steps */
        w -= 2.5;
        x = 2.81022636e-08;
        x = 3.43273939e-07 + x * w;
        x = -3.5233877e-06 + x * w;
        x = -4.39150654e-06 + x * w;
        x = 0.00021858087 + x * w;
        x = -0.00125372503 + x * w;
        x = -0.00417768164 + x * w;
        x = 0.246640727 + x * w; x = 1.50140941 + x * w;
    } else {
        w = sqrt(w) - 3;
        x = -0.000200214257;
        x = 0.000100950558 + x * w;
        x = 0.00134934322 + x * w;
        x = -0.00367342844 + x * w;
        x = 0.00573950773 + x * w;
        x = -0.0076224613 + x * w;
        x = 0.00943887047 + x * w;
        x = 1.00167406 + x * w; x = 2.83297682 + x * w;
    }
    x *= y;
    for (i = 0; i < 2; i++) x -= (erf(x) - y) / (1.1283791670955126 * exp(-x * x));
    return x;
}

static float ci__interp_erfinv_f(float y) { return (float)ci__interp_erfinv_d(y); }
static double ci__interp_digamma_d(double x) {
    static const double A[] = { 8.33333333333333333333E-2, -2.10927960927960927961E-2,
                                7.57575757575757575758E-3, -4.16666666666666666667E-3,
                                3.96825396825396825397E-3, -8.33333333333333333333E-3,
                                8.33333333333333333333E-2 };
    double r = 0, y = 0, z;
    int i;
    if (x == 0) return copysign(HUGE_VAL, -x);
    if (x < 0) {
        if (x == trunc(x)) return (double)NAN;
        r = -3.14159265358979323846 / tan(3.14159265358979323846 * x);   /* reflection */
        x = 1 - x;
    }
    while (x < 10) { r -= 1 / x; x += 1; }
    if (x < 1e17) {
        z = 1 / (x * x);
        for (i = 0; i < 7; i++) y = y * z + A[i];
        y *= z;
    }
    return r + log(x) - 0.5 / x - y;
}

static float ci__interp_digamma_f(float x) { return (float)ci__interp_digamma_d(x); }
static double ci__interp_i0_d(double x) {   /* sum of ((x/2)^2)^k / (k!)^2 */
    double q = x * x / 4, t = 1, s = 1;
    int k;
    if (x != x) return x;
    if (fabs(x) > 713) return HUGE_VAL;
    for (k = 1; k < 2000; k++) {
        t *= q / ((double)k * (double)k);
        s += t;
        if (t < s * 1e-17) break;
    }
    return s;
}

/* PyTorch's float kernel computes exp(|x|) in float, so it reaches inf where exp does */
static float ci__interp_i0_f(float x) {
    return fabsf(x) > 88.7228394f ? HUGE_VALF : (float)ci__interp_i0_d(x);
}

/* Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3"): counter
   (ctr, 0) under key seed gives four 32-bit words */
static void ci__interp_philox(uint64_t seed, uint64_t ctr, uint32_t out[4]) {
    uint32_t c0 = (uint32_t)ctr, c1 = (uint32_t)(ctr >> 32), c2 = 0, c3 = 0, k0 = (uint32_t)seed,
             k1 = (uint32_t)(seed >> 32);
    int r;
    for (r = 0; r < 10; r++) {
        uint64_t p0 = (uint64_t)0xD2511F53u * c0, p1 = (uint64_t)0xCD9E8D57u * c2;
        uint32_t n0 = (uint32_t)(p1 >> 32) ^ c1 ^ k0, n2 = (uint32_t)(p0 >> 32) ^ c3 ^ k1;
        c1 = (uint32_t)p1;
        c3 = (uint32_t)p0;
        c0 = n0;
        c2 = n2;
        k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
    }
    out[0] = c0;
    out[1] = c1;
    out[2] = c2;
    out[3] = c3;
}

static float ci__interp_rand_f(long long seed, long long ctr) { /* [0, 1) with 24 random bits */
    uint32_t w[4];
    ci__interp_philox((uint64_t)seed, (uint64_t)ctr, w);
    return (float)(w[0] >> 8) * 5.9604644775390625e-08f;
}

static double ci__interp_rand_d(long long seed, long long ctr) { /* [0, 1) with 53 random bits */
    uint32_t w[4];
    ci__interp_philox((uint64_t)seed, (uint64_t)ctr, w);
    return (double)((((uint64_t)w[0] << 32) | w[1]) >> 11) * 1.1102230246251565e-16;
}

/* Box-Muller on two uniforms in (0, 1] */
static double ci__interp_randn_d(long long seed, long long ctr) {
    uint32_t w[4];
    double u1, u2;
    ci__interp_philox((uint64_t)seed, (uint64_t)ctr, w);
    u1 = ((double)((((uint64_t)w[0] << 32) | w[1]) >> 11) + 1.0) * 1.1102230246251565e-16;
    u2 = (double)((((uint64_t)w[2] << 32) | w[3]) >> 11) * 1.1102230246251565e-16;
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

static float ci__interp_randn_f(long long seed, long long ctr) {
    return (float)ci__interp_randn_d(seed, ctr);
}

/* [lo, hi) */
static long long ci__interp_randint(long long seed, long long ctr, long long lo, long long hi) {
    uint32_t w[4];
    uint64_t span = (uint64_t)hi - (uint64_t)lo;
    ci__interp_philox((uint64_t)seed, (uint64_t)ctr, w);
    if (hi <= lo) return lo;
    return (long long)((uint64_t)lo + ((((uint64_t)w[0] << 32) | w[1]) % span));
}

static void ci__interp_load(const ci__buf *b, void *const *B, int64_t k, ci__interp_val *r) {
    const char *p = (const char *)B[b->slot];
    switch (b->dt) {
    case CI_BOOL: case CI_U8: r->i = ((const unsigned char *)p)[k]; break;
    case CI_I8: r->i = ((const signed char *)p)[k]; break;
    case CI_I16: r->i = ((const short *)p)[k]; break;
    case CI_I32: r->i = ((const int *)p)[k]; break;
    case CI_I64: r->i = ((const long long *)p)[k]; break;
    case CI_F16: r->f = ci__interp_f2d(ci__h2f(((const unsigned short *)p)[k])); break;
    case CI_BF16: r->f = ci__interp_f2d(ci__bf2f(((const unsigned short *)p)[k])); break;
    case CI_F32: r->f = ci__interp_f2d(((const float *)p)[k]); break;
    case CI_F64: r->f = ((const double *)p)[k]; break;
    default: break;
    }
}

/* one node; returns 0, or 1 on an out-of-bounds load */
/* a failing run-time check: the first one is kept (as the emitted ci_idx / ci_nz do) */
static void ci__interp_flag(void *rec, int code, int site, int64_t value) {
    ci__cemit_flag(rec, code, site, (long long)value);
}

static int ci__interp_node(const ci__v *v, ci__interp_val *r, const ci__interp_val *a,
                           const ci__interp_val *b, const ci__interp_val *c, const int64_t *vars,
                           void *const *B, int eslot) {
    ci_dtype at = v->n ? v->a[0]->dt : v->dt;
    int isf = ci__dtype_is_float(at), f32 = at == CI_F32;
    switch (v->op) {
    case CI__V_CONST:
        if (ci__dtype_is_float(v->dt))
            r->f = v->f;
        else
            r->i = v->i;
        return 0;
    case CI__V_INDEX:
        r->i = ci__interp_wrapi(v->dt, (uint64_t)ci__ix_eval(v->ix, vars));
        if (ci__dtype_is_float(v->dt)) r->f = (double)r->i;
        return 0;
    case CI__V_LOAD: {
        int64_t k = ci__ix_eval(v->ix, vars);
        if (k < 0 || k >= v->buf->numel + v->buf->offset) return 1;
        ci__interp_load(v->buf, B, k, r);
        return 0;
    }
    case CI__V_CAST:
        if (v->dt == CI_BOOL) r->i = isf ? a->f != 0 : a->i != 0;
        else if (ci__dtype_is_float(v->dt)) {
            double x = isf ? a->f : (double)a->i;
            r->f = v->dt == CI_F32 ? (double)(float)x : x;
            if (!isf && v->dt == CI_F32) r->f = (double)(float)a->i;
        } else r->i = isf ? ci__interp_f2i(a->f, v->dt) : ci__interp_wrapi(v->dt, (uint64_t)a->i);
        return 0;
    case CI__V_WHERE: *r = a->i ? *b : *c; return 0;
    case CI__V_BITCAST: {   /* as the emitted C: the source's bits, read as the target */
        ci_dtype src = (ci_dtype)(v->i / 16), dst = (ci_dtype)(v->i % 16);
        uint64_t bits;
        uint32_t u;
        float fv;
        if (src == CI_F16) bits = ci__f2h(ci__interp_d2f(a->f));
        else if (src == CI_BF16) bits = ci__f2bf(ci__interp_d2f(a->f));
        else if (src == CI_F32) {
            fv = ci__interp_d2f(a->f);
            memcpy(&u, &fv, 4);
            bits = u;
        } else if (src == CI_F64)
            memcpy(&bits, &a->f, 8);
        else bits = (uint64_t)a->i;
        if (dst == CI_F16) r->f = ci__interp_f2d(ci__h2f((unsigned short)bits));
        else if (dst == CI_BF16) r->f = ci__interp_f2d(ci__bf2f((unsigned short)bits));
        else if (dst == CI_F32) {
            u = (uint32_t)bits;
            memcpy(&fv, &u, 4);
            r->f = ci__interp_f2d(fv);
        } else if (dst == CI_F64)
            memcpy(&r->f, &bits, 8);
        else if (dst == CI_BOOL) r->i = (unsigned char)bits != 0;
        else r->i = ci__interp_wrapi(dst, bits);
        return 0;
    }
    case CI__V_RAND:
        r->f = v->dt == CI_F64 ? ci__interp_rand_d(a->i, b->i)
                               : (double)ci__interp_rand_f(a->i, b->i);
        return 0;
    case CI__V_RANDN:
        r->f = v->dt == CI_F64 ? ci__interp_randn_d(a->i, b->i)
                               : (double)ci__interp_randn_f(a->i, b->i);
        return 0;
    case CI__V_CHECKIDX: {
        int64_t i = a->i;
        if (i < 0 && v->f != 0) i += v->i;
        if (i < 0 || i >= v->i) {
            ci__interp_flag(B[eslot], CI__CEMIT_CHECK_INDEX, v->site, a->i);
            i = 0;
        }
        r->i = i;
        return 0;
    }
    case CI__V_CHECKNZ:
        if (a->i == 0) ci__interp_flag(B[eslot], CI__CEMIT_CHECK_ZERODIV, v->site, 0);
        r->i = a->i;
        return 0;
    case CI__V_NOT: r->i = !a->i; return 0;
    case CI__V_AND: r->i = a->i && b->i; return 0;
    case CI__V_OR: r->i = a->i || b->i; return 0;
    case CI__V_EQ: r->i = isf ? a->f == b->f : a->i == b->i; return 0;
    case CI__V_NE: r->i = isf ? a->f != b->f : a->i != b->i; return 0;
    case CI__V_LT: r->i = isf ? a->f < b->f : a->i < b->i; return 0;
    case CI__V_LE: r->i = isf ? a->f <= b->f : a->i <= b->i; return 0;
    case CI__V_GT: r->i = isf ? a->f > b->f : a->i > b->i; return 0;
    case CI__V_GE: r->i = isf ? a->f >= b->f : a->i >= b->i; return 0;
    case CI__V_ISNAN: r->i = isf ? a->f != a->f : 0; return 0;
    case CI__V_ISINF: r->i = isf ? (a->f == HUGE_VAL || a->f == -HUGE_VAL) : 0; return 0;
    case CI__V_SIGNBIT: r->i = isf ? (signbit(a->f) != 0) : a->i < 0; return 0;
    default: break;
    }
    if (isf) {
        double x = a->f, y = v->n > 1 ? b->f : 0, o;
        float fx = (float)x, fy = (float)y;
        switch (v->op) {
        case CI__V_ADD: o = f32 ? (double)(fx + fy) : x + y; break;
        case CI__V_SUB: o = f32 ? (double)(fx - fy) : x - y; break;
        case CI__V_MUL: o = f32 ? (double)(fx * fy) : x * y; break;
        case CI__V_DIV: o = f32 ? (double)(fx / fy) : x / y; break;
        case CI__V_FLOORDIV: o = ci__interp_div_floor(x, y, f32); break;
        case CI__V_TRUNCDIV: o = f32 ? (double)truncf(fx / fy) : trunc(x / y); break;
        case CI__V_REM:
            o = f32 ? (double)(fx - fy * (float)ci__interp_div_floor(x, y, 1))
                    : x - y * ci__interp_div_floor(x, y, 0);
            break;
        case CI__V_POW: o = f32 ? (double)powf(fx, fy) : pow(x, y); break;
        case CI__V_MAX: o = ci__interp_fmax(x, y, 1); break;
        case CI__V_MIN: o = ci__interp_fmax(x, y, 0); break;
        case CI__V_ATAN2: o = f32 ? (double)atan2f(fx, fy) : atan2(x, y); break;
        case CI__V_HYPOT: o = f32 ? (double)hypotf(fx, fy) : hypot(x, y); break;
        case CI__V_COPYSIGN: o = f32 ? (double)copysignf(fx, fy) : copysign(x, y); break;
        case CI__V_NEXTAFTER: o = f32 ? (double)nextafterf(fx, fy) : nextafter(x, y); break;
        case CI__V_FMOD: o = f32 ? (double)fmodf(fx, fy) : fmod(x, y); break;
        case CI__V_FMAX: o = f32 ? (double)fmaxf(fx, fy) : fmax(x, y); break;
        case CI__V_FMIN: o = f32 ? (double)fminf(fx, fy) : fmin(x, y); break;
        /* one rounding */
        case CI__V_FMA: o = f32 ? (double)fmaf(fx, fy, (float)c->f) : fma(x, y, c->f); break;
        default: o = ci__interp_unary_f(v->op, x, f32); break;
        }
        r->f = f32 ? (double)(float)o : o;
    } else {
        uint64_t x = (uint64_t)a->i, y = v->n > 1 ? (uint64_t)b->i : 0;
        int64_t sx = a->i, sy = v->n > 1 ? b->i : 0, o = 0;
        switch (v->op) {
        case CI__V_ADD: o = (int64_t)(x + y); break;
        case CI__V_SUB: o = (int64_t)(x - y); break;
        case CI__V_MUL: o = (int64_t)(x * y); break;
        case CI__V_FLOORDIV:
            o = sy == 0 ? 0 : sy == -1 ? (int64_t)(0 - x) : ci__util_floordiv(sx, sy);
            break;
        case CI__V_TRUNCDIV: o = sy == 0 ? 0 : sy == -1 ? (int64_t)(0 - x) : sx / sy; break;
        case CI__V_REM: o = (sy == 0 || sy == -1) ? 0 : ci__util_pymod(sx, sy); break;
        case CI__V_POW: o = ci__interp_ipow(sx, sy); break;
        case CI__V_MAX: o = sx > sy ? sx : sy; break;
        case CI__V_MIN: o = sx < sy ? sx : sy; break;
        case CI__V_NEG: o = (int64_t)(0 - x); break;
        case CI__V_ABS: o = sx < 0 ? (int64_t)(0 - x) : sx; break;
        case CI__V_FLOOR: case CI__V_CEIL: case CI__V_TRUNC: case CI__V_ROUND: o = sx; break;
        case CI__V_SIGN: o = (0 < sx) - (sx < 0); break;
        case CI__V_BAND: o = (int64_t)(x & y); break;
        case CI__V_BOR: o = (int64_t)(x | y); break;
        case CI__V_BXOR: o = (int64_t)(x ^ y); break;
        case CI__V_BNOT: o = (int64_t)~x; break;
        case CI__V_SHL:
            o = (sy < 0 || sy >= 8 * ci__dtype_tab[v->dt].size) ? 0 : (int64_t)(x << sy);
            break;
        case CI__V_SHR:
            o = (sy < 0 || sy >= 8 * ci__dtype_tab[v->dt].size)
                        ? (sx < 0 ? -1 : 0)
                        : (sx < 0 ? ~(~sx >> sy) : sx >> sy);
            break;
        case CI__V_FMOD: o = (sy == 0 || sy == -1) ? 0 : sx % sy; break;
        default: CI__ASSERT(0); break;
        }
        r->i = ci__interp_wrapi(v->dt, (uint64_t)o);
    }
    return 0;
}

/* v's DAG in post-order (operands first), each node once (K->pos[id] >= 0 once placed) */
static void ci__interp_collect(ci__L *L, ci__interp_kernel *K, ci__v *v) {
    ci__ir_vwalk w;
    int i;
    ci__ir_vw_open(L, &w);
    ci__ir_vw_push(&w, v, 0);
    while (w.n) {
        v = w.v[--w.n];
        if (w.post[w.n]) {
            K->pos[v->id] = K->n;
            K->nodes[K->n++] = v;
            continue;
        }
        if (K->pos[v->id] >= 0) continue;
        ci__ir_vw_push(&w, v, 1);
        for (i = v->n - 1; i >= 0; i--) if (K->pos[v->a[i]->id] < 0) ci__ir_vw_push(&w, v->a[i], 0);
    }
    ci__ir_vw_close(&w);
}

static void ci__interp_store_val(ci__buf *b, void *const *B, int64_t k, ci__interp_val val,
                                 int isf) {
    char *p = (char *)B[b->slot];
    double f = isf ? val.f : (double)val.i;
    int64_t i = isf ? ci__interp_f2i(val.f, CI_I64) : val.i;
    switch (b->dt) {
    case CI_BOOL: ((unsigned char *)p)[k] = (unsigned char)(isf ? val.f != 0 : val.i != 0); break;
    case CI_U8: ((unsigned char *)p)[k] = (unsigned char)i; break;
    case CI_I8: ((signed char *)p)[k] = (signed char)ci__interp_wrapi(CI_I8, (uint64_t)i); break;
    case CI_I16: ((short *)p)[k] = (short)ci__interp_wrapi(CI_I16, (uint64_t)i); break;
    case CI_I32: ((int *)p)[k] = (int)ci__interp_wrapi(CI_I32, (uint64_t)i); break;
    case CI_I64: ((long long *)p)[k] = i; break;
    case CI_F16: ((unsigned short *)p)[k] = ci__f2h(ci__interp_d2f(f)); break;
    case CI_BF16: ((unsigned short *)p)[k] = ci__f2bf(ci__interp_d2f(f)); break;
    case CI_F32: ((float *)p)[k] = ci__interp_d2f(f); break;
    case CI_F64: ((double *)p)[k] = f; break;
    default: break;
    }
}

/* the index variables a kernel's body may read: its loop variables (marked in K->def) and
   the indirect variables whose checked values the body computes before position `before` */
static void ci__interp_check_ix(ci__L *L, const ci__interp_kernel *K, const ci__ix *e, int before,
                                const char *kname) {
    int i;
    switch (e->kind) {
    case CI__IX_CONST: return;
    case CI__IX_VAR: {
        const ci__v *val = e->var < L->ixt.nvars ? L->ixt.var_val[e->var] : NULL;
        if (K->def[e->var] == K->stamp) return;
        if (val && K->pos[val->id] >= 0 && K->pos[val->id] < before) return;
        CI__FAIL(L, CI_ERR_COMPILE,
                 "internal error: kernel %s reads index variable %d, which it never defines"
                 " (please report this graph)",
                 kname, e->var);
    }
    case CI__IX_SUM:
        for (i = 0; i < e->nterms; i++) ci__interp_check_ix(L, K, e->atom[i], before, kname);
        return;
    default:
        ci__interp_check_ix(L, K, e->a, before, kname);
        ci__interp_check_ix(L, K, e->b, before, kname);
    }
}

/* a member's value DAG flattened once (at compile time): node j's operands are at args[4j..].
   Every index read is checked here against the variables the kernel defines (loop, the given
   ones, or indirect ones computed earlier in the body): an undefined one would read whatever
   the last kernel left there, so it fails the compile instead of giving a value. */
typedef struct ci__interp_prog { int n; ci__v **nodes; int *args; } ci__interp_prog;
static ci__interp_prog *ci__interp_prog_build(ci__L *L, ci__interp_kernel *K, ci__v *const *roots,
                                              int nroots, const ci__kernel *k, ci__ix *const *loop,
                                              int nloop, const ci__ix *st) {
    ci__interp_prog *P = CI__NEW(L->A, ci__interp_prog);
    int i, j;
    K->n = 0;
    K->stamp++;
    for (i = 0; i < nloop; i++) K->def[loop[i]->var] = K->stamp;
    for (i = 0; i < nroots; i++) ci__interp_collect(L, K, roots[i]);
    P->n = K->n;
    P->nodes = CI__NEWN(L->A, ci__v *, K->n + 1);
    P->args = CI__NEWN(L->A, int, 4 * K->n + 4);
    for (j = 0; j < K->n; j++) {
        ci__v *v = K->nodes[j];
        P->nodes[j] = v;
        for (i = 0; i < 4; i++) P->args[4 * j + i] = i < v->n ? K->pos[v->a[i]->id] : 0;
        if (v->ix) ci__interp_check_ix(L, K, v->ix, j, k->name);
    }
    if (st) ci__interp_check_ix(L, K, st, K->n, k->name);
    for (j = 0; j < K->n; j++) K->pos[K->nodes[j]->id] = -1;
    return P;
}

/* evaluate; the value of node j is regs[j]; returns 1 on an out-of-bounds load */
static int ci__interp_prog_eval(const ci__interp_prog *P, ci__interp_val *regs, int64_t *vars,
                                void *const *B, int eslot, const ci__interp_val *accv) {
    int j;
    for (j = 0; j < P->n; j++) {
        ci__v *v = P->nodes[j];
        const int *a = P->args + 4 * j;
        if (v->op == CI__V_ACC) { regs[j] = accv[v->i]; continue; }
        if (v->op == CI__V_RANDINT) {
            regs[j].i = ci__interp_randint(regs[a[0]].i, regs[a[1]].i, regs[a[2]].i, regs[a[3]].i);
            continue;
        }
        if (ci__interp_node(v, &regs[j], &regs[a[0]], &regs[a[1]], &regs[a[2]], vars, B, eslot))
            return 1;
        if (v->ivar) vars[v->ivar - 1] = regs[j].i; /* an indirect index variable takes its value */
    }
    return 0;
}

/* a reduction's running state */
typedef struct ci__interp_acc {
    ci__interp_val acc;
    int64_t acc_i;
    double w_mean, w_n;
} ci__interp_acc;
static void ci__interp_acc_init(const ci__kernel *k, ci_dtype in_dt, ci__interp_acc *s) {
    int rt = k->rtype;
    memset(s, 0, sizeof *s);
    if (ci__dtype_is_float(in_dt))
        s->acc.f = rt == CI__RED_PROD ? 1
                   : (rt == CI__RED_MAX || rt == CI__RED_ARGMAX || rt == CI__RED_CUMMAX ||
                      rt == CI__RED_LOGSUMEXP)
                           ? -HUGE_VAL
                   : (rt == CI__RED_MIN || rt == CI__RED_ARGMIN || rt == CI__RED_CUMMIN) ? HUGE_VAL
                                                                                         : 0;
    else
        s->acc.i = (rt == CI__RED_PROD || rt == CI__RED_ALL) ? 1
                   : (rt == CI__RED_MAX || rt == CI__RED_ARGMAX || rt == CI__RED_CUMMAX)
                           ? (in_dt == CI_BOOL ? 0 : INT64_MIN)
                   : (rt == CI__RED_MIN || rt == CI__RED_ARGMIN || rt == CI__RED_CUMMIN)
                           ? (in_dt == CI_BOOL ? 1 : INT64_MAX)
                           : 0;
}

static void ci__interp_acc_update(const ci__kernel *k, int isf, ci__interp_acc *s,
                                  ci__interp_val val, int64_t rr) {
    ci__interp_val *acc = &s->acc;
    switch (k->rtype) {
    case CI__RED_SUM:
        if (isf)
            acc->f += val.f;
        else
            acc->i = (int64_t)((uint64_t)acc->i + (uint64_t)val.i);
        break;
    case CI__RED_PROD:
        if (isf)
            acc->f *= val.f;
        else
            acc->i = (int64_t)((uint64_t)acc->i * (uint64_t)val.i);
        break;
    case CI__RED_MAX:
        if (isf)
            acc->f = ci__interp_fmax(acc->f, val.f, 1);
        else if (val.i > acc->i)
            acc->i = val.i;
        break;
    case CI__RED_MIN:
        if (isf)
            acc->f = ci__interp_fmax(acc->f, val.f, 0);
        else if (val.i < acc->i)
            acc->i = val.i;
        break;
    case CI__RED_ANY: acc->i = acc->i || val.i; break;
    case CI__RED_ALL: acc->i = acc->i && val.i; break;
    case CI__RED_XOR_SUM: acc->i ^= val.i; break;
    case CI__RED_WELFORD: {
        double d = val.f - s->w_mean;
        s->w_n += 1;
        s->w_mean += d / s->w_n;
        acc->f += d * (val.f - s->w_mean);
        break;
    }
    case CI__RED_ARGMAX: case CI__RED_ARGMIN: {
        int mx = k->rtype == CI__RED_ARGMAX;
        if (isf ? ((mx ? val.f > acc->f : val.f < acc->f) || (val.f != val.f && acc->f == acc->f))
                : (mx ? val.i > acc->i : val.i < acc->i)) { *acc = val; s->acc_i = rr; }
        break;
    }
    case CI__RED_LOGSUMEXP: {
        double lo = acc->f < val.f ? acc->f : val.f, hi = acc->f < val.f ? val.f : acc->f;
        if (val.f != val.f) acc->f = val.f;
        else if (acc->f == acc->f && (lo != hi || (lo - lo) == 0))
            acc->f = hi + log1p(exp(lo - hi));
        break;
    }
    case CI__RED_CUMMAX: case CI__RED_CUMMIN: {
        int mx = k->rtype == CI__RED_CUMMAX;
        if (isf ? (val.f != val.f || (acc->f == acc->f && (mx ? val.f >= acc->f : val.f <= acc->f)))
                : (mx ? val.i >= acc->i : val.i <= acc->i)) { *acc = val; s->acc_i = rr; }
        break;
    }
    }
}

/* a scan or a scatter; returns 0 or 1 (bad load) */
static int ci__interp_single(ci__L *L, ci__kernel *k, void *const *B, ci__interp_val *regs,
                             int64_t *vars, const ci__interp_prog *P) {
    int64_t idx[CI_MAX_DIMS], ridx[CI_MAX_DIMS], onumel = ci__ir_numel(k->ndim, k->size),
                                                 rnumel = ci__ir_numel(k->nr, k->rsize), o, rr;
    int i, scan = k->kind == CI__K_SCAN, isf = ci__dtype_is_float(k->body->dt),
           isfo = ci__dtype_is_float(k->out->dt);
    ci__ix *scan_store = NULL;
    int body = P->n - 1;
    for (i = 0; i < P->n; i++) if (P->nodes[i] == k->body) body = i;
    if (scan) {
        ci__ix *sidx[CI_MAX_DIMS];
        int d, n = 0;
        for (d = 0; d < k->out->ndim; d++) sidx[d] = d == k->sdim ? k->rvars[0] : k->vars[n++];
        scan_store = ci__ir_buf_index(L, k->out, sidx);
    }
    memset(idx, 0, sizeof idx);
    for (o = 0; o < onumel; o++) {
        ci__interp_acc s;
        for (i = 0; i < k->ndim; i++) vars[k->vars[i]->var] = idx[i];
        if (scan) {
            ci__interp_acc_init(k, k->body->dt, &s);
            memset(ridx, 0, sizeof ridx);
            for (rr = 0; rr < rnumel; rr++) {
                ci__interp_val sv;
                for (i = 0; i < k->nr; i++) vars[k->rvars[i]->var] = ridx[i];
                if (ci__interp_prog_eval(P, regs, vars, B, L->err_slot, NULL)) return 1;
                ci__interp_acc_update(k, isf, &s, regs[body], rr);
                if (k->sout) sv.i = s.acc_i; else sv = s.acc;
                ci__interp_store_val(k->out, B, ci__ix_eval(scan_store, vars), sv,
                                     k->sout ? 0 : isf);
                for (i = k->nr - 1; i >= 0; i--) {
                    if (++ridx[i] < k->rsize[i]) break;
                    ridx[i] = 0;
                }
            }
        } else {
            int64_t si;
            ci__interp_val old, nv, val;
            if (ci__interp_prog_eval(P, regs, vars, B, L->err_slot, NULL)) return 1;
            val = regs[body];
            si = ci__ix_eval(k->sidx, vars);
            if (si < 0 || si >= k->out->numel) return 1;
            /* the value in the output's dtype, as the emitted cast does */
            if (isfo) {
                nv.f = isf ? val.f : (double)val.i;
                if (k->out->dt != CI_F64) nv.f = (double)(float)nv.f;
            } else
                nv.i = k->out->dt == CI_BOOL ? (isf ? val.f != 0 : val.i != 0)
                       : isf                 ? ci__interp_f2i(val.f, k->out->dt)
                                             : ci__interp_wrapi(k->out->dt, (uint64_t)val.i);
            /* (a store reads nothing: a concat slice's buffer starts unwritten) */
            if (k->smode != CI__SC_STORE) ci__interp_load(k->out, B, si, &old);
            switch (k->smode) {
            case CI__SC_ADD:
                if (k->out->dt == CI_BOOL) nv.i = old.i || nv.i;
                else if (isfo) nv.f = old.f + nv.f;
                else nv.i = ci__interp_wrapi(k->out->dt, (uint64_t)old.i + (uint64_t)nv.i);
                break;
            case CI__SC_MUL:
                if (k->out->dt == CI_BOOL) nv.i = old.i && nv.i;
                else if (isfo) nv.f = old.f * nv.f;
                else nv.i = ci__interp_wrapi(k->out->dt, (uint64_t)old.i * (uint64_t)nv.i);
                break;
            case CI__SC_MAX: case CI__SC_MIN:
                if (isfo) nv.f = ci__interp_fmax(old.f, nv.f, k->smode == CI__SC_MAX);
                else
                    nv.i = k->smode == CI__SC_MAX ? (old.i > nv.i ? old.i : nv.i)
                                                  : (old.i < nv.i ? old.i : nv.i);
                break;
            default: break;
            }
            if (isfo && k->out->dt != CI_F64) nv.f = (double)(float)nv.f;
            ci__interp_store_val(k->out, B, si, nv, isfo);
        }
        for (i = k->ndim - 1; i >= 0; i--) { if (++idx[i] < k->size[i]) break; idx[i] = 0; }
    }
    return 0;
}

/* a fused kernel, phase by phase as the emitted C runs it; returns 0 or 1 (bad load) */
static int ci__interp_group(ci__L *L, ci__group *g, void *const *B, ci__interp_val *regs,
                            int64_t *vars, ci__interp_val *accv, ci__interp_acc *st) {
    const ci__ir_tiling *T = &g->t;
    int64_t idx[CI_MAX_DIMS], ridx[CI_MAX_DIMS], onumel = ci__ir_numel(T->ndim, T->size),
                                                 rnumel = ci__ir_numel(T->nr, T->rsize), o, rr;
    int i, j, p;
    memset(idx, 0, sizeof idx);
    for (o = 0; o < onumel; o++) {
        for (i = 0; i < T->ndim; i++) vars[T->vars[i]->var] = idx[i];
        for (p = 0; p < g->nphase; p++) {
            int ninner = 0;
            for (j = 0; j < g->m.n; j++) {
                ci__kernel *k = (ci__kernel *)g->m.v[j];
                const ci__interp_prog *P = (const ci__interp_prog *)k->ip;
                if (!k->emit || k->phase != p) continue;
                if (k->inner) {
                    ninner++;
                    if (k->kind == CI__K_REDUCTION) ci__interp_acc_init(k, k->gbody->dt, &st[j]);
                    continue;
                }
                if (ci__interp_prog_eval(P, regs, vars, B, L->err_slot, accv)) return 1;
                if (k->store)
                    ci__interp_store_val(k->out, B, ci__ix_eval(k->st_ix, vars), regs[P->n - 1],
                                         ci__dtype_is_float(k->gbody->dt));
            }
            if (!ninner) continue;
            memset(ridx, 0, sizeof ridx);
            for (rr = 0; rr < rnumel; rr++) {
                for (i = 0; i < T->nr; i++) vars[T->rvars[i]->var] = ridx[i];
                for (j = 0; j < g->m.n; j++) {
                    ci__kernel *k = (ci__kernel *)g->m.v[j];
                    const ci__interp_prog *P = (const ci__interp_prog *)k->ip;
                    int isf;
                    if (!k->emit || !k->inner || k->phase != p) continue;
                    if (ci__interp_prog_eval(P, regs, vars, B, L->err_slot, accv)) return 1;
                    isf = ci__dtype_is_float(k->gbody->dt);
                    if (k->kind == CI__K_REDUCTION)
                        ci__interp_acc_update(k, isf, &st[j], regs[P->n - 1], rr);
                    else if (k->store)
                        ci__interp_store_val(k->out, B, ci__ix_eval(k->st_ix, vars), regs[P->n - 1],
                                             isf);
                }
                for (i = T->nr - 1; i >= 0; i--) {
                    if (++ridx[i] < T->rsize[i]) break;
                    ridx[i] = 0;
                }
            }
            /* the results, as a load of the stored value would see them */
            for (j = 0; j < g->m.n; j++) {
                ci__kernel *k = (ci__kernel *)g->m.v[j];
                ci__interp_val val, tmp[2];
                ci__buf tb;
                void *tB[1];
                int isf;
                if (!k->emit || !k->inner || k->phase != p || k->kind != CI__K_REDUCTION) continue;
                if (k->rtype == CI__RED_ARGMAX || k->rtype == CI__RED_ARGMIN) {
                    val.i = st[j].acc_i;
                    isf = 0;
                } else {
                    val = st[j].acc;
                    isf = ci__dtype_is_float(k->gbody->dt);
                }
                tb = *k->out;
                tb.slot = 0;
                tB[0] = tmp;
                ci__interp_store_val(&tb, tB, 0, val, isf);
                ci__interp_load(&tb, tB, 0, &accv[k->id]);
                if (k->store)
                    ci__interp_store_val(k->out, B, ci__ix_eval(k->st_ix, vars), accv[k->id],
                                         ci__dtype_is_float(k->acc->dt));
            }
        }
        for (i = T->ndim - 1; i >= 0; i--) { if (++idx[i] < T->size[i]) break; idx[i] = 0; }
    }
    return 0;
}

/* the interpreter's part of a program: flattened bodies, registers, variable values,
   reduction states; all in the program's arena */
typedef struct ci__interp_state {
    ci__interp_kernel K;
    ci__interp_val *regs;
    int64_t *vars;
    ci__interp_val *accv;                   /* reduction results, by kernel id */
    ci__interp_acc *iacc;                   /* reduction states, by member */
} ci__interp_state;
/* the backend's compile: every live member's body flattened (ci__interp_prog_build), the scratch
   sized for the largest */
static void *ci__interp_prepare(ci_program *p) {
    ci__L *L = p->L;
    ci__interp_state *S = CI__NEW(p->A, ci__interp_state);
    int i, j, maxn = 1;
    S->vars = CI__NEWN(p->A, int64_t, L->ixt.nvars + 1);
    S->K.nodes = CI__NEWN(p->A, ci__v *, L->vt.n + 1);
    S->K.pos = CI__NEWN(p->A, int, L->vt.n + 1);
    S->K.def = CI__NEWN(p->A, int, L->ixt.nvars + 1);
    for (i = 0; i <= L->vt.n; i++) S->K.pos[i] = -1;
    for (i = 0; i < L->groups.n; i++) {
        ci__group *gr = (ci__group *)L->groups.v[i];
        for (j = 0; j < gr->m.n; j++) {
            ci__kernel *k = (ci__kernel *)gr->m.v[j];
            ci__v *roots[CI__IR_VARGS + 1];
            int nr = 0;
            if (!k->emit || k->kind == CI__K_EXTERN) continue;
            ci__ix *loop[2 * CI_MAX_DIMS];
            int nl = 0, d;
            if (gr->fused) {
                for (d = 0; d < gr->t.ndim; d++) loop[nl++] = gr->t.vars[d];
                for (d = 0; d < gr->t.nr; d++) loop[nl++] = gr->t.rvars[d];
            } else {
                for (d = 0; d < k->ndim; d++) loop[nl++] = k->vars[d];
                for (d = 0; d < k->nr; d++) loop[nl++] = k->rvars[d];
            }
            if (k->kind == CI__K_SCATTER) ci__ir_collect_indirect(L, k->sidx, roots, &nr);
            roots[nr++] = gr->fused ? k->gbody : k->body;
            k->ip = ci__interp_prog_build(L, &S->K, roots, nr, k, loop, nl,
                                    k->kind == CI__K_SCATTER ? k->sidx
                                    : gr->fused && k->store ? k->st_ix : NULL);
            if (((ci__interp_prog *)k->ip)->n > maxn) maxn = ((ci__interp_prog *)k->ip)->n;
        }
    }
    S->regs = CI__NEWN(p->A, ci__interp_val, maxn + 1);
    S->accv = CI__NEWN(p->A, ci__interp_val, L->kernels.n + 1);
    S->iacc = CI__NEWN(p->A, ci__interp_acc, L->maxmembers + 1);
    return S;
}

static int ci__interp_run(ci_program *p) {
    const ci__interp_state *S = (const ci__interp_state *)p->be_data;
    int i;
    for (i = 0; i < p->nkernels; i++) {
        ci__group *g = p->kernels[i];
        ci__kernel *k = (ci__kernel *)g->m.v[0];
        int bad;
        if (!g->fused && k->kind == CI__K_EXTERN) {
            if (ci__rt_extern(p, i, p->B)) return 1;
            continue;
        }
        if (g->fused) bad = ci__interp_group(p->L, g, p->B, S->regs, S->vars, S->accv, S->iacc);
        else
            bad = ci__interp_single(p->L, k, p->B, S->regs, S->vars,
                                    (const ci__interp_prog *)k->ip);
        if (bad) {
            ci__util_set_error(p->ctx, "interpreter: out-of-bounds load in kernel %s", g->name);
            return 2;
        }
    }
    return 0;
}

static const char *ci__interp_available(void) { return NULL; }
/* needs no C: its source is written only when asked for (ci_program_source) */
static const ci__backend ci__interp_backend = {
    "interp", CI_BACKEND_INTERP, CI_DEVICE_CPU, 0,
    ci__interp_available, ci__interp_prepare, ci__interp_run, NULL
};

/* ---------------------------------------------------------------------------------------
   >>linalg  batched matrix multiply and 2-d convolution kernels (self-contained)
   Everything here is private (prefix ci__la_, macros CI__LINALG_, #undef'd at the end), keeps no
   global state and allocates nothing: the working buffers (about 51 KiB) live on the stack of
   the calling thread. Uses >>interp's f16/bf16 conversions; runs on the program's thread pool
   (>>rt) when it has one.

   Both entry points reduce to one blocked GEMM over a batch of independent products
   C[t] (M x N) = A[t] (M x K) @ B[t] (K x N):
     bmm     A[t] = A + t*n*k, B[t] = B + t*k*m, C[t] = C + t*n*m
     conv2d  t = image*groups + g; A[t] = the weights of group g (Cout/groups x Cin/groups*KH*KW,
             as stored), B[t] = the implicit im2col matrix of image / group g (never formed:
             the B packer reads x directly, zeros for padding), C[t] = y of image / group g
             (Cout/groups x OH*OW, as stored); the bias enters when the first k-block stores.
     a 1x1 conv2d with stride 1 and no padding reads x as a dense B[t] (C/groups x H*W);
     depthwise conv2d (groups == Cin == Cout, f32 / f64) skips the GEMM: one plane per job, a
             row's outputs summed tap by tap (ci__linalg_dw_range).
   Work items ("jobs") are (t, block of rows, block of columns); each writes its own part of C
   and computes it the same way wherever it runs, so any chunking of [0, njobs) gives
   bit-identical results. Per job, for each k-block of KC:
     pack the job's rows of A into MR-row micro-panels (converted to the compute type),
     for each NR-column panel of B: pack it (converted, zero-padded) to an L1-sized buffer,
       for each micro-panel of A: the register-tiled MR x NR micro-kernel, then add the tile
       into C (f32, f64: C itself accumulates) or into a tile buffer (f16/bf16: float, ints:
       uint64) that is rounded / wrapped into C once all k-blocks are in.
   Compute types: f16, bf16, f32 in float; f64 in double; bool and integers in uint64 (=
   int64 with wrap-around), wrapped to the dtype on store; bool stores (sum != 0).
   The plain micro-kernels keep MR x NR scalar accumulators that gcc's SLP vectorizer turns into
   vector registers at -O2 (3x16 float = 12 xmm with plain SSE2, 6 ymm with AVX; 3x8 double
   likewise); 4x8, 6x8 and 4x16 measured slower (fewer flops per load, or spills). On x86-64
   with GCC or clang, CPUs with AVX2 + FMA (asked once per call) run full 6-row tiles through
   6x16 float / 6x8 double kernels (twelve ymm accumulators, `target` attributes, FMA
   intrinsics) that read two 3-row micro-panels: 99 GFLOP/s in L1 against the plain kernel's
   36 on the development machine; the packing is shared, partial tiles at the edges go
   through a 6-row local tile (cheaper than two plain 3-row calls), ints take the plain
   kernels. Results depend on which kernels ran (fused multiply-adds), never
   on the thread count.
   Blocking (f32): KC = 128, jobs of up to MC = 66 rows (A block 33 KiB, reused across the
   job's columns), NR = 16 columns per B panel (8 KiB, reused by every micro-panel of A).
   Dense B is read in panel order, one 64-byte row segment at a time; the next panel's segments
   are prefetched (GCC / clang builtin) a panel ahead, which matters when B is large
   (a [1024, 4096] B spent a fifth of the time waiting on those loads without it).
   Jobs: rows of a product are split into the fewest blocks of at most MC (balanced); columns
   are split too (halving, down to 128 columns) until there are at least 32 jobs in all.
   --------------------------------------------------------------------------------------- */

/* parallel_for(ctx, fn, n, arg): runs fn(arg, begin, end) over [0, n) in chunks, maybe on several
 * threads; may be NULL => serial */
typedef void (*ci__linalg_range_fn)(void *arg, long long begin, long long end);
typedef void (*ci__linalg_parallel_fn)(void *ctx, ci__linalg_range_fn fn, long long n, void *arg);

enum {
    /* dtype codes */
    ci__linalg_BOOL = 1,
    ci__linalg_U8 = 2,
    ci__linalg_I8 = 3,
    ci__linalg_I16 = 4,
    ci__linalg_I32 = 5,
    ci__linalg_I64 = 6,
    ci__linalg_F16 = 7,
    ci__linalg_BF16 = 8,
    ci__linalg_F32 = 9,
    ci__linalg_F64 = 10,
    /* compute kinds */
    ci__linalg_KF = 0,
    ci__linalg_KD = 1,
    ci__linalg_KI = 2,
    /* blocking: MR x NR micro-tile, KC k-block, MC rows per job at most, NCH tile columns */
    ci__linalg_MR = 3,
    ci__linalg_NR_F = 16,
    ci__linalg_NR_D = 8,
    ci__linalg_NR_I = 8,
    ci__linalg_NR_MAX = 16,
    ci__linalg_KC_F = 128,
    ci__linalg_KC_D = 64,
    ci__linalg_KC_I = 64,
    /* a multiple of MR; 64-row problems (conv channels, short GEMMs) are one block */
    ci__linalg_MC = 66,
    ci__linalg_NCH_F = 32,
    ci__linalg_NCH_I = 16,
    ci__linalg_MIN_JOBS = 32,
    ci__linalg_MIN_COLS = 128
};

/* MC must be a multiple of MR (rows per job are rounded up to MR and must still fit the buffers) */
typedef char ci__linalg_mc_is_a_multiple_of_mr[ci__linalg_MC % ci__linalg_MR == 0 ? 1 : -1];

/* f16 / bf16 conversions: ci__h2f, ci__f2h, ci__bf2f, ci__f2bf (the prelude's, in >>cemit) */

/* ---- element access ---- */
static int ci__linalg_kind(int dt) {
    return dt == ci__linalg_F64 ? ci__linalg_KD
           : (dt == ci__linalg_F16 || dt == ci__linalg_BF16 || dt == ci__linalg_F32)
                   ? ci__linalg_KF
                   : ci__linalg_KI;
}

static uint64_t ci__linalg_geti(int dt, const void *p, long long i) {
    switch (dt) {
    case ci__linalg_BOOL: return ((const unsigned char *)p)[i] != 0;
    case ci__linalg_U8: return ((const uint8_t *)p)[i];
    case ci__linalg_I8: return (uint64_t)(int64_t)((const int8_t *)p)[i];
    case ci__linalg_I16: return (uint64_t)(int64_t)((const int16_t *)p)[i];
    case ci__linalg_I32: return (uint64_t)(int64_t)((const int32_t *)p)[i];
    default: return (uint64_t)((const int64_t *)p)[i];
    }
}

static void ci__linalg_putf(int dt, void *p, long long i, float v) {
    switch (dt) {
    case ci__linalg_F16: ((uint16_t *)p)[i] = ci__f2h(v); break;
    case ci__linalg_BF16: ((uint16_t *)p)[i] = ci__f2bf(v); break;
    default: ((float *)p)[i] = v; break;
    }
}

/* the low `bits` bits of u as a two's complement number */
static int64_t ci__linalg_wrap(uint64_t u, int bits) {
    uint64_t mask = bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1u);
    u &= mask;
    if (u >> (bits - 1)) return -(int64_t)(mask - u) - 1;
    return (int64_t)u;
}

static void ci__linalg_puti(int dt, void *p, long long i, uint64_t v) {
    switch (dt) {
    case ci__linalg_BOOL: ((unsigned char *)p)[i] = (unsigned char)(v != 0); break;
    case ci__linalg_U8: ((uint8_t *)p)[i] = (uint8_t)(v & 0xffu); break;
    case ci__linalg_I8: ((int8_t *)p)[i] = (int8_t)ci__linalg_wrap(v, 8); break;
    case ci__linalg_I16: ((int16_t *)p)[i] = (int16_t)ci__linalg_wrap(v, 16); break;
    case ci__linalg_I32: ((int32_t *)p)[i] = (int32_t)ci__linalg_wrap(v, 32); break;
    default: ((int64_t *)p)[i] = ci__linalg_wrap(v, 64); break;
    }
}

/* dst[d*ds], d in [0, total): element (off ? off[d] : s0 + d) of src (dtype dt) converted to the
   compute kind, 0 where that index is negative and for d >= cnt */
static void ci__linalg_gather(int dt, int kind, const void *src, long long s0, const long long *off,
                              int cnt, int total, void *dst, long long ds) {
    int d;
    if (kind == ci__linalg_KF) {
        float *o = (float *)dst;
        if (dt == ci__linalg_F32) {
            const float *s = (const float *)src;
            if (off) { for (d = 0; d < cnt; d++) o[d * ds] = off[d] < 0 ? 0.0f : s[off[d]]; }
            else if (ds == 1) memcpy(o, s + s0, (size_t)cnt * sizeof(float));
            else for (d = 0; d < cnt; d++) o[d * ds] = s[s0 + d];
        } else {   /* f16, bf16 */
            const uint16_t *s = (const uint16_t *)src;
            if (dt == ci__linalg_F16)
                for (d = 0; d < cnt; d++) {
                    long long i = off ? off[d] : s0 + d;
                    o[d * ds] = i < 0 ? 0.0f : ci__h2f(s[i]);
                }
            else
                for (d = 0; d < cnt; d++) {
                    long long i = off ? off[d] : s0 + d;
                    o[d * ds] = i < 0 ? 0.0f : ci__bf2f(s[i]);
                }
        }
        for (d = cnt; d < total; d++) o[d * ds] = 0.0f;
    } else if (kind == ci__linalg_KD) {
        double *o = (double *)dst;
        const double *s = (const double *)src;
        if (off) { for (d = 0; d < cnt; d++) o[d * ds] = off[d] < 0 ? 0.0 : s[off[d]]; }
        else if (ds == 1) memcpy(o, s + s0, (size_t)cnt * sizeof(double));
        else for (d = 0; d < cnt; d++) o[d * ds] = s[s0 + d];
        for (d = cnt; d < total; d++) o[d * ds] = 0.0;
    } else {
        uint64_t *o = (uint64_t *)dst;
        for (d = 0; d < cnt; d++) {
            long long i = off ? off[d] : s0 + d;
            o[d * ds] = i < 0 ? 0u : ci__linalg_geti(dt, src, i);
        }
        for (d = cnt; d < total; d++) o[d * ds] = 0u;
    }
}

/* ---- micro-kernels: the MR x NR product T = sum over p of ap[p*MR + i] * bp[p*NR + j], then
   out[i*ldo + j] = T + bias[i] (first; bias may be NULL) or out[i*ldo + j] += T.
   The accumulators are named scalars (8 per macro) so they live in registers; -O2's SLP
   vectorizer packs each row's 8 or 16 into vectors. They go out through a local array: stored
   in one contiguous run (which keeps the SLP groups whole), then added to out by loops that
   vectorize (the local array cannot alias out). ---- */
#define CI__LINALG_Z8(T, c) T c##0 = 0, c##1 = 0, c##2 = 0, c##3 = 0, \
                             c##4 = 0, c##5 = 0, c##6 = 0, c##7 = 0
#define CI__LINALG_L8(T, v, b) T v##0 = (b)[0], v##1 = (b)[1], v##2 = (b)[2], v##3 = (b)[3], \
                             v##4 = (b)[4], v##5 = (b)[5], v##6 = (b)[6], v##7 = (b)[7]
#define CI__LINALG_F8(c, a, v) \
    c##0 += (a) * v##0; \
    c##1 += (a) * v##1; \
    c##2 += (a) * v##2; \
    c##3 += (a) * v##3; \
    c##4 += (a) * v##4; \
    c##5 += (a) * v##5; \
    c##6 += (a) * v##6; \
    c##7 += (a) * v##7
#define CI__LINALG_S8(o, c) \
    (o)[0] = c##0; \
    (o)[1] = c##1; \
    (o)[2] = c##2; \
    (o)[3] = c##3; \
    (o)[4] = c##4; \
    (o)[5] = c##5; \
    (o)[6] = c##6; \
    (o)[7] = c##7
/* out rows (stride ldo) op= the MRR x NRC tile t (rows of ts); constants in the kernels, the
   partial tile's sizes for a tile at an edge */
#define CI__LINALG_OUT(T, MRR, NRC, ts, out, ldo, t, first, bias) do { \
        int i_, j_; \
        for (i_ = 0; i_ < (MRR); i_++) { \
            T *o_ = (out) + i_ * (ldo); \
            const T *t_ = (t) + i_ * (ts); \
            const T b_ = ((first) && (bias)) ? (bias)[i_] : (T)0; \
            if (first) \
                for (j_ = 0; j_ < (NRC); j_++) o_[j_] = t_[j_] + b_; \
            else \
                for (j_ = 0; j_ < (NRC); j_++) o_[j_] += t_[j_]; \
        } \
    } while (0)

static void ci__linalg_kern_f(long long kc, const float *ap, const float *bp, float *out,
                              long long ldo, int first, const float *bias) { /* 3 x 16 */
    float t[3 * 16];
    long long p;
    CI__LINALG_Z8(float, r0a); CI__LINALG_Z8(float, r0b);
    CI__LINALG_Z8(float, r1a); CI__LINALG_Z8(float, r1b);
    CI__LINALG_Z8(float, r2a); CI__LINALG_Z8(float, r2b);
    for (p = 0; p < kc; p++, ap += 3, bp += 16) {
        CI__LINALG_L8(const float, u, bp);
        CI__LINALG_L8(const float, v, bp + 8);
        const float a0 = ap[0], a1 = ap[1], a2 = ap[2];
        CI__LINALG_F8(r0a, a0, u); CI__LINALG_F8(r0b, a0, v);
        CI__LINALG_F8(r1a, a1, u); CI__LINALG_F8(r1b, a1, v);
        CI__LINALG_F8(r2a, a2, u); CI__LINALG_F8(r2b, a2, v);
    }
    CI__LINALG_S8(t, r0a); CI__LINALG_S8(t + 8, r0b);
    CI__LINALG_S8(t + 16, r1a); CI__LINALG_S8(t + 24, r1b);
    CI__LINALG_S8(t + 32, r2a); CI__LINALG_S8(t + 40, r2b);
    CI__LINALG_OUT(float, ci__linalg_MR, 16, 16, out, ldo, t, first, bias);
}

/* the 3 x 8 kernel, written once for double and for uint64_t (which wraps) */
#define CI__LINALG_KERN8(name, T) \
    static void name(long long kc, const T *ap, const T *bp, T *out, long long ldo, int first, \
                     const T *bias) { \
        T t[3 * 8]; \
        long long p; \
        CI__LINALG_Z8(T, r0); \
        CI__LINALG_Z8(T, r1); \
        CI__LINALG_Z8(T, r2); \
        for (p = 0; p < kc; p++, ap += 3, bp += 8) { \
            CI__LINALG_L8(const T, u, bp); \
            const T a0 = ap[0], a1 = ap[1], a2 = ap[2]; \
            CI__LINALG_F8(r0, a0, u); \
            CI__LINALG_F8(r1, a1, u); \
            CI__LINALG_F8(r2, a2, u); \
        } \
        CI__LINALG_S8(t, r0); \
        CI__LINALG_S8(t + 8, r1); \
        CI__LINALG_S8(t + 16, r2); \
        CI__LINALG_OUT(T, ci__linalg_MR, 8, 8, out, ldo, t, first, bias); \
    }
CI__LINALG_KERN8(ci__la_kern_d, double)
CI__LINALG_KERN8(ci__la_kern_i, uint64_t)
#undef CI__LINALG_KERN8

/* ---- AVX2 + FMA micro-kernels (x86-64 with GCC or clang; picked at run time when the CPU has
   both): 6 x 16 floats or 6 x 8 doubles, twelve 256-bit accumulators, reading two of the 3-row
   A micro-panels (a0, a1) so the packing stays that of the plain kernels. Explicit FMA
   intrinsics: -std=c99 turns GCC's contraction off, and fused results do not depend on the
   compiler. Define CINDUCTOR_NO_SIMD to leave them out. ---- */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(__TINYC__) && \
        !defined(CINDUCTOR_NO_SIMD)
#define CI__LINALG_AVX2 1
#include <immintrin.h>
#define CI__LINALG_TARGET __attribute__((target("avx2,fma")))

/* 1 when this CPU runs the AVX2 + FMA kernels */
static int ci__linalg_has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

/* one k step of the 6-row kernels: rows 0-2 from a0, 3-5 from a1, columns u | v; BC broadcasts
   an element of A, FMA is the fused multiply-add of the width */
#define CI__LINALG_STEP6(BC, FMA) do { \
        a = BC(a0); \
        c00 = FMA(a, u, c00); \
        c01 = FMA(a, v, c01); \
        a = BC(a0 + 1); \
        c10 = FMA(a, u, c10); \
        c11 = FMA(a, v, c11); \
        a = BC(a0 + 2); \
        c20 = FMA(a, u, c20); \
        c21 = FMA(a, v, c21); \
        a = BC(a1); \
        c30 = FMA(a, u, c30); \
        c31 = FMA(a, v, c31); \
        a = BC(a1 + 1); \
        c40 = FMA(a, u, c40); \
        c41 = FMA(a, v, c41); \
        a = BC(a1 + 2); \
        c50 = FMA(a, u, c50); \
        c51 = FMA(a, v, c51); \
    } while (0)
/* row i of the tile (c<i>0 | c<i>1, vectors V of W lanes) into out: = + bias (first) or += */
#define CI__LINALG_PUT6(T, V, W, i, c0, c1, LD, ST, ADD, SET1) do { \
        T *o_ = out + (i) * ldo; \
        if (first) { \
            const V b_ = SET1(bias ? bias[i] : (T)0); \
            ST(o_, ADD(c0, b_)); \
            ST(o_ + (W), ADD(c1, b_)); \
        } else { \
            ST(o_, ADD(LD(o_), c0)); \
            ST(o_ + (W), ADD(LD(o_ + (W)), c1)); \
        } \
    } while (0)
/* the kernel for element type T, vector type V of W lanes; named accumulators (an array of
   vectors indexed in a loop is kept on the stack) */
#define CI__LINALG_KERN6(name, T, V, W, ZERO, LD, ST, ADD, SET1, BC, FMA) \
    CI__LINALG_TARGET static void name(long long kc, const T *a0, const T *a1, const T *bp, \
                                       T *out, long long ldo, int first, const T *bias) { \
        V c00 = ZERO(), c01 = ZERO(), c10 = ZERO(), c11 = ZERO(), c20 = ZERO(), c21 = ZERO(); \
        V c30 = ZERO(), c31 = ZERO(), c40 = ZERO(), c41 = ZERO(), c50 = ZERO(), c51 = ZERO(); \
        long long p; \
        for (p = 0; p < kc; p++, a0 += 3, a1 += 3, bp += 2 * (W)) { \
            const V u = LD(bp), v = LD(bp + (W)); \
            V a; \
            CI__LINALG_STEP6(BC, FMA); \
        } \
        CI__LINALG_PUT6(T, V, W, 0, c00, c01, LD, ST, ADD, SET1); \
        CI__LINALG_PUT6(T, V, W, 1, c10, c11, LD, ST, ADD, SET1); \
        CI__LINALG_PUT6(T, V, W, 2, c20, c21, LD, ST, ADD, SET1); \
        CI__LINALG_PUT6(T, V, W, 3, c30, c31, LD, ST, ADD, SET1); \
        CI__LINALG_PUT6(T, V, W, 4, c40, c41, LD, ST, ADD, SET1); \
        CI__LINALG_PUT6(T, V, W, 5, c50, c51, LD, ST, ADD, SET1); \
    }
CI__LINALG_KERN6(ci__linalg_kern6_f, float, __m256, 8, _mm256_setzero_ps, _mm256_loadu_ps,
                 _mm256_storeu_ps, _mm256_add_ps, _mm256_set1_ps, _mm256_broadcast_ss,
                 _mm256_fmadd_ps)
CI__LINALG_KERN6(ci__linalg_kern6_d, double, __m256d, 4, _mm256_setzero_pd, _mm256_loadu_pd,
                 _mm256_storeu_pd, _mm256_add_pd, _mm256_set1_pd, _mm256_broadcast_sd,
                 _mm256_fmadd_pd)
#undef CI__LINALG_KERN6
#undef CI__LINALG_PUT6
#undef CI__LINALG_STEP6
#undef CI__LINALG_TARGET
#else
static int ci__linalg_has_avx2(void) { return 0; }
#endif

/* ---- the problem: a batch of GEMMs, B dense or an implicit im2col ---- */
typedef struct ci__linalg_conv {
    long long C, H, W, KH, KW, OW, sH, sW, pH, pW, dH, dW;   /* C = channels per group */
} ci__linalg_conv;

typedef struct ci__linalg_prob {
    int dt, kind;
    long long M, N, K;
    const char *A, *B, *bias;   /* byte pointers */
    char *C;
    long long esz;              /* bytes per element of dt */
    /* A[t] = A + (t % amod)*sA, B[t] = B + t*sB, C[t] = C + t*sC (elements) */
    long long amod, sA, sB, sC;
    long long lda, ldb, ldc;
    const ci__linalg_conv *cv;      /* non-NULL: B[t] is the im2col matrix of the input at B[t] */
    long long mcj, ncj, nib, njb;   /* rows / columns per job, jobs per t along rows / columns */
    long long njobs;
    int simd;                       /* 1: the AVX2 + FMA kernels for f32 / f64 */
} ci__linalg_prob;

/* the im2col columns [j0, j0+nr) of one B panel: where each output pixel's window starts */
typedef struct ci__linalg_cpanel {
    long long ih0[ci__linalg_NR_MAX], iw0[ci__linalg_NR_MAX];
    int one_row;   /* all in one output row */
} ci__linalg_cpanel;
static void ci__linalg_conv_panel(const ci__linalg_conv *cv, long long j0, int nr,
                                  ci__linalg_cpanel *cp) {
    long long oh = j0 / cv->OW, ow = j0 % cv->OW;
    const long long oh0 = oh;
    int jj;
    cp->one_row = 1;
    for (jj = 0; jj < nr; jj++) {
        cp->ih0[jj] = oh * cv->sH - cv->pH;
        cp->iw0[jj] = ow * cv->sW - cv->pW;
        if (oh != oh0) cp->one_row = 0;
        if (++ow == cv->OW) { ow = 0; oh++; }
    }
}

/* offsets (from B[t]) of the panel's columns in im2col row (ci, kh, kw); -1 = padding.
   Returns 2 when all are padding, 1 when they are contiguous from off[0], else 0. */
static int ci__linalg_conv_row(const ci__linalg_conv *cv, const ci__linalg_cpanel *cp, long long ci,
                               long long kh, long long kw, int nr, long long *off) {
    const long long dh = kh * cv->dH, dw = kw * cv->dW, base = ci * cv->H * cv->W;
    int jj;
    if (cp->one_row) {
        const long long ih = cp->ih0[0] + dh;
        if (ih < 0 || ih >= cv->H) { off[0] = 0; return 2; }
        if (cv->sW == 1 && cp->iw0[0] + dw >= 0 && cp->iw0[nr - 1] + dw < cv->W) {
            off[0] = base + ih * cv->W + cp->iw0[0] + dw;
            return 1;
        }
    }
    for (jj = 0; jj < nr; jj++) {
        const long long ih = cp->ih0[jj] + dh, iw = cp->iw0[jj] + dw;
        off[jj] = ih >= 0 && ih < cv->H && iw >= 0 && iw < cv->W ? base + ih * cv->W + iw : -1;
    }
    return 0;
}

#if defined(__GNUC__) || defined(__clang__)
#define CI__LINALG_PREFETCH(p) __builtin_prefetch(p)
#else
#define CI__LINALG_PREFETCH(p) ((void)(p))
#endif

static int ci__linalg_roundup_mr(int n) {
    return (n + ci__linalg_MR - 1) / ci__linalg_MR * ci__linalg_MR;
}

static void ci__linalg_job(const ci__linalg_prob *P, long long job) {
    union {
        float f[ci__linalg_MC * ci__linalg_KC_F];
        double d[ci__linalg_MC * ci__linalg_KC_D];
        uint64_t u[ci__linalg_MC * ci__linalg_KC_I];
    } abuf;
    union {
        float f[ci__linalg_KC_F * ci__linalg_NR_F];
        double d[ci__linalg_KC_D * ci__linalg_NR_D];
        uint64_t u[ci__linalg_KC_I * ci__linalg_NR_I];
    } bbuf;
    union {
        float f[ci__linalg_MC * ci__linalg_NCH_F];
        uint64_t u[ci__linalg_MC * ci__linalg_NCH_I];
    } tile;
    union { float f[ci__linalg_MC]; double d[ci__linalg_MC]; uint64_t u[ci__linalg_MC]; } bias;
    union {   /* 2*MR rows: the 6-row kernels' partial tiles */
        float f[2 * ci__linalg_MR * ci__linalg_NR_F];
        double d[2 * ci__linalg_MR * ci__linalg_NR_D];
        uint64_t u[ci__linalg_MR * ci__linalg_NR_I];
    } res;
    long long off[ci__linalg_NR_MAX];
    ci__linalg_cpanel cpan;
    const int kind = P->kind, dt = P->dt;
    const int direct = dt == ci__linalg_F32 || dt == ci__linalg_F64;   /* C accumulates in place */
    const int NR = kind == ci__linalg_KF   ? ci__linalg_NR_F
                   : kind == ci__linalg_KD ? ci__linalg_NR_D
                                           : ci__linalg_NR_I;
    const long long KC = kind == ci__linalg_KF   ? ci__linalg_KC_F
                         : kind == ci__linalg_KD ? ci__linalg_KC_D
                                                 : ci__linalg_KC_I;
    const long long NCH = kind == ci__linalg_KF ? ci__linalg_NCH_F : ci__linalg_NCH_I;
    const long long ib = job % P->nib, jb = (job / P->nib) % P->njb, t = job / (P->njb * P->nib);
    const long long i0 = ib * P->mcj, i1 = i0 + P->mcj < P->M ? i0 + P->mcj : P->M;
    const long long j0 = jb * P->ncj, j1 = j0 + P->ncj < P->N ? j0 + P->ncj : P->N;
    const long long tg = t % P->amod;
    const char *A, *B;   /* set once K > 0 is known: with K == 0 they may be NULL */
    char *C = P->C + t * P->sC * P->esz;
    const int mc = (int)(i1 - i0), has_bias = P->bias != NULL;
    long long jc, pc, jr, i, j;
    int ir;
    if (i0 >= i1 || j0 >= j1) return;
    if (has_bias)
        ci__linalg_gather(dt, kind, P->bias + tg * P->M * P->esz, i0, NULL, mc, mc, &bias, 1);
    if (P->K == 0) {   /* empty sum: the bias, or zeros */
        for (i = i0; i < i1; i++)
            for (j = j0; j < j1; j++) {
                const long long o = i * P->ldc + j;
                if (kind == ci__linalg_KF)
                    ci__linalg_putf(dt, C, o, has_bias ? bias.f[i - i0] : 0.0f);
                else if (kind == ci__linalg_KD)
                    ((double *)(void *)C)[o] = has_bias ? bias.d[i - i0] : 0.0;
                else ci__linalg_puti(dt, C, o, has_bias ? bias.u[i - i0] : 0u);
            }
        return;
    }
    A = P->A + tg * P->sA * P->esz;
    B = P->B + t * P->sB * P->esz;
    for (jc = j0; jc < j1; jc += direct ? j1 - j0 : NCH) {
        const long long jn = direct ? j1 - j0 : (j1 - jc < NCH ? j1 - jc : NCH);
        for (pc = 0; pc < P->K; pc += KC) {
            const int kc = (int)(P->K - pc < KC ? P->K - pc : KC), first = pc == 0;
            /* A rows [i0, i1), k [pc, pc+kc) -> micro-panels of MR rows, p-major */
            for (ir = 0; ir < ci__linalg_roundup_mr(mc); ir++) {
                const long long dsti =
                        (long long)(ir / ci__linalg_MR) * kc * ci__linalg_MR + ir % ci__linalg_MR;
                const long long src = (i0 + ir) * P->lda + pc;
                /* 3 rows at once */
                if (ir % ci__linalg_MR == 0 && ir + ci__linalg_MR <= mc && dt == ci__linalg_F32) {
                    const float *r0 = (const float *)(const void *)A + src, *r1 = r0 + P->lda,
                                *r2 = r1 + P->lda;
                    float *d = abuf.f + dsti;
                    int pp;
                    for (pp = 0; pp < kc; pp++, d += 3) {
                        d[0] = r0[pp];
                        d[1] = r1[pp];
                        d[2] = r2[pp];
                    }
                    ir += ci__linalg_MR - 1;
                } else if (ir % ci__linalg_MR == 0 && ir + ci__linalg_MR <= mc &&
                           dt == ci__linalg_F64) {
                    const double *r0 = (const double *)(const void *)A + src, *r1 = r0 + P->lda,
                                 *r2 = r1 + P->lda;
                    double *d = abuf.d + dsti;
                    int pp;
                    for (pp = 0; pp < kc; pp++, d += 3) {
                        d[0] = r0[pp];
                        d[1] = r1[pp];
                        d[2] = r2[pp];
                    }
                    ir += ci__linalg_MR - 1;
                } else {
                    void *dst = kind == ci__linalg_KF   ? (void *)(abuf.f + dsti)
                                : kind == ci__linalg_KD ? (void *)(abuf.d + dsti)
                                                        : (void *)(abuf.u + dsti);
                    ci__linalg_gather(dt, kind, A, src, NULL, ir < mc ? kc : 0, kc, dst,
                                      ci__linalg_MR);
                }
            }
            for (jr = jc; jr < jc + jn; jr += NR) {
                const int nr = (int)(jc + jn - jr < NR ? jc + jn - jr : NR);
                /* conv: im2col row pc + pp as (channel, kernel row, column) */
                long long ci = 0, kh = 0, kw = 0;
                int pp;
                if (P->cv) {
                    ci__linalg_conv_panel(P->cv, jr, nr, &cpan);
                    ci = pc / (P->cv->KH * P->cv->KW);
                    kh = pc / P->cv->KW % P->cv->KH;
                    kw = pc % P->cv->KW;
                }
                /* B rows [pc, pc+kc), columns [jr, jr+nr) -> kc x NR, zero-padded */
                for (pp = 0; pp < kc; pp++) {
                    const long long dsti = (long long)pp * NR;
                    void *dst = kind == ci__linalg_KF   ? (void *)(bbuf.f + dsti)
                                : kind == ci__linalg_KD ? (void *)(bbuf.d + dsti)
                                                        : (void *)(bbuf.u + dsti);
                    if (!P->cv) {
                        /* the row's next segment (the next panel, else the next k-block's first),
                           used a whole panel later: fetch its (one or two) cache lines now */
                        const long long nxt = jr + NR < jc + jn     ? (pc + pp) * P->ldb + jr + NR
                                              : pc + KC + pp < P->K ? (pc + KC + pp) * P->ldb + jc
                                                                    : -1;
                        if (nxt >= 0) {
                            CI__LINALG_PREFETCH(B + nxt * P->esz);
                            CI__LINALG_PREFETCH(B + (nxt + NR) * P->esz - 1);
                        }
                        if (nr == ci__linalg_NR_F &&
                            dt == ci__linalg_F32) /* inlined 64-byte copies */
                            memcpy(dst, (const float *)(const void *)B + (pc + pp) * P->ldb + jr,
                                   ci__linalg_NR_F * sizeof(float));
                        else if (nr == ci__linalg_NR_D && dt == ci__linalg_F64)
                            memcpy(dst, (const double *)(const void *)B + (pc + pp) * P->ldb + jr,
                                   ci__linalg_NR_D * sizeof(double));
                        else
                            ci__linalg_gather(dt, kind, B, (pc + pp) * P->ldb + jr, NULL, nr, NR,
                                              dst, 1);
                    }
                    else {
                        const int how = ci__linalg_conv_row(P->cv, &cpan, ci, kh, kw, nr, off);
                        ci__linalg_gather(dt, kind, B, off[0], how ? NULL : off, how == 2 ? 0 : nr,
                                          NR, dst, 1);
                        if (++kw == P->cv->KW) {
                            kw = 0;
                            if (++kh == P->cv->KH) {
                                kh = 0;
                                ci++;
                            }
                        }
                    }
                }
                for (ir = 0; ir < mc; ir += ci__linalg_MR) {
                    const int mr = mc - ir < ci__linalg_MR ? mc - ir : ci__linalg_MR,
                              full = mr == ci__linalg_MR && nr == NR;
#ifdef CI__LINALG_AVX2
                    /* two micro-panels at once: 6 rows; a partial tile (fewer rows or
                       columns) goes through res, its second panel the first again when the
                       rows end within the first (the packing has panels up to mc only) */
                    if (P->simd && kind != ci__linalg_KI) {
                        const int m6 = mc - ir < 2 * ci__linalg_MR ? mc - ir : 2 * ci__linalg_MR;
                        const int full6 = m6 == 2 * ci__linalg_MR && nr == NR;
                        const long long ao = (long long)ir * kc,
                                        a1 = m6 > ci__linalg_MR ? ao + ci__linalg_MR * kc : ao;
                        const long long ldd = direct ? P->ldc : NCH,
                                        dofs = direct ? (i0 + ir) * P->ldc + jr
                                                      : ir * NCH + (jr - jc);
                        if (kind == ci__linalg_KF) {
                            float *d = (direct ? (float *)(void *)C : tile.f) + dofs;
                            const float *bv = has_bias ? bias.f + ir : NULL;
                            if (full6)
                                ci__linalg_kern6_f(kc, abuf.f + ao, abuf.f + a1, bbuf.f, d, ldd,
                                                   first, bv);
                            else {
                                ci__linalg_kern6_f(kc, abuf.f + ao, abuf.f + a1, bbuf.f, res.f,
                                                   NR, 1, NULL);
                                CI__LINALG_OUT(float, m6, nr, NR, d, ldd, res.f, first, bv);
                            }
                        } else {
                            double *d = (double *)(void *)C + dofs;
                            const double *bv = has_bias ? bias.d + ir : NULL;
                            if (full6)
                                ci__linalg_kern6_d(kc, abuf.d + ao, abuf.d + a1, bbuf.d, d, ldd,
                                                   first, bv);
                            else {
                                ci__linalg_kern6_d(kc, abuf.d + ao, abuf.d + a1, bbuf.d, res.d,
                                                   NR, 1, NULL);
                                CI__LINALG_OUT(double, m6, nr, NR, d, ldd, res.d, first, bv);
                            }
                        }
                        ir += ci__linalg_MR;
                        continue;
                    }
#endif
                    /* micro-panel ir / MR starts at (ir/MR)*kc*MR */
                    const long long ao = (long long)ir * kc;
                    /* the destination: C itself (f32, f64) or the tile; partial tiles go through
                     * res */
                    const long long ldd = direct ? P->ldc : NCH,
                                    dofs = direct ? (i0 + ir) * P->ldc + jr : ir * NCH + (jr - jc);
                    if (kind == ci__linalg_KF) {
                        float *d = (direct ? (float *)(void *)C : tile.f) + dofs;
                        const float *bv = has_bias ? bias.f + ir : NULL;
                        if (full) ci__linalg_kern_f(kc, abuf.f + ao, bbuf.f, d, ldd, first, bv);
                        else {
                            ci__linalg_kern_f(kc, abuf.f + ao, bbuf.f, res.f, NR, 1, NULL);
                            CI__LINALG_OUT(float, mr, nr, NR, d, ldd, res.f, first, bv);
                        }
                    } else if (kind == ci__linalg_KD) {
                        double *d = (double *)(void *)C + dofs;
                        const double *bv = has_bias ? bias.d + ir : NULL;
                        if (full) ci__la_kern_d(kc, abuf.d + ao, bbuf.d, d, ldd, first, bv);
                        else {
                            ci__la_kern_d(kc, abuf.d + ao, bbuf.d, res.d, NR, 1, NULL);
                            CI__LINALG_OUT(double, mr, nr, NR, d, ldd, res.d, first, bv);
                        }
                    } else {
                        uint64_t *d = tile.u + dofs;
                        const uint64_t *bv = has_bias ? bias.u + ir : NULL;
                        if (full) ci__la_kern_i(kc, abuf.u + ao, bbuf.u, d, ldd, first, bv);
                        else {
                            ci__la_kern_i(kc, abuf.u + ao, bbuf.u, res.u, NR, 1, NULL);
                            CI__LINALG_OUT(uint64_t, mr, nr, NR, d, ldd, res.u, first, bv);
                        }
                    }
                }
            }
        }
        if (!direct)   /* round / wrap the finished tile into C */
            for (i = 0; i < mc; i++)
                for (j = 0; j < jn; j++) {
                    const long long o = (i0 + i) * P->ldc + jc + j;
                    if (kind == ci__linalg_KF) ci__linalg_putf(dt, C, o, tile.f[i * NCH + j]);
                    else ci__linalg_puti(dt, C, o, tile.u[i * NCH + j]);
                }
    }
}

static void ci__linalg_range(void *arg, long long begin, long long end) {
    const ci__linalg_prob *P = (const ci__linalg_prob *)arg;
    long long job;
    for (job = begin; job < end; job++) ci__linalg_job(P, job);
}

/* splits the batch of products into jobs and runs them; P has everything but the job grid */
static void ci__linalg_run(ci__linalg_prob *P, long long nbatch, ci__linalg_parallel_fn par,
                           void *par_ctx) {
    const long long NR = P->kind == ci__linalg_KF   ? ci__linalg_NR_F
                         : P->kind == ci__linalg_KD ? ci__linalg_NR_D
                                                    : ci__linalg_NR_I;
    long long rows, ncol;
    if (nbatch <= 0 || P->M <= 0 || P->N <= 0) return;
    /* rows: the fewest blocks of at most MC, balanced, each a multiple of MR */
    P->nib = (P->M + ci__linalg_MC - 1) / ci__linalg_MC;
    rows = (P->M + P->nib - 1) / P->nib;
    P->mcj = (rows + ci__linalg_MR - 1) / ci__linalg_MR * ci__linalg_MR;
    P->nib = (P->M + P->mcj - 1) / P->mcj;
    /* columns: whole rows, unless that leaves fewer than MIN_JOBS jobs; then halve while each
       job keeps at least MIN_COLS columns */
    ncol = 1;
    while (nbatch * P->nib * ncol < ci__linalg_MIN_JOBS && P->N / (2 * ncol) >= ci__linalg_MIN_COLS)
        ncol *= 2;
    P->ncj = ((P->N + ncol - 1) / ncol + NR - 1) / NR * NR;
    P->njb = (P->N + P->ncj - 1) / P->ncj;
    P->njobs = nbatch * P->nib * P->njb;
    if (par && P->njobs > 1) par(par_ctx, ci__linalg_range, P->njobs, P);
    else ci__linalg_range(P, 0, P->njobs);
}

static long long ci__linalg_esize(int dt) {
    switch (dt) {
    case ci__linalg_BOOL: case ci__linalg_U8: case ci__linalg_I8: return 1;
    case ci__linalg_I16: case ci__linalg_F16: case ci__linalg_BF16: return 2;
    case ci__linalg_I32: case ci__linalg_F32: return 4;
    case ci__linalg_I64: case ci__linalg_F64: return 8;
    default: return 0;
    }
}

/* C[b] = A[b] @ B[b] for b in [0,batch): A [batch, n, k], B [batch, k, m], C [batch, n, m], all
   dense C-order, same dtype dt. f32 accumulates in float (like BLAS sgemm), f64 in double, integers
   in int64 with wrap-around to the dtype, bool = logical (any(a&&b)), f16/bf16 convert to float,
   accumulate in float, round back (round-to-nearest-even). k == 0 gives zeros. An unknown dt or a
   negative size does nothing. */
static void ci__linalg_bmm_on(int simd, int dt, const void *A, const void *B, void *C,
                              long long batch, long long n, long long k, long long m,
                              ci__linalg_parallel_fn par, void *par_ctx) {
    ci__linalg_prob P;
    memset(&P, 0, sizeof P);
    P.simd = simd;
    P.esz = ci__linalg_esize(dt);
    if (!P.esz || k < 0) return;
    P.dt = dt; P.kind = ci__linalg_kind(dt);
    P.M = n;
    P.N = m;
    P.K = k;
    P.A = (const char *)A;
    P.B = (const char *)B;
    P.C = (char *)C;
    P.bias = NULL;
    P.amod = batch > 0 ? batch : 1;
    P.sA = n * k;
    P.sB = k * m;
    P.sC = n * m;
    P.lda = k;
    P.ldb = m;
    P.ldc = m;
    P.cv = NULL;
    ci__linalg_run(&P, batch, par, par_ctx);
}

/* ci__linalg_bmm_on with the best kernels this CPU runs */
static void ci__linalg_bmm(int dt, const void *A, const void *B, void *C, long long batch,
                           long long n, long long k, long long m, ci__linalg_parallel_fn par,
                           void *par_ctx) {
    ci__linalg_bmm_on(ci__linalg_has_avx2(), dt, A, B, C, batch, n, k, m, par, par_ctx);
}

/* ---- depthwise convolution (groups == Cin == Cout, f32 / f64): one output plane per job, each
   output row accumulated in chunks of DW_CHUNK outputs over the kernel's taps, one tap a pass
   (8 at a time when the stride is 1, which -O2's SLP vectorizer packs); the GEMM would
   give each plane a one-row product, two thirds of its register tile wasted ---- */
typedef struct ci__linalg_dw {
    int dt;
    const void *x, *w, *bias;
    void *y;
    long long C, H, W, KH, KW, OH, OW, sH, sW, pH, pW, dH, dW;
} ci__linalg_dw;

enum { ci__linalg_DW_CHUNK = 256 };

/* the first ow >= 0 with ow*s + off >= lim */
static long long ci__linalg_dw_first(long long lim, long long off, long long s) {
    return lim - off <= 0 ? 0 : (lim - off + s - 1) / s;
}

#define CI__LINALG_DW_PLANE(T) do { \
        const T *xp = (const T *)D->x + plane * D->H * D->W; \
        const T *wp = (const T *)D->w + c * D->KH * D->KW; \
        T *yp = (T *)D->y + plane * D->OH * D->OW; \
        const T bv = D->bias ? ((const T *)D->bias)[c] : (T)0; \
        T acc[ci__linalg_DW_CHUNK]; \
        long long oh, ow0, kh, kw, j; \
        for (oh = 0; oh < D->OH; oh++) \
            for (ow0 = 0; ow0 < D->OW; ow0 += ci__linalg_DW_CHUNK) { \
                const long long chunk = ci__linalg_DW_CHUNK; \
                const long long cnt = D->OW - ow0 < chunk ? D->OW - ow0 : chunk; \
                for (j = 0; j < cnt; j++) acc[j] = 0; \
                for (kh = 0; kh < D->KH; kh++) { \
                    const long long ih = oh * D->sH - D->pH + kh * D->dH; \
                    if (ih < 0 || ih >= D->H) continue; \
                    for (kw = 0; kw < D->KW; kw++) { \
                        const T wv = wp[kh * D->KW + kw]; \
                        const long long off = kw * D->dW - D->pW; \
                        long long lo = ci__linalg_dw_first(0, off, D->sW); \
                        long long hi = ci__linalg_dw_first(D->W, off, D->sW); \
                        const T *xr = xp + ih * D->W + off; \
                        if (lo < ow0) lo = ow0; \
                        if (hi > ow0 + cnt) hi = ow0 + cnt; \
                        if (D->sW == 1) { \
                            for (j = lo; j + 8 <= hi; j += 8) { \
                                T *a_ = acc + (j - ow0); \
                                const T *x_ = xr + j; \
                                a_[0] += wv * x_[0]; \
                                a_[1] += wv * x_[1]; \
                                a_[2] += wv * x_[2]; \
                                a_[3] += wv * x_[3]; \
                                a_[4] += wv * x_[4]; \
                                a_[5] += wv * x_[5]; \
                                a_[6] += wv * x_[6]; \
                                a_[7] += wv * x_[7]; \
                            } \
                            for (; j < hi; j++) acc[j - ow0] += wv * xr[j]; \
                        } else \
                            for (j = lo; j < hi; j++) acc[j - ow0] += wv * xr[j * D->sW]; \
                    } \
                } \
                for (j = 0; j < cnt; j++) yp[oh * D->OW + ow0 + j] = acc[j] + bv; \
            } \
    } while (0)

static void ci__linalg_dw_range(void *arg, long long begin, long long end) {
    const ci__linalg_dw *D = (const ci__linalg_dw *)arg;
    long long plane;
    for (plane = begin; plane < end; plane++) {
        const long long c = plane % D->C;
        if (D->dt == ci__linalg_F32) CI__LINALG_DW_PLANE(float);
        else CI__LINALG_DW_PLANE(double);
    }
}
#undef CI__LINALG_DW_PLANE

/* 2-d (and 1-d via H=1) convolution, PyTorch semantics (aten.convolution, not transposed):
   x [N, Cin, H, W], w [Cout, Cin/groups, KH, KW], bias [Cout] or NULL, y [N, Cout, OH, OW] with
   OH = (H + 2*padH - dilH*(KH-1) - 1)/strideH + 1 (same for W). Same dtype dt for all (f32, f64;
   f16/bf16 via float; ints via int64). Does nothing for an unknown dt, groups < 1 or not dividing
   Cin and Cout, stride or dilation < 1, negative padding or sizes, or an empty output. */
static void ci__linalg_conv2d_on(int simd, int dt, const void *x, const void *w, const void *bias,
                                 void *y, long long N, long long Cin, long long H, long long W,
                                 long long Cout, long long KH, long long KW, long long strideH,
                                 long long strideW, long long padH, long long padW, long long dilH,
                                 long long dilW, long long groups, ci__linalg_parallel_fn par,
                                 void *par_ctx) {
    ci__linalg_prob P;
    ci__linalg_conv cv;
    long long spanH, spanW, OH, OW;
    memset(&P, 0, sizeof P);
    P.simd = simd;
    memset(&cv, 0, sizeof cv);
    P.esz = ci__linalg_esize(dt);
    if (!P.esz || groups < 1 || strideH < 1 || strideW < 1 || dilH < 1 || dilW < 1 || padH < 0 ||
        padW < 0)
        return;
    if (N < 0 || Cin < 0 || H < 0 || W < 0 || Cout < 0 || KH < 0 || KW < 0) return;
    if (Cin % groups || Cout % groups) return;
    spanH = H + 2 * padH - dilH * (KH - 1) - 1;
    spanW = W + 2 * padW - dilW * (KW - 1) - 1;
    if (spanH < 0 || spanW < 0) return;
    OH = spanH / strideH + 1; OW = spanW / strideW + 1;
    if (groups == Cin && Cout == Cin && Cin > 0 && (dt == ci__linalg_F32 || dt == ci__linalg_F64) &&
        N > 0) {
        ci__linalg_dw D;
        D.dt = dt;
        D.x = x;
        D.w = w;
        D.bias = bias;
        D.y = y;
        D.C = Cin;
        D.H = H;
        D.W = W;
        D.KH = KH;
        D.KW = KW;
        D.OH = OH;
        D.OW = OW;
        D.sH = strideH;
        D.sW = strideW;
        D.pH = padH;
        D.pW = padW;
        D.dH = dilH;
        D.dW = dilW;
        if (par && N * Cin > 1) par(par_ctx, ci__linalg_dw_range, N * Cin, &D);
        else ci__linalg_dw_range(&D, 0, N * Cin);
        return;
    }
    cv.C = Cin / groups;
    cv.H = H;
    cv.W = W;
    cv.KH = KH;
    cv.KW = KW;
    cv.OW = OW;
    cv.sH = strideH;
    cv.sW = strideW;
    cv.pH = padH;
    cv.pW = padW;
    cv.dH = dilH;
    cv.dW = dilW;
    P.dt = dt; P.kind = ci__linalg_kind(dt);
    P.M = Cout / groups;
    P.N = OH * OW;
    P.K = cv.C * KH * KW;
    P.A = (const char *)w;
    P.B = (const char *)x;
    P.C = (char *)y;
    P.bias = (const char *)bias;
    P.amod = groups;
    P.sA = P.M * P.K;
    P.sB = cv.C * H * W;
    P.sC = P.M * OH * OW;
    P.lda = P.K;
    P.ldb = 0;
    P.ldc = OH * OW;
    P.cv = &cv;
    if (KH == 1 && KW == 1 && strideH == 1 && strideW == 1 && padH == 0 && padW == 0) {
        /* 1x1: B[t] is the input itself, [C, H*W], read by the dense packer */
        P.ldb = H * W;
        P.cv = NULL;
    }
    ci__linalg_run(&P, N * groups, par, par_ctx);
}

/* ci__linalg_conv2d_on with the best kernels this CPU runs */
static void ci__linalg_conv2d(int dt, const void *x, const void *w, const void *bias, void *y,
                              long long N, long long Cin, long long H, long long W, long long Cout,
                              long long KH, long long KW, long long strideH, long long strideW,
                              long long padH, long long padW, long long dilH, long long dilW,
                              long long groups, ci__linalg_parallel_fn par, void *par_ctx) {
    ci__linalg_conv2d_on(ci__linalg_has_avx2(), dt, x, w, bias, y, N, Cin, H, W, Cout, KH, KW,
                         strideH, strideW, padH, padW, dilH, dilW, groups, par, par_ctx);
}

#undef CI__LINALG_Z8
#undef CI__LINALG_L8
#undef CI__LINALG_F8
#undef CI__LINALG_S8
#undef CI__LINALG_OUT
#undef CI__LINALG_PREFETCH
#undef CI__LINALG_AVX2

/* ---------------------------------------------------------------------------------------
   >>tcc  the libtcc backend
   Compiles the whole graph's C in memory. The generated code includes nothing: the math
   functions and the runtime hooks are handed over with tcc_add_symbol, and -nostdlib keeps
   TCC from looking for libc or libtcc1.a, so a binary linked with libtcc.a needs no tcc
   installation. libtcc 0.9.27 keeps global state, so every call is made under one lock.
   Its backend entry (ci__tcc_backend) needs the C source and the thread pool; built with
   CINDUCTOR_NO_TCC, the entry stays and says it is unavailable.
   --------------------------------------------------------------------------------------- */
typedef int (*ci__tcc_main_fn)(void **B, void *rt);
#ifndef CINDUCTOR_NO_TCC
#ifndef CINDUCTOR_NO_THREADS
static pthread_mutex_t ci__tcc_lock = PTHREAD_MUTEX_INITIALIZER;
#define CI__TCC_LOCK() pthread_mutex_lock(&ci__tcc_lock)
#define CI__TCC_UNLOCK() pthread_mutex_unlock(&ci__tcc_lock)
#else
#define CI__TCC_LOCK() ((void)0)
#define CI__TCC_UNLOCK() ((void)0)
#endif
typedef struct ci__tcc_log { char buf[4096]; size_t n; } ci__tcc_log;
static void ci__tcc_errfn(void *opaque, const char *msg) {
    ci__tcc_log *lg = (ci__tcc_log *)opaque;
    size_t l = strlen(msg);
    if (lg->n + l + 2 >= sizeof lg->buf) return;
    memcpy(lg->buf + lg->n, msg, l);
    lg->n += l;
    lg->buf[lg->n++] = '\n';
    lg->buf[lg->n] = 0;
}

typedef void (*ci__fn_parallel)(void *, void (*)(void **, long long, long long), long long,
                                void **);
typedef int (*ci__fn_extern)(void *, int, void **);
#define CI__TCC_SYM(s, name, T, fn) \
    do { \
        T f_ = fn; \
        void *p_; \
        memcpy(&p_, &f_, sizeof p_); \
        tcc_add_symbol((s), (name), p_); \
    } while (0)
/* returns the program's code, a malloc'd block (freed by ci__tcc_delete when the program is
   destroyed), or NULL with log filled. The code is relocated into that block of our own
   (tcc_relocate's size-then-address form) and the TCCState deleted at once: its symbol
   tables, sections and token strings are most of TCC's memory (30 MB for 20,000 kernels). */
static void *ci__tcc_compile(const char *src, ci__tcc_main_fn *main_out, ci__tcc_log *lg) {
    TCCState *s;
    void *sym, *mem = NULL;
    int size;
    CI__TCC_LOCK();
    s = tcc_new();
    if (!s) {
        CI__TCC_UNLOCK();
        snprintf(lg->buf, sizeof lg->buf, "tcc_new failed");
        return NULL;
    }
    tcc_set_error_func(s, lg, ci__tcc_errfn);
    tcc_set_options(s, "-nostdlib -nostdinc");
    tcc_set_output_type(s, TCC_OUTPUT_MEMORY);
#define CI__X(name, kind, fn) CI__TCC_SYM(s, name, ci__fn_##kind, fn);
    CI__CEMIT_LIBM_LIST(CI__X)
#undef CI__X
    CI__TCC_SYM(s, "ci_rt_parallel", ci__fn_parallel, ci__rt_parallel);
    CI__TCC_SYM(s, "ci_rt_extern", ci__fn_extern, ci__rt_extern);
    if (tcc_compile_string(s, src) < 0 || (size = tcc_relocate(s, NULL)) < 0) {
        tcc_delete(s);
        CI__TCC_UNLOCK();
        return NULL;
    }
    mem = malloc(size > 0 ? (size_t)size : 1);
    if (!mem || tcc_relocate(s, mem) < 0) {
        tcc_delete(s);
        CI__TCC_UNLOCK();
        if (!mem) snprintf(lg->buf, sizeof lg->buf, "out of memory for %d bytes of code", size);
        free(mem);
        return NULL;
    }
    sym = tcc_get_symbol(s, "ci_main");
    tcc_delete(s);
    CI__TCC_UNLOCK();
    if (!sym) {
        free(mem);
        snprintf(lg->buf, sizeof lg->buf, "ci_main not found");
        return NULL;
    }
    memcpy(main_out, &sym, sizeof sym);
    return mem;
}

static void ci__tcc_delete(void *mem) { free(mem); }
/* the program's code and its entry point */
typedef struct ci__tcc_prog { void *code; ci__tcc_main_fn main; } ci__tcc_prog;
/* the backend's compile: p->source to code; a failure names the kernel whose lines hold the
   first line TCC's log points at (p->src_lines), with the log */
static void *ci__tcc_build(ci_program *p) {
    ci__tcc_prog *t = CI__NEW(p->A, ci__tcc_prog);
    ci__tcc_log *lg = CI__NEW(p->A, ci__tcc_log);
    t->code = ci__tcc_compile(p->source, &t->main, lg);
    if (!t->code) {
        int i, line = 0, who = -1;
        const char *c = strstr(lg->buf, ":");
        if (c) line = atoi(c + 1);
        for (i = 0; i < p->nkernels; i++)
            if (p->src_lines[i] > 0 && p->src_lines[i] <= line) who = i;
        CI__FAIL(p->L, CI_ERR_COMPILE, "TCC failed to compile kernel %s:\n%s",
                 who >= 0 ? p->kernels[who]->name : "ci_main", lg->buf);
    }
    return t;
}

static int ci__tcc_run(ci_program *p) {
    const ci__tcc_prog *t = (const ci__tcc_prog *)p->be_data;
    return t && t->main ? t->main(p->B, p) : 1;
}

static void ci__tcc_free(ci_program *p) {
    ci__tcc_prog *t = (ci__tcc_prog *)p->be_data;
    if (t && t->code) ci__tcc_delete(t->code);
}

static const char *ci__tcc_available(void) { return NULL; }
#define CI__TCC_FNS ci__tcc_build, ci__tcc_run, ci__tcc_free
#else
static const char *ci__tcc_available(void) { return "this build has no libtcc (CINDUCTOR_NO_TCC)"; }
#define CI__TCC_FNS NULL, NULL, NULL
#endif
/* compiles the emitted C; runs ci_main on the program's thread pool */
static const ci__backend ci__tcc_backend = {
    "tcc", CI_BACKEND_TCC, CI_DEVICE_CPU, CI__BE_SOURCE | CI__BE_THREADS,
    ci__tcc_available, CI__TCC_FNS
};
#undef CI__TCC_FNS

/* ---------------------------------------------------------------------------------------
   >>cuda  the CUDA backend: libcuda and libnvrtc loaded with dlopen, device memory
   One X-macro table of the driver's and NVRTC's entry points gives the function pointers and
   the loader (once per process, under a lock; each library keeps why it is missing). NVRTC
   compiles >>cuemit's source straight to CUBIN for the GPU's sm_XY, through a disk cache; the
   backend entry (ci__cuda_backend) loads it in the GPU's primary context, places the arena,
   constants, error record and I/O staging in one device allocation, and runs the launches in
   order (extern kernels on the host, with copies). Also: the device-memory calls of the public
   API and CINDUCTOR_CHECK_CUDA. Left out with CINDUCTOR_NO_CUDA.
   --------------------------------------------------------------------------------------- */
#ifndef CINDUCTOR_NO_CUDA
/* The entry points, one row each: X(result, name, symbol, parameters). The symbol is the
   versioned one where the ABI changed (_v2: 64-bit sizes and device addresses). */
#define CI__CUDA_DRV(X) \
    X(int, cuInit, "cuInit", (unsigned)) \
    X(int, cuDriverGetVersion, "cuDriverGetVersion", (int *)) \
    X(int, cuDeviceGetCount, "cuDeviceGetCount", (int *)) \
    X(int, cuDeviceGet, "cuDeviceGet", (int *, int)) \
    X(int, cuDeviceGetAttribute, "cuDeviceGetAttribute", (int *, int, int)) \
    X(int, cuDeviceGetName, "cuDeviceGetName", (char *, int, int)) \
    X(int, cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", (void **, int)) \
    X(int, cuCtxSetCurrent, "cuCtxSetCurrent", (void *)) \
    X(int, cuModuleLoadData, "cuModuleLoadData", (void **, const void *)) \
    X(int, cuModuleUnload, "cuModuleUnload", (void *)) \
    X(int, cuModuleGetFunction, "cuModuleGetFunction", (void **, void *, const char *)) \
    X(int, cuLaunchKernel, "cuLaunchKernel", (void *, unsigned, unsigned, unsigned, unsigned, \
      unsigned, unsigned, unsigned, void *, void **, void **)) \
    X(int, cuMemAlloc, "cuMemAlloc_v2", (unsigned long long *, size_t)) \
    X(int, cuMemFree, "cuMemFree_v2", (unsigned long long)) \
    X(int, cuMemAllocHost, "cuMemAllocHost_v2", (void **, size_t)) \
    X(int, cuMemFreeHost, "cuMemFreeHost", (void *)) \
    X(int, cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2", \
      (unsigned long long, const void *, size_t, void *)) \
    X(int, cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2", \
      (void *, unsigned long long, size_t, void *)) \
    X(int, cuMemsetD8Async, "cuMemsetD8Async", \
      (unsigned long long, unsigned char, size_t, void *)) \
    X(int, cuStreamSynchronize, "cuStreamSynchronize", (void *)) \
    X(int, cuEventCreate, "cuEventCreate", (void **, unsigned)) \
    X(int, cuEventRecord, "cuEventRecord", (void *, void *)) \
    X(int, cuEventSynchronize, "cuEventSynchronize", (void *)) \
    X(int, cuEventElapsedTime, "cuEventElapsedTime", (float *, void *, void *)) \
    X(int, cuEventDestroy, "cuEventDestroy_v2", (void *)) \
    X(int, cuGetErrorString, "cuGetErrorString", (int, const char **))
#define CI__CUDA_RTC(X) \
    X(int, nvrtcVersion, "nvrtcVersion", (int *, int *)) \
    X(int, nvrtcCreateProgram, "nvrtcCreateProgram", \
      (void **, const char *, const char *, int, const char *const *, const char *const *)) \
    X(int, nvrtcCompileProgram, "nvrtcCompileProgram", (void *, int, const char *const *)) \
    X(int, nvrtcGetCUBINSize, "nvrtcGetCUBINSize", (void *, size_t *)) \
    X(int, nvrtcGetCUBIN, "nvrtcGetCUBIN", (void *, char *)) \
    X(int, nvrtcGetProgramLogSize, "nvrtcGetProgramLogSize", (void *, size_t *)) \
    X(int, nvrtcGetProgramLog, "nvrtcGetProgramLog", (void *, char *)) \
    X(int, nvrtcDestroyProgram, "nvrtcDestroyProgram", (void **)) \
    X(const char *, nvrtcGetErrorString, "nvrtcGetErrorString", (int))
/* the driver's attribute numbers (CUdevice_attribute) */
enum {
    CI__CUDA_ATTR_MAX_BLOCK = 1,
    CI__CUDA_ATTR_NSM = 16,
    CI__CUDA_ATTR_CC_MAJOR = 75,
    CI__CUDA_ATTR_CC_MINOR = 76,
    CI__CUDA_ATTR_SMEM_OPTIN = 97
};

/* the process's libraries, loaded once (under ci__cuda_lock): each half keeps why it is not
   there (NULL: loaded) */
typedef struct ci__cuda_api {
    int rtc_tried, drv_tried;
    const char *rtc_why, *drv_why;
    void *rtc_lib, *drv_lib;
    int rtc_major, rtc_minor, ndev;
    char rtc_msg[600], drv_msg[600];
#define CI__X(r, name, sym, args) r (*name) args;
    CI__CUDA_DRV(CI__X) CI__CUDA_RTC(CI__X)
#undef CI__X
} ci__cuda_api;
static ci__cuda_api ci__cuda;
#ifndef CINDUCTOR_NO_THREADS
static pthread_mutex_t ci__cuda_lock = PTHREAD_MUTEX_INITIALIZER;
#define CI__CUDA_LOCK() pthread_mutex_lock(&ci__cuda_lock)
#define CI__CUDA_UNLOCK() pthread_mutex_unlock(&ci__cuda_lock)
#else
#define CI__CUDA_LOCK() ((void)0)
#define CI__CUDA_UNLOCK() ((void)0)
#endif

#ifdef _WIN32
static void *ci__cuda_dlopen(const char *name, int global) {
    (void)global;
    return (void *)LoadLibraryA(name);
}

static void *ci__cuda_dlsym(void *lib, const char *sym) {
    return (void *)(uintptr_t)GetProcAddress((HMODULE)lib, sym);
}
#else
static void *ci__cuda_dlopen(const char *name, int global) {
    return dlopen(name, RTLD_NOW | (global ? RTLD_GLOBAL : RTLD_LOCAL));
}

static void *ci__cuda_dlsym(void *lib, const char *sym) { return dlsym(lib, sym); }
#endif

/* the first of names[] that opens (NULL-terminated), in dir when dir is given; its name in
   *found */
static void *ci__cuda_open_any(const char *dir, const char *const *names, const char **found) {
    char path[1024];
    int i;
    for (i = 0; names[i]; i++) {
        void *h;
        if (dir) snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        h = ci__cuda_dlopen(dir ? path : names[i], 0);
        if (h) { *found = names[i]; return h; }
    }
    return NULL;
}

/* fill the function pointers from lib: NULL, or the first symbol missing */
static const char *ci__cuda_bind_rtc(void *lib) {
    void *s;
#define CI__X(r, name, sym, args) \
    if (!(s = ci__cuda_dlsym(lib, sym))) return sym; \
    memcpy(&ci__cuda.name, &s, sizeof s);
    CI__CUDA_RTC(CI__X)
#undef CI__X
    return NULL;
}

static const char *ci__cuda_bind_drv(void *lib) {
    void *s;
#define CI__X(r, name, sym, args) \
    if (!(s = ci__cuda_dlsym(lib, sym))) return sym; \
    memcpy(&ci__cuda.name, &s, sizeof s);
    CI__CUDA_DRV(CI__X)
#undef CI__X
    return NULL;
}

/* the directories searched after the loader's own path: $CUDA_HOME, $CUDA_PATH, the usual one */
static const char *ci__cuda_dir(int i, char *buf, size_t n) {
    const char *e = i == 0 ? getenv("CUDA_HOME") : i == 1 ? getenv("CUDA_PATH") : NULL;
    if (i == 2) return "/usr/local/cuda/lib64";
    if (i > 2 || !e || !*e) return NULL;
    snprintf(buf, n, "%s/lib64", e);
    return buf;
}

/* NVRTC's builtins library, from the directory libnvrtc came from: NVRTC opens it by soname,
   which the loader finds only where that directory is on its path */
static void ci__cuda_preload_builtins(const char *dir) {
    char path[1200];
    snprintf(path, sizeof path, "%s/libnvrtc-builtins.so.%d.%d", dir, ci__cuda.rtc_major,
             ci__cuda.rtc_minor);
    if (!ci__cuda_dlopen(path, 1)) {
        snprintf(path, sizeof path, "%s/libnvrtc-builtins.so", dir);
        (void)ci__cuda_dlopen(path, 1);
    }
}

/* NVRTC, loaded once: NULL, or why it is not there */
static const char *ci__cuda_load_rtc(void) {
    static const char *const names[] = {
#ifdef _WIN32
        "nvrtc64_130_0.dll", "nvrtc64_120_0.dll", "nvrtc64_112_0.dll",
#else
        "libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2",
#endif
        NULL
    };
    const char *r;
    CI__CUDA_LOCK();
    if (!ci__cuda.rtc_tried) {
        const char *env = getenv("CINDUCTOR_NVRTC"), *found = NULL, *dir = NULL, *miss;
        char dbuf[1024];
        void *lib = NULL;
        int i;
        ci__cuda.rtc_tried = 1;
        if (env && *env) {
            const char *slash = strrchr(env, '/');
            lib = ci__cuda_dlopen(env, 0);
            if (slash) {
                snprintf(dbuf, sizeof dbuf, "%.*s", (int)(slash - env), env);
                dir = dbuf;
            }
        } else {
            lib = ci__cuda_open_any(NULL, names, &found);
            for (i = 0; !lib && i < 3; i++) {
                dir = ci__cuda_dir(i, dbuf, sizeof dbuf);
                if (dir) lib = ci__cuda_open_any(dir, names, &found);
            }
            if (!lib) dir = NULL;
        }
        if (!lib && env && *env)
            snprintf(ci__cuda.rtc_msg, sizeof ci__cuda.rtc_msg,
                     "NVRTC not found: CINDUCTOR_NVRTC=%.400s does not load", env);
        else if (!lib)
            snprintf(ci__cuda.rtc_msg, sizeof ci__cuda.rtc_msg,
                     "NVRTC not found (libnvrtc.so, .so.13, .so.12, .so.11.2 on the loader's "
                     "path, in $CUDA_HOME/lib64 or /usr/local/cuda/lib64): install the CUDA "
                     "toolkit's NVRTC or set CINDUCTOR_NVRTC to the library's path");
        else if ((miss = ci__cuda_bind_rtc(lib)) != NULL)
            snprintf(ci__cuda.rtc_msg, sizeof ci__cuda.rtc_msg, "NVRTC has no %s", miss);
        else if (ci__cuda.nvrtcVersion(&ci__cuda.rtc_major, &ci__cuda.rtc_minor) != 0)
            snprintf(ci__cuda.rtc_msg, sizeof ci__cuda.rtc_msg, "nvrtcVersion failed");
        else {
            if (dir) ci__cuda_preload_builtins(dir);
            ci__cuda.rtc_lib = lib;
        }
        ci__cuda.rtc_why = ci__cuda.rtc_lib ? NULL : ci__cuda.rtc_msg;
    }
    r = ci__cuda.rtc_why;
    CI__CUDA_UNLOCK();
    return r;
}

static const char *ci__cuda_err(int r) {
    const char *s = NULL;
    if (ci__cuda.cuGetErrorString && ci__cuda.cuGetErrorString(r, &s) == 0 && s) return s;
    return "unknown CUDA error";
}

/* the driver, loaded and initialised once: NULL, or why it is not there */
static const char *ci__cuda_load_drv(void) {
    static const char *const names[] = {
#ifdef _WIN32
        "nvcuda.dll",
#else
        "libcuda.so.1", "libcuda.so",
#endif
        NULL
    };
    const char *r;
    CI__CUDA_LOCK();
    if (!ci__cuda.drv_tried) {
        const char *env = getenv("CINDUCTOR_CUDA_DRIVER"), *found = NULL, *miss;
        void *lib;
        int e;
        ci__cuda.drv_tried = 1;
        lib = env && *env ? ci__cuda_dlopen(env, 0) : ci__cuda_open_any(NULL, names, &found);
        if (!lib)
            snprintf(ci__cuda.drv_msg, sizeof ci__cuda.drv_msg,
                     "the CUDA driver (%s) was not found: no NVIDIA driver on this machine%s",
                     env && *env ? env : "libcuda.so.1",
                     env && *env ? "" : " (CINDUCTOR_CUDA_DRIVER names another path)");
        else if ((miss = ci__cuda_bind_drv(lib)) != NULL)
            snprintf(ci__cuda.drv_msg, sizeof ci__cuda.drv_msg,
                     "the CUDA driver has no %s (too old a driver)", miss);
        else if ((e = ci__cuda.cuInit(0)) != 0)
            snprintf(ci__cuda.drv_msg, sizeof ci__cuda.drv_msg,
                     "cuInit failed: %s (no usable GPU, or the driver is a stub)", ci__cuda_err(e));
        else if (ci__cuda.cuDeviceGetCount(&ci__cuda.ndev) != 0 || ci__cuda.ndev < 1)
            snprintf(ci__cuda.drv_msg, sizeof ci__cuda.drv_msg, "no CUDA device");
        else ci__cuda.drv_lib = lib;
        ci__cuda.drv_why = ci__cuda.drv_lib ? NULL : ci__cuda.drv_msg;
    }
    r = ci__cuda.drv_why;
    CI__CUDA_UNLOCK();
    return r;
}

/* the primary context of GPU ord, retained once per process, and what the emitter needs to
   know of it: NULL, or why not */
#define CI__CUDA_MAX_DEV 16
typedef struct ci__cuda_dev { int dev; void *ctx; ci__cuda_target t; } ci__cuda_dev;
static ci__cuda_dev ci__cuda_devs[CI__CUDA_MAX_DEV];
static const char *ci__cuda_device(int ord, ci__cuda_dev **out) {
    static char msg[200];
    const char *why = ci__cuda_load_drv();
    ci__cuda_dev *d;
    int e = 0, ma = 0, mi = 0;
    if (why) return why;
    if (ord < 0 || ord >= ci__cuda.ndev || ord >= CI__CUDA_MAX_DEV) {
        snprintf(msg, sizeof msg, "no CUDA device %d (this machine has %d)", ord, ci__cuda.ndev);
        return msg;
    }
    CI__CUDA_LOCK();
    d = &ci__cuda_devs[ord];
    if (!d->ctx) {
        if ((e = ci__cuda.cuDeviceGet(&d->dev, ord)) == 0 &&
            (e = ci__cuda.cuDevicePrimaryCtxRetain(&d->ctx, d->dev)) == 0) {
            ci__cuda.cuDeviceGetAttribute(&ma, CI__CUDA_ATTR_CC_MAJOR, d->dev);
            ci__cuda.cuDeviceGetAttribute(&mi, CI__CUDA_ATTR_CC_MINOR, d->dev);
            ci__cuda.cuDeviceGetAttribute(&d->t.nsm, CI__CUDA_ATTR_NSM, d->dev);
            ci__cuda.cuDeviceGetAttribute(&d->t.max_smem, CI__CUDA_ATTR_SMEM_OPTIN, d->dev);
            d->t.arch = ma * 10 + mi;
        } else d->ctx = NULL;
    }
    CI__CUDA_UNLOCK();
    if (!d->ctx) {
        snprintf(msg, sizeof msg, "CUDA device %d: %s", ord, ci__cuda_err(e));
        return msg;
    }
    if ((e = ci__cuda.cuCtxSetCurrent(d->ctx)) != 0) {
        snprintf(msg, sizeof msg, "cuCtxSetCurrent: %s", ci__cuda_err(e));
        return msg;
    }
    *out = d;
    return NULL;
}

/* -- CUBINs: NVRTC straight to the device's sm_XY, and a disk cache keyed by a hash of the
   source, the arch and NVRTC's version (a file: magic, key, size, a hash of the image, the
   ELF image) -- */
#define CI__CUDA_CACHE_MAGIC "CICUBIN2"
typedef struct ci__cuda_bin { char *data; size_t size; int cached; } ci__cuda_bin;
static uint64_t ci__cuda_key(const char *src, int arch) {
    uint64_t h = 14695981039346656037ull;
    const unsigned char *s = (const unsigned char *)src;
    int extra[4], i;
    extra[3] = 2;   /* the options' version: change it when the NVRTC options change */
    extra[0] = arch;
    extra[1] = ci__cuda.rtc_major;
    extra[2] = ci__cuda.rtc_minor;
    for (; *s; s++) h = (h ^ *s) * 1099511628211ull;
    for (i = 0; i < 4; i++) h = (h ^ (uint64_t)(unsigned)extra[i]) * 1099511628211ull;
    return h;
}

/* the cache directory: the program's, else $CINDUCTOR_CUDA_CACHE, else $XDG_CACHE_HOME or
   ~/.cache, /cinductor; NULL when off ("off", or no home). Made on first use. */
static const char *ci__cuda_cache_dir(const char *given, char *buf, size_t n) {
    const char *e = given && *given ? given : getenv("CINDUCTOR_CUDA_CACHE");
    size_t i;
    if (e && *e) {
        if (!strcmp(e, "off")) return NULL;
        snprintf(buf, n, "%s", e);
    } else if ((e = getenv("XDG_CACHE_HOME")) != NULL && *e) {
        snprintf(buf, n, "%s/cinductor", e);
    } else if ((e = getenv("HOME")) != NULL && *e) {
        snprintf(buf, n, "%s/.cache/cinductor", e);
    } else return NULL;
#ifndef _WIN32
    for (i = 1; buf[i]; i++) {   /* each parent, then the directory itself */
        if (buf[i] != '/') continue;
        buf[i] = 0;
        (void)mkdir(buf, 0700);
        buf[i] = '/';
    }
    (void)mkdir(buf, 0700);
#endif
    return buf;
}

static uint64_t ci__cuda_fnv(const char *p, size_t n) {
    uint64_t h = 14695981039346656037ull;
    size_t i;
    for (i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
    return h;
}

static int ci__cuda_cache_read(ci__arena *A, const char *path, uint64_t key, ci__cuda_bin *b) {
    FILE *f = fopen(path, "rb");
    char magic[8];
    uint64_t k = 0, size = 0, sum = 0;
    int ok = 0;
    if (!f) return 0;
    if (fread(magic, 1, 8, f) == 8 && !memcmp(magic, CI__CUDA_CACHE_MAGIC, 8) &&
        fread(&k, sizeof k, 1, f) == 1 && k == key && fread(&size, sizeof size, 1, f) == 1 &&
        fread(&sum, sizeof sum, 1, f) == 1 && size >= 4 && size < ((uint64_t)1 << 31)) {
        b->data = (char *)ci__arena_alloc(A, (size_t)size);
        b->size = (size_t)size;
        ok = fread(b->data, 1, b->size, f) == b->size && !memcmp(b->data, "\177ELF", 4) &&
             fgetc(f) == EOF && ci__cuda_fnv(b->data, b->size) == sum;
    }
    fclose(f);
    return ok;
}

/* written to a name of this process and call, then renamed: a reader sees a whole file or
   none, and two writers never share the temporary file */
static void ci__cuda_cache_write(const char *path, uint64_t key, const ci__cuda_bin *b) {
    static unsigned long calls;
    char tmp[1300];
    uint64_t size = b->size, sum = ci__cuda_fnv(b->data, b->size);
    FILE *f;
    int ok;
#ifdef _WIN32
    long pid = 0;
#else
    long pid = (long)getpid();
#endif
    snprintf(tmp, sizeof tmp, "%s.%ld.%lu.tmp", path, pid, ++calls);
    if (!(f = fopen(tmp, "wb"))) return;
    ok = fwrite(CI__CUDA_CACHE_MAGIC, 1, 8, f) == 8 && fwrite(&key, sizeof key, 1, f) == 1 &&
         fwrite(&size, sizeof size, 1, f) == 1 && fwrite(&sum, sizeof sum, 1, f) == 1 &&
         fwrite(b->data, 1, b->size, f) == b->size;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) remove(tmp);
}

static const char *ci__cuda_msg(ci__arena *A, const char *fmt, ...) {
    char buf[4600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return ci__strdup(A, buf);
}

/* src -> a CUBIN for sm_<arch> (in A), from the cache where it has one: NULL, or why not
   (NVRTC's log included) */
static const char *ci__cuda_compile(ci__arena *A, const char *src, int arch, const char *cache,
                                    ci__cuda_bin *b) {
    char opt_arch[40], dirbuf[1024], path[1200];
    const char *opts[4], *why = ci__cuda_load_rtc(), *dir;
    void *prog = NULL;
    uint64_t key;
    size_t n = 0;
    int r;
    memset(b, 0, sizeof *b);
    if (why) return why;
    key = ci__cuda_key(src, arch);
    dir = ci__cuda_cache_dir(cache, dirbuf, sizeof dirbuf);
    if (dir) {
        snprintf(path, sizeof path, "%s/%016llx-sm%d.cubin", dir, (unsigned long long)key, arch);
        if (ci__cuda_cache_read(A, path, key, b)) {
            b->cached = 1;
            return NULL;
        }
        memset(b, 0, sizeof *b);
    }
    snprintf(opt_arch, sizeof opt_arch, "--gpu-architecture=sm_%d", arch);
    opts[0] = opt_arch;
    opts[1] = "-default-device";   /* the kernels' helpers are device functions */
    opts[2] = "--fmad=false";       /* a * b + c rounded twice, as the CPU backends do */
    opts[3] = "-w";
    if ((r = ci__cuda.nvrtcCreateProgram(&prog, src, "cinductor.cu", 0, NULL, NULL)) != 0)
        return ci__cuda_msg(A, "nvrtcCreateProgram: %s", ci__cuda.nvrtcGetErrorString(r));
    r = ci__cuda.nvrtcCompileProgram(prog, 4, opts);
    if (r != 0) {
        char *log;
        ci__cuda.nvrtcGetProgramLogSize(prog, &n);
        log = (char *)ci__arena_alloc(A, n + 1);
        log[0] = 0;
        if (n) ci__cuda.nvrtcGetProgramLog(prog, log);
        ci__cuda.nvrtcDestroyProgram(&prog);
        return ci__cuda_msg(A, "NVRTC (sm_%d): %s\n%.4000s", arch, ci__cuda.nvrtcGetErrorString(r),
                            log);
    }
    if (ci__cuda.nvrtcGetCUBINSize(prog, &n) != 0 || n < 4) {
        ci__cuda.nvrtcDestroyProgram(&prog);
        return "NVRTC gave no CUBIN";
    }
    b->data = (char *)ci__arena_alloc(A, n);
    b->size = n;
    r = ci__cuda.nvrtcGetCUBIN(prog, b->data);
    ci__cuda.nvrtcDestroyProgram(&prog);
    if (r != 0) return "nvrtcGetCUBIN failed";
    if (dir) ci__cuda_cache_write(path, key, b);
    return NULL;
}

/* -- the backend: a program's module, its device memory and its launches -- */
typedef struct ci__cuda_prog {
    ci__cuda_dev *dev;
    void *module;
    int nl;
    ci__cuda_launch *l;
    void **fn;                   /* each launch's CUfunction (NULL: extern) */
    unsigned long long base;     /* one allocation: the table, error record, seed, arena ... */
    unsigned long long dtab;     /* the device's copy of dslot (the kernels' B) */
    unsigned long long *dslot;   /* the device address of each pointer-table slot */
    size_t *bytes;               /* each slot's size */
    void **hB;                   /* the host table extern kernels run on (staging for I/O) */
    void *hstage;                /* host staging of the inputs and outputs (for externs) */
    size_t hstage_size;
    int has_ext;
    unsigned long long *stage;   /* the staging copies of the inputs and outputs */
    void *stream;
    int host_io;                 /* this run copies the caller's host arrays in and out */
    void *ev[2];                 /* CUDA events around the launches (ci_program_last_run_ms) */
    size_t work_off;             /* the launches' scratch (ci__cuda_launch.work), from base */
    unsigned long long *sent;    /* the pointer table as the device holds it (sent_ok: it does) */
    int sent_ok;
} ci__cuda_prog;

/* each slot's size in bytes: the largest buffer placed in it */
static size_t *ci__cuda_slot_bytes(ci_program *p) {
    ci__L *L = p->L;
    size_t *bytes = CI__NEWN(p->A, size_t, p->nslots + 2);
    int i;
    for (i = 0; i < L->bufs.n; i++) {
        const ci__buf *b = (const ci__buf *)L->bufs.v[i];
        size_t n = (size_t)b->numel * ci__dtype_tab[b->dt].size;
        if (b->kind == CI__BUF_SEED) n = sizeof(long long);
        if (b->slot >= 0 && b->slot < p->nslots && n > bytes[b->slot]) bytes[b->slot] = n;
    }
    bytes[p->nslots] = sizeof(ci__rterr);
    return bytes;
}

static void ci__cuda_check(ci_program *p, int e, const char *what) {
    if (e) CI__FAIL(p->L, CI_ERR_BACKEND_UNAVAILABLE, "CUDA: %s: %s", what, ci__cuda_err(e));
}

#define CI__CUDA_ALIGN(n) (((n) + 255) & ~(size_t)255)
/* device memory: the table, then each slot not given by the caller (arena buffers at their
   planned offsets inside one arena, constants, the seed, the error record, and staging for
   the inputs and outputs of runs on host arrays) */
static void ci__cuda_alloc_all(ci_program *p, ci__cuda_prog *c) {
    ci__L *L = p->L;
    size_t off = 0, arena_off, total, hoff = 0, work = 0;
    int i, ns = p->nslots;
    size_t *at = CI__NEWN(p->A, size_t, ns + 1);
    c->bytes = ci__cuda_slot_bytes(p);
    off = CI__CUDA_ALIGN(sizeof(unsigned long long) * (size_t)(ns + 1));
    arena_off = off;
    off += CI__CUDA_ALIGN(p->arena_size);
    for (i = 0; i <= ns; i++) {   /* slots outside the arena */
        at[i] = off;
        off += CI__CUDA_ALIGN(c->bytes[i] ? c->bytes[i] : 1);
    }
    for (i = 0; i < c->nl; i++)   /* the scratch of the launches that take some, shared */
        if (c->l[i].work > work) work = c->l[i].work;
    c->work_off = off;
    off += CI__CUDA_ALIGN(work);
    total = off;
    ci__cuda_check(p, ci__cuda.cuMemAlloc(&c->base, total), "cuMemAlloc");
    /* (zeroed once: a split product's counters go back to 0 as it finishes) */
    if (work)
        ci__cuda_check(p, ci__cuda.cuMemsetD8Async(c->base + c->work_off, 0, work, NULL),
                       "cuMemsetD8Async");
    c->dtab = c->base;
    c->dslot = CI__NEWN(p->A, unsigned long long, ns + 1);
    c->sent = CI__NEWN(p->A, unsigned long long, ns + 1);
    for (i = 0; i <= ns; i++) c->dslot[i] = c->base + at[i];
    c->stage = CI__NEWN(p->A, unsigned long long, p->nin + p->nout + 1);
    for (i = 0; i < p->nin + p->nout; i++) c->stage[i] = c->dslot[i];
    for (i = 0; i < L->bufs.n; i++) {
        const ci__buf *b = (const ci__buf *)L->bufs.v[i];
        if (b->slot < 0 || b->kind != CI__BUF_COMPUTED || b->output_index >= 0) continue;
        c->dslot[b->slot] = c->base + arena_off + b->arena_off;
    }
    for (i = 0; i < L->bufs.n; i++) {   /* the constants, once */
        const ci__buf *b = (const ci__buf *)L->bufs.v[i];
        if (b->slot < 0 || b->kind != CI__BUF_CONST || !c->bytes[b->slot]) continue;
        ci__cuda_check(p, ci__cuda.cuMemcpyHtoDAsync(c->dslot[b->slot], p->B[b->slot],
                                                      c->bytes[b->slot], NULL),
                       "copying a constant");
    }
    /* extern kernels run on the host: their table points at the host arena, the constants and
       host staging for the inputs and outputs */
    c->hB = CI__NEWN(p->A, void *, ns + 1);
    for (i = 0; i <= ns; i++) c->hB[i] = p->B[i];
    if (c->has_ext) {
        for (i = 0; i < p->nin + p->nout; i++) hoff += CI__CUDA_ALIGN(c->bytes[i]);
        c->hstage_size = hoff ? hoff : 1;
        c->hstage = ci__malloc(p->ctx, c->hstage_size);
        if (!c->hstage) CI__FAIL(L, CI_ERR_OUT_OF_MEMORY, "out of memory for host staging");
        for (i = 0, hoff = 0; i < p->nin + p->nout; i++) {
            c->hB[i] = (char *)c->hstage + hoff;
            hoff += CI__CUDA_ALIGN(c->bytes[i]);
        }
    }
    ci__cuda_check(p, ci__cuda.cuStreamSynchronize(NULL), "cuStreamSynchronize");
}

static const char *ci__cuda_available(void) {
    static char msg[700];
    const char *why = ci__cuda_load_rtc();
    if (!why) why = ci__cuda_load_drv();
    if (!why) return NULL;
    snprintf(msg, sizeof msg, "the CUDA backend (nvrtc) is not available: %s", why);
    return msg;
}

static void *ci__cuda_build(ci_program *p) {
    ci__cuda_prog *c = CI__NEW(p->A, ci__cuda_prog);
    ci__cuda_bin bin;
    const char *why;
    int i;
    memset(c, 0, sizeof *c);
    p->be_data = c;   /* destroy frees what is made, should a later step fail */
    if ((why = ci__cuda_device(p->cuda_device, &c->dev)) != NULL)
        CI__FAIL(p->L, CI_ERR_BACKEND_UNAVAILABLE, "%s", why);
    p->source = ci__cuemit_source(p, &c->dev->t, &c->l, &c->nl);
    if ((why = strstr(p->source, CI__CUEMIT_NOGPU)) != NULL)
        CI__FAIL(p->L, CI_ERR_UNSUPPORTED, "the CUDA backend cannot run this graph: %.*s",
                 (int)strcspn(why + strlen(CI__CUEMIT_NOGPU), "\""),
                 why + strlen(CI__CUEMIT_NOGPU));
    if ((why = ci__cuda_compile(p->A, p->source, c->dev->t.arch, p->cuda_cache, &bin)) != NULL)
        CI__FAIL(p->L, CI_ERR_COMPILE, "%s", why);
    ci__cuda_check(p, ci__cuda.cuModuleLoadData(&c->module, bin.data), "cuModuleLoadData");
    c->fn = CI__NEWN(p->A, void *, c->nl + 1);
    for (i = 0; i < c->nl; i++) {
        if (c->l[i].ext) { c->has_ext = 1; continue; }
        ci__cuda_check(p, ci__cuda.cuModuleGetFunction(&c->fn[i], c->module, c->l[i].fn),
                       c->l[i].fn);
    }
    ci__cuda_alloc_all(p, c);
    ci__cuda_check(p, ci__cuda.cuEventCreate(&c->ev[0], 0), "cuEventCreate");
    ci__cuda_check(p, ci__cuda.cuEventCreate(&c->ev[1], 0), "cuEventCreate");
    return c;
}

/* an extern kernel on the host: its inputs copied out, its outputs copied back */
static int ci__cuda_extern(ci_program *p, ci__cuda_prog *c, int idx) {
    ci__kernel *k = (ci__kernel *)p->kernels[idx]->m.v[0];
    int i, e = ci__cuda.cuStreamSynchronize(c->stream), r;
    for (i = 0; i < k->nin && !e; i++) {
        int s = k->ins[i]->slot;
        if (c->bytes[s])
            e = ci__cuda.cuMemcpyDtoHAsync(c->hB[s], c->dslot[s], c->bytes[s], c->stream);
    }
    if (!e) e = ci__cuda.cuStreamSynchronize(c->stream);
    if (e) return e;
    r = ci__rt_extern(p, idx, c->hB);
    if (r) return -1;
    for (i = 0; i < k->nout && !e; i++) {
        int s = k->outs[i]->slot;
        if (c->bytes[s])
            e = ci__cuda.cuMemcpyHtoDAsync(c->dslot[s], c->hB[s], c->bytes[s], c->stream);
    }
    if (!e) e = ci__cuda.cuStreamSynchronize(c->stream);   /* hB is reused */
    return e;
}

static int ci__cuda_run(ci_program *p) {
    ci__cuda_prog *c = (ci__cuda_prog *)p->be_data;
    ci__rterr rec;
    float ms;
    size_t tab;
    unsigned long long work = c->base + c->work_off;   /* the launches' scratch */
    int i, e, ns = p->nslots;
    const char *what = "cuCtxSetCurrent";
    if ((e = ci__cuda.cuCtxSetCurrent(c->dev->ctx)) != 0) goto fail;
    what = "copying the inputs";
    for (i = 0; c->host_io && i < p->nin && !e; i++)
        if (c->bytes[i])
            e = ci__cuda.cuMemcpyHtoDAsync(c->dslot[i], p->B[i], c->bytes[i], c->stream);
    what = "copying the pointer table";   /* only when a slot moved since the last run */
    tab = sizeof(unsigned long long) * (size_t)(ns + 1);
    if (!e && (!c->sent_ok || memcmp(c->sent, c->dslot, tab))) {
        e = ci__cuda.cuMemcpyHtoDAsync(c->dtab, c->dslot, tab, c->stream);
        memcpy(c->sent, c->dslot, tab);
        c->sent_ok = !e;
    }
    for (i = 0; i < p->L->bufs.n && !e; i++) {
        const ci__buf *b = (const ci__buf *)p->L->bufs.v[i];
        if (b->kind == CI__BUF_SEED && b->slot >= 0)
            e = ci__cuda.cuMemcpyHtoDAsync(c->dslot[b->slot], &p->seed, sizeof p->seed, c->stream);
    }
    if (!e) e = ci__cuda.cuMemsetD8Async(c->dslot[ns], 0, sizeof(ci__rterr), c->stream);
    if (!e) e = ci__cuda.cuEventRecord(c->ev[0], c->stream);
    for (i = 0; i < c->nl && !e; i++) {
        ci__cuda_launch *l = &c->l[i];
        long long n = l->n;
        void *args[3];
        if (l->ext) {
            what = l->fn;
            e = ci__cuda_extern(p, c, i);
            if (e < 0) return 1;
            continue;
        }
        if (n <= 0) continue;
        args[0] = &c->dtab;
        args[1] = &n;
        args[2] = &work;   /* (read only by the entries that take it) */
        what = l->fn;
        e = ci__cuda.cuLaunchKernel(c->fn[i], l->grid, 1, 1, l->block[0], l->block[1],
                                    l->block[2], 0, c->stream, args, NULL);
    }
    if (!e) e = ci__cuda.cuEventRecord(c->ev[1], c->stream);
    if (e) goto fail;
    what = "copying the outputs";
    for (i = 0; c->host_io && i < p->nout && !e; i++)
        if (c->bytes[p->nin + i])
            e = ci__cuda.cuMemcpyDtoHAsync(p->B[p->nin + i], c->dslot[p->nin + i],
                                           c->bytes[p->nin + i], c->stream);
    what = "running the kernels";
    if (!e) e = ci__cuda.cuMemcpyDtoHAsync(&rec, c->dslot[ns], sizeof rec, c->stream);
    if (!e) e = ci__cuda.cuStreamSynchronize(c->stream);
    if (e) goto fail;
    if (ci__cuda.cuEventElapsedTime(&ms, c->ev[0], c->ev[1]) == 0) p->run_ms = ms;
    if (rec.code && !p->run_error.code) p->run_error = rec;
    return rec.code != 0;
fail:
    ci__util_set_error(p->ctx, "ci_program_run: CUDA: %s: %s", what, ci__cuda_err(e));
    (void)ci__cuda.cuStreamSynchronize(c->stream);
    return 1;
}

static void ci__cuda_free(ci_program *p) {
    ci__cuda_prog *c = (ci__cuda_prog *)p->be_data;
    if (!c || !c->dev) return;
    (void)ci__cuda.cuCtxSetCurrent(c->dev->ctx);
    if (c->base) (void)ci__cuda.cuMemFree(c->base);
    if (c->module) (void)ci__cuda.cuModuleUnload(c->module);
    if (c->ev[0]) (void)ci__cuda.cuEventDestroy(c->ev[0]);
    if (c->ev[1]) (void)ci__cuda.cuEventDestroy(c->ev[1]);
    if (c->hstage) ci__mfree(p->ctx, c->hstage, c->hstage_size);
}

/* where the next run's inputs and outputs are: the caller's device addresses, or (device_io
   0) the host arrays in p->B, copied through the staging buffers. Nonzero (the error set):
   an output of the caller's overlaps an input or another output, which the kernels' pointers
   may not (>>cemit's __restrict__). */
static int ci__cuda_set_io(ci_program *p, int device_io, const void *const *in,
                           void *const *out, void *stream) {
    ci__cuda_prog *c = (ci__cuda_prog *)p->be_data;
    int i, j, n = p->nin + p->nout;
    c->host_io = !device_io;
    c->stream = stream;
    for (i = 0; i < n; i++) c->dslot[i] = c->stage[i];
    for (i = 0; device_io && i < p->nin; i++) c->dslot[i] = (unsigned long long)(uintptr_t)in[i];
    for (i = 0; device_io && i < p->nout; i++)
        c->dslot[p->nin + i] = (unsigned long long)(uintptr_t)out[i];
    for (i = p->nin; device_io && i < n; i++)   /* (slots 0..n-1 are the inputs and outputs) */
        for (j = 0; j < n; j++) {
            unsigned long long a = c->dslot[i], b = c->dslot[j];
            if (j == i || !c->bytes[i] || !c->bytes[j] || a + c->bytes[i] <= b ||
                b + c->bytes[j] <= a)
                continue;
            ci__util_set_error(p->ctx, "ci_program_run_device: output %d overlaps %s %d: on the "
                                       "GPU the outputs must not overlap the inputs or each other",
                               i - p->nin, j < p->nin ? "input" : "output",
                               j < p->nin ? j : j - p->nin);
            return 1;
        }
    return 0;
}

/* the public device-memory calls (>>public): op 0 allocates *out, 1 frees dst, 2 copies host
   src to device dst, 3 device src to host dst */
static ci_result ci__cuda_mem(ci_ctx *ctx, int op, int device, void *dst, const void *src,
                              size_t bytes, void **out) {
    static const char *const name[4] = {"ci_cuda_alloc", "ci_cuda_free", "ci_cuda_copy_to_device",
                                        "ci_cuda_copy_to_host"};
    ci__cuda_dev *d;
    const char *why = ci__cuda_device(device, &d);
    unsigned long long a = 0;
    int e = 0;
    if (why) {
        ci__util_set_error(ctx, "%s: %s", name[op], why);
        return CI_ERR_BACKEND_UNAVAILABLE;
    }
    if (op == 0) {
        e = ci__cuda.cuMemAlloc(&a, bytes ? bytes : 1);
        *out = e ? NULL : (void *)(uintptr_t)a;
    } else if (op == 1) {
        e = dst ? ci__cuda.cuMemFree((unsigned long long)(uintptr_t)dst) : 0;
    } else if (bytes) {
        unsigned long long d = (unsigned long long)(uintptr_t)dst;
        unsigned long long sa = (unsigned long long)(uintptr_t)src;
        e = op == 2 ? ci__cuda.cuMemcpyHtoDAsync(d, src, bytes, NULL)
                    : ci__cuda.cuMemcpyDtoHAsync(dst, sa, bytes, NULL);
        if (!e) e = ci__cuda.cuStreamSynchronize(NULL);
    }
    if (!e) return CI_OK;
    ci__util_set_error(ctx, "%s (%zu bytes): %s", name[op], bytes, ci__cuda_err(e));
    return op == 0 ? CI_ERR_OUT_OF_MEMORY : CI_ERR_RUNTIME;
}

/* CINDUCTOR_CHECK_CUDA=XY (1: 90): every compile for another backend also writes the
   program's CUDA source and compiles it with NVRTC for sm_XY, failing when NVRTC rejects it,
   so the test suites check the CUDA source of every graph where there is no GPU (CI). A graph
   the GPU cannot run yet is passed over, and so is a source over CI__CUDA_CHECK_MAX bytes
   (NVRTC takes minutes over the scale tests' graphs). */
#define CI__CUDA_CHECK_MAX 40000
static void ci__cuda_check_source(ci_program *p) {
    const char *e = getenv("CINDUCTOR_CHECK_CUDA"), *src, *why;
    int *lines = p->src_lines, nl;
    ci__cuda_target t;
    ci__cuda_launch *l;
    ci__cuda_bin bin;
    if (!e || !*e || !strcmp(e, "0") || p->be->device == CI_DEVICE_CUDA) return;
    t.arch = atoi(e) >= 30 ? atoi(e) : 90;
    t.nsm = 132;
    t.max_smem = 227 * 1024;
    src = ci__cuemit_source(p, &t, &l, &nl);
    p->src_lines = lines;
    if (strstr(src, CI__CUEMIT_NOGPU) || strlen(src) > CI__CUDA_CHECK_MAX) return;
    if ((why = ci__cuda_compile(p->A, src, t.arch, NULL, &bin)) != NULL)
        CI__FAIL(p->L, CI_ERR_COMPILE, "CINDUCTOR_CHECK_CUDA: %s", why);
}

#define CI__CUDA_FNS ci__cuda_available, ci__cuda_build, ci__cuda_run, ci__cuda_free
#else
static void ci__cuda_check_source(ci_program *p) {
    (void)p;
    (void)ci__cuemit_source;   /* the CUDA source is still written for the tests */
}

static int ci__cuda_set_io(ci_program *p, int device_io, const void *const *in,
                           void *const *out, void *stream) {
    (void)p;
    (void)device_io;
    (void)in;
    (void)out;
    (void)stream;
    return 0;
}

static ci_result ci__cuda_mem(ci_ctx *ctx, int op, int device, void *dst, const void *src,
                              size_t bytes, void **out) {
    (void)op;
    (void)device;
    (void)dst;
    (void)src;
    (void)bytes;
    if (out) *out = NULL;
    ci__util_set_error(ctx, "this build has no CUDA backend (CINDUCTOR_NO_CUDA)");
    return CI_ERR_BACKEND_UNAVAILABLE;
}

static const char *ci__cuda_unavailable(void) {
    return "this build has no CUDA backend (CINDUCTOR_NO_CUDA)";
}

#define CI__CUDA_FNS ci__cuda_unavailable, NULL, NULL, NULL
#endif
/* CUDA C from >>cuemit, compiled by NVRTC, run through the driver */
static const ci__backend ci__cuda_backend = {
    "nvrtc", CI_BACKEND_NVRTC, CI_DEVICE_CUDA, 0, CI__CUDA_FNS
};
#undef CI__CUDA_FNS


/* ---------------------------------------------------------------------------------------
   >>rt  programs: the pointer table, running, extern kernels
   A program keeps its compile arena (the kernel IR, for the interpreter and the debug
   output), the pointer table B[] (inputs, outputs, constants, intermediates), one arena for
   intermediates and copies of the constants. ci_program_run fills in the caller's pointers
   and calls its backend's run (p->be); nothing is allocated. Here too: the thread pool
   (ci__rt_start, the last pass of a compile) and the table of backends, ci__rt_backends.
   --------------------------------------------------------------------------------------- */
/* The thread pool: created with the program (so running allocates nothing), it splits the
   outermost loop of a kernel into chunks that workers and the calling thread take in turn. */
typedef void (*ci__rt_kernel_fn)(void **, long long, long long);
#ifndef CINDUCTOR_NO_THREADS
struct ci__rt_pool {
    int nthreads, quit;
    pthread_t *th;
    pthread_mutex_t mu;
    pthread_cond_t work_cv, done_cv;
    unsigned gen;
    ci__rt_kernel_fn fn;
    void **B;
    long long n, chunk;
    int nchunks, next, remaining;
};
/* take chunks of the current job until none are left; called with mu held, returns with it held */
static void ci__rt_pool_work(ci__rt_pool *P) {
    while (P->next < P->nchunks) {
        int c = P->next++;
        long long b = (long long)c * P->chunk, e = b + P->chunk;
        ci__rt_kernel_fn fn = P->fn;
        void **B = P->B;
        if (e > P->n) e = P->n;
        pthread_mutex_unlock(&P->mu);
        fn(B, b, e);
        pthread_mutex_lock(&P->mu);
        if (--P->remaining == 0) pthread_cond_signal(&P->done_cv);
    }
}

static void *ci__rt_pool_main(void *arg) {
    ci__rt_pool *P = (ci__rt_pool *)arg;
    unsigned seen = 0;
    pthread_mutex_lock(&P->mu);
    for (;;) {
        while (P->gen == seen && !P->quit) pthread_cond_wait(&P->work_cv, &P->mu);
        if (P->quit) break;
        seen = P->gen;
        ci__rt_pool_work(P);
    }
    pthread_mutex_unlock(&P->mu);
    return NULL;
}

static void ci__rt_pool_run(ci__rt_pool *P, ci__rt_kernel_fn fn, long long n, void **B) {
    int T = P->nthreads + 1;
    pthread_mutex_lock(&P->mu);
    P->fn = fn;
    P->B = B;
    P->n = n;
    P->nchunks = (int)(n < 4LL * T ? n : 4LL * T);
    P->chunk = (n + P->nchunks - 1) / P->nchunks;
    P->nchunks = (int)((n + P->chunk - 1) / P->chunk);
    P->next = 0; P->remaining = P->nchunks;
    P->gen++;
    pthread_cond_broadcast(&P->work_cv);
    ci__rt_pool_work(P);
    while (P->remaining > 0) pthread_cond_wait(&P->done_cv, &P->mu);
    pthread_mutex_unlock(&P->mu);
}
#endif
/* the program pass: the workers, besides the caller, for a backend that runs kernels on them */
static void ci__rt_start(ci_program *p) {
#ifndef CINDUCTOR_NO_THREADS
    if ((p->be->needs & CI__BE_THREADS) && p->num_threads > 1) {
        ci__rt_pool *P = CI__NEW(p->A, ci__rt_pool);
        int i;
        P->th = CI__NEWN(p->A, pthread_t, p->num_threads - 1);
        pthread_mutex_init(&P->mu, NULL);
        pthread_cond_init(&P->work_cv, NULL);
        pthread_cond_init(&P->done_cv, NULL);
        p->pool = P;
        for (i = 0; i < p->num_threads - 1; i++) {
            if (pthread_create(&P->th[i], NULL, ci__rt_pool_main, P) != 0) break;
            P->nthreads++;
        }
    }
#else
    (void)p;
#endif
}

static void ci__rt_stop(ci_program *p) {
#ifndef CINDUCTOR_NO_THREADS
    ci__rt_pool *P = p->pool;
    int i;
    if (!P) return;
    pthread_mutex_lock(&P->mu);
    P->quit = 1;
    pthread_cond_broadcast(&P->work_cv);
    pthread_mutex_unlock(&P->mu);
    for (i = 0; i < P->nthreads; i++) pthread_join(P->th[i], NULL);
    pthread_mutex_destroy(&P->mu);
    pthread_cond_destroy(&P->work_cv);
    pthread_cond_destroy(&P->done_cv);
    p->pool = NULL;
#else
    (void)p;
#endif
}
#ifndef CINDUCTOR_NO_TCC
static void ci__rt_parallel(void *rt, void (*fn)(void **, long long, long long), long long n,
                            void **B) {
#ifndef CINDUCTOR_NO_THREADS
    ci_program *p = (ci_program *)rt;
    if (p->pool && n > 1) { ci__rt_pool_run(p->pool, fn, n, B); return; }
#endif
    (void)rt;
    fn(B, 0, n);
}
#endif

static int ci__rt_extern(void *rt, int idx, void **B) {
    ci_program *p = (ci_program *)rt;
    ci__kernel *k = (ci__kernel *)p->kernels[idx]->m.v[0];
    ci_extern_tensor ins[32], outs[CI_MAX_EXTERN_OUTPUTS];
    int i, d, r;
    for (i = 0; i < k->nin; i++) {
        memset(&ins[i], 0, sizeof ins[i]);
        ins[i].data = B[k->ins[i]->slot]; ins[i].dtype = k->ins[i]->dt;
        if (k->in_t) {
            ins[i].ndim = k->in_t[i].ndim;
            memcpy(ins[i].shape, k->in_t[i].shape, sizeof ins[i].shape);
        } else {
            ins[i].ndim = k->ins[i]->ndim;
            for (d = 0; d < k->ins[i]->ndim; d++) ins[i].shape[d] = k->ins[i]->size[d];
        }
    }
    for (i = 0; i < k->nout; i++) {
        memset(&outs[i], 0, sizeof outs[i]);
        outs[i].data = B[k->outs[i]->slot];
        outs[i].dtype = k->outs[i]->dt;
        outs[i].ndim = k->outs[i]->ndim;
        for (d = 0; d < k->outs[i]->ndim; d++) outs[i].shape[d] = k->outs[i]->size[d];
    }
    r = k->ext->ext.run(ins, k->nin, k->args, k->nargs, outs, k->nout,
                        k->ext->internal ? (void *)p : k->ext->ext.user);
    if (r) p->failed_extern = idx + 1;
    for (i = 0; i < k->nout && !r; i++) if (k->outs[i]->dd_node) {   /* the size it filled */
        ci__buf *b = k->outs[i];
        b->run_done = 1; b->run_ndim = b->ndim;
        for (d = 0; d < b->ndim; d++)
            b->run_size[d] = outs[i].shape[d] >= 0 && outs[i].shape[d] <= b->size[d]
                                     ? outs[i].shape[d]
                                     : b->size[d];
    }
    return r;
}

/* cinductor's own extern kernels (>>linalg), run on the program's thread pool */
typedef struct ci__rt_linalg_pack { ci__linalg_range_fn fn; void *arg; } ci__rt_linalg_pack;
#ifndef CINDUCTOR_NO_THREADS
static void ci__rt_linalg_pool_adapter(void **B, long long b, long long e) {
    ci__rt_linalg_pack *pk = (ci__rt_linalg_pack *)(void *)B;
    pk->fn(pk->arg, b, e);
}
#endif
static void ci__rt_linalg_par(void *ctx, ci__linalg_range_fn fn, long long n, void *arg) {
    ci_program *p = (ci_program *)ctx;
#ifndef CINDUCTOR_NO_THREADS
    if (p && p->pool && n > 1) {
        ci__rt_linalg_pack pk;
        pk.fn = fn; pk.arg = arg;
        ci__rt_pool_run(p->pool, ci__rt_linalg_pool_adapter, n, (void **)(void *)&pk);
        return;
    }
#endif
    (void)p;
    fn(arg, 0, n);
}

static int ci__rt_ext_bmm_run(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                              ci_extern_tensor *outs, int nouts, void *user) {
    (void)nins;
    (void)args;
    (void)nargs;
    (void)nouts;
    ci__linalg_bmm((int)ins[0].dtype, ins[0].data, ins[1].data, outs[0].data, ins[0].shape[0],
                   ins[0].shape[1], ins[0].shape[2], ins[1].shape[2], ci__rt_linalg_par, user);
    return 0;
}

static int ci__rt_ext_conv_run(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                               ci_extern_tensor *outs, int nouts, void *user) {
    const ci_extern_tensor *x = &ins[0], *w = &ins[1];
    (void)nargs; (void)nouts;
    ci__linalg_conv2d((int)x->dtype, x->data, w->data, nins > 2 ? ins[2].data : NULL, outs[0].data,
                      x->shape[0], x->shape[1], x->shape[2], x->shape[3], w->shape[0], w->shape[2],
                      w->shape[3], args[3].u.ints.v[0], args[3].u.ints.v[1], args[4].u.ints.v[0],
                      args[4].u.ints.v[1], args[5].u.ints.v[0], args[5].u.ints.v[1], args[6].u.i,
                      ci__rt_linalg_par, user);
    return 0;
}

/* sort along the last dim: per row, a heapsort of the indices by (value, index), which is a
   strict order, so the result is that of a stable sort; NaN sorts as the largest value */
typedef struct ci__rt_sortjob {
    const ci_extern_tensor *x;
    ci_extern_tensor *vals, *idx;
    int64_t n;
    int desc;
} ci__rt_sortjob;
static double ci__rt_sort_f(const ci_extern_tensor *x, int64_t i) {
    ci__interp_val v;
    ci__buf b;
    b.dt = x->dtype; b.slot = 0;
    {
        void *const B[1] = {x->data};
        ci__interp_load(&b, B, i, &v);
    }
    return v.f;
}

static int64_t ci__rt_sort_i(const ci_extern_tensor *x, int64_t i) {
    ci__interp_val v;
    ci__buf b;
    b.dt = x->dtype; b.slot = 0;
    {
        void *const B[1] = {x->data};
        ci__interp_load(&b, B, i, &v);
    }
    return v.i;
}

/* does element a come before element b (offsets base + a, base + b)? */
static int ci__rt_sort_before(const ci__rt_sortjob *J, int64_t base, int64_t a, int64_t b) {
    if (ci__dtype_is_float(J->x->dtype)) {
        double x = ci__rt_sort_f(J->x, base + a), y = ci__rt_sort_f(J->x, base + b);
        int xn = x != x, yn = y != y;
        if (xn || yn) { if (xn && yn) return a < b; return J->desc ? xn : yn; }
        if (x != y) return J->desc ? x > y : x < y;
    } else {
        int64_t x = ci__rt_sort_i(J->x, base + a), y = ci__rt_sort_i(J->x, base + b);
        if (x != y) return J->desc ? x > y : x < y;
    }
    return a < b;
}

static void ci__rt_sort_sift(const ci__rt_sortjob *J, int64_t base, int64_t *h, int64_t root,
                             int64_t n) {
    for (;;) {
        int64_t c = 2 * root + 1;
        if (c >= n) return;
        if (c + 1 < n && ci__rt_sort_before(J, base, h[c], h[c + 1])) c++;
        if (!ci__rt_sort_before(J, base, h[root], h[c])) return;
        {
            int64_t t = h[root];
            h[root] = h[c];
            h[c] = t;
        }
        root = c;
    }
}

static void ci__rt_sort_rows(void *arg, long long begin, long long end) {
    const ci__rt_sortjob *J = (const ci__rt_sortjob *)arg;
    int64_t r, j, n = J->n;
    size_t es = ci_dtype_size(J->x->dtype);
    for (r = begin; r < end; r++) {
        int64_t base = r * n, *h = (int64_t *)J->idx->data + base;
        for (j = 0; j < n; j++) h[j] = j;
        /* a max-heap of "comes later" */
        for (j = n / 2 - 1; j >= 0; j--) ci__rt_sort_sift(J, base, h, j, n);
        for (j = n - 1; j > 0; j--) {
            int64_t t = h[0];
            h[0] = h[j];
            h[j] = t;
            ci__rt_sort_sift(J, base, h, 0, j);
        }
        for (j = 0; j < n; j++)
            memcpy((char *)J->vals->data + (size_t)(base + j) * es,
                   (const char *)J->x->data + (size_t)(base + h[j]) * es, es);
    }
}

static int ci__rt_ext_sort_run(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                               ci_extern_tensor *outs, int nouts, void *user) {
    ci__rt_sortjob J;
    int64_t total = 1;
    int d;
    (void)nins;
    (void)nargs;
    (void)nouts;
    J.x = &ins[0];
    J.vals = &outs[0];
    J.idx = &outs[1];
    J.n = ins[0].ndim ? ins[0].shape[ins[0].ndim - 1] : 1;
    J.desc = args[1].kind == CI_ARG_BOOL ? args[1].u.b : 0;
    for (d = 0; d < ins[0].ndim; d++) total *= ins[0].shape[d];
    if (J.n == 0 || total == 0) return 0;
    ci__rt_linalg_par(user, ci__rt_sort_rows, total / J.n, &J);
    return 0;
}

/* -- backends -- */
/* the values of --backend / --device this version refuses, as entries that say so */
static const char *ci__rt_cc_available(void) {
    return "the cc backend is not available in this version";
}

static const ci__backend ci__rt_cc_backend = {
    "cc", CI_BACKEND_CC, CI_DEVICE_CPU, CI__BE_SOURCE | CI__BE_THREADS,
    ci__rt_cc_available, NULL, NULL, NULL
};
/* The backends, in order of preference: the default for a device is the first entry for it
   that is available. To add one: a ci_backend value, its section (its ci__backend entry and
   the functions it names) and its line here. */
static const ci__backend *const ci__rt_backends[] = {
    &ci__tcc_backend, &ci__interp_backend, &ci__rt_cc_backend, &ci__cuda_backend
};
/* the entry for ID (CI_BACKEND_DEFAULT: the first available one for DEV), or NULL with the
   reason in why */
static const ci__backend *ci__rt_backend(ci_device dev, ci_backend id, char *why, size_t whysz) {
    const ci__backend *be = NULL;
    const char *no = NULL;
    size_t i, n = sizeof ci__rt_backends / sizeof ci__rt_backends[0];
    ci_device want = dev != CI_DEVICE_DEFAULT ? dev : CI_DEVICE_CPU;
    for (i = 0; i < n && !be; i++) {
        const ci__backend *e = ci__rt_backends[i];
        const char *r;
        if (id != CI_BACKEND_DEFAULT ? e->id != id : e->device != want) continue;
        r = e->available();
        if (!r) be = e;
        else if (!no) no = r;
        if (id != CI_BACKEND_DEFAULT) break;
    }
    if (!be) {
        snprintf(why, whysz, "%s", no ? no : "no backend for this device in this version");
        return NULL;
    }
    if (dev != CI_DEVICE_DEFAULT && be->device != dev) {
        snprintf(why, whysz, "the %s backend does not run on the %s device", be->name,
                 dev == CI_DEVICE_CUDA ? "CUDA" : "CPU");
        return NULL;
    }
    return be;
}

/* ---------------------------------------------------------------------------------------
   >>dbg  the debug printer: graph, IR after lowering, kernels, generated source
   One stable text format, written to the context's logger: the graph in .cig syntax, then
   every buffer and kernel with its value DAG (one "vN = op(args)" line per node), then the C.
   --------------------------------------------------------------------------------------- */
static void ci__dbg_tensor_name(const ci_graph *g, uint32_t idx, char *buf, size_t n) {
    const ci__lower_gtensor *t = ci__lower_gt(g, idx);
    const ci__node *nd = (const ci__node *)g->nodes.v[t->node];
    int u;
    if (nd->nout == 1) { snprintf(buf, n, "%s", nd->name); return; }
    if (nd->rname && nd->rname[t->out]) { snprintf(buf, n, "%s", nd->rname[t->out]); return; }
    /* name_k, with more underscores while that is some node's or result's name */
    for (u = 1; u < 16; u++) {
        snprintf(buf, n, "%s%.*s%d", nd->name, u, "________________", t->out);
        if (!ci__public_name_used(g, buf)) return;
    }
}

static void ci__dbg_arg(const ci_graph *g, ci__sb *sb, const ci_arg *a) {
    int i;
    char nm[64];
    switch (a->kind) {
    case CI_ARG_NONE: ci__sb_put(sb, "None"); break;
    case CI_ARG_TENSOR: {
        const ci__node *src = (const ci__node *)g->nodes.v[ci__lower_gt(g, a->u.t.id)->node];
        if (src->kind == CI__N_SCALAR) {  /* a Python number prints as its literal */
            ci_arg lit = src->weak == 3   ? ci_arg_float(src->sval)
                         : src->weak == 1 ? ci_arg_bool((int)src->ival)
                                          : ci_arg_int(src->ival);
            ci__dbg_arg(g, sb, &lit);
        } else {
            ci__dbg_tensor_name(g, a->u.t.id, nm, sizeof nm);
            ci__sb_put(sb, nm);
        }
        break;
    }
    case CI_ARG_INT: ci__sb_printf(sb, "%lld", (long long)a->u.i); break;
    case CI_ARG_FLOAT:
        if (a->u.f != a->u.f) ci__sb_put(sb, "nan");
        else if (a->u.f == HUGE_VAL) ci__sb_put(sb, "inf");
        else if (a->u.f == -HUGE_VAL) ci__sb_put(sb, "-inf");
        else {
            char b[40];
            snprintf(b, sizeof b, "%.17g", a->u.f);
            if (!strpbrk(b, ".eE")) strcat(b, ".0");
            ci__sb_put(sb, b);
        }
        break;
    case CI_ARG_BOOL: ci__sb_put(sb, a->u.b ? "True" : "False"); break;
    case CI_ARG_STRING: {   /* the escapes the .cig parser reads */
        const char *s;
        ci__sb_put(sb, "\"");
        for (s = a->u.s; *s; s++) {
            char e[3] = {'\\', 0, 0};
            e[1] = *s == '"'    ? '"'
                   : *s == '\\' ? '\\'
                   : *s == '\n' ? 'n'
                   : *s == '\t' ? 't'
                   : *s == '\r' ? 'r'
                                : 0;
            if (e[1]) ci__sb_put(sb, e);
            else {
                e[0] = (unsigned char)*s < 0x20 ? ' ' : *s;
                e[1] = 0;
                ci__sb_put(sb, e);
            }
        }
        ci__sb_put(sb, "\"");
        break;
    }
    case CI_ARG_DTYPE:   /* f32, or torch.float32 when a tensor is named f32 */
        if (ci__public_name_used(g, ci_dtype_name(a->u.dtype)))
            ci__sb_printf(sb, "torch.%s", ci__dtype_tab[a->u.dtype].tname);
        else ci__sb_put(sb, ci_dtype_name(a->u.dtype));
        break;
    case CI_ARG_INTS:
        ci__sb_put(sb, "[");
        for (i = 0; i < a->u.ints.n; i++)
            ci__sb_printf(sb, "%s%lld", i ? ", " : "", (long long)a->u.ints.v[i]);
        ci__sb_put(sb, "]");
        break;
    case CI_ARG_FLOATS:
        ci__sb_put(sb, "[");
        for (i = 0; i < a->u.floats.n; i++) {
            ci_arg f;
            f.kind = CI_ARG_FLOAT; f.u.f = a->u.floats.v[i];
            if (i) ci__sb_put(sb, ", ");
            ci__dbg_arg(g, sb, &f);
        }
        ci__sb_put(sb, "]");
        break;
    case CI_ARG_LIST:
        ci__sb_put(sb, "[");
        for (i = 0; i < a->u.list.n; i++) {
            if (i) ci__sb_put(sb, ", ");
            ci__dbg_arg(g, sb, &a->u.list.v[i]);
        }
        ci__sb_put(sb, "]");
        break;
    case CI_ARG_TENSORS:
        ci__sb_put(sb, "[");
        for (i = 0; i < a->u.tensors.n; i++) {
            if (a->u.tensors.v[i].id) ci__dbg_tensor_name(g, a->u.tensors.v[i].id, nm, sizeof nm);
            else snprintf(nm, sizeof nm, "None");
            ci__sb_printf(sb, "%s%s", i ? ", " : "", nm);
        }
        ci__sb_put(sb, "]");
        break;
    default: ci__sb_put(sb, "?"); break;
    }
}

static void ci__dbg_type(ci__sb *sb, ci_dtype dt, int ndim, const int64_t *s) {
    int i;
    ci__sb_printf(sb, "%s[", ci_dtype_name(dt));
    for (i = 0; i < ndim; i++) ci__sb_printf(sb, "%s%lld", i ? ", " : "", (long long)s[i]);
    ci__sb_put(sb, "]");
}

/* constant data as a nested list that parses back to the same bits */
static void ci__dbg_print_elem(ci__sb *sb, ci_dtype dt, const void *data, int64_t i) {
    const unsigned char *p = (const unsigned char *)data + (size_t)i * ci__dtype_tab[dt].size;
    double f = 0;
    switch (dt) {
    case CI_BOOL: ci__sb_put(sb, *p ? "True" : "False"); return;
    case CI_U8: ci__sb_printf(sb, "%d", (int)*p); return;
    case CI_I8: ci__sb_printf(sb, "%d", (int)*(const signed char *)p); return;
    case CI_I16: {
        short v;
        memcpy(&v, p, 2);
        ci__sb_printf(sb, "%d", (int)v);
        return;
    }
    case CI_I32: {
        int v;
        memcpy(&v, p, 4);
        ci__sb_printf(sb, "%d", v);
        return;
    }
    case CI_I64: {
        long long v;
        memcpy(&v, p, 8);
        ci__sb_printf(sb, "%lld", v);
        return;
    }
    case CI_F16: {
        unsigned short v;
        memcpy(&v, p, 2);
        f = ci__h2f(v);
        break;
    }
    case CI_BF16: {
        unsigned short v;
        memcpy(&v, p, 2);
        f = ci__bf2f(v);
        break;
    }
    case CI_F32: {
        float v;
        memcpy(&v, p, 4);
        f = v;
        break;
    }
    case CI_F64: memcpy(&f, p, 8); break;
    default: return;
    }
    if (f != f) ci__sb_put(sb, "nan");
    else if (f == HUGE_VAL) ci__sb_put(sb, "inf");
    else if (f == -HUGE_VAL) ci__sb_put(sb, "-inf");
    else {
        char b[40];
        snprintf(b, sizeof b, dt == CI_F64 ? "%.17g" : "%.9g", f);
        if (!strpbrk(b, ".eEn")) strcat(b, ".0");
        ci__sb_put(sb, b);
    }
}

/* nested empty lists down to the first size-0 dim: [3, 0] -> [[], [], []] */
static void ci__dbg_print_empty(ci__sb *sb, const int64_t *shape, int ndim) {
    int64_t i;
    ci__sb_put(sb, "[");
    if (ndim > 1 && shape[0] > 0)
        for (i = 0; i < shape[0]; i++) {
            if (i) ci__sb_put(sb, ", ");
            ci__dbg_print_empty(sb, shape + 1, ndim - 1);
        }
    ci__sb_put(sb, "]");
}

static void ci__dbg_print_const(ci__sb *sb, const ci__node *nd) {
    int64_t n = ci__ir_numel(nd->ndim, nd->shape), i, k;
    int d;
    if (nd->ndim == 0) { ci__dbg_print_elem(sb, nd->dt, nd->data, 0); return; }
    for (i = 0; i < n; i++) {
        int64_t rem = i, s = 1;
        /* open a bracket for every dim whose index just wrapped to 0 */
        for (d = nd->ndim - 1, k = 0; d >= 0; d--) {
            if (rem % nd->shape[d] == 0)
                k++;
            else
                break;
            rem /= nd->shape[d];
        }
        if (i > 0) ci__sb_put(sb, ", ");
        for (d = 0; d < k; d++) ci__sb_put(sb, "[");
        ci__dbg_print_elem(sb, nd->dt, nd->data, i);
        rem = i + 1;
        for (d = nd->ndim - 1; d >= 0; d--) {
            s *= nd->shape[d];
            if (rem % s == 0)
                ci__sb_put(sb, "]");
            else
                break;
        }
    }
    if (n == 0) ci__dbg_print_empty(sb, nd->shape, nd->ndim);
}

static void ci__dbg_print_graph(const ci_graph *g, ci__sb *sb, int with_data) {
    int i, j;
    char nm[64];
    for (i = 0; i < g->nodes.n; i++) {
        const ci__node *nd = (const ci__node *)g->nodes.v[i];
        switch (nd->kind) {
        case CI__N_INPUT:
            ci__sb_printf(sb, "input %s: ", nd->name);
            ci__dbg_type(sb, nd->dt, nd->ndim, nd->shape);
            break;
        case CI__N_CONST:
            ci__sb_printf(sb, "const %s: ", nd->name);
            ci__dbg_type(sb, nd->dt, nd->ndim, nd->shape);
            ci__sb_put(sb, " = ");
            if (with_data) ci__dbg_print_const(sb, nd);
            else ci__sb_put(sb, "<data>");
            break;
        case CI__N_SCALAR: continue;  /* Python numbers print inline where they are used */
        case CI__N_CALL:
            for (j = 0; j < nd->nout; j++) {
                ci__dbg_tensor_name(g, nd->out0 + (uint32_t)j, nm, sizeof nm);
                ci__sb_printf(sb, "%s%s", j ? ", " : "", nm);
            }
            ci__sb_printf(sb, " = %s(", nd->op);
            for (j = 0; j < nd->nargs; j++) {
                if (j) ci__sb_put(sb, ", ");
                ci__dbg_arg(g, sb, &nd->args[j]);
            }
            for (j = 0; j < nd->nkw; j++) {
                if (j || nd->nargs) ci__sb_put(sb, ", ");
                ci__sb_printf(sb, "%s=", nd->kw[j].name);
                ci__dbg_arg(g, sb, &nd->kw[j].value);
            }
            ci__sb_put(sb, ")");
            break;
        }
        ci__sb_put(sb, "\n");
    }
    ci__sb_put(sb, "output ");
    for (i = 0; i < g->outputs.n; i++) {
        ci__dbg_tensor_name(g, (uint32_t)(uintptr_t)g->outputs.v[i], nm, sizeof nm);
        ci__sb_printf(sb, "%s%s", i ? ", " : "", nm);
    }
    ci__sb_put(sb, "\n");
}

typedef struct ci__dbg_names { const char **names; int n; } ci__dbg_names;
static const char *ci__dbg_varname(int var, void *user) {
    ci__dbg_names *d = (ci__dbg_names *)user;
    return (var < d->n && d->names[var]) ? d->names[var] : "?";
}

static void ci__dbg_value1(ci__sb *sb, ci__v *v, ci__dbg_names *nm) {
    int i;
    ci__sb_printf(sb, "      v%d = %s(", v->id, ci__ir_vop_name[v->op]);
    if (v->op == CI__V_CONST) {
        if (ci__dtype_is_float(v->dt)) ci__sb_printf(sb, "%.9g", v->f);
        else ci__sb_printf(sb, "%lld", (long long)v->i);
    } else if (v->op == CI__V_ACC) {
        ci__sb_put(sb, v->buf->name);
    } else if (v->op == CI__V_LOAD || v->op == CI__V_INDEX) {
        if (v->op == CI__V_LOAD) ci__sb_printf(sb, "%s, ", v->buf->name);
        ci__ix_print(sb, v->ix, ci__dbg_varname, nm);
    }
    for (i = 0; i < v->n; i++) ci__sb_printf(sb, "%sv%d", i ? ", " : "", v->a[i]->id);
    ci__sb_printf(sb, ") : %s\n", ci__dtype_tab[v->dt].name);
}

/* v's DAG, operands first */
static void ci__dbg_value(ci__L *L, ci__sb *sb, ci__v *v, int *marks, ci__dbg_names *nm) {
    ci__ir_vwalk w;
    int epoch = L->epoch;
    ci__ir_vw_open(L, &w);
    ci__ir_vw_push(&w, v, 0);
    while ((v = ci__ir_vw_next_post(&w, marks, epoch)) != NULL) ci__dbg_value1(sb, v, nm);
    ci__ir_vw_close(&w);
}

static void ci__dbg_print_ir(ci__L *L, ci__sb *sb) {
    int i, j;
    ci__dbg_names nms;
    nms.n = L->ixt.nvars;
    nms.names = CI__NEWN(L->A, const char *, nms.n);
    ci__sb_put(sb, "buffers:\n");
    for (i = 0; i < L->bufs.n; i++) {
        ci__buf *b = (ci__buf *)L->bufs.v[i];
        static const char *const kinds[] = {"", "input", "constant", "computed", "seed"};
        if (!b->needed) continue;
        ci__sb_printf(sb, "  %s: %s ", b->name, kinds[b->kind]);
        ci__dbg_type(sb, b->dt, b->ndim, b->size);
        if (b->output_index >= 0) ci__sb_printf(sb, " (output %d)", b->output_index);
        ci__sb_printf(sb, " slot %d\n", b->slot);
    }
    ci__sb_put(sb, "kernels:\n");
    for (i = 0; i < L->groups.n; i++) {
        ci__group *g = (ci__group *)L->groups.v[i];
        const ci__ir_tiling *T = &g->t;
        int nm = 0;
        if (!g->live) continue;
        for (j = 0; j < g->m.n; j++) nm += ((ci__kernel *)g->m.v[j])->emit;
        if (g->fused) {
            ci__sb_printf(sb, "  %s: fused, %d member%s, over [", g->name, nm, nm == 1 ? "" : "s");
            for (j = 0; j < T->ndim; j++)
                ci__sb_printf(sb, "%s%lld", j ? ", " : "", (long long)T->size[j]);
            ci__sb_put(sb, "]");
            if (T->red) {
                ci__sb_put(sb, " reducing [");
                for (j = 0; j < T->nr; j++)
                    ci__sb_printf(sb, "%s%lld", j ? ", " : "", (long long)T->rsize[j]);
                ci__sb_printf(sb, "], %d loop%s", g->nphase, g->nphase == 1 ? "" : "s");
            }
            ci__sb_put(sb, "\n");
        }
        for (j = 0; j < g->m.n; j++) {
            ci__kernel *k = (ci__kernel *)g->m.v[j];
            int d;
            if (!k->emit && g->fused) {
                ci__sb_printf(sb,
                              "    %s: pointwise -> %s: recomputed where it is used (not stored)\n",
                              k->name, k->out->name);
                continue;
            }
            if (k->kind == CI__K_EXTERN) {
                ci__sb_printf(sb, "  %s: extern %s(", g->name, k->ext->name);
                for (d = 0; d < k->nin; d++)
                    ci__sb_printf(sb, "%s%s", d ? ", " : "", k->ins[d]->name);
                ci__sb_put(sb, ") ->");
                for (d = 0; d < k->nout; d++) ci__sb_printf(sb, " %s", k->outs[d]->name);
                if (L->gpu)   /* >>cuemit runs the float products; >>cuda the rest, with copies */
                    ci__sb_put(sb, ci__cuemit_gpu_extern(k)
                                           ? ", on the GPU"
                                           : ", on the host (its inputs copied from the GPU, its "
                                             "outputs back)");
                ci__sb_put(sb, "\n");
                continue;
            }
            if (g->fused) {
                ci__sb_printf(sb, "    %s: %s%s -> %s", k->name,
                              k->kind == CI__K_REDUCTION ? ci__ir_red_name[k->rtype] : "pointwise",
                              k->kind == CI__K_REDUCTION || !T->red ? ""
                              : k->inner                            ? " (inside the loop)"
                                                                    : " (outside the loop)",
                              k->out->name);
                if (T->red) ci__sb_printf(sb, ", loop %d", k->phase);
                ci__sb_put(sb, k->store ? ", stored\n" : ", kept in a register\n");
                for (d = 0; d < T->ndim; d++) {
                    char *s2 = (char *)ci__arena_alloc(L->A, 16);
                    snprintf(s2, 16, "x%d", d);
                    nms.names[T->vars[d]->var] = s2;
                }
                for (d = 0; d < T->nr; d++) {
                    char *s2 = (char *)ci__arena_alloc(L->A, 16);
                    snprintf(s2, 16, "r%d", d);
                    nms.names[T->rvars[d]->var] = s2;
                }
                ci__dbg_value(L, sb, k->gbody, ci__ir_marks(L), &nms);
                continue;
            }
            ci__sb_printf(sb, "  %s: %s over ", g->name,
                          k->kind == CI__K_SCAN ? ci__ir_red_name[k->rtype]
                          : k->disjoint         ? "concat slice"
                                                : "scatter");
            ci__dbg_type(sb, k->out->dt, k->ndim, k->size);
            ci__sb_printf(sb, " -> %s\n", k->out->name);
            for (d = 0; d < k->ndim; d++) {
                char *s2 = (char *)ci__arena_alloc(L->A, 16);
                snprintf(s2, 16, "x%d", d);
                nms.names[k->vars[d]->var] = s2;
            }
            for (d = 0; d < k->nr; d++) {
                char *s2 = (char *)ci__arena_alloc(L->A, 16);
                snprintf(s2, 16, "r%d", d);
                nms.names[k->rvars[d]->var] = s2;
            }
            ci__dbg_value(L, sb, k->body, ci__ir_marks(L), &nms);
        }
    }
    if (L->unfused.n) ci__sb_put(sb, "not fused:\n");
    for (i = 0; i < L->unfused.n; i++) {
        ci__ir_unfused *u = (ci__ir_unfused *)L->unfused.v[i];
        ci__sb_printf(sb, "  %s (%s) -> %s (%s): %s\n", u->from->name, u->from->grp->name,
                      u->to->name, u->to->grp->name, u->why);
    }
}

static void ci__dbg_log(const ci_ctx *ctx, ci_log_level lvl, const char *msg) {
    if (ctx->desc.log) ctx->desc.log(lvl, msg, ctx->desc.log_user);
}

static void ci__dbg_default_log(ci_log_level level, const char *msg, void *user) {
    (void)level; (void)user;
    fputs(msg, stderr);
    if (*msg && msg[strlen(msg) - 1] != '\n') fputc('\n', stderr);
}

static unsigned ci__dbg_env_debug(void) {
    const char *e = getenv("CINDUCTOR_DEBUG");
    unsigned d = 0;
    if (!e || !*e || !strcmp(e, "0")) return 0;
    if (!strcmp(e, "1") || strstr(e, "all")) return CI_DEBUG_ALL;
    if (strstr(e, "graph")) d |= CI_DEBUG_GRAPH;
    if (strstr(e, "ir")) d |= CI_DEBUG_IR;
    if (strstr(e, "kernels")) d |= CI_DEBUG_KERNELS;
    if (strstr(e, "source")) d |= CI_DEBUG_SOURCE;
    return d;
}

/* the debug pass: what DBG asks for, to the context's logger (the source, written here for an
   interpreter program, under compile's error target) */
static void ci__dbg_dump(ci_program *p, ci_graph *g, unsigned dbg) {
    ci__sb sb;
    ci__sb_init(&sb, p->A);
    if (dbg & CI_DEBUG_GRAPH) { ci__sb_put(&sb, "== graph ==\n"); ci__dbg_print_graph(g, &sb, 0); }
    if (dbg & (CI_DEBUG_IR | CI_DEBUG_KERNELS)) {
        ci__sb_put(&sb, "== ir ==\n");
        ci__dbg_print_ir(p->L, &sb);
    }
    if ((dbg & CI_DEBUG_SOURCE) && !p->source && p->L) ci__cemit_source(p);
    if ((dbg & CI_DEBUG_SOURCE) && p->source && *p->source) {
        ci__sb_put(&sb, "== source ==\n");
        ci__sb_put(&sb, p->source);
    }
    if (sb.n) ci__dbg_log(p->ctx, CI_LOG_DEBUG, ci__sb_str(&sb));
}

/* =================================================================================================
   >>npy  .npy files: read, parse, write
   =================================================================================================
   Owns the NumPy .npy reader and writer the `cinductor` command, .cig `load("...")` constants and
   the tests use. A file is a magic "\x93NUMPY", a version (1.0: 16-bit header length; 2.0 and 3.0:
   32-bit, 3.0 with a UTF-8 header), a Python dict literal {'descr', 'fortran_order', 'shape'}, and
   the raw data. ci__npy_header() checks all of it against the buffer's length before a byte of data
   is touched: shape products and byte counts are overflow-checked, the data must be exactly as
   long as the shape says. Only little-endian, C-order, numeric/bool dtypes cinductor has are
   accepted (|b1 |u1 |i1 <i2 <i4 <i8 <f2 <f4 <f8); big-endian, Fortran order, object, structured
   and string arrays are refused with a message. Big-endian hosts byte-swap on read and write;
   a bool byte other than 0 reads as 1.
   Arrays come from malloc (these helpers have no context, hence no user allocator): ci_npy_free.
   Reading is bounded (ci__npy_slurp, ci__npy_read_a): never past a limit (ci_ctx_desc.max_read,
   ci_npy_read_ex), a .npy only as far as its header says, buffers grown as bytes arrive; the
   .cig parser reads through the same functions with its context's allocator.
*/

struct ci__npy_info {
    ci_dtype dtype;
    int ndim;
    int64_t shape[CI_MAX_DIMS];
    size_t data_offset;   /* where the data starts in the file */
    size_t nbytes;        /* bytes of data the header promises */
};

/* ci__npy_err, returning rc: `return ci__npy_fail(CI_ERR_PARSE, err, errsz, ...);` */
static ci_result ci__npy_fail(ci_result rc, char *err, size_t errsz, const char *fmt, ...) {
    va_list ap;
    if (!err || !errsz) return rc;
    va_start(ap, fmt);
    vsnprintf(err, errsz, fmt, ap);
    va_end(ap);
    return rc;
}

static void ci__npy_err(char *err, size_t errsz, const char *fmt, ...) {
    va_list ap;
    if (!err || !errsz) return;
    va_start(ap, fmt);
    vsnprintf(err, errsz, fmt, ap);
    va_end(ap);
}

static int ci__npy_host_le(void) {
    uint16_t one = 1;
    unsigned char b;
    memcpy(&b, &one, 1);
    return b == 1;
}

static void ci__npy_swap(void *data, size_t nbytes, size_t itemsize) {
    unsigned char *p = (unsigned char *)data;
    size_t i, j;
    if (itemsize < 2) return;
    for (i = 0; i + itemsize <= nbytes; i += itemsize)
        for (j = 0; j < itemsize / 2; j++) {
            unsigned char t = p[i + j];
            p[i + j] = p[i + itemsize - 1 - j];
            p[i + itemsize - 1 - j] = t;
        }
}

/* data as read, made what cinductor holds: host byte order, and a bool byte other than 0 is 1
   (NumPy keeps any byte in a |b1 array; PyTorch and the kernels read only 0 and 1) */
static void ci__npy_to_host(void *data, size_t nbytes, ci_dtype dt) {
    size_t i;
    if (dt == CI_BOOL)
        for (i = 0; i < nbytes; i++) ((unsigned char *)data)[i] = ((unsigned char *)data)[i] != 0;
    if (!ci__npy_host_le()) ci__npy_swap(data, nbytes, ci_dtype_size(dt));
}

/* NumPy's spelling of a dtype ("<f4"); NULL when NumPy has none (bf16) */
static const char *ci__npy_descr(ci_dtype dt) {
    switch (dt) {
    case CI_BOOL: return "|b1";
    case CI_U8: return "|u1";
    case CI_I8: return "|i1";
    case CI_I16: return "<i2";
    case CI_I32: return "<i4";
    case CI_I64: return "<i8";
    case CI_F16: return "<f2";
    case CI_F32: return "<f4";
    case CI_F64: return "<f8";
    default: return NULL;
    }
}

static void ci__npy_ws(const char **p, const char *end) {
    while (*p < end && (**p == ' ' || **p == '\t' || **p == '\n' || **p == '\r')) (*p)++;
}

/* a quoted Python string without escapes (all the header ever holds) into out[cap] */
static int ci__npy_str(const char **p, const char *end, char *out, size_t cap) {
    char q;
    size_t n = 0;
    if (*p >= end || (**p != '\'' && **p != '"')) return 0;
    q = *(*p)++;
    while (*p < end && **p != q) {
        if (**p == '\\' || **p == '\n' || n + 1 >= cap) return 0;
        out[n++] = *(*p)++;
    }
    if (*p >= end) return 0;
    (*p)++;
    out[n] = 0;
    return 1;
}

static ci_result ci__npy_descr_dtype(const char *d, ci_dtype *out, char *err, size_t errsz) {
    static const struct { const char *code; ci_dtype dt; } table[] = {
        {"b1", CI_BOOL}, {"u1", CI_U8}, {"i1", CI_I8}, {"i2", CI_I16}, {"i4", CI_I32},
        {"i8", CI_I64}, {"f2", CI_F16}, {"f4", CI_F32}, {"f8", CI_F64}, {"?", CI_BOOL},
        {"b", CI_I8}, {"B", CI_U8}};
    char order = d[0];
    const char *code = d;
    size_t i;
    if (order == '<' || order == '>' || order == '|' || order == '=') code = d + 1;
    else order = '=';
    if (code[0] == 'O')
        return ci__npy_fail(CI_ERR_UNSUPPORTED, err, errsz,
                            "object arrays are not supported (descr '%s')", d);
    for (i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcmp(code, table[i].code)) {
            /* '>' with one byte is fine (nothing to swap); '=' means this host's order */
            if (ci_dtype_size(table[i].dt) > 1 &&
                (order == '>' || (order == '=' && !ci__npy_host_le())))
                return ci__npy_fail(CI_ERR_UNSUPPORTED, err, errsz,
                                    "big-endian data is not supported (descr '%s')", d);
            *out = table[i].dt;
            return CI_OK;
        }
    return ci__npy_fail(CI_ERR_UNSUPPORTED, err, errsz,
                        "unsupported dtype descr '%s' (supported: |b1 |u1 |i1 <i2 <i4 <i8 "
                        "<f2 <f4 <f8)", d);
}

/* parses "(3, 4)", "(5,)", "()" */
static ci_result ci__npy_shape(const char **p, const char *end, ci__npy_info *info, char *err,
                               size_t errsz) {
    if (*p >= end || **p != '(')
        return ci__npy_fail(CI_ERR_PARSE, err, errsz, "bad header: 'shape' is not a tuple");
    (*p)++;
    info->ndim = 0;
    for (;;) {
        uint64_t v = 0;
        int digits = 0;
        ci__npy_ws(p, end);
        if (*p < end && **p == ')') { (*p)++; return CI_OK; }
        while (*p < end && **p >= '0' && **p <= '9') {
            unsigned dgt = (unsigned)(**p - '0');
            if (v > ((uint64_t)INT64_MAX - dgt) / 10)
                return ci__npy_fail(CI_ERR_PARSE, err, errsz,
                                    "bad header: shape dimension out of range");
            v = v * 10 + dgt;
            digits++;
            (*p)++;
        }
        if (!digits)
            return ci__npy_fail(CI_ERR_PARSE, err, errsz,
                                "bad header: shape must be a tuple of non-negative integers");
        if (*p < end && **p == 'L') (*p)++;     /* Python 2 longs */
        if (info->ndim >= CI_MAX_DIMS)
            return ci__npy_fail(CI_ERR_PARSE, err, errsz,
                                "array has more than %d dimensions", CI_MAX_DIMS);
        info->shape[info->ndim++] = (int64_t)v;
        ci__npy_ws(p, end);
        if (*p < end && **p == ',') (*p)++;
        else if (*p < end && **p == ')') { (*p)++; return CI_OK; }
        else
            return ci__npy_fail(CI_ERR_PARSE, err, errsz, "bad header: malformed shape tuple");
    }
}

static ci_result ci__npy_header(const unsigned char *buf, size_t len, ci__npy_info *info,
                                char *err, size_t errsz) {
    size_t prelude, hlen, count = 1, item;
    const char *p, *end;
    char key[32], descr[32];
    int have_descr = 0, have_order = 0, have_shape = 0, fortran = 0, i, zero = 0;
    ci_result r;
    memset(info, 0, sizeof *info);
    if (len < 8 || memcmp(buf, "\x93NUMPY", 6) != 0)
        return ci__npy_fail(CI_ERR_PARSE, err, errsz, len == 0 ? "empty file, not a .npy file" :
                            len < 8 && !memcmp(buf, "\x93NUMPY", len < 6 ? len : 6)
                            ? "truncated .npy file" : "not a .npy file (bad magic)");
    if (buf[6] < 1 || buf[6] > 3 || buf[7] != 0)
        return ci__npy_fail(CI_ERR_UNSUPPORTED, err, errsz, "unsupported .npy format version %d.%d",
                            buf[6], buf[7]);
    prelude = buf[6] == 1 ? 10 : 12;
    if (len < prelude)
        return ci__npy_fail(CI_ERR_PARSE, err, errsz, "truncated .npy header");
    if (buf[6] == 1) hlen = (size_t)buf[8] | (size_t)buf[9] << 8;
    else hlen = (size_t)buf[8] | (size_t)buf[9] << 8 | (size_t)buf[10] << 16 |
                (size_t)buf[11] << 24;
    if (hlen > len - prelude)
        return ci__npy_fail(CI_ERR_PARSE, err, errsz,
                            "truncated .npy header (header says %lu bytes, %lu present)",
                            (unsigned long)hlen, (unsigned long)(len - prelude));
    p = (const char *)buf + prelude;
    end = p + hlen;
    ci__npy_ws(&p, end);
    if (p >= end || *p != '{')
        return ci__npy_fail(CI_ERR_PARSE, err, errsz, "bad header: expected a dict");
    p++;
    for (;;) {
        ci__npy_ws(&p, end);
        if (p < end && *p == '}') { p++; break; }
        if (!ci__npy_str(&p, end, key, sizeof key))
            return ci__npy_fail(CI_ERR_PARSE, err, errsz, "bad header: expected a quoted key");
        ci__npy_ws(&p, end);
        if (p >= end || *p != ':')
            return ci__npy_fail(CI_ERR_PARSE, err, errsz, "bad header: expected ':' after '%s'",
                                key);
        p++;
        ci__npy_ws(&p, end);
        if (!strcmp(key, "descr") && !have_descr) {
            if (p < end && *p == '[')
                return ci__npy_fail(CI_ERR_UNSUPPORTED, err, errsz,
                                    "structured arrays are not supported");
            if (!ci__npy_str(&p, end, descr, sizeof descr))
                return ci__npy_fail(CI_ERR_PARSE, err, errsz,
                                    "bad header: 'descr' is not a short string");
            have_descr = 1;
        } else if (!strcmp(key, "fortran_order") && !have_order) {
            if ((size_t)(end - p) >= 4 && !memcmp(p, "True", 4)) { fortran = 1; p += 4; }
            else if ((size_t)(end - p) >= 5 && !memcmp(p, "False", 5)) p += 5;
            else
                return ci__npy_fail(CI_ERR_PARSE, err, errsz,
                                    "bad header: 'fortran_order' must be True or False");
            have_order = 1;
        } else if (!strcmp(key, "shape") && !have_shape) {
            if (ci__npy_shape(&p, end, info, err, errsz) != CI_OK) return CI_ERR_PARSE;
            have_shape = 1;
        } else {
            return ci__npy_fail(CI_ERR_PARSE, err, errsz,
                                "bad header: unexpected or repeated key '%s'", key);
        }
        ci__npy_ws(&p, end);
        if (p < end && *p == ',') { p++; continue; }
        if (p < end && *p == '}') { p++; break; }
        return ci__npy_fail(CI_ERR_PARSE, err, errsz, "bad header: expected ',' or '}'");
    }
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == 0)) p++;
    if (p != end)
        return ci__npy_fail(CI_ERR_PARSE, err, errsz, "bad header: text after the dict");
    if (!have_descr || !have_order || !have_shape)
        return ci__npy_fail(CI_ERR_PARSE, err, errsz, "bad header: missing key '%s'",
                            !have_descr ? "descr" : !have_order ? "fortran_order" : "shape");
    r = ci__npy_descr_dtype(descr, &info->dtype, err, errsz);
    if (r != CI_OK) return r;
    for (i = 0; i < info->ndim; i++) if (info->shape[i] == 0) zero = 1;
    if (fortran && info->ndim > 1) {
        /* 0-d and 1-d arrays are the same in both orders; numpy writes True for some of them */
        int big = 0;
        for (i = 0; i < info->ndim; i++) big += info->shape[i] > 1;
        if (big > 1)
            return ci__npy_fail(CI_ERR_UNSUPPORTED, err, errsz, "fortran_order arrays are not "
                                "supported (save with np.ascontiguousarray)");
    }
    /* the product of the non-zero dims must fit too: consumers compute strides from them */
    item = ci_dtype_size(info->dtype);
    for (i = 0; i < info->ndim; i++) {
        if (info->shape[i] == 0) continue;
        if ((uint64_t)info->shape[i] > (uint64_t)INT64_MAX / item / count ||
            (uint64_t)info->shape[i] > (uint64_t)SIZE_MAX / item / count)
            return ci__npy_fail(CI_ERR_PARSE, err, errsz,
                                "array too large: the shape's size overflows");
        count *= (size_t)info->shape[i];
    }
    info->nbytes = zero ? 0 : count * item;
    info->data_offset = prelude + hlen;
    return CI_OK;
}

/* the data after the header: exactly as long as the shape says */
static ci_result ci__npy_check_data(const ci__npy_info *info, size_t len, char *err, size_t errsz) {
    if (len - info->data_offset < info->nbytes)
        return ci__npy_fail(CI_ERR_PARSE, err, errsz,
                            "truncated .npy data: the shape needs %lu bytes, %lu present",
                            (unsigned long)info->nbytes, (unsigned long)(len - info->data_offset));
    if (len - info->data_offset > info->nbytes)
        return ci__npy_fail(CI_ERR_PARSE, err, errsz,
                            "%lu extra byte(s) after the data the shape describes",
                            (unsigned long)(len - info->data_offset - info->nbytes));
    return CI_OK;
}

static void ci__npy_result(const ci__npy_info *info, ci_dtype *dtype, int *ndim, int64_t *shape,
                           size_t *nbytes) {
    int i;
    if (dtype) *dtype = info->dtype;
    if (ndim) *ndim = info->ndim;
    if (shape) for (i = 0; i < info->ndim; i++) shape[i] = info->shape[i];
    if (nbytes) *nbytes = info->nbytes;
}

CI_API ci_result ci_npy_parse(const void *buf, size_t len, ci_dtype *dtype, int *ndim,
                              int64_t *shape, void **data, size_t *nbytes, char *err,
                              size_t errsz) {
    ci__npy_info info;
    ci_result r;
    void *copy;
    if (err && errsz) err[0] = 0;
    if (data) *data = NULL;
    if (!buf && len)
        return ci__npy_fail(CI_ERR_INVALID_ARGS, err, errsz, "ci_npy_parse: NULL buffer");
    r = ci__npy_header((const unsigned char *)buf, len, &info, err, errsz);
    if (r == CI_OK) r = ci__npy_check_data(&info, len, err, errsz);
    if (r != CI_OK) return r;
    if (data) {
        copy = malloc(info.nbytes ? info.nbytes : 1);
        if (!copy)
            return ci__npy_fail(CI_ERR_OUT_OF_MEMORY, err, errsz, "out of memory (%lu bytes)",
                                (unsigned long)info.nbytes);
        if (info.nbytes) memcpy(copy, (const unsigned char *)buf + info.data_offset, info.nbytes);
        ci__npy_to_host(copy, info.nbytes, info.dtype);
        *data = copy;
    }
    ci__npy_result(&info, dtype, ndim, shape, nbytes);
    return CI_OK;
}

CI_API void ci_npy_free(void *data) { free(data); }

/* ---- bounded reading: no file or stream is read past a limit (ci_ctx_desc.max_read) ---- */
static uint64_t ci__npy_limit(uint64_t max_read) {
    uint64_t l = max_read ? max_read : CI_DEFAULT_MAX_READ;
    return l > (uint64_t)(SIZE_MAX / 2) ? (uint64_t)(SIZE_MAX / 2) : l;  /* room for l + 2 bytes */
}

static void ci__npy_too_big(char *err, size_t errsz, const char *path, uint64_t limit) {
    ci__npy_err(err, errsz, "%s: larger than the read limit of %llu bytes", path,
                (unsigned long long)limit);
}

static const ci_allocator *ci__npy_malloc_allocator(void) {
    static const ci_allocator a = {ci__util_default_alloc, ci__util_default_free, NULL};
    return &a;
}

/* The whole of F into one block from A of *outcap bytes (NUL-terminated for text readers), at
   most LIMIT bytes: a longer file or stream is refused after reading LIMIT + 1 bytes, so a pipe
   or /dev/zero ends. TEXT: stop after the chunk holding a NUL byte; the .cig lexer refuses
   that byte wherever it is, so the rest cannot matter. Messages name PATH. */
static ci_result ci__npy_slurp(FILE *f, const char *path, uint64_t limit, const ci_allocator *a,
                               int text, unsigned char **out, size_t *outlen, size_t *outcap,
                               char *err, size_t errsz) {
    size_t cap = 1 << 16, n = 0, got, want;
    unsigned char *buf, *nb;
    limit = ci__npy_limit(limit);
    if ((uint64_t)cap > limit + 2) cap = (size_t)limit + 2;
    buf = (unsigned char *)a->alloc(cap, a->user);
    if (!buf) goto oom;
    for (;;) {
        if (n + 1 >= cap) {   /* no realloc in ci_allocator: a new block and a copy */
            size_t ncap = (uint64_t)cap * 2 > limit + 2 ? (size_t)limit + 2 : cap * 2;
            nb = (unsigned char *)a->alloc(ncap, a->user);
            if (!nb) { a->free(buf, cap, a->user); goto oom; }
            memcpy(nb, buf, n);
            a->free(buf, cap, a->user);
            buf = nb;
            cap = ncap;
        }
        want = cap - 1 - n;
        got = fread(buf + n, 1, want, f);
        if (text && got && memchr(buf + n, 0, got)) { n += got; break; }
        n += got;
        if ((uint64_t)n > limit) {
            a->free(buf, cap, a->user);
            ci__npy_too_big(err, errsz, path, limit);
            return CI_ERR_IO;
        }
        if (got < want) break;
    }
    if (ferror(f)) {
        a->free(buf, cap, a->user);
        return ci__npy_fail(CI_ERR_IO, err, errsz, "%s: read error", path);
    }
    buf[n] = 0;
    *out = buf;
    *outlen = n;
    *outcap = cap;
    return CI_OK;
oom:
    return ci__npy_fail(CI_ERR_OUT_OF_MEMORY, err, errsz, "%s: out of memory", path);
}

/* the whole file at PATH (see ci__npy_slurp), with a message naming the path on failure */
static ci_result ci__npy_read_file(const char *path, uint64_t limit, const ci_allocator *a,
                                   int text, unsigned char **buf, size_t *len, size_t *cap,
                                   char *err, size_t errsz) {
    FILE *f = fopen(path, "rb");
    ci_result r;
    if (!f)
        return ci__npy_fail(CI_ERR_IO, err, errsz, "%s: cannot open: %s", path, strerror(errno));
    r = ci__npy_slurp(f, path, limit, a, text, buf, len, cap, err, errsz);
    fclose(f);
    return r;
}

/* Reads NEED more bytes of F into *buf (a block from A of *cap bytes whose first HAVE bytes are
   kept), growing the block as bytes arrive (16 MiB, then doubling, never past HAVE + NEED): a
   file shorter than its header claims costs only what it holds. Returns the bytes read, or
   (size_t)-1 when out of memory (*buf is then freed). */
static size_t ci__npy_read_n(FILE *f, const ci_allocator *a, unsigned char **buf, size_t *cap,
                             size_t have, size_t need) {
    size_t end = have + need, pos = have, got, want;
    for (;;) {
        if (pos == *cap && pos < end) {   /* end <= SIZE_MAX / 2 (ci__npy_limit): no overflow */
            size_t ncap = *cap > ((size_t)16 << 20) ? *cap * 2 : *cap + ((size_t)16 << 20);
            unsigned char *nb;
            if (ncap > end) ncap = end;
            nb = (unsigned char *)a->alloc(ncap, a->user);
            if (!nb) {
                if (*buf) a->free(*buf, *cap, a->user);
                *buf = NULL;
                return (size_t)-1;
            }
            if (pos) memcpy(nb, *buf, pos);
            if (*buf) a->free(*buf, *cap, a->user);
            *buf = nb;
            *cap = ncap;
        }
        if (pos == end) break;
        want = (*cap < end ? *cap : end) - pos;
        got = fread(*buf + pos, 1, want, f);
        pos += got;
        if (got < want) break;   /* the end of the file, or an error */
    }
    return pos - have;
}

/* A .npy file read in order: the prelude, the header it announces, then exactly the bytes of
   data the header's shape needs, into one block from A (*cap bytes, at least 1). Nothing is
   read past the data but a probe for extra bytes; a header or data past LIMIT is refused
   before it is read, a short file is "truncated", bytes after the data are an error (as in
   ci_npy_parse). */
static ci_result ci__npy_read_a(const char *path, uint64_t limit, const ci_allocator *a,
                                ci__npy_info *info, void **data, size_t *cap, char *err,
                                size_t errsz) {
    unsigned char pre[12], *hdr = NULL, *d = NULL, extra[4096];
    size_t n, plen, hlen = 0, hcap = 0, got;
    FILE *f;
    ci_result r = CI_OK;
    char msg[512];
    *data = NULL;
    *cap = 0;
    limit = ci__npy_limit(limit);
    f = fopen(path, "rb");
    if (!f)
        return ci__npy_fail(CI_ERR_IO, err, errsz, "%s: cannot open: %s", path, strerror(errno));
    n = fread(pre, 1, 10, f);
    plen = n;
    if (n == 10 && !memcmp(pre, "\x93NUMPY", 6) && (pre[6] == 2 || pre[6] == 3))
        plen += fread(pre + 10, 1, 2, f);
    if (plen >= 10 && !memcmp(pre, "\x93NUMPY", 6)) {
        if (pre[6] == 1) hlen = (size_t)pre[8] | (size_t)pre[9] << 8;
        else if (plen == 12)
            hlen = (size_t)pre[8] | (size_t)pre[9] << 8 | (size_t)pre[10] << 16 |
                   (size_t)pre[11] << 24;
    }
    if ((uint64_t)plen + hlen > limit) {
        ci__npy_too_big(err, errsz, path, limit);
        fclose(f);
        return CI_ERR_IO;
    }
    hcap = plen ? plen : 1;
    hdr = (unsigned char *)a->alloc(hcap, a->user);
    if (!hdr) {
        r = CI_ERR_OUT_OF_MEMORY;
        ci__npy_err(err, errsz, "%s: out of memory", path);
        goto done;
    }
    memcpy(hdr, pre, plen);
    n = ci__npy_read_n(f, a, &hdr, &hcap, plen, hlen);
    if (n == (size_t)-1) {
        r = CI_ERR_OUT_OF_MEMORY;
        ci__npy_err(err, errsz, "%s: out of memory", path);
        goto done;
    }
    r = ci__npy_header(hdr, plen + n, info, msg, sizeof msg);
    if (r != CI_OK) { ci__npy_err(err, errsz, "%s: %s", path, msg); goto done; }
    if ((uint64_t)info->data_offset + info->nbytes > limit) {
        ci__npy_too_big(err, errsz, path, limit);
        r = CI_ERR_IO;
        goto done;
    }
    *cap = 0;
    got = ci__npy_read_n(f, a, &d, cap, 0, info->nbytes);
    if (got != (size_t)-1 && !d) {   /* 0 bytes: still a block, never NULL */
        d = (unsigned char *)a->alloc(1, a->user);
        *cap = 1;
    }
    *data = d;
    if (got == (size_t)-1 || !d) {
        ci__npy_err(err, errsz, "%s: out of memory (%lu bytes)", path, (unsigned long)info->nbytes);
        r = CI_ERR_OUT_OF_MEMORY;
        goto done;
    }
    if (got < info->nbytes && ferror(f)) {
        ci__npy_err(err, errsz, "%s: read error", path);
        r = CI_ERR_IO;
    } else if (got < info->nbytes) {
        ci__npy_err(err, errsz, "%s: truncated .npy data: the shape needs %lu bytes, %lu present",
                    path, (unsigned long)info->nbytes, (unsigned long)got);
        r = CI_ERR_PARSE;
    } else if ((got = fread(extra, 1, sizeof extra, f)) > 0) {
        if (got < sizeof extra)
            ci__npy_err(err, errsz, "%s: %lu extra byte(s) after the data the shape describes",
                        path, (unsigned long)got);
        else
            ci__npy_err(err, errsz,
                        "%s: %lu or more extra bytes after the data the shape describes", path,
                        (unsigned long)sizeof extra);
        r = CI_ERR_PARSE;
    } else if (ferror(f)) {
        ci__npy_err(err, errsz, "%s: read error", path);
        r = CI_ERR_IO;
    }
    if (r != CI_OK) { a->free(*data, *cap, a->user); *data = NULL; }
    else ci__npy_to_host(*data, info->nbytes, info->dtype);
done:
    if (hdr) a->free(hdr, hcap, a->user);
    fclose(f);
    return r;
}

CI_API ci_result ci_npy_read_ex(const char *path, uint64_t max_read, ci_dtype *dtype, int *ndim,
                                int64_t *shape, void **data, size_t *nbytes, char *err,
                                size_t errsz) {
    ci__npy_info info;
    ci_result r;
    void *buf = NULL;
    size_t cap = 0;
    if (err && errsz) err[0] = 0;
    if (data) *data = NULL;
    if (!path)
        return ci__npy_fail(CI_ERR_INVALID_ARGS, err, errsz, "ci_npy_read: NULL path");
    r = ci__npy_read_a(path, max_read, ci__npy_malloc_allocator(), &info, &buf, &cap, err, errsz);
    if (r != CI_OK) return r;
    if (data) *data = buf;
    else free(buf);
    ci__npy_result(&info, dtype, ndim, shape, nbytes);
    return CI_OK;
}

CI_API ci_result ci_npy_read(const char *path, ci_dtype *dtype, int *ndim, int64_t *shape,
                             void **data, size_t *nbytes, char *err, size_t errsz) {
    return ci_npy_read_ex(path, 0, dtype, ndim, shape, data, nbytes, err, errsz);
}

CI_API ci_result ci_npy_write(const char *path, ci_dtype dt, int ndim, const int64_t *shape,
                              const void *data, char *err, size_t errsz) {
    char header[96 + CI_MAX_DIMS * 24];
    unsigned char prelude[12];
    const char *descr = (dt > CI_DTYPE_INVALID && dt < CI_DTYPE_COUNT) ? ci__npy_descr(dt) : NULL;
    size_t n, count = 1, item, nbytes, plen, total;
    int i, ok;
    FILE *f;
    if (err && errsz) err[0] = 0;
    if (!path || (ndim > 0 && !shape) || ndim < 0 || ndim > CI_MAX_DIMS)
        return ci__npy_fail(CI_ERR_INVALID_ARGS, err, errsz, "ci_npy_write: bad arguments");
    if (!descr)
        return ci__npy_fail(CI_ERR_UNSUPPORTED, err, errsz, "%s: dtype %s has no .npy spelling",
                            path, ci_dtype_name(dt));
    item = ci_dtype_size(dt);
    for (i = 0; i < ndim; i++) {
        if (shape[i] < 0)
            return ci__npy_fail(CI_ERR_INVALID_ARGS, err, errsz, "%s: negative dimension", path);
        if (shape[i] && (uint64_t)shape[i] > (uint64_t)SIZE_MAX / item / (count ? count : 1))
            return ci__npy_fail(CI_ERR_INVALID_ARGS, err, errsz, "%s: shape too large", path);
        count *= (size_t)shape[i];
    }
    nbytes = count * item;
    if (nbytes && !data)
        return ci__npy_fail(CI_ERR_INVALID_ARGS, err, errsz, "ci_npy_write: NULL data");
    n = (size_t)sprintf(header, "{'descr': '%s', 'fortran_order': False, 'shape': (", descr);
    for (i = 0; i < ndim; i++)
        n += (size_t)sprintf(header + n, i ? ", %lld" : "%lld", (long long)shape[i]);
    n += (size_t)sprintf(header + n, "%s), }", ndim == 1 ? "," : "");
    /* pad with spaces and a final '\n' so the data starts on a 64-byte boundary, as numpy does;
       a header this small always fits format 1.0 */
    plen = 10;
    total = (plen + n + 1 + 63) / 64 * 64;
    while (plen + n + 1 < total) header[n++] = ' ';
    header[n++] = '\n';
    memcpy(prelude, "\x93NUMPY\x01\x00", 8);
    prelude[8] = (unsigned char)(n & 0xff);
    prelude[9] = (unsigned char)(n >> 8);
    f = fopen(path, "wb");
    if (!f)
        return ci__npy_fail(CI_ERR_IO, err, errsz, "%s: cannot create: %s", path, strerror(errno));
    ok = fwrite(prelude, 1, plen, f) == plen && fwrite(header, 1, n, f) == n;
    if (ok && nbytes) {
        if (ci__npy_host_le()) {
            ok = fwrite(data, 1, nbytes, f) == nbytes;
        } else {
            unsigned char chunk[4096];
            size_t off = 0, step = sizeof chunk / item * item;
            while (ok && off < nbytes) {
                size_t m = nbytes - off < step ? nbytes - off : step;
                memcpy(chunk, (const unsigned char *)data + off, m);
                ci__npy_swap(chunk, m, item);
                ok = fwrite(chunk, 1, m, f) == m;
                off += m;
            }
        }
    }
    if (fclose(f) != 0) ok = 0;
    if (!ok) {
        ci__npy_err(err, errsz, "%s: write error: %s", path, strerror(errno));
        remove(path);
        return CI_ERR_IO;
    }
    return CI_OK;
}

/* =================================================================================================
   >>cig  the .cig text format -> a graph, through the public builders
   =================================================================================================
   Owns ci_cig_parse*: a hand-written lexer (ci__cig_next: names with dots, numbers, strings,
   punctuation, newlines; newlines inside () and [] are skipped so long calls may wrap) and a
   recursive-descent parser with one statement per line: input / const / calls / output. It only
   calls the public API (ci_input, ci_const_array, ci_call, ci_output), exactly what a C user
   would write, so a .cig file and the equivalent C build the same graph. Names live in an open
   addressing table (ci__cig_sym) keyed by their text; strings, lists and argument arrays of one
   statement live in a scratch arena reset per statement (ci_call copies what it keeps). Errors
   longjmp to ci__cig_run with "FILE:LINE:COL: error: MSG" already written; all memory is in the
   two arenas or in P->pending, so failure frees everything; all of it comes from the graph's
   context's allocator (ci__malloc). A NUL byte is an error anywhere, so readers may stop at one.
   The text is bounded by len, never NUL-terminated; list nesting is bounded by the declared rank
   (const) or 1 (arguments), and a const may not exceed CI__CIG_MAX_CONST_BYTES, so any input
   terminates without crashing.
*/

#define CI__CIG_MAX_OUTS 64
/* printf arguments for "%.*s" of a token, at most 64 characters */
#define CI__CIG_SPAN(t) ((t)->n > 64 ? 64 : (int)(t)->n), (t)->p
#define CI__CIG_MAX_CONST_BYTES ((size_t)1 << 28)

enum { CI__CIG_EOF, CI__CIG_NL, CI__CIG_NAME, CI__CIG_INT, CI__CIG_FLOAT, CI__CIG_STR,
       CI__CIG_PUNCT };

typedef struct ci__cig_tok {
    int kind;
    const char *p;      /* span in the text */
    size_t n;
    int line, col;
    char c;             /* CI__CIG_PUNCT: the character */
} ci__cig_tok;

typedef struct ci__cig_block {
    struct ci__cig_block *next;
    size_t used, cap;
} ci__cig_block;

typedef struct ci__cig_sym {
    const char *name;   /* NULL = empty slot */
    size_t n;
    ci_tensor t;
    int line;
} ci__cig_sym;

struct ci__cig_num {  /* a number as written: integers keep all 64 bits */
    int is_float, is_bool;
    int64_t i;
    double f;
};

struct ci__cig_parser {
    ci_graph *g;
    const char *text, *file, *basedir;
    size_t len, pos;
    int line, col, depth;
    ci__cig_tok tok;
    char *err;
    size_t errsz;
    ci_result rc;
    jmp_buf jb;
    ci__cig_block *names, *scratch;
    ci__cig_sym *syms;
    size_t nsyms, symcap;
    void *pending;      /* a block to free on failure (a loaded .npy), pending_cap bytes */
    size_t pending_cap;
    int ninputs, saw_output;
    void (*on_input)(void *user, int index, const char *name, ci_dtype dt, int ndim,
                     const int64_t *shape);
    void *user;
};

typedef struct ci__cig_type {
    ci_dtype dt;
    int ndim;
    int64_t shape[CI_MAX_DIMS];
    size_t count;       /* number of elements */
} ci__cig_type;

#if defined(__GNUC__) || defined(__clang__)
static void ci__cig_fail(ci__cig_parser *P, int line, int col, ci_result rc, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 5, 6)));
#endif
static void ci__cig_fail(ci__cig_parser *P, int line, int col, ci_result rc, const char *fmt, ...) {
    va_list ap;
    if (P->err && P->errsz) {
        int n = snprintf(P->err, P->errsz, "%s:%d:%d: error: ", P->file, line, col);
        if (n >= 0 && (size_t)n < P->errsz) {
            va_start(ap, fmt);
            vsnprintf(P->err + n, P->errsz - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    P->rc = rc;
    longjmp(P->jb, 1);
}

/* ---- memory: arenas of malloc'ed blocks, 16-byte aligned ---- */
#define CI__CIG_HDR ((sizeof(ci__cig_block) + 15) & ~(size_t)15)

static void *ci__cig_alloc(ci__cig_parser *P, ci__cig_block **arena, size_t n) {
    ci__cig_block *b = *arena;
    n = (n + 15) & ~(size_t)15;
    if (!b || b->cap - b->used < n) {
        size_t cap = n > 65536 ? n : 65536;
        if (cap > SIZE_MAX - CI__CIG_HDR) cap = 0;
        b = cap ? (ci__cig_block *)ci__malloc(P->g->ctx, CI__CIG_HDR + cap) : NULL;
        if (!b) ci__cig_fail(P, P->tok.line, P->tok.col, CI_ERR_OUT_OF_MEMORY, "out of memory");
        b->used = 0;
        b->cap = cap;
        if (*arena && n > 65536) {  /* a big one-off block goes second, keeping the open one */
            b->next = (*arena)->next;
            (*arena)->next = b;
        } else {
            b->next = *arena;
            *arena = b;
        }
    }
    b->used += n;
    return (char *)b + CI__CIG_HDR + b->used - n;
}

static void ci__cig_arena_free(ci__cig_parser *P, ci__cig_block **arena) {
    while (*arena) {
        ci__cig_block *next = (*arena)->next;
        ci__mfree(P->g->ctx, *arena, CI__CIG_HDR + (*arena)->cap);
        *arena = next;
    }
}

static void ci__cig_drop_pending(ci__cig_parser *P) {
    ci__mfree(P->g->ctx, P->pending, P->pending_cap);
    P->pending = NULL;
    P->pending_cap = 0;
}

/* grows *v (elements of size elem, capacity *cap) in the scratch arena to hold need elements */
static void ci__cig_grow(ci__cig_parser *P, void **v, size_t *cap, size_t elem, size_t need) {
    size_t ncap;
    void *nv;
    if (need <= *cap) return;
    ncap = *cap ? *cap * 2 : 8;
    if (ncap < need) ncap = need;
    if (ncap > SIZE_MAX / 2 / elem)
        ci__cig_fail(P, P->tok.line, P->tok.col, CI_ERR_OUT_OF_MEMORY, "out of memory");
    nv = ci__cig_alloc(P, &P->scratch, ncap * elem);
    if (*cap) memcpy(nv, *v, *cap * elem);
    *v = nv;
    *cap = ncap;
}

static char *ci__cig_strdup(ci__cig_parser *P, ci__cig_block **arena, const char *s, size_t n) {
    char *d = (char *)ci__cig_alloc(P, arena, n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

/* ---- the lexer ---- */
static int ci__cig_is_alpha(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int ci__cig_is_digit(int c) { return c >= '0' && c <= '9'; }
static int ci__cig_is_alnum(int c) { return ci__cig_is_alpha(c) || ci__cig_is_digit(c); }

static int ci__cig_at(const ci__cig_parser *P, size_t i) {
    return i < P->len ? (unsigned char)P->text[i] : -1;
}

static void ci__cig_adv(ci__cig_parser *P, size_t n) {
    P->pos += n;
    P->col += (int)n;
}

static void ci__cig_next(ci__cig_parser *P) {
    ci__cig_tok *t = &P->tok;
    int c;
    for (;;) {
        c = ci__cig_at(P, P->pos);
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            ci__cig_adv(P, 1);
        } else if (c == '#') {
            while (P->pos < P->len && P->text[P->pos] != '\n') {
                if (!P->text[P->pos])   /* text has no NUL anywhere: readers may stop at one */
                    ci__cig_fail(P, P->line, P->col, CI_ERR_PARSE,
                                 "unexpected byte 0x00 in a comment");
                ci__cig_adv(P, 1);
            }
        } else if (c == '\\' &&
                   (ci__cig_at(P, P->pos + 1) == '\n' ||
                    (ci__cig_at(P, P->pos + 1) == '\r' && ci__cig_at(P, P->pos + 2) == '\n'))) {
            /* a line continuation, with LF or CRLF line ends */
            P->pos += ci__cig_at(P, P->pos + 1) == '\r' ? 3 : 2;
            P->line++;
            P->col = 1;
        } else if (c == '\n' && P->depth > 0) {
            P->pos++;
            P->line++;
            P->col = 1;
        } else {
            break;
        }
    }
    t->p = P->text + P->pos;
    t->line = P->line;
    t->col = P->col;
    t->n = 0;
    t->c = 0;
    if (c < 0) { t->kind = CI__CIG_EOF; return; }
    if (c == '\n') {
        t->kind = CI__CIG_NL;
        t->n = 1;
        P->pos++;
        P->line++;
        P->col = 1;
        return;
    }
    if (ci__cig_is_alpha(c)) {   /* names, dotted names (aten.add.Tensor) */
        size_t i = P->pos;
        for (;;) {
            while (ci__cig_is_alnum(ci__cig_at(P, i))) i++;
            if (ci__cig_at(P, i) == '.' && ci__cig_is_alpha(ci__cig_at(P, i + 1))) i++;
            else break;
        }
        t->kind = CI__CIG_NAME;
        t->n = i - P->pos;
        ci__cig_adv(P, t->n);
        return;
    }
    if (ci__cig_is_digit(c) || (c == '.' && ci__cig_is_digit(ci__cig_at(P, P->pos + 1)))) {
        size_t i = P->pos;
        int is_float = 0;
        while (ci__cig_is_digit(ci__cig_at(P, i))) i++;
        if (ci__cig_at(P, i) == '.') {
            is_float = 1;
            i++;
            while (ci__cig_is_digit(ci__cig_at(P, i))) i++;
        }
        if (ci__cig_at(P, i) == 'e' || ci__cig_at(P, i) == 'E') {
            size_t j = i + 1;
            if (ci__cig_at(P, j) == '+' || ci__cig_at(P, j) == '-') j++;
            if (ci__cig_is_digit(ci__cig_at(P, j))) {
                while (ci__cig_is_digit(ci__cig_at(P, j))) j++;
                i = j;
                is_float = 1;
            }
        }
        if (ci__cig_is_alnum(ci__cig_at(P, i)) || ci__cig_at(P, i) == '.')
            ci__cig_fail(P, t->line, t->col, CI_ERR_PARSE, "malformed number");
        t->kind = is_float ? CI__CIG_FLOAT : CI__CIG_INT;
        t->n = i - P->pos;
        ci__cig_adv(P, t->n);
        return;
    }
    if (c == '"' || c == '\'') {
        size_t i = P->pos + 1;
        int d;
        for (;;) {
            d = ci__cig_at(P, i);
            if (d < 0 || d == '\n')
                ci__cig_fail(P, t->line, t->col, CI_ERR_PARSE, "unterminated string");
            if (d == c) break;
            if (d == '\\') {
                int e = ci__cig_at(P, i + 1);
                if (e != '\\' && e != '"' && e != '\'' && e != 'n' && e != 't' && e != 'r')
                    ci__cig_fail(P, P->line, P->col + (int)(i - P->pos), CI_ERR_PARSE,
                                 "unknown escape sequence in string");
                i++;
            } else if (d == 0) {
                ci__cig_fail(P, P->line, P->col + (int)(i - P->pos), CI_ERR_PARSE,
                             "NUL byte in string");
            }
            i++;
        }
        t->kind = CI__CIG_STR;
        t->n = i + 1 - P->pos;
        ci__cig_adv(P, t->n);
        return;
    }
    if (strchr("=,:[]()-+", c) && c != 0) {
        t->kind = CI__CIG_PUNCT;
        t->c = (char)c;
        t->n = 1;
        if (c == '(' || c == '[') P->depth++;
        if ((c == ')' || c == ']') && P->depth > 0) P->depth--;
        ci__cig_adv(P, 1);
        return;
    }
    if (c >= 0x21 && c < 0x7f)
        ci__cig_fail(P, t->line, t->col, CI_ERR_PARSE, "unexpected character '%c'", c);
    ci__cig_fail(P, t->line, t->col, CI_ERR_PARSE, "unexpected byte 0x%02X", (unsigned)c);
}

/* the token after the current one, without consuming anything */
static ci__cig_tok ci__cig_peek(ci__cig_parser *P) {
    ci__cig_tok save = P->tok, next;
    size_t pos = P->pos;
    int line = P->line, col = P->col, depth = P->depth;
    ci__cig_next(P);
    next = P->tok;
    P->tok = save;
    P->pos = pos;
    P->line = line;
    P->col = col;
    P->depth = depth;
    return next;
}

static int ci__cig_is(const ci__cig_tok *t, const char *word) {
    size_t n = strlen(word);
    return t->kind == CI__CIG_NAME && t->n == n && !memcmp(t->p, word, n);
}

static int ci__cig_punct(const ci__cig_tok *t, char c) {
    return t->kind == CI__CIG_PUNCT && t->c == c;
}

/* a printable description of the current token, for "expected X, got Y" */
static const char *ci__cig_desc(ci__cig_parser *P, char *buf, size_t cap) {
    const ci__cig_tok *t = &P->tok;
    switch (t->kind) {
    case CI__CIG_EOF: return "end of file";
    case CI__CIG_NL: return "end of line";
    case CI__CIG_STR: return "a string";
    case CI__CIG_PUNCT: snprintf(buf, cap, "'%c'", t->c); return buf;
    default:
        snprintf(buf, cap, "'%.*s%s'", t->n > 40 ? 40 : (int)t->n, t->p, t->n > 40 ? "..." : "");
        return buf;
    }
}

static void ci__cig_expect(ci__cig_parser *P, char c, const char *what) {
    char buf[64];
    if (!ci__cig_punct(&P->tok, c))
        ci__cig_fail(P, P->tok.line, P->tok.col, CI_ERR_PARSE, "expected %s, got %s", what,
                     ci__cig_desc(P, buf, sizeof buf));
    ci__cig_next(P);
}

/* after a list element: a ',' (taken) or the list's closing punctuation (left for the caller) */
static void ci__cig_comma(ci__cig_parser *P, char close) {
    char buf[64];
    if (ci__cig_punct(&P->tok, ',')) ci__cig_next(P);
    else if (!ci__cig_punct(&P->tok, close))
        ci__cig_fail(P, P->tok.line, P->tok.col, CI_ERR_PARSE, "expected ',' or '%c', got %s",
                     close, ci__cig_desc(P, buf, sizeof buf));
}

/* ---- names ---- */
static uint64_t ci__cig_hash(const char *s, size_t n) {
    uint64_t h = 1469598103934665603ull;
    size_t i;
    for (i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static ci__cig_sym *ci__cig_lookup(ci__cig_parser *P, const char *s, size_t n) {
    size_t i;
    if (!P->symcap) return NULL;
    i = (size_t)ci__cig_hash(s, n) & (P->symcap - 1);
    while (P->syms[i].name) {
        if (P->syms[i].n == n && !memcmp(P->syms[i].name, s, n)) return &P->syms[i];
        i = (i + 1) & (P->symcap - 1);
    }
    return NULL;
}

/* the name of the current token, checked as a new definition */
static void ci__cig_check_new_name(ci__cig_parser *P, const ci__cig_tok *t) {
    static const char *const reserved[] = {"True", "False", "None", "inf", "nan"};
    ci__cig_sym *s;
    size_t i;
    char buf[64];
    if (t->kind != CI__CIG_NAME)
        ci__cig_fail(P, t->line, t->col, CI_ERR_PARSE, "expected a name, got %s",
                     ci__cig_desc(P, buf, sizeof buf));
    if (memchr(t->p, '.', t->n))
        ci__cig_fail(P, t->line, t->col, CI_ERR_PARSE, "'%.*s' is not a valid name (no dots)",
                     CI__CIG_SPAN(t));
    for (i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        if (ci__cig_is(t, reserved[i]))
            ci__cig_fail(P, t->line, t->col, CI_ERR_PARSE, "'%s' is reserved", reserved[i]);
    s = ci__cig_lookup(P, t->p, t->n);
    if (s)
        ci__cig_fail(P, t->line, t->col, CI_ERR_PARSE, "'%.*s' is already defined (line %d)",
                     CI__CIG_SPAN(t), s->line);
}

static void ci__cig_define(ci__cig_parser *P, const ci__cig_tok *t, ci_tensor v) {
    size_t i;
    if (2 * (P->nsyms + 1) > P->symcap) {
        size_t ncap = P->symcap ? P->symcap * 2 : 64, j;
        ci__cig_sym *ns = (ci__cig_sym *)ci__malloc(P->g->ctx, ncap * sizeof *ns);
        if (!ns) ci__cig_fail(P, t->line, t->col, CI_ERR_OUT_OF_MEMORY, "out of memory");
        memset(ns, 0, ncap * sizeof *ns);
        for (j = 0; j < P->symcap; j++)
            if (P->syms[j].name) {
                i = (size_t)ci__cig_hash(P->syms[j].name, P->syms[j].n) & (ncap - 1);
                while (ns[i].name) i = (i + 1) & (ncap - 1);
                ns[i] = P->syms[j];
            }
        ci__mfree(P->g->ctx, P->syms, P->symcap * sizeof *ns);
        P->syms = ns;
        P->symcap = ncap;
    }
    i = (size_t)ci__cig_hash(t->p, t->n) & (P->symcap - 1);
    while (P->syms[i].name) i = (i + 1) & (P->symcap - 1);
    P->syms[i].name = ci__cig_strdup(P, &P->names, t->p, t->n);
    P->syms[i].n = t->n;
    P->syms[i].t = v;
    P->syms[i].line = t->line;
    P->nsyms++;
}

/* the graph's sticky error, pinned to the line that caused it */
static void ci__cig_check_graph(ci__cig_parser *P, int line, int col, ci_tensor t,
                                const char *what) {
    ci_result r = ci_graph_status(P->g);
    if (t.id != 0 && r == CI_OK) return;
    {
        const char *m = ci_graph_message(P->g);
        ci__cig_fail(P, line, col, r != CI_OK ? r : CI_ERR_INVALID_ARGS, "%s",
                     m && m[0] ? m : what);
    }
}

/* ---- numbers ---- */
static ci__cig_num ci__cig_number(ci__cig_parser *P, int neg) {
    ci__cig_tok t = P->tok;
    ci__cig_num v;
    char buf[512];
    memset(&v, 0, sizeof v);
    if (t.kind == CI__CIG_INT) {
        uint64_t m = 0;
        size_t i;
        for (i = 0; i < t.n; i++) {
            unsigned d = (unsigned)(t.p[i] - '0');
            if (m > (UINT64_MAX - d) / 10) { m = UINT64_MAX; break; }
            m = m * 10 + d;
        }
        if (m > (uint64_t)INT64_MAX + (neg ? 1u : 0u))
            ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "integer out of the range of i64");
        v.i = neg ? (int64_t)(0 - m) : (int64_t)m;
        v.f = (double)v.i;
    } else if (t.kind == CI__CIG_FLOAT) {
        if (t.n >= sizeof buf)
            ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "number literal too long");
        memcpy(buf, t.p, t.n);
        buf[t.n] = 0;
        v.is_float = 1;
        v.f = strtod(buf, NULL);
        if (neg) v.f = -v.f;
    } else if (ci__cig_is(&t, "inf")) {
        v.is_float = 1;
        v.f = strtod(neg ? "-inf" : "inf", NULL);   /* no HUGE_VAL/NAN: tcc's math.h */
    } else if (ci__cig_is(&t, "nan") && !neg) {
        v.is_float = 1;
        v.f = strtod("nan", NULL);
    } else if ((ci__cig_is(&t, "True") || ci__cig_is(&t, "False")) && !neg) {
        v.is_bool = 1;
        v.i = ci__cig_is(&t, "True");
        v.f = (double)v.i;
    } else {
        char d[64];
        ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "expected a number, got %s",
                     ci__cig_desc(P, d, sizeof d));
    }
    ci__cig_next(P);
    return v;
}

static int ci__cig_starts_number(const ci__cig_tok *t) {
    return t->kind == CI__CIG_INT || t->kind == CI__CIG_FLOAT || ci__cig_is(t, "inf") ||
           ci__cig_is(t, "nan") || ci__cig_is(t, "True") || ci__cig_is(t, "False") ||
           ci__cig_punct(t, '-') || ci__cig_punct(t, '+');
}

/* a number with an optional sign */
static ci__cig_num ci__cig_signed_number(ci__cig_parser *P) {
    int neg = 0;
    if (ci__cig_punct(&P->tok, '-') || ci__cig_punct(&P->tok, '+')) {
        neg = P->tok.c == '-';
        ci__cig_next(P);
    }
    return ci__cig_number(P, neg);
}

/* stores v as element i of a DT array, or fails naming the token at line:col */
static void ci__cig_store(ci__cig_parser *P, void *buf, size_t i, ci_dtype dt,
                          const ci__cig_num *v, int line, int col) {
    unsigned char *b = (unsigned char *)buf;
    int64_t lo = 0, hi = 0;
    if (dt == CI_F16 || dt == CI_BF16 || dt == CI_F32 || dt == CI_F64) {
        double d = v->is_float ? v->f : (double)v->i;
        if (dt == CI_F64) memcpy(b + 8 * i, &d, 8);
        else {
            float f = (float)d;
            if (dt == CI_F32) memcpy(b + 4 * i, &f, 4);
            else {
                uint16_t h = dt == CI_F16 ? ci__f2h(f) : ci__f2bf(f);  /* >>interp's conversions */
                memcpy(b + 2 * i, &h, 2);
            }
        }
        return;
    }
    if (v->is_float)
        ci__cig_fail(P, line, col, CI_ERR_PARSE, "float value in a constant of dtype %s",
                     ci_dtype_name(dt));
    switch (dt) {
    case CI_BOOL:
        lo = 0;
        hi = 1;
        break;
    case CI_U8:
        lo = 0;
        hi = 255;
        break;
    case CI_I8:
        lo = -128;
        hi = 127;
        break;
    case CI_I16:
        lo = -32768;
        hi = 32767;
        break;
    case CI_I32:
        lo = -2147483647 - 1;
        hi = 2147483647;
        break;
    default:
        lo = INT64_MIN;
        hi = INT64_MAX;
        break;
    }
    if (v->i < lo || v->i > hi)
        ci__cig_fail(P, line, col, CI_ERR_PARSE, "%lld is out of the range of %s",
                     (long long)v->i, ci_dtype_name(dt));
    switch (dt) {
    case CI_BOOL: case CI_U8: b[i] = (unsigned char)v->i; break;
    case CI_I8: {
        int8_t x = (int8_t)v->i;
        memcpy(b + i, &x, 1);
        break;
    }
    case CI_I16: {
        int16_t x = (int16_t)v->i;
        memcpy(b + 2 * i, &x, 2);
        break;
    }
    case CI_I32: {
        int32_t x = (int32_t)v->i;
        memcpy(b + 4 * i, &x, 4);
        break;
    }
    default: memcpy(b + 8 * i, &v->i, 8); break;
    }
}

/* ---- types: f32[2, 3], f32[] ---- */
static void ci__cig_type_parse(ci__cig_parser *P, ci__cig_type *ty) {
    char name[40], d[64];
    ci__cig_tok t = P->tok;
    uint64_t count = 1;
    int zero = 0;
    memset(ty, 0, sizeof *ty);
    if (t.kind != CI__CIG_NAME)
        ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "expected a dtype (f32, i64, ...), got %s",
                     ci__cig_desc(P, d, sizeof d));
    if (t.n < sizeof name) {
        memcpy(name, t.p, t.n);
        name[t.n] = 0;
        ty->dt = ci_dtype_from_name(name);
    }
    if (ty->dt <= CI_DTYPE_INVALID || ty->dt >= CI_DTYPE_COUNT)
        ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "unknown dtype '%.*s' (bool u8 i8 i16 i32 "
                     "i64 f16 bf16 f32 f64)", CI__CIG_SPAN(&t));
    ci__cig_next(P);
    ci__cig_expect(P, '[', "'[' after the dtype (f32[] for a 0-d tensor)");
    while (!ci__cig_punct(&P->tok, ']')) {
        ci__cig_num v;
        t = P->tok;
        if (t.kind != CI__CIG_INT)
            ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE,
                         "a dimension must be a non-negative integer, got %s",
                         ci__cig_desc(P, d, sizeof d));
        if (ty->ndim >= CI_MAX_DIMS)
            ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "more than %d dimensions", CI_MAX_DIMS);
        v = ci__cig_number(P, 0);
        ty->shape[ty->ndim++] = v.i;
        /* the non-zero dims' product must fit even when a dim is 0: strides are built from it */
        if (v.i == 0) zero = 1;
        else if ((uint64_t)v.i > (uint64_t)INT64_MAX / count) count = (uint64_t)INT64_MAX + 1;
        else count *= (uint64_t)v.i;
        ci__cig_comma(P, ']');
    }
    if (count > (uint64_t)INT64_MAX)
        ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "shape too large: its size overflows i64");
    ty->count = zero ? 0 : (count > (uint64_t)SIZE_MAX ? SIZE_MAX : (size_t)count);
    ci__cig_next(P);
}

/* ---- statements ---- */
static void ci__cig_input(ci__cig_parser *P) {
    ci__cig_tok name;
    ci__cig_type ty;
    ci_tensor t;
    char *s;
    ci__cig_next(P);                                   /* 'input' */
    name = P->tok;
    ci__cig_check_new_name(P, &name);
    ci__cig_next(P);
    ci__cig_expect(P, ':', "':' after the input's name");
    ci__cig_type_parse(P, &ty);
    s = ci__cig_strdup(P, &P->scratch, name.p, name.n);
    t = ci_input(P->g, s, ty.dt, ty.ndim, ty.shape);
    ci__cig_check_graph(P, name.line, name.col, t, "ci_input failed");
    ci__cig_define(P, &name, t);
    if (P->on_input) P->on_input(P->user, P->ninputs, s, ty.dt, ty.ndim, ty.shape);
    P->ninputs++;
}

/* one level of a nested const list; the current token is '[' */
static void ci__cig_const_list(ci__cig_parser *P, const ci__cig_type *ty, int level, void *buf,
                               size_t *idx) {
    int64_t count = 0;
    int line = P->tok.line, col = P->tok.col;
    char d[64];
    ci__cig_next(P);
    while (!ci__cig_punct(&P->tok, ']')) {
        if (count >= ty->shape[level])
            ci__cig_fail(P, P->tok.line, P->tok.col, CI_ERR_SHAPE,
                         "too many elements at depth %d: the shape says %lld", level + 1,
                         (long long)ty->shape[level]);
        if (level + 1 < ty->ndim) {
            if (!ci__cig_punct(&P->tok, '['))
                ci__cig_fail(P, P->tok.line, P->tok.col, CI_ERR_SHAPE,
                             "expected a list at depth %d (the shape has %d dimensions), got %s",
                             level + 2, ty->ndim, ci__cig_desc(P, d, sizeof d));
            ci__cig_const_list(P, ty, level + 1, buf, idx);
        } else {
            ci__cig_num v;
            int vl = P->tok.line, vc = P->tok.col;
            if (ci__cig_punct(&P->tok, '['))
                ci__cig_fail(P, vl, vc, CI_ERR_SHAPE,
                             "list nested deeper than the shape's %d dimensions", ty->ndim);
            v = ci__cig_signed_number(P);
            ci__cig_store(P, buf, (*idx)++, ty->dt, &v, vl, vc);
        }
        count++;
        ci__cig_comma(P, ']');
    }
    if (count != ty->shape[level])
        ci__cig_fail(P, line, col, CI_ERR_SHAPE,
                     "list has %lld elements at depth %d, the shape says %lld", (long long)count,
                     level + 1, (long long)ty->shape[level]);
    ci__cig_next(P);
}

/* decodes the string token T (quotes and escapes) into the scratch arena */
static char *ci__cig_string(ci__cig_parser *P, const ci__cig_tok *t) {
    char *s = (char *)ci__cig_alloc(P, &P->scratch, t->n);
    size_t i, n = 0;
    for (i = 1; i + 1 < t->n; i++) {
        char c = t->p[i];
        if (c == '\\') {
            c = t->p[++i];
            c = c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c;
        }
        s[n++] = c;
    }
    s[n] = 0;
    return s;
}

static const void *ci__cig_load(ci__cig_parser *P, const ci__cig_type *ty) {
    ci__cig_tok at;
    char *rel, *path, msg[600];
    ci__npy_info info;
    int ndim, i;
    int64_t *shape = info.shape;
    size_t blen;
    ci_result r;
    ci_dtype dt;
    ci__cig_next(P);                                  /* 'load' */
    ci__cig_expect(P, '(', "'(' after load");
    at = P->tok;
    if (at.kind != CI__CIG_STR)
        ci__cig_fail(P, at.line, at.col, CI_ERR_PARSE, "load() takes a file name in quotes");
    rel = ci__cig_string(P, &at);
    ci__cig_next(P);
    ci__cig_expect(P, ')', "')'");
    blen = P->basedir ? strlen(P->basedir) : 0;
    if (rel[0] == '/' || blen == 0) {
        path = rel;
    } else {
        size_t rlen = strlen(rel);
        path = (char *)ci__cig_alloc(P, &P->scratch, blen + rlen + 2);
        memcpy(path, P->basedir, blen);
        if (P->basedir[blen - 1] != '/') path[blen++] = '/';
        memcpy(path + blen, rel, rlen + 1);
    }
    r = ci__npy_read_a(path, P->g->ctx->desc.max_read, &P->g->ctx->desc.allocator, &info,
                       &P->pending, &P->pending_cap, msg, sizeof msg);
    if (r != CI_OK) ci__cig_fail(P, at.line, at.col, r, "load: %s", msg);
    dt = info.dtype;
    ndim = info.ndim;
    if (dt != ty->dt)
        ci__cig_fail(P, at.line, at.col, CI_ERR_DTYPE, "load: %s holds %s, the constant is %s",
                     path, ci_dtype_name(dt), ci_dtype_name(ty->dt));
    for (i = 0; i < ndim && ndim == ty->ndim; i++)
        if (shape[i] != ty->shape[i]) break;
    if (ndim != ty->ndim || i != ndim) {
        char a[200], b[200];
        size_t na = 0, nb = 0;
        for (i = 0; i < ndim; i++)
            na += (size_t)snprintf(a + na, sizeof a - na, i ? ", %lld" : "%lld",
                                   (long long)shape[i]);
        for (i = 0; i < ty->ndim; i++)
            nb += (size_t)snprintf(b + nb, sizeof b - nb, i ? ", %lld" : "%lld",
                                   (long long)ty->shape[i]);
        a[na] = 0;
        b[nb] = 0;
        ci__cig_fail(P, at.line, at.col, CI_ERR_SHAPE, "load: %s has shape [%s], the constant "
                     "is [%s]", path, a, b);
    }
    return P->pending;
}

static void ci__cig_const(ci__cig_parser *P) {
    ci__cig_tok name, vt;
    ci__cig_type ty;
    ci_tensor t;
    const void *data;
    size_t item, nbytes;
    ci__cig_next(P);                                   /* 'const' */
    name = P->tok;
    ci__cig_check_new_name(P, &name);
    ci__cig_next(P);
    ci__cig_expect(P, ':', "':' after the constant's name");
    ci__cig_type_parse(P, &ty);
    ci__cig_expect(P, '=', "'=' and the constant's value");
    vt = P->tok;
    item = ci_dtype_size(ty.dt);
    nbytes = ty.count <= CI__CIG_MAX_CONST_BYTES / item ? ty.count * item : SIZE_MAX;
    if (ci__cig_is(&vt, "load")) {
        data = ci__cig_load(P, &ty);
    } else {
        void *buf;
        if (nbytes > CI__CIG_MAX_CONST_BYTES)
            ci__cig_fail(P, vt.line, vt.col, CI_ERR_UNSUPPORTED, "constant too large for text "
                         "(over %lu bytes): use load(\"file.npy\")",
                         (unsigned long)CI__CIG_MAX_CONST_BYTES);
        if (ci__cig_punct(&vt, '[')) {
            size_t idx = 0;
            if (ty.ndim == 0)
                ci__cig_fail(P, vt.line, vt.col, CI_ERR_SHAPE,
                             "a 0-d constant takes a number, not a list");
            /* every element takes at least one byte of text: no allocation beyond that */
            if (ty.count > P->len - (size_t)(vt.p - P->text))
                ci__cig_fail(P, vt.line, vt.col, CI_ERR_SHAPE, "list is shorter than the "
                             "shape's %lu elements", (unsigned long)ty.count);
            buf = ci__cig_alloc(P, &P->scratch, nbytes ? nbytes : 1);
            ci__cig_const_list(P, &ty, 0, buf, &idx);
        } else if (ci__cig_starts_number(&vt)) {
            ci__cig_num v = ci__cig_signed_number(P);
            size_t i;
            buf = ci__cig_alloc(P, &P->scratch, nbytes ? nbytes : 1);
            if (ty.count) ci__cig_store(P, buf, 0, ty.dt, &v, vt.line, vt.col);
            for (i = 1; i < ty.count; i++) memcpy((char *)buf + i * item, buf, item);
        } else {
            char d[64];
            ci__cig_fail(P, vt.line, vt.col, CI_ERR_PARSE,
                         "expected a number, a list or load(\"file.npy\"), got %s",
                         ci__cig_desc(P, d, sizeof d));
        }
        data = buf;
    }
    t = ci_const_array(P->g, ci__cig_strdup(P, &P->scratch, name.p, name.n), ty.dt, ty.ndim,
                       ty.shape, data);
    ci__cig_drop_pending(P);
    ci__cig_check_graph(P, name.line, name.col, t, "ci_const_array failed");
    ci__cig_define(P, &name, t);
}

/* a tensor name in an argument: looked up, with "undefined" and "_" errors */
static ci_tensor ci__cig_use(ci__cig_parser *P, const ci__cig_tok *t) {
    ci__cig_sym *s = ci__cig_lookup(P, t->p, t->n);
    if (!s) {
        if (ci__cig_is(t, "_"))
            ci__cig_fail(P, t->line, t->col, CI_ERR_PARSE, "'_' discards a result; it cannot "
                         "be used");
        ci__cig_fail(P, t->line, t->col, CI_ERR_PARSE, "undefined name '%.*s'",
                     CI__CIG_SPAN(t));
    }
    return s->t;
}

/* dtype literal: f32, float32, torch.float32; invalid if T is none */
static ci_dtype ci__cig_dtype_literal(const ci__cig_tok *t) {
    char name[40];
    const char *p = t->p;
    size_t n = t->n;
    ci_dtype dt;
    if (n > 6 && !memcmp(p, "torch.", 6)) { p += 6; n -= 6; }
    if (n >= sizeof name || memchr(p, '.', n)) return CI_DTYPE_INVALID;
    memcpy(name, p, n);
    name[n] = 0;
    dt = ci_dtype_from_name(name);
    return dt > CI_DTYPE_INVALID && dt < CI_DTYPE_COUNT ? dt : CI_DTYPE_INVALID;
}

/* a list argument: ints (and bools) -> INTS, with a float -> FLOATS, names/None -> TENSORS */
static ci_arg ci__cig_list_arg_d(ci__cig_parser *P, int depth) {
    char close = P->tok.c == '[' ? ']' : ')';
    int nnum = 0, nten = 0, nfloat = 0;
    ci__cig_num *nums = NULL;
    ci_tensor *tens = NULL;
    size_t n = 0, ncap = 0, tcap = 0, i;
    char d[64];
    ci__cig_next(P);
    while (!ci__cig_punct(&P->tok, close)) {
        ci__cig_tok t = P->tok;
        if (n >= CI_MAX_LIST)
            ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "list too long: at most %d elements",
                         CI_MAX_LIST);
        if (ci__cig_punct(&t, '[') || ci__cig_punct(&t, '(')) {
            /* a nested list: every element becomes an argument of its own (CI_ARG_LIST) */
            if (nten) ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "list mixes tensors and lists");
            return ci__cig_nested_list(P, close, nums, n, depth);
        }
        if (t.kind == CI__CIG_NAME && !ci__cig_starts_number(&t)) {
            ci__cig_grow(P, (void **)&tens, &tcap, sizeof *tens, n + 1);
            if (ci__cig_is(&t, "None")) tens[n].id = 0;
            else tens[n] = ci__cig_use(P, &t);
            nten++;
            ci__cig_next(P);
        } else if (ci__cig_starts_number(&t)) {
            ci__cig_grow(P, (void **)&nums, &ncap, sizeof *nums, n + 1);
            nums[n] = ci__cig_signed_number(P);
            nfloat += nums[n].is_float;
            nnum++;
        } else {
            ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "a list argument holds numbers or "
                         "tensor names, got %s", ci__cig_desc(P, d, sizeof d));
        }
        if (nnum && nten)
            ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "list mixes tensors and numbers");
        n++;
        ci__cig_comma(P, close);
    }
    ci__cig_next(P);
    if (nten) return ci_arg_tensors(tens, (int)n);
    if (nfloat) {
        double *v = (double *)ci__cig_alloc(P, &P->scratch, (n ? n : 1) * sizeof(double));
        for (i = 0; i < n; i++) v[i] = nums[i].is_float ? nums[i].f : (double)nums[i].i;
        return ci_arg_floats(v, (int)n);
    } else {
        int64_t *v = (int64_t *)ci__cig_alloc(P, &P->scratch, (n ? n : 1) * sizeof(int64_t));
        for (i = 0; i < n; i++) v[i] = nums[i].i;
        return ci_arg_ints(v, (int)n);
    }
}

/* the rest of a list that turned out to hold lists: elements [0, ndone) were numbers already read
 */
static ci_arg ci__cig_nested_list(ci__cig_parser *P, char close, const ci__cig_num *done,
                                  size_t ndone, int depth) {
    ci_arg *v = NULL;
    size_t n = 0, cap = 0, i;
    char d[64];
    if (depth >= 32)
        ci__cig_fail(P, P->tok.line, P->tok.col, CI_ERR_PARSE, "lists nested too deeply");
    for (i = 0; i < ndone; i++) {
        ci__cig_grow(P, (void **)&v, &cap, sizeof *v, n + 1);
        v[n++] = done[i].is_bool    ? ci_arg_bool((int)done[i].i)
                 : done[i].is_float ? ci_arg_float(done[i].f)
                                    : ci_arg_int(done[i].i);
    }
    while (!ci__cig_punct(&P->tok, close)) {
        ci__cig_tok t = P->tok;
        ci__cig_grow(P, (void **)&v, &cap, sizeof *v, n + 1);
        if (ci__cig_punct(&t, '[') || ci__cig_punct(&t, '('))
            v[n] = ci__cig_list_arg_d(P, depth + 1);
        else if (ci__cig_starts_number(&t)) {
            ci__cig_num x = ci__cig_signed_number(P);
            v[n] = x.is_bool    ? ci_arg_bool((int)x.i)
                   : x.is_float ? ci_arg_float(x.f)
                                : ci_arg_int(x.i);
        } else
            ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE,
                         "a nested list holds numbers or lists, got %s",
                         ci__cig_desc(P, d, sizeof d));
        n++;
        if (n > CI_MAX_LIST)
            ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "list too long: at most %d elements",
                         CI_MAX_LIST);
        ci__cig_comma(P, close);
    }
    ci__cig_next(P);
    return ci_arg_list(v, (int)n);   /* v lives in the parser's scratch arena */
}

static ci_arg ci__cig_list_arg(ci__cig_parser *P) { return ci__cig_list_arg_d(P, 0); }

static ci_arg ci__cig_arg(ci__cig_parser *P) {
    ci__cig_tok t = P->tok;
    char d[64];
    if (ci__cig_punct(&t, '[') || ci__cig_punct(&t, '(')) return ci__cig_list_arg(P);
    if (t.kind == CI__CIG_STR) {
        char *s = ci__cig_string(P, &t);
        ci__cig_next(P);
        return ci_arg_string(s);
    }
    if (t.kind == CI__CIG_NAME) {
        if (ci__cig_is(&t, "None")) { ci__cig_next(P); return ci_arg_none(); }
        if (ci__cig_lookup(P, t.p, t.n)) {  /* a tensor name wins over a dtype literal */
            ci_tensor v = ci__cig_use(P, &t);
            ci__cig_next(P);
            return ci_arg_tensor(v);
        }
        if (!ci__cig_starts_number(&t)) {
            ci_dtype dt = ci__cig_dtype_literal(&t);
            if (dt == CI_DTYPE_INVALID) ci__cig_use(P, &t);   /* fails: undefined name */
            ci__cig_next(P);
            return ci_arg_dtype(dt);
        }
    }
    if (ci__cig_starts_number(&t)) {
        ci__cig_num v = ci__cig_signed_number(P);
        if (v.is_bool) return ci_arg_bool((int)v.i);
        return v.is_float ? ci_arg_float(v.f) : ci_arg_int(v.i);
    }
    ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "expected an argument, got %s",
                 ci__cig_desc(P, d, sizeof d));
    return ci_arg_none(); /* not reached */
}

static void ci__cig_call(ci__cig_parser *P) {
    ci__cig_tok lhs[CI__CIG_MAX_OUTS], optok;
    ci_tensor outs[CI__CIG_MAX_OUTS];
    ci_arg *args = NULL;
    ci_kwarg *kws = NULL;
    size_t nargs = 0, acap = 0, nkw = 0, kcap = 0, i, j;
    int nl = 0, n;
    const char *op;
    char d[64];
    for (;;) {                                          /* a, b, _ = */
        ci__cig_tok t = P->tok;
        if (nl >= CI__CIG_MAX_OUTS)
            ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "more than %d names on the left",
                         CI__CIG_MAX_OUTS);
        if (!ci__cig_is(&t, "_")) {
            ci__cig_check_new_name(P, &t);
            for (i = 0; i < (size_t)nl; i++)
                if (lhs[i].n == t.n && !memcmp(lhs[i].p, t.p, t.n))
                    ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "'%.*s' appears twice",
                                 CI__CIG_SPAN(&t));
        }
        lhs[nl++] = t;
        ci__cig_next(P);
        if (!ci__cig_punct(&P->tok, ',')) break;
        ci__cig_next(P);
    }
    ci__cig_expect(P, '=', "'='");
    optok = P->tok;
    if (optok.kind != CI__CIG_NAME)
        ci__cig_fail(P, optok.line, optok.col, CI_ERR_PARSE, "expected an op name "
                     "(aten.add.Tensor), got %s", ci__cig_desc(P, d, sizeof d));
    op = ci__cig_strdup(P, &P->scratch, optok.p, optok.n);
    if (!strncmp(op, "torch.ops.", 10)) op += 10;      /* as FX prints it */
    ci__cig_next(P);
    ci__cig_expect(P, '(', "'(' after the op name");
    while (!ci__cig_punct(&P->tok, ')')) {
        ci__cig_tok t = P->tok, nt;
        nt = ci__cig_peek(P);
        if (t.kind == CI__CIG_NAME && ci__cig_punct(&nt, '=')) {
            if (memchr(t.p, '.', t.n))
                ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "bad keyword '%.*s'",
                             CI__CIG_SPAN(&t));
            for (i = 0; i < nkw; i++)
                if (strlen(kws[i].name) == t.n && !memcmp(kws[i].name, t.p, t.n))
                    ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "keyword '%.*s' given twice",
                                 CI__CIG_SPAN(&t));
            if (nkw == CI_MAX_ARGS)
                ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE,
                             "too many keyword arguments: at most %d", CI_MAX_ARGS);
            ci__cig_grow(P, (void **)&kws, &kcap, sizeof *kws, nkw + 1);
            kws[nkw].name = ci__cig_strdup(P, &P->scratch, t.p, t.n);
            ci__cig_next(P);
            ci__cig_next(P);
            kws[nkw].value = ci__cig_arg(P);
            nkw++;
        } else {
            if (nkw)
                ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE,
                             "positional argument after a keyword argument");
            if (nargs == CI_MAX_ARGS)
                ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE,
                             "too many positional arguments: at most %d", CI_MAX_ARGS);
            ci__cig_grow(P, (void **)&args, &acap, sizeof *args, nargs + 1);
            args[nargs++] = ci__cig_arg(P);
        }
        ci__cig_comma(P, ')');
    }
    ci__cig_next(P);
    memset(outs, 0, sizeof outs);
    n = ci_call(P->g, op, (int)nargs, args, (int)nkw, kws, outs, CI__CIG_MAX_OUTS);
    if (n <= 0 || ci_graph_status(P->g) != CI_OK) {
        ci_tensor none;
        none.id = 0;
        ci__cig_check_graph(P, optok.line, optok.col, none, "the call failed");
    }
    if (n != nl)
        ci__cig_fail(P, lhs[0].line, lhs[0].col, CI_ERR_PARSE,
                     "%s returns %d result%s but %d name%s given", op, n, n == 1 ? "" : "s",
                     nl, nl == 1 ? " is" : "s are");
    for (j = 0; j < (size_t)nl; j++)
        if (!ci__cig_is(&lhs[j], "_")) ci__cig_define(P, &lhs[j], outs[j]);
    /* each result takes the file's name, so messages, run-time errors and the C say the same */
    for (j = 0; j < (size_t)nl; j++) {
        ci_result r;
        if (ci__cig_is(&lhs[j], "_")) continue;
        r = ci_tensor_set_name(P->g, outs[j], ci__cig_strdup(P, &P->scratch, lhs[j].p, lhs[j].n));
        if (r != CI_OK)
            ci__cig_fail(P, lhs[j].line, lhs[j].col, r, "%s", ci_ctx_last_error(P->g->ctx));
    }
}

static void ci__cig_output(ci__cig_parser *P) {
    int line = P->tok.line, col = P->tok.col, n = 0;
    char d[64];
    ci__cig_next(P);                                   /* 'output' */
    while (P->tok.kind != CI__CIG_NL && P->tok.kind != CI__CIG_EOF) {
        ci__cig_tok t = P->tok;
        ci_tensor v;
        if (t.kind != CI__CIG_NAME)
            ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "expected a tensor name, got %s",
                         ci__cig_desc(P, d, sizeof d));
        v = ci__cig_use(P, &t);
        ci_output(P->g, v);
        ci__cig_check_graph(P, t.line, t.col, v, "ci_output failed");
        n++;
        ci__cig_next(P);
        if (ci__cig_punct(&P->tok, ',')) ci__cig_next(P);
        else if (P->tok.kind != CI__CIG_NL && P->tok.kind != CI__CIG_EOF)
            ci__cig_fail(P, P->tok.line, P->tok.col, CI_ERR_PARSE, "expected ',' or the end of "
                         "the line, got %s", ci__cig_desc(P, d, sizeof d));
    }
    if (!n) ci__cig_fail(P, line, col, CI_ERR_PARSE, "output names no tensor");
    P->saw_output = 1;
}

static void ci__cig_statements(ci__cig_parser *P) {
    char d[64];
    if (P->len >= 3 && !memcmp(P->text, "\xEF\xBB\xBF", 3)) P->pos = 3;   /* UTF-8 BOM */
    ci__cig_next(P);
    for (;;) {
        ci__cig_tok t = P->tok, nt;
        if (t.kind == CI__CIG_EOF) break;
        if (t.kind == CI__CIG_NL) { ci__cig_next(P); continue; }
        if (P->saw_output)
            ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "output must be the last statement");
        if (t.kind != CI__CIG_NAME)
            ci__cig_fail(P, t.line, t.col, CI_ERR_PARSE, "expected a statement, got %s",
                         ci__cig_desc(P, d, sizeof d));
        nt = ci__cig_peek(P);
        if (ci__cig_is(&t, "input") && nt.kind == CI__CIG_NAME) ci__cig_input(P);
        else if (ci__cig_is(&t, "const") && nt.kind == CI__CIG_NAME) ci__cig_const(P);
        else if (ci__cig_is(&t, "output") && !ci__cig_punct(&nt, '=') &&
                 !ci__cig_punct(&nt, ',')) ci__cig_output(P);
        else ci__cig_call(P);
        if (P->tok.kind != CI__CIG_NL && P->tok.kind != CI__CIG_EOF)
            ci__cig_fail(P, P->tok.line, P->tok.col, CI_ERR_PARSE,
                         "expected the end of the line, got %s", ci__cig_desc(P, d, sizeof d));
        ci__cig_arena_free(P, &P->scratch);
    }
    if (!P->saw_output)
        ci__cig_fail(P, P->tok.line, P->tok.col, CI_ERR_PARSE, "missing output statement");
}

/* the only setjmp: nothing here lives across it */
static ci_result ci__cig_run(ci__cig_parser *P) {
    if (setjmp(P->jb)) return P->rc;
    ci__cig_statements(P);
    return CI_OK;
}

CI_API ci_result ci_cig_parse_ex(ci_graph *g, const char *text, size_t len, const char *filename,
                                 const char *basedir,
                                 void (*on_input)(void *user, int index, const char *name,
                                                  ci_dtype dt, int ndim, const int64_t *shape),
                                 void *user, char *err, size_t errsz) {
    ci__cig_parser *P;
    ci_result r;
    if (err && errsz) err[0] = 0;
    if (!g || (!text && len))
        return ci__npy_fail(CI_ERR_INVALID_ARGS, err, errsz, "ci_cig_parse: NULL %s",
                            g ? "text" : "graph");
    if (ci_graph_status(g) != CI_OK)
        return ci__npy_fail(ci_graph_status(g), err, errsz,
                            "ci_cig_parse: the graph already has an error: %s",
                            ci_graph_message(g));
    /* on the heap, not in this frame: ci__cig_run's setjmp must not see it as a local */
    P = (ci__cig_parser *)ci__malloc(g->ctx, sizeof *P);
    if (!P) return ci__npy_fail(CI_ERR_OUT_OF_MEMORY, err, errsz, "out of memory");
    memset(P, 0, sizeof *P);
    P->g = g;
    P->text = text ? text : "";
    P->len = len;
    P->file = filename ? filename : "<cig>";
    P->basedir = basedir;
    P->line = 1;
    P->col = 1;
    P->err = err;
    P->errsz = errsz;
    P->on_input = on_input;
    P->user = user;
    r = ci__cig_run(P);
    ci__cig_drop_pending(P);
    ci__mfree(g->ctx, P->syms, P->symcap * sizeof *P->syms);
    ci__cig_arena_free(P, &P->scratch);
    ci__cig_arena_free(P, &P->names);
    ci__mfree(g->ctx, P, sizeof *P);
    return r;
}

CI_API ci_result ci_cig_parse(ci_graph *g, const char *text, size_t len, const char *filename,
                              const char *basedir, char *err, size_t errsz) {
    return ci_cig_parse_ex(g, text, len, filename, basedir, NULL, NULL, err, errsz);
}

CI_API ci_result ci_cig_parse_file(ci_graph *g, const char *path, char *err, size_t errsz) {
    unsigned char *text = NULL;
    size_t len = 0, cap = 0, dlen = 0, i;
    char *dir;
    ci_result r;
    if (err && errsz) err[0] = 0;
    if (!g || !path)
        return ci__npy_fail(CI_ERR_INVALID_ARGS, err, errsz, "ci_cig_parse_file: NULL argument");
    r = ci__npy_read_file(path, g->ctx->desc.max_read, &g->ctx->desc.allocator, 1, &text, &len,
                          &cap, err, errsz);
    if (r != CI_OK) return r;
    for (i = 0; path[i]; i++)
        if (path[i] == '/' || path[i] == '\\') dlen = i + 1;
    dir = (char *)ci__malloc(g->ctx, dlen + 2);
    if (!dir) {
        ci__mfree(g->ctx, text, cap);
        return ci__npy_fail(CI_ERR_OUT_OF_MEMORY, err, errsz, "out of memory");
    }
    if (dlen) {
        memcpy(dir, path, dlen);
        dir[dlen] = 0;
    } else {
        strcpy(dir, ".");
    }
    r = ci_cig_parse(g, (const char *)text, len, path, dir, err, errsz);
    ci__mfree(g->ctx, dir, dlen + 2);
    ci__mfree(g->ctx, text, cap);
    return r;
}

/* ---------------------------------------------------------------------------------------
   >>public  the public API
   Entry points validate their arguments (CI_ERR_INVALID_ARGS with a message, never a
   crash), arm the error target for the passes they run, and keep the sticky graph error.
   ci__compile is the pipeline, one call per pass, in order; read it first. ci_compile picks
   the backend from the table ci__rt_backends (>>rt); to add a backend, give it a ci_backend
   value, a section with its ci__backend entry, and a line in that table.
   --------------------------------------------------------------------------------------- */
const char *ci_result_string(ci_result r) {
    static const char *const s[] = {
#define CI__X(n, str) str,
        CI_RESULT_LIST(CI__X)
#undef CI__X
    };
    return (r >= 0 && r < CI_RESULT_COUNT) ? s[r] : "unknown result code";
}

const char *ci_dtype_name(ci_dtype dt) {
    return ci__dtype_ok(dt) ? ci__dtype_tab[dt].name : "invalid";
}

ci_dtype ci_dtype_from_name(const char *name) {
    int i;
    if (!name) return CI_DTYPE_INVALID;
    for (i = 1; i < CI_DTYPE_COUNT; i++)
        if (!strcmp(name, ci__dtype_tab[i].name) || !strcmp(name, ci__dtype_tab[i].tname))
            return (ci_dtype)i;
    if (!strcmp(name, "float")) return CI_F32;
    if (!strcmp(name, "double")) return CI_F64;
    if (!strcmp(name, "long")) return CI_I64;
    if (!strcmp(name, "int")) return CI_I32;
    if (!strcmp(name, "half")) return CI_F16;
    return CI_DTYPE_INVALID;
}

size_t ci_dtype_size(ci_dtype dt) { return ci__dtype_ok(dt) ? (size_t)ci__dtype_tab[dt].size : 0; }

ci_arg ci_arg_none(void) {
    ci_arg a;
    memset(&a, 0, sizeof a);
    return a;
}

ci_arg ci_arg_tensor(ci_tensor t) {
    ci_arg a = ci_arg_none();
    a.kind = CI_ARG_TENSOR;
    a.u.t = t;
    return a;
}

ci_arg ci_arg_int(int64_t v) {
    ci_arg a = ci_arg_none();
    a.kind = CI_ARG_INT;
    a.u.i = v;
    return a;
}

ci_arg ci_arg_float(double v) {
    ci_arg a = ci_arg_none();
    a.kind = CI_ARG_FLOAT;
    a.u.f = v;
    return a;
}

ci_arg ci_arg_bool(int v) {
    ci_arg a = ci_arg_none();
    a.kind = CI_ARG_BOOL;
    a.u.b = v != 0;
    return a;
}

ci_arg ci_arg_string(const char *s) {
    ci_arg a = ci_arg_none();
    a.kind = CI_ARG_STRING;
    a.u.s = s;
    return a;
}

ci_arg ci_arg_dtype(ci_dtype dt) {
    ci_arg a = ci_arg_none();
    a.kind = CI_ARG_DTYPE;
    a.u.dtype = dt;
    return a;
}

ci_arg ci_arg_ints(const int64_t *v, int n) {
    ci_arg a = ci_arg_none();
    a.kind = CI_ARG_INTS;
    a.u.ints.v = v;
    a.u.ints.n = n;
    return a;
}

ci_arg ci_arg_floats(const double *v, int n) {
    ci_arg a = ci_arg_none();
    a.kind = CI_ARG_FLOATS;
    a.u.floats.v = v;
    a.u.floats.n = n;
    return a;
}

ci_arg ci_arg_tensors(const ci_tensor *v, int n) {
    ci_arg a = ci_arg_none();
    a.kind = CI_ARG_TENSORS;
    a.u.tensors.v = v;
    a.u.tensors.n = n;
    return a;
}

ci_arg ci_arg_list(const ci_arg *v, int n) {
    ci_arg a = ci_arg_none();
    a.kind = CI_ARG_LIST;
    a.u.list.v = v;
    a.u.list.n = n;
    return a;
}

/* -- context -- */
static int ci__public_ctx_builtins(ci_ctx *ctx) {
    ci__err err;
    memset(&err, 0, sizeof err);
    ctx->arena->err = &err;
    if (setjmp(err.jb)) { ctx->arena->err = NULL; return 0; }
    err.armed = 1;
    ci__ops_register_builtins(ctx);
    ctx->arena->err = NULL;
    return 1;
}

ci_result ci_ctx_create(const ci_ctx_desc *desc, ci_ctx **out) {
    ci_ctx_desc d;
    ci_ctx *ctx;
    if (!out) return CI_ERR_INVALID_ARGS;
    *out = NULL;
    if (desc) d = *desc; else memset(&d, 0, sizeof d);
    if (!d.allocator.alloc || !d.allocator.free) {
        d.allocator.alloc = ci__util_default_alloc;
        d.allocator.free = ci__util_default_free;
    }
    if (!d.log) d.log = ci__dbg_default_log;
    if (d.num_threads <= 0) d.num_threads = 1;
    d.debug |= ci__dbg_env_debug();
    ctx = (ci_ctx *)d.allocator.alloc(sizeof(ci_ctx), d.allocator.user);
    if (!ctx) return CI_ERR_OUT_OF_MEMORY;
    memset(ctx, 0, sizeof *ctx);
    ctx->desc = d;
    ctx->refs = 1;
    ctx->arena = ci__arena_new(ctx, NULL);
    if (!ctx->arena || !ci__public_ctx_builtins(ctx)) {
        ci__arena_destroy(ctx->arena);
        d.allocator.free(ctx, sizeof(ci_ctx), d.allocator.user);
        return CI_ERR_OUT_OF_MEMORY;
    }
#ifndef CINDUCTOR_NO_THREADS
    pthread_mutex_init(&ctx->ref_mu, NULL);
#endif
    *out = ctx;
    return CI_OK;
}

static void ci__public_ctx_lock(ci_ctx *ctx) {
#ifndef CINDUCTOR_NO_THREADS
    pthread_mutex_lock(&ctx->ref_mu);
#else
    (void)ctx;
#endif
}

static void ci__public_ctx_unlock(ci_ctx *ctx) {
#ifndef CINDUCTOR_NO_THREADS
    pthread_mutex_unlock(&ctx->ref_mu);
#else
    (void)ctx;
#endif
}

static void ci__public_ctx_retain(ci_ctx *ctx) {
    ci__public_ctx_lock(ctx);
    ctx->refs++;
    ci__public_ctx_unlock(ctx);
}

static void ci__public_ctx_release(ci_ctx *ctx) {
    ci_allocator a;
    long left;
    ci__public_ctx_lock(ctx);
    left = --ctx->refs;
    ci__public_ctx_unlock(ctx);
    if (left > 0) return;
    a = ctx->desc.allocator;
    ci__arena_destroy(ctx->arena);
#ifndef CINDUCTOR_NO_THREADS
    pthread_mutex_destroy(&ctx->ref_mu);
#endif
    a.free(ctx, sizeof(ci_ctx), a.user);
}

/* 0 (and a message to the logger) when the user already destroyed CTX, which lives on only
   for its graphs and programs */
static int ci__public_ctx_usable(ci_ctx *ctx, const char *who) {
    char msg[160];
    if (!ctx->destroyed) return 1;
    snprintf(msg, sizeof msg,
             "%s: the context was destroyed (ci_ctx_destroy); it lives on only for its graphs and "
             "programs",
             who);
    ci__util_set_error(ctx, "%s", msg);
    ci__dbg_log(ctx, CI_LOG_ERROR, msg);
    return 0;
}

void ci_ctx_destroy(ci_ctx *ctx) {
    if (!ctx) return;
    if (ctx->destroyed) {   /* still alive for its graphs and programs, so this read is safe */
        ci__dbg_log(ctx, CI_LOG_ERROR, "ci_ctx_destroy: called twice on one context (ignored)");
        return;
    }
    ctx->destroyed = 1;
    ci__public_ctx_release(ctx);
}

const char *ci_ctx_last_error(const ci_ctx *ctx) { return ctx ? ctx->last_error : "no context"; }
int ci_has_op(const ci_ctx *ctx, const char *op) {
    return ctx && op && ci__lower_registry_find(ctx, op) != NULL;
}

int ci_registry_count(const ci_ctx *ctx) { return ctx ? ctx->reg.n : 0; }
ci_result ci_registry_entry(const ci_ctx *ctx, int i, ci_op_info *info) {
    int k, seen = 0;
    if (!ctx || !info || i < 0 || i >= ctx->reg.n) return CI_ERR_INVALID_ARGS;
    for (k = 0; k < ctx->reg.cap; k++) {
        const ci__opdef *op = ctx->reg.slots[k];
        if (!op || seen++ != i) continue;
        info->name = op->name;
        info->schema = op->schema;
        info->how = op->how ? op->how : "lowering";
        info->dtypes = op->dtypes ? op->dtypes : "";
        info->note = op->note ? op->note : "";
        return CI_OK;
    }
    return CI_ERR_INVALID_ARGS;
}


ci_graph *ci_graph_create(ci_ctx *ctx) {
    ci_graph *g;
    if (!ctx || !ci__public_ctx_usable(ctx, "ci_graph_create")) return NULL;
    g = (ci_graph *)ci__malloc(ctx, sizeof(ci_graph));
    if (!g) return NULL;
    memset(g, 0, sizeof *g);
    g->ctx = ctx;
    g->A = ci__arena_new(ctx, &g->E);
    if (!g->A) { ci__mfree(ctx, g, sizeof(ci_graph)); return NULL; }
    /* a reference to the context, and a place in its list of live graphs */
    ci__public_ctx_lock(ctx);
    ctx->refs++;
    g->live_next = ctx->graphs;
    if (ctx->graphs) ctx->graphs->live_prev = g;
    ctx->graphs = g;
    ci__public_ctx_unlock(ctx);
    return g;
}

void ci_graph_destroy(ci_graph *g) {
    ci_ctx *ctx;
    if (!g) return;
    ctx = g->ctx;
    ci__public_ctx_lock(ctx);
    if (g->live_prev) g->live_prev->live_next = g->live_next; else ctx->graphs = g->live_next;
    if (g->live_next) g->live_next->live_prev = g->live_prev;
    ci__public_ctx_unlock(ctx);
    ci__arena_destroy(g->MA);
    ci__arena_destroy(g->SA);
    ci__arena_destroy(g->A);
    ci__mfree(ctx, g, sizeof(ci_graph));
    ci__public_ctx_release(ctx);
}

ci_result ci_graph_status(const ci_graph *g) { return g ? g->status : CI_ERR_INVALID_ARGS; }
const char *ci_graph_message(const ci_graph *g) { return g ? g->msg : "no graph"; }
int ci_graph_num_inputs(const ci_graph *g) { return g ? g->ninputs : 0; }
size_t ci_graph_print_cig(const ci_graph *g, char *buf, size_t bufsz) {
    ci__err err;
    ci__arena *A;
    ci__sb sb;
    size_t n;
    if (!g || g->status || (bufsz && !buf)) return 0;
    memset(&err, 0, sizeof err);
    A = ci__arena_new(g->ctx, &err);
    if (!A) return 0;
    if (setjmp(err.jb)) { ci__arena_destroy(A); return 0; }
    err.armed = 1;
    ci__sb_init(&sb, A);
    ci__sb_printf(&sb, "# written by cinductor %s\n", CI_VERSION_STRING);
    ci__dbg_print_graph(g, &sb, 1);
    n = sb.n;
    if (bufsz) {
        size_t c = n < bufsz - 1 ? n : bufsz - 1;
        memcpy(buf, ci__sb_str(&sb), c);
        buf[c] = 0;
    }
    ci__arena_destroy(A);
    return n;
}

int ci_graph_num_outputs(const ci_graph *g) { return g ? g->outputs.n : 0; }

static void ci__public_graph_error(ci_graph *g, ci_result code, const char *fmt, ...) {
    va_list ap;
    char *p;
    if (g->status) return;
    g->status = code;
    va_start(ap, fmt);
    vsnprintf(g->msg, sizeof g->msg, fmt, ap);
    va_end(ap);
    /* one line, whatever strings it quotes */
    for (p = g->msg; *p; p++) if ((unsigned char)*p < 0x20) *p = ' ';
}

/* SIZE new handle ids for a graph of CTX, clear of every live graph's (see ci__lower_hrange); 0
   when the live graphs hold them all. Called with the context locked. */
static uint32_t ci__public_ctx_handle_range(ci_ctx *ctx, uint32_t size) {
    uint64_t lo = ctx->next_handle ? ctx->next_handle : 1;
    int restarts = 0;
    for (;;) {
        const ci_graph *h;
        int i, clash = 0;
        if (lo + size > ((uint64_t)1 << 32)) {   /* past the last id: start again from 1 */
            if (restarts++) return 0;
            lo = 1;
            ctx->handles_wrapped = 1;
        }
        if (!ctx->handles_wrapped) break;
        for (h = ctx->graphs; h && !clash; h = h->live_next)
            for (i = 0; i < h->nhr && !clash; i++)
                if (h->hr[i].base < lo + size && lo < (uint64_t)h->hr[i].base + h->hr[i].size) {
                    lo = (uint64_t)h->hr[i].base + h->hr[i].size;
                    clash = 1;
                }
        if (!clash) break;
    }
    ctx->next_handle = lo + size;
    return (uint32_t)lo;
}

/* a new handle range for G; called armed (fails on out of memory or out of ids) */
static void ci__public_graph_new_range(ci_graph *g) {
    uint32_t size = g->nhr < 12 ? 16u << g->nhr : 65536u, base;
    ci__lower_hrange *grown = NULL;
    int i, cap = g->hr_cap;
    if (g->nhr == g->hr_cap) {   /* allocated unlocked (it may fail), swapped in under the lock */
        cap = cap ? cap * 2 : 8;
        grown = CI__NEWN(g->A, ci__lower_hrange, cap);
        if (g->nhr) memcpy(grown, g->hr, sizeof(ci__lower_hrange) * (size_t)g->nhr);
    }
    ci__public_ctx_lock(g->ctx);
    if (grown) { g->hr = grown; g->hr_cap = cap; }
    base = ci__public_ctx_handle_range(g->ctx, size);
    if (base) {
        for (i = g->nhr; i > 0 && g->hr[i - 1].base > base; i--) g->hr[i] = g->hr[i - 1];
        g->hr[i].base = base;
        g->hr[i].size = size;
        g->hr[i].first = (uint32_t)g->tensors.n + 1;
        g->nhr++;
    }
    ci__public_ctx_unlock(g->ctx);
    if (!base)
        ci__fail(&g->E, CI_ERR_OUT_OF_MEMORY,
                 "out of tensor handles: the context's live graphs hold all 2^32 ids");
    g->h_next = base;
    g->h_end = (uint64_t)base + size;
}

/* appends a tensor to G, with the next handle id of its range */
static void ci__public_graph_push_tensor(ci_graph *g, ci__lower_gtensor *t) {
    if (g->h_next == g->h_end) ci__public_graph_new_range(g);
    t->handle = (uint32_t)g->h_next;
    ci__vec_push(g->A, &g->tensors, t);
    g->h_next++;
}

/* The one decode of a graph's tensor handle: its tensor index, or 0 for an id that is not one of
   G's tensors (0, another graph's, a destroyed graph's, garbage). Unsigned throughout. */
static uint32_t ci__public_handle_index(const ci_graph *g, ci_tensor t) {
    int lo = 0, hi = g->nhr - 1;
    uint32_t idx;
    while (lo <= hi) {   /* hi ends at the last range whose base <= id */
        int mid = lo + (hi - lo) / 2;
        if (g->hr[mid].base <= t.id) lo = mid + 1; else hi = mid - 1;
    }
    if (t.id == 0 || hi < 0 || t.id - g->hr[hi].base >= g->hr[hi].size) return 0;
    idx = g->hr[hi].first + (t.id - g->hr[hi].base);
    return idx >= 1 && idx <= (uint32_t)g->tensors.n ? idx : 0;
}

static ci_tensor ci__public_handle(const ci_graph *g, uint32_t idx) {
    ci_tensor t;
    t.id = ci__lower_gt(g, idx)->handle;
    return t;
}

static int ci__public_valid_name(const char *s) {
    static const char *const reserved[] = { "None", "True",  "False", "inf",    "nan",
                                            "_",    "input", "const", "output", "load" };
    size_t i;
    if (!s || !*s || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_')) return 0;
    for (i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        if (!strcmp(s, reserved[i])) return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              *s == '_'))
            return 0;
    return 1;
}

static void ci__public_graph_map_reserve(ci_graph *g, int need) {
    if (need > g->map_cap) {
        int nc = g->map_cap ? g->map_cap * 2 : 256;
        uint32_t *nm;
        while (nc < need) nc *= 2;
        nm = CI__NEWN(g->A, uint32_t, nc);
        if (g->map_cap) memcpy(nm, g->meta_map, sizeof(uint32_t) * (size_t)g->map_cap);
        g->meta_map = nm; g->map_cap = nc;
    }
}

/* a call node on the build-time state, as ci_call lowers it: its results, how many (called armed)
 */
static int ci__public_meta_call(ci_graph *g, const ci__node *nd, ci_tensor *res) {
    ci_arg *a;
    ci_kwarg *kw;
    int i, n;
    ci__arena_clear(g->SA);   /* the last node's scratch */
    a = CI__NEWN(g->MA, ci_arg, nd->nargs);
    kw = CI__NEWN(g->MA, ci_kwarg, nd->nkw);
    g->meta->node_name = nd->name; g->meta->node_op = nd->op;
    for (i = 0; i < nd->nargs; i++) a[i] = ci__lower_map_arg(g->meta, &nd->args[i], g->meta_map);
    for (i = 0; i < nd->nkw; i++) {
        kw[i].name = nd->kw[i].name;
        kw[i].value = ci__lower_map_arg(g->meta, &nd->kw[i].value, g->meta_map);
    }
    n = ci__lower_call_op(g->meta, nd->op, nd->nargs, a, nd->nkw, kw, res, CI_MAX_OUTPUTS);
    if (n < 1 || n > CI_MAX_OUTPUTS)
        ci__fail(&g->E, CI_ERR_INVALID_ARGS, "%s returned %d results", nd->op, n);
    return n;
}

/* after a call node's results are mapped: compile's realize rules for a node of one user;
   without them every later op would copy the whole unrealized chain before it (quadratic) */
static void ci__public_meta_after(ci_graph *g, const ci__node *nd) {
    int i;
    for (i = 0; i < nd->nout; i++) {
        ci_tensor r;
        r.id = g->meta_map[nd->out0 + (uint32_t)i];
        ci__ir_after_node(g->meta, ci__ir_box_get(g->meta, r), 1);
    }
}

/* ci_compile: free the build-time state (a later node rebuilds it) */
static void ci__public_graph_meta_release(ci_graph *g) {
    ci__arena_destroy(g->MA);
    ci__arena_destroy(g->SA);
    g->MA = g->SA = NULL; g->meta = NULL;
}

/* The build-time state, made on first use. ci_compile releases it (it is most of a built graph's
   memory, and compiling does not read it); a node added later rebuilds it by lowering the graph's
   nodes again, in order, as they were first lowered. Called armed. */
static void ci__public_graph_meta(ci_graph *g) {
    int i, j;
    jmp_buf outer;
    const ci__node *volatile at = NULL;
    if (g->meta) return;
    memcpy(outer, g->E.jb, sizeof outer);   /* a failure names the earlier node, then goes on out */
    if (setjmp(g->E.jb)) {
        char m[sizeof g->E.msg];
        memcpy(m, g->E.msg, sizeof m);
        if (at)
            snprintf(g->E.msg, sizeof g->E.msg,
                     "rebuilding the graph's state after ci_compile, node %s = %s(...): %.900s",
                     at->name, at->op ? at->op : "", m);
        ci__public_graph_meta_release(g);
        memcpy(g->E.jb, outer, sizeof outer);
        longjmp(g->E.jb, 1);
    }
    if (!g->MA) g->MA = ci__arena_new(g->ctx, &g->E);
    if (g->MA && !g->SA) g->SA = ci__arena_new(g->ctx, &g->E);
    if (!g->MA || !g->SA) ci__fail(&g->E, CI_ERR_OUT_OF_MEMORY, "out of memory");
    g->meta = ci__lower_new(g->ctx, g->MA, &g->E, 1);
    g->meta->SA = g->SA;
    for (i = 0; i < g->nodes.n; i++) {
        const ci__node *nd = (const ci__node *)g->nodes.v[i];
        at = nd;
        if (nd->kind == CI__N_CALL) {
            ci_tensor res[CI_MAX_OUTPUTS];
            int n = ci__public_meta_call(g, nd, res);
            if (n != nd->nout)
                ci__fail(&g->E, CI_ERR_INVALID_ARGS,
                         "%s: lowered again (rebuilding the graph's state after ci_compile), it "
                         "gave %d results, not %d",
                         nd->op, n, nd->nout);
            for (j = 0; j < n; j++)
                g->meta_map[nd->out0 + (uint32_t)j] = ci__ir_box_get(g->meta, res[j])->id;
            ci__public_meta_after(g, nd);
        } else ci__lower_node(g->meta, nd, g->meta_map);
    }
    memcpy(g->E.jb, outer, sizeof outer);
}

/* add a node (its fields filled in) and lower it on the build-time state; called armed */
static int ci__public_graph_add(ci_graph *g, ci__node *nd) {
    int i, n;
    ci__public_graph_meta(g);
    nd->out0 = (uint32_t)g->tensors.n + 1;
    ci__public_graph_map_reserve(g, g->tensors.n + 70);
    ci__lower_node(g->meta, nd, g->meta_map);
    n = nd->kind == CI__N_CALL ? nd->nout : 1;
    ci__vec_push(g->A, &g->nodes, nd);
    ci__public_name_index_add(g, nd);
    for (i = 0; i < n; i++) {
        ci__lower_gtensor *t = CI__NEW(g->A, ci__lower_gtensor);
        ci_tensor r;
        ci__box *b;
        r.id = g->meta_map[nd->out0 + (uint32_t)i];
        b = ci__ir_box_get(g->meta, r);
        t->node = g->nodes.n - 1; t->out = i;
        t->dt = b->dt; t->ndim = b->ndim;
        memcpy(t->shape, b->size, sizeof(int64_t) * (size_t)b->ndim);
        ci__public_graph_push_tensor(g, t);
    }
    return n;
}

static ci__node *ci__public_node_named(const ci_graph *g, const char *name) {
    ci__node *o;
    if (!g->name_cap) return NULL;
    for (o = g->names[ci__hash_str(name) & (uint32_t)(g->name_cap - 1)]; o; o = o->name_next)
        if (!strcmp(o->name, name)) return o;
    return NULL;
}

static void ci__public_name_index_add(ci_graph *g, ci__node *nd) {
    uint32_t b;
    if ((g->name_n + 1) * 2 > g->name_cap) {   /* grow and rehash */
        int nc = g->name_cap ? g->name_cap * 2 : 256, i;
        ci__node **nb = CI__NEWN(g->A, ci__node *, nc), *o, *next;
        for (i = 0; i < g->name_cap; i++)
            for (o = g->names[i]; o; o = next) {
                next = o->name_next;
                b = ci__hash_str(o->name) & (uint32_t)(nc - 1);
                o->name_next = nb[b]; nb[b] = o;
            }
        g->names = nb; g->name_cap = nc;
    }
    b = ci__hash_str(nd->name) & (uint32_t)(g->name_cap - 1);
    nd->name_next = g->names[b]; g->names[b] = nd;
    g->name_n++;
}

static void ci__public_name_index_remove(ci_graph *g, ci__node *nd) {
    ci__node **p = &g->names[ci__hash_str(nd->name) & (uint32_t)(g->name_cap - 1)];
    for (; *p; p = &(*p)->name_next)
        if (*p == nd) {
            *p = nd->name_next;
            g->name_n--;
            return;
        }
}

/* the node of several results one of whose results is called NAME, and which result */
static ci__node *ci__public_result_named(const ci_graph *g, const char *name, int *out) {
    int i, j;
    for (i = 0; i < g->rnamed.n; i++) {
        ci__node *nd = (ci__node *)g->rnamed.v[i];
        for (j = 0; j < nd->nout; j++)
            if (nd->rname[j] && !strcmp(nd->rname[j], name)) {
                if (out) *out = j;
                return nd;
            }
    }
    return NULL;
}

static int ci__public_name_used(const ci_graph *g, const char *name) {
    return ci__public_node_named(g, name) || ci__public_result_named(g, name, NULL);
}

/* NAME was given by the user (to a node or a result), so it cannot be taken */
static int ci__public_name_taken(const ci_graph *g, const char *name) {
    const ci__node *o = ci__public_node_named(g, name);
    return (o && !o->auto_named) || ci__public_result_named(g, name, NULL);
}

/* the given name, or the next "<prefix><N>" no node has taken */
static const char *ci__public_node_name(ci_graph *g, const char *name, const char *prefix) {
    char buf[32];
    if (name) return ci__strdup(g->A, name);
    do snprintf(buf, sizeof buf, "%s%d", prefix, g->nauto++);
    while (ci__public_name_used(g, buf));
    return ci__strdup(g->A, buf);
}

static int ci__public_check_shape(ci_graph *g, const char *what, int ndim, const int64_t *shape) {
    int i;
    if (ndim < 0 || ndim > CI_MAX_DIMS || (ndim > 0 && !shape)) {
        ci__public_graph_error(g, CI_ERR_INVALID_ARGS,
                               "%s: ndim %d is out of range [0, %d] or shape is NULL", what, ndim,
                               CI_MAX_DIMS);
        return 0;
    }
    int64_t n = 1;
    for (i = 0; i < ndim; i++) {
        if (shape[i] < 0 || shape[i] > CI__IR_MAX_NUMEL) {
            ci__public_graph_error(g, CI_ERR_INVALID_ARGS, "%s: invalid size %lld at dim %d", what,
                                   (long long)shape[i], i);
            return 0;
        }
        n = ci__ix_sat_mul(n, shape[i]);
    }
    if (n > CI__IR_MAX_NUMEL) {
        ci__public_graph_error(g, CI_ERR_UNSUPPORTED, "%s: more than 2^48 elements", what);
        return 0;
    }
    if (!ci__ir_size_ok(ndim, shape, NULL)) {   /* [0, 2^48, 2^48] */
        ci__public_graph_error(g, CI_ERR_UNSUPPORTED,
                               "%s: an empty tensor whose other sizes multiply past 2^48 is larger "
                               "than cinductor supports",
                               what);
        return 0;
    }
    return 1;
}

/* a node holding NAME under a generated name takes another one, so the user's can be given;
   called armed */
static void ci__public_name_give_way(ci_graph *g, const char *name) {
    ci__node *o = ci__public_node_named(g, name);
    if (!o) return;
    CI__ASSERT(o->auto_named);
    ci__public_name_index_remove(g, o);
    o->name = ci__public_node_name(g, NULL,
                                   o->kind == CI__N_INPUT    ? "in"
                                   : o->kind == CI__N_CONST  ? "c"
                                   : o->kind == CI__N_SCALAR ? "s"
                                                             : "t");
    ci__public_name_index_add(g, o);
}

static ci_tensor ci__public_leaf(ci_graph *g, int kind, const char *name, ci_dtype dt, int ndim,
                                 const int64_t *shape, const void *data, double sval, int64_t ival,
                                 int weak) {
    ci_tensor bad = {0};
    ci__node *nd;
    if (!g || g->status) return bad;
    if (!ci__dtype_ok(dt)) {
        ci__public_graph_error(g, CI_ERR_DTYPE, "%s: invalid dtype %d", name ? name : "leaf",
                               (int)dt);
        return bad;
    }
    if (!ci__public_check_shape(g, name ? name : "leaf", ndim, shape)) return bad;
    if (name && !ci__public_valid_name(name)) {
        ci__public_graph_error(g, CI_ERR_INVALID_ARGS,
                               "invalid name '%s' (use [A-Za-z_][A-Za-z0-9_]*)", name);
        return bad;
    }
    if (name && ci__public_name_taken(g, name)) {
        ci__public_graph_error(g, CI_ERR_INVALID_ARGS, "name '%s' is already defined", name);
        return bad;
    }
    if (kind == CI__N_CONST && ci__ir_numel(ndim, shape) > 0 && !data) {
        ci__public_graph_error(g, CI_ERR_INVALID_ARGS, "constant '%s': data is NULL",
                               name ? name : "");
        return bad;
    }
    if (setjmp(g->E.jb)) {
        g->E.armed = 0;
        ci__public_graph_error(g, g->E.code, "%s", g->E.msg);
        return bad;
    }
    g->E.armed = 1;
    nd = ci__public_leaf_node(g, kind, name, dt, ndim, shape, data, sval, ival, weak);
    g->E.armed = 0;
    return ci__public_handle(g, nd->out0);
}

/* the node of a leaf (already checked); called with the graph's error target armed */
static ci__node *ci__public_leaf_node(ci_graph *g, int kind, const char *name, ci_dtype dt,
                                      int ndim, const int64_t *shape, const void *data, double sval,
                                      int64_t ival, int weak) {
    ci__node *nd = CI__NEW(g->A, ci__node);
    nd->kind = kind;
    nd->dt = dt;
    nd->ndim = ndim;
    if (ndim) memcpy(nd->shape, shape, sizeof(int64_t) * (size_t)ndim);
    if (name) ci__public_name_give_way(g, name);
    nd->name = ci__public_node_name(g, name,
                                    kind == CI__N_INPUT   ? "in"
                                    : kind == CI__N_CONST ? "c"
                                                          : "s");
    nd->auto_named = name == NULL;
    nd->sval = sval;
    nd->ival = ival;
    nd->weak = weak;
    nd->nout = 1;
    if (kind == CI__N_INPUT) nd->ival = g->ninputs;
    if (kind == CI__N_CONST) {
        size_t bytes = (size_t)ci__ir_numel(ndim, shape) * ci__dtype_tab[dt].size;
        void *copy = ci__arena_alloc(g->A, bytes);
        if (bytes) memcpy(copy, data, bytes);
        nd->data = copy;
    }
    ci__public_graph_add(g, nd);
    if (kind == CI__N_INPUT) g->ninputs++;
    return nd;
}

/* a Python number where a tensor must exist on its own (an output, an element of a tensor
   list) becomes a 0-d constant, so that the graph prints as .cig */
static uint32_t ci__public_scalar_as_const(ci_graph *g, uint32_t idx) {
    const ci__node *s = (const ci__node *)g->nodes.v[ci__lower_gt(g, idx)->node];
    unsigned char buf[8];
    if (s->kind != CI__N_SCALAR) return idx;
    memset(buf, 0, sizeof buf);
    if (s->weak == 3) { float f = (float)s->sval; memcpy(buf, &f, 4); }
    else if (s->weak == 2) { long long v = (long long)s->ival; memcpy(buf, &v, 8); }
    else buf[0] = (unsigned char)(s->ival != 0);
    return ci__public_leaf_node(g, CI__N_CONST, NULL, s->dt, 0, NULL, buf, 0, 0, 0)->out0;
}

ci_tensor ci_input(ci_graph *g, const char *name, ci_dtype dt, int ndim, const int64_t *shape) {
    return ci__public_leaf(g, CI__N_INPUT, name, dt, ndim, shape, NULL, 0, 0, 0);
}

ci_tensor ci_const_array(ci_graph *g, const char *name, ci_dtype dt, int ndim, const int64_t *shape,
                         const void *data) {
    return ci__public_leaf(g, CI__N_CONST, name, dt, ndim, shape, data, 0, 0, 0);
}

ci_tensor ci_const_scalar(ci_graph *g, ci_dtype dt, double value) {
    unsigned char buf[8];
    ci_arg a = ci_arg_float(value);
    ci_tensor bad = {0};
    /* the conversion below would be undefined */
    if (g && !g->status && ci__dtype_ok(dt) && !ci__ops_scalar_fits(dt, &a)) {
        ci__public_graph_error(
                g, CI_ERR_INVALID_ARGS,
                "ci_const_scalar: value %g cannot be converted to type %s without overflow", value,
                ci__dtype_tab[dt].tname);
        return bad;
    }
    memset(buf, 0, sizeof buf);
    switch (dt) {
    case CI_BOOL:
    case CI_U8: buf[0] = (unsigned char)(dt == CI_BOOL ? value != 0 : (int)value); break;
    case CI_I8: {
        signed char v = (signed char)value;
        memcpy(buf, &v, 1);
        break;
    }
    case CI_I16: {
        short v = (short)value;
        memcpy(buf, &v, 2);
        break;
    }
    case CI_I32: {
        int v = (int)value;
        memcpy(buf, &v, 4);
        break;
    }
    case CI_I64: {
        long long v = (long long)value;
        memcpy(buf, &v, 8);
        break;
    }
    case CI_F16: {
        unsigned short v = ci__f2h((float)value);
        memcpy(buf, &v, 2);
        break;
    }
    case CI_BF16: {
        unsigned short v = ci__f2bf((float)value);
        memcpy(buf, &v, 2);
        break;
    }
    case CI_F32: {
        float v = (float)value;
        memcpy(buf, &v, 4);
        break;
    }
    case CI_F64: memcpy(buf, &value, 8); break;
    default: break;
    }
    return ci__public_leaf(g, CI__N_CONST, NULL, dt, 0, NULL, buf, 0, 0, 0);
}

ci_tensor ci_scalar(ci_graph *g, double v) {
    return ci__public_leaf(g, CI__N_SCALAR, NULL, CI_F32, 0, NULL, NULL, v, 0, 3);
}

ci_tensor ci_scalar_int(ci_graph *g, int64_t v) {
    return ci__public_leaf(g, CI__N_SCALAR, NULL, CI_I64, 0, NULL, NULL, 0, v, 2);
}

ci_tensor ci_scalar_bool(ci_graph *g, int v) {
    return ci__public_leaf(g, CI__N_SCALAR, NULL, CI_BOOL, 0, NULL, NULL, 0, v != 0, 1);
}

void ci_output(ci_graph *g, ci_tensor t) {
    uint32_t idx;
    if (!g || g->status) return;
    idx = ci__public_handle_index(g, t);
    if (!idx) {
        ci__public_graph_error(g, CI_ERR_INVALID_ARGS,
                               "ci_output: invalid or foreign tensor handle %u", (unsigned)t.id);
        return;
    }
    if (ci__lower_gt(g, idx)->dt == CI_DTYPE_INVALID) return;
    if (setjmp(g->E.jb)) {
        g->E.armed = 0;
        ci__public_graph_error(g, g->E.code, "%s", g->E.msg);
        return;
    }
    g->E.armed = 1;
    idx = ci__public_scalar_as_const(g, idx);
    ci__vec_push(g->A, &g->outputs, (void *)(uintptr_t)idx);
    g->E.armed = 0;
}

ci_result ci_tensor_set_name(ci_graph *g, ci_tensor t, const char *name) {
    uint32_t idx = g ? ci__public_handle_index(g, t) : 0;
    ci__node *nd, *o;
    int out, k;
    if (!g) return CI_ERR_INVALID_ARGS;
    if (!idx) {
        ci__util_set_error(g->ctx, "ci_tensor_set_name: not a tensor of this graph");
        return CI_ERR_INVALID_ARGS;
    }
    nd = (ci__node *)g->nodes.v[ci__lower_gt(g, idx)->node];
    if (!ci__public_valid_name(name)) {
        ci__util_set_error(g->ctx,
                           "ci_tensor_set_name: invalid name '%.200s' (use [A-Za-z_][A-Za-z0-9_]*)",
                           name ? name : "(null)");
        return CI_ERR_INVALID_ARGS;
    }
    out = ci__lower_gt(g, idx)->out;
    o = ci__public_node_named(g, name);
    if (nd->nout == 1 && o == nd) return CI_OK;
    if (nd->nout > 1 && ci__public_result_named(g, name, &k) == nd && k == out) return CI_OK;
    if (ci__public_name_taken(g, name)) {
        ci__util_set_error(g->ctx, "ci_tensor_set_name: name '%s' is already defined", name);
        return CI_ERR_INVALID_ARGS;
    }
    if (setjmp(g->E.jb)) {
        g->E.armed = 0;
        ci__util_set_error(g->ctx, "ci_tensor_set_name: %s", g->E.msg);
        return g->E.code;
    }
    g->E.armed = 1;
    {
        const char *copy = ci__strdup(g->A, name);   /* before anything changes: it may fail */
        if (nd->nout > 1 && !nd->rname) {
            nd->rname = CI__NEWN(g->A, const char *, nd->nout);
            ci__vec_push(g->A, &g->rnamed, nd);
        }
        ci__public_name_give_way(g, name);
        if (nd->nout > 1) nd->rname[out] = copy;
        else {
            ci__public_name_index_remove(g, nd);
            nd->name = copy;
            nd->auto_named = 0;
            ci__public_name_index_add(g, nd);
        }
    }
    g->E.armed = 0;
    return CI_OK;
}

ci_dtype ci_tensor_dtype(const ci_graph *g, ci_tensor t) {
    uint32_t idx = g ? ci__public_handle_index(g, t) : 0;
    return idx ? ci__lower_gt(g, idx)->dt : CI_DTYPE_INVALID;
}

int ci_tensor_shape(const ci_graph *g, ci_tensor t, int64_t *shape) {
    uint32_t idx = g ? ci__public_handle_index(g, t) : 0;
    const ci__lower_gtensor *gt;
    if (!idx) return -1;
    gt = ci__lower_gt(g, idx);
    if (shape) memcpy(shape, gt->shape, sizeof(int64_t) * (size_t)gt->ndim);
    return gt->ndim;
}

/* deep copy of an argument into the graph; tensor handles become tensor indices */
static void ci__public_copy_arg_d(ci_graph *g, const char *op, int pos, const ci_arg *src,
                                  ci_arg *dst, int depth) {
    int k;
    *dst = *src;
    switch (src->kind) {
    case CI_ARG_NONE:
    case CI_ARG_INT:
    case CI_ARG_FLOAT:
    case CI_ARG_BOOL:
    case CI_ARG_DTYPE: break;
    case CI_ARG_TENSOR:
        dst->u.t.id = ci__public_handle_index(g, src->u.t);
        if (!dst->u.t.id)
            ci__fail(&g->E, CI_ERR_INVALID_ARGS,
                     "%s: argument %d is an invalid or foreign tensor handle (%u)", op, pos,
                     (unsigned)src->u.t.id);
        break;
    case CI_ARG_STRING:
        if (!src->u.s)
            ci__fail(&g->E, CI_ERR_INVALID_ARGS, "%s: argument %d is a NULL string", op, pos);
        dst->u.s = ci__strdup(g->A, src->u.s);
        break;
    case CI_ARG_INTS: case CI_ARG_FLOATS: case CI_ARG_TENSORS: {
        int n = src->kind == CI_ARG_INTS     ? src->u.ints.n
                : src->kind == CI_ARG_FLOATS ? src->u.floats.n
                                             : src->u.tensors.n;
        const void *v = src->kind == CI_ARG_INTS     ? (const void *)src->u.ints.v
                        : src->kind == CI_ARG_FLOATS ? (const void *)src->u.floats.v
                                                     : (const void *)src->u.tensors.v;
        size_t es = src->kind == CI_ARG_INTS     ? sizeof(int64_t)
                    : src->kind == CI_ARG_FLOATS ? sizeof(double)
                                                 : sizeof(ci_tensor);
        void *c;
        if (n > CI_MAX_LIST)
            ci__fail(&g->E, CI_ERR_INVALID_ARGS,
                     "%s: argument %d is a list of %d elements, at most %d are supported", op, pos,
                     n, CI_MAX_LIST);
        if (n < 0 || (n > 0 && !v))
            ci__fail(&g->E, CI_ERR_INVALID_ARGS,
                     "%s: argument %d is a list with a bad length or NULL data", op, pos);
        c = ci__arena_alloc(g->A, es * (size_t)(n ? n : 1));
        if (n) memcpy(c, v, es * (size_t)n);
        if (src->kind == CI_ARG_TENSORS) {
            ci_tensor *t = (ci_tensor *)c;
            for (k = 0; k < n; k++) {   /* id 0 in a list is None (index.Tensor's indices) */
                if (!t[k].id) continue;
                t[k].id = ci__public_handle_index(g, t[k]);
                if (!t[k].id)
                    ci__fail(&g->E, CI_ERR_INVALID_ARGS,
                             "%s: argument %d, element %d is an invalid or foreign tensor handle",
                             op, pos, k);
                t[k].id = ci__public_scalar_as_const(g, t[k].id);
            }
            dst->u.tensors.v = t;
        } else if (src->kind == CI_ARG_INTS) dst->u.ints.v = (const int64_t *)c;
        else dst->u.floats.v = (const double *)c;
        break;
    }
    case CI_ARG_LIST: {   /* nested lists of numbers, strings, dtypes, None and lists */
        ci_arg *c;
        if (src->u.list.n > CI_MAX_LIST)
            ci__fail(&g->E, CI_ERR_INVALID_ARGS,
                     "%s: argument %d is a nested list of %d elements, at most %d are supported",
                     op, pos, src->u.list.n, CI_MAX_LIST);
        if (src->u.list.n < 0 || (src->u.list.n > 0 && !src->u.list.v) || depth > 32)
            ci__fail(&g->E, CI_ERR_INVALID_ARGS,
                     "%s: argument %d is a nested list with a bad length, NULL data or too deep",
                     op, pos);
        c = CI__NEWN(g->A, ci_arg, src->u.list.n);
        for (k = 0; k < src->u.list.n; k++) {
            if (src->u.list.v[k].kind == CI_ARG_TENSOR || src->u.list.v[k].kind == CI_ARG_TENSORS)
                ci__fail(&g->E, CI_ERR_INVALID_ARGS,
                         "%s: argument %d: a nested list cannot hold tensors", op, pos);
            ci__public_copy_arg_d(g, op, pos, &src->u.list.v[k], &c[k], depth + 1);
        }
        dst->u.list.v = c;
        break;
    }
    default:
        ci__fail(&g->E, CI_ERR_INVALID_ARGS, "%s: argument %d has an invalid kind %d", op, pos,
                 (int)src->kind);
    }
}

static void ci__public_copy_arg(ci_graph *g, const char *op, int pos, const ci_arg *src,
                                ci_arg *dst) {
    ci__public_copy_arg_d(g, op, pos, src, dst, 0);
}

int ci_call(ci_graph *g, const char *op, int nargs, const ci_arg *args, int nkwargs,
            const ci_kwarg *kwargs, ci_tensor *outs, int max_outs) {
    ci__node *nd;
    int i, n;
    char name[32];
    if (!g || g->status) return 0;
    if (!op || nargs < 0 || nkwargs < 0 || (nargs && !args) || (nkwargs && !kwargs) ||
        max_outs < 0 || (max_outs && !outs)) {
        ci__public_graph_error(g, CI_ERR_INVALID_ARGS,
                               "ci_call(%s): invalid arguments (NULL pointer or negative count)",
                               op ? op : "NULL");
        return 0;
    }
    if (nargs > CI_MAX_ARGS || nkwargs > CI_MAX_ARGS) {
        ci__public_graph_error(g, CI_ERR_INVALID_ARGS,
                               "ci_call(%.200s): %d %s arguments, at most %d are supported", op,
                               nargs > CI_MAX_ARGS ? nargs : nkwargs,
                               nargs > CI_MAX_ARGS ? "positional" : "keyword", CI_MAX_ARGS);
        return 0;
    }
    {   /* the name ci__public_node_name will give it */
        int k = g->nauto;
        do snprintf(name, sizeof name, "t%d", k++);
        while (ci__public_name_used(g, name));
    }
    if (setjmp(g->E.jb)) {
        g->E.armed = 0;
        ci__public_graph_error(g, g->E.code, "node %s = %s(...): %s", name, op, g->E.msg);
        return 0;
    }
    g->E.armed = 1;
    nd = CI__NEW(g->A, ci__node);
    nd->kind = CI__N_CALL;
    nd->op = ci__strdup(g->A, op);
    nd->nargs = nargs; nd->nkw = nkwargs;
    nd->args = CI__NEWN(g->A, ci_arg, nargs);
    nd->kw = CI__NEWN(g->A, ci_kwarg, nkwargs);
    for (i = 0; i < nargs; i++) ci__public_copy_arg(g, op, i, &args[i], &nd->args[i]);
    for (i = 0; i < nkwargs; i++) {
        if (!kwargs[i].name || !ci__public_valid_name(kwargs[i].name))
            ci__fail(&g->E, CI_ERR_INVALID_ARGS, "%s: keyword argument %d has an invalid name", op,
                     i);
        nd->kw[i].name = ci__strdup(g->A, kwargs[i].name);
        ci__public_copy_arg(g, op, nargs + i, &kwargs[i].value, &nd->kw[i].value);
    }
    nd->name = ci__public_node_name(g, NULL, "t");
    nd->auto_named = 1;
    {
        /* lower on the build-time state, then count the results */
        ci_tensor res[CI_MAX_OUTPUTS];
        ci__public_graph_meta(g);
        ci__public_graph_map_reserve(g, g->tensors.n + 70);
        n = ci__public_meta_call(g, nd, res);
        nd->nout = n;
        nd->out0 = (uint32_t)g->tensors.n + 1;
        ci__vec_push(g->A, &g->nodes, nd);
        ci__public_name_index_add(g, nd);
        for (i = 0; i < n; i++) {
            ci__lower_gtensor *t = CI__NEW(g->A, ci__lower_gtensor);
            ci__box *b = ci__ir_box_get(g->meta, res[i]);
            t->node = g->nodes.n - 1; t->out = i;
            t->dt = b->dt; t->ndim = b->ndim;
            memcpy(t->shape, b->size, sizeof(int64_t) * (size_t)b->ndim);
                g->meta_map[nd->out0 + (uint32_t)i] = (uint32_t)b->id;
            ci__public_graph_push_tensor(g, t);
        }
        ci__public_meta_after(g, nd);
    }
    g->E.armed = 0;
    for (i = 0; i < n && i < max_outs; i++) outs[i] = ci__public_handle(g, nd->out0 + (uint32_t)i);
    return n;
}

ci_tensor ci_call1(ci_graph *g, const char *op, int nargs, const ci_arg *args, int nkwargs,
                   const ci_kwarg *kwargs) {
    ci_tensor t = {0};
    ci_call(g, op, nargs, args, nkwargs, kwargs, &t, 1);
    return t;
}

/* -- builders: thin wrappers over ci_call -- */
static ci_tensor ci__public_b1(ci_graph *g, const char *op, ci_tensor x) {
    ci_arg a = ci_arg_tensor(x);
    return ci_call1(g, op, 1, &a, 0, NULL);
}

static ci_tensor ci__public_b2(ci_graph *g, const char *op, ci_tensor x, ci_tensor y) {
    ci_arg a[2];
    a[0] = ci_arg_tensor(x); a[1] = ci_arg_tensor(y);
    return ci_call1(g, op, 2, a, 0, NULL);
}

ci_tensor ci_add(ci_graph *g, ci_tensor a, ci_tensor b) {
    return ci__public_b2(g, "aten.add.Tensor", a, b);
}

ci_tensor ci_sub(ci_graph *g, ci_tensor a, ci_tensor b) {
    return ci__public_b2(g, "aten.sub.Tensor", a, b);
}

static ci_tensor ci__public_alpha(ci_graph *g, const char *op, ci_tensor a, ci_tensor b,
                                  double alpha) {
    ci_arg x[2];
    ci_kwarg k;
    x[0] = ci_arg_tensor(a); x[1] = ci_arg_tensor(b);
    k.name = "alpha";
    k.value = alpha == floor(alpha) && fabs(alpha) < 9e15 ? ci_arg_int((int64_t)alpha)
                                                          : ci_arg_float(alpha);
    return ci_call1(g, op, 2, x, 1, &k);
}

ci_tensor ci_add_alpha(ci_graph *g, ci_tensor a, ci_tensor b, double alpha) {
    return ci__public_alpha(g, "aten.add.Tensor", a, b, alpha);
}

ci_tensor ci_sub_alpha(ci_graph *g, ci_tensor a, ci_tensor b, double alpha) {
    return ci__public_alpha(g, "aten.sub.Tensor", a, b, alpha);
}

ci_tensor ci_mul(ci_graph *g, ci_tensor a, ci_tensor b) {
    return ci__public_b2(g, "aten.mul.Tensor", a, b);
}

ci_tensor ci_div(ci_graph *g, ci_tensor a, ci_tensor b) {
    return ci__public_b2(g, "aten.div.Tensor", a, b);
}

ci_tensor ci_div_mode(ci_graph *g, ci_tensor a, ci_tensor b, const char *mode) {
    ci_arg x[2];
    ci_kwarg k;
    x[0] = ci_arg_tensor(a); x[1] = ci_arg_tensor(b);
    k.name = "rounding_mode"; k.value = mode ? ci_arg_string(mode) : ci_arg_none();
    return ci_call1(g, "aten.div.Tensor_mode", 2, x, 1, &k);
}

ci_tensor ci_pow(ci_graph *g, ci_tensor a, ci_tensor b) {
    return ci__public_b2(g, "aten.pow.Tensor_Tensor", a, b);
}

ci_tensor ci_maximum(ci_graph *g, ci_tensor a, ci_tensor b) {
    return ci__public_b2(g, "aten.maximum.default", a, b);
}

ci_tensor ci_minimum(ci_graph *g, ci_tensor a, ci_tensor b) {
    return ci__public_b2(g, "aten.minimum.default", a, b);
}

ci_tensor ci_eq(ci_graph *g, ci_tensor a, ci_tensor b) {
    return ci__public_b2(g, "aten.eq.Tensor", a, b);
}

ci_tensor ci_ne(ci_graph *g, ci_tensor a, ci_tensor b) {
    return ci__public_b2(g, "aten.ne.Tensor", a, b);
}

ci_tensor ci_lt(ci_graph *g, ci_tensor a, ci_tensor b) {
    return ci__public_b2(g, "aten.lt.Tensor", a, b);
}

ci_tensor ci_le(ci_graph *g, ci_tensor a, ci_tensor b) {
    return ci__public_b2(g, "aten.le.Tensor", a, b);
}

ci_tensor ci_gt(ci_graph *g, ci_tensor a, ci_tensor b) {
    return ci__public_b2(g, "aten.gt.Tensor", a, b);
}

ci_tensor ci_ge(ci_graph *g, ci_tensor a, ci_tensor b) {
    return ci__public_b2(g, "aten.ge.Tensor", a, b);
}

ci_tensor ci_logical_and(ci_graph *g, ci_tensor a, ci_tensor b) {
    return ci__public_b2(g, "aten.logical_and.default", a, b);
}

ci_tensor ci_logical_or(ci_graph *g, ci_tensor a, ci_tensor b) {
    return ci__public_b2(g, "aten.logical_or.default", a, b);
}

ci_tensor ci_logical_not(ci_graph *g, ci_tensor x) {
    return ci__public_b1(g, "aten.logical_not.default", x);
}

ci_tensor ci_neg(ci_graph *g, ci_tensor x) { return ci__public_b1(g, "aten.neg.default", x); }
ci_tensor ci_abs(ci_graph *g, ci_tensor x) { return ci__public_b1(g, "aten.abs.default", x); }
ci_tensor ci_exp(ci_graph *g, ci_tensor x) { return ci__public_b1(g, "aten.exp.default", x); }
ci_tensor ci_log(ci_graph *g, ci_tensor x) { return ci__public_b1(g, "aten.log.default", x); }
ci_tensor ci_sqrt(ci_graph *g, ci_tensor x) { return ci__public_b1(g, "aten.sqrt.default", x); }
ci_tensor ci_rsqrt(ci_graph *g, ci_tensor x) { return ci__public_b1(g, "aten.rsqrt.default", x); }
ci_tensor ci_sin(ci_graph *g, ci_tensor x) { return ci__public_b1(g, "aten.sin.default", x); }
ci_tensor ci_cos(ci_graph *g, ci_tensor x) { return ci__public_b1(g, "aten.cos.default", x); }
ci_tensor ci_tanh(ci_graph *g, ci_tensor x) { return ci__public_b1(g, "aten.tanh.default", x); }
ci_tensor ci_sigmoid(ci_graph *g, ci_tensor x) {
    return ci__public_b1(g, "aten.sigmoid.default", x);
}

ci_tensor ci_relu(ci_graph *g, ci_tensor x) { return ci__public_b1(g, "aten.relu.default", x); }
ci_tensor ci_erf(ci_graph *g, ci_tensor x) { return ci__public_b1(g, "aten.erf.default", x); }
ci_tensor ci_clone(ci_graph *g, ci_tensor x) { return ci__public_b1(g, "aten.clone.default", x); }
ci_tensor ci_t(ci_graph *g, ci_tensor x) { return ci__public_b1(g, "aten.t.default", x); }
ci_tensor ci_silu(ci_graph *g, ci_tensor x) { return ci__public_b1(g, "aten.silu.default", x); }
ci_tensor ci_zeros_like(ci_graph *g, ci_tensor x) {
    return ci__public_b1(g, "aten.zeros_like.default", x);
}

ci_tensor ci_ones_like(ci_graph *g, ci_tensor x) {
    return ci__public_b1(g, "aten.ones_like.default", x);
}

ci_tensor ci_clamp(ci_graph *g, ci_tensor x, ci_tensor lo, ci_tensor hi) {
    ci_arg a[3];
    a[0] = ci_arg_tensor(x);
    a[1] = lo.id ? ci_arg_tensor(lo) : ci_arg_none();
    a[2] = hi.id ? ci_arg_tensor(hi) : ci_arg_none();
    return ci_call1(g, "aten.clamp.Tensor", 3, a, 0, NULL);
}

ci_tensor ci_where(ci_graph *g, ci_tensor c, ci_tensor a, ci_tensor b) {
    ci_arg x[3];
    x[0] = ci_arg_tensor(c);
    x[1] = ci_arg_tensor(a);
    x[2] = ci_arg_tensor(b);
    return ci_call1(g, "aten.where.self", 3, x, 0, NULL);
}

ci_tensor ci_to(ci_graph *g, ci_tensor x, ci_dtype dt) {
    ci_arg a = ci_arg_tensor(x);
    ci_kwarg k;
    k.name = "dtype"; k.value = ci_arg_dtype(dt);
    return ci_call1(g, "aten._to_copy.default", 1, &a, 1, &k);
}

static ci_tensor ci__public_bred(ci_graph *g, const char *op, ci_tensor x, int ndims,
                                 const int64_t *dims, int keepdim) {
    ci_arg a[3];
    a[0] = ci_arg_tensor(x);
    a[1] = (ndims > 0 && dims) ? ci_arg_ints(dims, ndims) : ci_arg_none();
    a[2] = ci_arg_bool(keepdim);
    return ci_call1(g, op, 3, a, 0, NULL);
}

ci_tensor ci_sum(ci_graph *g, ci_tensor x, int nd, const int64_t *dims, int keepdim) {
    return ci__public_bred(g, "aten.sum.dim_IntList", x, nd, dims, keepdim);
}

ci_tensor ci_mean(ci_graph *g, ci_tensor x, int nd, const int64_t *dims, int keepdim) {
    return ci__public_bred(g, "aten.mean.dim", x, nd, dims, keepdim);
}

ci_tensor ci_amax(ci_graph *g, ci_tensor x, int nd, const int64_t *dims, int keepdim) {
    ci_arg a[3];
    a[0] = ci_arg_tensor(x);
    a[1] = ci_arg_ints(dims, (nd > 0 && dims) ? nd : 0);
    a[2] = ci_arg_bool(keepdim);
    return ci_call1(g, "aten.amax.default", 3, a, 0, NULL);
}

ci_tensor ci_amin(ci_graph *g, ci_tensor x, int nd, const int64_t *dims, int keepdim) {
    ci_arg a[3];
    a[0] = ci_arg_tensor(x);
    a[1] = ci_arg_ints(dims, (nd > 0 && dims) ? nd : 0);
    a[2] = ci_arg_bool(keepdim);
    return ci_call1(g, "aten.amin.default", 3, a, 0, NULL);
}

static ci_tensor ci__public_bdim(ci_graph *g, const char *op_all, const char *op_dim, ci_tensor x,
                                 int64_t dim, int keepdim) {
    ci_arg a[3];
    a[0] = ci_arg_tensor(x);
    if (dim == CI_DIM_NONE) {
        if (keepdim) {
            a[1] = ci_arg_none();
            a[2] = ci_arg_bool(keepdim);
            return ci_call1(g, op_dim, 3, a, 0, NULL);
        }
        return ci_call1(g, op_all, 1, a, 0, NULL);
    }
    a[1] = ci_arg_int(dim); a[2] = ci_arg_bool(keepdim);
    return ci_call1(g, op_dim, 3, a, 0, NULL);
}

ci_tensor ci_prod(ci_graph *g, ci_tensor x, int64_t dim, int keepdim) {
    return ci__public_bdim(g, "aten.prod.default",
                           dim == CI_DIM_NONE ? "aten.prod" : "aten.prod.dim_int", x, dim, keepdim);
}

ci_tensor ci_any(ci_graph *g, ci_tensor x, int64_t dim, int keepdim) {
    return ci__public_bdim(g, "aten.any.default", dim == CI_DIM_NONE ? "aten.any" : "aten.any.dim",
                           x, dim, keepdim);
}

ci_tensor ci_all(ci_graph *g, ci_tensor x, int64_t dim, int keepdim) {
    return ci__public_bdim(g, "aten.all.default", dim == CI_DIM_NONE ? "aten.all" : "aten.all.dim",
                           x, dim, keepdim);
}

ci_tensor ci_argmax(ci_graph *g, ci_tensor x, int64_t dim, int keepdim) {
    return ci__public_bdim(g, "aten.argmax.default", "aten.argmax.default", x, dim, keepdim);
}

ci_tensor ci_argmin(ci_graph *g, ci_tensor x, int64_t dim, int keepdim) {
    return ci__public_bdim(g, "aten.argmin.default", "aten.argmin.default", x, dim, keepdim);
}

int ci_max_dim(ci_graph *g, ci_tensor x, int64_t dim, int keepdim, ci_tensor *values,
               ci_tensor *indices) {
    ci_arg a[3];
    ci_tensor o[2];
    int n;
    a[0] = ci_arg_tensor(x);
    a[1] = ci_arg_int(dim);
    a[2] = ci_arg_bool(keepdim);
    o[0].id = o[1].id = 0;
    n = ci_call(g, "aten.max.dim", 3, a, 0, NULL, o, 2);
    if (values) *values = o[0];
    if (indices) *indices = o[1];
    return n == 2;
}

static ci_tensor ci__public_bshape(ci_graph *g, const char *op, ci_tensor x, int n,
                                   const int64_t *s) {
    ci_arg a[2];
    a[0] = ci_arg_tensor(x); a[1] = ci_arg_ints(s, n);
    return ci_call1(g, op, 2, a, 0, NULL);
}

ci_tensor ci_view(ci_graph *g, ci_tensor x, int n, const int64_t *s) {
    return ci__public_bshape(g, "aten.view.default", x, n, s);
}

ci_tensor ci_reshape(ci_graph *g, ci_tensor x, int n, const int64_t *s) {
    return ci__public_bshape(g, "aten.reshape.default", x, n, s);
}

ci_tensor ci_permute(ci_graph *g, ci_tensor x, int n, const int64_t *d) {
    return ci__public_bshape(g, "aten.permute.default", x, n, d);
}

ci_tensor ci_expand(ci_graph *g, ci_tensor x, int n, const int64_t *s) {
    return ci__public_bshape(g, "aten.expand.default", x, n, s);
}

ci_tensor ci_transpose(ci_graph *g, ci_tensor x, int64_t d0, int64_t d1) {
    ci_arg a[3];
    a[0] = ci_arg_tensor(x);
    a[1] = ci_arg_int(d0);
    a[2] = ci_arg_int(d1);
    return ci_call1(g, "aten.transpose.int", 3, a, 0, NULL);
}

ci_tensor ci_squeeze(ci_graph *g, ci_tensor x, int64_t dim) {
    ci_arg a[2];
    a[0] = ci_arg_tensor(x); a[1] = ci_arg_int(dim);
    return dim == CI_DIM_NONE ? ci_call1(g, "aten.squeeze.default", 1, a, 0, NULL)
                              : ci_call1(g, "aten.squeeze.dim", 2, a, 0, NULL);
}

ci_tensor ci_unsqueeze(ci_graph *g, ci_tensor x, int64_t dim) {
    ci_arg a[2];
    a[0] = ci_arg_tensor(x); a[1] = ci_arg_int(dim);
    return ci_call1(g, "aten.unsqueeze.default", 2, a, 0, NULL);
}

ci_tensor ci_slice(ci_graph *g, ci_tensor x, int64_t dim, int64_t start, int64_t end,
                   int64_t step) {
    ci_arg a[5];
    a[0] = ci_arg_tensor(x);
    a[1] = ci_arg_int(dim);
    a[2] = ci_arg_int(start);
    a[3] = ci_arg_int(end);
    a[4] = ci_arg_int(step);
    return ci_call1(g, "aten.slice.Tensor", 5, a, 0, NULL);
}

ci_tensor ci_select(ci_graph *g, ci_tensor x, int64_t dim, int64_t index) {
    ci_arg a[3];
    a[0] = ci_arg_tensor(x);
    a[1] = ci_arg_int(dim);
    a[2] = ci_arg_int(index);
    return ci_call1(g, "aten.select.int", 3, a, 0, NULL);
}

ci_tensor ci_as_strided(ci_graph *g, ci_tensor x, int n, const int64_t *size, const int64_t *stride,
                        int64_t off) {
    ci_arg a[4];
    a[0] = ci_arg_tensor(x);
    a[1] = ci_arg_ints(size, n);
    a[2] = ci_arg_ints(stride, n);
    a[3] = ci_arg_int(off);
    return ci_call1(g, "aten.as_strided.default", 4, a, 0, NULL);
}

static ci_tensor ci__public_bfull(ci_graph *g, const char *op, int n, const int64_t *s,
                                  const ci_arg *fill, ci_dtype dt) {
    ci_arg a[2];
    ci_kwarg k;
    int na = 1;
    a[0] = ci_arg_ints(s, n);
    if (fill) a[na++] = *fill;
    k.name = "dtype"; k.value = dt ? ci_arg_dtype(dt) : ci_arg_none();
    return ci_call1(g, op, na, a, 1, &k);
}

ci_tensor ci_full(ci_graph *g, int n, const int64_t *s, double v, ci_dtype dt) {
    ci_arg f = ci_arg_float(v);
    return ci__public_bfull(g, "aten.full.default", n, s, &f, dt ? dt : CI_F32);
}

ci_tensor ci_zeros(ci_graph *g, int n, const int64_t *s, ci_dtype dt) {
    return ci__public_bfull(g, "aten.zeros.default", n, s, NULL, dt);
}

ci_tensor ci_ones(ci_graph *g, int n, const int64_t *s, ci_dtype dt) {
    return ci__public_bfull(g, "aten.ones.default", n, s, NULL, dt);
}

ci_tensor ci_arange(ci_graph *g, double start, double end, double step, ci_dtype dt) {
    ci_arg a[3];
    ci_kwarg k;
    /* whole numbers int64 holds pass as ints (converting others would be undefined) */
#define CI__PUBLIC_INT64_EXACT(x) \
    ((x) == floor(x) && (x) >= -9223372036854775808.0 && (x) < 9223372036854775808.0)
    int isint = CI__PUBLIC_INT64_EXACT(start) && CI__PUBLIC_INT64_EXACT(end) &&
                CI__PUBLIC_INT64_EXACT(step);
#undef CI__PUBLIC_INT64_EXACT
    a[0] = isint ? ci_arg_int((int64_t)start) : ci_arg_float(start);
    a[1] = isint ? ci_arg_int((int64_t)end) : ci_arg_float(end);
    a[2] = isint ? ci_arg_int((int64_t)step) : ci_arg_float(step);
    k.name = "dtype"; k.value = dt ? ci_arg_dtype(dt) : ci_arg_none();
    return ci_call1(g, "aten.arange.start_step", 3, a, 1, &k);
}

ci_tensor ci_softmax(ci_graph *g, ci_tensor x, int64_t dim) {
    ci_arg a[3];
    a[0] = ci_arg_tensor(x);
    a[1] = ci_arg_int(dim);
    a[2] = ci_arg_bool(0);
    return ci_call1(g, "aten._softmax.default", 3, a, 0, NULL);
}

ci_tensor ci_log_softmax(ci_graph *g, ci_tensor x, int64_t dim) {
    ci_arg a[3];
    a[0] = ci_arg_tensor(x);
    a[1] = ci_arg_int(dim);
    a[2] = ci_arg_bool(0);
    return ci_call1(g, "aten._log_softmax.default", 3, a, 0, NULL);
}

ci_tensor ci_gelu(ci_graph *g, ci_tensor x, const char *approximate) {
    ci_arg a = ci_arg_tensor(x);
    ci_kwarg k;
    k.name = "approximate"; k.value = ci_arg_string(approximate ? approximate : "none");
    return ci_call1(g, "aten.gelu.default", 1, &a, 1, &k);
}

ci_tensor ci_layer_norm(ci_graph *g, ci_tensor x, int nn, const int64_t *ns, ci_tensor w,
                        ci_tensor b, double eps) {
    ci_arg a[5];
    a[0] = ci_arg_tensor(x); a[1] = ci_arg_ints(ns, nn);
    a[2] = w.id ? ci_arg_tensor(w) : ci_arg_none();
    a[3] = b.id ? ci_arg_tensor(b) : ci_arg_none();
    a[4] = ci_arg_float(eps);
    return ci_call1(g, "aten.layer_norm.default", 5, a, 0, NULL);
}

/* -- compiling: the pipeline -- */
/* the passes, in order; p->be is the backend */
static void ci__compile(ci_program *p, ci_graph *g, const ci_compile_desc *d, unsigned dbg) {
    p->L = ci__lower_new(g->ctx, p->A, &p->E, 0);
    p->L->gpu = p->be->device == CI_DEVICE_CUDA;
    ci__lower_graph(p->L, g);                              /* >>lower: graph -> buffers, kernels */
    ci__sched_kernels(p->L, !d->unfused);                  /* >>sched: names, dead code, fusion */
    ci__plan_program(p, d->user_arena);                    /* >>plan: slots, B[], the arena */
    if (p->be->needs & CI__BE_SOURCE) ci__cemit_source(p); /* >>cemit: the C */
    p->be_data = p->be->compile(p);                        /* the backend */
    ci__cuda_check_source(p);                              /* >>cuda: CINDUCTOR_CHECK_CUDA */
    if (dbg) ci__dbg_dump(p, g, dbg);                      /* >>dbg */
    ci__rt_start(p);                                       /* >>rt: the thread pool */
}

ci_result ci_compile(ci_graph *g, const ci_compile_desc *desc, ci_program **out) {
    ci_compile_desc d;
    ci_program *p;
    ci_ctx *ctx;
    const ci__backend *be;
    char why[200];
    int i;
    if (out) *out = NULL;
    if (!g || !out) {
        if (g) ci__util_set_error(g->ctx, "ci_compile: NULL argument");
        return CI_ERR_INVALID_ARGS;
    }
    ctx = g->ctx;
    if (g->status) { ci__util_set_error(ctx, "%s", g->msg); return g->status; }
    if (g->outputs.n == 0) {
        ci__util_set_error(ctx, "ci_compile: the graph has no outputs (call ci_output)");
        return CI_ERR_INVALID_ARGS;
    }
    /* compiling does not read it; a node added later rebuilds it */
    ci__public_graph_meta_release(g);
    if (desc) d = *desc; else memset(&d, 0, sizeof d);
    if (d.device < 0 || d.device >= CI_DEVICE_COUNT || d.backend < 0 ||
        d.backend >= CI_BACKEND_COUNT) {
        ci__util_set_error(ctx, "ci_compile: invalid device or backend");
        return CI_ERR_INVALID_ARGS;
    }
    be = ci__rt_backend(d.device, d.backend, why, sizeof why);
    if (!be) { ci__util_set_error(ctx, "ci_compile: %s", why); return CI_ERR_BACKEND_UNAVAILABLE; }
    p = (ci_program *)ci__malloc(ctx, sizeof(ci_program));
    if (!p) { ci__util_set_error(ctx, "out of memory"); return CI_ERR_OUT_OF_MEMORY; }
    memset(p, 0, sizeof *p);
    p->ctx = ctx;
    p->be = be;
    p->run_ms = -1;
    p->A = ci__arena_new(ctx, &p->E);
    if (!p->A) {
        ci__mfree(ctx, p, sizeof *p);
        ci__util_set_error(ctx, "out of memory");
        return CI_ERR_OUT_OF_MEMORY;
    }
    ci__public_ctx_retain(ctx);   /* released by ci_program_destroy, on failure too */
    if (setjmp(p->E.jb)) {
        ci_result r = p->E.code;
        if (p->L && p->L->node_name && strcmp(p->L->node_op ? p->L->node_op : "", "output"))
            ci__util_set_error(ctx, "node %s = %s(...): %s", p->L->node_name,
                               p->L->node_op ? p->L->node_op : "", p->E.msg);
        else ci__util_set_error(ctx, "%s", p->E.msg);
        p->E.armed = 0;
        ci_program_destroy(p);
        return r;
    }
    p->E.armed = 1;
    p->nin = g->ninputs;
    p->nout = g->outputs.n;
    p->num_threads = d.num_threads > 0 ? d.num_threads : ctx->desc.num_threads;
    p->seed = (long long)d.seed;
    p->cuda_device = d.device_index;
    p->cuda_cache = d.cache_dir ? ci__strdup(p->A, d.cache_dir) : NULL;
    p->in_dt = CI__NEWN(p->A, ci_dtype, p->nin);
    p->out_dt = CI__NEWN(p->A, ci_dtype, p->nout);
    p->in_nd = CI__NEWN(p->A, int, p->nin);
    p->out_nd = CI__NEWN(p->A, int, p->nout);
    p->in_shape = CI__NEWN(p->A, int64_t, p->nin * CI_MAX_DIMS);
    p->out_shape = CI__NEWN(p->A, int64_t, p->nout * CI_MAX_DIMS);
    for (i = 0; i < g->nodes.n; i++) {
        const ci__node *nd = (const ci__node *)g->nodes.v[i];
        if (nd->kind != CI__N_INPUT) continue;
        p->in_dt[nd->ival] = nd->dt; p->in_nd[nd->ival] = nd->ndim;
        memcpy(p->in_shape + nd->ival * CI_MAX_DIMS, nd->shape, sizeof(int64_t) * (size_t)nd->ndim);
    }
    for (i = 0; i < p->nout; i++) {
        const ci__lower_gtensor *t = ci__lower_gt(g, (uint32_t)(uintptr_t)g->outputs.v[i]);
        p->out_dt[i] = t->dt; p->out_nd[i] = t->ndim;
        memcpy(p->out_shape + i * CI_MAX_DIMS, t->shape, sizeof(int64_t) * (size_t)t->ndim);
    }
    /* still armed: running out of memory while printing fails the compile, as any other step */
    ci__compile(p, g, &d, ctx->desc.debug | d.debug);
    p->E.armed = 0;
    *out = p;
    return CI_OK;
}

/* ci_program_run (device 0) and ci_program_run_device (1): the checks, the run, its errors */
static ci_result ci__public_run(ci_program *p, int nin, const void *const *inputs, int nout,
                                void *const *outputs, int device, void *stream) {
    int i, r;
    if (!p) return CI_ERR_INVALID_ARGS;
    if (device && p->be->device != CI_DEVICE_CUDA) {
        ci__util_set_error(p->ctx, "ci_program_run_device: the program runs on the CPU (%s); "
                                   "use ci_program_run", p->be->name);
        return CI_ERR_INVALID_ARGS;
    }
    if (nin != p->nin || nout != p->nout) {
        ci__util_set_error(
                p->ctx, "ci_program_run: the program takes %d inputs and %d outputs, got %d and %d",
                p->nin, p->nout, nin, nout);
        return CI_ERR_INVALID_ARGS;
    }
    if ((nin && !inputs) || (nout && !outputs)) {
        ci__util_set_error(p->ctx, "ci_program_run: NULL input or output array list");
        return CI_ERR_INVALID_ARGS;
    }
    for (i = 0; i < nin; i++) {
        if (!inputs[i] && ci__ir_numel(p->in_nd[i], p->in_shape + i * CI_MAX_DIMS) > 0) {
            ci__util_set_error(p->ctx, "ci_program_run: input %d is NULL", i);
            return CI_ERR_INVALID_ARGS;
        }
        p->B[i] = (void *)(uintptr_t)inputs[i];
    }
    for (i = 0; i < nout; i++) {
        if (!outputs[i] && ci__ir_numel(p->out_nd[i], p->out_shape + i * CI_MAX_DIMS) > 0) {
            ci__util_set_error(p->ctx, "ci_program_run: output %d is NULL", i);
            return CI_ERR_INVALID_ARGS;
        }
        p->B[nin + i] = outputs[i];
    }
    if (!p->has_arena) {
        ci__util_set_error(p->ctx, "ci_program_run: the program has no arena (compiled with "
                                   "user_arena: call ci_program_set_arena)");
        return CI_ERR_INVALID_ARGS;
    }
    if (p->be->device == CI_DEVICE_CUDA && ci__cuda_set_io(p, device, inputs, outputs, stream))
        return CI_ERR_INVALID_ARGS;
    p->failed_extern = 0;
    memset(&p->run_error, 0, sizeof p->run_error);
    r = p->be->run(p);
    if (r || p->run_error.code) {
        const ci__rterr *re = &p->run_error;
        const ci__ir_check *c = re->site > 0 && re->site <= p->L->checks.n
                                        ? (const ci__ir_check *)p->L->checks.v[re->site - 1]
                                        : NULL;
        char where[400] = "";
        if (c) snprintf(where, sizeof where, " in node %.150s (%.150s)", c->node, c->op);
        if (re->code == CI__CEMIT_CHECK_ZERODIV)
            ci__util_set_error(
                    p->ctx, "ci_program_run: ZeroDivisionError: integer division by zero%s", where);
        else if (re->code && c)
            ci__util_set_error(p->ctx,
                               "ci_program_run: index %lld is out of bounds for dimension of size "
                               "%lld%s (an index tensor holds "
                               "a value out of range for the tensor it indexes)",
                               re->value, (long long)c->size, where);
        else if (re->code)
            ci__util_set_error(p->ctx,
                               "ci_program_run: index %lld: an index tensor holds a value out of "
                               "range for the tensor it indexes",
                               re->value);
        if (p->failed_extern) {
            ci__group *g = p->kernels[p->failed_extern - 1];
            ci__util_set_error(p->ctx, "extern kernel %s (%s) reported failure", g->name,
                               ((ci__kernel *)g->m.v[0])->ext->name);
        }
        return CI_ERR_RUNTIME;
    }
    return CI_OK;
}

ci_result ci_program_run(ci_program *p, int nin, const void *const *inputs, int nout,
                         void *const *outputs) {
    return ci__public_run(p, nin, inputs, nout, outputs, 0, NULL);
}

ci_result ci_program_run_device(ci_program *p, int nin, const void *const *inputs, int nout,
                                void *const *outputs, void *stream) {
    return ci__public_run(p, nin, inputs, nout, outputs, 1, stream);
}

ci_result ci_cuda_alloc(ci_ctx *ctx, int device, size_t bytes, void **dptr) {
    if (!ctx || !dptr) return CI_ERR_INVALID_ARGS;
    return ci__cuda_mem(ctx, 0, device, NULL, NULL, bytes, dptr);
}

ci_result ci_cuda_free(ci_ctx *ctx, int device, void *dptr) {
    if (!ctx) return CI_ERR_INVALID_ARGS;
    return ci__cuda_mem(ctx, 1, device, dptr, NULL, 0, NULL);
}

ci_result ci_cuda_copy_to_device(ci_ctx *ctx, int device, void *dst, const void *src,
                                 size_t bytes) {
    if (!ctx || (bytes && (!dst || !src))) return CI_ERR_INVALID_ARGS;
    return ci__cuda_mem(ctx, 2, device, dst, src, bytes, NULL);
}

ci_result ci_cuda_copy_to_host(ci_ctx *ctx, int device, void *dst, const void *src,
                               size_t bytes) {
    if (!ctx || (bytes && (!dst || !src))) return CI_ERR_INVALID_ARGS;
    return ci__cuda_mem(ctx, 3, device, dst, src, bytes, NULL);
}

int ci_program_num_inputs(const ci_program *p) { return p ? p->nin : 0; }
int ci_program_num_outputs(const ci_program *p) { return p ? p->nout : 0; }
ci_dtype ci_program_input_dtype(const ci_program *p, int i) {
    return (p && i >= 0 && i < p->nin) ? p->in_dt[i] : CI_DTYPE_INVALID;
}

ci_dtype ci_program_output_dtype(const ci_program *p, int i) {
    return (p && i >= 0 && i < p->nout) ? p->out_dt[i] : CI_DTYPE_INVALID;
}

int ci_program_input_shape(const ci_program *p, int i, int64_t *shape) {
    if (!p || i < 0 || i >= p->nin) return -1;
    if (shape) memcpy(shape, p->in_shape + i * CI_MAX_DIMS, sizeof(int64_t) * (size_t)p->in_nd[i]);
    return p->in_nd[i];
}

int ci_program_output_shape(const ci_program *p, int i, int64_t *shape) {
    if (!p || i < 0 || i >= p->nout) return -1;
    if (shape)
        memcpy(shape, p->out_shape + i * CI_MAX_DIMS, sizeof(int64_t) * (size_t)p->out_nd[i]);
    return p->out_nd[i];
}

int ci_program_output_shape_after_run(const ci_program *p, int i, int64_t *shape) {
    int k;
    if (!p || i < 0 || i >= p->nout) return -1;
    /* output i's buffer, or the data-dependent one it copies */
    for (k = 0; k < p->L->bufs.n; k++) {
        const ci__buf *b = (const ci__buf *)p->L->bufs.v[k];
        if (b->output_index != i) continue;
        if (!b->dd_node && b->producer && b->producer->kind == CI__K_POINTWISE &&
            b->producer->body->op == CI__V_LOAD)
            b = b->producer->body->buf;
        if (!b->dd_node || !b->run_done) break;
        if (shape) memcpy(shape, b->run_size, sizeof(int64_t) * (size_t)b->run_ndim);
        return b->run_ndim;
    }
    return ci_program_output_shape(p, i, shape);
}

int ci_program_num_kernels(const ci_program *p) { return p ? p->nkernels : 0; }
const char *ci_program_backend(const ci_program *p) { return p ? p->be->name : ""; }

double ci_program_last_run_ms(const ci_program *p) { return p ? p->run_ms : -1; }
const char *ci_backend_unavailable(ci_device device, ci_backend backend) {
    static char why[4][200];   /* one per device (the message stays as the machine stays) */
    int d = (int)device;
    if (d < 0 || d >= CI_DEVICE_COUNT || backend < 0 || backend >= CI_BACKEND_COUNT)
        return "invalid device or backend";
    return ci__rt_backend(device, backend, why[d], sizeof why[d]) ? NULL : why[d];
}

size_t ci_program_arena_size(const ci_program *p) { return p ? p->arena_size : 0; }
ci_result ci_program_set_arena(ci_program *p, void *arena, size_t size) {
    char *base;
    int i;
    if (!p) return CI_ERR_INVALID_ARGS;
    if (arena && (size < p->arena_size || ((uintptr_t)arena & 63))) {
        ci__util_set_error(p->ctx,
                           "ci_program_set_arena: the arena must be 64-byte aligned and hold %zu "
                           "bytes (got %zu at %p)",
                           p->arena_size, size, arena);
        return CI_ERR_INVALID_ARGS;
    }
    if (arena) {
        if (p->arena_raw) {
            ci__mfree(p->ctx, p->arena_raw, p->arena_raw_size);
            p->arena_raw = NULL;
            p->arena_raw_size = 0;
        }
        base = (char *)arena;
    } else {
        if (!p->arena_raw && p->arena_size) {
            p->arena_raw = (char *)ci__malloc(p->ctx, p->arena_size + 64);
            if (!p->arena_raw) {
                ci__util_set_error(p->ctx, "out of memory for the %zu-byte program arena",
                                   p->arena_size);
                return CI_ERR_OUT_OF_MEMORY;
            }
            p->arena_raw_size = p->arena_size + 64;
        }
        base = p->arena_raw ? (char *)(((uintptr_t)p->arena_raw + 63) & ~(uintptr_t)63) : NULL;
    }
    for (i = 0; i < p->L->bufs.n; i++) {
        ci__buf *b = (ci__buf *)p->L->bufs.v[i];
        if (b->slot >= 0 && b->kind == CI__BUF_COMPUTED && b->output_index < 0)
            p->B[b->slot] = base ? base + b->arena_off : NULL;
    }
    p->has_arena = base != NULL || p->arena_size == 0;
    return CI_OK;
}

void ci_program_set_seed(ci_program *p, uint64_t seed) { if (p) p->seed = (long long)seed; }
/* an interpreter program writes its C on the first call (the program itself is not const) */
const char *ci_program_source(const ci_program *cp) {
    ci_program *p = (ci_program *)(uintptr_t)cp;
    if (!p) return "";
    if (!p->source && p->L) {
        if (setjmp(p->E.jb)) {
            p->E.armed = 0;
            p->L->wstk_busy = 0;
            ci__lower_free_scratch(p->L);
            ci__util_set_error(p->ctx, "ci_program_source: %s", p->E.msg);
            p->source = "";
            return "";
        }
        p->E.armed = 1;
        ci__cemit_source(p);
        p->E.armed = 0;
    }
    return p->source ? p->source : "";
}

void ci_program_destroy(ci_program *p) {
    if (!p) return;
    ci__rt_stop(p);
    if (p->be && p->be->destroy) p->be->destroy(p);
    {
        ci_ctx *ctx = p->ctx;
        if (p->arena_raw) ci__mfree(ctx, p->arena_raw, p->arena_raw_size);
        if (p->L) ci__lower_free_scratch(p->L);
        ci__arena_destroy(p->A);
        ci__mfree(ctx, p, sizeof *p);
        ci__public_ctx_release(ctx);
    }
}

/* -- the registry, for users -- */
/* namespace.op or namespace.op.overload, each part an identifier ([A-Za-z_][A-Za-z0-9_]*) */
static int ci__public_valid_opname(const char *s) {
    int parts = 0;
    for (;;) {
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_')) return 0;
        while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
               *s == '_')
            s++;
        parts++;
        if (!*s) return parts == 2 || parts == 3;
        if (*s++ != '.') return 0;
    }
}

static ci_result ci__public_register_user(ci_ctx *ctx, const char *name, const char *schema,
                                          ci__opdef *op) {
    ci__err err;
    if (!ci__public_valid_opname(name)) {
        ci__util_set_error(ctx,
                           "register: invalid op name '%.200s': it must be namespace.op or "
                           "namespace.op.overload, "
                           "each part an identifier ([A-Za-z_][A-Za-z0-9_]*, none empty)",
                           name);
        return CI_ERR_INVALID_ARGS;
    }
    memset(&err, 0, sizeof err);
    if (setjmp(err.jb)) {
        ctx->arena->err = NULL;
        ci__util_set_error(ctx, "out of memory");
        return CI_ERR_OUT_OF_MEMORY;
    }
    err.armed = 1;
    ctx->arena->err = &err;
    op->name = ci__strdup(ctx->arena, name);
    op->schema = ci__strdup(ctx->arena, schema ? schema : "");
    op->nparams = ci__lower_parse_schema(ctx->arena, op->schema, &op->params);
    if (op->nparams < 0 || op->nparams > 64) {
        ctx->arena->err = NULL;
        ci__util_set_error(ctx, "register %s: cannot parse the schema '%s'", name, schema);
        return CI_ERR_INVALID_ARGS;
    }
    {
        ci__opdef *keep = CI__NEW(ctx->arena, ci__opdef);
        *keep = *op;
        if (!ci__lower_reg_put(ctx, keep)) { ctx->arena->err = NULL; return CI_ERR_OUT_OF_MEMORY; }
    }
    ctx->arena->err = NULL;
    return CI_OK;
}

ci_result ci_register_lowering(ci_ctx *ctx, const ci_lowering_desc *desc) {
    ci__opdef op;
    if (!ctx || !desc || !desc->name || !desc->fn) {
        if (ctx) ci__util_set_error(ctx, "ci_register_lowering: NULL argument");
        return CI_ERR_INVALID_ARGS;
    }
    if (!ci__public_ctx_usable(ctx, "ci_register_lowering")) return CI_ERR_INVALID_ARGS;
    if (desc->promotion < 0 || desc->promotion >= CI_PROMOTE_COUNT) {
        ci__util_set_error(ctx, "ci_register_lowering: invalid promotion kind");
        return CI_ERR_INVALID_ARGS;
    }
    if (desc->num_outputs < 0 || desc->num_outputs > CI_MAX_OUTPUTS) {
        ci__util_set_error(
                ctx,
                "ci_register_lowering(%.200s): num_outputs is %d, it must be in [0, %d] (0 = 1)",
                desc->name, desc->num_outputs, CI_MAX_OUTPUTS);
        return CI_ERR_INVALID_ARGS;
    }
    memset(&op, 0, sizeof op);
    op.kind = CI__OPK_USER;
    op.ufn = desc->fn;
    op.user = desc->user;
    op.how = "user lowering"; op.note = "";
    op.broadcast = desc->broadcast;
    op.promo = desc->promotion;
    op.to_bool = desc->convert_input_to_bool;
    op.nouts = desc->num_outputs > 0 ? desc->num_outputs : 1;
    return ci__public_register_user(ctx, desc->name, desc->schema, &op);
}

ci_result ci_register_extern(ci_ctx *ctx, const ci_extern_desc *desc) {
    ci__opdef op;
    if (!ctx || !desc || !desc->name || !desc->run) {
        if (ctx) ci__util_set_error(ctx, "ci_register_extern: NULL argument");
        return CI_ERR_INVALID_ARGS;
    }
    if (!ci__public_ctx_usable(ctx, "ci_register_extern")) return CI_ERR_INVALID_ARGS;
    if (desc->num_outputs < 0 || desc->num_outputs > CI_MAX_EXTERN_OUTPUTS) {
        ci__util_set_error(
                ctx, "ci_register_extern(%.200s): num_outputs is %d, it must be in [0, %d] (0 = 1)",
                desc->name, desc->num_outputs, CI_MAX_EXTERN_OUTPUTS);
        return CI_ERR_INVALID_ARGS;
    }
    memset(&op, 0, sizeof op);
    op.kind = CI__OPK_EXTERN; op.ext = *desc;
    op.how = "user extern"; op.note = "";
    op.nouts = desc->num_outputs > 0 ? desc->num_outputs : 1;
    return ci__public_register_user(ctx, desc->name, desc->schema, &op);
}

/* -- inside a user lowering -- */
int ci_lower_call(ci_lower *Lp, const char *op, int nargs, const ci_arg *args, int nkwargs,
                  const ci_kwarg *kwargs, ci_tensor *outs, int max_outs) {
    ci__L *L = (ci__L *)Lp;
    ci__err *saved, local;
    int n;
    if (!L || !op || nargs < 0 || nkwargs < 0 || (nargs && !args) || (nkwargs && !kwargs) ||
        max_outs < 0 || (max_outs && !outs)) {
        if (L) ci_lower_error(Lp, CI_ERR_INVALID_ARGS, "ci_lower_call: invalid arguments");
        return 0;
    }
    if (L->user_failed) return 0;
    /* a failure must not longjmp through the user's frames: catch it here */
    saved = L->E;
    memset(&local, 0, sizeof local);
    if (setjmp(local.jb)) {
        L->E = saved;
        L->A->err = saved;
        L->wstk_busy = 0;   /* (a walk the failure left is over) */
        ci_lower_error(Lp, local.code, local.msg);
        return 0;
    }
    local.armed = 1;
    L->E = &local;
    L->A->err = &local;
    n = ci__lower_call_op(L, op, nargs, args, nkwargs, kwargs, outs, max_outs);
    L->E = saved;
    L->A->err = saved;
    return n;
}

ci_tensor ci_lower_call1(ci_lower *L, const char *op, int nargs, const ci_arg *args, int nkwargs,
                         const ci_kwarg *kwargs) {
    ci_tensor t = {0};
    ci_lower_call(L, op, nargs, args, nkwargs, kwargs, &t, 1);
    return t;
}

ci_dtype ci_lower_dtype(ci_lower *L, ci_tensor t) {
    ci__box *b = ci__ir_box_find((ci__L *)L, t);
    return b ? b->dt : CI_DTYPE_INVALID;
}

int ci_lower_shape(ci_lower *L, ci_tensor t, int64_t *shape) {
    ci__box *b = ci__ir_box_find((ci__L *)L, t);
    if (!b) return -1;
    if (shape) memcpy(shape, b->size, sizeof(int64_t) * (size_t)b->ndim);
    return b->ndim;
}

int ci_lower_error(ci_lower *Lp, ci_result code, const char *message) {
    ci__L *L = (ci__L *)Lp;
    if (!L || L->user_failed) return 0;
    L->user_failed = 1;
    L->user_code = code ? code : CI_ERR_INVALID_ARGS;
    snprintf(L->user_msg, sizeof L->user_msg, "%.1000s", message ? message : "lowering failed");
    return 0;
}

#endif /* CINDUCTOR_IMPLEMENTATION */

/*
   MIT License. Copyright (c) 2026 the cinductor authors.
   Permission is hereby granted, free of charge, to any person obtaining a copy of this software
   and associated documentation files (the "Software"), to deal in the Software without
   restriction, including without limitation the rights to use, copy, modify, merge, publish,
   distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
   Software is furnished to do so, subject to the following conditions: The above copyright
   notice and this permission notice shall be included in all copies or substantial portions of
   the Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
   IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A
   PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE
   LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
   OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
   DEALINGS IN THE SOFTWARE.
*/
