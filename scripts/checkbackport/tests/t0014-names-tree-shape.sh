#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# the names tree.  Every member appears once, under a
# member it cites or that cites it, with one root; IDs absent from the
# repository are leaves, unless they are all that joins the rest (then
# the one shared is the root, the original).  The text tree and --json
# say the same.  Missing IDs at every position of a chain, two or three
# in one message, and chains longer than any fixed depth.

. "$(dirname "$0")/lib-checkbackport.sh"

X1=1111111111111111111111111111111111111111
X2=2222222222222222222222222222222222222222
X3=3333333333333333333333333333333333333333

# check_tree ID: names ID as text and as JSON describe the same tree,
# each member once, each under a member it cites or that cites it;
# prints "abbrev<TAB>parent-abbrev" per member, text order.
check_tree () {
	cbp index >/dev/null &&
	{ cbp names "$1" >"$TRASH/text" || test $? = 1; } &&
	{ cbp names --json "$1" >"$TRASH/json" || test $? = 1; } &&
	perl -MJSON::PP -e '
		my ($tf, $jf) = @ARGV;
		local $/;
		open(my $fh, "<", $jf) or die; my $j = JSON::PP->new->decode(<$fh>);
		open($fh, "<", $tf) or die; my @lines = split /\n/, <$fh>;
		my @m = @{$j->{members}}; my (%by, %cites);
		for my $x (@m) {
			die "twice: $x->{id}\n" if $by{$x->{id}}++;
			$cites{$x->{id}}{$_->{resolves_to}} = 1 for @{$x->{citations}};
		}
		die "first member is not the root\n" if defined $m[0]{parent};
		for my $x (@m[1 .. $#m]) {
			my ($c, $p) = ($x->{id}, $x->{parent});
			die "$c has no parent\n" unless defined $p;
			die "$c: parent $p is not a member\n" unless $by{$p};
			die "$c is under $p, which neither cites it nor is cited by it\n"
				unless $cites{$c}{$p} || $cites{$p}{$c};
		}
		# The text: member lines, depth by prefix, parent by depth.
		my (@stack, @got);
		for (@lines) {
			next unless /^((?:[|` ]   )*)(?:[|`]-- )?([0-9a-f]{7,12})\b/;
			my ($pre, $id) = ($1, $2);
			my $d = length($pre) / 4 + (/^(?:[|` ]   )*[|`]-- / ? 1 : 0);
			$stack[$d] = $id; $#stack = $d;
			push @got, [$id, $d ? $stack[$d - 1] : "-"];
		}
		die "text has ", scalar @got, " members, JSON ", scalar @m, "\n"
			unless @got == @m;
		my %by12 = map { substr($_->{id}, 0, 12) => $_ } @m;
		for my $g (@got) {
			my $x = $by12{$g->[0]} or die "text member $g->[0] not in JSON\n";
			my $p = defined $x->{parent} ? substr($x->{parent}, 0, 12) : "-";
			die "text puts $g->[0] under $g->[1], JSON under $p\n"
				unless $p eq $g->[1];
			print "$g->[0]\t$g->[1]\n";
		}
	' "$TRASH/text" "$TRASH/json"
}

# under ID PARENT: in the last check_tree output, ID hangs under PARENT.
under () {
	grep -q "^$(s12 "$1")	$(s12 "$2")\$" "$TRASH/tree" || {
		echo "$1 is not under $2:" >&2
		cat "$TRASH/text" >&2
		return 1
	}
}

test_expect_success 'a commit citing two IDs this repository lacks: they are leaves' '
	git init -q repo && cd repo && test_commit "drm: base" &&
	test_commit "drm/xe: backport" "commit $X1 upstream.

(cherry picked from commit $X2)" && tip >../A &&
	check_tree HEAD >../tree && test "$(wc -l <../tree)" = 3 &&
	under "$(cat ../A)" - && under $X1 "$(cat ../A)" && under $X2 "$(cat ../A)"
'

test_expect_success 'three missing, one of them cited twice in the message' '
	git init -q three && cd three && test_commit "drm: base" &&
	test_commit "drm/xe: three" "commit $X1 upstream.

(cherry picked from commit $X2)
(cherry picked from commit $X3)
(backported from commit $X1)" && h=$(tip) &&
	check_tree HEAD >../tree && test "$(wc -l <../tree)" = 4 &&
	under "$h" - && under $X1 "$h" && under $X2 "$h" && under $X3 "$h"
'

test_expect_success 'missing at the end, in the middle and at the start of a chain' '
	git init -q chain && cd chain && test_commit "drm: base" &&
	test_commit "drm/xe: fix" && c1=$(tip) &&
	test_commit "drm/xe: fix" "(cherry picked from commit $c1)" && c2=$(tip) &&
	test_commit "drm/xe: fix" "commit $c1 upstream.

(cherry picked from commit $c2)
(cherry picked from commit $X1)" && c3=$(tip) &&
	check_tree "$c2" >../tree && under "$c1" - && under "$c2" "$c1" &&
	under "$c3" "$c2" && under $X1 "$c3" &&
	test_commit "drm/xe: fix" "(cherry picked from commit $X2)
commit $c1 upstream." && c4=$(tip) &&
	test_commit "drm/xe: fix" "(cherry picked from commit $X2)" && c5=$(tip) &&
	check_tree "$c5" >../tree && under "$c4" "$c1" && under $X2 "$c4" &&
	under "$c5" $X2 &&
	git checkout -q --orphan other && git rm -q -rf . &&
	test_commit "drm/amd: pick" "(cherry picked from commit $X3)" && c6=$(tip) &&
	test_commit "drm/amd: pick" "(cherry picked from commit $X3)" && c7=$(tip) &&
	check_tree "$c7" >../tree && under $X3 - && under "$c6" $X3 && under "$c7" $X3
'

# hops N: N commits on master after HEAD, each as test_commit "drm: hop"
# "(cherry picked from commit PREVIOUS)" makes it, by one git
# fast-import (asked each new commit's ID) instead of three processes a
# commit.
hops () {
	read -r hops_tick_ <"$TRASH/.tick" &&
	hops_tick_=$(perl -MIPC::Open2 -e '
		my ($n, $tick) = @ARGV;
		chomp(my $prev = `git rev-parse HEAD`);
		die "no HEAD\n" unless $prev =~ /^[0-9a-f]{40}$/;
		my $pid = open2(my $out, my $in, qw(git fast-import --quiet
			--cat-blob-fd=1));
		my $who = sub { "$ENV{$_[0] . \"_NAME\"} <$ENV{$_[0] . \"_EMAIL\"}>" };
		my ($a, $c) = ($who->("GIT_AUTHOR"), $who->("GIT_COMMITTER"));
		for my $i (1 .. $n) {
			$tick += 3600;
			my $msg = "drm: hop\n\n(cherry picked from commit $prev)\n";
			my $file = "drm: hop\n";
			print $in "commit refs/heads/master\nmark :$i\n",
				"author $a $tick +0000\ncommitter $c $tick +0000\n",
				"data ", length($msg), "\n$msg",
				$i == 1 ? "from $prev\n" : "",
				"M 100644 inline f.$tick\ndata ", length($file),
				"\n$file\nget-mark :$i\n";
			$in->flush;
			chomp($prev = <$out>);
			die "no ID for commit $i\n" unless $prev =~ /^[0-9a-f]{40}$/;
		}
		close $in;
		waitpid($pid, 0);
		die "git fast-import failed\n" if $?;
		print "$tick\n";
	' "$1" "$hops_tick_") &&
	echo "$hops_tick_" >"$TRASH/.tick"
}

test_expect_success 'a chain deeper than 64 is drawn to its end' '
	git init -q deep && cd deep && test_commit "drm: hop" &&
	hops 80 &&
	check_tree HEAD >../tree && test "$(wc -l <../tree)" = 81 &&
	grep -c "^ *\`-- " ../text >../n && test "$(cat ../n)" = 80
'

test_done
