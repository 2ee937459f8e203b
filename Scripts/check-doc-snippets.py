#!/usr/bin/env python3
"""Compiles every ```swift block of the user-facing documentation, as a user would paste it.

    Scripts/check-doc-snippets.py                  # build the example if needed, check every snippet
    Scripts/check-doc-snippets.py --example-built  # Scripts/test.sh has just built the example
    Scripts/check-doc-snippets.py --list           # show each snippet and how it is checked

What is checked: the files in DOCUMENTS below (the README, the driver-test articles, the
RelayTesting and RelayTestingHTTP catalogs, and RelayTestingHTTP's doc comments). Each snippet is
compiled on its own (a module of its own, Swift 6 language mode; warnings are errors, except a
value the snippet shows and never uses), against the modules the example package in
Examples/Bookshelf has already built: Relay, RelayTesting, RelayTestingHTTP, RelayHummingbird,
RelayVapor, RelayServiceLifecycle, RelayArgumentParser, Hummingbird, Vapor, their testing
libraries, and the example's own modules. Nothing is built twice: the compiler is called with the
example's search paths, read from its build plan (.build/debug.yaml), and only type-checks and
runs the compiler's diagnostic passes (-emit-sil): the whole check takes seconds.

How a snippet is compiled depends on what it holds (its lines outside any bracket):
  - declarations only (types, extensions, `@Test` functions, `@main`): at file scope;
  - statements, with or without local types: inside `func snippet() async throws { … }`, as in a
    test's body;
  - statements beside declarations that cannot be local (an extension, a `@Test`, anything with
    an access modifier): as a `main.swift`;
  - a manifest (`import PackageDescription`, or a first line `// Package.swift`, whose snippet is
    then the arguments of `Package(name:…)`): against the toolchain's PackageDescription.
A snippet's own `import` lines are its imports; a snippet without any gets its prelude's (the
modules its `// snippets import: A, B` line names, or else the prelude's own imports).

The prelude: Scripts/DocSnippets/<document's name without extension>.swift, compiled beside each
snippet of that document (hidden from readers). It declares what the snippets assume and the text
around them supplies: a `launcher`, a `client`, the `program` of the closure a fragment sits in,
the app's own types. Values are computed globals that are never called (the snippets are compiled,
not run): `var client: ProgramHTTPClient { fatalError() }`. Each snippet is compiled with
`-D SNIPPET_<its number>`, so a prelude leaves out what one snippet declares itself
(`#if !SNIPPET_2 … #endif`).

Markers, an HTML comment on the line before the fence (`/// <!-- … -->` in a doc comment); readers
never see them:
  <!-- snippet: fragment: WHY -->    not compiled, on purpose: an excerpt with `…` that is not
                                      code. The reason is printed with every run.
  <!-- snippet: wrong: WHY -->       a usage the text warns against: it must FAIL to compile, and
                                      the run fails if it compiles. A "quoted" part of WHY is a
                                      message the compiler must give.
  <!-- snippet: elsewhere: WHERE --> compiled (and run) by another check, named here.
Any other marker, or a marker with no ```swift fence right after it, is an error.

A snippet that does not compile fails the run with the document, the snippet's number and line,
and the compiler's messages, which point into the document itself (#sourceLocation).
"""

import argparse
import concurrent.futures
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PRELUDES = ROOT / "Scripts" / "DocSnippets"
EXAMPLE = ROOT / "Examples" / "Bookshelf"
SCRATCH = pathlib.Path(os.environ.get("DOC_SNIPPETS_DIR", ROOT / ".build-doc-snippets"))
# The example's target whose compile command names every module a snippet may import.
FLAGS_TARGET = "BookshelfDriverTests"

# The documents whose snippets are compiled. Globs, so a new page of these catalogs is checked
# from the day it is added.
DOCUMENTS = [
    "README.md",
    "Sources/Relay/Documentation.docc/DriverTests.md",
    "Sources/Relay/Documentation.docc/UsingRelayWithVapor.md",
    "Sources/Relay/Documentation.docc/PackageTraits.md",
    "Sources/RelayTesting/RelayTesting.docc/*.md",
    "Sources/RelayTestingHTTP/RelayTestingHTTP.docc/*.md",
    "Sources/RelayTestingHTTP/*.swift",
]

MARKER = re.compile(r"^\s*<!--\s*snippet:\s*(?P<kind>[a-z-]+)\s*(?::\s*(?P<note>.*?))?\s*-->\s*$")
KINDS = {"fragment", "wrong", "elsewhere"}
DOC_COMMENT = re.compile(r"^\s*/// ?")

