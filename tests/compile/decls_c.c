/* Compile check: the declarations alone are self-sufficient (no other include needed) and
   usable, here with the quick start's first lines. */
#include "../../cinductor.h"

int ci_compile_check_decls(void);
int ci_compile_check_decls(void) {
    ci_ctx *ctx = NULL;
    ci_ctx_desc cd = {0};
    ci_compile_desc pd = {0};
    ci_tensor t = {0};
    int64_t shape[CI_MAX_DIMS] = {4, 8};
    (void)ctx;
    return (int)(sizeof cd + sizeof pd + t.id + shape[0]) + CI_VERSION_MAJOR + (int)CI_RESULT_COUNT;
}
