import Foundation
import Relay

/// A small Relay program that reports its wiring when a launcher asks: a report built from a
/// clock and a store, in global and in the scope `nightly`.
///
/// It registers its defaults, reads instructions with `InjectDependenciesArgumentParser` (which
/// refuses the unregistered `auditor` unless `--allow-unregistered` is given), resolves a report
/// in each place, prints what each used, and exits, or with `--stay` prints "ready" and waits.
/// With `--reuse-descriptor-3 PATH` it opens the file at PATH as its descriptor 3 after parsing,
/// as a program that closes what it inherited and opens its own files may. With `--no-test-hooks`
/// its parser opens no test hook (`testHooks: .never`). Last, it says whether its resolves left
/// the slow path's gate open.
enum WiringFixture {
    static func run(arguments: [String]) {
        let global = DependencyContainer.global
        global.register((any Clock).self) { _ in SystemClock() }
        global.register((any Store).self) { _ in DiskStore() }
        global.register(Report.self, lifecycle: .transient, with: Report.make)
        global.container(for: .nightly).register(Report.self, lifecycle: .transient, with: Report.make)
        do {
            try DynamicDependencyIndex.shared.add(FixtureTypeIndex())
            try DynamicDependencyIndex.shared.add(FixtureFactoryIndex())
            let parser = InjectDependenciesArgumentParser(
                allowsUnregisteredTypes: arguments.contains("--allow-unregistered"), report: .silent,
                testHooks: arguments.contains("--no-test-hooks") ? .never : .inDebugBuilds)
            try CommandLine.parse(with: [parser])
            if let flag = arguments.firstIndex(of: "--reuse-descriptor-3"), flag + 1 < arguments.count {
                let file = open(arguments[flag + 1], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                guard file >= 0, dup2(file, 3) == 3 else { fail("cannot reopen descriptor 3", status: 70) }
                close(file)
            }
            for scope in [DependencyContainerScope.global, .nightly] {
                let report = try global.container(for: scope).resolve(Report.self)
                say("report in \(scope): \(type(of: report.clock)), \(type(of: report.store))")
            }
            // What the resolves after the parser went through: the account must not have put
            // the program on the slow path (a cached read stays the plain one).
            say("slow path: \(SlowPathGate.isOpen ? "open" : "shut")")
        } catch {
            fail("\(error)", status: 64)
        }
        if arguments.contains("--stay") {
            say("ready")
            sleepUntilKilled()
        }
    }
}

extension DependencyContainerScope {
    static let nightly = DependencyContainerScope("nightly")
}

protocol Clock: Sendable {}
struct SystemClock: Clock {}
struct FixedClock: Clock {}

protocol Store: Sendable {}
final class DiskStore: Store {}
final class MemoryStore: Store {}

/// Never registered by the program: only an instruction could add it.
protocol Auditor: Sendable {}
struct AuditLog: Auditor {}

/// What the program resolves: built from a clock and a store.
struct Report {
    let clock: any Clock
    let store: any Store

    @Sendable
    static func make(_ container: DependencyContainer) throws -> Report {
        Report(clock: try container.resolve((any Clock).self), store: try container.resolve((any Store).self))
    }
}

struct FixtureTypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = [
        "clock": (any Clock).self,
        "store": (any Store).self,
        "auditor": (any Auditor).self,
    ]
}

struct FixtureFactoryIndex: TypedDependencyFactoryIndexable {
    let index: [DependencyFactoryKey: TypedDependencyFactory] = [
        "fixedClock": TypedDependencyFactory((any Clock).self) { _ in FixedClock() },
        "memoryStore": TypedDependencyFactory((any Store).self) { _ in MemoryStore() },
        "auditLog": TypedDependencyFactory((any Auditor).self) { _ in AuditLog() },
    ]
}
