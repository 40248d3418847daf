# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# kbuild-reads.sh - which files of a source tree a kbuild build read, and
# their hashes: the key under which what it built is kept.  Sourced
# (bash) by scripts/fixport-bite-lib (a bite's mutants),
# scripts/kunit-intree (its kernels) and scripts/conformance-bite.
#
# A build reads the sources and headers kbuild's .cmd files name for the
# objects it made, and every Kbuild, Kconfig and Makefile, which decide
# what is made.  A change that makes a build read a file it did not
# changes a file it read (an #include, a Kbuild line), so a key of the
# listed files cannot miss a change that matters.  The list holds .c and
# .h files: fixport-mirror copies no other source into a build's tree.

# kbuild_cmd_sources ROOT: of the .cmd files' text on stdin, the sources
# and headers under ROOT (generated *.mod.c left out), paths relative to
# ROOT, one a line, as they come.
kbuild_cmd_sources() {
	tr '[:blank:]' '\n' |
		awk -v t="$1/" 'index($0, t) == 1 && /\.[ch]$/ &&
			!/\.mod\.c$/ { print substr($0, length(t) + 1) }'
}

# kbuild_reads ROOT [NAME...]: of the .cmd files' text on stdin, the
# sources and headers under ROOT (generated *.mod.c left out), with every
# Kbuild, Kconfig, Makefile and file called NAME under ROOT: paths
# relative to ROOT, one a line, sorted, each once.
kbuild_reads() {
	local root=$1 n names=(-name Kbuild -o -name Kconfig -o -name Makefile)

	shift
	for n in "$@"; do
		names+=(-o -name "$n")
	done
	{
		kbuild_cmd_sources "$root"
		(cd "$root" && find . -type f \( "${names[@]}" \) | sed 's|^\./||')
	} | sort -u
}

# kbuild_sums ROOT LIST [NAME...]: the hashes of the files LIST names
# (kbuild_reads' output, relative to ROOT; a missing one gives an error
# line, which changes the key as it should), or, when LIST is empty or
# missing, of every source, header, Kbuild, Kconfig, Makefile and file
# called NAME under ROOT.
kbuild_sums() {
	local root=$1 list=$2 n names=(-name '*.[ch]' -o -name Kbuild
		-o -name Kconfig -o -name Makefile)

	shift 2
	for n in "$@"; do
		names+=(-o -name "$n")
	done
	(cd "$root" &&
	 if [ -s "$list" ]; then
		tr '\n' '\0' <"$list" | xargs -0 sha256sum 2>&1
	 else
		find . -type f ! -name '*.mod.c' \( "${names[@]}" \) -print0 |
			sort -z | xargs -0 sha256sum
	 fi)
}
