// A small program that runs one of Relay's hot paths in a loop, for `valgrind --tool=callgrind`
// (instruction counts, steady whatever else the machine does) or `perf record`:
//
//     swift build -c release --product RelayProfile
//     valgrind --tool=callgrind --toggle-collect='*measure*' \
//         .build/release/RelayProfile cached-singleton 100000
//     callgrind_annotate --inclusive=yes callgrind.out.<pid>
//
// Scripts/profile.sh does this for every case and prints instructions per operation.

import Relay

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class Service: Sendable { init() {} }
final class A: Sendable {
    let b: B, c: C
    init(b: B, c: C) {
        self.b = b
        self.c = c
    }
}
final class B: Sendable {
    let d: D
    init(d: D) { self.d = d }
}
final class C: Sendable { init() {} }
final class D: Sendable { init() {} }

/// 100 distinct service types, `Slot<D3, D7>` being number 37, for the instruction case.
protocol SlotService: AnyObject, Sendable { init() }
protocol Digit {}
enum D0: Digit {}
enum D1: Digit {}
enum D2: Digit {}
enum D3: Digit {}
enum D4: Digit {}
enum D5: Digit {}
enum D6: Digit {}
enum D7: Digit {}
enum D8: Digit {}
enum D9: Digit {}
final class Slot<Tens: Digit, Units: Digit>: SlotService { init() {} }

func slot<T: Digit, U: Digit>(_: T.Type, _: U.Type) -> any SlotService.Type { Slot<T, U>.self }

let slotTypes: [any SlotService.Type] = {
    let digits: [any Digit.Type] = [
        D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self,
    ]
    var types: [any SlotService.Type] = []
    for number in 0..<100 {
        let tens = digits[number / 10]
        let units = digits[number % 10]
        types.append(slot(tens, units))
    }
    return types
}()

struct SlotTypeIndex: DependencyTypeIndexable {
    var index: [DependencyTypeKey: Any.Type] {
        Dictionary(uniqueKeysWithValues: slotTypes.enumerated().map { (DependencyTypeKey("service\($0)"), $1) })
    }
}

struct SlotFactoryIndex: TypedDependencyFactoryIndexable {
    var index: [DependencyFactoryKey: TypedDependencyFactory] {
        Dictionary(
            uniqueKeysWithValues: slotTypes.enumerated().map { (DependencyFactoryKey("impl\($0)"), factory($1)) })
    }

    private func factory<S: SlotService>(_: S.Type) -> TypedDependencyFactory {
        TypedDependencyFactory(S.self) { _ in S() }
    }
}

let instructionIndex: DynamicDependencyIndex = {
    let index = DynamicDependencyIndex()
    try! index.add(SlotTypeIndex())
    try! index.add(SlotFactoryIndex())
    return index
}()

/// `app -d type=service0,factory=impl0 …`, every third with a lifecycle, as in benchmark S09.
let instructionArguments: [String] =
    ["app"]
    + (0..<100).flatMap { number in
        ["-d", "type=service\(number),factory=impl\(number)\(number % 3 == 2 ? ",lifecycle=transient" : "")"]
    }

func registerSlot<S: SlotService>(_: S.Type, in container: DependencyContainer) {
    container.register(S.self) { _ in S() }
}

