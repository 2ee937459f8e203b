import Benchmark

/// Issue 5's scenarios and issue 12's async ones, each measured for hand-written code, Relay, Swinject and
/// swift-dependencies in the same run. `compare.py` turns the run into one table.
///
/// A scenario is a type with a `register()` that declares one benchmark per library through
/// ``Scenario/benchmark(_:operations:setup:teardown:body:)``; adding one is a new file in
/// `Scenarios/` and a line here.
let benchmarks: @Sendable () -> Void = {
    CachedSingletonScenario.register()  // S01
    TransientGraphScenario.register()  // S02
    MixedGraphScenario.register()  // S03
    NamedResolveScenario.register()  // S04
    BuildContainerScenario.register()  // S05
    TwoThreadsScenario.register()  // S06a, S06b
    AccessAllScenario.register()  // S07
    RegistrationCountScenario.register()  // S08a, S08b, S08c
    CommandLineScenario.register()  // S09
    AsyncCachedScenario.register()  // S10
    AsyncRaceScenario.register()  // S11
    AsyncStartScenario.register()  // S12
    AsyncCallerScenario.register()  // S13, S14
    UnitOfWorkScenario.register()  // S15, S16
    GraphCheckScenario.register()  // S17a, S17b
    // Allocations per operation (issue item 10) are a metric of every benchmark, not a scenario.
}
