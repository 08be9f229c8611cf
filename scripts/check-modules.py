#!/usr/bin/env python3
"""Checks ARCHITECTURE.md's rule for every crate (web/src, crates/puzzle-core/src,
crates/puzzle-cli/src): no module imports a module that imports it, directly or through
others (the imports form no cycle). In the core this keeps the method list below the solvers
and the dispatch (`solve.rs`) above them.

A module is a file (web/src/state.rs is `state`, web/src/hooks/live.rs is `hooks::live`); an
import is any `crate::` path in its code (not comments), tests included, resolved to the longest module it names.
A parent declaring its children (`pub mod live;`) is not an import. Exits 1 on a cycle."""
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


def check(name):
    src = ROOT / name
    files = {module_of(src, p): p for p in src.rglob("*.rs") if "bin" not in p.parts}
    modules = set(files) - {""}
    edges = {m: set() for m in modules}
    for module, path in files.items():
        if not module:
            continue
        # Code only: a doc link to another module is not an import.
        text = "\n".join(line.split("//")[0] for line in path.read_text().splitlines())
        # `use crate::{a, b::c}` and plain `crate::a::b` paths.
        paths = re.findall(r"crate::((?:[a-z_][a-z0-9_]*)(?:::[a-z_][a-z0-9_]*)*)", text)
        for group in re.findall(r"crate::\{([^}]*)\}", text):
            paths += [p.strip() for p in group.split(",")]
        for p in paths:
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
    # Cycles: depth-first search with colours.
    colour = {m: 0 for m in modules}
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

    for m in sorted(modules):
        if colour[m] == 0:
            visit(m)
    for cycle in cycles:
        print(f"{name} import cycle: " + " -> ".join(cycle), file=sys.stderr)
    if cycles:
        return 1
    print(f"{name}: {len(modules)} modules, {sum(map(len, edges.values()))} imports, no cycle")
    return 0


def main():
    return max(check(name) for name in SOURCES)


if __name__ == "__main__":
    sys.exit(main())
