# SPDX-License-Identifier: GPL-2.0-or-later
# ci/guests/build/elf-info.awk: from readelf -h -l -d output, one line
# "ABI FILE INTERPRETER|- NEEDED..." per ELF file; ABI is unknown for a
# class, byte order and machine that no line of the table has.
# -v table=FILE: "ABI<TAB>CLASS<TAB>DATA<TAB>MACHINE" lines (ci/arch/)
function flush(    k) {
	if (cls != "") {
		k = cls "\t" data "\t" mach
		print ((k in abi) ? abi[k] : "unknown"), f, interp needed
	}
	cls = mach = data = needed = ""
	interp = "-"
}
BEGIN {
	FS = "\t"
	while ((getline l < table) > 0) {
		split(l, t, "\t")
		abi[t[2] "\t" t[3] "\t" t[4]] = t[1]
	}
	FS = " "
	interp = "-"
}
/^File: / { flush(); f = $2; next }
/^ *Class:/ { cls = $2 }
/^ *Data:/ { data = $0 ~ /little endian/ ? "little" : $0 ~ /big endian/ ? "big" : "" }
/^ *Machine:/ { mach = $0; sub(/^ *Machine:[ \t]*/, "", mach); sub(/[ \t]+$/, "", mach) }
/Requesting program interpreter:/ { interp = $NF; sub(/\]$/, "", interp) }
/\(NEEDED\)/ { n = $NF; gsub(/[][]/, "", n); needed = needed " " n }
END { flush() }
