@_spi(ControlChannel) import Relay

// The first byte of an input picks what the rest is fed to; every path checks an invariant and
// traps (which libFuzzer reports as a crash) when it breaks.

/// libFuzzer's entry point: feeds one input to the check its first byte picks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let mode = bytes.first else { return 0 }
    // The last mode byte is the control channel's framing; the others keep the modes they had, so
    // the corpus still reaches what it was grown for.
    if mode == 0xFF {
        checkFrames(Array(bytes.dropFirst()))
        return 0
    }
    if mode == 0xFE {
        checkHandshake(Array(bytes.dropFirst()))
        return 0
    }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    switch mode % 4 {
    case 0: checkInstruction(text)
    case 1: checkArguments(text.split(separator: "\0", omittingEmptySubsequences: false).map(String.init))
    case 2: checkEnvironment(text)
    default: checkInjection(text.split(separator: "\0", omittingEmptySubsequences: false).map(String.init))
    }
    return 0
}

/// Parsing either succeeds and round-trips, or throws an error that quotes its token.
func checkInstruction(_ text: String) {
    do {
        let instruction = try DependencyInjectionInstruction(parsing: text)
        // What parses renders back to text that parses to the same instruction.
        let again = try DependencyInjectionInstruction(parsing: instruction.description)
        precondition(again == instruction, "round trip changed \(instruction) into \(again)")
        if let rendered = try? instruction.rendered() {
            precondition(rendered == instruction.description)
        }
    } catch {
        precondition(error.input == text || error.code == .emptyInstruction, "error lost its input")
        checkMessage(error.description, quoting: error.token, from: error.input)
    }
}

/// A message quotes what it was given safely: no control or format character reaches the terminal
/// (escaped instead), it stays short however long the input, and when the text it quotes from
/// (`input`, by default the token itself) can be quoted as it is (printable, at most 80
/// characters), the token is in the message.
func checkMessage(_ message: String, quoting token: String, from input: String? = nil) {
    func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
    }
    func isQuotable(_ text: String) -> Bool {
        text.unicodeScalars.count <= 80 && !text.unicodeScalars.contains(where: isUnprintable)
    }
    precondition(!message.unicodeScalars.contains { $0 != "\n" && isUnprintable($0) }, "raw control in: \(message)")
    precondition(message.unicodeScalars.count <= 4_000, "message of \(message.unicodeScalars.count) characters")
    let quotable = !token.isEmpty && isQuotable(token) && isQuotable(input ?? token)
    precondition(!quotable || message.contains(token), "message does not quote '\(token)'")
}

func checkArguments(_ arguments: [String]) {
    do {
        let instructions = try InstructionSource.instructions(inArguments: arguments)
        precondition(instructions.count <= arguments.count)
    } catch {
        checkMessage(error.description, quoting: error.token, from: error.input)
    }
}

func checkEnvironment(_ value: String) {
    do {
        let instructions = try InstructionSource.instructions(inEnvironment: ["RELAY_DEPENDENCIES": value])
        // What was read renders back and reads the same, when every value can be carried.
        if let rendered = try? InstructionSource.environmentValue(for: instructions) {
            let again = try InstructionSource.instructions(inEnvironment: ["RELAY_DEPENDENCIES": rendered])
            precondition(again == instructions, "environment round trip changed the instructions")
        }
    } catch {
        checkMessage(error.description, quoting: error.token, from: error.input)
    }
}

// MARK: - Injecting into a real container

protocol Clock: Sendable { var now: Int { get } }
struct SystemClock: Clock { var now: Int { 1 } }
struct FixedClock: Clock { var now: Int { 0 } }

struct Types: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = ["clock": (any Clock).self, "number": Int.self]
}

struct Factories: TypedDependencyFactoryIndexable {
    let index: [DependencyFactoryKey: TypedDependencyFactory] = [
        "fixed": .init((any Clock).self) { _ in FixedClock() },
        "seven": .init(Int.self) { _ in 7 },
        // Takes its number from the instruction's configuration (JSON, percent-encoded).
        "given": .init(Int.self, configuration: Int.self) { _, number in number },
    ]
}

/// The index every injection uses: built once, since adding to it is not what is fuzzed.
let index: DynamicDependencyIndex = {
    let index = DynamicDependencyIndex()
    do {
        try index.add(Types())
        try index.add(Factories())
    } catch {
        preconditionFailure("the fuzzer's own index is inconsistent: \(error)")
    }
    return index
}()

