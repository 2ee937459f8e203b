/// One dependency a registration declares without being built: an autowired initializer's
/// parameter, or a type named with ``RegisteredService/dependsOn(_:)``. What `check()` reads.
struct DeclaredDependency: Sendable, Hashable {
    /// The registration that answers it: the parameter's type with its wrappers taken off
    /// (`Store?`, `Lazy<Store>` and `Provider<Store>` are answered by `Store`'s).
    let key: RegistrationKey

    /// The type as declared, for messages: `Lazy<Store>`.
    let declared: String

    /// Whether a missing registration is fine: an `Optional` resolves to `nil`.
    let isOptional: Bool

    /// Whether it is built later, not while the registration is (``Lazy``, ``Provider``): such an
    /// edge closes no cycle and captures nothing.
    let isDeferred: Bool

    init(_ type: any Any.Type, name: String?) {
        var key = RegistrationKey(type, name: name)
        var isOptional = false
        var isDeferred = false
        // `Store??`, `Lazy<Store?>`: each wrapper answers from the registration of what it wraps.
        while let wrapper = key.metatype as? any SynthesizedService.Type {
            if wrapper.defersBuild { isDeferred = true } else { isOptional = true }
            key = wrapper.wrappedKey(name: name)
        }
        self.key = key
        self.declared = RegistrationKey(type, name: name).description
        self.isOptional = isOptional
        self.isDeferred = isDeferred
    }

    /// The dependency an alias has on its target: by key, as it is.
    init(key: RegistrationKey) {
        self.key = key
        self.declared = key.description
        self.isOptional = false
        self.isDeferred = false
    }

    /// The declarations of every parameter of an initializer that takes `Dependency...`, in order.
    static func parameters<each Dependency>(_ types: repeat (each Dependency).Type) -> [DeclaredDependency] {
        var declared: [DeclaredDependency] = []
        for type in repeat each types {
            declared.append(DeclaredDependency(type, name: nil))
        }
        return declared
    }
}
