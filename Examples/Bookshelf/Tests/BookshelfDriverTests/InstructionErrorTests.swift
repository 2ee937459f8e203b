import BookshelfCore
import BookshelfStubs
import Foundation
import RelayTesting
import Testing

/// A bad instruction stops the program at start-up, before it listens or opens its database.
@Suite("Bad dependency instructions")
struct InstructionErrorTests {
    struct BadInstruction: Sendable, CustomTestStringConvertible {
        var instruction: String
        var badToken: String
        var testDescription: String { "\(instruction) names '\(badToken)'" }
    }

    static let badInstructions = [
        // Malformed.
        BadInstruction(instruction: "type=clock,factory=fixedClock,scop=bulkImport", badToken: "scop"),
        BadInstruction(instruction: "type=clock,factory=fixedClock,lifecycle=forever", badToken: "forever"),
        BadInstruction(instruction: "type=clock=wall,factory=fixedClock", badToken: "clock=wall"),
        BadInstruction(instruction: "type=clock", badToken: "factory"),
        // Unknown keys.
        BadInstruction(instruction: "type=clokc,factory=fixedClock", badToken: "clokc"),
        BadInstruction(instruction: "type=clock,factory=frozenClock", badToken: "frozenClock"),
        // A factory of another type.
        BadInstruction(instruction: "type=clock,factory=stubCatalog", badToken: "stubCatalog"),
        // A scope the program never made: the clock would fall back to global and reach nothing.
        BadInstruction(instruction: "type=clock,factory=fixedClock,scope=bulkImprt", badToken: "bulkImprt"),
        // A weak reference to a clock that a value can be (the stub is a struct).
        BadInstruction(instruction: "type=clock,factory=fixedClock,lifecycle=weak", badToken: "clock"),
    ]

    @Test(
        "the program exits non-zero before listening, and standard error names the bad token",
        arguments: BookshelfFront.allCases.flatMap { front in
            [InstructionDelivery.arguments, .environment].map { (front, $0) }
        },
        badInstructions
    )
    func rejected(launch: (front: BookshelfFront, delivery: InstructionDelivery), bad: BadInstruction) async throws {
        let (front, delivery) = launch
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            var launcher = try Bookshelf.launcher(front, directory: directory, delivery: delivery)
            launcher.dependencyInstructions = [bad.instruction]
            // What the program itself says: the launcher would refuse the unknown keys first.
            launcher.checksInstructionsBeforeLaunch = false

            let error = try await #require(throws: ProgramLaunchError.self) { try await launcher.launch() }

            #expect(error.code == .exitedBeforeReady)
            #expect(error.exit == .exited(status: 64))
            #expect(error.standardError.hasPrefix("Error: "))
            if delivery == .arguments {
                // A mistake on the command line, reported with the usage (swift-argument-parser's in
                // the Hummingbird program, the program's own beside Vapor's command line).
                #expect(error.standardError.contains("\nUsage: \(front.product) "), "\(error)")
            } else {
                // A stale exported variable is no command-line mistake: it is named, with no usage.
                #expect(error.standardError.contains("RELAY_DEPENDENCIES"), "\(error)")
                #expect(!error.standardError.contains("Usage:"))
            }
            #expect(error.standardError.contains("'\(bad.badToken)'"), "\(error)")
            #expect(!error.standardOutput.contains(Bookshelf.readyLine))
            // It never opened its database either.
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
        }
    }

    @Test(
        "two instructions for one type are refused, naming both, from either source",
        arguments: BookshelfFront.allCases, [InstructionDelivery.arguments, .environment])
    func duplicates(front: BookshelfFront, delivery: InstructionDelivery) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            var launcher = try Bookshelf.launcher(
                front, directory: directory, delivery: delivery)
            launcher.dependencyInstructions = [
                "type=catalogClient,factory=stubCatalog", "type=catalogClient,factory=catalogFailingToClose",
            ]

            let error = try await #require(throws: ProgramLaunchError.self) { try await launcher.launch() }

            #expect(error.exit == .exited(status: 64))
            #expect(
                error.standardError.contains(
                    "Instructions 'type=catalogClient,factory=stubCatalog' and "
                        + "'type=catalogClient,factory=catalogFailingToClose' both replace type key 'catalogClient'"),
                "\(error)")
            #expect(!error.standardError.contains("Relay injected"))
        }
    }

    @Test("a -d with nothing after it is rejected", arguments: BookshelfFront.allCases)
    func danglingFlag(front: BookshelfFront) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            var launcher = try Bookshelf.launcher(front, directory: directory)
            launcher.arguments.append("-d")

            let error = try await #require(throws: ProgramLaunchError.self) { try await launcher.launch() }

            #expect(error.exit == .exited(status: 64))
            switch front {
            case .hummingbird:
                // swift-argument-parser reads -d, and finds no value.
                #expect(
                    error.standardError.hasPrefix("Error: Missing value for '-d <type=<type>,factory=<factory>"),
                    "\(error)")
            case .vapor:
                // Relay takes -d out of the arguments before Vapor reads them, and finds no value.
                #expect(
                    error.standardError.hasPrefix(
                        "Error: Invalid dependency instruction '-d': '-d' must be followed by an instruction."),
                    "\(error)")
            }
        }
    }

    @Test(
        "a good instruction beside a bad one is not applied either: the program does not start",
        arguments: BookshelfFront.allCases)
    func allOrNothing(front: BookshelfFront) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            var launcher = try Bookshelf.launcher(
                front, directory: directory,
                instructions: [.init(type: .clock, factory: .fixedClock)])
            launcher.dependencyInstructions.append("type=idGenerator,factory=nope")
            launcher.checksInstructionsBeforeLaunch = false

            let error = try await #require(throws: ProgramLaunchError.self) { try await launcher.launch() }

            #expect(error.exit == .exited(status: 64))
            #expect(error.standardError.contains("'nope'"))
            #expect(!error.standardError.contains("Relay injected"))
        }
    }
}
