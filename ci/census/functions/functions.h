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
int run_fstatat(struct ctx *c);
int run_fstatat_nofollow(struct ctx *c);
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
int run_startup_pthread(struct ctx *c);
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
int run_wait3(struct ctx *c);
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
int set_syslog(struct ctx *c);
int run_syslog(struct ctx *c);
int fin_syslog(struct ctx *c);
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
int await_asleep(struct ctx *c);

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

/* more-io.c, more-libc.c, more-time.c, more-threads.c: the functions
   that the corpus (corpus/) and coreutils' ls, sort and date import
   besides the above; each row is one call on its success path, or the
   normal answer named in the row (isatty(pipe): ENOTTY) */
int set_pipe_x(struct ctx *c);
int run_write(struct ctx *c);
int run_read(struct ctx *c);
int run_close(struct ctx *c);
int fin_close_write(struct ctx *c);
int run_pipe2(struct ctx *c);
int run_isatty(struct ctx *c);
int run_tcgetpgrp(struct ctx *c);
int set_dir(struct ctx *c);
int run_rmdir(struct ctx *c);
int set_opendir(struct ctx *c);
int run_closedir(struct ctx *c);
int run_posix_fadvise(struct ctx *c);
int run_mkostemp(struct ctx *c);
int fin_mkostemp(struct ctx *c);
int run_euidaccess(struct ctx *c);
int run_getxattr(struct ctx *c);
int run_lgetxattr(struct ctx *c);
int run_fgetxattr(struct ctx *c);
int run_listxattr(struct ctx *c);
int run_llistxattr(struct ctx *c);
int run_flistxattr(struct ctx *c);
int run_sendto(struct ctx *c);
int run_recvfrom(struct ctx *c);
int run_getsockname(struct ctx *c);
int set_stream_read(struct ctx *c);
int fin_stream_read(struct ctx *c);
int set_stream_file(struct ctx *c);
int fin_stream_file(struct ctx *c);
int run_fputs(struct ctx *c);
int run_fputc(struct ctx *c);
int run_vfprintf(struct ctx *c);
int run_setvbuf(struct ctx *c);
int run_ferror(struct ctx *c);
int run_clearerr(struct ctx *c);
int run_fseeko(struct ctx *c);
int run_fread(struct ctx *c);
int run_fgets(struct ctx *c);
int run_fgetc(struct ctx *c);
int run_getdelim(struct ctx *c);
int run_puts(struct ctx *c);
int set_stderr_pipe(struct ctx *c);
int run_perror(struct ctx *c);
int set_lang_c(struct ctx *c);
int run_setlocale_utf8(struct ctx *c);
int run_setlocale_env(struct ctx *c);
int run_textdomain(struct ctx *c);
int run_bindtextdomain(struct ctx *c);
int run_dcgettext(struct ctx *c);
int run_dcngettext(struct ctx *c);
int run_strerror(struct ctx *c);
int run_strerror_r(struct ctx *c);
int set_tz_unset(struct ctx *c);
int set_tz_utc(struct ctx *c);
int run_tzset(struct ctx *c);
int run_mktime(struct ctx *c);
int run_gmtime_r(struct ctx *c);
int run_timegm(struct ctx *c);
int run_setenv(struct ctx *c);
int set_setenv(struct ctx *c);
int run_unsetenv(struct ctx *c);
int run_putenv(struct ctx *c);
int run_qsort(struct ctx *c);
int run_getopt_long(struct ctx *c);
int run_fnmatch(struct ctx *c);
int run_strdup(struct ctx *c);
int set_malloc_64(struct ctx *c);
int run_realloc_128(struct ctx *c);
int run_reallocarray(struct ctx *c);
int set_malloc_1m(struct ctx *c);
int run_realloc_2m(struct ctx *c);
int run_mmap(struct ctx *c);
int fin_munmap(struct ctx *c);
int set_mmap(struct ctx *c);
int run_munmap(struct ctx *c);
int run_mprotect(struct ctx *c);
int set_mmap_file(struct ctx *c);
int run_msync(struct ctx *c);
int fin_mmap_file(struct ctx *c);
int run_sysinfo(struct ctx *c);
int run_sysconf_pagesize(struct ctx *c);
int run_sysconf_nprocessors(struct ctx *c);
int run_sysconf_phys_pages(struct ctx *c);
int run_sched_getaffinity(struct ctx *c);
int run_cpu_alloc(struct ctx *c);
int fin_cpu_free(struct ctx *c);
int set_cpu_alloc(struct ctx *c);
int run_cpu_count(struct ctx *c);
int run_cpu_free(struct ctx *c);
int run_getpwuid(struct ctx *c);
int run_getgrgid(struct ctx *c);
int run_dlsym(struct ctx *c);
int run_dlerror(struct ctx *c);
int run_openlog(struct ctx *c);
int set_openlog(struct ctx *c);
int run_closelog(struct ctx *c);
int run_sscanf(struct ctx *c);
int run_mbrtoc32(struct ctx *c);
int run_feof(struct ctx *c);
int run_execl(struct ctx *c);
int run_execv(struct ctx *c);
int set_path(struct ctx *c);
int run_execlp(struct ctx *c);
int set_cond_waiter(struct ctx *c);
int run_cond_wait(struct ctx *c);
int fin_cond_waiter(struct ctx *c);
int run_clock_getres(struct ctx *c);
int run_settimeofday(struct ctx *c);
int set_timer(struct ctx *c);
int run_timer_settime(struct ctx *c);
int run_timer_delete(struct ctx *c);
int set_alarm_second(struct ctx *c);
int set_alarm_blocked(struct ctx *c);
int fin_alarm(struct ctx *c);
int run_pause(struct ctx *c);
int run_sigsuspend(struct ctx *c);
int run_sigwaitinfo(struct ctx *c);
int run_pthread_sigmask(struct ctx *c);
int run_mutex_init(struct ctx *c);
int set_mutex_init(struct ctx *c);
int set_mutex_locked(struct ctx *c);
int run_mutex_unlock(struct ctx *c);
int run_mutex_destroy(struct ctx *c);
int run_cond_init(struct ctx *c);
int set_cond_init(struct ctx *c);
int run_cond_signal(struct ctx *c);
int run_cond_destroy(struct ctx *c);
int run_attr_init(struct ctx *c);
int set_attr_init(struct ctx *c);
int run_attr_setdetachstate(struct ctx *c);
int run_attr_destroy(struct ctx *c);

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
int run_lstat64_future(struct ctx *c);
int run_wait3_64(struct ctx *c);
int run_settimeofday64(struct ctx *c);
int run_fstat64(struct ctx *c);
int run_select64(struct ctx *c);
int run_timer_settime64(struct ctx *c);
int run_setitimer64(struct ctx *c);
int run_sigtimedwait64(struct ctx *c);
int set_pipe_byte(struct ctx *c);
int run_select64_long(struct ctx *c);
int run_sigtimedwait64_long(struct ctx *c);
#endif