/// Runs the parser on `container` as a program a launcher asked for its wiring account does: a
/// file of its own, named in `RELAY_WIRING_ACCOUNT` by descriptor, device and inode. Release
/// builds open no test hook unless the code opts in, as this does.
func attachWiringAccount(to container: DependencyContainer) throws {
    var template = Array("/tmp/relay-profile-account-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { path in path.baseAddress.map { mkstemp($0) } ?? -1 }
    var info = stat()
    guard descriptor >= 0, fstat(descriptor, &info) == 0 else { throw ProfileError.noAccountFile }
    // Unlinked at once: the profile leaves nothing behind.
    template.withUnsafeBufferPointer { path in _ = path.baseAddress.map { unlink($0) } }
    let variable = "\(descriptor):\(UInt64(truncatingIfNeeded: info.st_dev)):\(UInt64(truncatingIfNeeded: info.st_ino))"
    let parser = InjectDependenciesArgumentParser(
        index: DynamicDependencyIndex(), container: container, readsEnvironment: false,
        environment: [WiringAccount.environmentVariable: variable], report: .silent, testHooks: .always)
    try parser.parse(arguments: ["RelayProfile"])
}

enum ProfileError: Error {
    case noAccountFile
}

@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Each case: a setup that returns the container, and one operation.
let cases: [String: (setup: () throws -> DependencyContainer, operation: (DependencyContainer) throws -> Void)] = [
    "cached-singleton": (
        setup: {
            let container = DependencyContainer()
            container.register(Service.self) { _ in Service() }
            _ = try container.resolve(Service.self)
            return container
        },
        operation: { consume(try $0.resolve(Service.self)) }
    ),
    "transient-graph": (
        setup: {
            let container = DependencyContainer()
            container.register(A.self, lifecycle: .transient) { try A(b: $0.resolve(B.self), c: $0.resolve(C.self)) }
            container.register(B.self, lifecycle: .transient) { try B(d: $0.resolve(D.self)) }
            container.register(C.self, lifecycle: .transient) { _ in C() }
            container.register(D.self, lifecycle: .transient) { _ in D() }
            return container
        },
        operation: { consume(try $0.resolve(A.self)) }
    ),
    "mixed-graph": (
        setup: {
            let container = DependencyContainer()
            container.register(A.self, lifecycle: .transient) { try A(b: $0.resolve(B.self), c: $0.resolve(C.self)) }
            container.register(B.self) { try B(d: $0.resolve(D.self)) }
            container.register(C.self) { _ in C() }
            container.register(D.self) { _ in D() }
            _ = try container.resolve(A.self)
            return container
        },
        operation: { consume(try $0.resolve(A.self)) }
    ),
    // The graphs above, every registration made by its initializer (issue 41).
    "transient-graph-autowired": (
        setup: {
            let container = DependencyContainer()
            container.register(A.self, lifecycle: .transient, initializer: A.init)
            container.register(B.self, lifecycle: .transient, initializer: B.init)
            container.register(C.self, lifecycle: .transient, initializer: C.init)
            container.register(D.self, lifecycle: .transient, initializer: D.init)
            return container
        },
        operation: { consume(try $0.resolve(A.self)) }
    ),
    "mixed-graph-autowired": (
        setup: {
            let container = DependencyContainer()
            container.register(A.self, lifecycle: .transient, initializer: A.init)
            container.register(B.self, initializer: B.init)
            container.register(C.self, initializer: C.init)
            container.register(D.self, initializer: D.init)
            _ = try container.resolve(A.self)
            return container
        },
        operation: { consume(try $0.resolve(A.self)) }
    ),
    "named": (
        setup: {
            let container = DependencyContainer()
            for index in 0..<100 {
                container.register(Service.self, name: "service\(index)") { _ in Service() }
            }
            _ = try container.resolve(Service.self, name: "service57")
            return container
        },
        operation: { consume(try $0.resolve(Service.self, name: "service57")) }
    ),
    // One operation: parse and apply 100 instructions into a new container.
    "instructions": (
        setup: {
            _ = instructionIndex
            return DependencyContainer()
        },
        operation: { _ in
            // Into an empty container: every instruction adds a type, which is what is measured.
            let parser = InjectDependenciesArgumentParser(
                index: instructionIndex, container: DependencyContainer(), allowsUnregisteredTypes: true,
                readsEnvironment: false, report: .silent)
            try CommandLine.parse(arguments: instructionArguments, with: [parser])
        }
    ),
    // One operation: a new container, 100 distinct singletons registered, each resolved once, as in
    // benchmark S05 (which has 1,000); divide by 100 for one service.
    "build": (
        setup: { DependencyContainer() },
        operation: { _ in
            let container = DependencyContainer()
            for type in slotTypes { registerSlot(type, in: container) }
            for type in slotTypes { consume(try container.resolve(type)) }
        }
    ),
    // One operation: register the same type again, which replaces the registration.
    "register": (
        setup: { DependencyContainer() },
        operation: { $0.register(Service.self) { _ in Service() } }
    ),
]

/// The cases whose operation awaits: an async resolve (benchmark S10). The closures are
/// `@Sendable`, so they are not isolated to the main actor as top-level code is: each await
/// would otherwise hop to the main thread and back.
let asyncCases: [String: (setup: @Sendable () async throws -> DependencyContainer, operation: AsyncOperation)] = [
        "async-cached-singleton": (
            setup: {
                let container = DependencyContainer()
                container.register(Service.self) { _ in
                    await Task.yield()
                    return Service()
                }
                _ = try await container.resolve(Service.self)
                return container
            },
            operation: { consume(try await $0.resolve(Service.self)) }
        )
    ]

/// Three named unit-of-work registrations and an unnamed one, as in benchmarks S15 and S16 but
/// without teardowns: a
/// teardown is a plain async closure, which runs on the global executor, and valgrind 3.19 crashes
/// as soon as the concurrency runtime starts a thread for it.
func unitContainer() -> DependencyContainer {
    let container = DependencyContainer()
    for name in ["a", "b", "c"] {
        container.register(Service.self, name: name, lifecycle: .unitOfWork) { _ in Service() }
    }
    // Unnamed, for "unit-resolve", which compares with the unnamed cached singleton.
    container.register(Service.self, lifecycle: .unitOfWork) { _ in Service() }
    return container
}

/// The cases that run in units of work. Each runs its own loop, through `measure`, so that only
/// the operations are counted: "unit-resolve" resolves an instance already built in the open unit
/// (benchmark S16, synchronous); "unit-open-close" opens a unit, resolves three services in it and
/// closes it (benchmark S15, without its teardowns). They run on the main actor, not in a detached
/// task as the async case does, so that nothing leaves the main thread: Relay's async paths are
/// `nonisolated(nonsending)` all the way, and the factories are synchronous.
///
/// A function rather than a table made at startup, as `cases` is: the other cases' counts depend
/// on the heap as it stands when they run (malloc's work varies with it), and so stay as they were.
func unitCase(named name: String) -> (@MainActor (Int) async throws -> Void)? {
    switch name {
    case "unit-resolve":
        return { times in
            let container = unitContainer()
            try await container.withUnitOfWork { _ in
                consume(try await container.resolve(Service.self))
                try measure({ consume(try $0.resolve(Service.self)) }, on: container, times: times)
            }
        }
    case "unit-open-close":
        return { times in
            try await measure(
                onMainActor: { container in
                    // The container's resolve, not the unit's: the unit's binds the unit again through
                    // `TaskLocal.withValue`, which runs on the global executor (a thread).
                    try await container.withUnitOfWork { _ in
                        consume(try await container.resolve(Service.self, name: "a"))
                        consume(try await container.resolve(Service.self, name: "b"))
                        consume(try await container.resolve(Service.self, name: "c"))
                    }
                }, on: unitContainer(), times: times)
        }
    default:
        return nil
    }
}

@inline(never)
func measure(_ operation: (DependencyContainer) throws -> Void, on container: DependencyContainer, times: Int) throws {
    for _ in 0..<times {
        try operation(container)
    }
}

typealias AsyncOperation = @Sendable (DependencyContainer) async throws -> Void

/// Runs an operation on the main actor, `times` times: for the unit-of-work cases.
@inline(never)
@MainActor
func measure(
    onMainActor operation: @MainActor (DependencyContainer) async throws -> Void,
    on container: DependencyContainer,
    times: Int
) async throws {
    for _ in 0..<times {
        try await operation(container)
    }
}

@inline(never)
func measure(
    _ operation: AsyncOperation,
    on container: DependencyContainer,
    times: Int
) async throws {
    for _ in 0..<times {
        try await operation(container)
    }
}

/// The cases measured again in a program a launcher asked for its wiring account (issue 39: the
/// same counts as without). The same operation closure as the plain case, so that the two
/// measure one function, not two copies that the compiler may lay out (or merge) differently.
let accountCases = ["cached-singleton", "transient-graph"].map { $0 + "-account" }

let arguments = CommandLine.arguments
let names = (Array(cases.keys) + Array(asyncCases.keys) + accountCases).sorted()
guard arguments.count == 3, names.contains(arguments[1]) || unitCase(named: arguments[1]) != nil,
    let times = Int(arguments[2])
else {
    let all = (names + ["unit-open-close", "unit-resolve"]).sorted()
    print("usage: RelayProfile <\(all.joined(separator: "|"))> <operations>")
    exit(2)
}
if let chosen = cases[arguments[1]] {
    let container = try chosen.setup()
    try measure(chosen.operation, on: container, times: times)
} else if accountCases.contains(arguments[1]), let chosen = cases[String(arguments[1].dropLast("-account".count))] {
    let container = try chosen.setup()
    try attachWiringAccount(to: container)
    // Once with the account attached: a registration's first build after it is reported.
    try chosen.operation(container)
    try measure(chosen.operation, on: container, times: times)
} else if let chosen = asyncCases[arguments[1]] {
    // Off the main actor, as a server's request handlers run.
    try await Task.detached {
        let container = try await chosen.setup()
        try await measure(chosen.operation, on: container, times: times)
    }.value
} else if let chosen = unitCase(named: arguments[1]) {
    try await chosen(times)
}