# Declarations that may stand inside a function body (local types and functions) and those that
# may not (they make a snippet that also holds statements a main.swift).
LOCAL_DECLARATION = re.compile(r"^(final\s+)?(struct|class|enum|actor|func|typealias)\b")
FILE_SCOPE_DECLARATION = re.compile(
    r"^(@|import\b|(public|package|internal|fileprivate|private|open|nonisolated)\b"
    r"|extension\b|protocol\b|precedencegroup\b|infix\b|prefix\b|postfix\b)")
DIRECTIVE = re.compile(r"^#(if|elseif|else|endif)\b")
# Warnings fail a snippet (a deprecated call, an `await` on nothing), except these: a snippet may
# show a value and stop before using it.
TOLERATED = re.compile(r"\[#no-usage\]$|was never mutated; consider changing to 'let'|was written to, but never read")


class Snippet:
    def __init__(self, document, number, line, code, marker):
        self.document = document      # path relative to the root
        self.number = number          # 1-based, among the document's swift blocks
        self.line = line              # line of the snippet's first code line in the document
        self.code = code              # list of lines
        self.kind, self.note = marker if marker else ("compiled", None)
        self.mode = None

    @property
    def name(self):
        return f"{self.document}, snippet {self.number} (line {self.line - 1})"

    @property
    def slug(self):
        stem = re.sub(r"[^A-Za-z0-9]+", "-", self.document).strip("-")
        return f"{stem}-{self.number}"


def markdown_lines(path):
    """The document's lines as Markdown, with their line numbers: a Swift file's doc comments."""
    text = path.read_text().split("\n")
    if path.suffix != ".swift":
        return list(enumerate(text, start=1))
    return [(number, DOC_COMMENT.sub("", line, count=1)) for number, line in enumerate(text, start=1)
            if DOC_COMMENT.match(line)]


class Fence:
    """A code block being read: its fence, its indentation, and, for a swift block, its snippet."""
    def __init__(self, characters, indent, snippet):
        self.characters, self.indent, self.snippet = characters, indent, snippet

    def closes(self, line):
        stripped = line.strip()
        return stripped.startswith(self.characters) and stripped.strip("`~") == ""

    def add(self, line):
        if self.snippet is not None:
            unindented = line[self.indent:] if line[:self.indent].strip() == "" else line.lstrip()
            self.snippet.code.append(unindented)


def extract(path, relative):
    """The swift blocks of one document, with their markers. Raises ValueError on a stray marker."""
    lines = markdown_lines(path)
    snippets, fence, marker, marker_line, number = [], None, None, None, 0
    for index, (line_number, line) in enumerate(lines):
        if fence is not None:
            if fence.closes(line):
                fence = None
            else:
                fence.add(line)
            continue
        opening = re.match(r"^(\s*)(```+|~~~+)\s*(\S*)", line)
        if opening:
            snippet = None
            if opening.group(3) == "swift":
                number += 1
                first_line = lines[index + 1][0] if index + 1 < len(lines) else line_number + 1
                snippet = Snippet(relative, number, first_line, [], marker)
                snippets.append(snippet)
            elif marker:
                raise ValueError(f"{relative}:{marker_line}: a snippet marker before a block that is not swift")
            fence, marker = Fence(opening.group(2), len(opening.group(1)), snippet), None
            continue
        found = MARKER.match(line)
        if found:
            if marker:
                raise ValueError(f"{relative}:{marker_line}: a snippet marker with no swift block after it")
            kind = found.group("kind")
            if kind not in KINDS:
                raise ValueError(
                    f"{relative}:{line_number}: unknown snippet marker '{kind}' (known: {', '.join(sorted(KINDS))})")
            if not found.group("note"):
                raise ValueError(f"{relative}:{line_number}: a '{kind}' marker says why: <!-- snippet: {kind}: WHY -->")
            marker, marker_line = (kind, found.group("note")), line_number
        elif marker and line.strip():
            raise ValueError(f"{relative}:{marker_line}: a snippet marker must stand right before its swift block")
    if marker:
        raise ValueError(f"{relative}:{marker_line}: a snippet marker with no swift block after it")
    if fence is not None:
        raise ValueError(f"{relative}: a code block is never closed")
    return snippets


# MARK: - Classifying

def top_level_lines(code):
    """The lines that start outside any bracket, comments and blank lines left out."""
    depth, result = 0, []
    for line in code:
        stripped = line.strip()
        if depth == 0 and stripped and not stripped.startswith("//"):
            result.append(stripped)
        depth += bracket_balance(stripped)
    return result


def bracket_balance(line):
    balance, in_string, escaped = 0, False, False
    index = 0
    while index < len(line):
        character = line[index]
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif line.startswith("//", index):
            break
        elif character in "([{":
            balance += 1
        elif character in ")]}":
            balance -= 1
        index += 1
    return balance


