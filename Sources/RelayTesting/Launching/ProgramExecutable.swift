public import Foundation
import Relay

/// The executable file of a program under test.
///
/// Name it by path, or find the built product of a Swift package by name:
///
/// ```swift
/// // Beside the running tests: the test target and the product share one build.
/// let bookshelf = try ProgramExecutable.product("bookshelf")
///
/// // In another package's build directory, built first if asked.
/// let example = try await ProgramExecutable.product(
///     "bookshelf", inPackageAt: URL(filePath: "Examples/Bookshelf"), building: true)
///
/// let shell = ProgramExecutable(path: "/bin/sh")
/// ```
public struct ProgramExecutable: Sendable, Hashable, CustomStringConvertible {
    /// The executable file.
    public let url: URL

    /// Names an executable by its file URL.
    ///
    /// - Parameter url: The executable file.
    public init(url: URL) {
        self.url = url
    }

    /// Names an executable by its path.
    ///
    /// ```swift
    /// let shell = ProgramExecutable(path: "/bin/sh")
    /// ```
    ///
    /// - Parameter path: The executable file's path.
    public init(path: String) {
        self.init(url: URL(fileURLWithPath: path))
    }

    /// The executable's file name, as in messages: `bookshelf`.
    public var name: String { url.lastPathComponent }

    /// The executable's path.
    public var description: String { url.path }

    // MARK: - Products next to the running tests

    /// The directory that holds the running tests' build products, if it can be found.
    ///
    /// `swift test` builds a package's executables into the same directory as its tests, so a
    /// test target finds its package's programs here. On Linux this is the directory of the
    /// running test executable; on Apple platforms, the directory of the loaded `.xctest` bundle.
    public static var testProductsDirectory: URL? {
        #if canImport(Darwin)
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        return Bundle.main.executableURL?.deletingLastPathComponent()
    }

    /// The executable product `name` built beside the running tests.
    ///
    /// `swift test` builds every product of the package under test, so the test needs no build
    /// step of its own:
    ///
    /// ```swift
    /// let bookshelf = try ProgramExecutable.product("bookshelf")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The executable product's name.
    ///   - fileID: The calling file, for errors.
    ///   - line: The calling line, for errors.
    /// - Returns: The executable.
    /// - Throws: ``ProgramLaunchError`` with code `.executableNotFound` when no such executable
    ///   was built; the message says how to build it.
    public static func product(_ name: String, fileID: String = #fileID, line: Int = #line) throws -> ProgramExecutable
    {
        guard let directory = testProductsDirectory else {
            throw ProgramLaunchError(
                .unknownTestProductsDirectory(product: name),
                commandLine: name,
                fileID: fileID,
                line: line
            )
        }
        let executable = ProgramExecutable(url: directory.appendingPathComponent(name))
        guard FileManager.default.isExecutableFile(atPath: executable.url.path) else {
            throw ProgramLaunchError(
                .productNotBuiltBesideTests(product: name, directory: directory.path),
                commandLine: executable.url.path,
                fileID: fileID,
                line: line
            )
        }
        return executable
    }

    // MARK: - Products of another package

    private static let binPaths = LockedValue<[String: URL]>([:])

    /// The executable product `name` of the Swift package at `packageDirectory`, built first when
    /// asked.
    ///
    /// The package's build directory is asked of `swift build --show-bin-path` once per package
    /// and configuration in a process. Building runs `swift build --product name`.
    ///
    /// ```swift
    /// let bookshelf = try await ProgramExecutable.product(
    ///     "bookshelf",
    ///     inPackageAt: URL(filePath: "Examples/Bookshelf"),
    ///     building: true
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - name: The executable product's name.
    ///   - packageDirectory: The directory that holds the package's `Package.swift`.
    ///   - configuration: The build configuration; debug by default.
    ///   - scratchPath: The package's build directory when it is not the default `.build`.
    ///   - building: Whether to build the product first.
    ///   - buildTimeout: How long building may take at most; 30 minutes by default.
    /// - Returns: The executable.
    /// - Throws: ``ProgramLaunchError`` with code `.buildFailed` (with the build's output) when
    ///   `swift build` fails, or `.executableNotFound` when the product was not built.
    public static func product(
        _ name: String,
        inPackageAt packageDirectory: URL,
        configuration: BuildConfiguration = .debug,
        scratchPath: URL? = nil,
        building: Bool = false,
        buildTimeout: Duration = .seconds(1800)
    ) async throws -> ProgramExecutable {
        var common = ["build", "--package-path", packageDirectory.path, "--configuration", configuration.rawValue]
        if let scratchPath { common += ["--scratch-path", scratchPath.path] }
        if building {
            _ = try await runSwift(common + ["--product", name], timeout: buildTimeout)
        }
        let key = common.joined(separator: " ")
        let binPath: URL
        if let known = binPaths.withLockedValue({ $0[key] }) {
            binPath = known
        } else {
            let printed = try await runSwift(common + ["--show-bin-path"], timeout: buildTimeout)
            let path = printed.split(separator: "\n").last.map(String.init) ?? ""
            binPath = URL(fileURLWithPath: path.trimmingCharacters(in: .whitespaces), isDirectory: true)
            binPaths.withLockedValue { $0[key] = binPath }
        }
        let executable = ProgramExecutable(url: binPath.appendingPathComponent(name))
        guard FileManager.default.isExecutableFile(atPath: executable.url.path) else {
            throw ProgramLaunchError(
                .productNotBuiltInPackage(product: name, directory: binPath.path),
                commandLine: executable.url.path
            )
        }
        return executable
    }

    /// Runs `swift` with `arguments` and returns its standard output.
    private static func runSwift(_ arguments: [String], timeout: Duration) async throws -> String {
        var launcher = ProgramLauncher(
            executable: ProgramExecutable(path: "/usr/bin/env"), arguments: ["swift"] + arguments)
        // A build reports no wiring; its compilers need not inherit the account's descriptor.
        launcher.collectsWiringAccount = false
        let exit = try await withLaunchedProgram(launcher) { try await $0.waitForExit(timeout: timeout) }
        guard exit.succeeded else {
            throw ProgramLaunchError(
                .buildFailed(exit: exit),
                commandLine: launcher.commandLine,
                standardOutput: exit.standardOutput,
                standardError: exit.standardError,
                exit: exit
            )
        }
        return exit.standardOutput
    }
}

/// A Swift package build configuration.
///
/// ```swift
/// try await ProgramExecutable.product("bookshelf", inPackageAt: example, configuration: .release)
/// ```
public enum BuildConfiguration: String, Sendable, Hashable {
    /// The debug configuration, `swift build`'s default.
    case debug
    /// The release configuration, built with optimizations.
    case release
}
