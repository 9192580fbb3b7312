/* test_manual.c - the header's table of contents agrees with the file it describes.

   cinductor.h opens with one comment: the manual. Its TABLE OF CONTENTS (the lines from the
   one holding "TABLE OF CONTENTS" to the first blank line) lists
     - numbered manual headings, "N. Title ..... what it covers" (the title ends at a run of
       two or more dots, or at the end of the line), and
     - the implementation's sections, a line each starting with ">>anchor".
   Checked, by parsing (nothing here names a section or a heading):
     (1) the anchors of the contents are the anchors of the section banners, in the same order:
         a banner is a line starting with ">>anchor" right after a comment rule (slash, star and at
         least 8 '-' or '='), after the manual; each anchor has one banner;
     (2) the numbered entries of the contents are the manual's headings, in the same order, with
         the same numbers (1, 2, 3 ...) and titles (compared without regard to case): a heading
         is a line of the manual after the contents, following a blank line, "N. TITLE";
     (3) the checker itself reports a missing, extra, duplicated or misplaced banner and a
         missing, renamed or misnumbered heading, on small made-up headers.
   The header is found next to this file's directory (__FILE__/../cinductor.h), else as
   ./cinductor.h (tests/run.sh runs from the repository root). */
#include "ci_test.h"

#include <ctype.h>

#define MAN_MAX_ITEMS 256
#define MAN_NAME 96

typedef struct man_item {
    char name[MAN_NAME];  /* anchor, or heading title in lower case with single spaces */
    int num;              /* heading number; 0 for anchors */
    int line;             /* 1-based line in the text */
} man_item;

typedef struct man_list {
    man_item v[MAN_MAX_ITEMS];
    int n;
} man_list;

/* ---- reading lines ---- */

/* the line starting at *pos into buf (without the newline, truncated to bufsz - 1); advances
   *pos past it; 0 at the end of the text */
static int man_next_line(const char *text, size_t *pos, char *buf, size_t bufsz) {
    size_t p = *pos, n = 0;
    if (!text[p]) return 0;
    while (text[p] && text[p] != '\n') {
        if (n + 1 < bufsz) buf[n++] = text[p];
        p++;
    }
    if (text[p] == '\n') p++;
    buf[n] = 0;
    *pos = p;
    return 1;
}

static const char *man_skip_space(const char *s) {
    while (*s == ' ' || *s == '\t' || *s == '\r') s++;
    return s;
}

static int man_blank(const char *s) { return *man_skip_space(s) == 0; }

/* ">>name" at the start of S (after blanks): copies name, returns 1 */
static int man_anchor(const char *s, char *name) {
    int n = 0;
    s = man_skip_space(s);
    if (s[0] != '>' || s[1] != '>') return 0;
    s += 2;
    while ((isalnum((unsigned char)*s) || *s == '_') && n < MAN_NAME - 1) name[n++] = *s++;
    name[n] = 0;
    return n > 0;
}

/* a comment rule: a slash and a star, blanks, then at least 8 '-' or '=' */
static int man_rule(const char *s) {
    int n = 0;
    s = man_skip_space(s);
    if (s[0] != '/' || s[1] != '*') return 0;
    for (s = man_skip_space(s + 2); *s == '-' || *s == '='; s++) n++;
    return n >= 8;
}

/* "N. Title ..." at the start of S: the number and the title (up to a run of two dots or the
   end, lower case, blanks collapsed); 1 when S is such a line */
static int man_numbered(const char *s, int *num, char *title) {
    int n = 0, k = 0, space = 0;
    s = man_skip_space(s);
    if (!isdigit((unsigned char)*s)) return 0;
    while (isdigit((unsigned char)*s)) {
        n = n * 10 + (*s - '0');
        if (n > 100000) return 0;
        s++;
    }
    if (*s != '.' || (s[1] != ' ' && s[1] != '\t')) return 0;
    s = man_skip_space(s + 1);
    for (; *s && !(s[0] == '.' && s[1] == '.'); s++) {
        if (*s == ' ' || *s == '\t' || *s == '\r') { space = k > 0; continue; }
        if (space && k < MAN_NAME - 2) title[k++] = ' ';
        space = 0;
        if (k < MAN_NAME - 1) title[k++] = (char)tolower((unsigned char)*s);
    }
    title[k] = 0;
    *num = n;
    return k > 0;
}

