#ifndef C_RELAY_THREAD_LOCAL_H
#define C_RELAY_THREAD_LOCAL_H

// The calling thread's resolution state for Relay (an unretained `ResolutionThreadState`), or
// NULL before the thread's first resolve.
//
// C's thread-local storage, because Swift has none of its own: reading it is a load relative to
// the thread pointer, where `pthread_getspecific` is a call into the C library on every resolve.
// The state's lifetime is still managed through a pthread key, whose destructor clears this slot.
extern _Thread_local void *_Nullable relay_thread_state;

static inline void *_Nullable relay_current_thread_state(void) {
    return relay_thread_state;
}

static inline void relay_set_current_thread_state(void *_Nullable state) {
    relay_thread_state = state;
}

// The calling thread's read stripe for Relay's read-mostly locks, plus one; 0 before the thread's
// first read. Apart from the resolution state, so that the locks need nothing of the layers above.
extern _Thread_local long relay_thread_stripe;

static inline long relay_current_stripe(void) {
    return relay_thread_stripe;
}

static inline void relay_set_current_stripe(long stripe) {
    relay_thread_stripe = stripe;
}

// The lowest address and the size of the calling thread's stack; 0 on success. In C because
// glibc's `pthread_getattr_np` is a GNU extension the Swift overlay does not import.
int relay_current_thread_stack(void *_Nullable *_Nonnull low, unsigned long *_Nonnull size);

// The task the calling code runs in (the concurrency runtime's task object), or NULL when it runs
// in no task. `swift_task_getCurrent` is the stable runtime entry point behind
// `withUnsafeCurrentTask`, which Swift code may not name itself (the runtime's symbol names are
// reserved); `withUnsafeCurrentTask` is a generic function the optimiser cannot see into, whose
// result costs more than the rest of a build's bookkeeping.
extern void *_Nullable swift_task_getCurrent(void) __attribute__((swiftcall));

static inline void *_Nullable relay_current_task(void) {
    return swift_task_getCurrent();
}

// The address of the value that the task-local key `key` (a `TaskLocal` object) holds in the
// calling task, or on the calling thread outside any task; NULL when it holds none.
// `swift_task_localValueGet` is the stable runtime entry point behind `TaskLocal.get()`, whose
// generic body copies the value through its value witnesses: for the unit-of-work hot path.
extern void *_Nullable swift_task_localValueGet(const void *_Nonnull key) __attribute__((swiftcall));

static inline void *_Nullable relay_task_local_value(const void *_Nonnull key) {
    return swift_task_localValueGet(key);
}

#endif
