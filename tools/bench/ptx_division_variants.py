"""Writes variants of a PTX file that measure what its IEEE divisions cost ptxas (issue 22
item 3, the cold compile):

    python3 tools/bench/ptx_division_variants.py IN.ptx OUTDIR

  OUTDIR/NAME.shared.ptx   every div.rn.f32 / div.rn.f64 a call of one .func per kind that
                           holds the only div.rn of that kind (the "one shared, non-inlined
                           function per module" lever: ptxas expands each division once)
  OUTDIR/NAME.nodiv.ptx    every div.rn replaced by a mul of the same operands (not the same
                           program: only for the share of ptxas time the divisions take)

Then time them against IN.ptx with ptx_cubin_probe (nvJitLink in process, CPU time) or
ptx_jit_probe.py (the driver's JIT)."""
import os
import re
import sys

DIV = re.compile(r"^(\s*)div\.rn\.(f32|f64)\s+(%\w+),\s*(%\w+|0[dDfF][0-9A-Fa-f]+),\s*(%\w+|0[dDfF][0-9A-Fa-f]+);",
                 re.M)

FUNC = """
.func  (.param .b{bits} ujit_div_rn_{kind}_r) ujit_div_rn_{kind}(.param .b{bits} ujit_div_rn_{kind}_a,
\t.param .b{bits} ujit_div_rn_{kind}_b)
{{
\t.reg .{kind} \t%q<4>;
\tld.param.{kind} \t%q1, [ujit_div_rn_{kind}_a];
\tld.param.{kind} \t%q2, [ujit_div_rn_{kind}_b];
\tdiv.rn.{kind} \t%q3, %q1, %q2;
\tst.param.{kind} \t[ujit_div_rn_{kind}_r], %q3;
\tret;
}}
"""

CALL = """{ind}{{
{ind}.param .b{bits} pa;
{ind}.param .b{bits} pb;
{ind}.param .b{bits} pr;
{ind}st.param.{kind} \t[pa], {a};
{ind}st.param.{kind} \t[pb], {b};
{ind}call.uni (pr), ujit_div_rn_{kind}, (pa, pb);
{ind}ld.param.{kind} \t{d}, [pr];
{ind}}}"""


def shared(ptx):
    kinds = sorted({m.group(2) for m in DIV.finditer(ptx)})

    def call(m):
        ind, kind, d, a, b = m.groups()
        return CALL.format(ind=ind, kind=kind, bits=kind[1:], d=d, a=a, b=b)

    body = DIV.sub(call, ptx)
    funcs = "".join(FUNC.format(kind=k, bits=k[1:]) for k in kinds)
    at = body.index(".address_size")
    at = body.index("\n", at) + 1
    return body[:at] + funcs + body[at:], len(DIV.findall(ptx))


def nodiv(ptx):
    return DIV.sub(lambda m: f"{m.group(1)}mul.rn.{m.group(2)} \t{m.group(3)}, {m.group(4)}, {m.group(5)};", ptx)


def main():
    src, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    ptx = open(src).read()
    name = os.path.splitext(os.path.basename(src))[0]
    text, count = shared(ptx)
    with open(os.path.join(out, name + ".shared.ptx"), "w") as f:
        f.write(text)
    with open(os.path.join(out, name + ".nodiv.ptx"), "w") as f:
        f.write(nodiv(ptx))
    print(f"{src}: {count} div.rn -> {name}.shared.ptx, {name}.nodiv.ptx")


if __name__ == "__main__":
    main()
