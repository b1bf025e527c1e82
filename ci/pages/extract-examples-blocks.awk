# SPDX-License-Identifier: GPL-2.0-or-later
# extract-examples-blocks.awk — pass 1 of ci/pages/extract-examples (see
# there): a page in; its SRC blocks checked and cut out as small pages
# (DIR/NAME), their names out.  Variables: page, dir.
	function err(line, msg) { printf "%s:%d: %s\n", page, line, msg > "/dev/stderr"; bad = 1 }
	/^\.SH[ \t]/ { sh = $0; sub(/^\.SH[ \t]+/, "", sh); gsub(/"/, "", sh) }
	/^\.\\"[ \t]*SRC[ \t]+BEGIN/ {
		if (open) { err(NR, "SRC BEGIN inside the block opened at line " openline " (blocks cannot nest)"); next }
		name = $0
		if (name !~ /^\.\\"[ \t]*SRC[ \t]+BEGIN[ \t]+\(.*\)[ \t]*$/) { err(NR, "SRC BEGIN must be followed by (file name)"); skip = 1 }
		sub(/^[^(]*\(/, "", name); sub(/\)[ \t]*$/, "", name)
		if (!skip && name == "") { err(NR, "SRC BEGIN has an empty file name"); skip = 1 }
		if (!skip && (name ~ /\// || name ~ /\.\./ || name ~ /^\./ || name ~ /[ \t]/)) { err(NR, "bad file name \"" name "\" (no /, .., leading dot or blanks)"); skip = 1 }
		if (!skip && (name in seen)) { err(NR, "file name " name " already used by the block at line " seen[name]); skip = 1 }
		if (sh != "EXAMPLES") { err(NR, "SRC BEGIN outside EXAMPLES (in section \"" sh "\")"); skip = 1 }
		open = 1; openline = NR; hasex = 0
		if (!skip) {
			seen[name] = NR; file = dir "/" name
			print ".TH EXTRACT 1 2000-01-01 x x" > file
			print ".SH EXAMPLES" > file
		}
		next
	}
	/^\.\\"[ \t]*SRC[ \t]+END/ {
		if (!open) { err(NR, "SRC END without SRC BEGIN"); next }
		if (!skip) {
			close(file)
			if (!hasex) err(openline, "block " name " has no .EX/.EE code")
			else print name
		}
		open = 0; skip = 0
		next
	}
	open && /^\.SH[ \t]/ { err(openline, "SRC BEGIN (" name ") is not closed before .SH at line " NR); open = 0; skip = 0 }
	open && !skip { print > file; if ($0 ~ /^\.EX/) hasex = 1 }
	END {
		if (open) err(openline, "SRC BEGIN (" name ") has no SRC END")
		exit bad
	}
