# SPDX-License-Identifier: GPL-2.0-or-later
# libseccomp-clean.awk — ci/upstream/libseccomp-patches' clean(): one of our
# man3 pages as it goes to libseccomp (its .TH line upstream's, our
# annotations and markers out).  Variables: uth (upstream's .TH line, or
# empty); the environment's ann (the annotation pattern, there because awk
# -v would eat its backslashes).
	BEGIN { ann = "^" tolower(ENVIRON["ann"]) }
	tolower($0) ~ ann { next }
	/^\.\\"[ \t]*Copyright .*seccomp-pages/ { skip = 1; next }
	skip && /^\.\\"[ \t]*$/ { skip = 0; next }
	{ skip = 0 }
	/^\.TH / {
		# .TH title 3 date "seccomp-pages" -> libseccomp form
		n = split($0, f, " ")
		d = f[4]   # YYYY-MM-DD: the form mandoc parses
		if (uth != "") {
			# the header libseccomp has, with the date of the change
			print fixdate(uth, d)
		} else
			printf ".TH \"%s\" 3 \"%s\" \"\" \"libseccomp Documentation\"\n", f[2], d
		next
	}
	{ print }
	function fixdate(l, d,   a, i, r) {
		# .TH "name" 3 "DATE" "who" "libseccomp Documentation"
		split(l, a, "\"")
		a[4] = d
		r = a[1]
		for (i = 2; i in a; i++) r = r "\"" a[i]
		return r
	}
