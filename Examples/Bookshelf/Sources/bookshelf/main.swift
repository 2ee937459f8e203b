import BookshelfCore
import Foundation
import Hummingbird
import Relay

// bookshelf: a small HTTP service for a shelf of books, wired with Relay.
//
//   swift run bookshelf --port 8080
//   curl -X POST localhost:8080/books -d '{"title":"Dune","author":"Frank Herbert","isbn":"9780441013593"}'

/// Writes `message` to standard error and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("bookshelf: error: \(message)\n".utf8))
    exit(status)
}

let options: BookshelfOptions
do {
    options = try BookshelfOptions(arguments: CommandLine.arguments)
} catch {
    fail("\(error)\n\(BookshelfOptions.usage)", status: 64)
}
if options.wantsHelp {
    print(BookshelfOptions.usage)
    exit(0)
}

do {
    try DependencyContainer.global.apply(BookshelfDependencyRegistry(options: options))

    #if DEBUG
    // DYNAMIC INJECTION: a driver (the tests in Tests/BookshelfDriverTests) replaces dependencies
    // with the stubs indexed here, through `-d type=…,factory=…[,scope=…]` arguments or the
    // RELAY_DEPENDENCIES variable. A bad instruction stops the program here, before it listens.
    // Release builds read no instructions.
    try DynamicDependencyIndex.shared.add(BookshelfTypeIndex())
    try DynamicDependencyIndex.shared.add(BookshelfStubFactoryIndex())
    try CommandLine.parse(with: [InjectDependenciesArgumentParser()])
    #endif
} catch {
    fail("\(error)", status: 64)
}

do {
    // Builds the eager singletons: opens (or creates) the database before listening.
    try DependencyContainer.global.start()
} catch {
    fail("\(error)", status: 70)
}

do {
    try await BookshelfApplication.make(options: options, container: .global).runService()
    print("bookshelf stopped")
} catch {
    fail("\(error)", status: 70)
}
