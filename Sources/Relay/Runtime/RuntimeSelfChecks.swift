/// The checks of `PrivateRuntimeABI`'s layout reads, for Relay's own tests: each run with the
/// read Relay makes, or with a deliberately wrong one, and (in debug builds) the fallbacks forced
/// for one task tree.
@_spi(RuntimeSelfChecks)
public enum RuntimeSelfChecks {
    /// Whether the child-task flag's check passes when it reads bit `bit` of a task's job flags
    /// (Relay reads bit 24).
    public static func childTaskFlagCheckPasses(readingBit bit: UInt32 = 24) async -> Bool {
        await PrivateRuntimeABI.childTaskFlagHolds { PrivateRuntimeABI.readChildTaskFlag($0, bit: bit) }
    }

    /// Whether the class-bound existential check passes when `mask` selects the flag (Relay's mask
    /// is the top bit).
    public static func classBoundExistentialCheckPasses(mask: UInt32 = 0x8000_0000) -> Bool {
        PrivateRuntimeABI.classBoundExistentialHolds { PrivateRuntimeABI.readClassBoundExistential($0, mask: mask) }
    }

    /// Whether the task-local check passes when the value is loaded from the address the runtime
    /// returns (as Relay does), or, with `loadsValue` false, when that address is taken for the
    /// value (the mistake a changed layout would amount to).
    public static func taskLocalObjectCheckPasses(loadsValue: Bool = true) -> Bool {
        PrivateRuntimeABI.taskLocalObjectHolds { key in
            loadsValue
                ? PrivateRuntimeABI.taskLocalObject(forKey: key) : PrivateRuntimeABI.taskLocalValueAddress(forKey: key)
        }
    }

    /// Whether the check of a kept stored-property address passes for a unit of work's slot when
    /// the address kept is the one `withUnsafeMutablePointer(to:)` gives (as Relay keeps it), or,
    /// with `keepsPropertyAddress` false, the address of a copy of the property (the mistake a
    /// compiler that accessed it through a temporary would amount to).
    public static func inPlaceAddressCheckPasses(keepsPropertyAddress: Bool = true) -> Bool {
        UnitSlot.roomCheckPasses(keepingPropertyAddress: keepsPropertyAddress)
    }

    #if DEBUG
    /// Runs `body` with every layout read refused, as if its check had failed: the fallbacks answer
    /// in `body` and in the tasks it starts (they inherit the binding). Debug builds only.
    public static func withFallbacks<Result>(
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await $forcesFallback.withValue(true, operation: body)
    }

    @TaskLocal static var forcesFallback = false
    #endif
}
