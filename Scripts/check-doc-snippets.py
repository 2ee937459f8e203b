#!/usr/bin/env python3
"""Compiles every ```swift block of the user-facing documentation, as a user would paste it.

    Scripts/check-doc-snippets.py                  # build what is needed, check every snippet
    Scripts/check-doc-snippets.py --example-built  # Scripts/test.sh has just built it
    Scripts/check-doc-snippets.py --list           # show each snippet, how it is checked, its prelude
    Scripts/check-doc-snippets.py --example-built Sources/RelayTesting README.md   # only these

What is checked: the files in DOCUMENTS below: the README, every page of every catalog
(Sources/*/*.docc), and the DocC comments (`///` and `/** … */`) of every module's sources. Each
snippet is compiled as its own module (Swift 6 language mode; warnings are errors, except a value
the snippet shows and never uses), against the modules the example package in Examples/Bookshelf
has already built: Relay, RelayTesting, RelayTestingHTTP, RelayTestingSupport,
RelayHummingbird, RelayVapor, RelayServiceLifecycle, RelayArgumentParser, Hummingbird, Vapor,
their testing libraries, and the example's own modules. RelayLogging, which the example does not
link, comes from the package's own build with its tests' traits (.build-traits; BUILDS below).
Nothing is built twice: the compiler is called with a build's search paths, read from its build
plan (debug.yaml), and only type-checks and runs the compiler's diagnostic passes (-emit-sil).

How a snippet is compiled depends on what it holds (its lines outside any bracket):
  - declarations only (types, extensions, `@Test` functions, `@main`): at file scope;
  - statements, with or without local types: inside `func snippet() throws { … }`, made
    `async throws` when the snippet awaits: so a snippet without `await` gets the synchronous
    overload of a call (`resolve`) that has an async one, as the synchronous code it shows does;
  - statements beside declarations that cannot be local (an extension, a `@Test`, anything with
    an access modifier): as a `main.swift`;
  - a manifest (`import PackageDescription`, or a first line `// Package.swift…`, whose snippet is
    then the arguments of `Package(name:…)`): against the toolchain's PackageDescription.
A snippet's own `import` lines are its imports; a snippet without any gets its prelude's (the
modules its `// snippets import: A, B` line names, `@testable Relay` for a comment on Relay's
internal code, or else the prelude's own imports).

The prelude, compiled beside each snippet (hidden from readers), declares what the snippets assume
and the text around them supplies: a `launcher`, a `client`, the `program` of the closure a
fragment sits in, the app's own types. A document's own prelude is
Scripts/DocSnippets/<document's name without extension>.swift (two documents of one name cannot
both have one). A source file without one shares its folder's or its module's, the nearest of
Scripts/DocSnippets/Modules/<module>/<folder>.swift and Scripts/DocSnippets/Modules/<module>.swift.
A prelude's `// snippets build: NAME` compiles its snippets against another build of BUILDS.
Values are computed globals that are never called (the snippets are compiled, not run):
`var client: ProgramHTTPClient { fatalError() }`. Each snippet is compiled with
`-D SNIPPET_<its number>` and `-D SNIPPET_<its document's name>_<its number>` (`SNIPPET_StubCalls_1`,
`+` and other signs written `_`), so a prelude leaves out what one snippet declares itself
(`#if !SNIPPET_2 … #endif`; in a module's prelude, `#if !SNIPPET_StubCalls_1`).

Fast: each compiler run loads the modules its snippets import, which costs more than checking a
snippet, so the snippets of function bodies that share a prelude, a build and their imports are
compiled together, one file and one function each, in a few runs (`--jobs` at a time). A batch
that fails is compiled again one snippet at a time, so every failure has messages of its own.

Markers, an HTML comment on the line before the fence (`/// <!-- … -->` in a doc comment); readers
never see them:
  <!-- snippet: fragment: WHY -->    not compiled, on purpose: an excerpt with `…` that is not
                                      code, another library's code. The reason is printed with
                                      every run.
  <!-- snippet: wrong: WHY -->       a usage the text warns against: it must FAIL to compile, and
                                      the run fails if it compiles. A "quoted" part of WHY is a
                                      message the compiler must give.
  <!-- snippet: elsewhere: WHERE --> compiled (and run) by another check, named here.
Any other marker, or a marker with no ```swift fence right after it, is an error.

A snippet that does not compile fails the run with the document, the snippet's number and line,
and the compiler's messages, which point into the document itself (#sourceLocation), or into the
prelude for the prelude's own mistakes.
"""

