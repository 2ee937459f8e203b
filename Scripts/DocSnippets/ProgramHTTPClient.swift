// What the snippets of ProgramHTTPClient.swift's doc comments assume (Scripts/check-doc-snippets.py
// compiles each beside this file).
// snippets import: RelayTesting, RelayTestingHTTP, Testing, BookshelfStubs
