extension DependencyContainerScope {
    /// How messages name the container of this scope: `global` and `scope 'checkout'`. Where
    /// containers of several roots meet (a cycle across roots), an independent root's read
    /// `root #3` and `scope 'checkout' of root #3`.
    ///
    /// Messages about one container name it by scope alone, so that their text does not depend on
    /// how many roots the process made before (tests make one per test, in parallel).
    ///
    /// - Parameter rootNumber: The independent root's number; `nil` below ``DependencyContainer/global``,
    ///   or where one root is all a message speaks of.
    func placeDescription(rootNumber: Int? = nil) -> String {
        guard let rootNumber else { return isGlobal ? "global" : "scope '\(self)'" }
        return isGlobal ? "root #\(rootNumber)" : "scope '\(self)' of root #\(rootNumber)"
    }
}

extension DependencyContainer {
    /// The number of this container's root in the order roots were made, when it is not
    /// ``global``; `nil` in global's family.
    var independentRootNumber: Int? {
        family === DependencyContainer.global.family ? nil : family.ordinal
    }

    /// The container as a cycle across roots names it; see
    /// `DependencyContainerScope.placeDescription(rootNumber:)`.
    var placeDescription: String {
        scope.placeDescription(rootNumber: independentRootNumber)
    }
}