static int man_push(man_list *l, const char *name, int num, int line, char *why, size_t n) {
    if (l->n == MAN_MAX_ITEMS) {
        snprintf(why, n, "more than %d entries", MAN_MAX_ITEMS);
        return 0;
    }
    snprintf(l->v[l->n].name, MAN_NAME, "%s", name);
    l->v[l->n].num = num;
    l->v[l->n].line = line;
    l->n++;
    return 1;
}

/* ---- parsing the header ---- */

typedef struct man_parts {
    man_list toc_anchors, toc_heads, banners, heads;
} man_parts;

/* splits TEXT into the four lists; 0 (and WHY) when its shape is not the expected one */
static int man_parse(const char *text, man_parts *P, char *why, size_t n) {
    char line[1024], prev[1024], name[MAN_NAME];
    size_t pos = 0;
    int ln = 0, state = 0, num; /* state: 0 before the contents, 1 in them, 2 manual, 3 code */
    memset(P, 0, sizeof *P);
    prev[0] = 0;
    while (man_next_line(text, &pos, line, sizeof line)) {
        ln++;
        if (state == 0) {
            if (strstr(line, "*/")) {
                snprintf(why, n, "line %d: the first comment ends before a TABLE OF CONTENTS", ln);
                return 0;
            }
            if (strstr(line, "TABLE OF CONTENTS")) state = 1;
        } else if (state == 1) {
            if (man_blank(line)) state = 2;
            else if (strstr(line, "*/")) {
                snprintf(why, n, "line %d: the manual's comment ends inside the contents", ln);
                return 0;
            } else if (man_anchor(line, name)) {
                if (!man_push(&P->toc_anchors, name, 0, ln, why, n)) return 0;
            } else if (man_numbered(line, &num, name)) {
                if (!man_push(&P->toc_heads, name, num, ln, why, n)) return 0;
            }
        } else if (state == 2) {
            if (strstr(line, "*/")) state = 3;
            else if (man_blank(prev) && man_numbered(line, &num, name)) {
                if (!man_push(&P->heads, name, num, ln, why, n)) return 0;
            }
        } else if (man_rule(prev) && man_anchor(line, name)) {
            if (!man_push(&P->banners, name, 0, ln, why, n)) return 0;
        }
        memcpy(prev, line, sizeof prev);
    }
    if (state < 3) {
        snprintf(why, n, "%s", state == 0 ? "no TABLE OF CONTENTS in the first comment"
                               : "the manual's comment does not end");
        return 0;
    }
    if (P->toc_anchors.n == 0 || P->toc_heads.n == 0) {
        snprintf(why, n, "the contents list %d anchors and %d numbered headings; want both",
                 P->toc_anchors.n, P->toc_heads.n);
        return 0;
    }
    return 1;
}

/* ---- the checks ---- */

static int man_find(const man_list *l, const char *name) {
    int i;
    for (i = 0; i < l->n; i++)
        if (!strcmp(l->v[i].name, name)) return i;
    return -1;
}

/* (1) the contents' anchors are the banners, once each, in order */
static int man_check_anchors(const man_parts *P, char *why, size_t n) {
    const man_list *t = &P->toc_anchors, *b = &P->banners;
    int i, j;
    for (i = 0; i < b->n; i++)
        for (j = 0; j < i; j++)
            if (!strcmp(b->v[i].name, b->v[j].name)) {
                snprintf(why, n, "the banner >>%s appears twice (lines %d and %d)", b->v[i].name,
                         b->v[j].line, b->v[i].line);
                return 0;
            }
    for (i = 0; i < t->n; i++)
        if (man_find(b, t->v[i].name) < 0) {
            snprintf(why, n, ">>%s is in the contents (line %d) but no section has its banner",
                     t->v[i].name, t->v[i].line);
            return 0;
        }
    for (i = 0; i < b->n; i++)
        if (man_find(t, b->v[i].name) < 0) {
            snprintf(why, n, "the banner >>%s (line %d) is not in the contents", b->v[i].name,
                     b->v[i].line);
            return 0;
        }
    if (t->n != b->n) {   /* only a duplicate in the contents is left */
        snprintf(why, n, "the contents list %d anchors, the file has %d banners", t->n, b->n);
        return 0;
    }
    for (i = 0; i < t->n; i++)
        if (strcmp(t->v[i].name, b->v[i].name)) {
            snprintf(why, n, "entry %d of the contents is >>%s (line %d), but section %d is >>%s "
                     "(line %d): the order differs", i + 1, t->v[i].name, t->v[i].line, i + 1,
                     b->v[i].name, b->v[i].line);
            return 0;
        }
    return 1;
}

