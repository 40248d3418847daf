#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# make-pack.pl OUT <SPEC: write OUT.pack and OUT.idx (version 2), a pack
# git itself would never make, one entry a line of SPEC in order:
#
#   whole TYPE FILE [ID]  FILE's bytes stored whole as a TYPE (commit,
#                         tree, blob); its ID the git ID of that object
#                         unless ID is given
#   ref ID BASE SIZE      a delta by ID on BASE (in this pack or not)
#                         whose SIZE bytes it copies whole: the object
#                         it makes is its base's
#   ofs ID SIZE           the same, a delta by offset on the entry
#                         just before it
#
# so a test can store a commit at the end of a chain as long as it
# likes, with its base in another pack, or make deltas go round in a
# circle.  The index lists every ID once, with the entry's CRC.

use strict;
use warnings;
use Compress::Zlib qw(compress crc32);
use Digest::SHA qw(sha1 sha1_hex);
use FindBin;
use lib $FindBin::Bin;
use PackEntry qw(%TYPE header back_offset delta);

my ($out) = @ARGV;
die "usage: make-pack.pl OUT <SPEC\n" unless defined $out;

my $pack = '';
my @entries;
my $line = 0;

while (<STDIN>) {
	my @f = split;
	my ($id, $body);
	my $off = 12 + length $pack;

	$line++;
	next unless @f;
	if ($f[0] eq 'whole' && (@f == 3 || @f == 4)) {
		my $code = $f[1] =~ /^(commit|tree|blob|tag)$/ && $TYPE{$f[1]};
		open my $fh, '<:raw', $f[2] or die "make-pack.pl: $f[2]: $!\n";
		my $data = do { local $/; <$fh> };

		die "make-pack.pl: line $line: no type $f[1]\n" unless $code;
		$id = $f[3] //
			sha1_hex("$f[1] " . length($data) . "\0" . $data);
		$body = header($code, length $data) . compress($data);
	} elsif ($f[0] eq 'ref' && @f == 4) {
		my $d = delta($f[3], '');

		$id = $f[1];
		$body = header($TYPE{ref}, length $d) . pack('H40', $f[2]) .
			compress($d);
	} elsif ($f[0] eq 'ofs' && @f == 3 && @entries) {
		my $d = delta($f[2], '');

		$id = $f[1];
		$body = header($TYPE{ofs}, length $d) .
			back_offset($off - $entries[-1]{off}) . compress($d);
	} else {
		die "make-pack.pl: line $line: cannot read \"$_\"\n";
	}
	die "make-pack.pl: line $line: not an ID: $id\n"
		unless $id =~ /^[0-9a-f]{40}$/;
	push @entries, { id => $id, off => $off, crc => crc32($body) };
	$pack .= $body;
}

$pack = 'PACK' . pack('NN', 2, scalar @entries) . $pack;
my $pack_sum = sha1($pack);
my @sorted = sort { $a->{id} cmp $b->{id} } @entries;
my @fanout = (0) x 256;
my %seen;

for my $e (@sorted) {
	die "make-pack.pl: $e->{id} twice\n" if $seen{$e->{id}}++;
	$fanout[$_]++ for hex(substr($e->{id}, 0, 2)) .. 255;
}
my $idx = "\377tOc" . pack('N', 2) . pack('N256', @fanout) .
	join('', map { pack('H40', $_->{id}) } @sorted) .
	pack('N*', map { $_->{crc} } @sorted) .
	pack('N*', map { $_->{off} } @sorted) . $pack_sum;
$idx .= sha1($idx);

for (["$out.pack", $pack . $pack_sum], ["$out.idx", $idx]) {
	open my $fh, '>:raw', $_->[0] or die "make-pack.pl: $_->[0]: $!\n";
	print $fh $_->[1] or die "make-pack.pl: $_->[0]: $!\n";
	close $fh or die "make-pack.pl: $_->[0]: $!\n";
}
