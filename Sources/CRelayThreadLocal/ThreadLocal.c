// pthread_getattr_np is a GNU extension: declared only with _GNU_SOURCE, before any header.
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include <pthread.h>

#include "CRelayThreadLocal.h"

_Thread_local void *_Nullable relay_thread_state = 0;

_Thread_local long relay_thread_stripe = 0;

int relay_current_thread_stack(void *_Nullable *_Nonnull low, unsigned long *_Nonnull size) {
#if defined(__APPLE__)
    pthread_t thread = pthread_self();
    *size = (unsigned long)pthread_get_stacksize_np(thread);
    *low = (char *)pthread_get_stackaddr_np(thread) - *size;
    return 0;
#else
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return -1;
    size_t bytes = 0;
    int result = pthread_attr_getstack(&attributes, low, &bytes);
    pthread_attr_destroy(&attributes);
    *size = (unsigned long)bytes;
    return result;
#endif
}