import argparse
import concurrent.futures
import functools
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

# The documents whose snippets are compiled. Globs, so a new page of a catalog, a new source file or
# a new module is checked from the day it is added.
DOCUMENTS = [
    "README.md",
    "Sources/*/*.docc/*.md",
    # The doc comments of every module's sources (the C targets have none).
    "Sources/*/**/*.swift",
]

# The builds a snippet may be compiled against: each is a build plan, the target whose compile
# command names the modules the snippets may import, and the command that builds that target. The
# example's is every snippet's but those whose prelude says `// snippets build: NAME`: the example
# does not link RelayLogging, which the package's own build with its tests' traits does (it is built
# by Scripts/test.sh too, with these flags, so neither build undoes the other).
TRAITS = "ArgumentParserSupport,LoggingSupport,ServiceLifecycleSupport"
BUILDS = {
    "example": (EXAMPLE / ".build" / "debug.yaml", FLAGS_TARGET,
                ["swift", "build", "--package-path", str(EXAMPLE), "--target", FLAGS_TARGET]),
    "traits": (ROOT / ".build-traits" / "debug.yaml", "RelayLoggingTests",
               ["swift", "build", "--traits", TRAITS, "--scratch-path", str(ROOT / ".build-traits"),
                "-Xswiftc", "-warnings-as-errors", "--target", "RelayLoggingTests"]),
}

MARKER = re.compile(r"^\s*<!--\s*snippet:\s*(?P<kind>[a-z-]+)\s*(?::\s*(?P<note>.*?))?\s*-->\s*$")
KINDS = {"fragment", "wrong", "elsewhere"}
DOC_COMMENT = re.compile(r"^\s*/// ?")
# A block doc comment's opening, `/**` (not `/**/`), and its close.
BLOCK_COMMENT = re.compile(r"^\s*/\*\*(?![*/])")

# Declarations that may stand inside a function body (local types and functions) and those that
# may not (they make a snippet that also holds statements a main.swift).
LOCAL_DECLARATION = re.compile(r"^(final\s+)?(struct|class|enum|actor|func|typealias)\b")
FILE_SCOPE_DECLARATION = re.compile(
    r"^(@|import\b|(public|package|internal|fileprivate|private|open|nonisolated)\b"
    r"|extension\b|protocol\b|precedencegroup\b|infix\b|prefix\b|postfix\b)")
DIRECTIVE = re.compile(r"^#(if|elseif|else|endif)\b")
# Warnings fail a snippet (a deprecated call, an `await` on nothing), except these: a snippet may
# show a value and stop before using it.
TOLERATED = re.compile(r"\[#no-usage\]$|was never mutated; consider changing to 'let'|was written to, but never read"
                       # A prelude named after a Swift file has its #fileID (it is the check's, not the snippet's).
                       r"|'#sourceLocation' directive produces '#fileID' string")


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
    """The document's lines as Markdown, with their line numbers: a Swift file's doc comments, `///`
    lines and the inside of `/** … */` blocks (whose lines are Markdown as they stand: Swift strips
    no leading `*`)."""
    text = path.read_text().split("\n")
    if path.suffix != ".swift":
        return list(enumerate(text, start=1))
    lines, in_block = [], False
    for number, line in enumerate(text, start=1):
        if in_block:
            end = line.find("*/")
            lines.append((number, line if end < 0 else line[:end]))
            in_block = end < 0
        elif DOC_COMMENT.match(line):
            lines.append((number, DOC_COMMENT.sub("", line, count=1)))
        elif BLOCK_COMMENT.match(line):
            rest = line[line.index("/**") + 3:]
            end = rest.find("*/")
            if rest[:end if end >= 0 else None].strip():
                lines.append((number, rest if end < 0 else rest[:end]))
            in_block = end < 0
    return lines


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
            (code and code[0].strip().startswith("// Package.swift")):
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


