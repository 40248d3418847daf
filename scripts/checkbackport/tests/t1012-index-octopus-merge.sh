#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# no limit on the parents of a commit.  Mainline has a
# merge of 66 parents; commits reachable only through parent 65 and
# later must be indexed, contained and released like any other, in a
# cold build and in an update.

. "$(dirname "$0")/lib-checkbackport.sh"

# octopus N LAST: a merge of HEAD, N-2 new side commits and LAST, in
# that order, each side "side I" on HEAD's tree and the merge "octopus
# of N", dated a tick apart; prints the merge and lists the sides in
# ../SIDES.  One git fast-import makes them all, as git commit-tree
# would (same IDs), on master, which must be the branch checked out.
octopus () {
	read -r octopus_tick_ <"$TRASH/.tick" &&
	octopus_out_=$(perl -MIPC::Open2 -e '
		my ($n, $last, $tick) = @ARGV;
		chomp(my $base = `git rev-parse HEAD`);
		die "no HEAD\n" unless $base =~ /^[0-9a-f]{40}$/;
		my $pid = open2(my $out, my $in, qw(git fast-import --quiet
			--cat-blob-fd=1));
		my $who = sub { "$ENV{$_[0] . \"_NAME\"} <$ENV{$_[0] . \"_EMAIL\"}>" };
		my ($a, $c) = ($who->("GIT_AUTHOR"), $who->("GIT_COMMITTER"));
		my $commit = sub {
			my ($mark, $msg, @merge) = @_;
			$tick += 3600;
			print $in "commit refs/heads/master\nmark :$mark\n",
				"author $a $tick +0000\ncommitter $c $tick +0000\n",
				"data ", length($msg), "\n$msg", "from $base\n",
				map({ "merge $_\n" } @merge), "get-mark :$mark\n";
			$in->flush;
			chomp(my $id = <$out>);
			die "no ID for $msg" unless $id =~ /^[0-9a-f]{40}$/;
			return $id;
		};
		# (a commit of this import is named by its mark)
		my @sides = map { $commit->($_, "side $_\n") } 2 .. $n - 1;
		my $m = $commit->($n, "octopus of $n\n",
				  map({ ":$_" } 2 .. $n - 1), $last);
		close $in;
		waitpid($pid, 0);
		die "git fast-import failed\n" if $?;
		open(my $fh, ">", "../SIDES") or die;
		print $fh "$_\n" for @sides, $last;
		print "$tick $m\n";
	' "$1" "$2" "$octopus_tick_") &&
	echo "${octopus_out_% *}" >"$TRASH/.tick" &&
	echo "${octopus_out_#* }"
}

# The set-up's repository, made with git (and perl) alone
# (test_setup_cached); $sides is what octopus listed in ../SIDES.
setup_repo='
	git init -q repo && cd repo &&
	test_commit "drm: base" && git tag v6.11 &&
	test_commit "drm: fix" && tip >../FIX &&
	git checkout -q -b side v6.11 &&
	test_tick && git cherry-pick -x master >/dev/null &&
	tip >../PICK && git checkout -q master &&
	m=$(octopus 66 "$(cat ../PICK)") && git reset -q --hard "$m" &&
	git branch -D side >/dev/null &&
	git tag v6.12 && git branch linux-6.12.y v6.12 &&
	sides=$(cat ../SIDES)
'

test_expect_success 'set up a 66-parent merge whose last parent is a cherry-pick' '
	test_setup_cached t1012 repo "../FIX ../PICK sides" \
		"$setup_repo" &&
	printf "%s\n" "$sides" >SIDES &&
	cd repo &&
	test "$(git rev-list --parents -1 HEAD | wc -w)" = 67
'

test_expect_success 'a cold build reads every parent of the merge' '
	cd repo && cbp index >../out &&
	test "$(git rev-list --all | wc -l)" = 68 &&
	grep "read 68 new commits (1 citation)" ../out
'

test_expect_success 'parents 65 and 66 are indexed, released and on their branches' '
	cd repo && for c in $(tail -n 2 ../SIDES)
	do
		{ cbp names --json "$c" >../j || test $? = 1; } &&
		test "$(json_get ../j "\$j->{members}[0]{first_release}")" = v6.12 &&
		test "$(json_get ../j "\$j->{members}[0]{branches}")" = "master
linux-6.12.y" || return 1
	done
'

test_expect_success 'the cherry-pick reached only through parent 66 names its original' '
	cd repo && test_expect_code 1 cbp names --json "$(cat ../FIX)" >../j &&
	test "$(json_get ../j "scalar @{\$j->{members}}")" = 2 &&
	test "$(json_get ../j "\$j->{members}[1]{id}")" = "$(cat ../PICK)"
'

test_expect_success 'an update reads a 70-parent merge whole' '
	cd repo && test_commit "drm: after" &&
	git checkout -q -b side2 HEAD~ && test_commit "drm: other" &&
	test_tick && git commit -q --allow-empty -m "drm: fix

(cherry picked from commit $(cat ../FIX))" &&
	last=$(tip) && git checkout -q master && git branch -D side2 >/dev/null &&
	m=$(octopus 70 "$last") && git reset -q --hard "$m" &&
	cbp index >../out && grep "read 72 new commits (1 citation)" ../out &&
	test_expect_code 1 cbp names --json "$(cat ../FIX)" >../j &&
	test "$(json_get ../j "scalar @{\$j->{members}}")" = 3
'

test_done
