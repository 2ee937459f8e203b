/// What the runtime knows about a type that its metatype does not say in Swift.
enum MetatypeKind {
    /// Whether every value of `type` is a class instance: a class, or an existential whose
    /// protocols are class-bound (`any Store` where `protocol Store: AnyObject`, `AnyObject`
    /// itself). A struct, an enum, a tuple or an existential a value can conform to is not.
    ///
    /// When the runtime's layout cannot be trusted (see `PrivateRuntimeABI`), a type that is no
    /// class counts as one that may hold only objects: an instruction is then never refused
    /// wrongly, and a `.weak` value fails at its first resolve instead of at start-up.
    static func holdsOnlyObjects(_ type: Any.Type) -> Bool {
        if type is AnyObject.Type { return true }
        return PrivateRuntimeABI.isClassBoundExistential(type) ?? true
    }
}