def module_of(document):
    """The module whose sources hold a document, for a Swift file; else None."""
    parts = pathlib.PurePath(document).parts
    return parts[1] if document.endswith(".swift") and len(parts) > 2 and parts[0] == "Sources" else None


def area(document):
    """What a document belongs to, for the run's summary: its catalog, its module's doc comments,
    or itself."""
    if ".docc/" in document:
        return str(pathlib.PurePath(document).parent)
    return f"Sources/{module_of(document)} (doc comments)" if module_of(document) else document


@functools.cache
def prelude_for(document):
    """The document's own prelude, named after it; or else, for a source file, its folder's or its
    module's, the nearest of Scripts/DocSnippets/Modules/<module>/<folder>….swift and
    Scripts/DocSnippets/Modules/<module>.swift. None when there is none."""
    own = PRELUDES / (pathlib.Path(document).stem + ".swift")
    if own.exists():
        return own
    if not module_of(document):
        return None
    folders = pathlib.PurePath(document).parts[1:-1]   # the module, then its folders
    for count in range(len(folders), 0, -1):
        shared = PRELUDES / "Modules" / pathlib.Path(*folders[:count]).with_suffix(".swift")
        if shared.exists():
            return shared
    return None


def prelude_text(snippet):
    return read(prelude_for(snippet.document))


@functools.cache
def read(path):
    return path.read_text() if path else ""


def defines(snippet):
    """The snippet's conditions: its number in its document, and the same qualified by the
    document's name, for a prelude that serves a module's files (`SNIPPET_StubCalls_1`)."""
    stem = re.sub(r"\W", "_", pathlib.Path(snippet.document).stem)
    return [f"SNIPPET_{snippet.number}", f"SNIPPET_{stem}_{snippet.number}"]


def named_by_prelude(snippet):
    """Whether the snippet's prelude sets anything aside for it (`#if !SNIPPET_2`)."""
    text = prelude_text(snippet)
    return any(re.search(rf"\b{name}\b", text) for name in defines(snippet))


def build_of(snippet):
    """The build the snippet is compiled against: its prelude's `// snippets build: NAME`, or the
    example's."""
    found = re.search(r"^// snippets build:\s*(\S+)\s*$", prelude_text(snippet), re.MULTILINE)
    return found.group(1) if found else "example"


def imports_of(lines):
    return [line.strip() for line in lines
            if re.match(r"^\s*(@testable\s+|public\s+|package\s+|internal\s+)?import\s", line)]


def default_imports(prelude):
    """What a snippet without imports imports: the prelude's `// snippets import: A, B` line, or
    else the prelude's own imports."""
    for line in prelude.split("\n"):
        found = re.match(r"^// snippets import:(.*)$", line)
        if found:
            # `@testable Relay`, for a comment on Relay's own internal code.
            return [re.sub(r"^(@testable )?", r"\1import ", name.strip())
                    for name in found.group(1).split(",") if name.strip()]
    return imports_of(prelude.split("\n"))


def awaits(snippet):
    """Whether the snippet awaits: its body is then an async function's, else a synchronous one's,
    where the synchronous overload of a call (`resolve`) is the one chosen, as in the code the
    snippet stands for."""
    return any(re.search(r"\bawait\b|\basync let\b", line.split("//")[0]) for line in snippet.code)


def fresh(directory):
    if directory.exists():
        shutil.rmtree(directory)
    directory.mkdir(parents=True)


