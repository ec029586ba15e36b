// libedit (BSD editline) through its readline-compatible interface, for the REPL's line editor.
// Swift 6 treats C globals as shared mutable state, so the globals are set and read here instead.
#include <stdio.h>
#include <editline/readline.h>

/// Names the program for ~/.editrc, breaks words at white space only (so `@handles` and `#tags` are
/// whole words to complete) and installs the completion function.
static inline void icebox_editline_setup(rl_completion_func_t *complete) {
    rl_readline_name = "icebox";
    rl_basic_word_break_characters = " \t\n";
    rl_completer_word_break_characters = (char *)" \t\n";
    rl_attempted_completion_function = complete;
}

/// The line being edited.
static inline const char *icebox_editline_buffer(void) { return rl_line_buffer; }

/// Whether, when the completion function found nothing, libedit should give up (1) rather than
/// complete file names (0).
static inline void icebox_editline_completion_over(int over) { rl_attempted_completion_over = over; }
