#!/usr/bin/python3
"""Overload coverage: every PyTorch 1.13 overload of every op cinductor registers is named by at
least one case of tests/torch/run.py.

The registered ops are read from docs/ops.md (written from the header's op table, CI__OPS, by
`make docs/ops.md`, checked current by `make check-ops-doc`). A packet entry (`aten.add`) stands
for every overload of torch.ops.aten.add; an overload entry (`aten.to.dtype`) for itself. Left
out, as they never reach a graph of tensors that cinductor compiles:
  - out variants (a keyword-only argument written to: `out`, `values`, `grad_input`, ...);
  - Dimname overloads (`names_dim`, `dim_DimnameList`, ...);
  - TorchScript scalar and container overloads, no Tensor among the results (add.int, add.str,
    add.t, round.float, eq.Tensor_list -> bool, sort.Tensor -> (), copy.Dict_Tensor, ...).
An overload is covered when a statement of some case (op_case or a graph) calls exactly
`aten.<op>.<overload>` (a case naming the packet, `aten.add`, covers no overload: PyTorch picks
one by the arguments), and PyTorch computes that case (run.py drops, without a word, the cases
PyTorch rejects: an overload whose every case is dropped, or is an error case, is uncovered).

Usage: overloads.py [-v]   prints each uncovered overload with its schema, then a summary line;
exit status 1 when some overload is uncovered. -v also lists the covered ones and the ops
PyTorch 1.13 lacks.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)

import run  # noqa: E402  (tests/torch/run.py: the cases; it imports torch and the prims)
import shutil  # noqa: E402
import tempfile  # noqa: E402
import torch  # noqa: E402

# namespaces whose ops are PyTorch's (cinductor.* are cinductor's own)
NAMESPACES = ("aten", "prims")
# overloads deliberately not tested, with the reason (printed with -v)
EXEMPT = {
    "aten._ctc_loss.Tensor": "refused (lengths as tensors decide the sizes); tests/test_errors.c",
    "aten.ctc_loss.Tensor": "refused (lengths as tensors decide the sizes); tests/test_errors.c",
}


def registered(path=os.path.join(ROOT, "docs", "ops.md")):
    """the op names of the registry table, in its order"""
    names = []
    with open(path) as f:
        for line in f:
            m = re.match(r"^\| `([^`]+)` \|", line)
            if m:
                names.append(m.group(1))
    return names


def is_out(schema):
    return any(a.kwarg_only and a.alias_info is not None and a.alias_info.is_write
               for a in schema.arguments)


def is_dimname(overload):
    return "dimname" in overload.lower() or "names" in overload


def has_tensor(schema):
    """a Tensor (or a list of them) among the results: not a TorchScript scalar or container
    op (add.int, eq.Tensor_list -> bool, sort.Tensor -> (), copy.Dict_Tensor -> Dict)"""
    return any(str(r.type) in ("Tensor", "List[Tensor]", "Optional[Tensor]")
               for r in schema.returns)


def wanted(names):
    """{"aten.add.Tensor": schema} for every overload the registry's names stand for, and the
    list of names PyTorch 1.13 does not have"""
    want, missing = {}, []
    explicit = {n for n in names if n.count(".") == 2}
    for name in names:
        parts = name.split(".")
        if parts[0] not in NAMESPACES:
            continue
        try:
            packet = getattr(getattr(torch.ops, parts[0]), parts[1])
        except (AttributeError, RuntimeError):
            missing.append(name)
            continue
        if len(parts) == 3:
            ovls = [parts[2]]
        else:
            ovls = packet.overloads()
        for ovl in ovls:
            full = "%s.%s.%s" % (parts[0], parts[1], ovl)
            if len(parts) == 2 and full in explicit:
                continue   # its own entry lists it
            try:
                schema = getattr(packet, ovl)._schema
            except (AttributeError, RuntimeError):
                missing.append(full)
                continue
            if is_out(schema) or is_dimname(ovl) or not has_tensor(schema):
                continue
            want[full] = schema
    return want, missing


STMT_OP = re.compile(r"=\s*([A-Za-z_][\w]*\.[\w]+\.[\w]+)\s*\(")


def covered(want):
    """{"aten.add.Tensor": number of cases whose statements call it}, counting for each overload
    of want only once one of its cases (not an error case) has a PyTorch reference"""
    seen, cases = {}, {}
    for case in run.build_cases():
        for op in {m.group(1) for st in case.body for m in STMT_OP.finditer(st)}:
            seen[op] = seen.get(op, 0) + 1
            if not case.error:
                cases.setdefault(op, []).append(case)
    runner = run.Runner(None, 0)
    tmp = tempfile.mkdtemp(prefix="ci_overloads_")
    try:
        for op in want:
            ok = False
            for case in cases.get(op, []):
                try:
                    runner.prepare(case, tmp)
                    ok = True
                    break
                except (RuntimeError, NotImplementedError, TypeError, IndexError):
                    pass   # PyTorch rejects this one; try the next
            if not ok:
                seen.pop(op, None)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return seen


def main():
    verbose = "-v" in sys.argv[1:]
    want, missing = wanted(registered())
    seen = covered(want)
    gaps = [n for n in sorted(want) if n not in seen and n not in EXEMPT]
    for n in gaps:
        print("UNCOVERED %s: %s" % (n, want[n]))
    if verbose:
        for n in sorted(want):
            if n in EXEMPT:
                print("EXEMPT %s: %s" % (n, EXEMPT[n]))
            elif n in seen:
                print("covered %s (%d case(s))" % (n, seen[n]))
        for n in missing:
            print("# not in PyTorch %s: %s" % (torch.__version__, n))
    print("%d overloads of %d registered names: %d covered, %d uncovered, %d exempt" % (
        len(want), len(registered()), len(want) - len(gaps) - len(set(EXEMPT) & set(want)),
        len(gaps), len(set(EXEMPT) & set(want))))
    return 1 if gaps else 0


if __name__ == "__main__":
    sys.exit(main())