/* (2) the contents' numbered entries are the manual's headings, numbered 1, 2, 3 ... */
static int man_check_heads(const man_parts *P, char *why, size_t n) {
    const man_list *t = &P->toc_heads, *h = &P->heads;
    int i;
    for (i = 0; i < t->n || i < h->n; i++) {
        if (i >= h->n) {
            snprintf(why, n, "the contents list \"%d. %s\" (line %d), the manual has no heading %d",
                     t->v[i].num, t->v[i].name, t->v[i].line, i + 1);
            return 0;
        }
        if (i >= t->n) {
            snprintf(why, n, "the manual's heading \"%d. %s\" (line %d) is not in the contents",
                     h->v[i].num, h->v[i].name, h->v[i].line);
            return 0;
        }
        if (t->v[i].num != i + 1 || h->v[i].num != i + 1) {
            snprintf(why, n, "heading %d is numbered %d in the contents (line %d) and %d in the "
                     "manual (line %d)", i + 1, t->v[i].num, t->v[i].line, h->v[i].num,
                     h->v[i].line);
            return 0;
        }
        if (strcmp(t->v[i].name, h->v[i].name)) {
            snprintf(why, n, "heading %d is \"%s\" in the contents (line %d) but \"%s\" in the "
                     "manual (line %d)", i + 1, t->v[i].name, t->v[i].line, h->v[i].name,
                     h->v[i].line);
            return 0;
        }
    }
    return 1;
}

static int man_check(const char *text, char *why, size_t n) {
    man_parts *P = (man_parts *)malloc(sizeof *P);
    int ok;
    if (!P) {
        snprintf(why, n, "out of memory");
        return 0;
    }
    ok = man_parse(text, P, why, n) && man_check_anchors(P, why, n) && man_check_heads(P, why, n);
    free(P);
    return ok;
}

/* ---- the header ---- */

static char *man_read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, len = 0, got;
    if (!f) return NULL;
    do {
        if (cap - len < 65536) {
            char *nb = (char *)realloc(buf, cap + 65536 + 1);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
            cap += 65536;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    } while (got > 0);
    fclose(f);
    buf[len] = 0;
    return buf;
}

static char *man_read_header(char *path, size_t n) {
    const char *file = __FILE__, *slash = strrchr(file, '/');
    char *text;
    if (slash) {
        snprintf(path, n, "%.*s/../cinductor.h", (int)(slash - file), file);
        if ((text = man_read_file(path)) != NULL) return text;
    }
    snprintf(path, n, "cinductor.h");
    return man_read_file(path);
}

CI_TEST(test_contents_match_banners) {
    char path[1024], why[512];
    char *text = man_read_header(path, sizeof path);
    man_parts *P;
    int ok;
    CI_CHECK_MSG(text != NULL, "cannot read %s", path);
    P = (man_parts *)malloc(sizeof *P);
    ok = P && man_parse(text, P, why, sizeof why) && man_check_anchors(P, why, sizeof why);
    if (P && ok && P->banners.n < 2) {
        snprintf(why, sizeof why, "only %d banners found", P->banners.n);
        ok = 0;
    }
    free(P);
    free(text);
    CI_CHECK_MSG(ok, "%s: %s", path, why);
}

