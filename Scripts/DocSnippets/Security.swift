// What the snippets of "Security" assume (Scripts/check-doc-snippets.py compiles each beside this
// file): the program's registry, indexes and keys.
// snippets import: Foundation, Relay
import Relay

struct DefaultModule: DependencyModule {
    func register(in container: DependencyContainer) throws {}
}

struct BookshelfTypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = [:]
}

struct StubFactoryIndex: TypedDependencyFactoryIndexable {
    let index: [DependencyFactoryKey: TypedDependencyFactory] = [:]
}

extension DependencyTypeKey {
    static let clock: DependencyTypeKey = "clock"
    static let mailer: DependencyTypeKey = "mailer"
}
