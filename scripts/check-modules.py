#!/usr/bin/env python3
"""Checks ARCHITECTURE.md's rule for every crate (web/src, crates/puzzle-core/src,
crates/puzzle-cli/src): no module imports a module that imports it, directly or through
others (the imports form no cycle). In the core this keeps the method list below the solvers
and the dispatch (`solve.rs`) above them.

A module is a file (web/src/state.rs is `state`, web/src/hooks/live.rs is `hooks::live`); an
import is any `crate::`, `super::` or `self::` path in its code (not comments), tests included,
resolved to the longest module it names (`super::` from `anytime::beam` is `anytime`); a name
a module re-exports (`pub use action::PrefsAction;` in `state`) resolves to the module that
defines it, so `use super::PrefsAction` in `state::prefs` imports `state::action`. A parent
declaring its children (`pub mod live;`) is not an import. Top-level modules count whole
too: a folder (`anytime/`) and a file (`suboptimal.rs`) or another folder whose modules import
each other's form a cycle as well.
Exits 1 on a cycle. `check-modules.py DIR...` checks those source folders instead (the
fixture test in scripts/test.sh runs it on a two-file circle, which must fail)."""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ["web/src", "crates/puzzle-core/src", "crates/puzzle-cli/src"]


def module_of(src, path):
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib"):
        parts = parts[:-1]
    return "::".join(parts)


NAME = r"[a-z_][a-z0-9_]*"
PATH = rf"{NAME}(?:::{NAME})*"
# A path that may end in (or be) a type, trait or constant: `super::PrefsAction`.
ITEM = r"[A-Za-z_][A-Za-z0-9_]*"
ITEM_PATH = rf"{ITEM}(?:::{ITEM})*"


def imported_paths(module, text):
    """The crate paths `text` (the code of `module`) names: `crate::a::b`, `use crate::{a, b::c}`,
    and `super::`/`self::` paths made absolute from `module`."""
    parts = module.split("::")
    paths = []
    for prefix, rest, group in re.findall(
            rf"\b(crate|(?:super::)*super|self)::(?:({ITEM_PATH})|\{{([^}}]*)\}})", text):
        if prefix == "crate":
            base = []
        elif prefix == "self":
            base = parts
        else:
            ups = prefix.count("super")
            if ups > len(parts):
                continue
            base = parts[:len(parts) - ups]
        for tail in ([rest] if rest else [p.strip() for p in group.split(",")]):
            tail = tail.split(" as ")[0].strip()
            if re.fullmatch(ITEM_PATH, tail or "-"):
                paths.append("::".join(base + tail.split("::")))
            elif not tail or tail == "self":
                if base:
                    paths.append("::".join(base))
    return paths


def cycles_of(nodes, edges):
    """The cycles a depth-first search meets among `nodes` (each as a list, first = last)."""
    colour = {m: 0 for m in nodes}
    stack = []
    cycles = []

    def visit(m):
        colour[m] = 1
        stack.append(m)
        for n in sorted(edges[m]):
            if colour[n] == 1:
                cycles.append(stack[stack.index(n):] + [n])
            elif colour[n] == 0:
                visit(n)
        stack.pop()
        colour[m] = 2

    for m in sorted(nodes):
        if colour[m] == 0:
            visit(m)
    return cycles


def reexports(module, text):
    """The names `module` re-exports from its own children (`pub use action::{Action, B};`,
    `pub use self::x::Y as Z;`), each with the absolute path of what it names."""
    found = {}
    for m in re.finditer(
            rf"\bpub(?:\([a-z]+\))?\s+use\s+(?:self::)?({PATH}(?:::{ITEM})?)(?:::\{{([^}}]*)\}}|\s+as\s+({ITEM})|)\s*;",
            text, re.S):
        head, group, alias = m.group(1), m.group(2), m.group(3)
        items = [head] if group is None else [f"{head}::{g.strip()}" for g in group.split(",") if g.strip()]
        for item in items:
            item, _, rename = item.partition(" as ")
            item = item.strip()
            name = (rename or alias or item.split("::")[-1]).strip()
            if head.split("::")[0] in ("crate", "super", "std", "core", "puzzle_core", "yew", "serde"):
                continue
            found[name] = "::".join(([module] if module else []) + item.split("::"))
    return found


def check(name):
    src = ROOT / name
    files = {module_of(src, p): p for p in src.rglob("*.rs") if "bin" not in p.parts}
    modules = set(files) - {""}
    edges = {m: set() for m in modules}
    # Code only: a doc link to another module is not an import.
    code = {m: "\n".join(line.split("//")[0] for line in p.read_text().splitlines())
            for m, p in files.items()}
    exported = {}
    for module, text in code.items():
        for item, target in reexports(module, text).items():
            exported["::".join(([module] if module else []) + [item])] = target
    for module, path in files.items():
        if not module:
            continue
        paths = imported_paths(module, code[module])
        for p in paths:
            # A name re-exported by a parent is the module that defines it (followed through
            # a few re-exports at most).
            for _ in range(4):
                p = exported.get(p, p)
            names = p.split("::")
            target = None
            for n in range(len(names), 0, -1):
                candidate = "::".join(names[:n])
                if candidate in modules:
                    target = candidate
                    break
            if target and target != module and not module.startswith(target + "::") \
                    and not target.startswith(module + "::"):
                edges[module].add(target)
    cycles = cycles_of(modules, edges)
    # Top-level modules taken whole: a folder's modules as one (`anytime/` with its `mod.rs`),
    # a file as itself, so a file and a folder that import each other form a cycle too.
    folders = {m.split("::")[0] for m in modules if "::" in m}
    tops = {m.split("::")[0] for m in modules}
    top_edges = {t: set() for t in tops}
    for m, targets in edges.items():
        for t in targets:
            a, b = m.split("::")[0], t.split("::")[0]
            if a != b:
                top_edges[a].add(b)
    shown = lambda t: f"{t}/" if t in folders else t
    cycles += [[shown(t) for t in c] for c in cycles_of(tops, top_edges)]
    for cycle in cycles:
        print(f"{name} import cycle: " + " -> ".join(cycle), file=sys.stderr)
    if cycles:
        return 1
    print(f"{name}: {len(modules)} modules, {sum(map(len, edges.values()))} imports, no cycle")
    return 0


def main():
    return max(check(name) for name in (sys.argv[1:] or SOURCES))


if __name__ == "__main__":
    sys.exit(main())
