// What the snippets of the doc comments of Relay's inherited descriptors assume
// (Scripts/check-doc-snippets.py compiles each beside this file): the descriptors are Relay's own
// package types, seen as Relay's code sees them, through `@testable import`. Values are never
// read: the snippets are compiled, not run.
// snippets import: @testable Relay
@testable import Relay

/// The launcher's open account file.
var file: Int32 { fatalError() }
/// The environment the launcher hands the program.
var environment: [String: String] {
    get { fatalError() }
    set {}
}
/// The launcher's error for a file it cannot hand over.
struct CannotHandOver: Error {}
