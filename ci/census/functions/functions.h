/* SPDX-License-Identifier: GPL-2.0-or-later */
/* functions.h - the set-up, call and clean-up functions of census-probe's
 * rows (ci/census/functions/rows.c), by the file that defines them.
 * Each set_* prepares outside the measured window; each fin_* undoes it,
 * leaving no file.  Each returns 0, or an errno value (-1 without one). */
#ifndef CENSUS_FUNCTIONS_H
#define CENSUS_FUNCTIONS_H

#include "probe.h"

/* files.c: files and directories */
int fin_close_fd(struct ctx *c);
int set_open(struct ctx *c);
int run_open(struct ctx *c);
int run_fopen(struct ctx *c);
int fin_fopen(struct ctx *c);
int set_creat(struct ctx *c);
int run_creat(struct ctx *c);
int run_opendir(struct ctx *c);
int fin_closedir(struct ctx *c);
int set_readdir(struct ctx *c);
int run_readdir(struct ctx *c);
int run_stat(struct ctx *c);
int run_fstat(struct ctx *c);
int run_lstat(struct ctx *c);
int run_access(struct ctx *c);
int run_faccessat(struct ctx *c);
int run_faccessat_eaccess(struct ctx *c);
int run_fchmod(struct ctx *c);
int run_fchmodat(struct ctx *c);
int run_fchmodat_nofollow(struct ctx *c);
int run_chmod(struct ctx *c);
int set_mkdir(struct ctx *c);
int run_mkdir(struct ctx *c);
int set_unlink(struct ctx *c);
int run_unlink(struct ctx *c);
int set_rename(struct ctx *c);
int run_rename(struct ctx *c);
int run_getcwd(struct ctx *c);
int run_realpath(struct ctx *c);
int run_tmpfile(struct ctx *c);
int set_mkstemp(struct ctx *c);
int run_mkstemp(struct ctx *c);
int fin_mkstemp(struct ctx *c);
int run_truncate(struct ctx *c);
int set_open_rw(struct ctx *c);
int run_umask(struct ctx *c);
int run_chdir(struct ctx *c);
int set_open_dir(struct ctx *c);
int run_fchdir(struct ctx *c);
int set_gone_new(struct ctx *c);
int fin_gone_new(struct ctx *c);
int run_link(struct ctx *c);
int run_symlink(struct ctx *c);
int run_readlink(struct ctx *c);
int run_remove(struct ctx *c);
int run_statx(struct ctx *c);
int set_copy(struct ctx *c);
int run_copy_file_range(struct ctx *c);
int fin_copy(struct ctx *c);
int run_utimensat(struct ctx *c);
int run_openat2(struct ctx *c);
int run_stat_future(struct ctx *c);

/* io.c: descriptors, polling and I/O */
int fin_close_pipe(struct ctx *c);
int set_pipe(struct ctx *c);
int run_pipe(struct ctx *c);
int run_dup2(struct ctx *c);
int fin_dup2(struct ctx *c);
int run_poll(struct ctx *c);
int run_select(struct ctx *c);
int set_epoll(struct ctx *c);
int run_epoll_wait(struct ctx *c);
int fin_epoll(struct ctx *c);
int run_fsync(struct ctx *c);
int run_pread(struct ctx *c);
int run_pwrite(struct ctx *c);
int run_readv(struct ctx *c);
int run_writev(struct ctx *c);
int set_open_pipe(struct ctx *c);
int run_sendfile(struct ctx *c);
int fin_close_both(struct ctx *c);
int run_dup(struct ctx *c);
int fin_close_fds(struct ctx *c);
int run_dup3(struct ctx *c);
int run_fcntl_getfl(struct ctx *c);
int run_ioctl_fionread(struct ctx *c);
int run_lseek(struct ctx *c);
int run_ftruncate(struct ctx *c);
int run_fdatasync(struct ctx *c);
int run_closefrom(struct ctx *c);
int fin_closefrom(struct ctx *c);

/* process.c: ids, signals, system facts, user database, processes */
int fin_wait(struct ctx *c);
int run_startup(struct ctx *c);
int run_fresh(struct ctx *c);
int run_getpid(struct ctx *c);
int run_getuid(struct ctx *c);
int set_self(struct ctx *c);
int run_kill(struct ctx *c);
int run_raise(struct ctx *c);
int run_sigaction(struct ctx *c);
int run_sigprocmask(struct ctx *c);
int run_gethostname(struct ctx *c);
int run_uname(struct ctx *c);
int run_sched_yield(struct ctx *c);
int run_getrlimit(struct ctx *c);
int run_getppid(struct ctx *c);
int run_getgid(struct ctx *c);
int run_geteuid(struct ctx *c);
int run_getgroups(struct ctx *c);
int run_setgroups(struct ctx *c);
int set_child(struct ctx *c);
int run_wait(struct ctx *c);
int run_waitpid(struct ctx *c);
int run_waitid(struct ctx *c);
int set_pending(struct ctx *c);
int run_sigtimedwait(struct ctx *c);
int run_getpwnam(struct ctx *c);
int run_getgrnam(struct ctx *c);
int run_fork(struct ctx *c);
int run_posix_spawn(struct ctx *c);
int run_pidfd_spawn(struct ctx *c);
int fin_pidfd_spawn(struct ctx *c);
int run_system(struct ctx *c);
int run_exit(struct ctx *c);
int run__exit(struct ctx *c);

