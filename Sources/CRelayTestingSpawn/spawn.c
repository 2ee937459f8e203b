#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CRelayTestingSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

// Not in older kernel headers; the values are the kernel's ABI.
#if defined(__linux__) && !defined(CLOSE_RANGE_CLOEXEC)
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif
#if defined(__linux__) && !defined(MFD_CLOEXEC)
#define MFD_CLOEXEC 0x0001U
#endif

/// What a child that could not exec tells its parent through the report pipe.
struct relay_child_failure {
    int step;
    int error;
};

int relay_pipe(int descriptors[2]) {
#if defined(__linux__)
    return pipe2(descriptors, O_CLOEXEC);
#else
    // No pipe2: a fork on another thread between these calls could leak the pipe into that child
    // (until its exec). RelayTesting's own children close every inherited descriptor.
    if (pipe(descriptors) != 0) return -1;
    (void)fcntl(descriptors[0], F_SETFD, FD_CLOEXEC);
    (void)fcntl(descriptors[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

int relay_socket_pair(int descriptors[2]) {
#if defined(__linux__)
    return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, descriptors);
#else
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, descriptors) != 0) return -1;
    (void)fcntl(descriptors[0], F_SETFD, FD_CLOEXEC);
    (void)fcntl(descriptors[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

int relay_anonymous_file(void) {
#if defined(__linux__) && defined(SYS_memfd_create)
    int memory = (int)syscall(SYS_memfd_create, "relay-wiring-account", MFD_CLOEXEC);
    if (memory >= 0) return memory;
#endif
    const char *directory = getenv("TMPDIR");
    if (directory == NULL || directory[0] == '\0') directory = "/tmp";
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/relay-wiring-XXXXXX", directory) >= (int)sizeof path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int file = mkstemp(path);
    if (file < 0) return -1;
    // Unlinked at once: nothing is left on disk, whatever happens to this process later.
    (void)unlink(path);
    (void)fcntl(file, F_SETFD, FD_CLOEXEC);
    return file;
}

int relay_wait(pid_t pid, int *signalled, int *status) {
    int raw = 0;
    for (;;) {
        pid_t ended = waitpid(pid, &raw, 0);
        if (ended == pid) break;
        if (ended < 0 && errno == EINTR) continue;
        return ended < 0 ? errno : ECHILD;
    }
    if (WIFSIGNALED(raw)) {
        *signalled = 1;
        *status = WTERMSIG(raw);
    } else {
        *signalled = 0;
        *status = WEXITSTATUS(raw);
    }
    return 0;
}

/// The most descriptor numbers the last-resort loop visits. RLIMIT_NOFILE can be about 10^9 (some
/// container runtimes set it so), and a loop to it would take minutes between fork and exec.
#define RELAY_DESCRIPTOR_LOOP_LIMIT 65536

/// The number below which the last-resort loop marks descriptors close-on-exec: the limit on open
/// descriptors, and at most RELAY_DESCRIPTOR_LOOP_LIMIT. A descriptor above it (a process that
/// raised its limit and opened that many) would reach the program; that loop runs only where
/// neither close_range nor /proc/self/fd is there (see relay_close_from).
static int relay_descriptor_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
        && limit.rlim_cur < RELAY_DESCRIPTOR_LOOP_LIMIT) {
        return (int)limit.rlim_cur;
    }
    return RELAY_DESCRIPTOR_LOOP_LIMIT;
}

#if defined(__linux__)
/// Marks close-on-exec every descriptor from `first` up that /proc/self/fd lists, reading the
/// directory with getdents64 into a buffer on the stack: async-signal-safe (no opendir, which
/// allocates). Returns 0, or -1 when the list cannot be read (no /proc in this container).
static int relay_close_listed_from(int first) {
    int directory = open("/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory < 0) return -1;
    // The kernel's struct linux_dirent64: d_ino (8 bytes), d_off (8), d_reclen (2), d_type (1),
    // then the NUL-terminated name. Fields are read with memcpy, whatever the alignment.
    union {
        char bytes[4096];
        uint64_t alignment;
    } buffer;
    for (;;) {
        long count = syscall(SYS_getdents64, directory, buffer.bytes, sizeof buffer.bytes);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) {
            (void)close(directory);
            return -1;
        }
        if (count == 0) break;
        for (long offset = 0; offset + 19 < count;) {
            unsigned short length;
            memcpy(&length, buffer.bytes + offset + 16, sizeof length);
            if (length == 0 || offset + length > count) break;
            const char *name = buffer.bytes + offset + 19;
            long number = 0;
            int digits = 0;
            for (; name[digits] >= '0' && name[digits] <= '9' && number <= INT_MAX; digits++) {
                number = number * 10 + (name[digits] - '0');
            }
            // "." and "..", and anything that is not a number, are no descriptors.
            if (digits > 0 && name[digits] == '\0' && number <= INT_MAX && number >= first && number != directory) {
                (void)fcntl((int)number, F_SETFD, FD_CLOEXEC);
            }
            offset += length;
        }
    }
    (void)close(directory);
    return 0;
}
#endif

/// Marks every descriptor from `first` up close-on-exec, so that nothing else the test process has
/// open reaches the program, while `report` still works until the exec (it is close-on-exec
/// already). Async-signal-safe: between fork and exec.
///
/// Linux: close_range (5.11 and later) in one call; else the list in /proc/self/fd; else a loop
/// to `descriptor_limit`. Elsewhere: that loop.
static void relay_close_from(int first, int descriptor_limit) {
#if defined(__linux__)
#if defined(SYS_close_range)
    if (syscall(SYS_close_range, (unsigned)first, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
#endif
    if (relay_close_listed_from(first) == 0) return;
#endif
    for (int descriptor = first; descriptor < descriptor_limit; descriptor++) {
        (void)fcntl(descriptor, F_SETFD, FD_CLOEXEC);
    }
}

/// Reports the failed step and errno to the parent, and ends the child.
static void relay_child_fail(int report, int step) {
    struct relay_child_failure failure = {step, errno};
    ssize_t written = write(report, &failure, sizeof failure);
    (void)written;
    _exit(127);
}

/// The child's side, between fork and exec. Async-signal-safe calls only; never returns.
static void relay_child(const relay_spawn_request *request, int report_pipe, pid_t parent, int descriptor_limit) {
    // The report pipe moves above the numbers the program's descriptors are placed on (0 to 4)
    // before anything else: a test process with 3 and 4 free is handed the pipe there, and placing
    // the program's descriptor 3 or 4 would close it. The failure would then go to the program's
    // descriptor, and the parent, reading the end of the pipe, would take the exec for a success.
    int report = fcntl(report_pipe, F_DUPFD_CLOEXEC, 10);
    if (report < 0) relay_child_fail(report_pipe, RELAY_SPAWN_STEP_DESCRIPTORS);
    (void)close(report_pipe);

    // Handlers are reset by exec anyway, but an ignored signal would stay ignored in the program.
    // Every signal is still blocked here, so none is delivered while this runs.
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    for (int number = 1; number < NSIG; number++) {
        if (number == SIGKILL || number == SIGSTOP) continue;
        (void)sigaction(number, &default_action, NULL);  // fails harmlessly for reserved signals
    }

    // A group of its own, so stopping the program can signal everything it starts.
    if (setpgid(0, 0) != 0) relay_child_fail(report, RELAY_SPAWN_STEP_PROCESS_GROUP);

#if defined(__linux__)
    if (request->parent_death_signal != 0) {
        if (prctl(PR_SET_PDEATHSIG, request->parent_death_signal) != 0) {
            relay_child_fail(report, RELAY_SPAWN_STEP_PARENT_DEATH_SIGNAL);
        }
        // The test process may have died between the fork and prctl: then no signal will ever
        // come, and the child has been handed to another parent. Nobody waits for it any more.
        if (getppid() != parent) _exit(127);
    }
#else
    (void)parent;
#endif

    // Each source moves above the targets first, so that placing one cannot overwrite another
    // (a caller whose own descriptor 0 was closed can be handed a pipe at 0).
    int sources[5] = {request->standard_input, request->standard_output, request->standard_error, -1, -1};
    int count = 3;
    if (request->inherited >= 0) sources[count++] = request->inherited;
    if (request->inherited_second >= 0) sources[count++] = request->inherited_second;
    int moved[5];
    for (int index = 0; index < count; index++) {
        moved[index] = fcntl(sources[index], F_DUPFD_CLOEXEC, 10);
        if (moved[index] < 0) relay_child_fail(report, RELAY_SPAWN_STEP_DESCRIPTORS);
    }
    for (int index = 0; index < count; index++) {
        // dup2 leaves the target open across exec.
        if (dup2(moved[index], index) < 0) relay_child_fail(report, RELAY_SPAWN_STEP_DESCRIPTORS);
    }

    if (request->working_directory != NULL && chdir(request->working_directory) != 0) {
        relay_child_fail(report, RELAY_SPAWN_STEP_WORKING_DIRECTORY);
    }

    // Nothing else the test process has open reaches the program: another program's pipe kept
    // open here would keep that program's output from ever ending. Marked close-on-exec rather
    // than closed, so the report pipe still works until the exec.
    relay_close_from(count, descriptor_limit);

    // The program starts with no signal blocked, as from a shell.
    sigset_t none;
    sigemptyset(&none);
    (void)sigprocmask(SIG_SETMASK, &none, NULL);

    execve(request->path, request->arguments, request->environment);
    relay_child_fail(report, RELAY_SPAWN_STEP_EXEC);
}

relay_spawn_result relay_spawn(const relay_spawn_request *request) {
    relay_spawn_result result = {0, 0, 0};
    int report[2];
    if (relay_pipe(report) != 0) {
        result.error = errno;
        result.step = RELAY_SPAWN_STEP_PREPARE;
        return result;
    }
    int descriptor_limit = relay_descriptor_limit();
    pid_t parent = getpid();

    // Blocked across the fork, so that the child runs none of this process's signal handlers
    // before it has reset them.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t pid = fork();
    if (pid == 0) relay_child(request, report[1], parent, descriptor_limit);
    int fork_error = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    close(report[1]);
    if (pid < 0) {
        close(report[0]);
        result.error = fork_error;
        result.step = RELAY_SPAWN_STEP_FORK;
        return result;
    }

    // The pipe reaches its end when the exec succeeds (it is close-on-exec), or carries a failure.
    struct relay_child_failure failure;
    ssize_t count;
    do {
        count = read(report[0], &failure, sizeof failure);
    } while (count < 0 && errno == EINTR);
    close(report[0]);
    if (count == (ssize_t)sizeof failure) {
        int ignored_status, ignored_signalled;
        (void)relay_wait(pid, &ignored_signalled, &ignored_status);
        result.error = failure.error;
        result.step = failure.step;
        return result;
    }
    result.pid = pid;
    return result;
}
