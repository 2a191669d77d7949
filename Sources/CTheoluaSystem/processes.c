#define _GNU_SOURCE
#include "theolua_system.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

/* Everything here may run in a signal handler: only open, read, getdents64, close,
   kill, waitpid, nanosleep and plain memory, no allocation, no locks. */

/* The process groups of the children still running, 0 for a free slot. */
#define THEOLUA_CHILD_SLOTS 1024
static _Atomic pid_t theolua_children[THEOLUA_CHILD_SLOTS];
/* Whether this process adopts its orphaned descendants (PR_SET_CHILD_SUBREAPER), so
   that every direct child is one a script started. */
static _Atomic int theolua_adopting;
/* Whether a script ever started a process here: if not, there is nothing to end. */
static _Atomic int theolua_spawned;

void theolua_children_add(pid_t group) {
    atomic_store(&theolua_spawned, 1);
    for (int i = 0; i < THEOLUA_CHILD_SLOTS; i++) {
        pid_t empty = 0;
        if (atomic_compare_exchange_strong(&theolua_children[i], &empty, group)) {
            return;
        }
    }
}

void theolua_children_remove(pid_t group) {
    for (int i = 0; i < THEOLUA_CHILD_SLOTS; i++) {
        pid_t expected = group;
        if (atomic_compare_exchange_strong(&theolua_children[i], &expected, 0)) {
            return;
        }
    }
}

static int theolua_children_contains(pid_t pid) {
    for (int i = 0; i < THEOLUA_CHILD_SLOTS; i++) {
        if (atomic_load(&theolua_children[i]) == pid) {
            return 1;
        }
    }
    return 0;
}

int theolua_adopt_orphans(void) {
#ifdef __linux__
    if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) {
        return -1;
    }
    atomic_store(&theolua_adopting, 1);
    return 0;
#else
    return -1;
#endif
}

int theolua_adopts_orphans(void) { return atomic_load(&theolua_adopting); }

void theolua_reap_adopted(void) {
#ifdef __linux__
    if (!atomic_load(&theolua_adopting)) {
        return;
    }
    for (int round = 0; round < 64; round++) {
        siginfo_t info;
        memset(&info, 0, sizeof info);
        if (waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid == 0) {
            return;
        }
        /* A child a Subprocess waits for is left to it; it is reaped at its next
           service, after which the orphans behind it are seen. */
        if (theolua_children_contains(info.si_pid)) {
            return;
        }
        int status;
        while (waitpid(info.si_pid, &status, WNOHANG) < 0 && errno == EINTR) {
        }
    }
#endif
}

#ifdef __linux__
/* Reads up to `capacity - 1` bytes of the file at `path` into `buffer`, NUL-terminated;
   returns the count or -1. */
static long read_small_file(const char *path, char *buffer, long capacity) {
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) {
        return -1;
    }
    long total = 0;
    while (total < capacity - 1) {
        ssize_t count = read(descriptor, buffer + total, (size_t)(capacity - 1 - total));
        if (count < 0 && errno == EINTR) {
            continue;
        }
        if (count <= 0) {
            break;
        }
        total += count;
    }
    close(descriptor);
    buffer[total] = 0;
    return total;
}

