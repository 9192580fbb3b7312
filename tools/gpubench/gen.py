#!/usr/bin/env python3
"""tools/gpubench/gen.py OUT.cu TAG=CUDAEMU ... - the generated kernels of the SUITE's one-launch
graphs (tests/bench/*.cig), as `cudaemu --source` writes them, for main.cu: each graph's source
in a namespace TAG_NAME (so two binaries' kernels, before and after a change, sit in one
process), and a table gen_cases[] of their launches and buffer sizes. Run here (no GPU); then
on the lent machine: nvcc -O3 -arch=sm_90 -o gpubench main.cu && ./gpubench [ROUNDS]."""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.join(HERE, '..', '..', 'tests', 'bench')


def numel(dims):
    n = 1
    for d in dims.split(','):
        if d.strip():
            n *= int(d)
    return n


def main():
    out, tags = sys.argv[1], [a.split('=', 1) for a in sys.argv[2:]]
    text, cases = ['#include "mbhead.h"'], []
    for name in sorted(os.listdir(BENCH)):
        if not name.endswith('.cig'):
            continue
        cig = os.path.join(BENCH, name)
        for tag, exe in tags:
            src = subprocess.run([exe, '--source', cig], capture_output=True, text=True).stdout
            launches = re.findall(r'^// launch (\w+): grid (\d+), block (\d+) x (\d+), n (\d+), '
                                  r'scratch (\d+) bytes', src, re.M)
            if len(launches) != 1 or launches[0][5] != '0' or 'ci_bmm' in src:
                continue
            fn, grid, bx, by, n, _ = launches[0]
            ins = [numel(m) for m in re.findall(r': input \d+, \w+\[([^\]]*)\]', src)]
            outs = [numel(m) for m in re.findall(r': output \d+, \w+\[([^\]]*)\]', src)]
            ns = '%s_%s' % (tag, name[:-4])
            src = re.sub(r'^float \w+\(float\);\n', '', src, flags=re.M)
            src = src.replace('static void ', 'static __device__ void ').replace('extern "C" ', '')
            src = src.replace('enum ci_code', 'enum ci_code_')
            src = src.replace('static const union', 'static __device__ const union')
            text.append('namespace %s {\n%s\n}\n' % (ns, src))
            cases.append('    {"%s %s", (const void *)%s::%s, %s, %s, %s, %sLL, {%s}, {%s}},'
                         % (name[:-4], tag, ns, fn, grid, bx, by, n,
                            ', '.join(map(str, ins)), ', '.join(map(str, outs))))
    text.append('static std::vector<Case> gen_cases = {\n%s\n};\n' % '\n'.join(cases))
    with open(out, 'w') as f:
        f.write('\n'.join(text))


if __name__ == '__main__':
    main()
