#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include "theolua_support.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The watchdog: one thread per process that stops calls into Lua running past their
   time limit and ends the slices of tasks, at no cost to the code it watches.

   Lua code runs with no hook at all. The thread of a call only notes, in a few plain
   stores, that a call began (a new serial) and ended; the watchdog looks at the calls
   in progress every THEOLUA_WATCH_POLL_NS, and at the slice deadlines when they come.
   When a call has used its time (processor time of its thread where the system can
   tell it, wall-clock time elsewhere) or a slice is over, the watchdog sends the
   call's thread THEOLUA_WATCH_SIGNAL, and the handler, on that thread, installs the
   count hook with lua_sethook, which Lua allows from a signal handler (the stock
   interpreter stops a script on ctrl+c the same way). The hook then raises the limit's
   error, or yields the task, at the next instruction (theolua_support.c).

   Under ThreadSanitizer, which holds a signal back until the thread calls into an
   intercepted function (a loop in Lua's VM may never), the hook instead runs every
   THEOLUA_HOOK_STEP instructions and reads what the watchdog decided. */

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define THEOLUA_POLLED 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) && !defined(THEOLUA_POLLED)
#define THEOLUA_POLLED 1
#endif
#ifndef THEOLUA_POLLED
#define THEOLUA_POLLED 0
#endif

/// The signal that asks a thread to install the hook. Its default action is to ignore
/// it, so one that arrives with no handler is harmless.
#define THEOLUA_WATCH_SIGNAL SIGURG
/// How often the watchdog looks at the calls in progress: how late a time limit may fire.
#define THEOLUA_WATCH_POLL_NS (50LL * 1000000LL)
/// Looks that find no call in progress before the watchdog sleeps until a call wakes it.
#define THEOLUA_WATCH_IDLE_LOOKS 20


struct theolua_watch {
    theolua_support *support;
    /// Counts the outermost calls and slices; the watchdog's decisions name one.
    _Atomic unsigned long serial;
    /// Set while an outermost call or a slice runs.
    _Atomic int active;
    /// Set while the watchdog signals the thread: the call's end waits for it, so the
    /// thread the signal is sent to is alive.
    _Atomic int firing;
    /// The thread running the call.
    _Atomic(pthread_t) thread;
    /// When the current slice ends (CLOCK_MONOTONIC nanoseconds), or 0.
    _Atomic long long slice_deadline;
    /// What the watchdog asked (THEOLUA_WATCH_STOP, THEOLUA_WATCH_END_SLICE, in the low
    /// two bits) of the call whose serial is in the bits above: one word, so that a
    /// request for an earlier call is never read as one for this call.
    _Atomic unsigned long long asked;
    /// The support of the call this thread ran before this one (nested states).
    theolua_support *outer;
    /* The watchdog's own, under watch_lock. */
    unsigned long seen_serial;
    long long seen_at;
    struct theolua_watch *next;
};

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t watch_wake;
static struct theolua_watch *watched;
static int watch_running;
/// Set while the watchdog sleeps with no timeout: a call that starts wakes it.
static _Atomic int watch_sleeping;
/// The support whose call this thread runs now, for the signal handler.
static _Thread_local theolua_support *_Atomic watch_current;
/// Set once this thread takes the signal: a thread inherits its signal mask from the
/// one that made it, and a process from its parent, which may block the signal.
static _Thread_local int watch_signal_unblocked;
static struct sigaction watch_previous_action;

