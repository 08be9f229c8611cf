#!/usr/bin/env python3
"""Checks ARCHITECTURE.md's size rule: no function in web/src is longer than 120 lines, none
in crates/*/src longer than 150 (tests, benches and examples are not held to it). A function
runs from its `fn` line to the brace that closes its body; braces inside string and char
literals and comments do not count. Nor is a file of web/src over 400 lines of code outside its
tests (blank and comment lines not counted, nor anything from `#[cfg(test)]` on, nor a
`tests.rs`), and `web/src/state/reduce.rs`, the router, stays under 200 lines in all. Exits 1
naming every function and file over its limit."""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIMITS = [("web/src", 120), ("crates/puzzle-core/src", 150), ("crates/puzzle-cli/src", 150)]
FN = re.compile(r"^\s*(pub(\([a-z]+\))?\s+)?(async\s+)?(const\s+)?(unsafe\s+)?fn\s+(\w+)")
LITERAL = re.compile(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])\'')


def code(line):
    return LITERAL.sub('""', line).split("//")[0]


def functions(path):
    lines = path.read_text().splitlines()
    for i, line in enumerate(lines):
        match = FN.match(line)
        if not match or line.strip().startswith("//"):
            continue
        depth, started = 0, False
        for j in range(i, len(lines)):
            text = code(lines[j])
            depth += text.count("{") - text.count("}")
            started = started or "{" in text
            if started and depth <= 0:
                yield match.group(6), i + 1, j - i + 1
                break
            if not started and text.rstrip().endswith(";"):
                break


FILE_LIMIT = 400
ROUTER, ROUTER_LIMIT = "web/src/state/reduce.rs", 200


def lines_of_code(path):
    """Code lines of `path` before its tests: not blank, not only a comment."""
    count = 0
    for line in path.read_text().splitlines():
        text = line.strip()
        if text.startswith("#[cfg(test)]"):
            break
        if text and not text.startswith("//"):
            count += 1
    return count


def files_over():
    over = []
    for path in sorted((ROOT / "web/src").rglob("*.rs")):
        if path.name == "tests.rs" or "tests" in path.relative_to(ROOT).parts:
            continue
        count = lines_of_code(path)
        if count > FILE_LIMIT:
            over.append(f"{path.relative_to(ROOT)}: {count} lines of code (limit {FILE_LIMIT})")
    router = len((ROOT / ROUTER).read_text().splitlines())
    if router >= ROUTER_LIMIT:
        over.append(f"{ROUTER}: {router} lines (the router stays under {ROUTER_LIMIT})")
    return over


def main():
    over = files_over()
    for folder, limit in LIMITS:
        for path in sorted((ROOT / folder).rglob("*.rs")):
            for name, line, length in functions(path):
                if length > limit:
                    over.append(f"{path.relative_to(ROOT)}:{line} {name}: {length} lines (limit {limit})")
    for entry in over:
        print(entry, file=sys.stderr)
    if over:
        return 1
    print("no function over its limit (web/src 120 lines, crates/*/src 150), no web/src file over "
          f"{FILE_LIMIT} lines of code, the router under {ROUTER_LIMIT} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
