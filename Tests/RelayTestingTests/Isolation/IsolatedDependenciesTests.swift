import Relay
import RelayTesting
import RelayTestingSupport
import Testing
import XCTest

/// A type only these tests register in the global container.
private struct IsolationProbe: Sendable, Equatable {
    let value: Int
}

private struct IsolationHolder {
    @Injected var probe: IsolationProbe
}

@Suite(
    "Test isolation with the trait",
    .dependencies { $0.register(IsolationProbe.self) { _ in IsolationProbe(value: -1) } })
struct IsolatedDependenciesTests {
    @Test("A test sees the registration its suite's trait made")
    func theSuitesRegistrationIsVisible() throws {
        #expect(try DependencyContainer.global.resolve(IsolationProbe.self).value == -1)
    }

    @Test("Parallel tests each see only their own registration", arguments: 0..<48)
    func parallelTestsEachSeeOnlyTheirOwnRegistration(value: Int) async throws {
        // Each test registers on the global container itself, as code under test would.
        DependencyContainer.global.register(IsolationProbe.self) { _ in IsolationProbe(value: value) }
        await Task.yield()
        #expect(try await DependencyContainer.global.resolve(IsolationProbe.self).value == value)
        // @Injected resolves from global too, and sees the same.
        #expect(IsolationHolder().probe.value == value)
    }
}

@Test("Nothing a suite registered leaks out of its isolation", .isolatedDependencies)
func nothingLeaksOutOfAnIsolatedTest() {
    // Registrations made by the suite's tests stayed inside their overrides.
    #expect(!DependencyContainer.global.isRegistered(IsolationProbe.self))
}

final class DependencyIsolatedTestCaseTests: DependencyIsolatedTestCase {
    override func registerDependencies(in overrides: DependencyContainer) throws {
        overrides.register(IsolationProbe.self) { _ in IsolationProbe(value: 42) }
    }

    func test1TheClassRegistrationIsVisibleAndATestRegistersItsOwn() throws {
        XCTAssertEqual(try DependencyContainer.global.resolve(IsolationProbe.self).value, 42)
        DependencyContainer.global.register(IsolationProbe.self, name: "mine") { _ in IsolationProbe(value: 1) }
    }

    func test2RegistrationsOfAnEarlierTestDoNotLeak() throws {
        XCTAssertFalse(DependencyContainer.global.isRegistered(IsolationProbe.self, name: "mine"))
    }
}
