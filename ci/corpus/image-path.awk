# SPDX-License-Identifier: GPL-2.0-or-later
# ci/corpus/image-path.awk — which file of a guest image a path names,
# its symbolic links followed (a usrmerged /bin is a link to usr/bin,
# /bin/sh one to dash), read from the image's listing.
#
# usage: cpio -itv < base.cpio | awk -v path=/bin/sh -f ci/corpus/image-path.awk
# Prints the path inside the image (no leading /) of the regular file PATH
# ends at; exit 1 with a message naming PATH when it is not in the image,
# is no regular file, or its links go round (more than 40).
function fail(m) { print "image-path: " path ": " m > "/dev/stderr"; bad = 1; exit 1 }
# "ls -l"-style lines: mode links owner group size month day time|year
# name [-> target]
{
	kind[$9] = substr($1, 1, 1)
	if ($10 == "->") link[$9] = $11
}
END {
	if (bad) exit 1
	rest = path; cur = ""; hops = 0
	while (rest != "") {
		i = index(rest, "/")
		if (i) { c = substr(rest, 1, i - 1); rest = substr(rest, i + 1) } else { c = rest; rest = "" }
		if (c == "" || c == ".") continue
		if (c == "..") { sub(/\/?[^\/]*$/, "", cur); continue }
		nxt = cur == "" ? c : cur "/" c
		if (!(nxt in kind)) fail("not in the image (" nxt ")")
		if (nxt in link) {
			if (++hops > 40) fail("too many symbolic links")
			t = link[nxt]
			if (t ~ /^\//) cur = ""
			rest = t (rest == "" ? "" : "/" rest)
			continue
		}
		cur = nxt
	}
	if (kind[cur] != "-") fail("not a regular file (" cur ")")
	print cur
}
