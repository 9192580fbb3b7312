/* fuzz_npy.c - libFuzzer target for the .npy reader (make fuzz).

   Each input is a whole .npy file for ci_npy_parse. Checked:
   - a failure leaves *data NULL and writes a message;
   - a success gives 0..CI_MAX_DIMS non-negative dims whose product times the item size is
     nbytes, the data equals the last nbytes of the input (nothing may follow the data; bool
     bytes read as 0 or 1), the header-only call (data NULL) agrees, and ci_npy_write +
     ci_npy_read give the same array back (for arrays up to 1 MB). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#ifndef CINDUCTOR_NO_TCC
#define CINDUCTOR_NO_TCC /* the parsers need no compiler */
#endif
#define CINDUCTOR_IMPLEMENTATION
#include "../../cinductor.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char g_dir[256], g_path[300];

static void die(const char *what, const char *detail) {
    fprintf(stderr, "fuzz_npy: %s\n%s\n", what, detail ? detail : "");
    abort();
}

static void cleanup(void) {
    remove(g_path);
    rmdir(g_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    const char *tmp = getenv("TMPDIR");
    (void)argc; (void)argv;
    snprintf(g_dir, sizeof g_dir, "%s/fuzz_npy.XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    if (!mkdtemp(g_dir)) die("mkdtemp failed", g_dir);
    snprintf(g_path, sizeof g_path, "%s/x.npy", g_dir);
    atexit(cleanup);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    ci_dtype dt = CI_DTYPE_INVALID, dt2 = CI_DTYPE_INVALID;
    int nd = -1, nd2 = -1, i;
    int64_t shape[CI_MAX_DIMS], shape2[CI_MAX_DIMS];
    void *p = (void *)&nd, *p2 = NULL;
    size_t nb = 0, nb2 = 0, count = 1;
    char err[512];
    ci_result r;
    err[0] = 0;
    r = ci_npy_parse(data, size, &dt, &nd, shape, &p, &nb, err, sizeof err);
    if (r != CI_OK) {
        if (p != NULL) die("*data not NULL after an error", err);
        if (!err[0] || !memchr(err, 0, sizeof err)) die("an error without a message", NULL);
        return 0;
    }
    if (!p) die("*data NULL after a success", NULL);
    if (nd < 0 || nd > CI_MAX_DIMS || dt <= CI_DTYPE_INVALID || dt >= CI_DTYPE_COUNT || dt == CI_BF16)
        die("bad dtype or rank", NULL);
    for (i = 0; i < nd; i++) {
        if (shape[i] < 0) die("negative dim", NULL);
        count *= (size_t)shape[i];
    }
    if (count * ci_dtype_size(dt) != nb || nb > size) die("nbytes does not match the shape", NULL);
    if (dt == CI_BOOL) {   /* bool bytes read as 0 or 1, as PyTorch reads them */
        const unsigned char *b = (const unsigned char *)p, *src = data + size - nb;
        size_t k;
        for (k = 0; k < nb; k++)
            if (b[k] != (src[k] != 0)) die("a bool byte did not read as 0 or 1 from the end of the file", NULL);
    } else if (nb && memcmp(p, data + size - nb, nb) != 0) die("the data is not the end of the file", NULL);
    if (ci_npy_parse(data, size, NULL, NULL, NULL, NULL, NULL, NULL, 0) != CI_OK)
        die("the header-only call disagrees", NULL);
    if (nb <= ((size_t)1 << 20)) {
        if (ci_npy_write(g_path, dt, nd, shape, p, err, sizeof err) != CI_OK) die("ci_npy_write", err);
        if (ci_npy_read(g_path, &dt2, &nd2, shape2, &p2, &nb2, err, sizeof err) != CI_OK) die("ci_npy_read", err);
        if (dt2 != dt || nd2 != nd || nb2 != nb || (nd && memcmp(shape, shape2, sizeof(int64_t) * (size_t)nd)) ||
            (nb && memcmp(p, p2, nb)))
            die("write + read changed the array", NULL);
        ci_npy_free(p2);
    }
    ci_npy_free(p);
    return 0;
}
