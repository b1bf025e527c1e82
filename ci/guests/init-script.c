/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * init-script.c - the script of ci/guests/guest-init.c, read: its commands
 * (parse_script) and, for each, whether it is a simple command that init
 * may execute directly (simple_words).  Compiled into the guest's init and,
 * on the host, into the program of tests/init-script.t.sh.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "init-script.h"

static int parse_uint(const char *s, unsigned *v)
{
    unsigned long n;
    char *end;

    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    n = strtoul(s, &end, 10);
    if (errno != 0 || *end != '\0' || n > UINT_MAX / 2)
        return -1;
    *v = (unsigned)n;
    return 0;
}

/* Ends the line at its newline; returns where the next line starts. */
static char *cut_line(char *line)
{
    char *next = strchr(line, '\n');

    if (next != NULL)
        *next++ = '\0';
    else
        next = line + strlen(line);
    return next;
}

static int is_blank_or_comment(const char *line)
{
    return line[0] == '#' || line[strspn(line, " \t\r")] == '\0';
}

/* Splits line in place into at most max fields; returns how many. */
static int split_fields(char *line, char **fields, int max)
{
    char *p = line;
    int nf = 0;

    while (nf < max) {
        p += strspn(p, " \t\r");
        if (*p == '\0')
            break;
        fields[nf++] = p;
        p += strcspn(p, " \t\r");
        if (*p != '\0')
            *p++ = '\0';
    }
    return nf;
}

/* Room for one more command in *cmdsp, which holds ncmds of *capp. */
static void grow_commands(struct command **cmdsp, size_t ncmds, size_t *capp)
{
    struct command *nc;

    if (ncmds < *capp)
        return;
    *capp = *capp ? *capp * 2 : 16;
    nc = realloc(*cmdsp, *capp * sizeof **cmdsp);
    if (nc == NULL)
        fatal("out of memory");
    *cmdsp = nc;
}

/* Fields ID UID TIMEOUT CWD of a "cmd" line into c. */
static void parse_fields(char **fields, size_t lineno, struct command *c)
{
    c->id = fields[1];
    if (parse_uint(fields[2], &c->uid) < 0)
        fatal("script line %zu: bad UID '%s'", lineno, fields[2]);
    if (c->uid != 0 && c->uid != 1000)
        fatal("script line %zu: UID %s is neither 0 nor 1000", lineno,
              fields[2]);
    if (parse_uint(fields[3], &c->timeout) < 0)
        fatal("script line %zu: bad TIMEOUT '%s'", lineno, fields[3]);
    if (fields[4][0] != '/')
        fatal("script line %zu: CWD '%s' is not absolute", lineno,
              fields[4]);
    c->cwd = fields[4];
}

/* The command text on line (number lineno) into c; returns the next line. */
static char *parse_text(char *line, size_t lineno, struct command *c)
{
    char *next, *p;

    if (*line == '\0')
        fatal("script line %zu: command text missing", lineno);
    next = cut_line(line);
    p = line + strlen(line);
    if (p > line && p[-1] == '\r')
        p[-1] = '\0';
    c->text = line;
    return next;
}

/*
 * Parses the script into cmds; returns the count.  "lanes N" (1 to
 * LANES_MAX) starts a section: the commands after it carry N, until the
 * next such line; before the first, 1.
 */
