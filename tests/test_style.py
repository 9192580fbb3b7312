#!/usr/bin/env python3
"""tests/test_style.py [HEADER] - the naming and layout rules of cinductor.h (STYLE.md, "Sections
with anchors"), checked. One result line per check, as tests/run.sh reads them:
    PASS name | FAIL name: why
followed, for a failure, by the offending names (one a line, indented). tests/run.sh runs it
(as test_style/...) in `make test`, and prints a SKIP when there is no python3.

  prefixes     everything private (ci__ / CI__: functions, file-scope variables, types, macros,
               and names a file-scope macro call defines, CI__CEMIT_DEF(ci__cemit_h2f, ...))
               defined in section >>S is named ci__S_... / CI__S_... or exactly ci__S; enum
               constants are named after their enum and are not checked. Exempt: >>config and
               >>decls, and EXEMPT below (shared basics and the vocabulary types of >>decls).
  prototypes   a private prototype outside >>decls (cross-section calls, and calls before the
               definition, go through >>decls); a declaration that only adds __attribute__ to a
               function may stay beside it.
  ops          the sub-sections of >>ops (`/* -- TITLE`) are each there once: no "more ..."
               banner, no title twice.
  width        no line over 100 columns.
"""
import re
import sys

# shared basics defined in >>util / >>decls / >>config, used by every section under their own
# short names; CI__X is an X-macro's parameter, #undef'd at once; ci__compile is the pipeline
# function STYLE.md names
EXEMPT_NAMES = {
    'ci__malloc', 'ci__mfree', 'ci__strdup', 'ci__fail', 'ci__err', 'ci__chunk', 'ci__arena',
    'ci__sb', 'ci__vec', 'CI__NEW', 'CI__NEWN', 'CI__X', 'CI__FAIL', 'ci__compile',
    'CI__ASSERT', 'CI__NORETURN',
    'ci__ix', 'ci__v', 'ci__storage', 'ci__box', 'ci__buf', 'ci__kernel', 'ci__group',
    'ci__opdef', 'ci__L', 'ci__node',
}
# arenas, string builder, growable arrays, hashing (>>util); ci__fn_*: function-pointer types
# named by their signature, pasted by X-macros across >>cemit, >>interp and >>tcc
EXEMPT_PREFIXES = ('ci__arena_', 'ci__sb_', 'ci__vec_', 'ci__hash_', 'ci__fn_')
EXEMPT_SECTIONS = {'config', 'decls'}


def sections(text):
    out = []
    impl = text.find('#define CINDUCTOR_IMPL_INCLUDED')
    for m in re.finditer(r'^/\* [-=]{20,}\n   >>(\w+)\s', text, re.M):
        if m.start() > impl:
            out.append([m.group(1), m.start(), len(text)])
    for k in range(len(out) - 1):
        out[k][2] = out[k + 1][1]
    return out


def section_at(secs, off):
    for name, s, e in secs:
        if s <= off < e:
            return name
    return None


def items(text):
    """top-level declarations and definitions: (start, end, head, body-start or None)"""
    out = []
    n, i, depth, cur, brace = len(text), 0, 0, None, None
    while i < n:
        c = text[i]
        if c == '#' and (i == 0 or text[i - 1] == '\n'):
            while True:                       # a preprocessor line and its continuations
                k = text.find('\n', i)
                k = n if k < 0 else k
                if text[k - 1] == '\\':
                    i = k + 1
                    continue
                break
            i = k + 1
            continue
        if text.startswith('/*', i):
            k = text.find('*/', i + 2)
            i = n if k < 0 else k + 2
            continue
        if text.startswith('//', i):
            k = text.find('\n', i)
            i = n if k < 0 else k
            continue
        if c in '"\'':
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            i = j + 1
            continue
        if c.isspace():
            i += 1
            continue
        if depth == 0 and cur is None:
            m = re.compile(r'[A-Z_][A-Z0-9_]*[ \t]*(?=\n)').match(text, i)
            if m:                             # a bare macro call on its own line (FOO_DECL)
                i = m.end()
                continue
            cur, brace = i, None
        if c == '{':
            if depth == 0 and brace is None:
                brace = i
            depth += 1
        elif c == '}':
            depth -= 1
        i += 1
        if c == ';' and depth == 0:
            out.append((cur, i, text[cur:brace if brace is not None else i], brace))
            cur = None
        elif c == '}' and depth == 0:
            head = text[cur:brace]
            if '(' in head and not re.match(r'\s*(typedef|struct|enum|union)\b', head) \
                    and '=' not in head.split('(')[0]:
                out.append((cur, i, head, brace))
                cur = None
    return out


