#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# missing-truth.pl TRUTH BRANCH JSON: compare "checkbackport missing
# --json" for BRANCH with what gen-repo says it must find (its TRUTH
# file: "BRANCH KIND ALIAS-ONLY ID[,ID...]" per missing commit).  Prints
# "TRUTH ALIAS FOUND EXTRA ALIAS-FOUND ALIAS-WRONG": the commits to find
# and how many of them need another name of a change, the ones found and
# those found that are not to be found, the alias-only ones found, and
# the findings whose alias-only flag is wrong.
use strict;
use warnings;
use JSON::PP;

my ($truth, $branch, $json) = @ARGV;
my (%class_of, %alias);
open(my $t, '<', $truth) or die "$truth: $!\n";
while (<$t>) {
	my ($b, $kind, $a, $ids) = split;
	next unless defined $ids && $b eq $branch;
	$class_of{$_} = $ids for split /,/, $ids;
	$alias{$ids} = $a;
}
close($t);
open(my $j, '<', $json) or die "$json: $!\n";
my $doc = decode_json(do { local $/; <$j> });
close($j);

my ($found, $extra, $alias_found, $alias_wrong) = (0, 0, 0, 0);
my %seen;
for my $m (@{$doc->{missing}}) {
	my $c = $class_of{$m->{commit}{id}};
	if (!defined $c || $seen{$c}++) {
		$extra++;
		next;
	}
	$found++;
	$alias_found++ if $m->{alias_only} && $alias{$c};
	$alias_wrong++ if ($m->{alias_only} ? 1 : 0) != $alias{$c};
}
printf "%d %d %d %d %d %d\n", scalar(keys %alias), scalar(grep { $_ } values %alias),
	$found, $extra, $alias_found, $alias_wrong;
