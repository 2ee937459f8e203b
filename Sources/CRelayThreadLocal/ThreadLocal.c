#include "CRelayThreadLocal.h"

_Thread_local void *_Nullable relay_thread_state = 0;

_Thread_local long relay_thread_stripe = 0;
