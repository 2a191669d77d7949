#define _GNU_SOURCE
#include "theolua_system.h"

#ifdef __linux__
#include <sys/syscall.h>
#include <unistd.h>
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#endif

/* syscall(2) is variadic, which Swift cannot call: this is the one reason for C here. */
int theolua_pidfd_open(pid_t pid) {
#ifdef __linux__
    long descriptor = syscall(SYS_pidfd_open, pid, 0);
    return descriptor < 0 ? -1 : (int)descriptor;
#else
    (void)pid;
    return -1;
#endif
}

int theolua_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *folder) {
    return posix_spawn_file_actions_addchdir_np(actions, folder);
}