CI_TEST(test_contents_match_headings) {
    char path[1024], why[512];
    char *text = man_read_header(path, sizeof path);
    man_parts *P;
    int ok;
    CI_CHECK_MSG(text != NULL, "cannot read %s", path);
    P = (man_parts *)malloc(sizeof *P);
    ok = P && man_parse(text, P, why, sizeof why) && man_check_heads(P, why, sizeof why);
    free(P);
    free(text);
    CI_CHECK_MSG(ok, "%s: %s", path, why);
}

/* ---- (3) the checker on made-up headers ---- */

#define MAN_GOOD_TOC \
    "/* h.h - v0\n" \
    "   TABLE OF CONTENTS\n" \
    "     Manual\n" \
    "        1. Concepts ...... what\n" \
    "        2. Two words ..... more\n" \
    "     Implementation:\n" \
    "       >>alpha   first\n" \
    "       >>beta    second\n" \
    "\n"
#define MAN_GOOD_MANUAL \
    "   MANUAL\n" \
    "\n" \
    "   1. CONCEPTS\n" \
    "   Text; 2. is not a heading, nor is the next line.\n" \
    "   3. words\n" \
    "\n" \
    "   2. TWO  WORDS\n" \
    "   (>>alpha in prose is no banner)\n" \
    "*/\n"
#define MAN_RULE "/* ------------------------------------------\n"
#define MAN_ALPHA MAN_RULE "   >>alpha  first\n   -------- */\nint a;\n"
#define MAN_BETA MAN_RULE "   >>beta  second\n   -------- */\nint b;\n"

typedef struct man_case {
    const char *text, *needle;   /* needle NULL: the text passes */
} man_case;

CI_TEST(test_checker_catches_mismatches) {
    static const man_case cases[] = {
        {MAN_GOOD_TOC MAN_GOOD_MANUAL MAN_ALPHA MAN_BETA, NULL},
        {MAN_GOOD_TOC MAN_GOOD_MANUAL MAN_ALPHA, ">>beta is in the contents"},
        {MAN_GOOD_TOC MAN_GOOD_MANUAL MAN_ALPHA MAN_BETA MAN_RULE "  >>gamma\n",
         "banner >>gamma (line"},
        {MAN_GOOD_TOC MAN_GOOD_MANUAL MAN_BETA MAN_ALPHA, "the order differs"},
        {MAN_GOOD_TOC MAN_GOOD_MANUAL MAN_ALPHA MAN_BETA MAN_ALPHA, ">>alpha appears twice"},
        {MAN_GOOD_TOC MAN_GOOD_MANUAL MAN_ALPHA "   >>beta  no rule above\n", ">>beta is in the"},
        {MAN_GOOD_TOC
         "   1. CONCEPTS\n\n   2. TWO WORDS\n\n   3. EXTRA\n*/\n" MAN_ALPHA MAN_BETA,
         "\"3. extra\" (line"},
        {MAN_GOOD_TOC "   1. CONCEPTS\n*/\n" MAN_ALPHA MAN_BETA, "the manual has no heading 2"},
        {MAN_GOOD_TOC "\n   1. CONCEPTS\n\n   2. TOO WORDS\n*/\n" MAN_ALPHA MAN_BETA,
         "\"too words\" in the manual"},
        {MAN_GOOD_TOC "\n   1. CONCEPTS\n\n   3. TWO WORDS\n*/\n" MAN_ALPHA MAN_BETA,
         "numbered 2 in the contents"},
        {"/* no contents */\n" MAN_ALPHA, "before a TABLE OF CONTENTS"},
        {"/* TABLE OF CONTENTS\n   >>alpha\n\n*/\n" MAN_ALPHA, "0 numbered headings"},
    };
    int i;
    for (i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
        char why[512];
        int ok;
        why[0] = 0;
        ok = man_check(cases[i].text, why, sizeof why);
        if (!cases[i].needle) CI_CHECK_MSG(ok, "case %d: refused: %s", i, why);
        else
            CI_CHECK_MSG(!ok && strstr(why, cases[i].needle),
                         "case %d: want a failure naming \"%s\", got %s \"%s\"", i,
                         cases[i].needle, ok ? "a pass" : "failure", why);
    }
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_checker_catches_mismatches);
    CI_RUN(test_contents_match_banners);
    CI_RUN(test_contents_match_headings);
    return ci_test_done();
}
