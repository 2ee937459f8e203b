// Starting a program under test with fork and exec, for RelayTesting's Process folder.
//
// posix_spawn cannot run code in the child, and RelayTesting needs two things there that no
// spawn attribute expresses: PR_SET_PDEATHSIG (so the program dies with the test process) and a
// check that the test process did not die before it was set. Everything between fork and exec is
// async-signal-safe and allocates nothing: every string is prepared before the fork.

#ifndef CRELAY_TESTING_SPAWN_H
#define CRELAY_TESTING_SPAWN_H

#include <sys/types.h>

// The step of starting a program that failed, in relay_spawn_result.step.
#define RELAY_SPAWN_STEP_PREPARE 1
#define RELAY_SPAWN_STEP_FORK 2
#define RELAY_SPAWN_STEP_PROCESS_GROUP 3
#define RELAY_SPAWN_STEP_PARENT_DEATH_SIGNAL 4
#define RELAY_SPAWN_STEP_DESCRIPTORS 5
#define RELAY_SPAWN_STEP_WORKING_DIRECTORY 6
#define RELAY_SPAWN_STEP_EXEC 7

/// What to start, and how.
typedef struct {
    /// The executable's path; not searched for in PATH.
    const char *_Nonnull path;
    /// The arguments, the program's name first, ending with NULL.
    char *_Nullable const *_Nonnull arguments;
    /// The environment as NAME=VALUE strings, ending with NULL.
    char *_Nullable const *_Nonnull environment;
    /// The working directory; NULL keeps the caller's.
    const char *_Nullable working_directory;
    /// Become the program's descriptors 0, 1 and 2.
    int standard_input;
    int standard_output;
    int standard_error;
    /// Become the program's descriptors 3 and 4, in order, when not negative (a negative first
    /// moves the second to 3); every other descriptor is closed.
    int inherited;
    int inherited_second;
    /// The signal the program gets when the thread that called relay_spawn ends (Linux's
    /// PR_SET_PDEATHSIG); 0 for none. Ignored where the system has no such thing.
    int parent_death_signal;
} relay_spawn_request;

/// What relay_spawn did: a process identifier, or an errno value and the step that failed.
typedef struct {
    pid_t pid;
    int error;
    int step;
} relay_spawn_result;

/// Forks and execs `request`, in a process group of its own, with every signal at its default
/// disposition and none blocked. Returns once the exec has succeeded (the child then runs the
/// program) or failed (the child has been reaped).
relay_spawn_result relay_spawn(const relay_spawn_request *_Nonnull request);

/// Waits until process `pid` ends. Returns 0 and sets `signalled` (1 when a signal ended it) and
/// `status` (the exit status, or the signal's number), or returns an errno value.
int relay_wait(pid_t pid, int *_Nonnull signalled, int *_Nonnull status);

/// A pipe whose two ends are closed on exec. Returns 0, or -1 with errno set.
int relay_pipe(int descriptors[_Nonnull 2]);

/// A connected pair of stream sockets whose two ends are closed on exec. Returns 0, or -1 with
/// errno set.
int relay_socket_pair(int descriptors[_Nonnull 2]);

/// A read-write file that exists only as long as a descriptor refers to it, closed on exec: memory
/// backed on Linux, otherwise a file in TMPDIR that is unlinked at once. Returns -1 with errno set
/// on failure.
int relay_anonymous_file(void);

#endif
