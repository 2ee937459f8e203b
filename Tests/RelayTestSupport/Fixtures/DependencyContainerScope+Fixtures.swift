public import Relay

extension DependencyContainerScope {
    /// A scope that the tests register in.
    public static let checkout = DependencyContainerScope("checkout")

    /// A second scope, to show that scopes are apart.
    public static let admin = DependencyContainerScope("admin")
}
