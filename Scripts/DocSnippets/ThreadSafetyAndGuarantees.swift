// What the snippets of "Thread Safety and Guarantees" assume (Scripts/check-doc-snippets.py
// compiles each beside this file). Values are never read: the snippets are compiled, not run.
// snippets import: Foundation, Relay
import Relay

var root: DependencyContainer { fatalError() }

struct Inner: Sendable {}
struct Outer: Sendable {}

struct Book: Sendable {}

protocol BookStore: Sendable {
    func books() throws -> [Book]
}
