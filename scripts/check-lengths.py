#!/usr/bin/env python3
"""Checks ARCHITECTURE.md's size rule: no function in web/src is longer than 120 lines, none
in crates/*/src longer than 150 (tests, benches and examples are not held to it). A function
runs from its `fn` line to the brace that closes its body; braces inside string and char
literals and comments do not count. Exits 1 naming every function over its limit."""
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


def main():
    over = []
    for folder, limit in LIMITS:
        for path in sorted((ROOT / folder).rglob("*.rs")):
            for name, line, length in functions(path):
                if length > limit:
                    over.append(f"{path.relative_to(ROOT)}:{line} {name}: {length} lines (limit {limit})")
    for entry in over:
        print(entry, file=sys.stderr)
    if over:
        return 1
    print("no function over its limit (web/src 120 lines, crates/*/src 150)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
