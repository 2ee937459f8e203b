#include "CRelayThreadLocal.h"

_Thread_local void *_Nullable relay_thread_state = 0;
