/* >>rt's thread pool on its own: thousands of jobs of few and many chunks back to back, on
   more threads than this machine may have cores, with workers spinning between jobs (the
   default where threads fit the cores), sleeping at once (CINDUCTOR_SPIN=0) and spinning
   though the machine is oversubscribed. Every index of every job is run exactly once, by a
   chunk of that job, and no job returns before its last chunk is done. Includes the
   implementation (the pool is private). */
#define CINDUCTOR_IMPLEMENTATION
#include "ci_test.h"

#ifndef CINDUCTOR_NO_THREADS
enum { MAXN = 300 };

typedef struct job {
    int id;
    int hits[MAXN];
} job;

static int g_current;   /* the job the caller runs now (atomic) */
static int g_wrong;     /* chunks run for a job not current (atomic) */

static void job_fn(void **B, long long b, long long e) {
    job *J = (job *)(void *)B;
    long long i;
    volatile int sink = 0;
    if (J->id != __atomic_load_n(&g_current, __ATOMIC_SEQ_CST))
        __atomic_add_fetch(&g_wrong, 1, __ATOMIC_SEQ_CST);
    for (i = b; i < e; i++) {
        int k;
        for (k = 0; k < (int)(i % 7) * 40; k++) sink += k;   /* chunks of unequal length */
        __atomic_add_fetch(&J->hits[i], 1, __ATOMIC_SEQ_CST);
    }
    (void)sink;
}

/* JOBS jobs on a pool of THREADS, CINDUCTOR_SPIN set to SPIN (NULL: unset); the jobs wrong */
static int pool_round(int threads, const char *spin, int jobs, ci_test_rng *r) {
    static job J[2];   /* two alternating, so a late chunk lands in a job already checked */
    ci__rt_pool P;
    pthread_t th[32];
    const char *old = getenv("CINDUCTOR_SPIN");
    int bad = 0, j;
    if (spin) setenv("CINDUCTOR_SPIN", spin, 1);
    else unsetenv("CINDUCTOR_SPIN");
    memset(&P, 0, sizeof P);
    ci__rt_pool_start(&P, th, threads);
    if (old) setenv("CINDUCTOR_SPIN", old, 1);
    else unsetenv("CINDUCTOR_SPIN");
    if (P.nthreads != threads - 1) {
        ci__rt_pool_stop(&P);
        return -1;
    }
    __atomic_store_n(&g_wrong, 0, __ATOMIC_SEQ_CST);
    for (j = 0; j < jobs; j++) {
        job *cur = &J[j & 1];
        /* mostly jobs of fewer chunks than the last (the case a late worker gets wrong) */
        long long n = j % 3 == 0 ? ci_test_rng_int(r, 1, MAXN) : ci_test_rng_int(r, 1, 9);
        long long i;
        memset(cur->hits, 0, sizeof cur->hits);
        cur->id = j;
        __atomic_store_n(&g_current, j, __ATOMIC_SEQ_CST);
        ci__rt_pool_run(&P, job_fn, n, (void **)(void *)cur);
        __atomic_store_n(&g_current, -1, __ATOMIC_SEQ_CST);
        for (i = 0; i < MAXN; i++)
            if (cur->hits[i] != (i < n)) { bad++; break; }
    }
    ci__rt_pool_stop(&P);
    return bad + __atomic_load_n(&g_wrong, __ATOMIC_SEQ_CST);
}

CI_TEST(test_pool_each_chunk_once) {
    static const struct { int threads; const char *spin; int jobs; } R[] = {
        {2, NULL, 40000},   /* the default: spins where 2 threads fit the cores */
        {5, "0", 15000},    /* every wait sleeps */
        {3, "300", 15000},  /* spins, though this machine may have 2 cores */
        {16, NULL, 6000},   /* more threads than cores: spinning off unless the machine has 16 */
        {9, "40", 6000},    /* oversubscribed and spinning a little */
    };
    ci_test_rng r = ci_test_rng_make(2026);
    size_t i;
    for (i = 0; i < sizeof R / sizeof R[0]; i++) {
        int bad = pool_round(R[i].threads, R[i].spin, R[i].jobs, &r);
        CI_CHECK_MSG(bad == 0, "%d threads, spin %s: %d jobs wrong%s", R[i].threads,
                     R[i].spin ? R[i].spin : "default", bad, bad < 0 ? " (no threads)" : "");
    }
}

/* spinning's default: on where the threads fit the machine's cores, off where they do not;
   CINDUCTOR_SPIN overrides it */
CI_TEST(test_pool_spin_default) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    const char *old = getenv("CINDUCTOR_SPIN");
    unsetenv("CINDUCTOR_SPIN");
    CI_CHECK(ci__rt_pool_spins(1) > 0);
    if (cores > 0 && cores < 100000) {
        CI_CHECK(ci__rt_pool_spins((int)cores) > 0);
        CI_CHECK(ci__rt_pool_spins((int)cores + 1) == 0);
    }
    setenv("CINDUCTOR_SPIN", "7", 1);
    CI_CHECK(ci__rt_pool_spins(100000) == 7);
    setenv("CINDUCTOR_SPIN", "0", 1);
    CI_CHECK(ci__rt_pool_spins(1) == 0);
    if (old) setenv("CINDUCTOR_SPIN", old, 1);
    else unsetenv("CINDUCTOR_SPIN");
}
#endif

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
#ifndef CINDUCTOR_NO_THREADS
    CI_RUN(test_pool_each_chunk_once);
    CI_RUN(test_pool_spin_default);
#endif
    return ci_test_done();
}
