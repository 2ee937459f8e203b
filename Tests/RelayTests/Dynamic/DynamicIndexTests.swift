import Relay
import Testing

@Suite("The dynamic index")
struct DynamicIndexTests {
    @Test("keys are string literals with a tag")
    func keysAreStringLiteralsWithATag() {
        let key: DependencyTypeKey = "myBackendService"
        #expect(key.tag == "myBackendService")
        #expect(DependencyFactoryKey("stub").description == "stub")
    }

    @Test("aliases name one type under several keys")
    func aliasesNameOneTypeUnderSeveralKeys() throws {
        let index = DynamicDependencyIndex()
        try index.add(TypeIndex())
        #expect(index.type(for: .store) == index.type(for: .bookStore))
        #expect(index.typeKeys == ["bookStore", "clock", "store"])
    }

    @Test("adding the same index twice is fine")
    func addingTheSameIndexTwiceIsFine() throws {
        let index = DynamicDependencyIndex()
        try index.add(TypeIndex())
        try index.add(TypeIndex())
        try index.add(TypedStubs())
        try index.add(TypedStubs())
        #expect(index.factoryKeys == ["fixed", "inMemory"])
    }

    @Test("a type key naming another type is a conflict that names both")
    func aTypeKeyNamingAnotherTypeIsAConflictNamingBoth() throws {
        struct OtherTypeIndex: DependencyTypeIndexable {
            let index: [DependencyTypeKey: Any.Type] = [.clock: Int.self, "fresh": String.self]
        }
        let index = DynamicDependencyIndex()
        try index.add(TypeIndex())
        let error = try #require(throws: DynamicDependencyIndexError.self) { try index.add(OtherTypeIndex()) }
        #expect(error.code == .conflictingTypeKey)
        #expect(
            error.description
                == "Type key 'clock' names 'Clock' in TypeIndex and 'Int' in OtherTypeIndex; give one of them another key."
        )
        // All or nothing: the other key of the failed index was not added.
        #expect(index.type(for: "fresh") == nil)
    }

    @Test("a factory key defined by two indices is a conflict")
    func aFactoryKeyDefinedByTwoIndicesIsAConflict() throws {
        struct OtherStubs: DependencyFactoryIndexable {
            let index: [DependencyFactoryKey: DependencyFactory] = [.fixed: { _ in FixedClock() }]
        }
        let index = DynamicDependencyIndex()
        try index.add(TypedStubs())
        let error = try #require(throws: DynamicDependencyIndexError.self) { try index.add(OtherStubs()) }
        #expect(error.code == .conflictingFactoryKey)
        #expect(
            error.description
                == "Factory key 'fixed' is defined by both TypedStubs and OtherStubs; give one of them another key.")
    }

    @Test("an unknown factory key suggests the near miss and lists the known ones")
    func anUnknownFactoryKeySuggestsTheNearMissAndListsTheKnownOnes() throws {
        let program = try DynamicProgram()
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            try program.index.definition(for: .init(type: .clock, factory: "sunnny"))
        }
        #expect(error.code == .unknownFactoryKey)
        #expect(error.key == "sunnny")
        #expect(
            error.description
                == "Unknown factory key 'sunnny' for type 'clock'. Did you mean 'sunny'? Known factories: fixed, inMemory, rainy, sunny"
        )
    }

    @Test("an unknown type key suggests the near miss and lists the known ones")
    func anUnknownTypeKeySuggestsTheNearMissAndListsTheKnownOnes() throws {
        let program = try DynamicProgram()
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            try program.index.definition(for: .init(type: "clok", factory: .fixed))
        }
        #expect(error.code == .unknownTypeKey)
        #expect(
            error.description == "Unknown type key 'clok'. Did you mean 'clock'? Known types: bookStore, clock, store")
    }

    @Test("an empty index says how to fill it")
    func anEmptyIndexSaysHowToFillIt() throws {
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            try DynamicDependencyIndex().definition(for: .init(type: .clock, factory: .fixed))
        }
        #expect(
            error.description
                == "Unknown type key 'clock'. Known types: none (add an index to the DynamicDependencyIndex)")
    }

    @Test("a typed factory for another type is caught when applied")
    func aTypedFactoryForAnotherTypeIsCaughtWhenApplied() throws {
        let program = try DynamicProgram()
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            try program.index.definition(for: .init(type: .bookStore, factory: .fixed))
        }
        #expect(error.code == .typeMismatch)
        #expect(
            error.description
                == "Factory 'fixed' produces 'Clock', but type key 'bookStore' names 'BookStore'. Pick a factory for 'BookStore'."
        )
    }

    @Test("an untyped factory of the wrong type fails when resolved, with the path")
    func anUntypedFactoryOfTheWrongTypeFailsWhenResolvedWithThePath() throws {
        let program = try DynamicProgram()
        try program.parser().parse(arguments: ["app", "-d", "type=clock,factory=rainy"])
        let error = try #require(throws: DependencyResolutionError.self) {
            try program.container.resolve((any Clock).self)
        }
        #expect(error.code == .factoryFailed)
        #expect((error.underlyingError as? DynamicDependencyIndexError)?.code == .typeMismatch)
        #expect(
            error.description == """
                The factory for 'Clock' in global threw: Factory 'rainy' produced 'InMemoryBookStore', which is not a 'Clock'.
                  resolution path: Clock
                """)
    }
}