def definitions(text):
    """[(name, kind, offset)] of private definitions; prototypes apart"""
    defs, protos = [], []
    for s, e, head, brace in items(text):
        body = text[s:e]
        if re.match(r'(typedef\s+)?(struct|enum|union)\b', body) or body.startswith('typedef'):
            m = re.match(r'(?:typedef\s+)?(?:struct|enum|union)\s+(\w+)', body)
            if m and brace is not None:
                defs.append((m.group(1), 'type', s))
            if body.startswith('typedef'):
                m = re.search(r'\(\s*\*\s*(\w+)\s*\)\s*\(', body)
                if m and (brace is None or m.start() < brace - s):
                    defs.append((m.group(1), 'type', s))
                else:
                    m = re.search(r'(\w+)\s*(\[[^\]]*\])*\s*;\s*$', body)
                    if m:
                        defs.append((m.group(1), 'type', s))
            continue
        m = re.match(r'[^(=]*?\b(\w+)\s*\(', head)
        if m and not re.match(r'[^(]*\(\s*\*', head):
            if brace is None:
                protos.append((m.group(1), '__attribute__' in body, s))
            else:
                defs.append((m.group(1), 'function', s))
            continue
        m = re.search(r'(\w+)\s*(\[[^\]]*\])*\s*(=|;)', body)
        if m:
            defs.append((m.group(1), 'variable', s))
    for m in re.finditer(r'^[ \t]*#[ \t]*define[ \t]+(\w+)', text, re.M):
        defs.append((m.group(1), 'macro', m.start()))
    # a definition made through a macro at file scope, CI__CEMIT_DEF(ci__cemit_h2f, static float
    # ci__cemit_h2f(...) {...}) or CI__LINALG_KERN8(ci__linalg_kern8_d, double): the name is the
    # first argument, and a function the arguments define is checked too (items() reads the
    # whole call as one item named after the macro)
    for m in re.finditer(r'^[A-Z][A-Z0-9_]*\(\s*((?:ci__|CI__)\w+)\s*[,)]', text, re.M):
        defs.append((m.group(1), 'macro-defined name', m.start()))
        body = text[m.end():text.find('\n\n', m.end())]
        f = re.match(r'\s*static\b[^;{}()=]*?\b(\w+)\s*\(', body)
        if f and f.group(1) != m.group(1):
            defs.append((f.group(1), 'function', m.start()))
    private = re.compile(r'(ci__|CI__)\w')
    return ([d for d in defs if private.match(d[0])], [p for p in protos if private.match(p[0])])


def report(name, bad):
    if bad:
        print('FAIL %s: %d name(s) break the rule (listed below)' % (name, len(bad)))
        for b in bad:
            print('    ' + b)
    else:
        print('PASS %s' % name)
    return 1 if bad else 0


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else 'cinductor.h'
    text = open(path).read()
    secs = sections(text)
    line = lambda off: text.count('\n', 0, off) + 1
    defs, protos = definitions(text)
    bad = set()
    for name, kind, off in defs:
        sec = section_at(secs, off)
        if sec is None or sec in EXEMPT_SECTIONS:
            continue
        if name in EXEMPT_NAMES or name.startswith(EXEMPT_PREFIXES):
            continue
        low = name.lower()
        if low == 'ci__' + sec or low.startswith('ci__' + sec + '_'):
            continue
        bad.add('%s:%d: %s %s in >>%s (want ci__%s_ / CI__%s_)' %
                (path, line(off), kind, name, sec, sec, sec.upper()))
    fails = report('prefixes', sorted(bad, key=lambda b: int(b.split(':')[1])))
    bad = []
    for name, attr, off in protos:
        sec = section_at(secs, off)
        if sec is None or sec == 'decls' or attr:
            continue
        bad.append('%s:%d: prototype of %s in >>%s (belongs in >>decls)' % (path, line(off), name, sec))
    fails += report('prototypes', bad)
    ops = [s for s in secs if s[0] == 'ops']
    bad = []
    if ops:
        titles = [m.group(1).strip().lower() for m in
                  re.finditer(r'^/\* -- ([^:(\n-]*)', text[ops[0][1]:ops[0][2]], re.M)]
        bad += ['"more ..." sub-section: %s' % t for t in titles if t.startswith('more ')]
        bad += ['sub-section twice: %s' % t for t in sorted(set(titles)) if titles.count(t) > 1]
    else:
        bad.append('no >>ops section')
    fails += report('ops', bad)
    bad = ['%s:%d: %d columns' % (path, i + 1, len(l))
           for i, l in enumerate(text.split('\n')) if len(l) > 100]
    fails += report('width', bad)
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