/* time.c: time, sleeping and timers */
int run_nanosleep(struct ctx *c);
int run_sleep(struct ctx *c);
int run_usleep(struct ctx *c);
int run_clock_gettime(struct ctx *c);
int run_time(struct ctx *c);
int run_gettimeofday(struct ctx *c);
int run_alarm(struct ctx *c);
int run_setitimer(struct ctx *c);
int run_clock_nanosleep(struct ctx *c);
int run_localtime(struct ctx *c);
int run_strftime(struct ctx *c);
int run_timer_create(struct ctx *c);
int fin_timer(struct ctx *c);
int run_clock_settime(struct ctx *c);

/* memory.c: memory and dynamic loading */
int run_malloc_small(struct ctx *c);
int run_malloc_large(struct ctx *c);
int fin_free(struct ctx *c);
int set_malloc_large(struct ctx *c);
int run_free_large(struct ctx *c);
int run_posix_memalign(struct ctx *c);
int run_dlopen(struct ctx *c);
int fin_dlopen(struct ctx *c);

/* sockets.c: sockets (and syslog, which writes to one) */
int run_socketpair(struct ctx *c);
int set_socketpair(struct ctx *c);
int set_socketpair_byte(struct ctx *c);
int run_send(struct ctx *c);
int run_recv(struct ctx *c);
int run_getsockopt(struct ctx *c);
int run_setsockopt(struct ctx *c);
int run_shutdown(struct ctx *c);
int run_sendmsg(struct ctx *c);
int run_recvmsg(struct ctx *c);
int set_bind(struct ctx *c);
int run_bind(struct ctx *c);
int fin_bind(struct ctx *c);
int set_listen(struct ctx *c);
int run_listen(struct ctx *c);
int set_accept(struct ctx *c);
int run_accept(struct ctx *c);
int run_accept4(struct ctx *c);
int fin_accept(struct ctx *c);
int run_syslog(struct ctx *c);
int run_socket(struct ctx *c);
int set_connect(struct ctx *c);
int run_connect(struct ctx *c);
int fin_connect(struct ctx *c);

/* stdio.c: standard I/O streams */
int set_stream(struct ctx *c);
int set_stream_text(struct ctx *c);
int run_fdopen(struct ctx *c);
int run_fprintf(struct ctx *c);
int run_fwrite(struct ctx *c);
int run_fflush(struct ctx *c);
int run_fclose(struct ctx *c);
int fin_stream(struct ctx *c);
int set_stdout_pipe(struct ctx *c);
int set_stdout_file(struct ctx *c);
int run_printf(struct ctx *c);
int fin_stdout_file(struct ctx *c);

/* threads.c: threads and synchronization */
int run_mutex(struct ctx *c);
int run_sem_open(struct ctx *c);
int fin_sem_open(struct ctx *c);
int set_sem_open(struct ctx *c);
int run_pthread_create(struct ctx *c);
int fin_pthread_create(struct ctx *c);
int set_sleeper(struct ctx *c);
int run_pthread_join(struct ctx *c);
int run_setuid(struct ctx *c);
int set_other_thread(struct ctx *c);
int fin_other_thread(struct ctx *c);
int sleeping(long tid);

/* lifecycle.c: the end of a thread or a process, a program that cannot
   start */
int set_returning(struct ctx *c);
int set_exiting(struct ctx *c);
int set_ended(struct ctx *c);
int run_join(struct ctx *c);
int run_detach(struct ctx *c);
int fin_detached(struct ctx *c);
int set_exit_stdio(struct ctx *c);
int run_exit_stdio(struct ctx *c);
int run_posix_spawn_enoent(struct ctx *c);
int run_popen(struct ctx *c);

/* time64.c: built with _TIME_BITS=64 and _FILE_OFFSET_BITS=64.  Its rows
   (CENSUS_TIME64) are built on the 32-bit ABIs but x32, whose C library
   has both sizes of time_t: glibc 2.34 and later, musl. */
#if __SIZEOF_LONG__ == 4 && !defined(__x86_64__)
#if !defined(__GLIBC__)
#define CENSUS_TIME64 1
#elif __GLIBC_PREREQ(2, 34)
#define CENSUS_TIME64 1
#endif
#endif
int set_future(struct ctx *c);
int fin_future(struct ctx *c);
#ifdef CENSUS_TIME64
int run_clock_gettime64(struct ctx *c);
int run_clock_settime64(struct ctx *c);
int run_gettimeofday64(struct ctx *c);
int run_time64(struct ctx *c);
int run_nanosleep64(struct ctx *c);
int run_clock_nanosleep64(struct ctx *c);
int run_utimensat64(struct ctx *c);
int run_stat64_future(struct ctx *c);
int run_fstat64(struct ctx *c);
int run_select64(struct ctx *c);
int run_sigtimedwait64(struct ctx *c);
int set_pipe_byte(struct ctx *c);
int run_select64_long(struct ctx *c);
int run_sigtimedwait64_long(struct ctx *c);
#endif

#endif