def snippet_source(snippet, function_name="snippet"):
    """The text of the snippet's file, and its file name."""
    own_imports = imports_of(snippet.code)
    imports = own_imports if own_imports else default_imports(prelude_text(snippet))
    if snippet.mode == "function":
        body = ["" if line in own_imports or line.strip() in own_imports else line for line in snippet.code]
        effects = "async throws" if awaits(snippet) else "throws"
        text = "\n".join(imports + ["", f"func {function_name}() {effects} {{", location(snippet)] + body
                         + ["#sourceLocation()", "}", ""])
        return text, "Snippet.swift"
    header = [] if own_imports else imports
    text = "\n".join(header + [location(snippet)] + snippet.code + ["#sourceLocation()", ""])
    return text, "main.swift" if snippet.mode == "main" else "Snippet.swift"


def write_sources(snippets, directory):
    """Writes a module of the snippets (one, or a batch that shares a prelude) beside their
    prelude; returns its files."""
    fresh(directory)
    files = []
    prelude = prelude_text(snippets[0])
    if prelude:
        # Its messages point into the prelude itself.
        where = prelude_for(snippets[0].document).relative_to(ROOT)
        files.append(directory / "Prelude.swift")
        files[-1].write_text(f'#sourceLocation(file: "{where}", line: 1)\n' + prelude)
    for index, snippet in enumerate(snippets, start=1):
        text, name = snippet_source(snippet, "snippet" if len(snippets) == 1 else f"snippet{index}")
        if len(snippets) > 1:
            name = f"Snippet{index}.swift"
        files.append(directory / name)
        files[-1].write_text(text)
    return files


def write_manifest(snippet, directory):
    fresh(directory)
    code = snippet.code
    if any(line.strip() == "import PackageDescription" for line in code):
        text = [location(snippet)] + code
    else:
        # An excerpt: the arguments of Package(name:…), which takes the place of its first line.
        text = ["import PackageDescription", location(snippet), 'let package = Package(name: "App",'] + code[1:] + [")"]
    (directory / "Package.swift").write_text("\n".join(text) + "\n")
    return [directory / "Package.swift"]


# MARK: - Compiling

def build_flags(name, built):
    """The compiler's search paths for everything a build has built."""
    plan, target, command = BUILDS[name]
    if not built or not plan.exists():
        print(f"Building {target}, whose modules the snippets import: {' '.join(command)}", flush=True)
        subprocess.run(command, cwd=ROOT, check=True)
    header = re.compile(rf'^  "C\.{target}-[^"]*debug\.module":$')
    with plan.open() as lines:
        for line in lines:
            if header.match(line):
                break
        else:
            sys.exit(f"error: {plan} has no compile command for {target}")
        for line in lines:
            if line.strip().startswith("args:"):
                arguments = json.loads(line.strip()[len("args:"):])
                break
        else:
            sys.exit(f"error: {plan} has no arguments for {target}")
    # Keep what finds modules and sets the language; drop what names outputs and sources, and the
    # project's own settings (a new user's package has none of them).
    kept, index = [], 1
    drop_with_value = {"-module-name", "-emit-module-path", "-output-file-map", "-index-store-path",
                       "-module-cache-path", "-package-name", "-j", "-enable-upcoming-feature"}
    drop = {"-emit-dependencies", "-emit-module", "-parse-as-library", "-incremental", "-c",
            "-enable-batch-mode", "-serialize-diagnostics", "-parseable-output", "-g", "-enable-testing",
            "-warnings-as-errors"}
    while index < len(arguments):
        argument = arguments[index]
        if argument in ("-Xcc", "-Xfrontend", "-I", "-D", "-target", "-swift-version"):
            kept += arguments[index:index + 2]
            index += 2
        elif argument in drop_with_value:
            index += 2
        elif argument in drop or argument.startswith("@") or argument.endswith(".swift") or \
                re.match(r"^-j\d+$", argument):
            index += 1
        else:
            kept.append(argument)
            index += 1
    return [arguments[0]] + kept


def run_compiler(command, files):
    result = subprocess.run(command + [str(file) for file in files], cwd=ROOT, capture_output=True, text=True)
    return result.returncode, (result.stdout + result.stderr).strip()


def swift_command(compiler, conditions, main):
    command = compiler + [f"-D{condition}" for condition in conditions] + [
        "-module-name", "DocSnippet", "-diagnostic-style", "llvm", "-module-cache-path", str(SCRATCH / "ModuleCache"),
        "-emit-sil", "-wmo", "-o", os.devnull]
    return command if main else command + ["-parse-as-library"]


