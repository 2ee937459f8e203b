/// The ways of wiring dependencies that every scenario measures side by side.
///
/// Its raw value is what the benchmark names carry (`library: Relay`) and what `compare.py`
/// reads back, so it must stay free of spaces, commas and colons.
enum Library: String, CaseIterable {
    /// Code a person would write without a container: `static let`s, nested constructor calls,
    /// a dictionary. The floor every ratio is taken against.
    case handWritten = "hand-written"
    case relay = "Relay"
    case swinject = "Swinject"
    case swiftDependencies = "swift-dependencies"
}
