// What the snippets of the doc comments of Relay's locks assume (Scripts/check-doc-snippets.py
// compiles each beside this file): the locks are Relay's own internal types, so the snippets see
// them as Relay's code does, through `@testable import` (the example's debug build of Relay is
// testable). Values are never read: the snippets are compiled, not run.
// snippets import: @testable Relay
@testable import Relay

/// What a waiter waits for, guarded by the lock.
var isDone: Bool { fatalError() }

/// A counter guarded by the lock.
var counter: Int {
    get { fatalError() }
    set {}
}

/// What a container family keeps for each scope.
struct ScopeSlot {}
