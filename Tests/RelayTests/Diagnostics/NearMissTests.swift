import Relay
import Testing

@Suite("Near misses")
struct NearMissTests {
    @Test(
        "a typo of a known key gets the key suggested",
        arguments: [
            ("clokc", "clock"), ("clok", "clock"), ("colck", "clock"), ("bookstore", "bookStore"), ("stor", "store"),
        ])
    func aTypoOfAKnownKeyIsSuggested(typo: String, meant: String) throws {
        let program = try DynamicProgram()
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            try program.index.definition(for: .init(type: .init(typo), factory: .fixed))
        }
        #expect(error.description.contains("Did you mean '\(meant)'?"))
    }

    @Test("a key far from every known one gets no suggestion")
    func somethingFarOffGetsNoSuggestion() throws {
        let program = try DynamicProgram()
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            try program.index.definition(for: .init(type: "payments", factory: .fixed))
        }
        #expect(!error.description.contains("Did you mean"))
    }
}
