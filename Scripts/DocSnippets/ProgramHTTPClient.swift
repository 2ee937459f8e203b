// What the snippets of ProgramHTTPClient.swift's doc comments assume (Scripts/check-doc-snippets.py
// compiles each beside this file). Values are never read: the snippets are compiled, not run.
// snippets import: RelayTesting, RelayTestingHTTP, Testing, BookshelfStubs
import RelayTesting
import RelayTestingHTTP

// A session's snippet: the launched program, the session's stubs and their answers.
var program: LaunchedProgram { fatalError() }
var instructions: [DependencyInstructionLaunchArgument] { fatalError() }
var answers: StubAnswers { fatalError() }
var client: ProgramHTTPClient { fatalError() }
