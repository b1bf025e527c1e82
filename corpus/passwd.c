/* SPDX-License-Identifier: GPL-2.0-or-later */
/* passwd: users and groups from the files (/etc/passwd, /etc/group). */
#include <grp.h>
#include <pwd.h>
#include <stdio.h>

int main(void)
{
    struct passwd *pw;
    struct group *gr;

    pw = getpwnam("user");
    if (pw == NULL) {
        fprintf(stderr, "passwd: no user \"user\"\n");
        return 1;
    }
    printf("user: uid %u gid %u home %s shell %s\n", (unsigned)pw->pw_uid,
           (unsigned)pw->pw_gid, pw->pw_dir, pw->pw_shell);
    pw = getpwuid(0);
    if (pw == NULL) {
        fprintf(stderr, "passwd: no uid 0\n");
        return 1;
    }
    printf("uid 0: %s\n", pw->pw_name);
    gr = getgrnam("user");
    if (gr == NULL) {
        fprintf(stderr, "passwd: no group \"user\"\n");
        return 1;
    }
    printf("group user: gid %u\n", (unsigned)gr->gr_gid);
    return 0;
}