def compile_snippet(snippet, compilers):
    directory = SCRATCH / "snippets" / snippet.slug
    if snippet.mode == "manifest":
        command = [compilers.get("example", ["swiftc"])[0], "-typecheck", "-swift-version", "6",
                   "-I", str(pathlib.Path(shutil.which("swift")).resolve().parent.parent / "lib/swift/pm/ManifestAPI"),
                   "-Xfrontend", "-package-description-version", "-Xfrontend", "6.3.0"]
        return run_compiler(command, write_manifest(snippet, directory))
    command = swift_command(compilers[build_of(snippet)], defines(snippet), snippet.mode == "main")
    return run_compiler(command, write_sources([snippet], directory))


def compile_batch(batch, compilers, number):
    """Compiles snippets that share a prelude, a build and their imports as one module, each in a
    function of its own (statements only: their local types cannot clash)."""
    directory = SCRATCH / "batches" / f"{re.sub(r'[^A-Za-z0-9]+', '-', batch[0].document).strip('-')}-{number}"
    return run_compiler(swift_command(compilers[build_of(batch[0])], [], False), write_sources(batch, directory))


def unexpected_warnings(output):
    return [line for line in output.split("\n") if ": warning: " in line and not TOLERATED.search(line)]


# A batch's size: enough that loading the modules is paid rarely, few enough that a run's snippets
# are spread over the jobs.
BATCH = 40


