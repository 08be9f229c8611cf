#!/usr/bin/env python3
"""Fails when a doc names a file path that does not exist.

Reads README.md, ARCHITECTURE.md and every docs/*.md, and the comments (`//`, `///`, `//!`
lines) of every Rust file under crates/ and web/; takes the names in backticks and the
targets of Markdown links, and keeps those that look like file paths: they contain a `/` or
end in a known extension, and are not URLs, globs (`*`), placeholders (`<...>`, `NAME`,
`...`) or Rust paths (`a::b`); in a command (a name with spaces) only the words that begin
with a folder of the repository (crates/, web/, scripts/, tests/, docs/). Each is looked up
from the repository root and the doc's own folder, then (since the docs often name files
relative to a crate) under web/src/, crates/puzzle-core/src/,
crates/puzzle-cli/src/, tests/e2e/ and every crates/*/. Prints doc:line: path for each name
found nowhere and exits 1; exits 0 when every name resolves. Names under a path that
.gitignore lists (build outputs such as dist/ or tests/e2e/artifacts/) are not checked, nor
fenced code blocks (commands there may name files they create). A bare file name in a Rust
comment (`guided.rs`) resolves when a file of that name is anywhere in the same crate.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASES = ["", "web/src", "crates/puzzle-core/src", "crates/puzzle-cli/src", "tests/e2e"]
BASES += sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "crates", "*")))
EXTENSIONS = (".rs", ".md", ".sh", ".py", ".mjs", ".toml", ".html", ".css", ".js", ".json", ".txt")
CODE = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
TOP = re.compile(r"(crates|web|scripts|tests|docs)/")


def ignored():
    """The build outputs .gitignore names at the root, as path prefixes (`dist`, `target`)."""
    with open(os.path.join(ROOT, ".gitignore"), encoding="utf-8") as handle:
        lines = [line.strip() for line in handle]
    return [line.strip("/") for line in lines if line and not line.startswith("#")]


def docs():
    names = ["README.md", "ARCHITECTURE.md"]
    names += sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))
    return [n for n in names if os.path.isfile(os.path.join(ROOT, n))]


def path_like(text):
    """The name as a path to check, or None when it is not one."""
    text = text.strip().split("#")[0]  # a link's anchor
    if not text or " " in text or "://" in text or text.startswith(("mailto:", "-", "~", "$")):
        return None
    if "::" in text or "*" in text or "<" in text or "..." in text or "…" in text:
        return None
    if any(re.fullmatch(r"[A-Z][A-Z_]+", part) for part in text.split("/")):
        return None  # a placeholder such as FILE or NAME (but README.md is a file)
    if "/" not in text and not text.endswith(EXTENSIONS):
        return None
    if not re.fullmatch(r"[\w./-]+", text) or not re.search(r"[A-Za-z]", text):
        return None  # `1/2`, `=/`, quoted board rows and the like
    return text


def exists(path, outputs, here):
    path = path[2:] if path.startswith("./") else path
    if any(path.rstrip("/") == out or path.startswith(out + "/") for out in outputs):
        return True
    return any(os.path.exists(os.path.join(ROOT, base, path)) for base in BASES + [here])


def names_in(line):
    for match in CODE.finditer(line):
        code = match.group(1)
        if " " not in code.strip():
            yield code
        else:  # a command: only its words that start in one of the repository's folders
            yield from (w.strip(",;:()") for w in code.split() if TOP.match(w))
    for match in LINK.finditer(line):
        yield match.group(1)


def rust_files():
    """Every Rust file under crates/ and web/ (sources, tests, benches, examples)."""
    found = glob.glob(os.path.join(ROOT, "crates", "**", "*.rs"), recursive=True)
    found += glob.glob(os.path.join(ROOT, "web", "**", "*.rs"), recursive=True)
    return sorted(os.path.relpath(p, ROOT) for p in found if "/target/" not in p)


def crate_names(path):
    """The file names of the crate (crates/NAME or web) that holds `path`."""
    parts = path.split(os.sep)
    top = os.path.join(ROOT, *parts[:2]) if parts[0] == "crates" else os.path.join(ROOT, parts[0])
    return {os.path.basename(p) for p in glob.glob(os.path.join(top, "**", "*"), recursive=True)}


def check_rust(outputs, missing):
    """The names that Rust comments cite."""
    for source in rust_files():
        names = None
        with open(os.path.join(ROOT, source), encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if not line.lstrip().startswith("//"):
                    continue
                for name in names_in(line):
                    path = path_like(name)
                    if not path or exists(path, outputs, os.path.dirname(source)):
                        continue
                    if "/" not in path:
                        names = names if names is not None else crate_names(source)
                        if path in names:
                            continue
                    missing.append(f"{source}:{number}: {path}")


def main():
    missing, outputs = [], ignored()
    check_rust(outputs, missing)
    for doc in docs():
        fenced = False
        with open(os.path.join(ROOT, doc), encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if line.lstrip().startswith("```"):
                    fenced = not fenced
                    continue
                if fenced:
                    continue
                for name in names_in(line):
                    path = path_like(name)
                    if path and not exists(path, outputs, os.path.dirname(doc)):
                        missing.append(f"{doc}:{number}: {path}")
    for entry in missing:
        print(entry)
    if missing:
        print(f"{len(missing)} path(s) named in the docs do not exist", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