/* Writes "/proc/<pid>/<leaf>" into `out` (capacity 64). */
static void proc_path(char *out, pid_t pid, const char *leaf) {
    char digits[16];
    int count = 0;
    unsigned value = (unsigned)pid;
    do {
        digits[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0 && count < 15);
    char *cursor = out;
    const char *prefix = "/proc/";
    while (*prefix) {
        *cursor++ = *prefix++;
    }
    while (count > 0) {
        *cursor++ = digits[--count];
    }
    *cursor++ = '/';
    while (*leaf) {
        *cursor++ = *leaf++;
    }
    *cursor = 0;
}

/* Fills `entry` from /proc/<pid>/stat; returns 0, or -1 when the process is gone. */
static int read_stat(pid_t pid, struct theolua_process *entry) {
    char path[64];
    char buffer[512];
    proc_path(path, pid, "stat");
    long count = read_small_file(path, buffer, sizeof buffer);
    if (count <= 0) {
        return -1;
    }
    /* "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so the
       fields start after the last ')'. */
    char *close = NULL;
    for (char *cursor = buffer; *cursor; cursor++) {
        if (*cursor == ')') {
            close = cursor;
        }
    }
    if (close == NULL || close[1] != ' ') {
        return -1;
    }
    char *cursor = close + 2;
    entry->pid = pid;
    entry->state = *cursor;
    long fields[2] = {0, 0};
    for (int field = 0; field < 2; field++) {
        while (*cursor && *cursor != ' ') {
            cursor++;
        }
        while (*cursor == ' ') {
            cursor++;
        }
        long value = 0;
        while (*cursor >= '0' && *cursor <= '9') {
            value = value * 10 + (*cursor - '0');
            cursor++;
        }
        fields[field] = value;
    }
    entry->parent = (pid_t)fields[0];
    entry->group = (pid_t)fields[1];
    entry->marked = 0;
    return 0;
}
#endif

int theolua_process_has_marker(pid_t pid, const char *marker, int prefix) {
#ifdef __linux__
    char path[64];
    proc_path(path, pid, "environ");
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) {
        return 0;
    }
    size_t length = strlen(marker);
    size_t matched = 0; /* bytes of the marker matched at the start of this entry */
    int in_entry_start = 1, found = 0;
    char buffer[4096];
    while (!found) {
        ssize_t count = read(descriptor, buffer, sizeof buffer);
        if (count < 0 && errno == EINTR) {
            continue;
        }
        if (count <= 0) {
            break;
        }
        for (ssize_t i = 0; i < count && !found; i++) {
            char byte = buffer[i];
            if (byte == 0) {
                if (in_entry_start && matched == length) {
                    found = 1; /* the whole entry is the marker */
                }
                matched = 0;
                in_entry_start = 1;
            } else if (in_entry_start) {
                if (matched < length && byte == marker[matched]) {
                    matched++;
                    if (matched == length && prefix) {
                        found = 1;
                    }
                } else {
                    in_entry_start = 0;
                }
            }
        }
    }
    close(descriptor);
    return found;
#else
    (void)pid;
    (void)marker;
    (void)prefix;
    return 0;
#endif
}

long theolua_process_table(struct theolua_process *table, long capacity) {
#ifdef __linux__
    int folder = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0) {
        return -1;
    }
    long count = 0;
    char buffer[8192];
    for (;;) {
        long bytes = syscall(SYS_getdents64, folder, buffer, sizeof buffer);
        if (bytes < 0 && errno == EINTR) {
            continue;
        }
        if (bytes <= 0) {
            break;
        }
        for (long offset = 0; offset < bytes;) {
            struct dirent64 *entry = (struct dirent64 *)(buffer + offset);
            offset += entry->d_reclen;
            long pid = 0;
            const char *name = entry->d_name;
            if (*name == 0) {
                continue;
            }
            for (; *name >= '0' && *name <= '9'; name++) {
                pid = pid * 10 + (*name - '0');
            }
            if (*name != 0 || pid <= 0 || count >= capacity) {
                continue;
            }
            if (read_stat((pid_t)pid, &table[count]) == 0) {
                count++;
            }
        }
    }
    close(folder);
    return count;
#else
    (void)table;
    (void)capacity;
    return -1;
#endif
}

