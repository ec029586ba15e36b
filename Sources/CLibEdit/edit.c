// The libedit functions and globals the REPL uses, through libedit.so.2 opened on first use (see
// lazy_load.h). Declared hidden before readline.h is read, so the compiler checks each forwarder against
// libedit's own prototype and none of them is exported.
#pragma GCC visibility push(hidden)
#include "shim.h"
#pragma GCC visibility pop

#include "lazy_load.h"

static struct icebox_library edit = {"libedit.so.2", "libedit2", NULL};

ICEBOX_FORWARD(edit, char *, readline, (const char *prompt), (prompt))
ICEBOX_FORWARD(edit, int, add_history, (const char *line), (line))
ICEBOX_FORWARD(edit, void, using_history, (void), ())
ICEBOX_FORWARD(edit, void, stifle_history, (int limit), (limit))
ICEBOX_FORWARD(edit, void, rl_resize_terminal, (void), ())

/// The type of rl_getc_function.
typedef int key_reader(FILE *);

/// The address of one of libedit's globals.
#define GLOBAL(type, name) ((type *)icebox_library_symbol(&edit, #name))

void icebox_editline_setup(rl_completion_func_t *complete) {
    *GLOBAL(const char *, rl_readline_name) = "icebox";
    *GLOBAL(const char *, rl_basic_word_break_characters) = " \t\n";
    *GLOBAL(char *, rl_completer_word_break_characters) = (char *)" \t\n";
    *GLOBAL(rl_completion_func_t *, rl_attempted_completion_function) = complete;
    *GLOBAL(int, rl_catch_signals) = 0;
    *GLOBAL(key_reader *, rl_getc_function) = icebox_read_key;
}

const char *icebox_editline_buffer(void) { return *GLOBAL(char *, rl_line_buffer); }

void icebox_editline_completion_over(int over) { *GLOBAL(int, rl_attempted_completion_over) = over; }