def plan_runs(to_compile, jobs):
    """The compiler runs: one per snippet that must be compiled alone (a declaration, a main.swift,
    a manifest, a wrong usage, one its prelude names), and batches of the rest, the snippets of
    function bodies that share a prelude, a build and their imports. Each run loads the modules it
    imports anew, which costs more than checking a snippet: batches of up to BATCH, at least one
    per job."""
    alone, groups = [], {}
    for snippet in to_compile:
        if snippet.kind == "compiled" and snippet.mode == "function" and not named_by_prelude(snippet):
            # Same imports too: a member that another file's import makes visible is visible to all.
            key = (prelude_for(snippet.document), build_of(snippet), tuple(imports_of(snippet.code)))
            groups.setdefault(key, []).append(snippet)
        else:
            alone.append(snippet)
    batches = []
    for group in groups.values():
        if len(group) == 1:
            alone.extend(group)
            continue
        count = max(-(-len(group) // BATCH), min(jobs, len(group) // 2))
        batches += [group[index::count] for index in range(count)]
    return alone, batches


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--example-built", action="store_true",
                        help="the builds the snippets compile against are current (Scripts/test.sh has just built them)")
    parser.add_argument("--list", action="store_true", help="list the snippets and how each is checked")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("only", nargs="*", metavar="PATH",
                        help="check only the documents at or under these paths (a file or a folder)")
    options = parser.parse_args()

    snippets, problems = [], []
    for pattern in DOCUMENTS:
        paths = sorted(ROOT.glob(pattern))
        if not paths:
            problems.append(f"{pattern}: no such document")
        for path in paths:
            relative = str(path.relative_to(ROOT))
            if options.only and not any(pathlib.Path(relative).is_relative_to(pathlib.Path(only).resolve().relative_to(ROOT))
                                        for only in options.only):
                continue
            try:
                snippets.extend(extract(path, relative))
            except ValueError as error:
                problems.append(str(error))
    if options.only and not snippets and not problems:
        problems.append(f"no document with snippets at or under {', '.join(options.only)}")
    # A prelude named after a document serves every document of that name.
    by_prelude = {}
    for snippet in snippets:
        prelude = prelude_for(snippet.document)
        if prelude and prelude.parent == PRELUDES:
            by_prelude.setdefault(prelude, set()).add(snippet.document)
    for prelude, documents in sorted(by_prelude.items()):
        if len(documents) > 1:
            problems.append(f"{prelude.relative_to(ROOT)} is the prelude of {' and '.join(sorted(documents))}, "
                            "whose names are the same: rename one prelude's document or merge the preludes")
    for snippet in snippets:
        snippet.mode = classify(snippet)
        if build_of(snippet) not in BUILDS:
            problems.append(f"{prelude_for(snippet.document).relative_to(ROOT)}: unknown build '{build_of(snippet)}' "
                            f"(known: {', '.join(BUILDS)})")
    if problems:
        for problem in sorted(set(problems)):
            print(f"error: {problem}", file=sys.stderr)
        sys.exit(1)

    if options.list:
        for snippet in snippets:
            how = snippet.mode if snippet.kind in ("compiled", "wrong") else "not compiled"
            prelude = prelude_for(snippet.document)
            if snippet.kind in ("compiled", "wrong") and snippet.mode != "manifest":
                how += f", prelude {prelude.relative_to(PRELUDES)}" if prelude else ""
                how += f", against the {build_of(snippet)} build" if build_of(snippet) != "example" else ""
            print(f"{snippet.name}: {snippet.kind}, {how}" + (f" ({snippet.note})" if snippet.note else ""))
        return

    to_compile = [snippet for snippet in snippets if snippet.kind in ("compiled", "wrong")]
    builds = sorted({build_of(snippet) for snippet in to_compile if snippet.mode != "manifest"})
    compilers = {name: build_flags(name, options.example_built) for name in builds}
    (SCRATCH / "ModuleCache").mkdir(parents=True, exist_ok=True)
    for name in ("snippets", "batches"):
        shutil.rmtree(SCRATCH / name, ignore_errors=True)  # the module cache is kept
    alone, batches = plan_runs(to_compile, options.jobs)
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
        # The batches first: they are the longest runs.
        runs = [pool.submit(compile_batch, batch, compilers, number) for number, batch in enumerate(batches, start=1)]
        runs += [pool.submit(compile_snippet, snippet, compilers) for snippet in alone]
        outcomes = [run.result() for run in runs]
        # A batch that fails says nothing of which snippet: each of its snippets is compiled alone,
        # for messages of its own.
        again = []
        for batch, (status, output) in zip(batches, outcomes):
            if status == 0 and not unexpected_warnings(output):
                results.update({id(snippet): (0, "") for snippet in batch})
            else:
                again += batch
        for snippet, (status, output) in zip(alone, outcomes[len(batches):]):
            results[id(snippet)] = (status, output)
        for snippet, outcome in zip(again, pool.map(lambda snippet: compile_snippet(snippet, compilers), again)):
            results[id(snippet)] = outcome
    failures = []
    for snippet in to_compile:
        status, output = results[id(snippet)]
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
        warnings = unexpected_warnings(output)
        if warnings:
            failures.append(f"{snippet.name} compiles with warnings:\n" + "\n".join(warnings))

    # One line per README, catalog and module's doc comments; the snippets not compiled, each.
    by_area = {}
    for snippet in snippets:
        by_area.setdefault(area(snippet.document), []).append(snippet)
    for name, items in by_area.items():
        counts = {}
        for snippet in items:
            counts[snippet.kind] = counts.get(snippet.kind, 0) + 1
        summary = ", ".join(f"{count} {kind}" for kind, count in counts.items())
        documents = len({snippet.document for snippet in items})
        where = f" in {documents} files" if documents > 1 else ""
        print(f"{name}: {len(items)} snippet{'s' if len(items) != 1 else ''}{where} ({summary})")
        for snippet in items:
            if snippet.kind in ("fragment", "elsewhere"):
                print(f"  {snippet.name}, {snippet.kind}: {snippet.note}")

    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    compiled = sum(1 for snippet in to_compile if snippet.kind == "compiled")
    refused = sum(1 for snippet in to_compile if snippet.kind == "wrong")
    print(f"documentation snippets: {compiled} compiled, {refused} refused as they should be, "
          f"{len(snippets) - len(to_compile)} not compiled here (marked), {len(failures)} failed "
          f"({len(batches) + len(alone) + len(again)} compiler runs, {len(batches)} of them batches)")
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
