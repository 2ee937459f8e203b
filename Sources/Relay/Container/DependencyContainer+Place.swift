extension DependencyContainer {
    /// The container as messages name it, telling every container in the process apart: `global`,
    /// `scope 'checkout'`, and for an independent root `root #3` and `scope 'checkout' of root #3`.
    var placeDescription: String {
        let isGlobalFamily = family === DependencyContainer.global.family
        let rootName = isGlobalFamily ? "global" : "root #\(family.ordinal)"
        if scope.isGlobal { return rootName }
        return isGlobalFamily ? "scope '\(scope)'" : "scope '\(scope)' of \(rootName)"
    }
}