/// Injection either registers every instruction, or throws and leaves every container as it was.
func checkInjection(_ arguments: [String]) {
    let container = DependencyContainer()
    container.register((any Clock).self) { _ in SystemClock() }
    container.register(Int.self) { _ in 1 }
    func snapshot() -> [Int] {
        [
            (try? container.resolve((any Clock).self).now) ?? -1,
            (try? container.resolve(Int.self)) ?? -1,
        ]
    }
    let before = snapshot()
    let parser = InjectDependenciesArgumentParser(
        index: index, container: container, readsEnvironment: false, report: .silent)
    do {
        // Parsed as the parser parses them, then injected: the registry says what to resolve.
        let instructions = try InstructionSource.instructions(inArguments: arguments[...])
        let registry = try parser.inject(instructions: instructions)
        for definition in registry.orderedDefinitions {
            let scoped = container.container(for: definition.scope)
            _ = try scoped.resolveAll(Int.self)
        }
    } catch let error as DependencyInjectionInstructionError {
        checkMessage(error.description, quoting: error.token, from: error.input)
        precondition(snapshot() == before, "a failed injection changed the containers")
    } catch let error as DynamicDependencyIndexError {
        checkMessage(error.description, quoting: error.key)
        precondition(snapshot() == before, "a failed injection changed the containers")
    } catch let error as DependencyResolutionError {
        preconditionFailure("an injected factory failed to resolve: \(error)")
    } catch {
        preconditionFailure("an untyped error escaped: \(error)")
    }
}

// MARK: - The control channel's framing

/// Bytes read from a launched program's channel, in the chunks its first byte sizes: every message
/// read encodes back to a frame that reads as the same message, and a stream that is not frames is
/// refused with a short reason, never a crash or a frame past the limit.
func checkFrames(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let chunk = Int(first % 16) + 1
    var reader = ControlFrame.Reader()
    var offset = 1
    while offset < bytes.count {
        reader.append(bytes[offset..<min(offset + chunk, bytes.count)])
        offset += chunk
        do {
            while let message = try reader.next() {
                let frame: [UInt8]
                do {
                    frame = try ControlFrame.bytes(of: message)
                } catch {
                    preconditionFailure("a message read does not encode: \(error)")
                }
                precondition(frame.count - 4 <= ControlFrame.maximumLength, "an encoded frame is over the limit")
                var again = ControlFrame.Reader()
                again.append(frame)
                precondition((try? again.next()) == message, "a message did not round-trip")
            }
        } catch {
            precondition(error.description.unicodeScalars.count <= 4_000, "a long refusal")
            return
        }
    }
}

/// The handshake of a program that connects to its test. Even first byte: the rest is an endpoint
/// value, which parses and round-trips or is refused with a short message. Odd: the rest is what a
/// peer sent before the handshake was done, read with the handshake's 4 KiB limit; whatever each
/// message is, the test welcomes only a hello that proves the secret at a version it speaks (and
/// never once the secret is spent), and the program takes only a welcome at a version it speaks.
func checkHandshake(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let rest = bytes.dropFirst()
    if first % 2 == 0 {
        let text = String(decoding: rest, as: UTF8.self)
        do {
            let endpoint = try ControlEndpoint(parsing: text)
            let again = try? ControlEndpoint(parsing: endpoint.encoded)
            precondition(again == endpoint, "an endpoint value did not round-trip: \(endpoint.encoded)")
        } catch {
            precondition(error.description.unicodeScalars.count <= 200, "a long refusal of an endpoint value")
        }
        return
    }
    let secret = String(repeating: "A", count: 43)
    let endpoint = ControlEndpoint(address: .tcp(host: "127.0.0.1", port: 9), secret: secret)
    var reader = ControlFrame.Reader(maximumLength: 4_096)
    reader.append(rest)
    while true {
        let message: ControlMessage
        do {
            guard let next = try reader.next() else { return }
            message = next
        } catch {
            return
        }
        let proves: Bool
        if case .hello(let versions, let given, _, _) = message {
            proves = given == secret && versions.contains(endpoint.version)
        } else {
            proves = false
        }
        precondition((endpoint.refusal(ofFirst: message, isSpent: false) == nil) == proves, "a wrong verdict")
        precondition(endpoint.refusal(ofFirst: message, isSpent: true) != nil, "a spent secret welcomed")
        let failure = ControlEndpoint.failure(ofReply: message, speaking: [1])
        if case .welcome(1) = message {
            precondition(failure == nil, "a welcome refused")
        } else {
            precondition(failure != nil, "a reply other than a welcome taken")
            precondition((failure ?? "").unicodeScalars.count <= 400, "a long failure")
        }
    }
}
