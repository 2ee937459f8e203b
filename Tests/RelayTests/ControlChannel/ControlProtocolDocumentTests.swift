import Foundation
import Testing

@_spi(ControlChannel) @testable import Relay

/// Docs/ControlProtocol.md is what a harness in another language is written from: each of its
/// JSON examples must be a message exactly as Relay reads and writes it, and it must show every
/// kind of message.
@Suite("The control protocol's document")
struct ControlProtocolDocumentTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/ControlProtocol.md")

    /// The bodies of the document's fenced blocks in `language`.
    static func blocks(_ language: String) throws -> [String] {
        let text = try String(contentsOf: document, encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if let lines = current, line == "```" {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// A JSON text as a comparable value: key order and spacing do not matter.
    static func normalized(_ json: Data) throws -> NSObject {
        try #require(try JSONSerialization.jsonObject(with: json) as? NSObject)
    }

    @Test("each JSON example decodes as a message and encodes back to the same JSON")
    func examplesAreMessages() throws {
        let examples = try Self.blocks("json")
        #expect(examples.count >= 12, "the document lost its examples")
        var kinds: Set<String> = []
        for example in examples {
            let message = try JSONDecoder().decode(ControlMessage.self, from: Data(example.utf8))
            let encoded = try JSONEncoder().encode(message)
            #expect(try Self.normalized(encoded) == Self.normalized(Data(example.utf8)), "\(example)")
            // A frame carries exactly what the document shows.
            let frame = try ControlFrame.bytes(of: message)
            var reader = ControlFrame.Reader()
            reader.append(frame)
            #expect(try reader.next() == message)
            if let object = try JSONSerialization.jsonObject(with: Data(example.utf8)) as? [String: Any] {
                kinds.formUnion(object.keys)
            }
        }
        #expect(
            kinds == [
                "hello", "welcome", "refused", "call", "answer", "failure", "pass", "outcome", "accountRecord",
                "command",
                "commandDone",
            ],
            "every kind of message has an example")
    }

    @Test("the endpoint variable's example is one a program accepts")
    func endpointExample() throws {
        let line = try #require(try Self.blocks("text").first { $0.hasPrefix(ControlEndpoint.environmentVariable) })
        let value = String(line.dropFirst(ControlEndpoint.environmentVariable.count + 1))
        let endpoint = try ControlEndpoint(parsing: value)
        #expect(endpoint.encoded == value)
        #expect(endpoint.isLoopback)
    }
}
