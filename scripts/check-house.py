#!/usr/bin/env python3
"""The house rules of issue #22, measured on the product code (not tests/, bench/, fuzz/):

  * no source file above 800 lines;
  * no function above 120 lines, except the expression interpreter's switch (expr/tape.cpp eval);
  * the include graph is layered: no cycle between modules (a module is a .hpp/.cpp pair, so an
    include from a lower level back up closes a cycle) and none between folders.

Function extents come from universal-ctags (its `end:` field). Prints every violation and exits 1
if there is one, 0 otherwise. Usage: scripts/check-house.py [--quiet]
"""

import os
import re
import subprocess
import sys

MAX_FILE_LINES = 800
MAX_FUNCTION_LINES = 120
EXEMPT_FUNCTIONS = {("expr/tape.cpp", "eval")}
NON_PRODUCT = ("tests/", "bench/", "fuzz/")


def product_sources():
    files = subprocess.run(["git", "ls-files", "*.cpp", "*.hpp", "*.h"], capture_output=True,
                           text=True, check=True).stdout.split()
    return [f for f in files if not f.startswith(NON_PRODUCT) and os.path.exists(f)]


def long_files(files):
    out = []
    for f in files:
        with open(f, encoding="utf-8", errors="replace") as fh:
            n = sum(1 for _ in fh)
        if n > MAX_FILE_LINES:
            out.append(f"{f}: {n} lines (at most {MAX_FILE_LINES})")
    return out


def long_functions(files):
    out = []
    tags = subprocess.run(["ctags", "--fields=+ne", "--c++-kinds=f", "-o", "-"] + files,
                          capture_output=True, text=True, check=True).stdout
    for line in tags.splitlines():
        cols = line.split("\t")
        name, path = cols[0], cols[1]
        if name.startswith("__anon"):
            continue  # lambdas are measured as part of their function
        fields = dict(c.split(":", 1) for c in cols[3:] if ":" in c)
        if "line" not in fields or "end" not in fields:
            continue
        n = int(fields["end"]) - int(fields["line"]) + 1
        if n > MAX_FUNCTION_LINES and (path, name) not in EXEMPT_FUNCTIONS:
            out.append(f"{path}:{fields['line']}: {name}: {n} lines (at most {MAX_FUNCTION_LINES})")
    return out


INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def include_graph(files):
    modules = {os.path.splitext(f)[0] for f in files}
    edges = {m: set() for m in modules}
    for f in files:
        src = os.path.splitext(f)[0]
        with open(f, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                m = INCLUDE.match(line)
                if not m:
                    continue
                dst = os.path.splitext(m.group(1))[0]
                if dst in modules and dst != src:
                    edges[src].add(dst)
    return edges


def cycles(edges):
    """Strongly connected components with more than one node (Tarjan, iterative)."""
    index, low, on_stack, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(edges[nxt]))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def folder_of(module):
    parts = module.split("/")
    return parts[0] if len(parts) > 1 else "."


def layering(files):
    edges = include_graph(files)
    out = []
    for comp in cycles(edges):
        back = [f"{a} -> {b}" for a in comp for b in sorted(edges[a]) if b in comp]
        out.append("include cycle between modules " + ", ".join(comp) + " (edges: " +
                   "; ".join(back) + ")")
    folders = {}
    for a, targets in edges.items():
        for b in targets:
            fa, fb = folder_of(a), folder_of(b)
            if fa != fb:
                folders.setdefault(fa, set()).add(fb)
                folders.setdefault(fb, set())
    for comp in cycles(folders):
        witnesses = [f"{a} -> {b}" for a in sorted(edges) for b in sorted(edges[a])
                     if folder_of(a) in comp and folder_of(b) in comp and folder_of(a) !=
                     folder_of(b)]
        out.append("include cycle between folders " + ", ".join(comp) + " (e.g. " +
                   "; ".join(witnesses[:6]) + ")")
    return out


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    files = product_sources()
    problems = long_files(files) + long_functions(files) + layering(files)
    for p in problems:
        print(p)
    if "--quiet" not in sys.argv:
        print(f"check-house: {len(files)} product files, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
