// Ctrl-C in the REPL: it drops the line being typed and leaves a fresh prompt, or stops the command
// running.
//
// Left to itself, libedit's readline catches SIGINT while it waits for a key: its handler puts the
// terminal back in cooked mode and passes the signal on, and read() is then tried once more, now in
// cooked mode, so the terminal itself echoes what is typed next and libedit appends it to the line
// Ctrl-C was meant to drop (issue 42: `search half typ`, Ctrl-C, `path` ran nothing and was remembered
// as `search half typpath`). Sending the reading thread more signals until readline gave up only
// narrowed that window. So libedit is told to leave signals alone (rl_catch_signals = 0) and reads keys
// through icebox_read_key instead of read(), which ends the line on Ctrl-C itself:
// - while a line is edited the terminal does not turn the interrupt key into SIGINT (ISIG off): the key
//   is read as a key, in order with the keys typed before and after it, however fast they come;
// - a SIGINT that comes anyway (the key pressed as a prompt is drawn, or a `kill -INT`) sets the flag,
//   which the reader looks at between waits of at most 50 ms, whichever thread the signal reached.
// Either way readline() returns NULL with the flag set, so the caller tells Ctrl-C from Ctrl-D.
// libedit sets the terminal back to how it was (ISIG on) when the line ends, so a command that runs
// afterwards is stopped by SIGINT as before.
#include "shim.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

/// Set by Ctrl-C, read and cleared by icebox_take_interrupt.
static volatile sig_atomic_t interrupted = 0;
/// Set when the window changed size, read and cleared by the key reader.
static volatile sig_atomic_t resized = 0;
/// The terminal's interrupt key while a line is edited (its ISIG turned off), or -1.
static int interrupt_key = -1;

static void on_interrupt(int signal) {
    (void)signal;
    __atomic_store_n(&interrupted, 1, __ATOMIC_SEQ_CST);
}

static void on_resize(int signal) {
    (void)signal;
    __atomic_store_n(&resized, 1, __ATOMIC_SEQ_CST);
}

static void handle(int signal, void (*handler)(int), int flags) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = flags;
    sigaction(signal, &action, NULL);
}

void icebox_catch_interrupts(void) {
    handle(SIGINT, on_interrupt, 0);
    // The REPL reads the width for each reply itself; SA_RESTART keeps a resize from failing other calls.
    handle(SIGWINCH, on_resize, SA_RESTART);
}

int icebox_take_interrupt(void) { return __atomic_exchange_n(&interrupted, 0, __ATOMIC_SEQ_CST); }

/// Has the terminal on `fd` deliver its interrupt key as a key rather than SIGINT, remembering which key
/// it is. libedit turns the terminal to editing mode before each line and back after it; this is done
/// once it has, and again should it have turned ISIG back on.
static void read_interrupt_key_as_a_key(int fd) {
    struct termios modes;
    if (tcgetattr(fd, &modes) != 0 || (modes.c_lflag & ISIG) == 0) return;
    if (modes.c_cc[VINTR] == _POSIX_VDISABLE) return;  // no interrupt key: the signal alone, as set
    interrupt_key = modes.c_cc[VINTR];
    modes.c_lflag &= ~(tcflag_t)ISIG;
    if (tcsetattr(fd, TCSANOW, &modes) != 0) interrupt_key = -1;
}

int icebox_read_key(FILE *input) {
    int fd = fileno(input);
    // A key is one character: libedit stores what this returns as one wchar_t, so the bytes of a
    // multibyte character are gathered and decoded here, in the locale, as libedit's own reader does.
    char bytes[MB_LEN_MAX];
    size_t count = 0;
    read_interrupt_key_as_a_key(fd);
    for (;;) {
        if (__atomic_load_n(&interrupted, __ATOMIC_SEQ_CST)) return -1;
        if (__atomic_exchange_n(&resized, 0, __ATOMIC_SEQ_CST)) rl_resize_terminal();
        struct pollfd waiting = {.fd = fd, .events = POLLIN};
        int ready = poll(&waiting, 1, 50);
        if (ready < 0 && errno != EINTR) return -1;
        if (ready <= 0) continue;
        unsigned char byte;
        ssize_t got = read(fd, &byte, 1);
        if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (got <= 0) return -1;  // end of input, or the terminal is gone
        if (interrupt_key >= 0 && byte == interrupt_key) {
            __atomic_store_n(&interrupted, 1, __ATOMIC_SEQ_CST);
            return -1;
        }
        bytes[count++] = (char)byte;
        wchar_t key;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t length = mbrtowc(&key, bytes, count, &state);
        if (length == (size_t)-2 && count < sizeof bytes) continue;  // the rest of the character is to come
        if (length == (size_t)-1 || length == (size_t)-2) {  // not a character: dropped, as libedit does
            count = 0;
            continue;
        }
        return (int)key;
    }
}