def classify(snippet):
    code = snippet.code
    if any(line.strip() == "import PackageDescription" for line in code) or \
            (code and code[0].strip() == "// Package.swift"):
        return "manifest"
    statements = file_scope = 0
    for line in top_level_lines(code):
        if DIRECTIVE.match(line):
            continue
        if FILE_SCOPE_DECLARATION.match(line):
            file_scope += 1
        elif LOCAL_DECLARATION.match(line):
            continue
        else:
            statements += 1
    imports_only = all(line.startswith("import ") or DIRECTIVE.match(line)
                       for line in top_level_lines(code) if FILE_SCOPE_DECLARATION.match(line))
    if statements == 0:
        return "file"
    if file_scope == 0 or imports_only:
        return "function"
    return "main"


# MARK: - Writing the sources

def location(snippet):
    return f'#sourceLocation(file: "{snippet.document}", line: {snippet.line})'


def prelude_for(document):
    return PRELUDES / (pathlib.Path(document).stem + ".swift")


def imports_of(lines):
    return [line.strip() for line in lines
            if re.match(r"^\s*(@testable\s+|public\s+|package\s+|internal\s+)?import\s", line)]


def default_imports(prelude_text):
    """What a snippet without imports imports: the prelude's `// snippets import: A, B` line, or
    else the prelude's own imports."""
    for line in prelude_text.split("\n"):
        found = re.match(r"^// snippets import:(.*)$", line)
        if found:
            return [f"import {name.strip()}" for name in found.group(1).split(",") if name.strip()]
    return imports_of(prelude_text.split("\n"))


def write_sources(snippet, directory):
    """Writes the snippet's module; returns the compiler's arguments for it."""
    if directory.exists():
        shutil.rmtree(directory)
    directory.mkdir(parents=True)
    prelude = prelude_for(snippet.document)
    prelude_text = prelude.read_text() if prelude.exists() else ""
    own_imports = imports_of(snippet.code)
    imports = own_imports if own_imports else default_imports(prelude_text)
    files = []
    if prelude_text:
        (directory / "Prelude.swift").write_text(prelude_text)
        files.append(directory / "Prelude.swift")
    if snippet.mode == "function":
        body = ["" if line in own_imports or line.strip() in own_imports else line for line in snippet.code]
        text = "\n".join(imports + ["", "func snippet() async throws {", location(snippet)] + body
                         + ["#sourceLocation()", "}", ""])
        name = "Snippet.swift"
    else:
        header = [] if own_imports else imports
        text = "\n".join(header + [location(snippet)] + snippet.code + ["#sourceLocation()", ""])
        name = "main.swift" if snippet.mode == "main" else "Snippet.swift"
    (directory / name).write_text(text)
    files.append(directory / name)
    return files


def write_manifest(snippet, directory):
    if directory.exists():
        shutil.rmtree(directory)
    directory.mkdir(parents=True)
    code = snippet.code
    if any(line.strip() == "import PackageDescription" for line in code):
        text = [location(snippet)] + code
    else:
        # An excerpt: the arguments of Package(name:…), which takes the place of its first line.
        text = ["import PackageDescription", location(snippet), 'let package = Package(name: "App",'] + code[1:] + [")"]
    (directory / "Package.swift").write_text("\n".join(text) + "\n")
    return [directory / "Package.swift"]


# MARK: - Compiling

def example_flags(built):
    """The compiler's search paths for everything the example has built."""
    plan = EXAMPLE / ".build" / "debug.yaml"
    if not built or not plan.exists():
        print(f"Building the example's {FLAGS_TARGET} target, whose modules the snippets import", flush=True)
        subprocess.run(["swift", "build", "--package-path", str(EXAMPLE), "--target", FLAGS_TARGET], check=True)
    header = re.compile(rf'^  "C\.{FLAGS_TARGET}-[^"]*debug\.module":$')
    with plan.open() as lines:
        for line in lines:
            if header.match(line):
                break
        else:
            sys.exit(f"error: {plan} has no compile command for {FLAGS_TARGET}")
        for line in lines:
            if line.strip().startswith("args:"):
                arguments = json.loads(line.strip()[len("args:"):])
                break
        else:
            sys.exit(f"error: {plan} has no arguments for {FLAGS_TARGET}")
    # Keep what finds modules and sets the language; drop what names outputs and sources.
    kept, index = [], 1
    drop_with_value = {"-module-name", "-emit-module-path", "-output-file-map", "-index-store-path",
                       "-module-cache-path", "-package-name", "-j"}
    drop = {"-emit-dependencies", "-emit-module", "-parse-as-library", "-incremental", "-c",
            "-enable-batch-mode", "-serialize-diagnostics", "-parseable-output", "-g", "-enable-testing",
            "-enable-upcoming-feature"}
    while index < len(arguments):
        argument = arguments[index]
        if argument in ("-Xcc", "-Xfrontend", "-I", "-D", "-target", "-swift-version"):
            kept += arguments[index:index + 2]
            index += 2
        elif argument in drop_with_value:
            index += 2
        elif argument == "-enable-upcoming-feature":
            index += 2   # the project's own settings; a new user's package has none of them
        elif argument in drop or argument.startswith("@") or argument.endswith(".swift") or \
                re.match(r"^-j\d+$", argument):
            index += 1
        else:
            kept.append(argument)
            index += 1
    return [arguments[0]] + kept