static long long theolua_watch_now(clockid_t clock) {
    struct timespec now;
    if (clock_gettime(clock, &now) != 0) {
        return -1;
    }
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* The time a call has used so far, on the clock the limit counts: its thread's
   processor time where the system can read another thread's, wall-clock time elsewhere.
   -1 when the thread is gone. */
static long long theolua_watch_used(struct theolua_watch *w) {
#if defined(__linux__) || defined(__FreeBSD__)
    clockid_t clock;
    if (pthread_getcpuclockid(atomic_load(&w->thread), &clock) != 0) {
        return -1;
    }
    return theolua_watch_now(clock);
#else
    (void)w;
    return theolua_watch_now(CLOCK_MONOTONIC);
#endif
}

/* On the thread of a call: what the watchdog asked, acted on by theolua_preempt. */
static void theolua_watch_signal(int signal, siginfo_t *info, void *context) {
    int saved = errno;
    theolua_support *support = atomic_load(&watch_current);
    if (support != NULL) {
        theolua_preempt(support);
    } else if ((watch_previous_action.sa_flags & SA_SIGINFO) && watch_previous_action.sa_sigaction != NULL) {
        watch_previous_action.sa_sigaction(signal, info, context);
    } else if (!(watch_previous_action.sa_flags & SA_SIGINFO) && watch_previous_action.sa_handler != SIG_DFL &&
               watch_previous_action.sa_handler != SIG_IGN && watch_previous_action.sa_handler != NULL) {
        watch_previous_action.sa_handler(signal);
    }
    errno = saved;
}

/* Asks the call `serial` of `w` for `what`, under watch_lock. */
static void theolua_watch_ask(struct theolua_watch *w, unsigned long serial, int what) {
    atomic_store(&w->firing, 1);
    if (atomic_load(&w->active) && atomic_load(&w->serial) == serial) {
        unsigned long long old = atomic_load(&w->asked);
        unsigned long long asked;
        do {
            asked = ((old >> 2) == (unsigned long long)serial ? old : (unsigned long long)serial << 2) | (unsigned)what;
        } while (!atomic_compare_exchange_weak(&w->asked, &old, asked));
#if !THEOLUA_POLLED
        pthread_kill(atomic_load(&w->thread), THEOLUA_WATCH_SIGNAL);
#endif
    }
    atomic_store(&w->firing, 0);
}

static void *theolua_watchdog(void *unused) {
    (void)unused;
    int idle = 0;
    pthread_mutex_lock(&watch_lock);
    for (;;) {
        long long now = theolua_watch_now(CLOCK_MONOTONIC);
        long long wake = LLONG_MAX;
        int busy = 0;
        for (struct theolua_watch *w = watched; w != NULL; w = w->next) {
            if (!atomic_load(&w->active)) {
                continue;
            }
            busy = 1;
            unsigned long serial = atomic_load(&w->serial);
            long long slice = atomic_load(&w->slice_deadline);
            if (slice != 0 && slice <= now) {
                theolua_watch_ask(w, serial, THEOLUA_WATCH_END_SLICE);
                atomic_compare_exchange_strong(&w->slice_deadline, &slice, 0);
            } else if (slice != 0 && slice < wake) {
                wake = slice;
            }
            if (w->support->time_limit > 0) {
                long long used = theolua_watch_used(w);
                if (serial != w->seen_serial) {
                    w->seen_serial = serial;
                    w->seen_at = used;
                } else if (used >= 0 && used - w->seen_at >= w->support->time_limit) {
                    theolua_watch_ask(w, serial, THEOLUA_WATCH_STOP);
                }
                if (now + THEOLUA_WATCH_POLL_NS < wake) {
                    wake = now + THEOLUA_WATCH_POLL_NS;
                }
            }
        }
        idle = busy ? 0 : idle + 1;
        if (idle >= THEOLUA_WATCH_IDLE_LOOKS && wake == LLONG_MAX) {
            /* Nothing to watch: sleep until a call begins. A call sets `active` before
               it reads `watch_sleeping`, and this looks again after setting it, so one
               of the two sees the other. */
            atomic_store(&watch_sleeping, 1);
            int started = 0;
            for (struct theolua_watch *w = watched; w != NULL; w = w->next) {
                started |= atomic_load(&w->active);
            }
            if (!started) {
                pthread_cond_wait(&watch_wake, &watch_lock);
            }
            atomic_store(&watch_sleeping, 0);
            idle = 0;
            continue;
        }
        if (wake == LLONG_MAX) {
            wake = now + THEOLUA_WATCH_POLL_NS;
        }
#if defined(__APPLE__)
        /* No monotonic clock for condition variables there: a wait for a span. */
        long long span = wake > now ? wake - now : 0;
        struct timespec within = {(time_t)(span / 1000000000LL), (long)(span % 1000000000LL)};
        pthread_cond_timedwait_relative_np(&watch_wake, &watch_lock, &within);
#else
        struct timespec until = {(time_t)(wake / 1000000000LL), (long)(wake % 1000000000LL)};
        pthread_cond_timedwait(&watch_wake, &watch_lock, &until);
#endif
    }
    return NULL;
}

/* In a child made by fork, only the forking thread exists: no watchdog, and the states
   it watched are the parent's. */
static void theolua_watch_forked(void) {
    watch_running = 0;
    watched = NULL;
    pthread_mutex_init(&watch_lock, NULL);
}

static void theolua_watch_setup(void) {
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
#if !defined(__APPLE__)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
#endif
    pthread_cond_init(&watch_wake, &attributes);
    pthread_condattr_destroy(&attributes);
    pthread_atfork(NULL, NULL, theolua_watch_forked);
#if !THEOLUA_POLLED
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = theolua_watch_signal;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(THEOLUA_WATCH_SIGNAL, &action, &watch_previous_action);
#endif
}

int theolua_watch_open(theolua_support *support) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, theolua_watch_setup);
    struct theolua_watch *w = calloc(1, sizeof *w);
    if (w == NULL) {
        return 0;
    }
    w->support = support;
    pthread_mutex_lock(&watch_lock);
    if (!watch_running) {
        pthread_t thread;
        pthread_attr_t attributes;
        pthread_attr_init(&attributes);
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        pthread_attr_setstacksize(&attributes, 256 * 1024);
        /* The watchdog takes no signal of its own: each goes to the thread it is for. */
        sigset_t all, previous;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &previous);
        watch_running = pthread_create(&thread, &attributes, theolua_watchdog, NULL) == 0;
        pthread_sigmask(SIG_SETMASK, &previous, NULL);
        pthread_attr_destroy(&attributes);
    }
    if (!watch_running) {
        pthread_mutex_unlock(&watch_lock);
        free(w);
        return 0;
    }
    w->next = watched;
    watched = w;
    pthread_mutex_unlock(&watch_lock);
    support->watch = w;
    return 1;
}

