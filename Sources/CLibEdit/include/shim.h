// libedit (BSD editline) through its readline-compatible interface, for the REPL's line editor.
// Swift 6 treats C globals as shared mutable state, so libedit's globals are set and read through the
// functions below instead.
#include <stdio.h>
#include <editline/readline.h>

/// Names the program for ~/.editrc, breaks words at white space only (so `@handles` and `#tags` are
/// whole words to complete) and installs the completion function.
void icebox_editline_setup(rl_completion_func_t *complete);

/// The line being edited.
const char *icebox_editline_buffer(void);

/// Whether, when the completion function found nothing, libedit should give up (1) rather than
/// complete file names (0).
void icebox_editline_completion_over(int over);

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/// Set by SIGINT (Ctrl-C) while the REPL runs; read and cleared by icebox_take_interrupt.
static volatile sig_atomic_t icebox_interrupted = 0;

/// The thread waiting in readline(), when one is. A signal goes to any thread of the process, and
/// libedit reads a key again after one interrupted read(): so the waiting thread is nudged with SIGINT
/// (icebox_nudge_reader, called every few milliseconds) until readline() has returned.
struct icebox_reader_state {
    pthread_t thread;
    volatile sig_atomic_t waiting;
    volatile sig_atomic_t nudging;
    sigset_t mask;
};
static inline struct icebox_reader_state *icebox_reader(void) {
    static struct icebox_reader_state state;
    return &state;
}

static void icebox_on_interrupt(int signal) {
    (void)signal;
    struct icebox_reader_state *reader = icebox_reader();
    if (reader->nudging && pthread_equal(pthread_self(), reader->thread)) return;  // our own nudge
    icebox_interrupted = 1;
    if (reader->waiting) reader->nudging = 1;
}

/// Sends SIGINT to the thread in readline() while a Ctrl-C is pending there.
static inline void icebox_nudge_reader(void) {
    struct icebox_reader_state *reader = icebox_reader();
    if (reader->nudging && reader->waiting) pthread_kill(reader->thread, SIGINT);
}

/// Call with 1 just before readline() and 0 right after, on the thread that calls it. The thread may be
/// a worker of the concurrency runtime, which blocks signals: SIGINT is let through while it waits.
static inline void icebox_reading(int waiting) {
    struct icebox_reader_state *reader = icebox_reader();
    if (waiting) {
        sigset_t interrupt;
        sigemptyset(&interrupt);
        sigaddset(&interrupt, SIGINT);
        reader->nudging = 0;
        pthread_sigmask(SIG_UNBLOCK, &interrupt, &reader->mask);
        reader->thread = pthread_self();
        reader->waiting = 1;
    } else {
        reader->waiting = 0;
        reader->nudging = 0;
        pthread_sigmask(SIG_SETMASK, &reader->mask, NULL);
    }
}

/// Makes Ctrl-C set a flag instead of ending the program. Without SA_RESTART, a read() waiting for
/// a key returns, so readline() returns NULL with the line being typed discarded.
static inline void icebox_catch_interrupts(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = icebox_on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(SIGINT, &action, NULL);
}

/// Whether Ctrl-C was pressed since the last call.
static inline int icebox_take_interrupt(void) {
    int was = icebox_interrupted;
    icebox_interrupted = 0;
    return was;
}

/// The terminal's width in columns, or 0 when `fd` is not a terminal that knows it.
static inline int icebox_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_col;
}
