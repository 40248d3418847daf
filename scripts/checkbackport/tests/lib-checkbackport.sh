# SPDX-License-Identifier: GPL-2.0
#
# What every checkbackport test script sources: the project's test
# library (scripts/lib/test-lib.sh, git's semantics: see its header) and
# the helpers these tests share to build repositories with plain git and
# run the tool.
#
#	. "$(dirname "$0")/lib-checkbackport.sh"

case $0 in
*/*)	. "${0%/*}/../../lib/test-lib.sh" ;;
*)	. ../../lib/test-lib.sh ;;
esac

CBP_DIR=$(cd "$TEST_DIRECTORY/.." && pwd)
CBP_BIN=${CBP_BIN:-$CBP_DIR/checkbackport}
TRASH=$TRASH_DIRECTORY
echo 1200000000 >"$TRASH/.tick"

# EXPENSIVE: tests that cost far more than they add to a check loop run
# on every change (real kernel builds no earlier run can have kept, an
# index rebuilt from scratch after every step), as git's prerequisite of
# that name.  make check skips them, saying so; make validate runs them
# (its sanitizer run of this suite sets CBP_TEST_EXPENSIVE), as does
# `make -C scripts/checkbackport check EXPENSIVE=1`.
if test -n "${CBP_TEST_EXPENSIVE:-}"
then
	test_set_prereq EXPENSIVE
fi

# test_tick: advance the commit dates by an hour.  The clock is a file,
# so that a tick in a subshell (a repository built in one) still counts.
test_tick () {
	read -r test_tick_ <"$TRASH/.tick" &&
	test_tick_=$((test_tick_ + 3600)) &&
	echo "$test_tick_" >"$TRASH/.tick" &&
	GIT_AUTHOR_DATE="$test_tick_ +0000" &&
	GIT_COMMITTER_DATE="$test_tick_ +0000" &&
	export GIT_AUTHOR_DATE GIT_COMMITTER_DATE
}

# test_commit SUBJECT [BODY]: commit a new file.
test_commit () {
	test_tick &&
	f=f.$test_tick_ &&
	echo "$1" >"$f" &&
	git add "$f" &&
	if test $# -gt 1
	then
		git commit -q -m "$1" -m "$2"
	else
		git commit -q -m "$1"
	fi
}

# test_change FILE LINE SUBJECT [BODY]: append LINE to FILE (made with
# its directories if need be) and commit it.  (Without a process when
# the directory is there: the suite makes a few hundred changes.)
test_change () {
	test_tick &&
	case $1 in
	*/*) test -d "${1%/*}/" || mkdir -p "${1%/*}/" ;;
	esac &&
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
	test_tick &&
	git cherry-pick -x "$1" >/dev/null
}

# tip: the commit HEAD is, as git rev-parse HEAD gives it.  Read from
# .git without a process where HEAD is detached or names a loose ref (a
# repository a test has just committed to: the suite asks some 400
# times, and a git costs 4 ms here); git answers anything else.
tip () {
	tip_=
	if test -z "${GIT_DIR:-}" && test -f .git/HEAD
	then
		read -r tip_ <.git/HEAD || tip_=
		case $tip_ in
		"ref: refs/"*)
			tip_=${tip_#ref: } &&
			case $tip_ in
			*..* | *[!A-Za-z0-9_./-]*) tip_= ;;
			*) read -r tip_ 2>/dev/null <".git/$tip_" || tip_= ;;
			esac ;;
		esac
	fi
	case ${#tip_}:$tip_ in
	40:*[!0-9a-f]* | 64:*[!0-9a-f]*) ;;
	40:* | 64:*) echo "$tip_" && return ;;
	esac
	git rev-parse HEAD
}

cbp () {
	"$CBP_BIN" -q "$@"
}

# s12 ID: the 12-digit form commands print.
s12 () {
	printf '%.12s\n' "$1"
}

# test_fixture NAME DIR BUILDER: "BUILDER DIR", which makes DIR and
# DIR.ids and advances the clock, but once for all the runs of
# run-tests.sh with the same test libraries and git: the first script to
# need the fixture builds it and leaves a copy in $CBP_FIXTURES, the
# next ones copy it.  The clock it started from is part of its name, so
# a copy is exactly what the builder would make.
test_fixture () {
	read -r test_fixture_ <"$TRASH/.tick" &&
	test_fixture_=$CBP_FIXTURES/$1-$test_fixture_ &&
	if test -z "$CBP_FIXTURES"
	then
		"$3" "$2"
	elif test -d "$test_fixture_"
	then
		cp -pR "$test_fixture_/dir" "$2" &&
		cp -p "$test_fixture_/ids" "$2.ids" &&
		cp -p "$test_fixture_/tick" "$TRASH/.tick"
	else
		"$3" "$2" &&
		mkdir "$test_fixture_.$$" &&
		cp -pR "$2" "$test_fixture_.$$/dir" &&
		cp -p "$2.ids" "$test_fixture_.$$/ids" &&
		cp -p "$TRASH/.tick" "$test_fixture_.$$/tick" &&
		# another script may have made it meanwhile: keep either
		{ mv -T "$test_fixture_.$$" "$test_fixture_" 2>/dev/null ||
		  rm -rf "$test_fixture_.$$"; }
	fi
}