long theolua_signal_jobs(
    int signal, const pid_t *groups, long group_count, const char *marker, int prefix, pid_t parent,
    struct theolua_process *table, long capacity) {
    long signalled = 0;
    long count = theolua_process_table(table, capacity);
    if (count < 0) {
        /* No process table (not Linux, or no /proc): the groups are all there is. */
        for (long g = 0; g < group_count; g++) {
            if (groups[g] > 0 && kill(-groups[g], signal) == 0) {
                signalled++;
            }
        }
        return signalled;
    }
    pid_t self = getpid();
    /* The members: in a group, marked, or a child of `parent`. */
    for (long i = 0; i < count; i++) {
        struct theolua_process *entry = &table[i];
        if (entry->pid == self) {
            continue;
        }
        for (long g = 0; g < group_count && !entry->marked; g++) {
            if (groups[g] > 0 && entry->group == groups[g]) {
                entry->marked = 1;
            }
        }
        if (!entry->marked && parent > 0 && entry->parent == parent) {
            entry->marked = 1;
        }
        if (!entry->marked && marker != NULL && theolua_process_has_marker(entry->pid, marker, prefix)) {
            entry->marked = 1;
        }
    }
    /* And everything below them: a fixed point over the parent links. */
    for (int changed = 1; changed;) {
        changed = 0;
        for (long i = 0; i < count; i++) {
            if (table[i].marked || table[i].pid == self) {
                continue;
            }
            for (long j = 0; j < count; j++) {
                if (table[j].marked && table[j].pid == table[i].parent) {
                    table[i].marked = 1;
                    changed = 1;
                    break;
                }
            }
        }
    }
    for (long i = 0; i < count; i++) {
        /* A zombie has ended already: it waits only to be reaped. */
        if (table[i].marked && table[i].state != 'Z' && kill(table[i].pid, signal) == 0) {
            signalled++;
        }
    }
    return signalled;
}

/* The marker every child of this process carries: "THEOLUA_JOB=<pid>." */
static void process_marker(char *out) {
    const char *name = "THEOLUA_JOB=";
    char *cursor = out;
    while (*name) {
        *cursor++ = *name++;
    }
    char digits[16];
    int count = 0;
    unsigned value = (unsigned)getpid();
    do {
        digits[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0 && count < 15);
    while (count > 0) {
        *cursor++ = digits[--count];
    }
    *cursor++ = '.';
    *cursor = 0;
}

#define THEOLUA_TABLE_CAPACITY 32768
static struct theolua_process theolua_scratch[THEOLUA_TABLE_CAPACITY];

static long signal_everything(int signal) {
    pid_t groups[THEOLUA_CHILD_SLOTS];
    long group_count = 0;
    for (int i = 0; i < THEOLUA_CHILD_SLOTS; i++) {
        pid_t group = atomic_load(&theolua_children[i]);
        if (group > 0) {
            groups[group_count++] = group;
        }
    }
    char marker[48];
    process_marker(marker);
    pid_t parent = atomic_load(&theolua_adopting) ? getpid() : 0;
    return theolua_signal_jobs(
        signal, groups, group_count, marker, 1, parent, theolua_scratch, THEOLUA_TABLE_CAPACITY);
}

static void reap_all_children(void) {
    if (atomic_load(&theolua_adopting)) {
        int status;
        while (waitpid(-1, &status, WNOHANG) > 0) {
        }
        return;
    }
    for (int i = 0; i < THEOLUA_CHILD_SLOTS; i++) {
        pid_t pid = atomic_load(&theolua_children[i]);
        int status;
        if (pid > 0 && waitpid(pid, &status, WNOHANG) == pid) {
            atomic_store(&theolua_children[i], 0);
        }
    }
}

/* Sends `signal` to everything until two scans in a row, 5 ms apart, find nothing
   left, or `milliseconds` pass; returns whether they did. A process forking while the
   table is read can hold a child the scan did not list (the listing and each entry are
   read at different moments), so one empty scan is not enough. */
static int signal_until_quiet(int signal, int milliseconds) {
    struct timespec step = {0, 5 * 1000 * 1000};
    int quiet = signal_everything(signal) == 0 ? 1 : 0;
    for (int waited = 0; waited < milliseconds; waited += 5) {
        nanosleep(&step, NULL);
        reap_all_children();
        quiet = signal_everything(signal) == 0 ? quiet + 1 : 0;
        if (quiet >= 2) {
            return 1;
        }
    }
    return 0;
}

void theolua_children_end_all(int grace_milliseconds) {
    if (!atomic_load(&theolua_spawned)) {
        return;
    }
    if (!signal_until_quiet(SIGTERM, grace_milliseconds)) {
        signal_until_quiet(SIGKILL, 200);
    }
    reap_all_children();
}

void theolua_children_terminate(void) { theolua_children_end_all(200); }
