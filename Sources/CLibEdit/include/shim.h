// libedit (BSD editline) through its readline-compatible interface, for the REPL's line editor.
// Swift 6 treats C globals as shared mutable state, so libedit's globals are set and read through the
// functions below instead.
#include <stdio.h>
#include <editline/readline.h>

/// Names the program for ~/.editrc, breaks words at white space only (so `@handles` and `#tags` are
/// whole words to complete), installs the completion function, and has keys read by icebox_read_key
/// with libedit's own signal handling off (interrupts.c says why). Call before any other libedit
/// function: libedit reads these settings once, when it first starts.
void icebox_editline_setup(rl_completion_func_t *complete);

/// The line being edited.
const char *icebox_editline_buffer(void);

/// Whether, when the completion function found nothing, libedit should give up (1) rather than
/// complete file names (0).
void icebox_editline_completion_over(int over);

#include <sys/ioctl.h>

/// Makes Ctrl-C set a flag instead of ending the program, and a resized window reach the line editor.
/// How Ctrl-C ends the wait for a key is told in interrupts.c.
void icebox_catch_interrupts(void);

/// Whether Ctrl-C was pressed since the last call (at a prompt, or while a command ran).
int icebox_take_interrupt(void);

/// readline's key reader (rl_getc_function): the next key typed on `input` as one Unicode scalar, or -1
/// at the end of input and when Ctrl-C was pressed (icebox_take_interrupt tells the two apart).
int icebox_read_key(FILE *input);

/// The terminal's width in columns, or 0 when `fd` is not a terminal that knows it.
static inline int icebox_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_col;
}
