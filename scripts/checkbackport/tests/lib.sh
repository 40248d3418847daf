# SPDX-License-Identifier: GPL-2.0
#
# A small test library in the style of git's t/test-lib.sh, printing TAP.
# Each test script sources it, builds its own repositories with plain git
# in a scratch directory, and ends with test_done.

CBP_DIR=$(cd "$(dirname "$0")/.." && pwd)
CBP_BIN=${CBP_BIN:-$CBP_DIR/checkbackport}
test_count=0
test_failed=0

TRASH=$(mktemp -d "${TMPDIR:-/tmp}/cbp-test.XXXXXX") || exit 1
trap 'test -n "$CBP_KEEP" || rm -rf "$TRASH"' EXIT
cd "$TRASH" || exit 1

# Reproducible git: no user or system config, fixed identities.
HOME=$TRASH
XDG_CONFIG_HOME=$TRASH/.config
GIT_CONFIG_NOSYSTEM=1
GIT_AUTHOR_NAME='A U Thor'
GIT_AUTHOR_EMAIL=author@example.com
GIT_COMMITTER_NAME='C O Mitter'
GIT_COMMITTER_EMAIL=committer@example.com
export HOME XDG_CONFIG_HOME GIT_CONFIG_NOSYSTEM GIT_AUTHOR_NAME \
	GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE
git config --global init.defaultBranch master
git config --global advice.detachedHead false
echo 1200000000 >"$TRASH/.tick"

# Advance the clock so that author dates order the commits.
test_tick () {
	t=$(($(cat "$TRASH/.tick") + 3600))
	echo $t >"$TRASH/.tick"
	GIT_AUTHOR_DATE="$t +0000"
	GIT_COMMITTER_DATE="$t +0000"
	export GIT_AUTHOR_DATE GIT_COMMITTER_DATE
}

# test_commit SUBJECT [BODY]: commit a new file; prints nothing.
test_commit () {
	test_tick
	f=f.$(cat "$TRASH/.tick")
	echo "$1" >"$f"
	git add "$f" &&
	if test $# -gt 1
	then
		git commit -q -m "$1" -m "$2"
	else
		git commit -q -m "$1"
	fi
}

# test_change FILE LINE SUBJECT [BODY]: append LINE to FILE (made with
# its directories if need be) and commit it.
test_change () {
	test_tick &&
	mkdir -p "$(dirname "$1")" &&
	echo "$2" >>"$1" && git add "$1" &&
	if test $# -gt 3
	then
		git commit -q -m "$3" -m "$4"
	else
		git commit -q -m "$3"
	fi
}

# test_pick COMMIT: cherry-pick -x with a fresh date.
test_pick () {
	test_tick
	git cherry-pick -x "$1" >/dev/null
}

cbp () {
	"$CBP_BIN" -q "$@"
}

# json_get FILE PERL-EXPR: evaluate an expression over decoded JSON $j.
json_get () {
	perl -MJSON::PP -0777 -e '
		my $j = JSON::PP->new->decode(scalar <STDIN>);
		my $v = eval $ARGV[0]; die $@ if $@;
		print ref($v) eq "ARRAY" ? join("\n", @$v) : $v, "\n";
	' "$2" <"$1"
}

test_expect_success () {
	test_count=$((test_count + 1))
	if (set -e; eval "$2") >"$TRASH/.out" 2>&1
	then
		echo "ok $test_count - $1"
	else
		test_failed=$((test_failed + 1))
		echo "not ok $test_count - $1"
		sed -e 's/^/#	/' "$TRASH/.out"
	fi
}

test_skip () {
	test_count=$((test_count + 1))
	echo "ok $test_count # skip $1 ($2)"
}

test_done () {
	echo "1..$test_count"
	test "$test_failed" = 0
}

# test_exit_code N CMD...: CMD must exit with status N.
test_exit_code () {
	want=$1
	shift
	got=0
	"$@" || got=$?
	if test "$got" != "$want"
	then
		echo "exit status $got, expected $want: $*" >&2
		return 1
	fi
}
