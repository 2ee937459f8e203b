import Foundation

/// One line of the wiring account as the program writes it: JSON with exactly one of its members
/// set, `{"injection": …}` or `{"resolution": …}`.
///
/// The format lives next to ``WiringAccount``, which reads it back, so the program's side and the
/// driver's side share one definition. It is not public: drivers read a ``WiringAccount``.
struct WiringAccountRecord: Codable {
    /// What one run of ``InjectDependenciesArgumentParser`` applied, and the registrations after it.
    struct Injection: Codable {
        /// The program's process identifier.
        var processIdentifier: Int32
        /// Every instruction applied, in order.
        var instructions: [Instruction]
        /// Every type key of the index the parser used, with the Swift type it names.
        var typeKeys: [String: String]
        /// Every registration of the root and its scopes once the instructions were applied.
        var registrations: [DependencyGraph.Node]
        /// Every factory key of the index; absent in accounts of older programs.
        var factoryKeys: [String]?
    }

    /// One applied instruction.
    struct Instruction: Codable {
        var typeKey: String
        var factoryKey: String
        var scope: String
        var lifecycle: String
        var instruction: String
        var type: String
    }

    /// How a resolve ended, as a line records it; a failure's code is in `failure`.
    enum Outcome: String, Codable {
        case built, cached, failed, cancelled
    }

    /// One distinct resolve.
    struct Resolution: Codable, Hashable {
        var type: String
        var name: String?
        var scope: String
        var registeredIn: String?
        var lifecycle: String?
        var injectedBy: String?
        var instanceType: String?
        var outcome: Outcome
        /// The error code's name, for a failed resolve.
        var failure: String?
        var requestedBy: String?
        /// The session the resolve ran in; absent for the program's own wiring.
        var session: String?
    }

    var injection: Injection?
    var resolution: Resolution?

    /// The record as one line of JSON, newline included.
    func line() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [UInt8(ascii: "\n")]
    }
}