void theolua_watch_close(theolua_support *support) {
    struct theolua_watch *w = support->watch;
    if (w == NULL) {
        return;
    }
    if (atomic_load(&w->active)) {
        theolua_watch_end(support);
    }
    pthread_mutex_lock(&watch_lock);
    for (struct theolua_watch **link = &watched; *link != NULL; link = &(*link)->next) {
        if (*link == w) {
            *link = w->next;
            break;
        }
    }
    pthread_mutex_unlock(&watch_lock);
    support->watch = NULL;
    free(w);
}

void theolua_watch_begin(theolua_support *support, long long slice_deadline) {
    struct theolua_watch *w = support->watch;
    if (w == NULL) {
        return;
    }
    pthread_t self = pthread_self();
    if (!pthread_equal(atomic_load_explicit(&w->thread, memory_order_relaxed), self)) {
        atomic_store(&w->thread, self);
    }
#if !THEOLUA_POLLED
    if (!watch_signal_unblocked) {
        sigset_t signals;
        sigemptyset(&signals);
        sigaddset(&signals, THEOLUA_WATCH_SIGNAL);
        pthread_sigmask(SIG_UNBLOCK, &signals, NULL);
        watch_signal_unblocked = 1;
    }
#endif
    w->outer = atomic_load(&watch_current);
    atomic_store(&watch_current, support);
    atomic_fetch_add(&w->serial, 1);
    atomic_store(&w->slice_deadline, slice_deadline);
    atomic_store(&w->active, 1);
    if (atomic_load(&watch_sleeping) || slice_deadline != 0) {
        /* The watchdog sleeps longer than this call may need: wake it. */
        pthread_mutex_lock(&watch_lock);
        pthread_cond_signal(&watch_wake);
        pthread_mutex_unlock(&watch_lock);
    }
}

void theolua_watch_end(theolua_support *support) {
    struct theolua_watch *w = support->watch;
    if (w == NULL) {
        return;
    }
    atomic_store(&w->active, 0);
    atomic_store(&w->slice_deadline, 0);
    while (atomic_load(&w->firing)) {
        /* The watchdog is signalling this thread: a few instructions. */
    }
    atomic_store(&watch_current, w->outer);
}

int theolua_watch_asked(theolua_support *support) {
    struct theolua_watch *w = support->watch;
    if (w == NULL || !atomic_load(&w->active)) {
        return 0;
    }
    unsigned long long asked = atomic_load(&w->asked);
    return (asked >> 2) == (unsigned long long)atomic_load(&w->serial) ? (int)(asked & 3) : 0;
}

void theolua_watch_slice_ended(theolua_support *support, long long retry_ns) {
    struct theolua_watch *w = support->watch;
    if (w == NULL) {
        return;
    }
    atomic_fetch_and(&w->asked, ~(unsigned long long)THEOLUA_WATCH_END_SLICE);
    if (retry_ns > 0 && atomic_load(&w->active)) {
        atomic_store(&w->slice_deadline, theolua_watch_now(CLOCK_MONOTONIC) + retry_ns);
        pthread_mutex_lock(&watch_lock);
        pthread_cond_signal(&watch_wake);
        pthread_mutex_unlock(&watch_lock);
    }
}

int theolua_watch_polls(void) {
    return THEOLUA_POLLED;
}
