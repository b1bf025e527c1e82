/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ci/peers/include/sys/capability.h - the few libcap(3) calls the kernel's
 * seccomp selftests make (cap_get_proc, cap_get_flag, cap_set_flag,
 * cap_set_proc, cap_free), done with capget(2) and capset(2) on the
 * calling thread.  The guests carry no libcap, and adding it to every guest
 * image for one test that drops CAP_SYS_ADMIN would change every image;
 * this header stands in for <sys/capability.h> when the selftests are
 * compiled (ci/peers/build-selftests).  Only the effective, permitted and
 * inheritable sets of version 3 capabilities, as libcap keeps them.
 */
#ifndef SP_PEERS_SYS_CAPABILITY_H
#define SP_PEERS_SYS_CAPABILITY_H

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/capability.h>

typedef int cap_value_t;
typedef enum { CAP_EFFECTIVE = 0, CAP_PERMITTED = 1, CAP_INHERITABLE = 2 } cap_flag_t;
typedef enum { CAP_CLEAR = 0, CAP_SET = 1 } cap_flag_value_t;

struct sp_cap {
	struct __user_cap_header_struct head;
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
};
typedef struct sp_cap *cap_t;

static __u32 *sp_cap_word(cap_t c, cap_flag_t set, cap_value_t v)
{
	struct __user_cap_data_struct *d = &c->data[v >> 5];

	switch (set) {
	case CAP_EFFECTIVE: return &d->effective;
	case CAP_PERMITTED: return &d->permitted;
	case CAP_INHERITABLE: return &d->inheritable;
	}
	return NULL;
}

static inline __attribute__((unused)) cap_t cap_get_proc(void)
{
	cap_t c = calloc(1, sizeof(*c));

	if (c == NULL)
		return NULL;
	c->head.version = _LINUX_CAPABILITY_VERSION_3;
	c->head.pid = 0;
	if (syscall(SYS_capget, &c->head, c->data) != 0) {
		free(c);
		return NULL;
	}
	return c;
}

static inline __attribute__((unused)) int cap_set_proc(cap_t c)
{
	c->head.version = _LINUX_CAPABILITY_VERSION_3;
	c->head.pid = 0;
	return (int)syscall(SYS_capset, &c->head, c->data);
}

static inline __attribute__((unused)) int cap_get_flag(cap_t c, cap_value_t v,
		cap_flag_t set, cap_flag_value_t *out)
{
	__u32 *w;

	if (c == NULL || v < 0 || v >= 32 * _LINUX_CAPABILITY_U32S_3 ||
	    (w = sp_cap_word(c, set, v)) == NULL || out == NULL) {
		errno = EINVAL;
		return -1;
	}
	*out = (*w >> (v & 31)) & 1 ? CAP_SET : CAP_CLEAR;
	return 0;
}

static inline __attribute__((unused)) int cap_set_flag(cap_t c, cap_flag_t set,
		int n, const cap_value_t *vals, cap_flag_value_t to)
{
	int i;
	__u32 *w;

	for (i = 0; i < n; i++) {
		if (c == NULL || vals[i] < 0 || vals[i] >= 32 * _LINUX_CAPABILITY_U32S_3 ||
		    (w = sp_cap_word(c, set, vals[i])) == NULL) {
			errno = EINVAL;
			return -1;
		}
		if (to == CAP_SET)
			*w |= 1u << (vals[i] & 31);
		else
			*w &= ~(1u << (vals[i] & 31));
	}
	return 0;
}

static inline __attribute__((unused)) int cap_free(void *p)
{
	free(p);
	return 0;
}

#endif
