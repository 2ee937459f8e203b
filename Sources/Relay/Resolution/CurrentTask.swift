import CRelayThreadLocal

/// The current task, as the concurrency runtime knows it.
enum CurrentTask {
    /// The address of the current task; `nil` when the calling code runs in no task.
    ///
    /// Read through the runtime's entry point (see `relay_current_task` in CRelayThreadLocal)
    /// rather than `withUnsafeCurrentTask`, a generic function the optimiser cannot see into.
    @inline(__always)
    static var address: UnsafeRawPointer? { UnsafeRawPointer(relay_current_task()) }

    /// Whether the task at `address` is a structured child task (of `async let`, a task group or a
    /// discarding task group), which its parent awaits before it goes on; `false` for a task made
    /// with `Task { }` or `Task.detached { }`.
    ///
    /// The standard library has no API for it, and the difference matters to resolution: a child
    /// task's waits are its parent's, while an unstructured task started inside a factory is
    /// independent work that must not inherit the factory's resolution path. So this reads the
    /// task's job flags, the 32-bit word after the heap-object header and the two scheduler words,
    /// where the concurrency runtime's ABI keeps the "is child task" bit (bit 24). The layout is
    /// part of the runtime's stable ABI on Apple platforms and the same on Linux;
    /// `TaskInheritanceTests` checks every kind of task on each platform the tests run on.
    @inline(__always)
    static func isChildTask(at address: UnsafeRawPointer) -> Bool {
        let flags = address.load(fromByteOffset: 4 * MemoryLayout<UnsafeRawPointer>.size, as: UInt32.self)
        return flags & (1 << 24) != 0
    }
}
