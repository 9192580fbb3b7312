/* opsdoc: writes docs/ops.md, the op coverage table, from the rows of cinductor's op table
   (CI__OPS in >>ops, the rows a context registers). `make docs/ops.md` runs it; CI checks the
   committed file is current. */
#define CINDUCTOR_IMPLEMENTATION
#include "../cinductor.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_name(const void *a, const void *b) {
    return strcmp((*(const ci__ops_row *const *)a)->name, (*(const ci__ops_row *const *)b)->name);
}

int main(void) {
    const ci__ops_row *ops[CI__OPS_COUNT];
    int n = CI__OPS_COUNT, i;
    for (i = 0; i < n; i++) ops[i] = &ci__ops_rows[i];
    qsort(ops, (size_t)n, sizeof ops[0], by_name);
    printf("# Op coverage\n\n");
    printf("Generated from cinductor's op table by `make docs/ops.md` (tools/opsdoc.c); do not edit by hand.\n\n");
    printf("A name without an overload (`aten.add`) is a packet: it serves every overload of the op that\n"
           "has no entry of its own, as in Inductor's lowering.py. *How*: a lowering builds loop IR\n"
           "directly; a decomposition calls other ops by aten name; a scatter writes through index\n"
           "tensors in a kernel of its own; an extern runs C code on realized inputs. *Dtypes* are those\n"
           "the op takes (bool, u8, i8, i16, i32, i64, f16, bf16, f32, f64 where it says all); f16 and\n"
           "bf16 are stored narrow and computed in f32. `make test-torch` compares the ops with PyTorch\n"
           "(tests/torch/run.py lists the cases). [opinfo.md](opinfo.md) measures them against PyTorch's\n"
           "OpInfo database (`make test-opinfo`): the pass rates, and each failing entry with its reason.\n\n");
    printf("%d entries.\n\n", n);
    printf("| op | arguments | how | dtypes | differs from PyTorch |\n|---|---|---|---|---|\n");
    for (i = 0; i < n; i++)
        printf("| `%s` | `%s` | %s | %s | %s |\n", ops[i]->name, ops[i]->schema, ops[i]->how, ops[i]->dtypes,
               ops[i]->note);
    return 0;
}
