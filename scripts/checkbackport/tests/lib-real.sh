# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the tests of histories shaped like public stable branches
# (shapes of public stable histories): sourced after scripts/lib/test-lib.sh, in git's test style.

CBP_DIR=$(cd "$TEST_DIRECTORY/.." && pwd)
CBP_BIN=${CBP_BIN:-$CBP_DIR/checkbackport}

cbp () {
	"$CBP_BIN" -q "$@"
}

# s12 ID: the 12-digit form commands print.
s12 () {
	printf '%.12s\n' "$1"
}

# The helpers below run in the test's shell, not in $(...), so that the
# clock they advance stays advanced; HEAD is the commit they made.

# change FILE LINE SUBJECT [BODY]: append LINE to FILE (its directories
# made if need be) and commit it.
change () {
	test_tick &&
	mkdir -p "$(dirname "$1")" &&
	echo "$2" >>"$1" &&
	git add "$1" &&
	if test $# -gt 3
	then
		git commit -q -m "$3" -m "$4"
	else
		git commit -q -m "$3"
	fi
}

# pick [-x] COMMIT: cherry-pick COMMIT (git keeps its author date).
pick () {
	test_tick &&
	git cherry-pick "$@" >/dev/null
}

# revert COMMIT: git revert COMMIT.
revert () {
	test_tick &&
	git revert --no-edit "$1" >/dev/null
}

# head: the commit HEAD is.
tip () {
	git rev-parse HEAD
}

# json_get FILE PERL-EXPR: evaluate an expression over decoded JSON $j.
json_get () {
	perl -MJSON::PP -0777 -e '
		my $j = JSON::PP->new->decode(scalar <STDIN>);
		my $v = eval $ARGV[0]; die $@ if $@;
		print ref($v) eq "ARRAY" ? join("\n", @$v) : $v, "\n";
	' "$2" <"$1"
}
