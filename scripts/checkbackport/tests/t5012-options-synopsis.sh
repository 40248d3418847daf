#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# One option table per command (options.c): the synopsis --help prints,
# the copies in Documentation and what the parser takes must agree.
# Documentation's copies are checked against --help word for word; the
# parser is checked against the synopsis, option by option, both ways:
# every option a command's synopsis shows is taken by it, every other
# option of the manual's OPTIONS refused, unless it is one of the common
# ones [OPTIONS] stands for (as Documentation/checkbackport.rst lists them).

. "$(dirname "$0")/lib-checkbackport.sh"

DOC=$CBP_DIR/../../Documentation
COMMON="--repo --index --update --rebuild --quiet --help --version"

test_expect_success 'the manual has a synopsis line per command' '
	"$CBP_BIN" --help >manual &&
	awk "/^SYNOPSIS\$/ { on = 1; next } on && /^\$/ { exit }
		on { sub(/^       /, \"\"); print }" manual >synopsis &&
	for c in index names fixes check lint followups missing
	do
		grep "^checkbackport $c \\[" synopsis || return 1
	done &&
	grep -x "checkbackport --help | --version" synopsis &&
	awk "/^ / { sub(/^ +/, \" \"); line = line \$0; next }
		line != \"\" { print line } { line = \$0 } END { print line }" \
		synopsis >lines &&
	test "$(wc -l <lines)" = 8 &&
	grep "^checkbackport check .* \[--tree DIR \[--config FILE\] \[--no-build\]\] " lines
'

test_expect_success 'checkbackport.rst shows the synopsis --help prints' '
	awk "/^Commands\$/ { cmds = 1 } cmds && /::\$/ { lit = 1; next }
		lit && /^    / { sub(/^    /, \"\"); print; seen = 1; next }
		lit && seen { exit }" "$DOC/checkbackport.rst" >rst &&
	test_cmp synopsis rst
'

test_expect_success 'checkbackport-check.rst shows the synopsis of check' '
	awk "/^checkbackport check / { on = 1 } on && /^checkbackport [a-z]/ &&
		!/^checkbackport check / { exit } on { print }" synopsis >want &&
	awk "/^Synopsis\$/ { syn = 1 } syn && /::\$/ { lit = 1; next }
		lit && /^    / { sub(/^    /, \"\"); print; seen = 1; next }
		lit && seen { exit }" "$DOC/checkbackport-check.rst" >rst &&
	test -s want &&
	test_cmp want rst
'

# The long options of the manual's OPTIONS section.
test_expect_success 'the manual lists every option' '
	awk "/^OPTIONS\$/ { on = 1; next } on && /^[A-Z]/ { exit } on" manual |
		sed -n "s/^       \\(-[a-zA-Z], \\)\\{0,1\\}\\(--[a-z-]*\\).*/\\2/p" |
		grep -v -x -- -- | sort -u >options &&
	test "$(wc -l <options)" = 24 &&
	grep -x -- --release-pattern options && grep -x -- --no-build options
'

# refuses_option FILE: a line of FILE is a usage error about an option,
# as grep -e "is an option of" -e "unknown or incomplete option" -e
# "give them to .checkbackport index." would find it (read by the shell:
# takes runs some 120 times).
refuses_option () {
	while IFS= read -r line || test -n "$line"
	do
		case $line in
		*"is an option of"* | *"unknown or incomplete option"* | \
		*"give them to "?"checkbackport index"?*)
			printf "%s\n" "$line" && return 0 ;;
		esac
		line=
	done <"$1"
	return 1
}

# takes CMD OPTION: the parser takes OPTION for CMD.  The run then fails
# (the repository does not exist), with status 2 at most and not with a
# usage error about the option.
takes () {
	case "$2" in
	--repo|--index|--mainline|--stable|--branches|--tags|--release-pattern|--since|--tree|--config)
		set -- "$1" "$2" x ;;
	esac &&
	rc=0 &&
	"$CBP_BIN" -C "$TRASH_DIRECTORY/none" "$@" 2>err >/dev/null || rc=$? &&
	test "$rc" -le 2 &&
	! refuses_option err
}

test_expect_success 'every option a synopsis shows is taken by its command' '
	while read -r line
	do
		set -- $line &&
		test "$2" != --help || continue &&
		c=$2 &&
		for w in $(echo "$line" | tr "[]|()" "     ")
		do
			case $w in
			-v) w=--verbose ;;
			--*) ;;
			*) continue ;;
			esac &&
			takes $c $w || { echo "$c does not take $w" && return 1; }
		done
	done <lines
'

test_expect_success 'every other option is refused, saying which command takes it' '
	while read -r line
	do
		set -- $line &&
		test "$2" != --help || continue &&
		c=$2 &&
		shown=$(echo "$line" | tr "[]|()" "     " |
			sed "s/ -v / --verbose /g") &&
		for o in $(cat options)
		do
			case " $COMMON $shown " in
			*" $o "*) continue ;;
			esac &&
			if takes $c $o
			then
				echo "$c takes $o, which its synopsis does not show" &&
				return 1
			fi
		done
	done <lines
'

test_done
