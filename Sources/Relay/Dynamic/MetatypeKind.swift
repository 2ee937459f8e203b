/// What the runtime knows about a type that its metatype does not say in Swift.
enum MetatypeKind {
    /// Whether every value of `type` is a class instance: a class, or an existential whose
    /// protocols are class-bound (`any Store` where `protocol Store: AnyObject`, `AnyObject`
    /// itself). A struct, an enum, a tuple or an existential a value can conform to is not.
    ///
    /// `type is AnyObject.Type` answers for classes only, so a class-bound existential is told
    /// apart by its metadata: kind `0x303` (existential), whose flags word (the 32 bits after the
    /// kind) has its top bit clear when the protocols are class-bound. The layout is part of the
    /// runtime's stable ABI; `InstructionInjectionTests` checks each kind of type.
    static func holdsOnlyObjects(_ type: Any.Type) -> Bool {
        if type is AnyObject.Type { return true }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        guard metadata.load(as: Int.self) == existentialKind else { return false }
        let flags = metadata.load(fromByteOffset: MemoryLayout<Int>.size, as: UInt32.self)
        return flags & anyClassConstraint == 0
    }

    private static let existentialKind = 0x303
    private static let anyClassConstraint: UInt32 = 0x8000_0000
}
