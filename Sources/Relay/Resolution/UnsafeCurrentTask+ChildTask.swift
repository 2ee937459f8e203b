extension UnsafeCurrentTask {
    /// Whether the task is a structured child task (of `async let`, a task group or a discarding
    /// task group), which its parent awaits before it goes on; `false` for a task made with
    /// `Task { }` or `Task.detached { }`.
    ///
    /// The standard library has no API for it, and the difference matters to resolution: a child
    /// task's waits are its parent's, while an unstructured task started inside a factory is
    /// independent work that must not inherit the factory's resolution path. So this reads the
    /// task's job flags, the 32-bit word after the heap-object header and the two scheduler words,
    /// where the concurrency runtime's ABI keeps the "is child task" bit (bit 24). The layout is
    /// part of the runtime's stable ABI on Apple platforms and the same on Linux;
    /// `ChildTaskDetectionTests` checks every kind of task on each platform the tests run on.
    var isChildTask: Bool {
        let taskAddress = unsafeBitCast(self, to: UnsafeRawPointer.self)
        let flags = taskAddress.load(fromByteOffset: 4 * MemoryLayout<UnsafeRawPointer>.size, as: UInt32.self)
        return flags & (1 << 24) != 0
    }
}
