import Relay
import Testing

/// The account as RelayTesting reads it from the lines a program wrote. (What a real program
/// writes is checked end to end in RelayTestingTests, which launch one.)
@Suite("Reading a wiring account")
struct WiringAccountReadingTests {
    static let injection = #"""
        {"injection":{"instructions":[\#
        {"factoryKey":"fixed","instruction":"type=clock,factory=fixed","lifecycle":"singleton","scope":"global","type":"Clock","typeKey":"clock"},\#
        {"factoryKey":"sunny","instruction":"type=clock,factory=sunny,scope=import,lifecycle=transient","lifecycle":"transient","scope":"import","type":"Clock","typeKey":"clock"},\#
        {"factoryKey":"rainy","instruction":"type=clock,factory=rainy,scope=import","lifecycle":"singleton","scope":"import","type":"Clock","typeKey":"clock"}],\#
        "processIdentifier":42,"registrations":[],"typeKeys":{"clock":"Clock","bookStore":"BookStore"}}}
        """#

    static func resolution(
        _ type: String,
        name: String? = nil,
        in scope: String,
        from registeredIn: String? = nil,
        instance: String? = nil,
        outcome: String = "built",
        injectedBy: String? = nil,
        requestedBy: String? = nil
    ) -> String {
        var fields = [#""type":"\#(type)""#, #""scope":"\#(scope)""#, #""outcome":"\#(outcome)""#]
        if let name { fields.append(#""name":"\#(name)""#) }
        if let registeredIn { fields.append(#""registeredIn":"\#(registeredIn)","lifecycle":"singleton""#) }
        if let instance { fields.append(#""instanceType":"\#(instance)""#) }
        if outcome == "failed" { fields.append(#""failure":"notRegistered""#) }
        if let injectedBy { fields.append(#""injectedBy":"\#(injectedBy)""#) }
        if let requestedBy { fields.append(#""requestedBy":"\#(requestedBy)""#) }
        return #"{"resolution":{\#(fields.joined(separator: ","))}}"#
    }

    static func account(_ lines: [String]) throws -> WiringAccount? {
        try WiringAccount.reading(Array(lines.joined(separator: "\n").utf8))
    }

    @Test("nothing is an account until the program reports its injection")
    func noInjectionYet() throws {
        #expect(try Self.account([""]) == nil)
        #expect(
            try Self.account([Self.resolution("Clock", in: "global", from: "global", instance: "SystemClock"), ""])
                == nil)
    }

    @Test("a last line without its line break is still being written, and waits for the next read")
    func partialLine() throws {
        let complete = [
            Self.injection, Self.resolution("Clock", in: "global", from: "global", instance: "FixedClock"), "",
        ]
        let account = try #require(try Self.account(complete + [#"{"resolution":{"type":"Bo"#]))
        #expect(account.resolutions.count == 1)
        #expect(try Self.account([String(Self.injection.dropLast(4))]) == nil)
    }

    @Test("a complete line that is not a record is an error")
    func corrupt() {
        #expect(throws: DecodingError.self) { try Self.account([Self.injection, "{not json", ""]) }
    }

    @Test("of several instructions for one type and scope, the last took effect")
    func lastInstructionWins() throws {
        let account = try #require(try Self.account([Self.injection, ""]))
        #expect(account.processIdentifier == 42)
        #expect(account.injections.count == 3)
        #expect(account.injection(for: .clock)?.factoryKey == "fixed")
        #expect(account.injection(for: .clock, scope: "import")?.factoryKey == "rainy")
        #expect(account.injection(for: .clock, scope: "nightly") == nil)
        #expect(account.injection(for: "bookStore") == nil)
    }

    @Test("resolved(_:) is the latest successful resolve asked in the scope; the type key finds the Swift type")
    func resolved() throws {
        let injected = "type=clock,factory=rainy,scope=import"
        let account = try #require(
            try Self.account([
                Self.injection,
                Self.resolution("Clock", in: "import", outcome: "failed"),
                Self.resolution("Clock", in: "import", from: "import", instance: "RainyClock", injectedBy: injected),
                Self.resolution(
                    "Clock", in: "import", from: "import", instance: "RainyClock", outcome: "cached",
                    injectedBy: injected,
                    requestedBy: "import/Report"),
                Self.resolution("Clock", in: "global", from: "global", instance: "FixedClock"),
                "",
            ]))
        let clock = try #require(account.resolved(.clock, in: "import"))
        #expect(clock.outcome == .cached)
        #expect(clock.instanceType == "RainyClock")
        #expect(clock.registeredIn == "import")
        #expect(clock.lifecycle == .singleton)
        #expect(clock.nodeID == "import/Clock")
        #expect(
            account.resolutions(of: .clock, in: "import").map(\.outcome) == [
                .failed(.notRegistered), .built, .cached,
            ])
        #expect(account.resolutions(of: .clock).count == 4)
        #expect(account.resolved(.clock)?.instanceType == "FixedClock")
        #expect(account.resolved("unknownKey") == nil)
        // What the instruction's factory built, joined from the resolves of its registration.
        #expect(account.injection(for: .clock, scope: "import")?.instanceTypes == ["RainyClock"])
        #expect(account.injection(for: .clock)?.instanceTypes == [])
    }

    @Test("resolutions can be looked up by Swift type and name")
    func bySwiftType() throws {
        let account = try #require(
            try Self.account([
                Self.injection, Self.resolution("Int", name: "answer", in: "global", from: "global", instance: "Int"),
                Self.resolution("Int", in: "global", from: "global", instance: "Int"), "",
            ]))
        #expect(account.resolved(Int.self)?.name == nil)
        let named = try #require(account.resolved(Int.self, name: "answer"))
        #expect(named.nodeID == #"global/Int["answer"]"#)
        #expect(account.resolutions(of: Int.self, name: "question").isEmpty)
    }

    @Test("the graph's edges are the resolves a factory made")
    func graph() throws {
        let account = try #require(
            try Self.account([
                Self.injection,
                Self.resolution("Report", in: "import", from: "import", instance: "Report"),
                Self.resolution(
                    "Clock", in: "import", from: "import", instance: "RainyClock", requestedBy: "import/Report"),
                Self.resolution(
                    "BookStore", in: "import", from: "global", instance: "Store", requestedBy: "import/Report"),
                Self.resolution(
                    "BookStore", in: "import", from: "global", instance: "Store", outcome: "cached",
                    requestedBy: "import/Report"),
                Self.resolution("Missing", in: "import", outcome: "failed", requestedBy: "import/Report"),
                "",
            ]))
        #expect(
            account.graph.edges == [
                .init(from: "import/Report", to: "global/BookStore"), .init(from: "import/Report", to: "import/Clock"),
            ])
    }

    @Test("the description lists the instructions, then the resolves")
    func description() throws {
        let account = try #require(
            try Self.account([
                Self.injection,
                Self.resolution(
                    "Clock", in: "import", from: "import", instance: "RainyClock",
                    injectedBy: "type=clock,factory=rainy,scope=import", requestedBy: "import/Report"),
                "",
            ]))
        #expect(
            account.description == """
                wiring of process 42: 3 injected
                  clock (Clock) <- fixed, in global, singleton; not resolved yet
                  clock (Clock) <- sunny, in scope 'import', transient; not resolved yet
                  clock (Clock) <- rainy, in scope 'import', singleton; built RainyClock
                1 resolved
                  Clock in scope 'import': RainyClock from scope 'import' (injected by type=clock,factory=rainy,scope=import), singleton, built; asked by import/Report
                """)
    }
}

/// A wiring account's entries checked by type rather than by name: a renamed stub breaks the test
/// when it compiles.
@Suite("Reading a wiring account by type")
struct WiringAccountTypedReadingTests {
    private struct FixedClock {}
    private struct Report {}
    private struct Other {}

    private let entry = ResolvedDependency(
        type: "Clock", scope: "import", registeredIn: "import", lifecycle: .singleton, injectedBy: nil,
        instanceType: "FixedClock", outcome: .built, requestedBy: "import/Report")

    @Test("returned(_:) compares the instance's type")
    func returnedComparesTheType() {
        #expect(entry.returned(FixedClock.self))
        #expect(!entry.returned(Other.self))
    }

    @Test("wasRequested(by:name:in:) compares the asking registration's type, name and scope")
    func wasRequestedComparesTheNode() {
        #expect(entry.wasRequested(by: Report.self, in: "import"))
        #expect(!entry.wasRequested(by: Report.self))
        #expect(!entry.wasRequested(by: Report.self, name: "daily", in: "import"))
        #expect(!entry.wasRequested(by: Other.self, in: "import"))
    }
}