/* more-libc.c, more-io.c: what sort imports besides */
int run_sched_getscheduler(struct ctx *c);
int run_dlopen_lib(struct ctx *c);
int fin_dlclose(struct ctx *c);
int run_vasprintf(struct ctx *c);
#ifdef __GLIBC__
int run_error(struct ctx *c);
#endif
int run_eaccess(struct ctx *c);
int run_setmntent(struct ctx *c);
int set_setmntent(struct ctx *c);
int run_getmntent(struct ctx *c);
int run_endmntent(struct ctx *c);
int fin_endmntent(struct ctx *c);
/* more-libc.c, more-io.c: what ls and date import besides */
int set_newlocale(struct ctx *c);
int fin_freelocale(struct ctx *c);
int run_uselocale(struct ctx *c);
int run_nl_langinfo_l(struct ctx *c);
int run_fpurge(struct ctx *c);
int run_byteorder(struct ctx *c);
int run_atexit(struct ctx *c);

/* libs.c: libselinux's and libcap's functions that ls calls */
#ifdef HAVE_LIB_SELINUX
int set_selinux(struct ctx *c);
int set_selinux_fd(struct ctx *c);
int fin_selinux(struct ctx *c);
int fin_selinux_fd(struct ctx *c);
int run_path_con(struct ctx *c);
int run_fd_con(struct ctx *c);
int set_freecon(struct ctx *c);
int run_freecon(struct ctx *c);
int fin_freecon(struct ctx *c);
#endif
#ifdef HAVE_LIB_CAP
int set_cap_file(struct ctx *c);
int run_cap_get_file(struct ctx *c);
int fin_cap_file(struct ctx *c);
int set_cap_init(struct ctx *c);
int run_cap_to_text(struct ctx *c);
int fin_cap_to_text(struct ctx *c);
int run_cap_free(struct ctx *c);
int fin_cap_free(struct ctx *c);
#endif

/* more-spawn.c: posix_spawn(3)'s set-up, posix_spawnp(3) */
int run_actions_init(struct ctx *c);
int set_actions_init(struct ctx *c);
int run_actions_addclose(struct ctx *c);
int run_actions_adddup2(struct ctx *c);
int run_actions_destroy(struct ctx *c);
int run_spawnattr_init(struct ctx *c);
int set_spawnattr_init(struct ctx *c);
int run_spawnattr_setflags(struct ctx *c);
int run_spawnattr_destroy(struct ctx *c);
int run_posix_spawnp(struct ctx *c);

/* shell.c: what /bin/sh imports */
int run_getegid(struct ctx *c);
int run_getpgrp(struct ctx *c);
int run_setpgid(struct ctx *c);
int set_gid(struct ctx *c);
int run_setgid(struct ctx *c);
int set_rlimit(struct ctx *c);
int run_setrlimit(struct ctx *c);
int run_times(struct ctx *c);
int run_strsignal(struct ctx *c);
int set_pipe_group(struct ctx *c);
int run_tcsetpgrp(struct ctx *c);
int run_longjmp(struct ctx *c);
int run_vfork(struct ctx *c);

#endif
