extension Teardowns {
    /// Ends everything `container` owns, as ``DependencyContainer/shutdown()`` describes, and
    /// returns the teardowns that threw: the one place a container's owners are ended
    /// (`shutdown()`, a test session's end, and `validate()` for its throwaway layer).
    nonisolated(nonsending) static func endEverything(ownedBy container: DependencyContainer) async
        -> [DependencyShutdownError.Failure]
    {
        var failures: [DependencyShutdownError.Failure] = []
        let isRoot = container.isRoot
        let family = container.family
        let stillOpen = family.openUnits.takeAll { unit in isRoot || unit.container === container }
        for owed in stillOpen {
            failures += await owed.settle()
        }
        failures += await family.endings.awaitAll()
        for _ in 0..<DependencyContainer.maximumShutdownRounds {
            let teardowns = family.teardowns.takeAll(in: isRoot ? nil : [container.scope])
            if teardowns.isEmpty { break }
            failures += await Teardowns.run(teardowns)
        }
        container.releaseSingletons()
        return failures
    }
}
