extension DependencyInstructionLaunchArgument {
    /// Creates the argument from typed keys: it compiles only when the factory produces the type
    /// the type key names, and takes no configuration (or one that may be left out).
    ///
    /// ```swift
    /// try launcher.inject(DependencyInstructionLaunchArgument(replacing: .bookStore, with: .inMemoryBookStore))
    /// // DependencyInstructionLaunchArgument(replacing: .clock, with: .inMemoryBookStore) does not compile
    /// ```
    ///
    /// - Parameters:
    ///   - type: The abstract type to replace.
    ///   - factory: A factory of that type that takes no configuration.
    ///   - scope: The scope to register in; `nil` for global.
    ///   - lifecycle: The lifecycle; `nil` for the program's default, `.singleton`.
    public init<Service>(
        replacing type: TypedDependencyTypeKey<Service>,
        with factory: TypedDependencyFactoryKey<Service, Never>,
        scope: DependencyContainerScope? = nil,
        lifecycle: LifecycleType? = nil
    ) {
        self.init(type: type.key, factory: factory.key, scope: scope, lifecycle: lifecycle)
    }

    /// Creates the argument from typed keys, leaving out the configuration of a factory whose
    /// configuration is optional (it gets `nil`).
    ///
    /// - Parameters:
    ///   - type: The abstract type to replace.
    ///   - factory: A factory of that type whose configuration may be left out.
    ///   - scope: The scope to register in; `nil` for global.
    ///   - lifecycle: The lifecycle; `nil` for the program's default, `.singleton`.
    public init<Service, Configuration>(
        replacing type: TypedDependencyTypeKey<Service>,
        with factory: TypedDependencyFactoryKey<Service, Configuration?>,
        scope: DependencyContainerScope? = nil,
        lifecycle: LifecycleType? = nil
    ) {
        self.init(type: type.key, factory: factory.key, scope: scope, lifecycle: lifecycle)
    }

    /// Creates the argument from typed keys, with the factory's configuration: it compiles only
    /// when the factory produces the type the type key names and takes a configuration of this
    /// type.
    ///
    /// ```swift
    /// try launcher.inject(
    ///     DependencyInstructionLaunchArgument(
    ///         replacing: .clock, with: .fixedClock, configuration: FixedClockConfiguration(now: someDate)))
    /// ```
    ///
    /// - Parameters:
    ///   - type: The abstract type to replace.
    ///   - factory: A factory of that type.
    ///   - configuration: The factory's data, encoded as ``init(type:factory:configuration:scope:lifecycle:)``
    ///     encodes it.
    ///   - scope: The scope to register in; `nil` for global.
    ///   - lifecycle: The lifecycle; `nil` for the program's default, `.singleton`.
    /// - Throws: What `JSONEncoder` throws for a value it cannot encode.
    public init<Service, Configuration: Encodable>(
        replacing type: TypedDependencyTypeKey<Service>,
        with factory: TypedDependencyFactoryKey<Service, Configuration>,
        configuration: Configuration,
        scope: DependencyContainerScope? = nil,
        lifecycle: LifecycleType? = nil
    ) throws {
        try self.init(
            type: type.key, factory: factory.key, configuration: configuration, scope: scope, lifecycle: lifecycle)
    }
}
