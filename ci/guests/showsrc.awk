# SPDX-License-Identifier: GPL-2.0-or-later
# ci/guests/showsrc.awk — from apt-cache showsrc output, one line per
# version of the source package pkg: VERSION TAB TARBALL TAB SHA256, the
# tarball being its upstream .orig.tar.* (a native package: its .tar.*).
# Used by ci/guests/apt-private -s SUITE showsrc PKG.
function flush() {
	if (p == pkg && v != "" && (orig != "" || tar != ""))
		print v "\t" (orig != "" ? orig "\t" osum : tar "\t" tsum)
	p = v = orig = tar = ""
	c = 0
}
/^Package:/ { flush(); p = $2; next }
/^Version:/ { v = $2; next }
/^Checksums-Sha256:/ { c = 1; next }
c && /^ / {
	if ($3 ~ /\.orig\.tar\.[a-z0-9]+$/) { orig = $3; osum = $1 }
	else if ($3 ~ /\.tar\.[a-z0-9]+$/ && $3 !~ /\.debian\.tar\./) { tar = $3; tsum = $1 }
	next
}
{ c = 0 }
END { flush() }
