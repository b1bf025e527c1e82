# SPDX-License-Identifier: GPL-2.0-or-later
# make-patches-message.awk — ci/upstream/make-patches' message(): a queue
# file in, with our identity as its author and each Test: NAME [ARG] line
# replaced by the test's text (ci/upstream/test-text).  Variables: from,
# here, top.
	!body && /^From: / { print from; skip = 1; next }
	!body && skip && /^[ \t]/ { next }
	{ skip = 0 }
	!body && /^$/ { body = 1 }
	body && !diff && /^Test: / {
		n = split($0, w, " ")
		cmd = "\"" here "/test-text\" -C \"" top "\" \"" w[2] "\"" (n > 2 ? " \"" w[3] "\"" : "")
		if ((cmd | getline l) <= 0) { print "make-patches: " FILENAME ": " $0 ": no such test" > "/dev/stderr"; exit 1 }
		do print l; while ((cmd | getline l) > 0)
		if (close(cmd) != 0) { print "make-patches: " FILENAME ": " $0 ": failed" > "/dev/stderr"; exit 1 }
		next
	}
	body && /^---$/ { diff = 1 }
	body && /^diff --git / { diff = 1 }
	{ print }
