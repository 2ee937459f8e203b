/// What travels on the channel between a launched program and the test that launched it: the
/// program's stubs' calls one way, their answers the other, each call matched to its answer by an
/// identifier the program chooses.
///
/// Shared with RelayTesting (the test's side) and the fuzzer; not API for programs.
@_spi(ControlChannel)
public enum ControlMessage: Codable, Sendable, Equatable {
    /// A stub's call, from the program.
    case call(id: UInt64, call: StubCall)
    /// The answer to call `id`, as JSON, from the test.
    case answer(id: UInt64, value: String)
    /// Why call `id` has no answer, from the test.
    case failure(id: UInt64, error: StubCallError)
}