def compile_snippet(snippet, compiler):
    directory = SCRATCH / "snippets" / snippet.slug
    if snippet.mode == "manifest":
        files = write_manifest(snippet, directory)
        command = [compiler[0] if compiler else "swiftc", "-typecheck", "-swift-version", "6",
                   "-I", str(pathlib.Path(shutil.which("swift")).resolve().parent.parent / "lib/swift/pm/ManifestAPI"),
                   "-Xfrontend", "-package-description-version", "-Xfrontend", "6.3.0"]
    else:
        files = write_sources(snippet, directory)
        command = compiler + [f"-DSNIPPET_{snippet.number}", "-module-name", "DocSnippet", "-diagnostic-style", "llvm", "-module-cache-path", str(SCRATCH / "ModuleCache"),
                              "-emit-sil", "-wmo", "-o", os.devnull]
        if snippet.mode != "main":
            command.append("-parse-as-library")
    result = subprocess.run(command + [str(file) for file in files], cwd=ROOT, capture_output=True, text=True)
    return result.returncode, (result.stdout + result.stderr).strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--example-built", action="store_true",
                        help="the example package is built and current (Scripts/test.sh has just built it)")
    parser.add_argument("--list", action="store_true", help="list the snippets and how each is checked")
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args()

    snippets, problems = [], []
    for pattern in DOCUMENTS:
        paths = sorted(ROOT.glob(pattern))
        if not paths:
            problems.append(f"{pattern}: no such document")
        for path in paths:
            relative = str(path.relative_to(ROOT))
            try:
                snippets.extend(extract(path, relative))
            except ValueError as error:
                problems.append(str(error))
    if problems:
        for problem in problems:
            print(f"error: {problem}", file=sys.stderr)
        sys.exit(1)
    for snippet in snippets:
        snippet.mode = classify(snippet)

    if options.list:
        for snippet in snippets:
            how = snippet.mode if snippet.kind in ("compiled", "wrong") else "not compiled"
            print(f"{snippet.name}: {snippet.kind}, {how}" + (f" ({snippet.note})" if snippet.note else ""))
        return

    to_compile = [snippet for snippet in snippets if snippet.kind in ("compiled", "wrong")]
    compiler = example_flags(options.example_built) if any(s.mode != "manifest" for s in to_compile) else None
    (SCRATCH / "ModuleCache").mkdir(parents=True, exist_ok=True)
    shutil.rmtree(SCRATCH / "snippets", ignore_errors=True)  # the module cache is kept
    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
        results = list(pool.map(lambda snippet: compile_snippet(snippet, compiler), to_compile))
    for snippet, (status, output) in zip(to_compile, results):
        if snippet.kind == "wrong":
            expected = re.search(r'"([^"]+)"', snippet.note)
            if status == 0:
                failures.append(f"{snippet.name} is marked wrong ({snippet.note}) but compiles")
            elif expected and expected.group(1) not in output:
                failures.append(f"{snippet.name} is refused, but not with \"{expected.group(1)}\":\n{output}")
            continue
        if status != 0:
            failures.append(f"{snippet.name} does not compile:\n{output}")
            continue
        warnings = [line for line in output.split("\n") if ": warning: " in line and not TOLERATED.search(line)]
        if warnings:
            failures.append(f"{snippet.name} compiles with warnings:\n" + "\n".join(warnings))

    by_document = {}
    for snippet in snippets:
        by_document.setdefault(snippet.document, []).append(snippet)
    for document, items in by_document.items():
        counts = {}
        for snippet in items:
            counts[snippet.kind] = counts.get(snippet.kind, 0) + 1
        summary = ", ".join(f"{count} {kind}" for kind, count in counts.items())
        print(f"{document}: {len(items)} snippet{'s' if len(items) != 1 else ''} ({summary})")
        for snippet in items:
            if snippet.kind in ("fragment", "elsewhere"):
                print(f"  snippet {snippet.number} (line {snippet.line - 1}), {snippet.kind}: {snippet.note}")

    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    compiled = sum(1 for snippet in to_compile if snippet.kind == "compiled")
    refused = sum(1 for snippet in to_compile if snippet.kind == "wrong")
    print(f"documentation snippets: {compiled} compiled, {refused} refused as they should be, "
          f"{len(snippets) - len(to_compile)} not compiled here (marked), {len(failures)} failed")
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