# test_setup_cached NAME DIR VARS BODY, in the trash directory: evaluate
# BODY, a set-up's commands that make the repository DIR with git alone,
# in a subshell, and set the shell variables of the list VARS as it left
# them (a word ../FILE of VARS: the one-line file BODY wrote there from
# DIR); but through test_fixture, once for all the runs of run-tests.sh
# with the same test libraries, git and script (BODY may call the
# script's own helpers).  The clock, and the commit dates if BODY ticked
# it, are left as BODY would have left them here.  BODY's && chain is
# linted as a test's.  (Building a set-up's repository is much of a
# script's time, a git command at 4 ms and more; a copy costs a few cp.)
test_setup_cached () {
	test "$PWD" = "$TRASH" || BUG "test_setup_cached $1 outside $TRASH"
	test_chain_ok_ "$4" || BUG "broken &&-chain in the set-up $1"
	test_setup_sum_=$({ printf '%s\n%s\n' "$3" "$4" &&
		cat "$TEST_DIRECTORY/${0##*/}"; } | cksum) &&
	test_setup_vars_=$3 &&
	test_setup_body_=$4 &&
	read -r test_setup_tick_ <"$TRASH/.tick" &&
	test_fixture "$1-${test_setup_sum_%% *}" "$2" test_setup_build_ &&
	. "./$2.ids" &&
	read -r test_tick_ <"$TRASH/.tick" &&
	if test "$test_tick_" != "$test_setup_tick_"
	then
		GIT_AUTHOR_DATE="$test_tick_ +0000" &&
		GIT_COMMITTER_DATE="$test_tick_ +0000" &&
		export GIT_AUTHOR_DATE GIT_COMMITTER_DATE
	fi
}

