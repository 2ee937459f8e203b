import Foundation
import RelayTesting
import Testing

@Suite("Finding executables")
struct ProgramExecutableTests {
    @Test("the running tests' products directory is known")
    func productsDirectory() throws {
        let directory = try #require(ProgramExecutable.testProductsDirectory)
        #expect(FileManager.default.fileExists(atPath: directory.path))
    }

    @Test("a product that was not built is reported with the way to build it")
    func missingProduct() throws {
        let directory = try #require(ProgramExecutable.testProductsDirectory)
        let error = try #require(throws: ProgramLaunchError.self) { try ProgramExecutable.product("no-such-product") }
        #expect(error.code == .executableNotFound)
        #expect(
            error.summary == """
                no executable 'no-such-product' in \(directory.path); run the tests with `swift test` \
                (which builds every product), or build it with `swift build --product no-such-product`
                """
        )
    }

    @Test("a product of another package is built, found and launched")
    func productOfAnotherPackage() async throws {
        try await withTemporaryDirectory(prefix: "greeter") { directory in
            let sources = directory.url.appendingPathComponent("Sources/greeter")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try Data(
                """
                // swift-tools-version: 6.0
                import PackageDescription
                let package = Package(name: "greeter", targets: [.executableTarget(name: "greeter")])
                """.utf8
            ).write(to: directory.file(named: "Package.swift"))
            try Data(#"print("hello, \(CommandLine.arguments.dropFirst().joined(separator: " "))")"#.utf8)
                .write(to: sources.appendingPathComponent("main.swift"))

            let greeter = try await ProgramExecutable.product("greeter", inPackageAt: directory.url, building: true)
            #expect(greeter.name == "greeter")

            let launcher = ProgramLauncher(executable: greeter, arguments: ["shelf"])
            let exit = try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
            #expect(exit.standardOutput == "hello, shelf\n")
        }
    }

    @Test("a package that does not build reports the compiler's output")
    func buildFailure() async throws {
        try await withTemporaryDirectory(prefix: "broken") { directory in
            try Data("this is not a manifest".utf8).write(to: directory.file(named: "Package.swift"))
            let error = try await #require(throws: ProgramLaunchError.self) {
                try await ProgramExecutable.product("broken", inPackageAt: directory.url, building: true)
            }
            #expect(error.code == .buildFailed)
            #expect(error.commandLine.contains("swift build --package-path \(directory.url.path)"))
            #expect(!error.standardError.isEmpty)
        }
    }
}