size_t parse_script(char *text, struct command **cmdsp)
{
    struct command *cmds = NULL;
    size_t ncmds = 0, cap = 0, lineno = 0;
    char *line = text, *next, *fields[6];
    unsigned lanes = 1;
    int nf;

    while (*line != '\0') {
        next = cut_line(line);
        lineno++;
        if (is_blank_or_comment(line)) {
            line = next;
            continue;
        }
        nf = split_fields(line, fields, 6);
        if (nf == 2 && strcmp(fields[0], "lanes") == 0) {
            if (parse_uint(fields[1], &lanes) < 0 || lanes < 1
                || lanes > LANES_MAX)
                fatal("script line %zu: lanes '%s' is not 1 to %d", lineno,
                      fields[1], LANES_MAX);
            line = next;
            continue;
        }
        if (nf != 5 || strcmp(fields[0], "cmd") != 0)
            fatal("script line %zu: expected 'cmd ID UID TIMEOUT CWD' "
                  "or 'lanes N'", lineno);
        grow_commands(&cmds, ncmds, &cap);
        parse_fields(fields, lineno, &cmds[ncmds]);
        cmds[ncmds].lanes = lanes;
        lineno++;
        line = parse_text(next, lineno, &cmds[ncmds]);
        ncmds++;
    }
    *cmdsp = cmds;
    return ncmds;
}

/* Whether word is a built-in or keyword of the shell: only sh runs those. */
static int is_shell_word(const char *word)
{
    static const char *const shell_words[] = {
        ".", ":", "[", "alias", "bg", "break", "case", "cd", "chdir",
        "command", "continue", "do", "done", "echo", "elif", "else", "esac",
        "eval", "exec", "exit", "export", "false", "fc", "fg", "fi", "for",
        "getopts", "hash", "if", "in", "jobs", "kill", "local", "printf",
        "pwd", "read", "readonly", "return", "set", "shift", "test", "then",
        "times", "trap", "true", "type", "ulimit", "umask", "unalias",
        "unset", "until", "wait", "while", NULL
    };
    size_t i;

    for (i = 0; shell_words[i] != NULL; i++) {
        if (strcmp(word, shell_words[i]) == 0)
            return 1;
    }
    return 0;
}

/*
 * Copies the word at *rp to *wp without its quotes, ends it, and moves both
 * past it; -1 if it holds anything but plain characters and quoted strings
 * with nothing for the shell to expand.
 */
static int unquote_word(char **rp, char **wp)
{
    const char *plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                        "0123456789_./,:+-@%^";
    char *r = *rp, *w = *wp;
    char q;

    while (*r != '\0' && *r != ' ' && *r != '\t') {
        if (*r == '\'' || *r == '"') {
            q = *r++;
            while (*r != q) {
                if (*r == '\0' || *r == '\n'
                    || (q == '"' && strchr("$`\\!", *r) != NULL))
                    return -1;
                *w++ = *r++;
            }
            r++;
        } else if (*r != '\0' && strchr(plain, *r) != NULL) {
            *w++ = *r++;
        } else {
            return -1;
        }
    }
    if (*r != '\0')
        r++;
    *w++ = '\0';
    *rp = r;
    *wp = w;
    return 0;
}

/* Splits s in place into argv (at most max - 1 words); 0 if sh must. */
static size_t split_words(char *s, char **argv, size_t max)
{
    char *r = s, *w = s;
    size_t n = 0;

    while (*r != '\0') {
        if (*r == ' ' || *r == '\t') {
            r++;
            continue;
        }
        if (n + 1 >= max)
            return 0;
        argv[n++] = w;
        if (unquote_word(&r, &w) < 0)
            return 0;
    }
    argv[n] = NULL;
    return n;
}

/*
 * A command in the shell's simplest form, "./prog arg 'a b' \"c d\"": words
 * of plain characters and quoted strings, no expansion, redirection,
 * operator or assignment, a first word that is no built-in or keyword of
 * the shell.  The shell would only run it, so it is run directly: under
 * TCG every execve() costs tens of milliseconds.  Splits a copy of TEXT
 * into ARGV (at most MAX - 1 words) and returns the number of words, or 0
 * when the command needs /bin/sh.
 */
size_t simple_words(const char *text, char **argv, size_t max)
{
    char *copy;
    size_t n;

    copy = strdup(text);
    if (copy == NULL)
        return 0;
    n = split_words(copy, argv, max);
    if (n == 0 || is_shell_word(argv[0])) {
        free(copy);
        return 0;
    }
    return n;
}