test_setup_build_ () {
	(
		eval "$test_setup_body_" &&
		cd "$TRASH" &&
		for test_setup_var_ in $test_setup_vars_
		do
			case $test_setup_var_ in
			../*)
				test_setup_file_=${test_setup_var_#../} &&
				{
					IFS= read -r test_setup_val_ &&
					! IFS= read -r test_setup_more_
				} <"$test_setup_file_" ||
				BUG "$test_setup_file_ is not one line" ;;
			*)
				eval "test_setup_val_=\${$test_setup_var_?}" ;;
			esac &&
			case $test_setup_val_ in
			*"'"* | *\\*) BUG "a quote or backslash in $test_setup_var_" ;;
			esac &&
			case $test_setup_var_ in
			../*) echo "echo '$test_setup_val_' >'$test_setup_file_'" ;;
			*) echo "$test_setup_var_='$test_setup_val_'" ;;
			esac || exit 1
		done >"$1.ids"
	)
}

# The demonstration repositories of make validate, as test_fixture
# builders (DIR and DIR.ids): with what came after the posting, and as
# posted.  What they are depends on make-demo-repo and git only.  The
# first is built twice, seconds apart and in two places, and the IDs of
# the second build kept in DIR/.git/again.ids, where t2030 compares
# them: a build gives the same IDs each time, proven once for each
# fixture, not in every run that copies it.
CBP_DEMO=$CBP_DIR/demo/make-demo-repo

demo_build () {
	"$CBP_DEMO" "$1" >"$1.ids" &&
	"$CBP_DEMO" "$1.again" >"$1/.git/again.ids" &&
	rm -rf "$1.again"
}

posted_build () {
	"$CBP_DEMO" --as-posted "$1" >"$1.ids"
}

# json_get FILE PERL-EXPR: evaluate an expression over decoded JSON $j.
# JSON::XS (libjson-xs-perl): the suite calls this some 160 times, and
# loading JSON::PP costs 17 ms more a call here.
json_get () {
	# Not a write to a server gone (dead, or a zombie nobody reaps):
	# its SIGPIPE would end the script.
	json_get_state_=
	test -z "${CBP_JSON_SERVER_:-}" ||
		read -r _ _ json_get_state_ _ 2>/dev/null \
			<"/proc/$CBP_JSON_SERVER_/stat"
	case $json_get_state_ in
	'' | Z | X)
		perl -MJSON::XS -0777 -e "$json_get_perl_" -- "$2" <"$1"
		return ;;
	esac
	case $1 in
	/*) json_get_file_=$1 ;;
	*) json_get_file_=$PWD/$1 ;;
	esac &&
	printf '%s %s\n%s%s' "${#json_get_file_}" "${#2}" \
		"$json_get_file_" "$2" >&8 &&
	read -r json_get_status_ json_get_err_ json_get_out_ <&9 &&
	if test "$json_get_status_" = -
	then
		perl -MJSON::XS -0777 -e "$json_get_perl_" -- "$2" <"$1"
		return
	fi &&
	while test "$json_get_err_" -gt 0
	do
		IFS= read -r json_get_line_ <&9 || return 1
		printf '%s\n' "$json_get_line_" >&2
		json_get_err_=$((json_get_err_ - 1))
	done &&
	while test "$json_get_out_" -gt 0
	do
		IFS= read -r json_get_line_ <&9 || return 1
		printf '%s\n' "$json_get_line_"
		json_get_out_=$((json_get_out_ - 1))
	done &&
	return "$json_get_status_"
}

# What json_get runs, on standard input and the expression in @ARGV,
# printing to standard output.  json_get_answer ($text, $expr) gives the
# exit status, the warnings and what is printed.
json_get_perl_='
	sub json_get_eval {
		my $j = $_[0];
		return eval $_[1];
	}
	sub json_get_answer {
		my ($text, $expr) = @_;
		my @warn;
		local $SIG{__WARN__} = sub { push @warn, $_[0] };
		my $j = eval { JSON::XS->new->decode($text) };
		return (255, join("", @warn, $@), "") if $@;
		my $v = json_get_eval($j, $expr);
		return (255, join("", @warn, $@), "") if $@;
		my $out = (ref($v) eq "ARRAY" ? join("\n", @$v) : $v) . "\n";
		# as print to a handle without layers writes it
		if ($out =~ /[^\x00-\xff]/) {
			push @warn, "Wide character in print\n";
			utf8::encode($out);
		} else {
			utf8::downgrade($out);
		}
		return (0, join("", @warn), $out);
	}
	if (@ARGV) {
		my ($status, $err, $out) = json_get_answer(scalar <STDIN>, $ARGV[0]);
		print STDERR $err;
		print $out;
		exit $status;
	}
	# The server: "FILE-LENGTH EXPR-LENGTH\nFILEEXPR" in, "STATUS
	# ERR-LINES OUT-LINES\n" and the lines out (or "- 0 0\n": ask a
	# perl of your own), until the script ends.
	$| = 1;
	while (defined(my $head = <STDIN>)) {
		my ($flen, $elen) = $head =~ /^([0-9]+) ([0-9]+)\n\z/
			or die "json_get: a bad request: $head";
		my $req = "";
		while (length($req) < $flen + $elen) {
			read(STDIN, $req, $flen + $elen - length($req), length($req))
				or die "json_get: a request cut short\n";
		}
		my ($file, $expr) = (substr($req, 0, $flen), substr($req, $flen));
		my ($status, $err, $out);
		if (open(my $fh, "<", $file)) {
			local $/;
			($status, $err, $out) = json_get_answer(scalar <$fh>, $expr);
		} else {
			($status, $err, $out) = (2, "json_get: cannot open $file: $!\n", "");
		}
		$err .= "\n" if $err ne "" && $err !~ /\n\z/;
		# a NUL byte, which the shell cannot read: json_get asks
		# a perl of its own
		if ("$err$out" =~ /\0/) {
			print "- 0 0\n";
			next;
		}
		printf "%d %d %d\n%s%s", $status, ($err =~ tr/\n//),
			($out =~ tr/\n//), $err, $out;
	}
'

# One perl answers every json_get of a script that has any (loading
# JSON::XS is most of a call's 14 ms here): started now, for the shell
# that runs the tests, where its pipes stay open for them all, and ended
# by their end, the script's.  It is no child of that shell, whose
# tests may wait for theirs.  Without it, json_get runs a perl a call.
CBP_JSON_SERVER_=
if grep -q json_get "$TEST_DIRECTORY/${0##*/}" 2>/dev/null &&
	mkfifo "$TRASH/.json-in" "$TRASH/.json-out"
then
	# (Its pipes opened by the child, after it is started: opening one
	# waits for the other end.)
	(
		perl -MJSON::XS -e "$json_get_perl_" \
			<"$TRASH/.json-in" >"$TRASH/.json-out" &
		echo $! >"$TRASH/.json-pid"
	) &&
	read -r CBP_JSON_SERVER_ <"$TRASH/.json-pid" &&
	exec 8>"$TRASH/.json-in" 9<"$TRASH/.json-out" ||
		CBP_JSON_SERVER_=
fi
