# SPDX-License-Identifier: GPL-2.0-or-later
# ci/corpus/elf-abi.awk — from `readelf -h` of a program, its class and
# machine as ci/arch/ names them (elf_class, elf_machine), tab-separated.
$1 == "Class:" { c = $2 }
$1 == "Machine:" { m = $0; sub(/^[ \t]*Machine:[ \t]*/, "", m) }
END { printf "%s\t%s\n", c, m }
